//! The ambiguity lens: a capped exact count of a draft's solutions and the
//! cells where two of the solutions found differ, for a setter to see while
//! editing where the puzzle is still open. Below the cap every solution is
//! kept, so those cells are all the cells where solutions differ; at the cap
//! (or when a time limit stopped the count) they are a sample, and
//! [`super::outline`] settles the rest cell by cell.

use crate::geometry::BinaryMatrix;
use crate::puzzle::{ExactRequest, Puzzle, SetterError};
use crate::quote::group_digits;
use crate::run::CancelFlag;

/// The count stops here ("1,000+ solutions").
pub const LENS_CAP: u64 = 1000;
/// How long the room's lens (and `puzzle repair`'s) counts: an empty 16×16
/// Binairo never finishes; past it, the lens says how many it found.
pub const LENS_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);
/// Solutions kept to find the differing cells: all that are counted, so
/// below the cap every cell that differs between two solutions is found.
const KEPT: usize = LENS_CAP as usize;

#[derive(Clone, Debug, PartialEq)]
pub struct Lens {
    /// Solutions, up to [`LENS_CAP`].
    pub count: u64,
    /// The count stopped at the cap (there are at least that many).
    pub capped: bool,
    /// A time limit stopped the count: `count` is what was found by then.
    pub timed_out: bool,
    /// The optimum (puzzles asking for a best answer: the solutions counted are the optimal ones).
    pub best: Option<f64>,
    /// Cells (row-major) that differ between two of the solutions found.
    pub differing: Vec<usize>,
    /// The solutions found (all of them below the cap).
    pub examples: Vec<BinaryMatrix>,
    /// Why there is none, when the rules say so before any search.
    pub why_none: Option<String>,
}

impl Lens {
    /// "unique", "no solution", "3 solutions", "1,000+ solutions", "at least 3
    /// solutions (the count stopped at its time limit)".
    pub fn summary(&self) -> String {
        match (self.count, self.capped, self.timed_out) {
            (0, _, true) => "not known: no solution found before the time limit".into(),
            (n, _, true) => format!(
                "at least {} solution{} (the count stopped at its time limit)",
                group_digits(&n.to_string()),
                if n == 1 { "" } else { "s" }
            ),
            (0, _, _) => "no solution".into(),
            (1, _, _) => "unique".into(),
            (n, true, _) => format!("{}+ solutions", group_digits(&n.to_string())),
            (n, false, _) => format!("{} solutions", group_digits(&n.to_string())),
        }
    }

    /// Every solution was counted and kept: the differing cells are exact.
    pub fn is_complete(&self) -> bool {
        !self.capped && !self.timed_out
    }

    /// Two or more solutions are known.
    pub fn is_ambiguous(&self) -> bool {
        self.count >= 2
    }
}

/// Counts `p`'s solutions up to [`LENS_CAP`] and finds where they differ. A
/// time limit on `cancel` stops the count with what it found (`timed_out`).
pub fn lens(p: &Puzzle, cancel: &CancelFlag) -> Result<Lens, SetterError> {
    let r = p.solve_exact(ExactRequest::new(LENS_CAP, KEPT), cancel)?;
    let (rows, cols) = p.size();
    let differing = match r.examples.first() {
        Some(first) => (0..rows * cols)
            .filter(|&c| {
                r.examples
                    .iter()
                    .any(|g| g.get(c / cols, c % cols) != first.get(c / cols, c % cols))
            })
            .collect(),
        None => Vec::new(),
    };
    Ok(Lens {
        count: r.count,
        capped: r.stopped_at_limit,
        timed_out: r.timed_out,
        best: r.best,
        differing,
        examples: r.examples,
        why_none: r.why_none,
    })
}
