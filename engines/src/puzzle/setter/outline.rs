//! Where a puzzle's solutions differ, exactly, when there are too many to
//! list: the lens keeps the first 1,000 solutions, and on a blank 8×8 Queens
//! (5,242 solutions) those all agree on cells where others differ.
//!
//! A cell is settled when every solution gives it the same value, that is
//! when the puzzle with the cell set to the other value has no solution. So
//! each cell the solutions found do not already show as differing gets one
//! exact check: the puzzle with that cell flipped from the first solution.
//! A solution found there is a witness: the cell differs, and so does every
//! other cell where the witness differs from the first solution, which
//! settles most cells without a check of their own. Cells the puzzle itself
//! fixes need no check. A check the time limit stops leaves its cell unknown.
//!
//! A puzzle that asks for a best answer (Max chess) is different: its lens
//! either finishes, proving the best worth, or is stopped by the clock with
//! the best worth found so far, which may not be the best. A check under a
//! mark finds the best worth with that mark, which says nothing about the
//! puzzle's own best unless that is known, so then no cell is checked.

use super::lens::Lens;
use crate::puzzle::{ExactRequest, Puzzle, PuzzleError, SetterError};
use crate::run::{CancelFlag, Cancelled};

/// How long the cell-by-cell checks may take (the room's outline and a
/// repair without one): on a blank 8×8 Queens they take a few milliseconds.
pub const OUTLINE_LIMIT: std::time::Duration = std::time::Duration::from_secs(5);

/// The cells where solutions differ, as far as they are known.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Outline {
    /// Cells (row-major) where two solutions differ, each proven by two solutions.
    pub differ: Vec<usize>,
    /// Cells neither proven to differ nor settled before the time limit.
    pub unknown: Vec<usize>,
    /// Exact checks made (one per cell no solution found before had settled).
    pub checks: usize,
    /// The puzzle asks for a best answer and the lens stopped before it
    /// proved the best worth: the solutions found may not be best, so no
    /// cell could be checked (every cell the rules do not fix is unknown).
    pub best_unproven: bool,
}

impl Outline {
    /// Every cell is known: the outline is the set of cells where solutions differ.
    pub fn is_exact(&self) -> bool {
        self.unknown.is_empty()
    }
}

/// The cells where `p`'s solutions differ, from its `lens` (taken as it is
/// when the lens listed every solution), checking cell by cell otherwise
/// (with a best answer to find and its worth unproven, no cell is known:
/// `best_unproven`). `progress` hears (cells looked at, cells). A time limit
/// on `cancel` stops the checks: the cells left are `unknown`. A cancel is
/// [`SetterError::Cancelled`].
pub fn outline(
    p: &Puzzle,
    lens: &Lens,
    cancel: &CancelFlag,
    progress: &dyn Fn(usize, usize),
) -> Result<Outline, SetterError> {
    let (rows, cols) = p.size();
    let cells = rows * cols;
    if lens.is_complete() {
        return Ok(Outline {
            differ: lens.differing.clone(),
            ..Outline::default()
        });
    }
    // Cells the rules fix before any search take one value in every solution.
    let mut fixed = vec![false; cells];
    if let Ok(model) = p.model() {
        for f in &model.fixed {
            fixed[f.cell] = true;
        }
    }
    if p.has_objective() {
        // The lens stopped before it proved the best worth.
        return Ok(Outline {
            unknown: (0..cells).filter(|&c| !fixed[c]).collect(),
            best_unproven: true,
            ..Outline::default()
        });
    }
    let Some(first) = lens.examples.first() else {
        // The count stopped before finding any solution: nothing is known.
        return Ok(Outline {
            unknown: (0..cells).collect(),
            ..Outline::default()
        });
    };
    let value = |g: &crate::geometry::BinaryMatrix, c: usize| g.get(c / cols, c % cols);
    let mut differ = vec![false; cells];
    for &c in &lens.differing {
        differ[c] = true;
    }
    let mut unknown = Vec::new();
    let mut checks = 0;
    for c in 0..cells {
        progress(c, cells);
        if differ[c] || fixed[c] {
            continue;
        }
        if cancel.timed_out() {
            unknown.push(c);
            continue;
        }
        checks += 1;
        let r = match p.solve_with(&[(c, !value(first, c))], ExactRequest::new(1, 1), cancel) {
            Ok(r) => r,
            Err(PuzzleError::Cancelled(_)) if cancel.timed_out() => {
                unknown.push(c);
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        match r.examples.first() {
            Some(w) => {
                for (d, seen) in differ.iter_mut().enumerate() {
                    *seen |= value(w, d) != value(first, d);
                }
            }
            None if r.timed_out => unknown.push(c),
            None => {} // No solution with the other value: settled.
        }
    }
    if cancel.is_cancelled() && !cancel.timed_out() {
        return Err(Cancelled.into());
    }
    progress(cells, cells);
    Ok(Outline {
        differ: (0..cells).filter(|&c| differ[c]).collect(),
        unknown,
        checks,
        best_unproven: false,
    })
}
