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

use super::anneal_kernel::{AnnealKernel, group_widths};
use super::params::{Param, ParamKind, ParamValue};
use super::sampler::{ReadContext, ReadResult, Sampler, SamplerInfo, SamplerRun};
use super::{MAX_SWEEPS, TRACE_POINTS};
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

impl Sampler for AnnealParams {
    fn check(&self) -> Result<(), String> {
        SWEEPS.check(ParamValue::Count(self.sweeps as u64))?;
        BETA.check(
            self.beta
                .map_or(ParamValue::Auto, |(hot, cold)| ParamValue::Range(hot, cold)),
        )
    }

    fn auto_value(&self, name: &str, q: &Qubo) -> Option<ParamValue> {
        (name == BETA.name).then(|| {
            let (hot, cold) = default_beta_range(q);
            ParamValue::Range(hot, cold)
        })
    }

    fn describe(&self) -> String {
        match self.beta {
            Some((hot, cold)) => format!("SA with {} sweeps, β {hot} to {cold}", self.sweeps),
            None => format!("SA with {} sweeps", self.sweeps),
        }
    }

    /// A read stopped half-way through its schedule is no answer.
    fn keeps_unfinished(&self) -> bool {
        false
    }

    fn prepare<'q>(&'q self, q: &'q Qubo) -> Box<dyn SamplerRun + 'q> {
        let schedule = Schedule::geometric(self.beta.unwrap_or_else(|| default_beta_range(q)), self.sweeps);
        Box::new(AnnealRun {
            kernel: AnnealKernel::new(q),
            schedule,
        })
    }
}

impl SamplerInfo for AnnealParams {
    const NAME: &'static str = "sa";
    const LABEL: &'static str = "Simulated annealing";
    const STEP: &'static str = "sweep";
    const PARAMS: &'static [Param] = &[SWEEPS, BETA];
}

const SWEEPS: Param = Param {
    name: "sweeps",
    label: "sweeps",
    help: "Sweeps per read; each sweep proposes a flip of every variable once, in order",
    kind: ParamKind::Count {
        min: 1,
        max: MAX_SWEEPS as u64,
    },
};

impl AnnealParams {
    /// A β range files saved before β had limits may hold (any 0 < hot ≤
    /// cold) brought to the nearest allowed values, so those files still open.
    pub fn bring_beta_within_limits(&mut self) {
        if let Some((hot, cold)) = self.beta
            && hot > 0.0
            && hot <= cold
            && cold.is_finite()
        {
            let (min, max) = BETA.kind.bounds();
            self.beta = Some((hot.clamp(min, max), cold.clamp(min, max)));
        }
    }
}

/// β's limits catch a slipped exponent in a typed β; the range auto chooses
/// follows the model (a model of tiny or huge coefficients may pass them).
const BETA: Param = Param {
    name: "beta",
    label: "β range",
    help: "β at the hot and the cold end of the schedule, between which it rises geometrically",
    kind: ParamKind::RangeOrAuto {
        min: 1e-6,
        max: 1e6,
        ends: ("β hot", "β cold"),
        auto: "As dwave-samplers chooses it from the model: the hot end accepts any flip with p ≥ ½, \
               the cold end the smallest gap with p ≤ 1 %",
        start: (0.1, 10.0),
    },
};

/// Annealing reads of one model: the kernel runs a group of reads in SIMD lanes.
struct AnnealRun<'q> {
    kernel: AnnealKernel<'q>,
    schedule: Schedule,
}

impl SamplerRun for AnnealRun<'_> {
    /// As wide as the CPU allows while every thread still gets a group; a rest of
    /// two or more reads goes in one group with idle lanes (still faster than one
    /// read after the other).
    fn groups(&self, first: usize, last: usize, threads: usize) -> Vec<(usize, usize)> {
        lane_groups(group_widths(), first, last, threads)
    }

    fn run_group(&self, first: usize, count: usize, ctx: &ReadContext<'_>) -> Vec<ReadResult> {
        let streams: Vec<_> = (first..first + count).map(|read| ctx.stream(read)).collect();
        let every = (self.schedule.len() / TRACE_POINTS).max(1);
        let mut traces: Vec<_> = (first..first + count).map(|read| ctx.trace(read)).collect();
        // Called after every sweep: a trace point every `every` sweeps, the
        // cancel flag every sweep, the clock every 16.
        let mut observe = |sweep: usize, energies: &[f64]| {
            if sweep.is_multiple_of(every) {
                for (trace, &e) in traces.iter_mut().zip(energies).filter(|(t, _)| t.wanted()) {
                    trace.point(sweep, e);
                }
            }
            !(ctx.cancelled() || (sweep.is_multiple_of(16) && ctx.out_of_time()))
        };
        // Within a sweep: a cancel at once, the clock as often (a look at it
        // costs less than the few thousand flips between two).
        let halt = || ctx.cancelled() || ctx.out_of_time();
        let outcomes = self.kernel.reads(&self.schedule, &streams, &mut observe, &halt);
        drop(traces);
        outcomes
            .into_iter()
            .map(|r| {
                let complete = r.sweeps_done == self.schedule.len();
                ReadResult {
                    complete,
                    flips: r.attempts,
                    energy: if complete { r.energy } else { f64::INFINITY },
                    found: if complete {
                        vec![(r.state, r.energy)]
                    } else {
                        Vec::new()
                    },
                }
            })
            .collect()
    }
}

/// Splits reads `first..last` into groups (first read, count) of the given
/// widths (widest first), as wide as possible while every thread gets a group.
pub(super) fn lane_groups(widths: &[usize], first: usize, last: usize, threads: usize) -> Vec<(usize, usize)> {
    let widest = widths
        .iter()
        .copied()
        .find(|&w| (last - first).div_ceil(w) >= threads)
        .unwrap_or(1);
    let mut groups = Vec::new();
    let mut at = first;
    while at < last {
        let count = match last - at {
            left if left >= widest => widest,
            left if left >= 2 => left,
            _ => 1,
        };
        groups.push((at, count));
        at += count;
    }
    groups
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
