//! Fleetscope's engines: plain Rust with no UI, no file I/O and no threads of their own
//! (rayon inside a call, on a pool from `run::pool`).
//!
//! Layers, each using only those below it (see `ARCHITECTURE.md`):
//! `run` ← `geometry` ← `cover` (← `hunting`) ← `qubo` ← `hardware` ← `puzzle` ← `tomography` ← `solve`.
//! Every long call takes a `run::CancelFlag` and a progress sink and returns a `Result`
//! whose error wraps `run::Cancelled`.
//! `fuzz_checks` sits above them all: the properties the fuzz targets check, for `cargo test` too.

// `unsafe` only where SIMD or libc needs it; those modules allow it and say why.
#![deny(unsafe_code)]

pub mod cover;
pub mod fuzz_checks;
pub mod geometry;
pub mod hardware;
pub mod hunting;
pub mod puzzle;
pub mod qubo;
pub mod quote;
pub mod run;
pub mod solve;
pub mod tomography;
