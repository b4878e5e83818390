//! Puzzles: the exact Battleship (Bimaru) solver, and the grid puzzle
//! families of the QUBO papers (Rullo, Queens and Star Battle, Tents & Trees,
//! chess pieces, Takuzu and Tango) over one model of 0/1 cells with an exact
//! solver, a QUBO and a checker.

pub mod battleship;
pub mod data;
pub mod deduce;
pub mod draft;
pub mod edit;
pub mod error;
pub mod exact;
pub mod families;
pub mod family;
pub mod generate;
pub mod model;
pub mod qubo;
pub mod region_colours;
pub mod regions;
pub mod render;
pub mod setter;
pub mod text;
pub mod vocab;

pub use battleship::{BattleshipPuzzle, BoundedSolutions, Given, PuzzleSolutions, solve, solve_up_to};
pub use data::{JankoRecord, parse_janko_line};
pub use error::{GenerateError, PuzzleError, SetterError};
pub use exact::{ExactRequest, ExactResult, SearchProgress, no_search_progress};
pub use families::{FAMILIES, Puzzle, RuleChecker, family_title, new_puzzle_title};
pub use model::{CountSpec, PuzzleModel, Violation};
pub use qubo::{Elimination, PuzzleQubo, PuzzleQuboModel, QuboOptions};
