//! CPU time of this process (user + system), for honest timings on a loaded
//! machine: the clocks live in the run layer, named here as the benches use them.

pub use crate::run::process_cpu_seconds;
pub use fleetscope_run::clock::{measure, median};

/// Most runs a timing bench takes (`--runs`): a median of a thousand is
/// plenty, and a typo of many digits would otherwise run for ever.
pub const MAX_RUNS: usize = 1000;

/// Reads `--runs`: 1 to [`MAX_RUNS`].
pub fn runs(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_RUNS).contains(&n) => Ok(n),
        _ if text.trim().bytes().all(|b| b.is_ascii_digit()) && !text.trim().is_empty() => {
            Err(format!("--runs must be from 1 to {MAX_RUNS}, not {}", text.trim()))
        }
        _ => Err(format!(
            "--runs takes a whole number from 1 to {MAX_RUNS}, not '{text}'"
        )),
    }
}
