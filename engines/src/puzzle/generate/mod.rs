//! Puzzle generators: a unique puzzle whose logical solution needs exactly
//! the requested tier of the deduction ladder (so the tier below stalls, the
//! acceptance rule of Tatham's generators). A draft is refined by small
//! mutations (a region's boundary cell moved) rather than started over.

pub mod queens;

use crate::puzzle::deduce::Grade;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateRequest {
    pub size: usize,
    pub grade: Grade,
    pub seed: u64,
    /// Drafts (mutations included) tried before giving up.
    pub max_tries: usize,
}

/// A generated puzzle and what it took.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    pub puzzle: crate::puzzle::Puzzle,
    pub grade: Grade,
    /// Drafts judged (each an exact count and, when unique, a ladder run).
    pub tries: usize,
}

/// Largest generated board side (the exact count of every draft must stay quick).
pub const MAX_SIZE: usize = 16;

/// Checks a request's limits, naming what is wrong.
pub fn check(req: &GenerateRequest) -> Result<(), String> {
    if !(4..=MAX_SIZE).contains(&req.size) {
        return Err(format!("the size must be 4 to {MAX_SIZE}, not {}", req.size));
    }
    if req.max_tries == 0 || req.max_tries > 1_000_000 {
        return Err(format!("tries must be 1 to 1,000,000, not {}", req.max_tries));
    }
    if req.grade == Grade::NeedsSearch {
        return Err("a generated puzzle is graded Easy, Medium, Hard or Fiendish".into());
    }
    Ok(())
}
