//! A judged run: every state the sampler returned is judged exactly (a fleet?
//! the original picture? the right sums? which puzzle rules break?), success is
//! decided once over all of them, and only then is the list cut to what is shown.
//! So `fleetscope solve --keep 1` and the Solver room report the same success as
//! `bench anneal` for the same run.

use crate::geometry::BinaryMatrix;
use crate::puzzle::RuleChecker;
use crate::run::{CancelFlag, Cancelled};
use crate::solve::{
    Problem, PuzzleVerdict, REPAIR_MAX, RepairMiss, SampleSet, SamplerKind, SolveError, SolveRequest, SolveUpdate,
    Verdict, repair,
};
use std::time::Duration;

/// What counts as a success for a problem.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Goal {
    /// A state that some fleet of the model's ships realises (the paper's section 4.3).
    Fleet,
    /// The picture the model was made from (no fleet known).
    Original,
    /// A puzzle answer that breaks no rule (and reaches the optimum, if known).
    Puzzle { optimum: Option<f64> },
    /// Nothing to judge against (a model file).
    Nothing,
}

impl Goal {
    /// Whether success can be told: not for a model file, nor for a puzzle that
    /// maximises a worth whose optimum is unknown (any valid answer might be beaten).
    pub fn decidable(self, problem: &Problem) -> bool {
        match self {
            Goal::Nothing => false,
            Goal::Puzzle { optimum: None } => !problem.puzzle().is_some_and(|p| p.puzzle.has_objective()),
            _ => true,
        }
    }

    pub fn of(problem: &Problem) -> Goal {
        if let Some(p) = problem.puzzle() {
            return Goal::Puzzle { optimum: p.optimum };
        }
        match problem.xray() {
            Some(p) if p.fleet.is_some() => Goal::Fleet,
            Some(p) if p.original.is_some() => Goal::Original,
            _ => Goal::Nothing,
        }
    }

    /// What a success is, in words ("a fleet").
    pub fn describe(self) -> &'static str {
        match self {
            Goal::Fleet => "a fleet",
            Goal::Original => "the original picture",
            Goal::Puzzle { .. } => "a solution",
            Goal::Nothing => "nothing to judge",
        }
    }
}

/// One returned state, judged exactly.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Judged {
    pub energy: f64,
    /// Reads (or searches) that ended in this state.
    pub count: usize,
    /// The picture (X-ray models) and what it is.
    pub picture: Option<(BinaryMatrix, Verdict)>,
    /// The decoded answer and the rules it breaks (puzzle models).
    pub puzzle: Option<PuzzleVerdict>,
    /// The state itself.
    pub bits: Vec<u8>,
}

impl Judged {
    /// `checker` holds the puzzle's rules, built once for the whole set.
    fn of(problem: &Problem, checker: Option<&RuleChecker<'_>>, state: &[u8], energy: f64, count: usize) -> Judged {
        Judged {
            energy,
            count,
            picture: problem.xray().map(|p| p.verdict(state)),
            puzzle: problem
                .puzzle()
                .zip(checker)
                .map(|(p, checker)| p.verdict_with(checker, state)),
            bits: state.to_vec(),
        }
    }

    /// This state is a success for the goal.
    pub fn success(&self, goal: Goal) -> bool {
        match goal {
            Goal::Fleet | Goal::Original => self
                .picture
                .as_ref()
                .is_some_and(|(_, v)| v.success(goal == Goal::Fleet)),
            Goal::Puzzle { optimum } => self.puzzle.as_ref().is_some_and(|v| v.success(optimum)),
            Goal::Nothing => false,
        }
    }

    /// What the state is, in a few words ("fleet, original", "breaks 2 rules").
    pub fn words(&self) -> String {
        let j = self;
        if let Some(v) = &j.puzzle {
            return match (v.violations.len(), v.value) {
                (0, Some(value)) => format!("valid, worth {value}"),
                (0, None) => "solution".into(),
                (1, _) => "breaks 1 rule".into(),
                (n, _) => format!("breaks {n} rules"),
            };
        }
        match &j.picture {
            Some((_, v)) => {
                let mut w: Vec<&str> = Vec::new();
                if v.fleet.is_some() {
                    w.push("fleet");
                }
                if v.original {
                    w.push("original");
                }
                if w.is_empty() {
                    w.push(if v.sums_ok { "sums right" } else { "sums wrong" });
                }
                if !v.pins_ok {
                    w.push("pins broken");
                }
                w.join(", ")
            }
            None => String::new(),
        }
    }

    /// The picture has the model's row and column sums.
    pub fn sums_ok(&self) -> bool {
        self.picture.as_ref().is_some_and(|(_, v)| v.sums_ok)
    }
}

/// How a run is judged and shown.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgeOptions {
    /// The best distinct states kept for display.
    pub shown: usize,
    /// Look for a fleet within this many Ryser interchanges of a shown state
    /// with the right sums (X-ray models with a fleet).
    pub repair_depth: Option<usize>,
    /// Stop at the first state that is a success (a fleet, a puzzle solution).
    pub until_success: bool,
}

/// A fleet found near a returned state.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Repaired {
    /// Rank (from 1) of the state it started from.
    pub from_rank: usize,
    pub interchanges: usize,
    pub fleet: BinaryMatrix,
}

/// A run with every returned state judged.
#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JudgedRun {
    /// The sampler's set, its samples cut to the shown ones.
    pub set: SampleSet,
    /// The shown states, judged, lowest energy first.
    pub judged: Vec<Judged>,
    pub goal: Goal,
    /// Some returned state is a success; `None` when there is nothing to judge.
    pub success: Option<bool>,
    /// Returned distinct states that are a success.
    pub successes: usize,
    /// Returned distinct states with the right row and column sums.
    pub right_sums: usize,
    /// Distinct states judged: every one returned, unless the run was stopped
    /// (Ctrl+C, Cancel, its time limit) with more than [`JUDGE_AFTER_STOP`] lets
    /// through; the lowest energies are judged first.
    pub states_judged: usize,
    /// Distinct states the sampler returned.
    pub states_returned: usize,
    /// The sampler that ran.
    pub sampler: SamplerKind,
    pub repaired: Option<Repaired>,
    /// Repair searches made (one per shown state with the right sums that is
    /// not a fleet, until one finds a fleet).
    pub repair_searches: usize,
    /// Some repair search stopped at its limit of matrices before its depth.
    pub repair_stopped: bool,
}

impl JudgedRun {
    /// The run in one line, as the Solver room and `solve` say it: "tabu: 1
    /// read in 0.022 s (stopped at the first success: read 1; the 63 reads run
    /// beside it are left out), 12.5 M flips/s, 5 distinct states". The reads
    /// counted are those the histogram and the results are made of.
    pub fn summary(&self) -> String {
        use crate::textview::plural;
        let set = &self.set;
        let rate = set.flips as f64 / set.seconds.max(1e-9);
        let at = set.stopped_at.map(|k| format!(": read {}", k + 1)).unwrap_or_default();
        let dropped = match set.dropped {
            0 => String::new(),
            1 => "; the 1 read run beside it is left out".to_string(),
            n => format!(
                "; the {} run beside it are left out",
                plural(n as u128, "read", "reads")
            ),
        };
        format!(
            "{}: {} in {:.3} s ({}{at}{dropped}), {:.1} M flips/s, {}",
            self.sampler,
            plural(set.reads as u128, "read", "reads"),
            set.seconds,
            set.stop.describe(),
            rate / 1e6,
            plural(set.distinct as u128, "distinct state", "distinct states")
        )
    }

    /// The states success was decided over, in words: "the 1,076 distinct states
    /// returned", or the share judged when judging was cut short.
    pub fn judged_among(&self) -> String {
        let returned = format!(
            "{} returned",
            crate::textview::thousands(self.states_returned as u128)
                + if self.states_returned == 1 {
                    " distinct state"
                } else {
                    " distinct states"
                }
        );
        if self.states_judged == self.states_returned {
            format!("the {returned}")
        } else {
            format!(
                "the {} of lowest energy among the {returned} (the run was stopped, so the rest were not judged)",
                crate::textview::thousands(self.states_judged as u128),
            )
        }
    }
}

/// How long the states of a stopped run (Ctrl+C, Cancel, its time limit) are
/// judged past the shown ones: a stop is answered within 100 ms, and a long run
/// may return 200,000 states.
pub const JUDGE_AFTER_STOP: Duration = Duration::from_millis(40);

/// Judges the states of a set (lowest energy first), then keeps the shown ones.
/// A set from a finished run is judged to the end (`cancel` ends the judging
/// with an error); a `stopped` run's set is judged past the shown states only
/// until `cancel` is set.
pub fn judge_set(
    problem: &Problem,
    sampler: SamplerKind,
    mut set: SampleSet,
    options: JudgeOptions,
    cancel: &CancelFlag,
    stopped: bool,
) -> Result<JudgedRun, Cancelled> {
    let goal = Goal::of(problem);
    let checker = problem.puzzle().map(|p| p.puzzle.checker());
    let (mut successes, mut right_sums) = (0, 0);
    let mut judged = Vec::new();
    let mut repaired = None;
    let (mut repair_searches, mut repair_stopped) = (0, false);
    let mut judged_count = 0;
    for (rank, s) in set.samples.iter().enumerate() {
        if rank % 64 == 0 && cancel.is_cancelled() {
            match (stopped, rank < options.shown) {
                (false, _) => return Err(Cancelled),
                (true, false) => break,
                (true, true) => {}
            }
        }
        let j = Judged::of(problem, checker.as_ref(), &s.state, s.energy, s.count);
        judged_count += 1;
        successes += usize::from(j.success(goal));
        right_sums += usize::from(j.sums_ok());
        // Repair only from the shown states: each try is a search of its own.
        if let (true, Some(depth), None, Some(p), Some((m, v))) = (
            rank < options.shown,
            options.repair_depth,
            &repaired,
            problem.xray(),
            &j.picture,
        ) && let (Some(fleet), true, None) = (&p.fleet, v.sums_ok, &v.fleet)
        {
            repair_searches += 1;
            match repair(m, fleet, p.rule, depth, REPAIR_MAX) {
                Ok((_, fixed, steps)) => {
                    repaired = Some(Repaired {
                        from_rank: rank + 1,
                        interchanges: steps,
                        fleet: fixed,
                    });
                }
                Err(RepairMiss::Stopped) => repair_stopped = true,
                Err(RepairMiss::NoneWithin) => {}
            }
        }
        if judged.len() < options.shown {
            judged.push(j);
        }
    }
    let states_returned = set.samples.len();
    set.samples.truncate(options.shown);
    Ok(JudgedRun {
        set,
        judged,
        goal,
        success: goal.decidable(problem).then_some(successes > 0),
        successes,
        right_sums,
        states_judged: judged_count,
        states_returned,
        sampler,
        repaired,
        repair_searches,
        repair_stopped,
    })
}

/// Samples the problem (every distinct state returned, whatever `req.keep`
/// says) and judges the run.
pub fn judged_run(
    problem: &Problem,
    req: &SolveRequest,
    options: JudgeOptions,
    cancel: &CancelFlag,
    update: &(dyn Fn(SolveUpdate) + Sync),
) -> Result<JudgedRun, SolveError> {
    let req = SolveRequest {
        keep: usize::MAX,
        ..req.clone()
    };
    // The goal a run may stop at: the same success the judging counts.
    let checker = problem.puzzle().map(|p| p.puzzle.checker());
    let goal = |x: &[u8]| match (problem, &checker) {
        (Problem::Xray(p), _) => p.success(x),
        (Problem::Puzzle(p), Some(checker)) => p.verdict_with(checker, x).success(p.optimum),
        _ => false,
    };
    let set = crate::solve::solve_until(
        problem.qubo(),
        &req,
        cancel,
        update,
        options.until_success.then_some(&goal),
    )?;
    // A run stopped by a cancel or its clock: its states are judged for a
    // moment more, so that the stop is answered promptly.
    let stopped = matches!(set.stop, crate::solve::Stop::Cancelled | crate::solve::Stop::TimeLimit);
    let judge_cancel = if stopped {
        CancelFlag::new().with_time_limit(JUDGE_AFTER_STOP)
    } else {
        cancel.clone()
    };
    Ok(judge_set(
        problem,
        req.solver.kind(),
        set,
        options,
        &judge_cancel,
        stopped,
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Puzzle, QuboOptions};
    use crate::solve::{PuzzleProblem, Sample, Stop};

    /// 1,000 distinct states of 8-queens and the problem they belong to.
    fn queens_set() -> (Problem, SampleSet) {
        let puzzle = Puzzle::parse("n-queens 8x8\n").expect("a puzzle");
        let problem = Problem::Puzzle(Box::new(
            PuzzleProblem::new("8 queens", puzzle, QuboOptions::default()).expect("a model"),
        ));
        let n = problem.qubo().len();
        let samples: Vec<Sample> = (0..1000usize)
            .map(|k| Sample {
                state: (0..n).map(|bit| u8::from(k >> (bit % 10) & 1 == 1)).collect(),
                energy: k as f64,
                count: 1,
            })
            .collect();
        let set = SampleSet {
            samples,
            reads: 1000,
            read_energies: Vec::new(),
            stopped_at: None,
            dropped: 0,
            distinct: 1000,
            flips: 0,
            stop: Stop::Cancelled,
            seconds: 0.0,
            notes: Vec::new(),
        };
        (problem, set)
    }

    fn options() -> JudgeOptions {
        JudgeOptions {
            shown: 5,
            repair_depth: None,
            until_success: false,
        }
    }

    #[test]
    fn a_stopped_run_is_judged_past_the_shown_states_only_until_its_flag() {
        let (problem, set) = queens_set();
        let stopped = CancelFlag::new();
        stopped.cancel();
        let run = judge_set(&problem, SamplerKind::Tabu, set.clone(), options(), &stopped, true)
            .expect("a stopped run is judged, not refused");
        assert_eq!(run.judged.len(), 5, "the shown states are always judged");
        assert_eq!(run.states_returned, 1000);
        assert!(
            run.states_judged >= 5 && run.states_judged < 1000,
            "{}",
            run.states_judged
        );
        assert!(run.judged_among().contains("not judged"), "{}", run.judged_among());
        // Given time, every state is judged.
        let run = judge_set(
            &problem,
            SamplerKind::Tabu,
            set.clone(),
            options(),
            &CancelFlag::new(),
            true,
        )
        .expect("judged");
        assert_eq!(run.states_judged, 1000);
        assert_eq!(run.judged_among(), "the 1,000 distinct states returned");
        // A finished run's judging cancelled is a cancel.
        assert!(judge_set(&problem, SamplerKind::Tabu, set, options(), &stopped, false).is_err());
    }
}
