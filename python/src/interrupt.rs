//! Runs engine work on a run-layer job with the GIL released, so a notebook's
//! Ctrl+C stops it within 100 ms: the calling thread wakes when the job ends
//! or every [`SIGNAL_POLL`] to let Python's signal handlers run. Every call of
//! the package that may take long goes through here (samplers and counts).

use fleetscope_engines::run::CancelFlag;
use fleetscope_run::jobs::{Job, Repaint};
use pyo3::exceptions::{PyRuntimeError, PyTimeoutError};
use pyo3::prelude::*;
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How often the waiting thread looks for a signal: well inside the 100 ms a
/// Ctrl+C may take, and costing nothing measurable.
const SIGNAL_POLL: Duration = Duration::from_millis(5);

/// Runs `work` (given the job's cancel flag) on a worker thread and returns
/// its result. A signal handler that raises (KeyboardInterrupt) cancels the
/// job, and `timeout`, when given, cancels it once passed (a `TimeoutError`
/// saying `what` did not finish); either error is raised once the worker has
/// stopped, and nothing of the run is returned. The work's own errors are
/// `RuntimeError`s (check input before, to raise `ValueError`s).
pub fn run_interruptible<T, F>(py: Python<'_>, what: &str, timeout: Option<Duration>, work: F) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce(&CancelFlag) -> Result<T, String> + Send + 'static,
{
    let (wake, woken) = channel::<()>();
    // Shared with the GIL-free closure (a bare receiver may not be).
    let woken = Mutex::new(woken);
    let repaint: Repaint = Arc::new(move || {
        let _ = wake.send(());
    });
    let mut job: Job<T> = Job::spawn(repaint, move |ctx| work(ctx.cancel_flag()));
    let wait = |job: &mut Job<T>| {
        py.detach(|| {
            if let Ok(w) = woken.lock() {
                let _ = w.recv_timeout(SIGNAL_POLL);
            }
            job.poll()
        })
    };
    loop {
        if let Some(result) = wait(&mut job) {
            return result.map_err(PyRuntimeError::new_err);
        }
        let stop = match (py.check_signals(), timeout) {
            (Err(interrupt), _) => Some(interrupt),
            (Ok(()), Some(limit)) if job.elapsed() >= limit => Some(PyTimeoutError::new_err(format!(
                "{what} did not finish within the timeout of {} s",
                limit.as_secs_f64()
            ))),
            _ => None,
        };
        if let Some(err) = stop {
            job.cancel();
            while wait(&mut job).is_none() {}
            return Err(err);
        }
    }
}
