//! Simulated annealing: single-flip Metropolis sweeps over the variables in
//! index order, β rising geometrically from the hot to the cold end.
//!
//! The default β range follows dwave-samplers' `default_beta_range`
//! (`_default_ising_beta_range`, with the count factor off): at the hot end
//! even the largest possible flip is accepted with probability ½,
//! β_hot = ln 2 / max_i 2(|h_i| + Σ_j |J_ij|); at the cold end the smallest
//! gap is accepted with probability 1 %, β_cold = ln 100 / (2 min |h_i|, |J_ij|),
//! in the model's Ising form (2(|h_i| + Σ|J_ij|) is exactly the largest energy
//! change a flip of i can make).

use crate::qubo::Qubo;
use serde::{Deserialize, Serialize};

/// Simulated annealing settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AnnealParams {
    /// Sweeps per read (each sweep proposes every variable once).
    pub sweeps: usize,
    /// (β_hot, β_cold); `None` chooses it from the model (see [`default_beta_range`]).
    pub beta: Option<(f64, f64)>,
}

impl Default for AnnealParams {
    fn default() -> Self {
        AnnealParams {
            sweeps: 1000,
            beta: None,
        }
    }
}

/// Coefficients below this are taken as zero when choosing β (rounding noise
/// would make the cold end absurdly cold).
const ZERO: f64 = 1e-9;

/// (β_hot, β_cold) as dwave-samplers chooses it (see the module comment).
pub fn default_beta_range(q: &Qubo) -> (f64, f64) {
    let ising = q.to_ising();
    let mut field: Vec<f64> = ising.h.iter().map(|h| h.abs()).collect();
    let mut min_abs = f64::INFINITY;
    for h in &ising.h {
        if h.abs() > ZERO {
            min_abs = min_abs.min(h.abs());
        }
    }
    for &(i, j, w) in &ising.j {
        field[i] += w.abs();
        field[j] += w.abs();
        if w.abs() > ZERO {
            min_abs = min_abs.min(w.abs());
        }
    }
    let max_field = field.iter().copied().fold(0.0, f64::max);
    if max_field <= ZERO || !min_abs.is_finite() {
        return (0.1, 1.0);
    }
    let hot = 2f64.ln() / (2.0 * max_field);
    let cold = 100f64.ln() / (2.0 * min_abs);
    (hot, cold.max(hot))
}

/// β for each sweep: geometric from hot to cold (just the cold end for one
/// sweep). Computed when asked: as a list, 10⁸ sweeps would take 800 MB.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    start: f64,
    ratio: f64,
    sweeps: usize,
}

impl Schedule {
    pub fn geometric((hot, cold): (f64, f64), sweeps: usize) -> Schedule {
        let (start, ratio) = match sweeps {
            0 | 1 => (cold, 1.0),
            n => (hot, (cold / hot).powf(1.0 / (n - 1) as f64)),
        };
        Schedule { start, ratio, sweeps }
    }

    pub fn len(&self) -> usize {
        self.sweeps
    }

    pub fn is_empty(&self) -> bool {
        self.sweeps == 0
    }

    /// β of sweep `k` (counted from 0).
    pub fn beta(&self, k: usize) -> f64 {
        self.start * self.ratio.powi(k as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::qubo::QuboBuilder;

    #[test]
    fn schedule_runs_from_hot_to_cold() {
        let schedule = Schedule::geometric((0.1, 10.0), 5);
        assert_eq!(schedule.len(), 5);
        let s: Vec<f64> = (0..5).map(|k| schedule.beta(k)).collect();
        assert!((s[0] - 0.1).abs() < 1e-12 && (s[4] - 10.0).abs() < 1e-9);
        assert!(s.windows(2).all(|w| w[1] > w[0]));
    }

    #[test]
    fn beta_range_of_a_small_model() {
        // E = x0 + 2 x0 x1: Ising h0 = 1, h1 = 0.5, J01 = 0.5.
        let mut b = QuboBuilder::new(2);
        b.add_linear(0, 1.0);
        b.add_coupler(0, 1, 2.0);
        let (hot, cold) = default_beta_range(&b.build().unwrap());
        assert!((hot - 2f64.ln() / 3.0).abs() < 1e-12, "{hot}");
        assert!((cold - 100f64.ln() / 1.0).abs() < 1e-12, "{cold}");
    }
}
