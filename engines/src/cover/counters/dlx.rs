//! Dancing links (`dlx.rs`, `parallel.rs`): any board, every deployment visited.

use super::{Capabilities, CountInput, Counter, Maps, Question, Suitability, rank};
use crate::cover::CountError;
use crate::cover::dlx::Dlx as Links;
use crate::cover::parallel::count_parallel;
use crate::run::{CancelFlag, Progress};
use std::ops::ControlFlow;

/// Dancing links, with or without the last-item shortcut.
pub struct Dlx {
    shortcut: bool,
}

impl Dlx {
    pub const SHORTCUT: Dlx = Dlx { shortcut: true };
    pub const PLAIN: Dlx = Dlx { shortcut: false };
}

impl Counter for Dlx {
    fn name(&self) -> &'static str {
        if self.shortcut { "dlx" } else { "dlx-plain" }
    }

    fn help(&self) -> &'static str {
        if self.shortcut {
            "Knuth's dancing links, adding the last ship's remaining options instead of branching"
        } else {
            "Knuth's dancing links exactly as Algorithm X/C branches (slowest; for comparison)"
        }
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            past_u128: false,
            occupancy: Maps::Any,
            enumerates: true,
            falls_back_to: None,
        }
    }

    fn suits(&self, input: &CountInput, question: Question) -> Option<Suitability> {
        if !self.shortcut {
            return None;
        }
        let why = match question {
            Question::Count => format!(
                "auto: {} cells with a frontier window of {}, dancing links",
                input.cells(),
                input.window()
            ),
            Question::Occupancy => "auto: a wide window on a large board, dancing links".into(),
        };
        Some(Suitability {
            rank: rank::LAST_RESORT,
            why,
        })
    }

    fn count(
        &self,
        input: &CountInput,
        cancel: &CancelFlag,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<u128, CountError> {
        count_parallel(&input.cover.exact_cover(), self.shortcut, cancel, progress)
    }

    /// Every deployment visited, its cells added up (the shortcut does not apply).
    fn occupancy(
        &self,
        input: &CountInput,
        cancel: &CancelFlag,
        _progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<(u128, Vec<u128>), CountError> {
        let cover = input.cover;
        let ec = cover.exact_cover();
        let mut links = Links::new(&ec);
        let mut heat = vec![0u128; cover.index.len()];
        let mut total = 0u128;
        let _flow = links.enumerate(cancel, &mut |options| {
            total += 1;
            for &o in options {
                let (piece, k) = cover.option_placement(o);
                for &c in &cover.placements[piece][k].cells {
                    heat[c as usize] += 1;
                }
            }
            ControlFlow::Continue(())
        })?;
        Ok((total, heat))
    }
}
