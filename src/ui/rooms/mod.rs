//! The rooms of the app, one folder each. This list is the only place that
//! names them all: tabs, `--room`, Help and the saved view follow it.

pub mod boards;
pub mod counter;
pub mod puzzles;
pub mod solver;
pub mod tomography;

use super::room::Room;

/// Every room, in tab order.
pub fn all() -> Vec<Box<dyn Room>> {
    vec![
        Box::new(boards::BoardsRoom::default()),
        Box::new(counter::CounterRoom::default()),
        Box::new(tomography::TomographyRoom::default()),
        Box::new(solver::SolverRoom::default()),
        Box::new(puzzles::PuzzlesRoom::default()),
    ]
}
