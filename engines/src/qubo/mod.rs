//! QUBO models: a sparse model with flip deltas and its Ising form, the
//! statistics an annealer user checks, the X-ray model of "Battleship,
//! tomography and quantum annealing", and the COO and qbsolv text formats.
//! No UI, no I/O (files are read and written by the caller).

mod bqm_file;
mod formats;
mod model;
mod xray;

pub use bqm_file::{BqmFile, read_bqm, write_bqm, write_bqm_labelled};
pub use formats::{FormatError, ModelFormat, read_coo, read_qbsolv, write_coo, write_qbsolv};
pub use model::{Ising, MAX_COEFFICIENT, MAX_COUPLERS, MAX_VARIABLES, Qubo, QuboBuilder, QuboStats, check_coefficient};
pub use xray::{DEFAULT_EPSILON, MAX_WEIGHT, PinMode, XrayModel, XraySpec, check_weights, xray_objective};
