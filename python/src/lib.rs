//! `fleetscope._native`: the compiled half of the Python package. Each call
//! checks its input (bad input is a ValueError before any thread starts),
//! then runs the engines on a background job of the run layer with the GIL
//! released, interruptible by Ctrl+C ([`interrupt`]).

mod fleets;
mod interrupt;
mod samplers;

use fleetscope_engines::solve;
use pyo3::prelude::*;

/// The compiled module behind `fleetscope.samplers` and `fleetscope.fleets`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_READS", solve::MAX_READS)?;
    m.add("MAX_SWEEPS", solve::MAX_SWEEPS)?;
    m.add("MAX_TIME_LIMIT", fleetscope_run::limits::MAX_TIME_LIMIT)?;
    m.add("MAX_SQUARE_SIDE", fleetscope_engines::geometry::MAX_SQUARE_SIDE)?;
    m.add(
        "ENGINES",
        fleetscope_engines::cover::Engine::names().collect::<Vec<_>>(),
    )?;
    m.add_function(wrap_pyfunction!(samplers::sample, m)?)?;
    m.add_function(wrap_pyfunction!(fleets::count, m)?)?;
    m.add_function(wrap_pyfunction!(fleets::occupancy, m)?)?;
    Ok(())
}
