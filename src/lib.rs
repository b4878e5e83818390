//! Fleetscope: a desktop lab for Battleship-style fleets on square and hexagonal boards.
//!
//! The engines (`geometry`, `cover`, `qubo`, `puzzle`, `tomography`, `solve`, `run`) live
//! in the `fleetscope-engines` crate and are re-exported here under their own names, so
//! `crate::geometry::Board` means the same thing in the app as in the engines.
//! The run layer (`jobs`, `study`, `textview`: what the UI and the command line both ask
//! of the engines, and background threads) lives in the `fleetscope-run` crate and is
//! re-exported the same way. This crate adds what sits between a person and those
//! (see `ARCHITECTURE.md`): `session` (the only file I/O), `presets`, `ui` and `cli`,
//! and `fuzz_checks` (what the fuzz targets and their seed replay test check).

// `unsafe` only where SIMD or libc needs it; those modules allow it and say why.
#![deny(unsafe_code)]

pub use fleetscope_engines::{cover, geometry, hardware, hunting, puzzle, qubo, quote, run, solve, tomography};
pub use fleetscope_run::{jobs, study, textview};

pub mod cli;
pub mod fuzz_checks;
pub mod presets;
pub mod session;
#[cfg(feature = "gui")]
pub mod ui;

/// Version and commit, for the About box and `--version`.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("FLEETSCOPE_COMMIT"), ")");
