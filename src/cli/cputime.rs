//! Timings for the bench commands: one call measured (wall and process CPU seconds) and medians.

pub use fleetscope_engines::run::process_cpu_seconds;
use std::time::Instant;

/// Wall and CPU seconds of one call.
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, f64, f64) {
    let (c0, w0) = (process_cpu_seconds(), Instant::now());
    let out = f();
    (out, w0.elapsed().as_secs_f64(), process_cpu_seconds() - c0)
}

pub fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = xs.len();
    if n == 0 {
        return f64::NAN;
    }
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}
