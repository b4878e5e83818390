//! The frontier (transfer-matrix) counter (`frontier.rs`): cost grows with
//! the board's width, not with the ships; and the glue between a
//! [`FleetCover`] and it.

use super::{Capabilities, CountInput, Counter, Engine, Maps, Question, Suitability, rank};
use crate::cover::frontier::{self as algorithm, FrontierError, FrontierInput, Options, PieceGroup};
use crate::cover::{CountError, FleetCover};
use crate::run::{CancelFlag, Progress};

/// A window this narrow makes the frontier counter the fastest even for few ships.
const NARROW_WINDOW: usize = 30;
/// Windows wider than this make the frontier slow; DLX takes those boards.
const FRONTIER_WINDOW: usize = 400;
/// Memory the frontier counter may use (occupancy keeps checkpoints beyond it).
const FRONTIER_MEMORY: usize = 2 << 30;

pub struct Frontier;

impl Counter for Frontier {
    fn name(&self) -> &'static str {
        "frontier"
    }

    fn help(&self) -> &'static str {
        "Frontier (transfer-matrix) counter: cost grows with the board's width, not the deployments; best for many ships"
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            past_u128: true,
            occupancy: Maps::Any,
            enumerates: false,
            falls_back_to: Some(Engine::Dlx),
        }
    }

    fn suits(&self, input: &CountInput, question: Question) -> Option<Suitability> {
        let w = input.window();
        let (cells, ships) = (input.cells(), input.ships());
        match question {
            Question::Count if w <= NARROW_WINDOW => Some(Suitability {
                rank: rank::NARROW_WINDOW,
                why: format!("auto: a frontier window of only {w} cells, the frontier counter is fastest"),
            }),
            Question::Count if w <= FRONTIER_WINDOW => {
                let why = if cells > 128 {
                    format!("{cells} cells")
                } else {
                    format!("{ships} ships")
                };
                Some(Suitability {
                    rank: rank::WINDOW,
                    why: format!("auto: {why}, the frontier counter (window {w} cells) is fastest"),
                })
            }
            Question::Occupancy if w <= FRONTIER_WINDOW => Some(Suitability {
                rank: rank::WINDOW,
                why: format!("auto: the frontier counter (window {w} cells)"),
            }),
            _ => None,
        }
    }

    fn chosen_note(&self, input: &CountInput) -> Option<String> {
        Some(format!("frontier window {} cells", input.window()))
    }

    fn hand_over_note(&self, why: &str, next: Engine) -> String {
        format!("the frontier counter stopped ({why}): counted with {}", next.name())
    }

    fn count(
        &self,
        input: &CountInput,
        cancel: &CancelFlag,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<u128, CountError> {
        Ok(frontier_count(input.cover, false, cancel, progress)?.labelled)
    }

    fn occupancy(
        &self,
        input: &CountInput,
        cancel: &CancelFlag,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<(u128, Vec<u128>), CountError> {
        let r = frontier_count(input.cover, true, cancel, progress)?;
        Ok((r.labelled, r.occupancy))
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
            .map(|(p, h)| algorithm::Placement {
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
struct FrontierCount {
    labelled: u128,
    occupancy: Vec<u128>,
}

/// Runs the frontier counter on a cover; `Invalid` errors (too many states,
/// too wide) let the caller fall back to another engine.
fn frontier_count(
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
    let out = algorithm::count(input, &opts, &|| cancel.is_cancelled(), &|done, total| {
        progress(Progress { done, total })
    })?;
    let to_u128 = |n: &algorithm::Nat| u128::try_from(n).ok().and_then(|v| v.checked_mul(factor));
    let labelled = to_u128(&out.layouts).ok_or_else(too_big)?;
    let occupancy = out
        .occupancy
        .iter()
        .map(|n| to_u128(n).ok_or_else(too_big))
        .collect::<Result<_, _>>()?;
    Ok(FrontierCount { labelled, occupancy })
}
