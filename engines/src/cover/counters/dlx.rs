//! Dancing links (`dlx.rs`, `parallel.rs`): any board, every deployment visited.

use super::{CountInput, Counter, Question, Suitability, rank};

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
}
