//! The bitboard counter (`bitboard.rs`): boards of at most 128 playable cells.

use super::{CountInput, Counter, Question, Suitability, rank};

/// At most this many ships (on at most 128 cells) go to the bitboard counter.
const BITBOARD_SHIPS: usize = 6;
/// A window this narrow makes the frontier counter the faster even for few ships.
const NARROW_WINDOW: usize = 30;

pub struct Fast;

impl Counter for Fast {
    fn name(&self) -> &'static str {
        "fast"
    }

    fn suits(&self, input: &CountInput, question: Question) -> Option<Suitability> {
        let (cells, ships) = (input.cells(), input.ships());
        if cells > 128 {
            return None;
        }
        let few = ships <= BITBOARD_SHIPS;
        match question {
            Question::Count if few => Some(Suitability {
                rank: rank::FEW_SHIPS,
                why: format!("auto: {ships} ships on {cells} cells, the bitboard counter is fastest"),
            }),
            Question::Count => None,
            // Without hits the heat map takes the last three ships by
            // inclusion–exclusion (classic 10×10, no shot: 0.3 CPU-s against
            // the frontier's 1.3); once hits are known the frontier is faster.
            Question::Occupancy if few && !input.has_hits() && input.window() > NARROW_WINDOW => Some(Suitability {
                rank: rank::FEW_SHIPS,
                why: "auto: no hits yet, the bitboard counter".into(),
            }),
            Question::Occupancy => Some(Suitability {
                rank: rank::BITBOARD_MAP,
                why: "auto: a wide window, the bitboard counter".into(),
            }),
        }
    }
}
