//! Fleetscope: a desktop lab for Battleship-style fleets on square and hexagonal boards.
//!
//! The engines (`geometry`, `cover`, `qubo`, `puzzle`, `tomography`, `solve`, `run`) live
//! in the `fleetscope-engines` crate and are re-exported here under their own names, so
//! `crate::geometry::Board` means the same thing in the app as in the engines.
//! This crate adds what sits between a person and the engines (see `ARCHITECTURE.md`):
//! `session` (the only file I/O), `jobs` (background threads), `study` (what the UI and
//! the command line both ask of the engines), `textview`, `presets`, `ui` and `cli`.

// `unsafe` only where SIMD or libc needs it; those modules allow it and say why.
#![deny(unsafe_code)]

pub use fleetscope_engines::{cover, geometry, hardware, hunting, puzzle, qubo, quote, run, solve, tomography};

pub mod cli;
pub mod jobs;
pub mod presets;
pub mod session;
pub mod study;
pub use fleetscope_run::textview;
#[cfg(feature = "gui")]
pub mod ui;

/// Version and commit, for the About box and `--version`.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("FLEETSCOPE_COMMIT"), ")");
