//! One entry point for every engine: count the deployments of a fleet.

use super::auto::{choose_count, frontier_count};
use super::bitboard::BitboardCounter;
use super::counters::{Engine, cluster_frame};
use super::parallel::count_parallel;
use super::{CountError, FleetCover};
use crate::geometry::{Board, Fleet};
use crate::geometry::{Observations, TouchRule};
use crate::run::{CancelFlag, Progress};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct CountRequest {
    pub engine: Engine,
    /// Worker threads; 0 = all cores.
    pub threads: usize,
    pub rule: TouchRule,
    pub observations: Observations,
}

/// A count's numbers (counts as decimal text in serde formats: they pass 2^64).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountResult {
    /// Every ship distinct (the number the published counts quote).
    #[serde(with = "super::decimal")]
    pub labelled: u128,
    /// Ships of identical shape interchangeable.
    #[serde(with = "super::decimal")]
    pub distinct_layouts: u128,
    /// Placements per piece (after observations and rule).
    pub placements: Vec<usize>,
    /// The engine that actually ran.
    pub engine: Engine,
    /// Anything the caller should tell the user (e.g. a fallback).
    pub note: Option<String>,
}

/// ∏ m! over groups of pieces with the same shape (same set of orientations):
/// labelled counts are exactly this many times the distinct layouts. `None`
/// when it does not fit in u128 (then any labelled count that fits is 0).
pub fn distinct_layout_divisor(fleet: &Fleet) -> Option<u128> {
    let mut groups: HashMap<Vec<crate::geometry::Coord>, u128> = HashMap::new();
    for p in &fleet.pieces {
        let key = p
            .orientations(fleet.lattice, fleet.allow_mirror)
            .into_iter()
            .map(|o| o.cells)
            .min()
            .unwrap_or_default();
        *groups.entry(key).or_default() += 1;
    }
    groups
        .values()
        .try_fold(1u128, |acc, &m| (1..=m).try_fold(acc, |a, k| a.checked_mul(k)))
}

/// Past 128 cells the bitboard counter stops; the cluster counter then takes
/// a plain board when its whole run (the same for every board size) is
/// quick, or quicker than the frontier counter would be. The frontier's time
/// roughly doubles with each cell of the board's shorter side (classic fleet,
/// measured: 12×12 2.9 CPU-s and 16×16 110 with ships that may not touch, 4.5
/// and 65 with ships that may), so it is guessed as 3 s × 2.2^(side − 12).
const CLUSTERS_QUICK: f64 = 2.0;

/// Why `auto` counts with the cluster counter, or `None` when it should not.
/// (The old chain, kept beside `auto::choose` while a test compares them.)
#[doc(hidden)]
pub fn auto_clusters(board: &Board, fleet: &Fleet, cover: &FleetCover, req: &CountRequest) -> Option<String> {
    let frame = cluster_frame(board, fleet, &req.observations).ok()?;
    let cells = cover.index.len();
    if cells <= 128 {
        return None;
    }
    let est = super::ClusterCounter::plan(fleet, req.rule).ok()?.estimated_seconds();
    let side = match frame {
        super::Frame::Rect { rows, cols } => rows.min(cols),
        super::Frame::Hexagon { radius } => 2 * radius + 1,
    };
    let frontier = 3.0 * 2.2f64.powi(side - 12);
    (est < CLUSTERS_QUICK || est < frontier).then(|| {
        format!(
            "auto: {} pieces on a plain board of {cells} cells, the cluster counter (about {est:.1} CPU-s, the \
             same on any board size)",
            fleet.pieces.len()
        )
    })
}

/// The shared worker pool for `threads` (0 = one per core).
pub(super) fn worker_pool(threads: usize) -> Result<std::sync::Arc<rayon::ThreadPool>, CountError> {
    crate::run::pool(threads).map_err(CountError::Invalid)
}

/// Counts the deployments of `fleet` on `board` under the request's rule and observations.
pub fn count_deployments(
    board: &Board,
    fleet: &Fleet,
    req: &CountRequest,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<CountResult, CountError> {
    let cover = FleetCover::new(board, fleet, req.rule, &req.observations).map_err(CountError::Invalid)?;
    count_cover(board, fleet, &cover, req, cancel, progress)
}

/// [`count_deployments`] on the cover the caller made of the same board,
/// fleet, rule and observations (a command that ends when cancelled need not
/// free a large board's placement tables first).
pub fn count_cover(
    board: &Board,
    fleet: &Fleet,
    cover: &FleetCover,
    req: &CountRequest,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<CountResult, CountError> {
    let pool = worker_pool(req.threads)?;
    // Answers that need no search: more ship cells than free cells, a piece
    // with nowhere to go.
    let ship_cells: usize = fleet.pieces.iter().map(|p| p.len()).sum();
    let empty = if ship_cells > cover.index.len() {
        Some(format!(
            "the ships cover {ship_cells} cells but only {} are free: no deployment",
            cover.index.len()
        ))
    } else {
        cover
            .placements
            .iter()
            .position(Vec::is_empty)
            .map(|p| format!("the {} has nowhere to go: no deployment", fleet.pieces[p].name))
    };
    if let Some(why) = empty {
        return Ok(CountResult {
            labelled: 0,
            distinct_layouts: 0,
            placements: cover.placement_counts(),
            engine: req.engine,
            note: Some(why),
        });
    }
    // The bitboard and DLX engines count in u128: refuse what might not fit
    // (the product of the placement counts bounds the count).
    let bound: f64 = cover.placements.iter().map(|p| p.len() as f64).product();
    let may_overflow = bound >= 2f64.powi(127);
    let (mut engine, mut note) = match req.engine {
        Engine::Auto => match auto_clusters(board, fleet, cover, req) {
            Some(why) => (Engine::Clusters, Some(why)),
            None => {
                let (e, why) = choose_count(cover);
                (e, Some(why))
            }
        },
        Engine::Frontier => {
            let w = super::window_width(&super::frontier_input(cover));
            (Engine::Frontier, Some(format!("frontier window {w} cells")))
        }
        e => (e, None),
    };
    if may_overflow && !matches!(engine, Engine::Frontier | Engine::Auto | Engine::Clusters) {
        return Err(CountError::Invalid(format!(
            "the count may exceed 2^128 (up to {bound:.2e}): the {} engine counts in 128 bits; use frontier or auto",
            engine.name()
        )));
    }
    if engine == Engine::Clusters {
        match cluster_frame(board, fleet, &req.observations) {
            Ok(frame) => {
                let counter = super::ClusterCounter::new(fleet, req.rule, cancel, &|done, total| {
                    progress(Progress { done, total })
                })?;
                let labelled = u128::try_from(counter.count(frame)?)
                    .map_err(|_| CountError::Invalid("the cluster sum came out negative".into()))?;
                return Ok(CountResult {
                    labelled,
                    distinct_layouts: distinct_layout_divisor(fleet).map_or(0, |d| labelled / d),
                    placements: cover.placement_counts(),
                    engine,
                    note,
                });
            }
            Err(why) => {
                engine = if cover.index.len() <= 128 {
                    Engine::Fast
                } else {
                    Engine::Frontier
                };
                note = Some(format!("{why}: counted with {}", engine.name()));
            }
        }
    }
    let labelled = pool.install(|| {
        if engine == Engine::Frontier {
            match frontier_count(cover, false, cancel, progress) {
                Ok(r) => return Ok(r.labelled),
                Err(CountError::Invalid(why)) if may_overflow => return Err(CountError::Invalid(why)),
                Err(CountError::Invalid(why)) => {
                    engine = if cover.index.len() <= 128 {
                        Engine::Fast
                    } else {
                        Engine::Dlx
                    };
                    note = Some(format!(
                        "the frontier counter stopped ({why}): counted with {}",
                        engine.name()
                    ));
                }
                Err(e) => return Err(e),
            }
        }
        if engine == Engine::Fast {
            match BitboardCounter::new(cover, true) {
                Some(counter) => {
                    return counter.count(cancel, &|done, total| progress(Progress { done, total }));
                }
                None => {
                    note = Some(format!(
                        "{} playable cells is over the bitboard counter's 128: counted with DLX",
                        cover.index.len()
                    ));
                    engine = Engine::Dlx;
                }
            }
        }
        count_parallel(&cover.exact_cover(), engine == Engine::Dlx, cancel, progress)
    })?;
    Ok(CountResult {
        labelled,
        distinct_layouts: match distinct_layout_divisor(fleet) {
            Some(d) => labelled / d,
            None => 0,
        },
        placements: cover.placement_counts(),
        engine,
        note,
    })
}
