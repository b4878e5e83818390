//! Tools for setters: which clues a puzzle has and whether each is needed
//! (the minimal-clue certificate), the ambiguity lens (how many solutions and
//! where they differ) and single edits that make a puzzle unique.

mod clues;
mod lens;
mod repair;

pub use clues::{Clue, Minimality, clues, minimality, without};
pub use lens::{LENS_CAP, Lens, lens};
pub use repair::{Edit, EditKind, MAX_REPAIR_CANDIDATES, Repair, repairs};
