//! Wall and CPU seconds of a piece of work, for honest timings on a loaded
//! machine (benches report medians of CPU seconds). Front ends time work here,
//! not with clocks of their own, so a remote or web front end swaps one module.

use crate::run::process_cpu_seconds;
use std::time::Instant;

/// Wall and process CPU time since it started.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch {
    wall: Instant,
    cpu: f64,
}

impl Stopwatch {
    pub fn start() -> Stopwatch {
        Stopwatch {
            cpu: process_cpu_seconds(),
            wall: Instant::now(),
        }
    }

    /// Wall seconds since the start.
    pub fn wall_seconds(&self) -> f64 {
        self.wall.elapsed().as_secs_f64()
    }

    /// User + system CPU seconds of the whole process (all threads) since the start.
    pub fn cpu_seconds(&self) -> f64 {
        process_cpu_seconds() - self.cpu
    }
}

/// Wall and CPU seconds of one call.
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, f64, f64) {
    let watch = Stopwatch::start();
    let out = f();
    (out, watch.wall_seconds(), watch.cpu_seconds())
}

/// The median (NaN for none; NaNs sort last).
pub fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert!(median(vec![]).is_nan());
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 3.0, 2.0]), 2.5);
    }

    #[test]
    fn a_measured_call_returns_its_value_and_no_negative_seconds() {
        let (v, wall, cpu) = measure(|| (0..1000u64).sum::<u64>());
        assert_eq!(v, 499_500);
        assert!(wall >= 0.0 && cpu >= 0.0, "{wall} {cpu}");
    }
}
