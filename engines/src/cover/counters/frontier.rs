//! The frontier (transfer-matrix) counter (`frontier.rs`): cost grows with
//! the board's width, not with the ships.

use super::{CountInput, Counter, Question, Suitability, rank};

/// A window this narrow makes the frontier counter the fastest even for few ships.
const NARROW_WINDOW: usize = 30;
/// Windows wider than this make the frontier slow; DLX takes those boards.
const FRONTIER_WINDOW: usize = 400;

pub struct Frontier;

impl Counter for Frontier {
    fn name(&self) -> &'static str {
        "frontier"
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
}
