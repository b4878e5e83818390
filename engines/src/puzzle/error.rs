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

/// Why no puzzle was generated. A cancel is its own case, so no caller has
/// to recognise it by its text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GenerateError {
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
    /// The request or an option is out of its limits, or the grade is out of
    /// reach (named in words).
    #[error("{0}")]
    Invalid(String),
    /// No puzzle of the grade in the drafts given, or no board could be planted.
    #[error("{0}")]
    NotFound(String),
}

impl GenerateError {
    /// The same error with `hint` after its message (a cancel has no message to add to).
    pub fn with_hint(self, hint: &str) -> GenerateError {
        match self {
            GenerateError::Invalid(e) => GenerateError::Invalid(format!("{e}; {hint}")),
            GenerateError::NotFound(e) => GenerateError::NotFound(format!("{e}; {hint}")),
            cancelled => cancelled,
        }
    }
}

/// A count on the way stopped for the same reason; any other puzzle error is
/// a puzzle the generator cannot use.
impl From<PuzzleError> for GenerateError {
    fn from(e: PuzzleError) -> Self {
        match e {
            PuzzleError::Cancelled(c) => GenerateError::Cancelled(c),
            other => GenerateError::Invalid(other.to_string()),
        }
    }
}

/// Why a setter's tool (the lens, the outline, the minimal-clue certificate,
/// a repair) has no answer for a puzzle. A cancel is its own case.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetterError {
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
    #[error("the puzzle has no solution, so no clue is needed or spare")]
    NoSolutionToCertify,
    #[error("the puzzle has more than one solution: make it unique first (puzzle repair)")]
    NotUnique,
    /// The time limit stopped the first count of a certificate.
    #[error("the time limit stopped the count of solutions before it showed whether the puzzle has exactly one")]
    UniquenessTimedOut,
    #[error("the puzzle has no solution; repair works on a puzzle with several solutions, to leave one")]
    NoSolutionToRepair,
    #[error("the puzzle is already unique")]
    AlreadyUnique,
    /// The lens a repair was given stopped before it found two solutions.
    #[error("the solutions were not counted before the time limit: repair needs two of them")]
    NotCounted,
    /// The puzzle (or what was given with it) cannot be worked on (named in words).
    #[error("{0}")]
    Invalid(String),
}

/// A count on the way stopped for the same reason; any other puzzle error
/// names what is wrong with the puzzle.
impl From<PuzzleError> for SetterError {
    fn from(e: PuzzleError) -> Self {
        match e {
            PuzzleError::Cancelled(c) => SetterError::Cancelled(c),
            other => SetterError::Invalid(other.to_string()),
        }
    }
}
