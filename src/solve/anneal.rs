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

use super::rng::Rng;
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

/// β for each sweep: geometric from hot to cold (just the cold end for one sweep).
pub fn schedule(range: (f64, f64), sweeps: usize) -> Vec<f64> {
    let (hot, cold) = range;
    match sweeps {
        0 => Vec::new(),
        1 => vec![cold],
        n => {
            let ratio = (cold / hot).powf(1.0 / (n - 1) as f64);
            (0..n).map(|k| hot * ratio.powi(k as i32)).collect()
        }
    }
}

/// Beyond βΔ = 40 a flip has probability e⁻⁴⁰ < 2⁻⁵³: rejected without a random number.
const MAX_BETA_DELTA: f64 = 40.0;

/// Steps per unit of βΔ in the table of [`metropolis`].
const STEPS: f64 = 32.0;

/// e^(−k/STEPS) for k = 0 ..= 40·STEPS + 1.
fn exp_table() -> &'static [f64] {
    static TABLE: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..=(MAX_BETA_DELTA * STEPS) as usize + 1)
            .map(|k| (-(k as f64) / STEPS).exp())
            .collect()
    })
}

/// The Metropolis test u < e^(−βΔ) for βΔ in (0, 40): the table brackets
/// e^(−βΔ) between two neighbouring entries, which decides for almost every
/// u; inside the bracket the exact `exp` decides. So every decision is the one
/// the exact test makes, at a fraction of its cost.
#[inline(always)]
fn metropolis(table: &[f64], u: f64, beta_delta: f64) -> bool {
    let k = (beta_delta * STEPS) as usize;
    let (upper, lower) = (table[k], table[k + 1]);
    if u >= upper {
        false
    } else if u < lower {
        true
    } else {
        exact_metropolis(u, beta_delta)
    }
}

/// Out of line on purpose: inlined, the compiler may compute `exp` before the
/// cheap tests (it has no side effects) and the saving is lost.
#[cold]
#[inline(never)]
fn exact_metropolis(u: f64, beta_delta: f64) -> bool {
    u < (-beta_delta).exp()
}

/// What one read reports back while and after it runs.
pub struct ReadOutcome {
    pub state: Vec<u8>,
    pub energy: f64,
    pub sweeps_done: usize,
}

#[derive(Clone, Copy)]
struct Edge {
    to: u32,
    weight: f64,
}

/// The model laid out for the sweep loop: each variable's neighbours and
/// weights side by side in one array. Built once per run, shared by its reads.
pub struct AnnealKernel<'a> {
    q: &'a Qubo,
    start: Vec<u32>,
    edges: Vec<Edge>,
}

impl<'a> AnnealKernel<'a> {
    pub fn new(q: &'a Qubo) -> AnnealKernel<'a> {
        let mut start = Vec::with_capacity(q.len() + 1);
        let mut edges = Vec::with_capacity(2 * q.coupler_count());
        start.push(0);
        for i in 0..q.len() {
            let (nb, w) = q.row(i);
            edges.extend(nb.iter().zip(w).map(|(&to, &weight)| Edge { to, weight }));
            start.push(edges.len() as u32);
        }
        AnnealKernel { q, start, edges }
    }

    /// One annealing read from a random state. `observe(sweeps done, energy)`
    /// is called after every sweep (traces, cancel, time limit) and stops the
    /// read by returning false.
    pub fn read(&self, betas: &[f64], rng: &mut Rng, observe: &mut dyn FnMut(usize, f64) -> bool) -> ReadOutcome {
        let q = self.q;
        let n = q.len();
        let x0: Vec<u8> = (0..n).map(|_| rng.bit()).collect();
        // sign = +1 where x = 0 (a flip raises it), −1 where x = 1.
        let mut sign: Vec<f64> = x0.iter().map(|&v| if v == 0 { 1.0 } else { -1.0 }).collect();
        let mut field: Vec<f64> = (0..n).map(|i| q.field(&x0, i)).collect();
        let mut energy = q.energy(&x0);
        let mut done = 0;
        let table = exp_table();
        for (sweep, &beta) in betas.iter().enumerate() {
            let limit = MAX_BETA_DELTA / beta;
            for i in 0..n {
                let s = sign[i];
                let d = s * field[i];
                if d > 0.0 && (d >= limit || !metropolis(table, rng.unit(), beta * d)) {
                    continue;
                }
                sign[i] = -s;
                energy += d;
                let (a, b) = (self.start[i] as usize, self.start[i + 1] as usize);
                for e in &self.edges[a..b] {
                    // SAFETY: `to` comes from the model's own neighbour lists, all below n.
                    unsafe { *field.get_unchecked_mut(e.to as usize) += e.weight * s };
                }
            }
            done = sweep + 1;
            if !observe(done, energy) {
                break;
            }
        }
        let state: Vec<u8> = sign.iter().map(|&s| (s < 0.0) as u8).collect();
        // The running sum drifts by rounding; report the exact energy.
        let energy = q.energy(&state);
        ReadOutcome {
            state,
            energy,
            sweeps_done: done,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::qubo::QuboBuilder;

    #[test]
    fn metropolis_decides_as_the_exact_test() {
        let table = exp_table();
        let mut rng = Rng::new(3);
        for _ in 0..1_000_000 {
            let x = rng.unit() * 39.99 + 1e-12;
            // Half the draws near the boundary, where the table cannot decide alone.
            let u = if rng.bit() == 0 {
                rng.unit()
            } else {
                (-x).exp() * (1.0 + (rng.unit() - 0.5) * 1e-3)
            };
            assert_eq!(metropolis(table, u, x), u < (-x).exp(), "u {u}, x {x}");
        }
    }

    #[test]
    fn schedule_runs_from_hot_to_cold() {
        let s = schedule((0.1, 10.0), 5);
        assert_eq!(s.len(), 5);
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
