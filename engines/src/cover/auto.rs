//! Which exact engine counts a setup fastest, and the glue between a
//! [`FleetCover`] and the frontier counter.
//!
//! Measured on this project's benchmarks (`bench count`, `bench hunt`): the
//! bitboard counter wins for a few ships on at most 128 cells (classic 10×10:
//! 0.02 CPU-s against the frontier's 0.5), because its cost grows with the
//! deployments of the last ships it does not enumerate; the frontier counter
//! wins as soon as there are many ships (the Russian fleet: under a second
//! against many minutes), because its cost grows with the board's width; both
//! beat dancing links, which stays for boards past 128 cells with wide windows.

use super::counters::{CountInput, Engine, Question, Suitability};
use super::frontier::{self, FrontierError, FrontierInput, Options, PieceGroup};
use super::{CountError, FleetCover};
use crate::run::{CancelFlag, Progress};

/// At most this many ships (on at most 128 cells) go to the bitboard counter.
const BITBOARD_SHIPS: usize = 6;
/// A window this narrow makes the frontier counter the fastest even for few
/// ships (the 2008 hex halves: 0.02–0.03 CPU-s against the bitboard's 0.07).
const NARROW_WINDOW: usize = 30;
/// Windows wider than this make the frontier slow; DLX takes those boards.
const FRONTIER_WINDOW: usize = 400;
/// Memory the frontier counter may use (occupancy keeps checkpoints beyond it).
const FRONTIER_MEMORY: usize = 2 << 30;

/// The engine `auto` picks for `question`, and why (one sentence for the
/// user): the counter that ranks itself lowest ([`Counter::suits`], the
/// policy in `counters::rank`), ties to the list's first.
///
/// [`Counter::suits`]: super::counters::Counter::suits
pub fn choose(input: &CountInput, question: Question) -> (Engine, String) {
    let mut best: Option<(Engine, Suitability)> = None;
    for (engine, counter) in Engine::counters() {
        if let Some(s) = counter.suits(input, question)
            && best.as_ref().is_none_or(|b| s.rank < b.1.rank)
        {
            best = Some((engine, s));
        }
    }
    let (engine, s) = best.expect("dancing links suit every setup");
    (engine, s.why)
}

/// The engine `auto` picks for counting, and why (one sentence for the user).
pub fn choose_count(cover: &FleetCover) -> (Engine, String) {
    let (cells, ships) = (cover.index.len(), cover.placements.len());
    let w = frontier::window_width(&frontier_input(cover));
    if w <= NARROW_WINDOW {
        return (
            Engine::Frontier,
            format!("auto: a frontier window of only {w} cells, the frontier counter is fastest"),
        );
    }
    if cells <= 128 && ships <= BITBOARD_SHIPS {
        return (
            Engine::Fast,
            format!("auto: {ships} ships on {cells} cells, the bitboard counter is fastest"),
        );
    }
    if w <= FRONTIER_WINDOW {
        let why = if cells > 128 {
            format!("{cells} cells")
        } else {
            format!("{ships} ships")
        };
        return (
            Engine::Frontier,
            format!("auto: {why}, the frontier counter (window {w} cells) is fastest"),
        );
    }
    (
        Engine::Dlx,
        format!("auto: {cells} cells with a frontier window of {w}, dancing links"),
    )
}

/// The engine `auto` picks for an occupancy map, and why. Without hits the
/// bitboard counter's heat map takes the last three ships by
/// inclusion–exclusion (classic 10×10, no shot: 0.3 CPU-s against the
/// frontier's 1.3); once hits are known the frontier counter is the faster
/// (it prunes everything that misses them).
pub fn choose_occupancy(cover: &FleetCover) -> (Engine, String) {
    let (cells, ships) = (cover.index.len(), cover.placements.len());
    let w = frontier::window_width(&frontier_input(cover));
    if cover.hits.is_empty() && w > NARROW_WINDOW && cells <= 128 && ships <= BITBOARD_SHIPS {
        return (Engine::Fast, "auto: no hits yet, the bitboard counter".into());
    }
    if w <= FRONTIER_WINDOW {
        (
            Engine::Frontier,
            format!("auto: the frontier counter (window {w} cells)"),
        )
    } else if cover.index.len() <= 128 {
        (Engine::Fast, "auto: a wide window, the bitboard counter".into())
    } else {
        (
            Engine::Dlx,
            "auto: a wide window on a large board, dancing links".into(),
        )
    }
}

/// Pieces with identical placement lists (same shape) form one group, so the
/// counts are distinct layouts; × ∏ count! gives labelled deployments.
pub fn frontier_input(cover: &FleetCover) -> FrontierInput {
    let mut groups: Vec<(usize, PieceGroup)> = Vec::new();
    for (piece, list) in cover.placements.iter().enumerate() {
        let same = |rep: usize| {
            let other = &cover.placements[rep];
            other.len() == list.len() && other.iter().zip(list).all(|(a, b)| a.cells == b.cells)
        };
        if let Some((_, g)) = groups.iter_mut().find(|(rep, _)| same(*rep)) {
            g.count += 1;
            continue;
        }
        let placements = list
            .iter()
            .zip(&cover.halos[piece])
            .map(|(p, h)| frontier::Placement {
                cells: p.cells.clone(),
                halo: h.clone(),
            })
            .collect();
        groups.push((piece, PieceGroup { count: 1, placements }));
    }
    FrontierInput {
        n_cells: cover.index.len(),
        groups: groups.into_iter().map(|g| g.1).collect(),
        required: cover.hits.clone(),
    }
}

/// ∏ count! over the groups of [`frontier_input`]; `None` past u128.
fn labelled_factor(input: &FrontierInput) -> Option<u128> {
    input.groups.iter().try_fold(1u128, |acc, g| {
        (1..=g.count as u128).try_fold(acc, |a, k| a.checked_mul(k))
    })
}

impl From<FrontierError> for CountError {
    fn from(e: FrontierError) -> CountError {
        match e {
            FrontierError::Cancelled(c) => CountError::Cancelled(c),
            other => CountError::Invalid(other.to_string()),
        }
    }
}

/// What the frontier counter found: labelled deployments and, if asked,
/// labelled occupancy per playable cell (in `cover.index` order).
pub struct FrontierCount {
    pub labelled: u128,
    pub occupancy: Vec<u128>,
}

/// Runs the frontier counter on a cover; `Invalid` errors (too many states,
/// too wide) let the caller fall back to another engine.
pub fn frontier_count(
    cover: &FleetCover,
    occupancy: bool,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<FrontierCount, CountError> {
    let input = frontier_input(cover);
    let opts = Options {
        occupancy,
        max_memory: FRONTIER_MEMORY,
        ..Options::default()
    };
    let too_big = || CountError::Invalid("the labelled count does not fit in 128 bits".into());
    let factor = labelled_factor(&input).ok_or_else(too_big)?;
    let out = frontier::count(input, &opts, &|| cancel.is_cancelled(), &|done, total| {
        progress(Progress { done, total })
    })?;
    let to_u128 = |n: &frontier::Nat| u128::try_from(n).ok().and_then(|v| v.checked_mul(factor));
    let labelled = to_u128(&out.layouts).ok_or_else(too_big)?;
    let occupancy = out
        .occupancy
        .iter()
        .map(|n| to_u128(n).ok_or_else(too_big))
        .collect::<Result<_, _>>()?;
    Ok(FrontierCount { labelled, occupancy })
}
