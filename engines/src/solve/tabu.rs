//! Tabu search: one-flip moves with incremental flip deltas, a tabu tenure,
//! aspiration (a tabu move is allowed when it beats the best energy seen),
//! and Palubeckis' multistart restarts MST2 ("Multistart tabu search strategies
//! for the unconstrained binary quadratic optimization problem", 2004), the
//! method behind the QBSolv tabu the tomography paper used: after each tabu
//! search, a new start is built from its best state by flipping a subset of
//! variables chosen at random (favouring flips that cost little) and decided
//! greedily.

use super::MAX_SWEEPS;
use super::params::{Param, ParamKind, ParamValue};
use super::rng::Rng;
use super::sampler::{ReadContext, ReadResult, Sampler, SamplerInfo, SamplerRun};
use crate::qubo::Qubo;
use serde::{Deserialize, Serialize};

/// Tabu search settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TabuParams {
    /// Restarts after the first search (MST2); each read does 1 + restarts searches.
    pub restarts: usize,
    /// Moves a flipped variable stays tabu; `None` = min(20, n/4).
    pub tenure: Option<usize>,
    /// Flip evaluations per search (each move evaluates every variable);
    /// `None` = n·max(200, 3n): enough moves to descend on larger models.
    pub evaluations: Option<u64>,
}

impl Default for TabuParams {
    fn default() -> Self {
        TabuParams {
            restarts: 20,
            tenure: None,
            evaluations: None,
        }
    }
}

/// Flip evaluations per search when none are asked for, at most: the default
/// n·max(200, 3n) grows with the square of the variables (hours per read on a
/// model of 65,536), so it stops here (about a tenth of a second).
pub const DEFAULT_EVALUATIONS_CAP: u64 = 100_000_000;
/// Most flip evaluations per search a user may ask for.
pub const MAX_EVALUATIONS: u64 = 1_000_000_000_000;

/// The default flip evaluations per search before the cap: n·max(200, 3n).
fn uncapped_evaluations(n: u64) -> u64 {
    n.saturating_mul((3 * n).max(200))
}

impl Sampler for TabuParams {
    fn check(&self) -> Result<(), String> {
        let count = |n: Option<u64>| n.map_or(ParamValue::Auto, ParamValue::Count);
        RESTARTS.check(ParamValue::Count(self.restarts as u64))?;
        TENURE.check(count(self.tenure.map(|t| t as u64)))?;
        EVALUATIONS.check(count(self.evaluations))
    }

    /// What a run on `q` uses when these are left to auto (the run layer's
    /// puzzle tenure, once set in these settings, included).
    fn auto_value(&self, name: &str, q: &Qubo) -> Option<ParamValue> {
        let n = q.len();
        match name {
            "tenure" => Some(ParamValue::Count(self.tenure_for(n) as u64)),
            "evaluations" => Some(ParamValue::Count(self.evaluations_for(n))),
            _ => None,
        }
    }

    fn validate(&self, q: &Qubo) -> Result<(), String> {
        self.check()?;
        if self.tenure.is_some_and(|t| t >= q.len()) {
            return Err(format!("the tenure must be below the {} variables", q.len()));
        }
        Ok(())
    }

    fn notes(&self, q: &Qubo) -> Vec<String> {
        let n = q.len() as u64;
        let full = uncapped_evaluations(n);
        match self.evaluations {
            None if full > DEFAULT_EVALUATIONS_CAP => vec![format!(
                "tabu: {DEFAULT_EVALUATIONS_CAP} flip evaluations per search (the default n·max(200, 3n) \
                 would be {full} for {n} variables; set the evaluations to change it)"
            )],
            _ => Vec::new(),
        }
    }

    fn describe(&self) -> String {
        format!(
            "tabu ({} restarts, tenure {}, {} evaluations per search)",
            crate::quote::group_digits(&self.restarts.to_string()),
            self.tenure.map_or("auto".into(), |v| v.to_string()),
            self.evaluations
                .map_or("auto".into(), |v| crate::quote::group_digits(&v.to_string()))
        )
    }

    /// Every finished search of a read cut short is still an answer.
    fn keeps_unfinished(&self) -> bool {
        true
    }

    fn prepare<'q>(&'q self, q: &'q Qubo) -> Box<dyn SamplerRun + 'q> {
        Box::new(TabuRun { params: self, q })
    }
}

impl SamplerInfo for TabuParams {
    const NAME: &'static str = "tabu";
    const LABEL: &'static str = "Tabu search";
    const STEP: &'static str = "search (first, then restarts)";
    const PARAMS: &'static [Param] = &[RESTARTS, TENURE, EVALUATIONS];
}

const RESTARTS: Param = Param {
    name: "restarts",
    label: "restarts",
    help: "MST2 restarts after the first search, per read",
    kind: ParamKind::Count {
        min: 0,
        max: MAX_SWEEPS as u64,
    },
};

/// At most the most variables a model has (it must be below the model's own count).
const TENURE: Param = Param {
    name: "tenure",
    label: "tenure",
    help: "Moves a flipped variable stays tabu; 0 asks for min(20, n/4) on any model",
    kind: ParamKind::CountOrAuto {
        min: 0,
        max: crate::qubo::MAX_VARIABLES as u64,
        // The puzzle figure is `PuzzleProblem::TABU_TENURE` (a test holds them together).
        auto: "min(20, n/4) for n variables, or 5 on puzzle models (measured better on every puzzle set)",
        start: 20,
    },
};

const EVALUATIONS: Param = Param {
    name: "evaluations",
    label: "evaluations",
    help: "Flip evaluations per search (each move evaluates every variable)",
    kind: ParamKind::CountOrAuto {
        min: 1,
        max: MAX_EVALUATIONS,
        auto: "n·max(200, 3n) for n variables, at most 100,000,000",
        start: 1_000_000,
    },
};

/// Tabu reads of one model, one read at a time.
struct TabuRun<'q> {
    params: &'q TabuParams,
    q: &'q Qubo,
}

impl SamplerRun for TabuRun<'_> {
    fn run_group(&self, first: usize, count: usize, ctx: &ReadContext<'_>) -> Vec<ReadResult> {
        (first..first + count).map(|read| self.read(read, ctx)).collect()
    }
}

impl TabuRun<'_> {
    fn read(&self, read: usize, ctx: &ReadContext<'_>) -> ReadResult {
        let (p, q) = (self.params, self.q);
        let mut rng = ctx.stream(read);
        let mut trace = ctx.trace(read);
        let mut found = Vec::new();
        let mut searches = 0usize;
        let cap = super::samples::states_per_read(q.len());
        let reached = std::cell::Cell::new(false);
        let mut record = |x: &[u8], e: f64| {
            searches += 1;
            super::samples::keep_lowest(&mut found, x, e, cap);
            trace.point(searches, e);
            if ctx.reached(x, e) {
                reached.set(true);
                // The state that ends the run is always among those returned.
                if !found.iter().any(|(y, _)| y.as_slice() == x) {
                    found.push((x.to_vec(), e));
                }
            }
        };
        let mut stop = || reached.get() || ctx.cancelled() || ctx.out_of_time();
        let (_, e, flips) = tabu_read(q, p, &mut rng, &mut record, &mut stop);
        drop(trace);
        let searches = searches as u64;
        ReadResult {
            complete: searches == p.restarts as u64 + 1 || reached.get(),
            flips,
            energy: e,
            found,
        }
    }
}

impl TabuParams {
    pub fn tenure_for(&self, n: usize) -> usize {
        self.tenure.unwrap_or((n / 4).min(20)).min(n.saturating_sub(1))
    }

    pub fn evaluations_for(&self, n: usize) -> u64 {
        let n = n as u64;
        let default = uncapped_evaluations(n).min(DEFAULT_EVALUATIONS_CAP);
        self.evaluations.unwrap_or(default).max(n)
    }
}

/// The state of one search: the current solution and every flip delta.
struct Walker<'a> {
    q: &'a Qubo,
    x: Vec<u8>,
    delta: Vec<f64>,
    energy: f64,
}

impl<'a> Walker<'a> {
    fn new(q: &'a Qubo, x: Vec<u8>) -> Walker<'a> {
        let delta = (0..q.len()).map(|i| q.flip_delta(&x, i)).collect();
        let energy = q.energy(&x);
        Walker { q, x, delta, energy }
    }

    fn flip(&mut self, i: usize) {
        let d = self.delta[i];
        let step = if self.x[i] == 0 { 1.0 } else { -1.0 };
        self.x[i] ^= 1;
        self.energy += d;
        self.delta[i] = -d;
        let (nb, w) = self.q.row(i);
        for (j, wj) in nb.iter().zip(w) {
            let j = *j as usize;
            // Δ_j = (1 − 2x_j)·field_j and field_j moved by w·step.
            let sign = if self.x[j] == 0 { 1.0 } else { -1.0 };
            self.delta[j] += sign * wj * step;
        }
    }
}

/// Energies closer than this count as equal (ties, aspiration).
const TOL: f64 = 1e-9;

/// Flip evaluations (or, perturbing, variables scanned) between two looks at
/// `stop`, about a millisecond: a move costs n evaluations, so on a model of
/// a million variables a look every 64 moves came a tenth of a second apart.
const STOP_LOOK_EVERY: usize = 1 << 20;

/// Steps (moves, or perturbation steps) of O(n) work each between two looks
/// at `stop`: every 64 on small models, every step on large ones.
fn steps_between_looks(n: usize, most: usize) -> u64 {
    (STOP_LOOK_EVERY / n.max(1)).clamp(1, most) as u64
}

/// One tabu search from `start` for `evaluations` flip evaluations; returns
/// the best state met, its energy and the evaluations made (fewer when `stop`,
/// asked every few moves, ends it early).
fn tabu_search(
    q: &Qubo,
    start: Vec<u8>,
    tenure: usize,
    evaluations: u64,
    rng: &mut Rng,
    stop: &mut dyn FnMut() -> bool,
) -> (Vec<u8>, f64, u64) {
    let n = q.len();
    let mut w = Walker::new(q, start);
    let mut best = (w.x.clone(), w.energy);
    let mut tabu_until = vec![0u64; n];
    let mut spent = 0u64;
    let mut moves = 0u64;
    let look_every = steps_between_looks(n, 64);
    while spent < evaluations {
        moves += 1;
        let mut chosen = usize::MAX;
        let mut chosen_energy = f64::INFINITY;
        let mut ties = 0usize;
        for i in 0..n {
            let e = w.energy + w.delta[i];
            let allowed = tabu_until[i] < moves || e < best.1 - TOL;
            if !allowed {
                continue;
            }
            if e < chosen_energy - TOL {
                chosen = i;
                chosen_energy = e;
                ties = 1;
            } else if e <= chosen_energy + TOL {
                // Uniform among ties (reservoir sampling).
                ties += 1;
                if rng.below(ties) == 0 {
                    chosen = i;
                }
            }
        }
        spent += n as u64;
        if chosen == usize::MAX {
            break; // everything tabu and nothing aspires: n ≤ tenure
        }
        w.flip(chosen);
        tabu_until[chosen] = moves + tenure as u64;
        if w.energy < best.1 - TOL {
            best = (w.x.clone(), w.energy);
        }
        if moves.is_multiple_of(look_every) && stop() {
            break;
        }
    }
    let exact = q.energy(&best.0);
    (best.0, exact, spent)
}

/// MST2's new start from `x`: choose k = max(10, 0.4n) variables by roulette
/// (cheap flips weigh more), then decide greedily which of them to flip,
/// counting the couplings among them.
fn perturb(q: &Qubo, x: &[u8], rng: &mut Rng, stop: &mut dyn FnMut() -> bool) -> Option<Vec<u8>> {
    let n = q.len();
    let k = (n * 2 / 5).max(10).min(n);
    // gain_i: how much flipping i alone lowers the energy.
    let w = Walker::new(q, x.to_vec());
    let mut d: Vec<f64> = w.delta.iter().map(|v| -v).collect();
    let sign = |i: usize| if x[i] == 0 { 1.0 } else { -1.0 };
    let mut chosen = vec![false; n];
    let mut order = Vec::with_capacity(k);
    // Large models make this O(k·n): let a cancel or the clock in.
    let look_every = steps_between_looks(n, 32);
    for step in 0..k as u64 {
        if step % look_every == look_every - 1 && stop() {
            return None;
        }
        let (mut dmin, mut dmax) = (f64::INFINITY, f64::NEG_INFINITY);
        for i in (0..n).filter(|&i| !chosen[i]) {
            dmin = dmin.min(d[i]);
            dmax = dmax.max(d[i]);
        }
        let weight = |v: f64| -> f64 {
            if dmax - dmin < TOL {
                1.0
            } else if v <= 0.0 && dmin < 0.0 {
                1.0 - v / dmin
            } else if v > 0.0 {
                1.0 + 5000.0 * v / dmax
            } else {
                0.0
            }
        };
        let total: f64 = (0..n).filter(|&i| !chosen[i]).map(|i| weight(d[i])).sum();
        let mut r = rng.unit() * total;
        let mut pick = usize::MAX;
        for i in (0..n).filter(|&i| !chosen[i]) {
            pick = i;
            r -= weight(d[i]);
            if r <= 0.0 {
                break;
            }
        }
        chosen[pick] = true;
        order.push(pick);
        // Later gains count the pair term with the picked variable as if it flipped.
        let (nb, ws) = q.row(pick);
        for (j, wj) in nb.iter().zip(ws) {
            let j = *j as usize;
            d[j] -= wj * sign(pick) * sign(j);
        }
    }
    // Greedy decision over the chosen set: gain of flipping i given the flips
    // already decided (h1) plus half of what undecided neighbours could add (h2).
    let gain0: Vec<f64> = w.delta.iter().map(|v| -v).collect();
    let mut decided: Vec<Option<bool>> = vec![None; n];
    let pair = |i: usize, j: usize, wij: f64| -wij * sign(i) * sign(j);
    let mut y = x.to_vec();
    // Each step scans the chosen variables' neighbours: up to O(n) again.
    for step in 0..order.len() as u64 {
        if step % look_every == look_every - 1 && stop() {
            return None;
        }
        let mut best: Option<(usize, f64, f64)> = None;
        for &i in order.iter().filter(|&&i| decided[i].is_none()) {
            let (nb, ws) = q.row(i);
            let (mut h1, mut h2) = (gain0[i], 0.0);
            for (j, wj) in nb.iter().zip(ws) {
                let j = *j as usize;
                match decided[j] {
                    Some(true) => h1 += pair(i, j, *wj),
                    None if chosen[j] => h2 += pair(i, j, *wj).max(0.0),
                    _ => {}
                }
            }
            let q1 = 2.0 * h1 + h2;
            if best.is_none_or(|(_, bq, bh)| q1 > bq + TOL || (q1 > bq - TOL && h1 > bh)) {
                best = Some((i, q1, h1));
            }
        }
        let (i, q1, h1) = best.expect("an undecided chosen variable");
        let flip = q1 > TOL || (q1 > -TOL && h1 >= 0.0);
        decided[i] = Some(flip);
        if flip {
            y[i] ^= 1;
        }
    }
    Some(y)
}

/// One tabu read: a search from a random state, then `restarts` MST2
/// restarts. `found(state, energy)` gets each search's best; `stop` ends early.
/// Returns the best state, its energy and the flip evaluations made (a search
/// cut short counts what it ran, not its budget).
pub fn tabu_read(
    q: &Qubo,
    params: &TabuParams,
    rng: &mut Rng,
    found: &mut dyn FnMut(&[u8], f64),
    stop: &mut dyn FnMut() -> bool,
) -> (Vec<u8>, f64, u64) {
    let n = q.len();
    let tenure = params.tenure_for(n);
    let evals = params.evaluations_for(n);
    let start: Vec<u8> = (0..n).map(|_| rng.bit()).collect();
    let (mut last, mut last_e, mut spent) = tabu_search(q, start, tenure, evals, rng, stop);
    found(&last, last_e);
    let mut best = (last.clone(), last_e);
    for _ in 0..params.restarts {
        if stop() {
            break;
        }
        let Some(next) = perturb(q, &last, rng, stop) else {
            break;
        };
        let (state, energy, evaluated) = tabu_search(q, next, tenure, evals, rng, stop);
        (last, last_e) = (state, energy);
        spent += evaluated;
        found(&last, last_e);
        if last_e < best.1 - TOL {
            best = (last.clone(), last_e);
        }
    }
    (best.0, best.1, spent)
}
