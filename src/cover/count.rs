//! One entry point for every engine: count the deployments of a fleet.

use super::auto::{choose_count, frontier_count};
use super::bitboard::BitboardCounter;
use super::parallel::count_parallel;
use super::{CountError, FleetCover};
use crate::geometry::{Board, Fleet};
use crate::geometry::{Observations, TouchRule};
use crate::run::{CancelFlag, Progress};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Engine {
    /// The fastest engine for the setup (see `auto.rs`); the result says which ran and why.
    #[default]
    Auto,
    /// Dancing links with the last-item shortcut.
    Dlx,
    /// Dancing links exactly as Knuth's Algorithm X/C branches (no shortcut).
    DlxPlain,
    /// The bitboard counter (boards of at most 128 playable cells; DLX beyond).
    Fast,
    /// The frontier (transfer-matrix) counter: cost grows with the board's width.
    Frontier,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Dlx => "dlx",
            Engine::DlxPlain => "dlx-plain",
            Engine::Fast => "fast",
            Engine::Frontier => "frontier",
        }
    }
    pub const ALL: [Engine; 5] = [
        Engine::Auto,
        Engine::Fast,
        Engine::Frontier,
        Engine::Dlx,
        Engine::DlxPlain,
    ];
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct CountRequest {
    pub engine: Engine,
    /// Worker threads; 0 = all cores.
    pub threads: usize,
    pub rule: TouchRule,
    pub observations: Observations,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountResult {
    /// Every ship distinct (the number the published counts quote).
    pub labelled: u128,
    /// Ships of identical shape interchangeable.
    pub distinct_layouts: u128,
    /// Placements per piece (after observations and rule).
    pub placements: Vec<usize>,
    /// The engine that actually ran.
    pub engine: Engine,
    /// Anything the caller should tell the user (e.g. a fallback).
    pub note: Option<String>,
}

/// ∏ m! over groups of pieces with the same shape (same set of orientations):
/// labelled counts are exactly this many times the distinct layouts.
pub fn distinct_layout_divisor(fleet: &Fleet) -> u128 {
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
    groups.values().map(|&m| (1..=m).product::<u128>()).product()
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
    let pool = worker_pool(req.threads)?;
    let (mut engine, mut note) = match req.engine {
        Engine::Auto => {
            let (e, why) = choose_count(&cover);
            (e, Some(why))
        }
        Engine::Frontier => {
            let w = super::window_width(&super::frontier_input(&cover));
            (Engine::Frontier, Some(format!("frontier window {w} cells")))
        }
        e => (e, None),
    };
    let labelled = pool.install(|| {
        if engine == Engine::Frontier {
            match frontier_count(&cover, false, cancel, progress) {
                Ok(r) => return Ok(r.labelled),
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
            match BitboardCounter::new(&cover, true) {
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
        distinct_layouts: labelled / distinct_layout_divisor(fleet),
        placements: cover.placement_counts(),
        engine,
        note,
    })
}
