//! Fleetscope's run layer: what the app, the command line and batch runs ask of
//! the engines, written once (not `fleetscope_engines::run`, the run *control*
//! inside engine calls: cancel flags, progress, worker pools, clocks).
//!
//! - [`limits`]: the bounds every front end and every session file checks a
//!   request against (reads, time limits, hardware tries).
//! - [`clock`]: wall and CPU seconds of a piece of work, and medians of them.
//! - [`files`]: how a request's files reach it (the caller reads them).
//! - [`setup`]: a board, a fleet and its deployment, with its edits and checks.
//! - [`textview`]: numbers, cells and setups in words and plain-text pictures.
//! - [`study`]: models, run plans, judged runs, deduction, setters and the
//!   hardware report: what the Solver and Puzzles rooms and the command line ask.
//! - [`jobs`]: work on a background thread with progress and cancel.
//!
//! No egui, no clap and no file I/O here: a front end reads its files and draws
//! or prints; this crate decides what to run and says what came of it.

#![forbid(unsafe_code)]

// The engine modules under their own names, so moved code keeps its `crate::solve::…` paths.
pub(crate) use fleetscope_engines::{geometry, hardware, puzzle, qubo, quote, run, solve, tomography};

pub mod clock;
pub mod files;
pub mod jobs;
pub mod limits;
pub mod setup;
pub mod study;
pub mod textview;

#[cfg(test)]
mod round_trip;
#[cfg(test)]
mod round_trip_counts;
