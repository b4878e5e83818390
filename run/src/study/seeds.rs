//! Runs of consecutive seeds (model i drawn or searched with seed + i): the
//! command line refuses a run that would pass the largest seed and wrap
//! around to 0, repeating seeds it already used.

/// `Ok` when `count` seeds from `seed` on stay at or below `u64::MAX`;
/// `what` names the count for the message ("--count 3", "5 fleets").
pub fn check_run(seed: u64, count: usize, what: &str) -> Result<(), String> {
    check_run_of("--seed", seed, count, what)
}

/// [`check_run`] for a seed another flag gives (`--random`), named by `flag`.
pub fn check_run_of(flag: &str, seed: u64, count: usize, what: &str) -> Result<(), String> {
    match seed.checked_add((count as u64).saturating_sub(1)) {
        Some(_) => Ok(()),
        None => Err(format!(
            "{flag} {seed} with {what}: the seeds would run past the largest ({})",
            u64::MAX
        )),
    }
}
