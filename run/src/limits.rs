//! The bounds a request is checked against, wherever it comes from (a flag, a
//! room's field, a session file): one place, so a session file refuses exactly
//! what the command line refuses.

use std::time::Duration;

/// Reads when none are asked for.
pub const DEFAULT_READS: usize = 100;
/// Longest time limit a run may have, in seconds (a day).
pub const MAX_TIME_LIMIT: f64 = 86_400.0;
/// Most random fleets of an experiment (Figure 8, the ε sweep).
pub const MAX_EXPERIMENT_FLEETS: usize = 1000;
/// Most reads per chain strength.
pub const MAX_HARDWARE_READS: usize = 10_000;
/// Most fresh starts of the heuristic one embedding may ask for.
pub const MAX_TRIES: usize = 1000;
/// Reads per chain strength when none are asked for.
pub const DEFAULT_HARDWARE_READS: usize = 100;

/// A time limit in seconds, checked: (0, a day].
pub fn time_limit(seconds: Option<f64>) -> Result<Option<Duration>, String> {
    match seconds {
        Some(t) if !(t > 0.0 && t <= MAX_TIME_LIMIT) => Err(format!(
            "the time limit must be in (0, {MAX_TIME_LIMIT}] seconds, not {}",
            crate::quote::number(t)
        )),
        t => Ok(t.map(Duration::from_secs_f64)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limits_are_checked() {
        assert_eq!(time_limit(None), Ok(None));
        assert_eq!(time_limit(Some(1.5)), Ok(Some(Duration::from_millis(1500))));
        for bad in [0.0, -1.0, f64::NAN, MAX_TIME_LIMIT + 1.0] {
            assert!(time_limit(Some(bad)).is_err(), "{bad}");
        }
    }
}
