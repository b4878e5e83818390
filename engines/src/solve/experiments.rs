//! Success rates over many instances: the tomography paper's Figure 8
//! (success against reads or restarts) and a sweep of ε, built on one
//! primitive that solves each instance and judges the returned states.

use super::problem::XrayProblem;
use super::{SampleSet, SolveError, SolveRequest, solve};
use crate::run::{CancelFlag, Progress};

/// How one budget (reads, restarts, an ε) did over the instances.
#[derive(Clone, Debug, PartialEq)]
pub struct RatePoint {
    /// The budget or parameter value on the plot's x axis.
    pub x: f64,
    pub successes: usize,
    pub instances: usize,
    /// Wall seconds per instance.
    pub seconds: Vec<f64>,
}

impl RatePoint {
    pub fn rate(&self) -> f64 {
        self.successes as f64 / self.instances.max(1) as f64
    }
}

/// Solves every problem with `request(i)` (one at a time, each on the
/// request's threads); `after(i, success, set)` sees each result as it comes.
pub fn success_rate(
    problems: &[XrayProblem],
    x: f64,
    request: &dyn Fn(usize) -> SolveRequest,
    cancel: &CancelFlag,
    after: &mut dyn FnMut(usize, bool, &SampleSet),
) -> Result<RatePoint, SolveError> {
    let mut point = RatePoint {
        x,
        successes: 0,
        instances: problems.len(),
        seconds: Vec::with_capacity(problems.len()),
    };
    for (i, p) in problems.iter().enumerate() {
        let set = solve(&p.model.qubo, &request(i), cancel, &|_| {})?;
        let ok = set.samples.iter().any(|s| p.success(&s.state));
        point.successes += ok as usize;
        point.seconds.push(set.seconds);
        after(i, ok, &set);
    }
    Ok(point)
}

/// One [`success_rate`] per budget, with progress over all instances.
pub fn success_curve(
    problems: &[XrayProblem],
    budgets: &[f64],
    request: &dyn Fn(f64, usize) -> SolveRequest,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<RatePoint>, SolveError> {
    match finished_success_curve(problems, budgets, request, cancel, progress)? {
        (points, false) => Ok(points),
        (_, true) => Err(SolveError::Cancelled(crate::run::Cancelled)),
    }
}

/// [`success_curve`] that a cancel ends with the budgets that finished (every
/// instance run), and true when it was cancelled.
pub fn finished_success_curve(
    problems: &[XrayProblem],
    budgets: &[f64],
    request: &dyn Fn(f64, usize) -> SolveRequest,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<(Vec<RatePoint>, bool), SolveError> {
    let total = (budgets.len() * problems.len()) as u64;
    let mut done = 0u64;
    progress(Progress { done, total });
    let mut points = Vec::with_capacity(budgets.len());
    for &b in budgets {
        let point = success_rate(problems, b, &|i| request(b, i), cancel, &mut |_, _, _| {
            done += 1;
            progress(Progress { done, total });
        });
        match point {
            Ok(p) => points.push(p),
            Err(SolveError::Cancelled(_)) => return Ok((points, true)),
            Err(e) => return Err(e),
        }
    }
    Ok((points, false))
}
