//! Questions built on counting: where ships are likely to be (occupancy heat map,
//! the hunter's view) and how much each island or cell changes the count (fairness).

use super::auto;
use super::count::count_deployments;
use super::counters::{CountInput, CountRequest, Engine, Maps, Question};
use super::split::split_occupancy;
use super::{CountError, FleetCover};
use crate::geometry::{Board, Coord, Fleet};
use crate::run::{CancelFlag, Cancelled, Progress};

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
/// the bitboard counter up to 128 cells, the cluster counter on large
/// rectangles, DLX enumeration beyond; `auto` picks.
pub fn occupancy(
    board: &Board,
    fleet: &Fleet,
    req: &CountRequest,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Occupancy, CountError> {
    let cover = FleetCover::new(board, fleet, req.rule, &req.observations).map_err(CountError::Invalid)?;
    let input = CountInput::new(board, fleet, req, &cover);
    let engine = match req.engine {
        Engine::Auto => {
            // With hits on a small board and a few ships, splitting on the hits is
            // the quickest: a hunt's first hits take a tenth of the frontier's time,
            // and once ships are sunk (their hits are split at once) far less too.
            // The split is sequential: it runs on the caller's thread.
            if let Some((total, heat)) = split_occupancy(&cover, cancel)? {
                let cells = cover.index.cells().iter().copied().zip(heat).collect();
                return Ok(Occupancy { total, cells });
            }
            auto::choose(&input, Question::Occupancy).0
        }
        e => e,
    };
    let (total, heat) = map_with(&input, engine, cancel, progress)?;
    let cells = cover.index.cells().iter().copied().zip(heat).collect();
    Ok(Occupancy { total, cells })
}

/// The counter that makes `engine`'s map of `input`: the engine itself when it
/// makes such maps without visiting every deployment, else the bitboard
/// counter (at most 128 cells; exact too, and far quicker), else enumeration.
fn map_maker(input: &CountInput, engine: Engine) -> Engine {
    let makes = engine.counter().is_some_and(|c| {
        let caps = c.capabilities();
        let shape = match caps.occupancy {
            Maps::Any => true,
            Maps::Rectangles => input.board.dims().is_some(),
        };
        shape && !caps.enumerates && c.refuses(input).is_none()
    });
    if makes {
        engine
    } else if Engine::Fast.counter().is_some_and(|c| c.refuses(input).is_none()) {
        Engine::Fast
    } else {
        Engine::Dlx
    }
}

/// The map by [`map_maker`]'s counter; one that stops short (the frontier:
/// too wide, too many states) hands over once, to the bitboard counter or
/// enumeration, when they can hold the counts.
fn map_with(
    input: &CountInput,
    engine: Engine,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<(u128, Vec<u128>), CountError> {
    let maker = map_maker(input, engine);
    let counter = maker.counter().expect("a counter, not auto");
    let bound = input.may_overflow();
    if let (Some(bound), false) = (bound, counter.capabilities().past_u128) {
        return Err(CountError::Invalid(format!(
            "the counts may exceed 2^128 (up to {bound:.2e}): use the frontier engine"
        )));
    }
    match counter.occupancy(input, cancel, progress) {
        Err(CountError::Invalid(why)) if counter.capabilities().falls_back_to.is_some() => {
            let next = map_maker(input, Engine::Dlx);
            let holds = next.counter().is_some_and(|c| c.capabilities().past_u128);
            if next == maker || (bound.is_some() && !holds) {
                return Err(CountError::Invalid(why));
            }
            next.counter().expect("a counter").occupancy(input, cancel, progress)
        }
        r => r,
    }
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
