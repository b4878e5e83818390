//! Games between strategies and hidden fleets, and what they add up to.
//!
//! A game: the hider's fleet is fixed, the player fires until every ship
//! cell is hit; each answer is hit, miss or "sunk" (the last cell of a ship,
//! which names the ship), as the game rules announce it. The lab plays every
//! strategy against the same fleets (uniform over the deployments the rules
//! allow, from a seed; or adversarial ones, found by a search for the fleets
//! the exact player needs longest for) and reports shots to sink the fleet.

use super::arena::{Arena, exact_shots, play};
use super::maps::MapSource;
use super::players::StrategyKind;
use crate::cover::CountError;
use crate::geometry::{Board, Deployment, Fleet, FleetSampler, TouchRule};
use crate::run::{CancelFlag, Progress};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// Most games one run plays per strategy.
pub const MAX_GAMES: usize = 100_000;

/// Which fleets the strategies hunt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Hiders {
    /// Uniform over the deployments the rules allow.
    Random,
    /// The fleets the exact player needs longest for: `pool` random fleets
    /// tried, the slowest kept, each then moved ship by ship (`steps` tries)
    /// while the exact player needs no fewer shots.
    Adversarial { pool: usize, steps: usize },
}

/// What a run is asked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabRequest {
    pub strategies: Vec<StrategyKind>,
    pub games: usize,
    pub seed: u64,
    pub hiders: Hiders,
    /// Worker threads (0 = every core); never changes the result.
    pub threads: usize,
    /// A game stops here (a safeguard: every strategy here sinks a fleet in
    /// at most the board's cells).
    pub max_shots: usize,
}

/// Shots to sink the fleet, per strategy, game by game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabReport {
    pub results: Vec<(StrategyKind, Vec<u32>)>,
    /// The fleets hunted, in game order.
    pub fleets: Vec<Deployment>,
    /// CPU seconds of every exact map made (maps read back from an earlier game are not in it).
    pub map_seconds: Vec<f64>,
    /// Cancelled part-way: the report holds the games finished before it.
    pub cancelled: bool,
}

/// The fleets a run hunts.
/// The flag is looked at before each fleet drawn: a draw on a board the
/// fleet barely fits may take milliseconds, and a run may ask for 100,000.
pub fn hidden_fleets(arena: &Arena<'_>, req: &LabRequest, cancel: &CancelFlag) -> Result<Vec<Deployment>, CountError> {
    let invalid = |e: crate::geometry::GeometryError| CountError::Invalid(e.to_string());
    let sampler = FleetSampler::new(arena.board, arena.fleet, arena.rule).map_err(invalid)?;
    let draw = |i: usize| -> Result<Deployment, CountError> {
        cancel.check()?;
        sampler
            .draw(req.seed.wrapping_add(i as u64))
            .map(|d| d.deployment)
            .map_err(invalid)
    };
    match req.hiders {
        Hiders::Random => (0..req.games).map(draw).collect(),
        Hiders::Adversarial { pool, steps } => {
            let pool = pool.max(req.games);
            let mut scored = Vec::with_capacity(pool);
            for i in 0..pool {
                let d = draw(i)?;
                let n = exact_shots(arena, &d, req.max_shots)?;
                scored.push((n, i, d));
            }
            scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            scored.truncate(req.games);
            let mut rng = ChaCha8Rng::seed_from_u64(req.seed ^ 0xADD5);
            let mut out = Vec::with_capacity(req.games);
            for (n, _, d) in scored {
                out.push(super::adversary::harden(
                    arena,
                    d,
                    n,
                    steps,
                    req.max_shots,
                    &mut rng,
                    cancel,
                )?);
            }
            Ok(out)
        }
    }
}

/// Every strategy against the same fleets. `progress` counts fleets whose
/// games every strategy has played. Cancelled after some games, the report
/// holds those (`cancelled` set); before any, the error says so.
pub fn run_lab(
    board: &Board,
    fleet: &Fleet,
    rule: TouchRule,
    req: &LabRequest,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<LabReport, CountError> {
    run_lab_watched(board, fleet, rule, req, cancel, progress, &|_| {})
}

/// [`run_lab`], telling `finished` the shots of every strategy (in the
/// request's order) as each game ends, so a long run can be read while it
/// plays (games end in any order; each is every strategy on one fleet).
pub fn run_lab_watched(
    board: &Board,
    fleet: &Fleet,
    rule: TouchRule,
    req: &LabRequest,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
    finished: &(dyn Fn(&[u32]) + Sync),
) -> Result<LabReport, CountError> {
    if req.games == 0 || req.games > MAX_GAMES {
        return Err(CountError::Invalid(format!(
            "games must be 1 to {MAX_GAMES}, not {}",
            req.games
        )));
    }
    if req.strategies.is_empty() {
        return Err(CountError::Invalid("no strategy to play".into()));
    }
    let maps = MapSource::new(board, fleet, rule, cancel);
    let arena = Arena {
        board,
        fleet,
        rule,
        maps: &maps,
    };
    let fleets = hidden_fleets(&arena, req, cancel)?;
    let total = fleets.len() as u64;
    let done = std::sync::atomic::AtomicU64::new(0);
    let pool = crate::run::pool(req.threads).map_err(CountError::Invalid)?;
    // Each game plays every strategy on its fleet, so progress (and its
    // estimate of the time left) moves evenly, and a cancelled run keeps
    // whole games: every strategy on the same fleets.
    let games: Vec<Option<Vec<u32>>> = pool.install(|| {
        fleets
            .par_iter()
            .enumerate()
            .map(|(g, hidden)| {
                let seed = req.seed.wrapping_mul(0x9E37_79B9).wrapping_add(g as u64);
                let mut row = Vec::with_capacity(req.strategies.len());
                for &kind in &req.strategies {
                    if cancel.is_cancelled() {
                        return Ok(None);
                    }
                    match play(&arena, kind, hidden, seed, req.max_shots) {
                        Ok(r) => row.push(r.shots.len() as u32),
                        Err(CountError::Cancelled(_)) => return Ok(None),
                        Err(e) => return Err(e),
                    }
                }
                finished(&row);
                let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                progress(Progress { done: d, total });
                Ok(Some(row))
            })
            .collect::<Result<Vec<_>, CountError>>()
    })?;
    let cancelled = games.iter().any(Option::is_none);
    let kept: Vec<(Deployment, Vec<u32>)> = fleets
        .into_iter()
        .zip(games)
        .filter_map(|(f, row)| row.map(|r| (f, r)))
        .collect();
    if kept.is_empty() {
        return Err(CountError::Cancelled(crate::run::Cancelled));
    }
    let results = req
        .strategies
        .iter()
        .enumerate()
        .map(|(i, &kind)| (kind, kept.iter().map(|(_, row)| row[i]).collect()))
        .collect();
    Ok(LabReport {
        results,
        fleets: kept.into_iter().map(|(f, _)| f).collect(),
        map_seconds: maps.timings(),
        cancelled,
    })
}
