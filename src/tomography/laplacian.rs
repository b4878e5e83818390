//! ‖ΔA‖²: the squared 5-point discrete Laplacian of a matrix, zero outside the board
//! ("Battleship, tomography and quantum annealing", section 3.1). Fleets sit at the low end of its distribution.

use crate::geometry::BinaryMatrix;

/// Σ over cells of (4 a(j,k) − a(j−1,k) − a(j+1,k) − a(j,k−1) − a(j,k+1))².
pub fn laplacian_energy(m: &BinaryMatrix) -> u64 {
    let (rows, cols) = (m.rows() as isize, m.cols() as isize);
    let at = |r: isize, c: isize| -> i64 {
        (r >= 0 && c >= 0 && r < rows && c < cols && m.get(r as usize, c as usize)) as i64
    };
    let mut total = 0u64;
    for r in 0..rows {
        for c in 0..cols {
            let v = 4 * at(r, c) - at(r - 1, c) - at(r + 1, c) - at(r, c - 1) - at(r, c + 1);
            total += (v * v) as u64;
        }
    }
    total
}

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
