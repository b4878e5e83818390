//! Classical samplers for QUBO models: simulated annealing and tabu search
//! (MST2). Reads run in parallel on a shared pool; each read has its own random
//! stream from one master seed, and reads are merged in read order, so results
//! never depend on the number of threads. A run stops after its reads, at a
//! target energy, at a time limit or when cancelled (checked every few
//! sweeps), and streams updates for live plots. No UI, no I/O.

mod anneal;
mod anneal_kernel;
mod experiments;
mod lanes;
mod metropolis;
mod problem;
mod rng;
mod samples;
mod tabu;
mod xray;

pub use anneal::{AnnealParams, Schedule, default_beta_range};
pub use anneal_kernel::{AnnealKernel, group_widths};
pub use experiments::{RatePoint, success_curve, success_rate};
pub use problem::{
    Problem, PuzzleProblem, PuzzleVerdict, XrayProblem, classic, placed_picture, random_fleet_problems, ships_fleet,
};
pub use rng::{Rng, splitmix64};
pub use samples::{Sample, SampleCollector};
pub use tabu::{TabuParams, tabu_read};
pub use xray::{REPAIR_MAX, Verdict, judge, repair};

use crate::qubo::Qubo;
use crate::run::{CancelFlag, Cancelled};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Which sampler, with its settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Solver {
    Anneal(AnnealParams),
    Tabu(TabuParams),
}

impl Solver {
    pub fn name(&self) -> &'static str {
        match self {
            Solver::Anneal(_) => "sa",
            Solver::Tabu(_) => "tabu",
        }
    }
}

/// One run of a sampler.
#[derive(Clone, Debug, PartialEq)]
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
const BATCH: usize = 64;

/// Why a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stop {
    /// Every read ran.
    Done,
    /// A read reached the target energy.
    Target,
    TimeLimit,
}

impl Stop {
    /// In words, for reports.
    pub fn describe(self) -> &'static str {
        match self {
            Stop::Done => "all reads done",
            Stop::Target => "stopped at the target energy",
            Stop::TimeLimit => "stopped by the time limit",
        }
    }
}

/// What a run returns.
#[derive(Clone, Debug, PartialEq)]
pub struct SampleSet {
    /// The best distinct states, lowest energy first (none if a time limit
    /// ended an annealing run before any read finished).
    pub samples: Vec<Sample>,
    /// Reads that finished and count.
    pub reads: usize,
    /// Each counted read's final (SA) or best (tabu) energy, in read order.
    pub read_energies: Vec<f64>,
    /// Distinct states met in all.
    pub distinct: usize,
    /// SA: flip attempts (sweeps × variables); tabu: flip evaluations; of
    /// every read that ran, also those a time limit cut short.
    pub flips: u64,
    pub stop: Stop,
    pub seconds: f64,
}

/// A live update for plots.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveUpdate {
    /// Points (sweep or search, energy) of read `read`'s trace.
    Trace { read: usize, points: Vec<[f64; 2]> },
    /// A new lowest energy at `seconds` into the run.
    Best { seconds: f64, energy: f64 },
    /// Read `read` ended with this energy.
    Final { read: usize, energy: f64 },
}

/// What one read produced.
struct ReadResult {
    /// States to count (SA: the final state; tabu: each search's best).
    found: Vec<(Vec<u8>, f64)>,
    energy: f64,
    flips: u64,
    complete: bool,
}

/// Checks the request before any work starts.
pub fn validate(q: &Qubo, req: &SolveRequest) -> Result<(), String> {
    if q.is_empty() {
        return Err("the model has no variables".into());
    }
    if req.reads == 0 || req.reads > MAX_READS {
        return Err(format!("reads must be 1..={MAX_READS}, not {}", req.reads));
    }
    if req.keep == 0 {
        return Err("keep must be at least 1".into());
    }
    match &req.solver {
        Solver::Anneal(p) => {
            if p.sweeps == 0 || p.sweeps > MAX_SWEEPS {
                return Err(format!("sweeps must be 1..={MAX_SWEEPS}, not {}", p.sweeps));
            }
            if let Some((hot, cold)) = p.beta
                && !(hot > 0.0 && cold >= hot && cold.is_finite())
            {
                return Err(format!("β range must satisfy 0 < hot ≤ cold, not ({hot}, {cold})"));
            }
        }
        Solver::Tabu(p) => {
            if p.restarts > MAX_SWEEPS {
                return Err(format!("restarts must be at most {MAX_SWEEPS}, not {}", p.restarts));
            }
            if p.tenure.is_some_and(|t| t >= q.len()) {
                return Err(format!("the tenure must be below the {} variables", q.len()));
            }
        }
    }
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
    validate(q, req).map_err(SolveError::Invalid)?;
    let pool = crate::run::pool(req.threads).map_err(SolveError::Invalid)?;
    let t0 = Instant::now();
    let schedule = match &req.solver {
        Solver::Anneal(p) => Schedule::geometric(p.beta.unwrap_or_else(|| default_beta_range(q)), p.sweeps),
        Solver::Tabu(_) => Schedule::geometric((1.0, 1.0), 0),
    };
    let kernel = AnnealKernel::new(q);
    let timed_out = AtomicBool::new(false);
    let out_of_time = || {
        let over = req.time_limit.is_some_and(|l| t0.elapsed() >= l);
        if over {
            timed_out.store(true, Ordering::Relaxed);
        }
        over
    };
    let target_hit = |e: f64| req.target.is_some_and(|t| e <= t + 1e-9);
    let best_so_far = std::sync::Mutex::new(f64::INFINITY);
    let not_run = || ReadResult {
        found: Vec::new(),
        energy: f64::INFINITY,
        flips: 0,
        complete: false,
    };
    let stopping = || cancel.is_cancelled() || timed_out.load(Ordering::Relaxed);
    // Sends a traced read's points (in blocks of 16, and the rest at its end).
    let flush = |read: usize, points: &mut Vec<[f64; 2]>, force: bool| {
        if read < req.traces && (force || points.len() >= 16) && !points.is_empty() {
            update(SolveUpdate::Trace {
                read,
                points: std::mem::take(points),
            });
        }
    };
    // A tabu read cut short still found good states; an annealing read
    // stopped half-way is no answer (nor a lowest energy so far).
    let keeps_unfinished = matches!(req.solver, Solver::Tabu(_));
    let finish = |read: usize, result: &ReadResult| {
        // Reads cut short (cancel, time limit) are not in the histogram of finals.
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
            update(SolveUpdate::Best {
                seconds: t0.elapsed().as_secs_f64(),
                energy: result.energy,
            });
        }
    };
    // Annealing: reads `first..first + count` together (see `AnnealKernel`).
    let anneal_group = |(first, count): (usize, usize)| -> Vec<ReadResult> {
        if stopping() {
            return (0..count).map(|_| not_run()).collect();
        }
        let streams: Vec<Rng> = (first..first + count)
            .map(|read| Rng::for_read(req.seed, read as u64))
            .collect();
        let every = (schedule.len() / TRACE_POINTS).max(1);
        let mut points = vec![Vec::new(); count];
        // Called after every sweep: a trace point every `every` sweeps, the
        // cancel flag every sweep, the clock every 16.
        let mut observe = |sweep: usize, energies: &[f64]| {
            if sweep.is_multiple_of(every) {
                for (k, &e) in energies.iter().enumerate().filter(|(k, _)| first + k < req.traces) {
                    points[k].push([sweep as f64, e]);
                    flush(first + k, &mut points[k], false);
                }
            }
            !(cancel.is_cancelled() || (sweep.is_multiple_of(16) && out_of_time()))
        };
        let outcomes = kernel.reads(&schedule, &streams, &mut observe);
        outcomes
            .into_iter()
            .enumerate()
            .map(|(k, r)| {
                flush(first + k, &mut points[k], true);
                let result = ReadResult {
                    complete: r.sweeps_done == schedule.len(),
                    flips: (r.sweeps_done * q.len()) as u64,
                    energy: r.energy,
                    found: vec![(r.state, r.energy)],
                };
                finish(first + k, &result);
                result
            })
            .collect()
    };
    let tabu_read_at = |read: usize, p: &TabuParams| -> ReadResult {
        if stopping() {
            return not_run();
        }
        let mut rng = Rng::for_read(req.seed, read as u64);
        let mut points: Vec<[f64; 2]> = Vec::new();
        let mut found = Vec::new();
        let mut search = 0usize;
        let reached = std::cell::Cell::new(false);
        let mut record = |x: &[u8], e: f64| {
            search += 1;
            if read < req.traces {
                points.push([search as f64, e]);
                flush(read, &mut points, false);
            }
            reached.set(reached.get() || target_hit(e));
            found.push((x.to_vec(), e));
        };
        let mut stop = || reached.get() || cancel.is_cancelled() || out_of_time();
        let (_, e) = tabu_read(q, p, &mut rng, &mut record, &mut stop);
        flush(read, &mut points, true);
        let searches = found.len() as u64;
        let result = ReadResult {
            complete: searches == p.restarts as u64 + 1 || target_hit(e),
            flips: searches * p.evaluations_for(q.len()),
            energy: e,
            found,
        };
        finish(read, &result);
        result
    };
    let threads = pool.current_num_threads();
    let mut collector = SampleCollector::default();
    let mut read_energies = Vec::new();
    let mut flips = 0u64;
    let mut stop = Stop::Done;
    let mut first = 0;
    while first < req.reads {
        let last = (first + BATCH).min(req.reads);
        let batch: Vec<ReadResult> = match &req.solver {
            Solver::Anneal(_) => map_in_order(&pool, lane_groups(first, last, threads), anneal_group)
                .into_iter()
                .flatten()
                .collect(),
            Solver::Tabu(p) => map_in_order(&pool, (first..last).collect(), |r| tabu_read_at(r, p)),
        };
        if cancel.is_cancelled() {
            return Err(SolveError::Cancelled(Cancelled));
        }
        for r in batch {
            flips += r.flips;
            if !r.complete {
                // Cut by the clock (a cancelled run has returned above). The
                // other reads of the batch that finished still count.
                if keeps_unfinished {
                    for (x, e) in &r.found {
                        collector.add(x, *e);
                    }
                }
                stop = Stop::TimeLimit;
                continue;
            }
            for (x, e) in &r.found {
                collector.add(x, *e);
            }
            read_energies.push(r.energy);
            if target_hit(r.energy) {
                stop = Stop::Target;
                break;
            }
        }
        if stop != Stop::Done {
            break;
        }
        if out_of_time() {
            stop = Stop::TimeLimit;
            break;
        }
        first = last;
    }
    Ok(SampleSet {
        reads: read_energies.len(),
        distinct: collector.distinct(),
        samples: collector.best(req.keep),
        read_energies,
        flips,
        stop,
        seconds: t0.elapsed().as_secs_f64(),
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

/// Splits reads `first..last` into groups (first read, count) for the
/// annealing kernel: as wide as the CPU allows while every thread still gets a
/// group; a rest of two or more reads goes in one group with idle lanes (still
/// faster than one read after the other). A read's result does not depend on
/// its group, so this only decides speed.
fn lane_groups(first: usize, last: usize, threads: usize) -> Vec<(usize, usize)> {
    let widest = group_widths()
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
            let groups = lane_groups(first, last, threads);
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
