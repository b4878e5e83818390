//! The ambiguity lens: a capped exact count of a draft's solutions and the
//! cells where two of the solutions found differ, for a setter to see while
//! editing where the puzzle is still open.

use crate::geometry::BinaryMatrix;
use crate::puzzle::{ExactRequest, Puzzle};
use crate::run::CancelFlag;

/// The count stops here ("1,000+ solutions").
pub const LENS_CAP: u64 = 1000;
/// Solutions kept to find the differing cells: all that are counted, so
/// below the cap every cell that differs between two solutions is found.
const KEPT: usize = LENS_CAP as usize;

#[derive(Clone, Debug, PartialEq)]
pub struct Lens {
    /// Solutions, up to [`LENS_CAP`].
    pub count: u64,
    /// The count stopped at the cap (there are at least that many).
    pub capped: bool,
    /// Cells (row-major) that differ between two of the solutions found.
    pub differing: Vec<usize>,
    /// The solutions found (all of them below the cap).
    pub examples: Vec<BinaryMatrix>,
    /// Why there is none, when the rules say so before any search.
    pub why_none: Option<String>,
}

impl Lens {
    /// "unique", "no solution", "3 solutions", "1000+ solutions".
    pub fn summary(&self) -> String {
        match (self.count, self.capped) {
            (0, _) => "no solution".into(),
            (1, _) => "unique".into(),
            (n, true) => format!("{n}+ solutions"),
            (n, false) => format!("{n} solutions"),
        }
    }
}

/// Counts `p`'s solutions up to [`LENS_CAP`] and finds where they differ.
pub fn lens(p: &Puzzle, cancel: &CancelFlag) -> Result<Lens, String> {
    let r = p
        .solve_exact(ExactRequest::new(LENS_CAP, KEPT), cancel)
        .map_err(|e| e.to_string())?;
    let (rows, cols) = p.as_family().size();
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
        differing,
        examples: r.examples,
        why_none: r.why_none,
    })
}
