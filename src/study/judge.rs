//! A judged run: every state the sampler returned is judged exactly (a fleet?
//! the original picture? the right sums? which puzzle rules break?), success is
//! decided once over all of them, and only then is the list cut to what is shown.
//! So `fleetscope solve --keep 1` and the Solver room report the same success as
//! `bench anneal` for the same run.

use crate::geometry::BinaryMatrix;
use crate::run::{CancelFlag, Cancelled};
use crate::solve::{
    Problem, PuzzleVerdict, REPAIR_MAX, RepairMiss, SampleSet, SamplerKind, SolveError, SolveRequest, SolveUpdate,
    Verdict, repair,
};

/// What counts as a success for a problem.
#[derive(Clone, Copy, Debug, PartialEq)]
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
#[derive(Clone, Debug)]
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
    fn of(problem: &Problem, state: &[u8], energy: f64, count: usize) -> Judged {
        Judged {
            energy,
            count,
            picture: problem.xray().map(|p| p.verdict(state)),
            puzzle: problem.puzzle().map(|p| p.verdict(state)),
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
#[derive(Clone, Copy, Debug, PartialEq)]
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
#[derive(Clone, Debug, PartialEq)]
pub struct Repaired {
    /// Rank (from 1) of the state it started from.
    pub from_rank: usize,
    pub interchanges: usize,
    pub fleet: BinaryMatrix,
}

/// A run with every returned state judged.
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
    /// Distinct states judged (every one returned).
    pub states_judged: usize,
    /// The sampler that ran.
    pub sampler: SamplerKind,
    pub repaired: Option<Repaired>,
    /// Repair searches made (one per shown state with the right sums that is
    /// not a fleet, until one finds a fleet).
    pub repair_searches: usize,
    /// Some repair search stopped at its limit of matrices before its depth.
    pub repair_stopped: bool,
}

/// Judges every state of a finished set, then keeps the shown ones.
pub fn judge_set(
    problem: &Problem,
    sampler: SamplerKind,
    mut set: SampleSet,
    options: JudgeOptions,
    cancel: &CancelFlag,
) -> Result<JudgedRun, Cancelled> {
    let goal = Goal::of(problem);
    let (mut successes, mut right_sums) = (0, 0);
    let mut judged = Vec::new();
    let mut repaired = None;
    let (mut repair_searches, mut repair_stopped) = (0, false);
    for (rank, s) in set.samples.iter().enumerate() {
        if rank % 256 == 0 {
            cancel.check()?;
        }
        let j = Judged::of(problem, &s.state, s.energy, s.count);
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
    let states_judged = set.samples.len();
    set.samples.truncate(options.shown);
    Ok(JudgedRun {
        set,
        judged,
        goal,
        success: goal.decidable(problem).then_some(successes > 0),
        successes,
        right_sums,
        states_judged,
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
    let goal = |x: &[u8]| match problem {
        Problem::Xray(p) => p.success(x),
        Problem::Puzzle(p) => p.success(x),
        Problem::Plain { .. } => false,
    };
    let set = crate::solve::solve_until(
        problem.qubo(),
        &req,
        cancel,
        update,
        options.until_success.then_some(&goal),
    )?;
    // A run cancelled with its finished reads kept: judge those to the end.
    let kept = CancelFlag::new();
    let judge_cancel = if set.stop == crate::solve::Stop::Cancelled {
        &kept
    } else {
        cancel
    };
    Ok(judge_set(problem, req.solver.kind(), set, options, judge_cancel)?)
}
