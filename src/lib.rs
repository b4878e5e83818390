//! Fleetscope: a desktop lab for Battleship-style fleets on square and hexagonal boards.
//!
//! Layers (see `ARCHITECTURE.md` at the top of the repository):
//! `ui` → `jobs`, `session` → engines (`geometry`, `cover`, `tomography`,
//! `puzzle`) → `run` ← `cli`. Engines are plain Rust with no UI and no I/O.

pub mod cli;
pub mod cover;
pub mod geometry;
pub mod jobs;
pub mod presets;
pub mod puzzle;
pub mod qubo;
pub mod run;
pub mod session;
pub mod solve;
pub mod textview;
pub mod tomography;
#[cfg(feature = "gui")]
pub mod ui;

/// Version and commit, for the About box and `--version`.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("FLEETSCOPE_COMMIT"), ")");
