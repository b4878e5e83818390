//! Statistics of ‖ΔA‖² over sets of matrices (the walk histograms of "Battleship,
//! tomography and quantum annealing", Figure 5). The energy itself lives in
//! `geometry::laplacian` because the QUBO models need it too.

/// Mean and standard deviation (population) of a sample.
pub fn gaussian_fit(values: &[f64]) -> (f64, f64) {
    let n = values.len().max(1) as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n;
    (mean, var.sqrt())
}

/// The step the values take: the gcd of their differences (1 for a single value).
/// For a fixed X-ray every ‖ΔA‖² has the same parity, so the step is at least 2
/// and a histogram with unit bins would leave every other bin empty.
pub fn value_step(values: &[u64]) -> u64 {
    let Some(&lo) = values.iter().min() else { return 1 };
    let g = values.iter().fold(0u64, |g, &v| gcd(g, v - lo));
    g.max(1)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Counts per value from `min` to `max` in steps of [`value_step`]: every bin
/// is a value the data can take.
pub fn histogram(values: &[u64]) -> Vec<(u64, usize)> {
    let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) else {
        return Vec::new();
    };
    let step = value_step(values);
    let mut counts = vec![0usize; ((hi - lo) / step + 1) as usize];
    for &v in values {
        counts[((v - lo) / step) as usize] += 1;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(i, n)| (lo + i as u64 * step, n))
        .collect()
}
