//! The sampler and its settings as an engine request, with one defaults policy
//! for the Solver room, `fleetscope solve`, `puzzle solve` and the benches.

pub use crate::limits::{DEFAULT_READS, MAX_EXPERIMENT_FLEETS, MAX_TIME_LIMIT, time_limit};
use crate::solve::{Problem, PuzzleProblem, SamplerKind, SolveRequest, Solver};

/// A run that stops at its first success (`--until-fleet`, "Stop at the
/// first success") takes, unless told otherwise, tabu search with up to this
/// many restarts a read: each read ends at its first success, and tabu looks
/// at every search's best state, so it stops within the read. On random
/// classic X-rays it finds a fleet every time in a few milliseconds, where the
/// plain default (SA, 100 reads) finds one about one time in five
/// (`bench anneal --until-fleet 2000`).
pub const UNTIL_SAMPLER: SamplerKind = SamplerKind::Tabu;
/// Tabu restarts a read of a run stopping at its first success.
pub const UNTIL_RESTARTS: usize = 2_000;
/// Its time limit in seconds, when none is given.
pub const UNTIL_TIME_LIMIT: f64 = 60.0;

/// The settings of a run stopping at its first success: tabu gets
/// [`UNTIL_RESTARTS`] restarts a read; other samplers keep theirs.
pub fn until_budget(settings: &mut Solver) {
    if let Solver::Tabu(t) = settings {
        t.restarts = UNTIL_RESTARTS;
    }
}

/// Which sampler, and the settings of each (a session keeps them all, so
/// switching back keeps what was typed). A sampler without settings here runs
/// with its defaults.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SamplerSettings {
    pub kind: SamplerKind,
    pub settings: Vec<Solver>,
}

impl SamplerSettings {
    /// `kind` with these settings (and every other sampler at its defaults).
    pub fn new(kind: SamplerKind, settings: Vec<Solver>) -> SamplerSettings {
        SamplerSettings { kind, settings }
    }

    /// The chosen sampler, the defaults policy applied: `puzzle_variables` is
    /// the variable count of a puzzle QUBO (`None`: another model).
    pub fn solver_for(&self, puzzle_variables: Option<usize>) -> Solver {
        let mut solver = self
            .settings
            .iter()
            .find(|s| s.kind() == self.kind)
            .cloned()
            .unwrap_or_else(|| self.kind.default_solver());
        if let Solver::Tabu(t) = &mut solver {
            t.tenure = tabu_tenure(puzzle_variables, t.tenure);
        }
        solver
    }
}

/// The tabu tenure a run uses: `None` (auto) is short on puzzle QUBOs
/// ([`PuzzleProblem::TABU_TENURE`], measured better on every published puzzle
/// set, and below the variable count on the tiniest puzzles) and the solver's
/// general min(20, n/4) elsewhere; `Some(0)` asks for that general default on
/// any model. A tenure the user chose stays as it is (and is checked).
pub fn tabu_tenure(puzzle_variables: Option<usize>, chosen: Option<usize>) -> Option<usize> {
    match (chosen, puzzle_variables) {
        (None, Some(n)) => Some(PuzzleProblem::TABU_TENURE.min(n.saturating_sub(1))),
        (None | Some(0), _) => None,
        (Some(t), _) => Some(t),
    }
}

/// A request for success rates (Figure 8, the ε sweep, `bench anneal`): every
/// state returned, no traces, no stop but the reads.
pub fn rate_request(solver: Solver, reads: usize, seed: u64, threads: usize) -> SolveRequest {
    SolveRequest {
        solver,
        reads,
        seed,
        threads,
        keep: usize::MAX,
        target: None,
        time_limit: None,
        traces: 0,
        cancel_keeps: false,
    }
}

/// Everything a run needs besides the model.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunPlan {
    pub sampler: SamplerSettings,
    pub reads: usize,
    pub seed: u64,
    /// Worker threads (0 = every core); never changes the result.
    pub threads: usize,
    /// Seconds; the run keeps what finished by then.
    pub time_limit: Option<f64>,
    /// Stop once a read reaches this energy.
    pub target: Option<f64>,
    /// Reads whose energy traces stream to the plots.
    pub traces: usize,
}

impl Default for RunPlan {
    fn default() -> Self {
        RunPlan {
            sampler: SamplerSettings::default(),
            reads: DEFAULT_READS,
            seed: 1,
            threads: 0,
            time_limit: None,
            target: None,
            traces: 0,
        }
    }
}

impl RunPlan {
    /// The run in words, as reports print it: "tabu (2,000 restarts, tenure 5,
    /// auto evaluations per search), up to 100 reads, stopping at the first
    /// success, time limit 60 s". The tenure is the one the search uses on
    /// this model.
    pub fn describe(&self, problem: &Problem, until_success: bool) -> String {
        let n = problem.qubo().len();
        let mut solver = self.sampler.solver_for(problem.puzzle().map(|_| n));
        // The tenure that runs, not "auto": 0 and auto differ on a puzzle.
        if let Solver::Tabu(t) = &mut solver
            && t.tenure.is_none()
        {
            t.tenure = Some(t.tenure_for(n));
        }
        let reads = crate::textview::count(self.reads, "read", "reads");
        let reads = if until_success { format!("up to {reads}") } else { reads };
        let mut out = format!("{}, {reads}", solver.sampler().describe());
        if until_success {
            out += ", stopping at the first success";
        }
        if let Some(t) = self.time_limit {
            out += &format!(", time limit {} s", crate::quote::number(t));
        }
        out
    }

    /// The engine request for this problem: every distinct state comes back,
    /// so a judged run decides success over all of them.
    pub fn request(&self, problem: &Problem) -> Result<SolveRequest, String> {
        Ok(SolveRequest {
            solver: self.sampler.solver_for(problem.puzzle().map(|_| problem.qubo().len())),
            reads: self.reads,
            seed: self.seed,
            threads: self.threads,
            keep: usize::MAX,
            target: self.target,
            time_limit: time_limit(self.time_limit)?,
            traces: self.traces,
            // The room and `solve` keep the reads that finished when cancelled.
            cancel_keeps: true,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{AnnealParams, TabuParams};

    #[test]
    fn the_chosen_sampler_keeps_its_settings_and_the_tenure_policy() {
        let tabu = TabuParams {
            restarts: 7,
            ..TabuParams::default()
        };
        let s = SamplerSettings::new(SamplerKind::Tabu, vec![Solver::Tabu(tabu.clone())]);
        let tenure = |puzzle| match s.solver_for(puzzle) {
            Solver::Tabu(t) => (t.restarts, t.tenure),
            other => panic!("{other:?}"),
        };
        assert_eq!(tenure(Some(64)), (7, Some(PuzzleProblem::TABU_TENURE)));
        assert_eq!(tenure(None), (7, None));
        // The policy stays below the variables of a tiny puzzle (Binairo 2×2 has
        // 4 cells, 3 left once a given is eliminated).
        assert_eq!(tenure(Some(3)), (7, Some(2)));
        assert_eq!(tenure(Some(1)), (7, Some(0)));
        // 0 asks for the general default on puzzles too; a set tenure stays.
        for (chosen, puzzle, expect) in [
            (Some(0), Some(64), None),
            (Some(9), Some(64), Some(9)),
            (Some(9), Some(3), Some(9)),
            (Some(9), None, Some(9)),
        ] {
            assert_eq!(tabu_tenure(puzzle, chosen), expect);
        }
        // A sampler without settings here runs with its defaults.
        let sa = SamplerSettings::new(SamplerKind::Anneal, vec![Solver::Tabu(tabu)]);
        assert_eq!(sa.solver_for(None), Solver::Anneal(AnnealParams::default()));
    }
}
