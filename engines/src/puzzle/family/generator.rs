//! What a family's generator is asked for and gives back, without naming the
//! family: the request a draft search runs on and the puzzle it found.

use crate::puzzle::deduce::Grade;

/// Largest generated board side (the exact count of every draft must stay quick).
pub const MAX_SIZE: usize = 16;

/// What one draft search is asked for (the generator checked it first).
#[derive(Clone, Debug, PartialEq)]
pub struct DraftRequest {
    /// Cells a side.
    pub size: usize,
    pub grade: Grade,
    pub seed: u64,
    /// Drafts (changes included) judged before giving up.
    pub max_tries: usize,
    /// No puzzle of this grade has been found with these options: the search
    /// gives up once its drafts stop coming nearer, not on its whole budget.
    pub hopeless: bool,
}

/// A puzzle a draft search found and what it took.
#[derive(Clone, Debug, PartialEq)]
pub struct Drafted<F> {
    pub puzzle: F,
    pub grade: Grade,
    /// Drafts judged (each an exact count and, when unique, a ladder run).
    pub tries: usize,
}

impl<F> Drafted<F> {
    /// The same result with the puzzle turned into another type (a family's
    /// own type into the `Puzzle` of every family).
    pub fn map<G>(self, f: impl FnOnce(F) -> G) -> Drafted<G> {
        Drafted {
            puzzle: f(self.puzzle),
            grade: self.grade,
            tries: self.tries,
        }
    }
}
