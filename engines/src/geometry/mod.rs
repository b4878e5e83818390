//! Boards, pieces, fleets and placements on square and hexagonal lattices.
//!
//! Plain data and pure functions: no UI, no I/O. Everything else in the crate
//! (counters, tomography, the app) builds on these types.

mod board;
mod coord;
mod deployment;
mod error;
mod fleet;
mod index;
mod laplacian;
mod lattice;
mod matrix;
mod piece;
mod placement;
mod random;
mod rules;

pub use board::{Board, BoardShape, MAX_HEX_CELLS, MAX_SQUARE_SIDE};
pub use coord::Coord;
pub use deployment::{Deployment, PlaceError, PlacedShip};
pub use error::GeometryError;
pub use fleet::{Fleet, MAX_PIECES};
pub use index::{BitSet, BoardIndex};
pub use laplacian::laplacian_energy;
pub use lattice::Lattice;
pub use matrix::{BinaryMatrix, MAX_SIDE};
pub use piece::{MAX_PIECE_CELLS, Orientation, Piece, normalize};
pub use placement::{Placement, fleet_placements, piece_placements};
pub use random::{FleetSampler, RandomDraw, random_deployment};
pub use rules::{Observations, RuleChoice, Rules, TouchRule};
