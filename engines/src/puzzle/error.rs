//! The errors of the puzzle kernel.

use crate::puzzle::vocab::MAX_SHIPS;
use crate::run::Cancelled;
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    #[error("board size {0}×{1} is out of range (1 to 64 each)")]
    Size(usize, usize),
    #[error("{what} has {got} entries but the board has {expected}")]
    TargetCount {
        what: &'static str,
        got: usize,
        expected: usize,
    },
    #[error("{what} {} is {target}, more than the {limit} cells of that line", .index + 1)]
    TargetTooBig {
        what: &'static str,
        index: usize,
        target: u32,
        limit: usize,
    },
    #[error("row targets total {rows} but column targets total {cols}")]
    TargetSums { rows: u32, cols: u32 },
    #[error("the ships cover {ships} cells but the targets ask for {targets}")]
    ShipCells { ships: usize, targets: u32 },
    #[error("a ship of length {0} does not fit on a {1}×{2} board")]
    ShipTooLong(usize, usize, usize),
    #[error("a ship has length 0")]
    EmptyShip,
    /// Cells are counted from 0 here and from 1 in the message, as everywhere.
    #[error("given ({}, {}) is off the board", .0 + 1, .1 + 1)]
    GivenOffBoard(usize, usize),
    #[error("row {}, col {} has two different givens", .0 + 1, .1 + 1)]
    GivenTwice(usize, usize),
    #[error("{0} ships: at most {MAX_SHIPS}")]
    TooManyShips(usize),
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
    /// Any other reason a puzzle cannot be solved (named in words).
    #[error("{0}")]
    Invalid(String),
}

/// A tomography count that solved Battleship puzzles on the way stops for the
/// same reason.
impl From<PuzzleError> for crate::cover::CountError {
    fn from(e: PuzzleError) -> Self {
        match e {
            PuzzleError::Cancelled(c) => crate::cover::CountError::Cancelled(c),
            other => crate::cover::CountError::Invalid(other.to_string()),
        }
    }
}
