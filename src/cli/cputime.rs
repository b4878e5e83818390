//! CPU time of this process (user + system), for honest timings on a loaded
//! machine: the clocks live in the run layer, named here as the benches use them.

pub use crate::run::process_cpu_seconds;
pub use fleetscope_run::clock::{measure, median};
