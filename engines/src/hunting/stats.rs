//! What a strategy's games add up to: mean with a 95 % confidence interval,
//! median, quartiles, extremes, and the share of games won by each shot count
//! (the cumulative curve DataGenetics drew).

/// Summary of shots-to-sink over games.
#[derive(Clone, Debug, PartialEq)]
pub struct ShotStats {
    pub games: usize,
    pub mean: f64,
    /// Half-width of the 95 % confidence interval of the mean (Student's t
    /// standard errors: 1.96 for many games, 2.78 for five).
    pub ci95: f64,
    pub median: f64,
    pub quartiles: (f64, f64),
    pub min: u32,
    pub max: u32,
}

impl ShotStats {
    pub fn of(shots: &[u32]) -> Option<ShotStats> {
        if shots.is_empty() {
            return None;
        }
        let n = shots.len() as f64;
        let mean = shots.iter().map(|&s| f64::from(s)).sum::<f64>() / n;
        let var = if shots.len() > 1 {
            shots.iter().map(|&s| (f64::from(s) - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        let mut sorted = shots.to_vec();
        sorted.sort_unstable();
        Some(ShotStats {
            games: shots.len(),
            mean,
            ci95: t_975(shots.len().saturating_sub(1)) * (var / n).sqrt(),
            median: quantile(&sorted, 0.5),
            quartiles: (quantile(&sorted, 0.25), quantile(&sorted, 0.75)),
            min: sorted[0],
            max: sorted[sorted.len() - 1],
        })
    }
}

/// Student's t at 0.975 with `df` degrees of freedom: a table to 30, then
/// the Cornish–Fisher expansion around the normal's 1.96 (within 0.001).
pub fn t_975(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    ];
    if df == 0 {
        return 0.0;
    }
    if df <= 30 {
        return TABLE[df - 1];
    }
    let (z, d): (f64, f64) = (1.959_963_985, df as f64);
    z + (z.powi(3) + z) / (4.0 * d) + (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / (96.0 * d * d)
}

/// The q-quantile of sorted data, interpolating between neighbours.
pub fn quantile(sorted: &[u32], q: f64) -> f64 {
    let pos = q * (sorted.len() - 1) as f64;
    let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
    let frac = pos - lo as f64;
    f64::from(sorted[lo]) * (1.0 - frac) + f64::from(sorted[hi]) * frac
}

/// The share of games finished within s shots, for s = 0..=max.
pub fn cumulative_share(shots: &[u32]) -> Vec<[f64; 2]> {
    let max = shots.iter().copied().max().unwrap_or(0) as usize;
    let mut count = vec![0usize; max + 1];
    for &s in shots {
        count[s as usize] += 1;
    }
    let n = shots.len().max(1) as f64;
    let mut acc = 0;
    count
        .iter()
        .enumerate()
        .map(|(s, &c)| {
            acc += c;
            [s as f64, acc as f64 / n]
        })
        .collect()
}
