//! Puzzles: the exact Battleship (Bimaru) puzzle solver.

mod battleship;
mod janko;
mod search;

pub use battleship::{BattleshipPuzzle, Given, PuzzleError, PuzzleSolutions, solve};
pub use janko::{JankoRecord, parse_janko_line};
