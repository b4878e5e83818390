//! One entry point for every engine: count the deployments of a fleet.

use super::auto;
use super::counters::{Capabilities, CountInput, CountRequest, Engine, Question};
use super::{CountError, FleetCover};
use crate::geometry::{Board, Fleet};
use crate::run::{CancelFlag, Progress};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

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
    let input = CountInput::new(board, fleet, req, cover);
    let (engine, note) = match req.engine.counter() {
        None => {
            let (engine, why) = auto::choose(&input, Question::Count);
            (engine, Some(why))
        }
        Some(counter) => (req.engine, counter.chosen_note(&input)),
    };
    let (labelled, engine, note) = pool.install(|| count_with(&input, engine, note, cancel, progress))?;
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

/// Counts with `engine`, handing the setup on where a counter refuses it or
/// stops short (the note then says why and which counter counted), and
/// refusing what a count in 128 bits might not hold.
fn count_with(
    input: &CountInput,
    mut engine: Engine,
    mut note: Option<String>,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<(u128, Engine, Option<String>), CountError> {
    // The product of the placement counts bounds the count.
    let bound = input.may_overflow();
    loop {
        let counter = engine.counter().expect("a counter, not auto");
        let caps = counter.capabilities();
        if let (Some(bound), false) = (bound, caps.past_u128) {
            return Err(CountError::Invalid(format!(
                "the count may exceed 2^128 (up to {bound:.2e}): the {} engine counts in 128 bits; use frontier or auto",
                engine.name()
            )));
        }
        let (why, next) = match counter.refuses(input) {
            Some(why) => {
                let next = next_after(engine, caps, input).ok_or_else(|| CountError::Invalid(why.clone()))?;
                (why, next)
            }
            None => match counter.count(input, cancel, progress) {
                Ok(labelled) => return Ok((labelled, engine, note)),
                // Stopped short (too wide, too many states): the next one, if
                // it can hold the count.
                Err(CountError::Invalid(why)) => match next_after(engine, caps, input) {
                    Some(next) if bound.is_none() || next.counter().is_some_and(|c| c.capabilities().past_u128) => {
                        (why, next)
                    }
                    _ => return Err(CountError::Invalid(why)),
                },
                Err(e) => return Err(e),
            },
        };
        note = Some(counter.hand_over_note(&why, next));
        engine = next;
    }
}

/// Who takes a setup `engine` refuses or cannot finish: the bitboard counter
/// when it takes the setup (and is not the one handing it on), else the
/// counter's own fallback.
fn next_after(engine: Engine, caps: Capabilities, input: &CountInput) -> Option<Engine> {
    let fallback = caps.falls_back_to?;
    let bitboard_takes = engine != Engine::Fast && Engine::Fast.counter().is_some_and(|c| c.refuses(input).is_none());
    Some(if bitboard_takes { Engine::Fast } else { fallback })
}
