//! Tools for setters: which clues a puzzle has and whether each is needed
//! (the minimal-clue certificate), the ambiguity lens (how many solutions and
//! where they differ), the exact outline of the cells where they differ, and
//! single edits that make a puzzle unique or cut its count.

mod clues;
mod lens;
mod outline;
mod repair;

pub use crate::puzzle::error::SetterError;
pub use clues::{Clue, Minimality, MinimalityStage, clues, minimality, without};
pub use lens::{LENS_CAP, LENS_LIMIT, Lens, lens};
pub use outline::{OUTLINE_LIMIT, Outline, outline};
pub use repair::{
    CUTS_LISTED, Cut, Edit, EditKind, MAX_REPAIR_CANDIDATES, Repair, RepairRequest, RepairStage, Repairs, edit_kinds,
    repair, repairs,
};

use crate::puzzle::Puzzle;
use crate::puzzle::deduce::{self, Grade};
use crate::run::CancelFlag;

/// A unique puzzle's grade by its family's ladder ("needs search" when the
/// family has none).
pub fn grade_of(p: &Puzzle, cancel: &CancelFlag) -> Grade {
    match p.ladder() {
        Ok(spec) => deduce::explain_spec(&spec, cancel).grade,
        Err(_) => Grade::NeedsSearch,
    }
}
