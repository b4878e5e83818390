//! Counting deployments of a fleet: generalised exact cover with dancing links
//! (plain, or with the last-item shortcut; `dlx.rs`, `parallel.rs`), a bitboard
//! counter for boards of at most 128 cells (`bitboard.rs`, `last_three.rs`,
//! `symmetry.rs`), the transfer-matrix counter whose cost grows with the board's
//! width (`frontier.rs`), the cluster counter (`clusters.rs`); `counters/` lists
//! them behind one trait, `auto.rs` picks one and `count.rs` runs it. Occupancy maps and the
//! island what-if in `analysis.rs`. The fleet realisations of a 0/1 matrix
//! (`realise.rs`), which both the tomography and the Bimaru puzzle read. No
//! UI, no I/O; long calls take a progress sink
//! and a cancel flag.

mod analysis;
mod auto;
mod bitboard;
mod bits;
mod clusters;
mod clusters_occupancy;
mod count;
mod counters;
mod decimal;
mod dlx;
mod frontier;
mod hunt;
mod last_three;
mod parallel;
mod problem;
mod realise;
mod split;
mod symmetry;

pub use analysis::{Occupancy, WhatIf, occupancy, occupancy_after_miss, what_if};
pub use auto::choose as auto_choose;
pub use bitboard::BitboardCounter;
pub use clusters::{ClusterCounter, Frame, MAX_PIECES as CLUSTER_MAX_PIECES};
pub use count::{CountResult, count_cover, count_deployments, distinct_layout_divisor};
pub use counters::{
    Capabilities, CountInput, CountRequest, Counter, Engine, Maps, Question, Suitability, cluster_frame,
    frontier_input, rank,
};
pub use dlx::{Dlx, ExactCover, OptionItems};
pub use frontier::{
    FrontierError, FrontierInput, Nat, Options as FrontierOptions, count as frontier_count, window_width,
};
pub use hunt::{HuntGame, Shot, sinking_candidates};
pub use parallel::count_parallel;
pub use problem::FleetCover;
pub use realise::{Realisation, count_realisations, realisation, realisations, realisations_under, unexplained_cells};
pub use split::split_occupancy;
pub use symmetry::{Symmetry, board_symmetries, orbit_representatives};

use crate::run::Cancelled;
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CountError {
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
    #[error("{0}")]
    Invalid(String),
}
