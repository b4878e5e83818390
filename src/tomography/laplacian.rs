//! ‖ΔA‖²: the squared 5-point discrete Laplacian of a matrix, zero outside the board
//! (seed 000, section 3.1). Fleets sit at the low end of its distribution.

use super::BinaryMatrix;

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

/// Counts per integer value from `min` to `max` (inclusive).
pub fn histogram(values: &[u64]) -> Vec<(u64, usize)> {
    let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) else {
        return Vec::new();
    };
    let mut counts = vec![0usize; (hi - lo + 1) as usize];
    for &v in values {
        counts[(v - lo) as usize] += 1;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(i, n)| (lo + i as u64, n))
        .collect()
}
