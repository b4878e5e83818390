//! Questions built on counting: where ships are likely to be (occupancy heat map,
//! the hunter's view) and how much each island or cell changes the count (fairness).

use super::auto::{choose_occupancy, frontier_count};
use super::bitboard::BitboardCounter;
use super::count::{CountRequest, count_deployments, worker_pool};
use super::counters::{Engine, cluster_frame};
use super::dlx::Dlx;
use super::{ClusterCounter, Frame};
use super::{CountError, FleetCover};
use crate::geometry::{Board, Coord, Fleet};
use crate::run::{CancelFlag, Cancelled, Progress};
use std::ops::ControlFlow;

/// How many deployments (consistent with the observations) occupy each cell
/// (counts as decimal text in serde formats: they pass 2^64).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Occupancy {
    /// Labelled deployments consistent with the observations.
    #[serde(with = "super::decimal")]
    pub total: u128,
    /// Playable, unobserved-water cells with the number of deployments covering them.
    #[serde(with = "super::decimal::cells")]
    pub cells: Vec<(Coord, u128)>,
}

impl Occupancy {
    /// The most likely cell to hit that is not already a known hit.
    pub fn best_shot(&self, hits: &std::collections::BTreeSet<Coord>) -> Option<Coord> {
        self.cells
            .iter()
            .filter(|(c, _)| !hits.contains(c))
            .max_by_key(|(c, n)| (*n, std::cmp::Reverse(*c)))
            .map(|(c, _)| *c)
    }
}

/// Exact occupancy counts: the frontier counter (forward and backward pass),
/// the bitboard counter up to 128 cells, DLX enumeration beyond; `auto` picks.
pub fn occupancy(
    board: &Board,
    fleet: &Fleet,
    req: &CountRequest,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Occupancy, CountError> {
    let cover = FleetCover::new(board, fleet, req.rule, &req.observations).map_err(CountError::Invalid)?;
    if let Some(frame) = cluster_occupancy_frame(board, fleet, &cover, req) {
        let counter = ClusterCounter::new_with_cells(fleet, req.rule, cancel, &|done, total| {
            progress(Progress { done, total })
        })?;
        let (total, heat) = counter.occupancy(frame, cancel)?;
        let Frame::Rect { cols, .. } = frame else {
            unreachable!("cluster occupancy maps are made on rectangles")
        };
        let as_count = |v: i128| u128::try_from(v).map_err(|_| CountError::Invalid("a negative cluster sum".into()));
        let cells = cover
            .index
            .cells()
            .iter()
            .map(|c| Ok((*c, as_count(heat[(c.0 * cols + c.1) as usize])?)))
            .collect::<Result<Vec<_>, CountError>>()?;
        return Ok(Occupancy {
            total: as_count(total)?,
            cells,
        });
    }
    occupancy_of(&cover, req, cancel, progress)
}

/// The map after a miss at `miss`, from the map `before` it (made for `req`,
/// whose observations hold misses only): the deployments that leave the cell
/// empty are those before less those covering it, and the latter come from
/// the split on that one cell. A hunt's early misses break the board's
/// symmetry, which the bitboard counter needs; the split does not, so this
/// is the quicker way there. `None` when the observations hold more than
/// misses (a hit's sinking rules make "covered" differ from "hit").
pub fn occupancy_after_miss(
    board: &Board,
    fleet: &Fleet,
    req: &CountRequest,
    before: &Occupancy,
    miss: Coord,
    cancel: &CancelFlag,
) -> Result<Option<Occupancy>, CountError> {
    let obs = &req.observations;
    if !obs.hits.is_empty() || !obs.sunk.is_empty() || obs.misses.contains(&miss) {
        return Ok(None);
    }
    let mut covering = req.clone();
    covering.observations.hits.insert(miss);
    // A covered cell, not a hit the game answered: no sinking is implied.
    covering.observations.sinkings_announced = false;
    let covered = occupancy(board, fleet, &covering, cancel, &|_| {})?;
    let through: std::collections::HashMap<Coord, u128> = covered.cells.iter().copied().collect();
    let less = |a: u128, b: u128| {
        a.checked_sub(b)
            .ok_or_else(|| CountError::Invalid("a map does not belong to these observations".into()))
    };
    let cells = before
        .cells
        .iter()
        .filter(|(c, _)| *c != miss)
        .map(|&(c, n)| Ok((c, less(n, through.get(&c).copied().unwrap_or(0))?)))
        .collect::<Result<Vec<_>, CountError>>()?;
    Ok(Some(Occupancy {
        total: less(before.total, covered.total)?,
        cells,
    }))
}

/// The rectangle to make an occupancy map on with the cluster counter: asked
/// for, or picked by `auto` past the bitboard counter's 128 cells when the
/// clusters come quickly (their cells make the run a few times longer than a count).
/// (The old chain, kept beside `auto::choose` while a test compares them.)
#[doc(hidden)]
pub fn cluster_occupancy_frame(board: &Board, fleet: &Fleet, cover: &FleetCover, req: &CountRequest) -> Option<Frame> {
    let frame = cluster_frame(board, fleet, &req.observations).ok()?;
    if !matches!(frame, Frame::Rect { .. }) {
        return None;
    }
    match req.engine {
        Engine::Clusters => Some(frame),
        Engine::Auto if cover.index.len() > 128 => {
            let est = ClusterCounter::plan(fleet, req.rule).ok()?.estimated_seconds();
            (est < CLUSTER_OCCUPANCY_QUICK).then_some(frame)
        }
        _ => None,
    }
}

/// `auto` makes occupancy maps with the cluster counter when its count would
/// take less than this (the classic fleet, ships that may touch: 0.5 CPU-s).
const CLUSTER_OCCUPANCY_QUICK: f64 = 1.0;

fn occupancy_of(
    cover: &FleetCover,
    req: &CountRequest,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Occupancy, CountError> {
    // With hits on a small board and a few ships, splitting on the hits is
    // the quickest: a hunt's first hits take a tenth of the frontier's time,
    // and once ships are sunk (their hits are split at once) far less too.
    // The split is sequential: it runs on the caller's thread.
    if req.engine == Engine::Auto
        && let Some((total, heat)) = super::split::split_occupancy(cover, cancel)?
    {
        let cells = cover.index.cells().iter().zip(heat).map(|(c, n)| (*c, n)).collect();
        return Ok(Occupancy { total, cells });
    }
    let engine = match req.engine {
        Engine::Auto => choose_occupancy(cover).0,
        e => e,
    };
    // The bitboard and DLX heat maps count in u128 (see `count_deployments`).
    let bound: f64 = cover.placements.iter().map(|p| p.len() as f64).product();
    if bound >= 2f64.powi(127) && engine != Engine::Frontier {
        return Err(CountError::Invalid(format!(
            "the counts may exceed 2^128 (up to {bound:.2e}): use the frontier engine"
        )));
    }
    if engine == Engine::Frontier {
        match frontier_count(cover, true, cancel, progress) {
            Ok(r) => {
                let cells = cover.index.cells().iter().copied().zip(r.occupancy).collect();
                return Ok(Occupancy {
                    total: r.labelled,
                    cells,
                });
            }
            Err(CountError::Invalid(_)) => {} // too wide or too many states: the others below
            Err(e) => return Err(e),
        }
    }
    let pool = worker_pool(req.threads)?;
    let (total, heat) = match BitboardCounter::new(cover, true) {
        // One thread asked for: the map is made on the caller's thread, not
        // handed to the shared one-thread pool (the strategy lab's games, each
        // on a pool thread, would wait there for one another).
        Some(counter) if req.threads == 1 => counter
            .sequential()
            .count_with_heat(cancel, &|done, total| progress(Progress { done, total }))?,
        Some(counter) => {
            pool.install(|| counter.count_with_heat(cancel, &|done, total| progress(Progress { done, total })))?
        }
        None => {
            let ec = cover.exact_cover();
            let mut dlx = Dlx::new(&ec);
            let mut heat = vec![0u128; cover.index.len()];
            let mut total = 0u128;
            let _flow = dlx.enumerate(cancel, &mut |options| {
                total += 1;
                for &o in options {
                    let (piece, k) = cover.option_placement(o);
                    for &c in &cover.placements[piece][k].cells {
                        heat[c as usize] += 1;
                    }
                }
                ControlFlow::Continue(())
            })?;
            (total, heat)
        }
    };
    let cells = cover.index.cells().iter().zip(heat).map(|(c, n)| (*c, n)).collect();
    Ok(Occupancy { total, cells })
}

/// The count after one change to the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhatIf {
    pub cell: Coord,
    /// `true`: an island removed (made water); `false`: a water cell made an island.
    pub was_island: bool,
    pub labelled: u128,
}

/// For each island, the count with it removed; for each playable cell, with it made
/// an island. Progress counts finished variants.
pub fn what_if(
    board: &Board,
    fleet: &Fleet,
    req: &CountRequest,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<WhatIf>, CountError> {
    // Making a cell an island keeps exactly the deployments that leave it empty:
    // one occupancy map answers every such variant (total − deployments covering
    // the cell). Hit cells (their shot goes with the change) and island removals
    // are counted one by one.
    let hits = &req.observations.hits;
    let singles: Vec<(Coord, bool)> = board
        .islands
        .iter()
        .map(|c| (*c, true))
        .chain(hits.iter().map(|c| (*c, false)))
        .collect();
    let total = 1 + singles.len() as u64;
    progress(Progress { done: 0, total });
    let map = occupancy(board, fleet, req, cancel, &|_| {})?;
    progress(Progress { done: 1, total });
    let covering: std::collections::HashMap<Coord, u128> = map.cells.iter().copied().collect();
    let mut out: Vec<WhatIf> = board
        .playable_cells()
        .into_iter()
        .filter(|c| !hits.contains(c))
        .map(|cell| WhatIf {
            cell,
            was_island: false,
            labelled: map.total - covering.get(&cell).copied().unwrap_or(0),
        })
        .collect();
    for (i, (cell, was_island)) in singles.into_iter().enumerate() {
        if cancel.is_cancelled() {
            return Err(CountError::Cancelled(Cancelled));
        }
        let mut b = board.clone();
        b.toggle_island(cell);
        let mut r = req.clone();
        r.observations.clear_cell(cell, fleet);
        let labelled = count_deployments(&b, fleet, &r, cancel, &|_| {})?.labelled;
        out.push(WhatIf {
            cell,
            was_island,
            labelled,
        });
        progress(Progress {
            done: i as u64 + 2,
            total,
        });
    }
    // Islands first, then cells, as before.
    out.sort_by_key(|w| (!w.was_island, w.cell));
    Ok(out)
}
