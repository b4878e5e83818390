//! The bitboard counter (`bitboard.rs`): boards of at most 128 playable cells.

use super::{Capabilities, CountInput, Counter, Engine, Maps, Question, Suitability, rank};
use crate::cover::CountError;
use crate::cover::bitboard::BitboardCounter;
use crate::run::{CancelFlag, Progress};

/// The most playable cells a bitboard holds.
const MAX_CELLS: usize = 128;
/// At most this many ships (on at most 128 cells) go to the bitboard counter.
const BITBOARD_SHIPS: usize = 6;
/// A window this narrow makes the frontier counter the faster even for few ships.
const NARROW_WINDOW: usize = 30;

pub struct Fast;

impl Counter for Fast {
    fn name(&self) -> &'static str {
        "fast"
    }

    fn help(&self) -> &'static str {
        "Bitboard counter with symmetry and inclusion–exclusion on the last three ships (≤ 128 cells; DLX beyond)"
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            past_u128: false,
            occupancy: Maps::Any,
            enumerates: false,
            falls_back_to: Some(Engine::Dlx),
        }
    }

    fn refuses(&self, input: &CountInput) -> Option<String> {
        (input.cells() > MAX_CELLS).then(|| {
            format!(
                "{} playable cells is over the bitboard counter's {MAX_CELLS}",
                input.cells()
            )
        })
    }

    /// Its fallback is always dancing links, spelt as the note has always spelt it.
    fn hand_over_note(&self, why: &str, _next: Engine) -> String {
        format!("{why}: counted with DLX")
    }

    fn count(
        &self,
        input: &CountInput,
        cancel: &CancelFlag,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<u128, CountError> {
        bitboard(input)?.count(cancel, &|done, total| progress(Progress { done, total }))
    }

    fn occupancy(
        &self,
        input: &CountInput,
        cancel: &CancelFlag,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<(u128, Vec<u128>), CountError> {
        let counter = bitboard(input)?;
        let progress = |done, total| progress(Progress { done, total });
        // One thread asked for: the map is made on the caller's thread, not
        // handed to the shared one-thread pool (the strategy lab's games, each
        // on a pool thread, would wait there for one another).
        if input.req.threads == 1 {
            return counter.sequential().count_with_heat(cancel, &progress);
        }
        let pool = crate::run::pool(input.req.threads).map_err(CountError::Invalid)?;
        pool.install(|| counter.count_with_heat(cancel, &progress))
    }

    fn suits(&self, input: &CountInput, question: Question) -> Option<Suitability> {
        let (cells, ships) = (input.cells(), input.ships());
        if cells > MAX_CELLS {
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

/// The bitboard counter on the input (the dispatcher asks only after `refuses`).
fn bitboard(input: &CountInput) -> Result<BitboardCounter, CountError> {
    BitboardCounter::new(input.cover, true).ok_or_else(|| {
        CountError::Invalid(format!(
            "{} playable cells is over the bitboard counter's {MAX_CELLS}",
            input.cells()
        ))
    })
}
