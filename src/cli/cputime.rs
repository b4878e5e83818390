//! CPU time of this process (user + system), for honest timings on a loaded machine.

#![allow(unsafe_code)] // SIMD and libc calls: each `unsafe` block says why it is sound.

use std::time::Instant;

/// User + system CPU seconds used by the process so far (all threads).
pub fn process_cpu_seconds() -> f64 {
    // SAFETY: getrusage only writes into the struct we pass.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) } != 0 {
        return 0.0;
    }
    let t = |tv: libc::timeval| tv.tv_sec as f64 + tv.tv_usec as f64 * 1e-6;
    t(u.ru_utime) + t(u.ru_stime)
}

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
