//! Classical samplers for QUBO models: simulated annealing and tabu search
//! (MST2), each a [`Sampler`] (see `sampler.rs`) listed once below with its
//! module, its settings described as data (`params.rs`), and the driver [`solve`] that
//! runs any of them. Reads run in parallel on a shared pool; each read has its
//! own random stream from one master seed, and reads are merged in read order,
//! so results never depend on the number of threads. A run stops after its
//! reads, at a target energy, at a time limit or when cancelled (checked every
//! few sweeps), and streams updates for live plots. No UI, no I/O.

mod anneal;
mod anneal_kernel;
mod embedded;
mod experiments;
mod lanes;
mod metropolis;
mod params;
mod problem;
mod rng;
mod sampler;
mod samples;
mod tabu;
mod xray;

pub use anneal::{AnnealParams, Schedule, default_beta_range};
pub use anneal_kernel::{AnnealKernel, group_widths};
pub use embedded::{MAX_SWEEP_POINTS, Success, SweepPlan, SweepPoint, chain_strength_sweep};
pub use experiments::{RatePoint, finished_success_curve, success_curve, success_rate};
pub use params::{Param, ParamKind, ParamValue};
pub use problem::{
    Problem, PuzzleProblem, PuzzleVerdict, XrayProblem, classic, placed_picture, random_fleet_problems,
    random_fleet_problems_with, ships_fleet,
};
pub use rng::{Rng, splitmix64};
pub use sampler::Sampler;
pub use sampler::{ReadContext, ReadResult, SamplerInfo, SamplerRun, Trace};
pub use samples::{Sample, SampleCollector};
pub use tabu::{TabuParams, tabu_read};
pub use xray::{REPAIR_MAX, RepairMiss, Verdict, judge, repair};

use crate::qubo::Qubo;
use crate::run::{CancelFlag, Cancelled, Instant};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

// Every sampler: a module above and a line here (the settings enum `Solver`
// and `SamplerKind` are made from it; the Solver room, `solve`'s flags and
// sessions follow from each sampler's `PARAMS`).
sampler::samplers! {
    /// Simulated annealing (`anneal.rs`).
    Anneal = anneal::AnnealParams,
    /// Tabu search with MST2 restarts (`tabu.rs`).
    Tabu = tabu::TabuParams,
}

/// One run of a sampler.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    pub solver: Solver,
    pub reads: usize,
    pub seed: u64,
    /// Worker threads (0 = one per core); never changes the result.
    pub threads: usize,
    /// How many of the best distinct states to return.
    pub keep: usize,
    /// Stop once a read reaches this energy (reads after it are dropped).
    pub target: Option<f64>,
    pub time_limit: Option<Duration>,
    /// The first this many reads stream their energy traces.
    pub traces: usize,
    /// A cancel ends the run as the time limit does, returning the reads that
    /// finished (`Stop::Cancelled`); otherwise a cancel is an error.
    pub cancel_keeps: bool,
}

impl Default for SolveRequest {
    fn default() -> Self {
        SolveRequest {
            solver: Solver::Anneal(AnnealParams::default()),
            reads: 100,
            seed: 1,
            threads: 0,
            keep: 20,
            target: None,
            time_limit: None,
            traces: 8,
            cancel_keeps: false,
        }
    }
}

/// Most reads one run may ask for.
pub const MAX_READS: usize = 10_000_000;
/// Most sweeps (or restarts) per read.
pub const MAX_SWEEPS: usize = 100_000_000;
/// Points of an energy trace (reads are thinned to about this many).
pub const TRACE_POINTS: usize = 300;
/// Reads started together; stop decisions are made between batches, so their
/// size (not the thread count) decides which reads a stopped run kept.
pub(crate) const BATCH: usize = 64;

/// Why a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stop {
    /// Every read ran.
    Done,
    /// A read reached the target energy.
    Target,
    TimeLimit,
    /// Cancelled, with the reads that had finished.
    Cancelled,
    /// A read found a state the caller looked for (a fleet).
    Goal,
}

impl Stop {
    /// In words, for reports.
    pub fn describe(self) -> &'static str {
        match self {
            Stop::Done => "all reads done",
            Stop::Target => "stopped at the target energy",
            Stop::TimeLimit => "stopped by the time limit",
            Stop::Cancelled => "cancelled: the reads that finished are kept",
            Stop::Goal => "stopped at the first success",
        }
    }
}

/// What a run returns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SampleSet {
    /// The best distinct states, lowest energy first (none if a time limit
    /// ended an annealing run before any read finished).
    pub samples: Vec<Sample>,
    /// Reads that finished and count.
    pub reads: usize,
    /// Each counted read's final (SA) or best (tabu) energy, in read order.
    pub read_energies: Vec<f64>,
    /// The read that stopped the run (it reached the target or the goal);
    /// reads after it are not counted, though those of its batch ran.
    pub stopped_at: Option<usize>,
    /// Reads that ran to their end beside the one that stopped the run (after
    /// it in read order, in its batch) and are left out of the counts.
    pub dropped: usize,
    /// Distinct states met in all.
    pub distinct: usize,
    /// SA: flip attempts (sweeps × variables); tabu: flip evaluations; of
    /// every read that ran, also those a time limit cut short.
    pub flips: u64,
    pub stop: Stop,
    pub seconds: f64,
    /// What the run did differently from what was asked, in words (a default
    /// capped on a large model, states dropped to stay within memory).
    pub notes: Vec<String>,
}

/// A live update for plots.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveUpdate {
    /// Points (sweep or search, energy) of read `read`'s trace.
    Trace { read: usize, points: Vec<[f64; 2]> },
    /// A new lowest energy at `seconds` into the run, with its state (so the
    /// best answer so far can be shown while the run goes on).
    Best { seconds: f64, energy: f64, state: Vec<u8> },
    /// Read `read` ended with this energy.
    Final { read: usize, energy: f64 },
}

/// Checks the request before any work starts.
pub fn validate(q: &Qubo, req: &SolveRequest) -> Result<(), String> {
    if q.is_empty() {
        return Err("the model has no variables".into());
    }
    if req.reads == 0 || req.reads > MAX_READS {
        return Err(format!("reads must be from 1 to {MAX_READS}, not {}", req.reads));
    }
    if req.keep == 0 {
        return Err("keep must be at least 1".into());
    }
    req.solver.sampler().validate(q)?;
    if let Some(t) = req.target
        && !t.is_finite()
    {
        return Err("the target energy must be a number".into());
    }
    Ok(())
}

/// Samples `q` as the request says. `update` receives live updates (from
/// worker threads, in no fixed order).
pub fn solve(
    q: &Qubo,
    req: &SolveRequest,
    cancel: &CancelFlag,
    update: &(dyn Fn(SolveUpdate) + Sync),
) -> Result<SampleSet, SolveError> {
    solve_until(q, req, cancel, update, None)
}

/// A state the caller is looking for (a fleet): the run stops at the first read
/// that finds one (`Stop::Goal`), as it stops at a target energy. A tabu read
/// looks at each search's best state, so it stops within the read.
pub type Goal<'a> = &'a (dyn Fn(&[u8]) -> bool + Sync);

/// [`solve`] that stops at the first state meeting `goal`, if given.
pub fn solve_until(
    q: &Qubo,
    req: &SolveRequest,
    cancel: &CancelFlag,
    update: &(dyn Fn(SolveUpdate) + Sync),
    goal: Option<Goal<'_>>,
) -> Result<SampleSet, SolveError> {
    validate(q, req).map_err(SolveError::Invalid)?;
    let pool = crate::run::pool(req.threads).map_err(SolveError::Invalid)?;
    let sampler = req.solver.sampler();
    let ctx = ReadContext {
        seed: req.seed,
        traces: req.traces,
        target: req.target,
        time_limit: req.time_limit,
        started: Instant::now(),
        timed_out: AtomicBool::new(false),
        cancel,
        update,
        goal,
    };
    let run = sampler.prepare(q);
    let keeps_unfinished = sampler.keeps_unfinished();
    let best_so_far = std::sync::Mutex::new(f64::INFINITY);
    // Live updates for a read that ended: its final energy (if it ran to its
    // end) and a new lowest energy (if it counts).
    let finish = |read: usize, result: &ReadResult| {
        if result.complete {
            update(SolveUpdate::Final {
                read,
                energy: result.energy,
            });
        }
        if !(result.complete || keeps_unfinished) {
            return;
        }
        let mut best = best_so_far.lock().unwrap_or_else(|e| e.into_inner());
        if result.energy < *best {
            *best = result.energy;
            let state = result
                .found
                .iter()
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(x, _)| x.clone())
                .unwrap_or_default();
            update(SolveUpdate::Best {
                seconds: ctx.started.elapsed().as_secs_f64(),
                energy: result.energy,
                state,
            });
        }
    };
    let run_group = |(first, count): (usize, usize)| -> Vec<ReadResult> {
        if ctx.stopping() {
            return (0..count).map(|_| ReadResult::not_run()).collect();
        }
        let results = run.run_group(first, count, &ctx);
        debug_assert_eq!(
            results.len(),
            count,
            "{} returned the wrong number of reads",
            req.solver.name()
        );
        for (k, result) in results.iter().enumerate() {
            finish(first + k, result);
        }
        results
    };
    let threads = pool.current_num_threads();
    let mut collector = SampleCollector::new(q.len());
    let mut read_energies = Vec::new();
    let mut flips = 0u64;
    let mut stop = Stop::Done;
    let mut first = 0;
    let (mut stopped_at, mut dropped) = (None, 0);
    while first < req.reads {
        let last = (first + BATCH).min(req.reads);
        let batch: Vec<ReadResult> = map_in_order(&pool, run.groups(first, last, threads), run_group)
            .into_iter()
            .flatten()
            .collect();
        let cancelled = cancel.is_cancelled();
        if cancelled && !req.cancel_keeps {
            return Err(SolveError::Cancelled(Cancelled));
        }
        // Every read that ran did its flips, also those a stop leaves out.
        flips += batch.iter().map(|r| r.flips).sum::<u64>();
        for (k, r) in batch.iter().enumerate() {
            if stop == Stop::Target || stop == Stop::Goal {
                dropped += usize::from(r.complete);
                continue;
            }
            if !r.complete {
                // Cut by the clock or a cancel. The other reads of the batch
                // that finished still count.
                if keeps_unfinished {
                    for (x, e) in &r.found {
                        collector.add(x, *e);
                    }
                }
                stop = if cancelled { Stop::Cancelled } else { Stop::TimeLimit };
                continue;
            }
            for (x, e) in &r.found {
                collector.add(x, *e);
            }
            read_energies.push(r.energy);
            if ctx.target_hit(r.energy) {
                stop = Stop::Target;
                stopped_at = Some(first + k);
                continue;
            }
            // In read order, whatever the threads: the first read holding a state
            // that meets the goal ends the run (a tabu read that met it stopped there
            // and kept the state).
            if let Some(g) = goal
                && r.found.iter().any(|(x, _)| g(x))
            {
                stop = Stop::Goal;
                stopped_at = Some(first + k);
            }
        }
        if cancelled {
            stop = Stop::Cancelled;
        }
        if stop != Stop::Done {
            break;
        }
        if ctx.out_of_time() {
            stop = Stop::TimeLimit;
            break;
        }
        first = last;
    }
    let mut notes = sampler.notes(q);
    notes.extend(collector.note(q.len()));
    Ok(SampleSet {
        notes,
        reads: read_energies.len(),
        stopped_at,
        dropped,
        distinct: collector.distinct(),
        samples: collector.best(req.keep),
        read_energies,
        flips,
        stop,
        seconds: ctx.started.elapsed().as_secs_f64(),
    })
}

/// `f` of each item, in order, on the pool's threads; on the caller's thread
/// when the pool has one (sparing the hand-over to it).
fn map_in_order<I: Send, T: Send>(pool: &rayon::ThreadPool, items: Vec<I>, f: impl Fn(I) -> T + Sync + Send) -> Vec<T> {
    if pool.current_num_threads() == 1 {
        items.into_iter().map(f).collect()
    } else {
        pool.install(|| items.into_par_iter().map(f).collect())
    }
}

/// Why a run failed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SolveError {
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
    #[error("{0}")]
    Invalid(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_groups_cover_the_reads_and_feed_every_thread() {
        let widest = group_widths()[0];
        for (first, last, threads) in [(0, 64, 1), (64, 74, 1), (0, 3, 1), (0, 2, 2), (0, 64, 4), (5, 6, 1)] {
            let groups = anneal::lane_groups(group_widths(), first, last, threads);
            let mut at = first;
            for &(start, count) in &groups {
                assert_eq!(start, at, "{groups:?}");
                assert!((1..=widest).contains(&count), "{groups:?}");
                at += count;
            }
            assert_eq!(at, last);
            assert!(
                groups.len() >= threads.min(last - first),
                "{groups:?} for {threads} threads"
            );
        }
    }
}
