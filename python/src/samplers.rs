//! The samplers' half of `fleetscope._native`: a model as plain arrays (the
//! Python half turns a dimod BQM into them and the result back into a
//! `dimod.SampleSet`), built into the engines' QUBO exactly as `fleetscope
//! solve` reads a COO file, and sampled with the engines' driver.

use crate::interrupt::run_interruptible;
use fleetscope_engines::qubo::{Ising, Qubo, QuboBuilder};
use fleetscope_engines::solve::{self, AnnealParams, SolveRequest, Solver, TabuParams};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

/// A model as the Python half hands it over: variables are 0..n in the BQM's
/// order, `quadratic` holds each interaction once.
struct Model {
    spin: bool,
    linear: Vec<f64>,
    quadratic: Vec<(usize, usize, f64)>,
    offset: f64,
}

impl Model {
    /// The engines' QUBO. A SPIN model goes through `Qubo::from_ising` (s = 2x − 1),
    /// as `fleetscope solve` reads a SPIN COO file, so both sample the same QUBO.
    fn qubo(self) -> Result<Qubo, String> {
        let n = self.linear.len();
        if let Some(&(i, j, _)) = self.quadratic.iter().find(|&&(i, j, _)| i >= n || j >= n || i == j) {
            return Err(format!(
                "interaction ({i}, {j}) is not between two of the {n} variables"
            ));
        }
        if self.spin {
            let j = self
                .quadratic
                .iter()
                .map(|&(i, j, w)| (i.min(j), i.max(j), w))
                .collect();
            Qubo::from_ising(&Ising {
                h: self.linear,
                j,
                offset: self.offset,
            })
            .map_err(|e| format!("converted from spins (s = 2x − 1), {e}"))
        } else {
            let mut b = QuboBuilder::new(n);
            b.add_offset(self.offset);
            for (i, v) in self.linear.into_iter().enumerate() {
                b.add_linear(i, v);
            }
            for (i, j, w) in self.quadratic {
                b.add_coupler(i, j, w);
            }
            b.build()
        }
    }
}

/// Samples a model with the engines' simulated annealing ("sa") or tabu
/// search ("tabu"). Returns the distinct states (bytes, one 0/1 byte per
/// variable, row after row), their QUBO energies (offset included), how often
/// each was found, and a dict of what the run did.
#[pyfunction]
#[pyo3(signature = (
    sampler, spin, linear, quadratic, offset, *,
    reads, seed, sweeps=None, beta_range=None, restarts=None, tenure=None,
    time_limit=None, threads=0
))]
#[allow(clippy::too_many_arguments)]
pub fn sample<'py>(
    py: Python<'py>,
    sampler: &str,
    spin: bool,
    linear: Vec<f64>,
    quadratic: Vec<(usize, usize, f64)>,
    offset: f64,
    reads: usize,
    seed: u64,
    sweeps: Option<usize>,
    beta_range: Option<(f64, f64)>,
    restarts: Option<usize>,
    tenure: Option<usize>,
    time_limit: Option<f64>,
    threads: usize,
) -> PyResult<(Bound<'py, PyBytes>, Vec<f64>, Vec<usize>, Bound<'py, PyDict>)> {
    let solver = match sampler {
        "sa" => Solver::Anneal(AnnealParams {
            sweeps: sweeps.unwrap_or(AnnealParams::default().sweeps),
            beta: beta_range,
        }),
        "tabu" => Solver::Tabu(TabuParams {
            restarts: restarts.unwrap_or(TabuParams::default().restarts),
            tenure,
            evaluations: None,
        }),
        other => return Err(PyValueError::new_err(format!("unknown sampler '{other}' (sa or tabu)"))),
    };
    let q = Model {
        spin,
        linear,
        quadratic,
        offset,
    }
    .qubo()
    .map_err(PyValueError::new_err)?;
    // Every state back, no traces, and a cancel (Ctrl+C) leaves nothing behind.
    let req = SolveRequest {
        time_limit: fleetscope_run::limits::time_limit(time_limit).map_err(PyValueError::new_err)?,
        ..fleetscope_run::study::sampling::rate_request(solver, reads, seed, threads)
    };
    // Bad input is a ValueError here, before any thread starts.
    solve::validate(&q, &req).map_err(PyValueError::new_err)?;
    fleetscope_engines::run::pool(threads).map_err(PyValueError::new_err)?;
    // The β range that runs (the model's default unless one was given).
    let betas = match &req.solver {
        Solver::Anneal(a) => Some(a.beta.unwrap_or_else(|| solve::default_beta_range(&q))),
        _ => None,
    };
    let set = run_interruptible(py, "the sampler", None, move |cancel| {
        solve::solve(&q, &req, cancel, &|_| {}).map_err(|e| e.to_string())
    })?;
    let n = set.samples.first().map_or(0, |s| s.state.len());
    let mut states = Vec::with_capacity(n * set.samples.len());
    for s in &set.samples {
        states.extend_from_slice(&s.state);
    }
    let info = PyDict::new(py);
    info.set_item("reads", set.reads)?;
    info.set_item("read_energies", &set.read_energies)?;
    info.set_item("distinct", set.distinct)?;
    info.set_item("flips", set.flips)?;
    info.set_item("stop", format!("{:?}", set.stop))?;
    info.set_item("stop_reason", set.stop.describe())?;
    info.set_item("seconds", set.seconds)?;
    info.set_item("notes", &set.notes)?;
    if let Some(range) = betas {
        info.set_item("beta_range", range)?;
    }
    Ok((
        PyBytes::new(py, &states),
        set.samples.iter().map(|s| s.energy).collect(),
        set.samples.iter().map(|s| s.count).collect(),
        info,
    ))
}
