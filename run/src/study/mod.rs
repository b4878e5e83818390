//! The study layer: what the Solver room and the command line both ask of the
//! engines, written once between their settings and the engine calls.
//!
//! - [`list`]: comma-separated lists and known cells, as people type them.
//! - [`model`]: a QUBO model from a source (placed fleet, image with pins, typed
//!   sums, model file, puzzle), with what both front ends report about it.
//! - [`sampling`]: the sampler and its settings as a request, with one defaults
//!   policy (reads, tabu tenure on puzzles, time limits).
//! - [`logic`]: the deduction ladder's model of a puzzle, a user's marks as
//!   its state, and hints that name a wrong mark first.
//! - [`setter`]: generated puzzles with their names and minimal-clue certificates.
//! - [`hardware`]: target graphs, chain-strength sweeps and the hardware report
//!   (precision verdicts, the embedded simulation judged with the model's success).
//! - [`judge`]: a run whose every returned state is judged exactly, with one
//!   success policy, whatever part of it is shown.
//! - [`seeds`]: runs of consecutive seeds that must not wrap around.
//!
//! No egui and no clap here: the room draws and asks, the CLI parses and prints.

pub mod hardware;
pub mod judge;
pub mod list;
pub mod logic;
pub mod model;
pub mod sampling;
pub mod seeds;
pub mod setter;

pub use judge::{Goal, JudgeOptions, Judged, JudgedRun, judge_set, judged_run};
pub use list::{Pin, parse_list, parse_pin};
pub use model::{ModelRecipe, ModelSource, StudyModel};
pub use sampling::{RunPlan, SamplerSettings};
