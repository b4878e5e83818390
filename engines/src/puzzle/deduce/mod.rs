//! Human-style deduction over a puzzle's model: a ladder of rules in tiers,
//! from the obvious to contradiction probes, each step a value that says what
//! it decided, from which cells, by which rule, in a sentence.
//!
//! Every rule reasons from the model's constraints (counts, sums, "not both",
//! links, fixed cells), which every solution keeps: so a deduction never
//! decides a cell against any solution (the soundness tests check it against
//! the exact solver). Rules a model does not hold (Takuzu's distinct lines,
//! Tents' tree pairing, Battleship's ship shapes) are not used yet: the ladder
//! then stalls where a person would need them, and says "needs search".

mod bands;
mod cell_bits;
mod probe;
mod propagate;
mod rules;

pub use family_rules::{FamilyRules, LadderSpec};
mod family_rules;

use super::model::{Cell, PuzzleModel};
use crate::run::CancelFlag;

/// A cell's state while deducing: unknown, or decided.
pub type State = Vec<Option<bool>>;

/// The rule a deduction used, from the obvious to the hard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// A given or forced cell (tier 0: the puzzle itself).
    Given,
    /// A line or region holds its count: its other open cells are empty.
    Full,
    /// A line or region needs every open cell it has.
    Fill,
    /// Two cells may not both hold one (touching, a shared line or diagonal, an attack).
    Excludes,
    /// An '=' or 'x' link decides the other end.
    Link,
    /// A sum of numbers can reach its target only with (or only without) a cell.
    Reach,
    /// A region or line must place its marks inside another's open cells, so
    /// the other's remaining cells are empty.
    Confined,
    /// A line or region still needs a mark, and each of its open cells
    /// excludes a cell outside it: that cell is empty whichever it takes.
    Covered,
    /// Assuming one value leads to a contradiction by the rules above.
    Probe,
    /// Assuming one value leads, after a second assumption either way, to a contradiction.
    DeepProbe,
    /// A rule of the family that its model does not hold (a fleet's ships,
    /// Takuzu's distinct lines), at the tier the family gives it.
    Family { name: &'static str, tier: u8 },
}

impl Rule {
    /// The tier: 0 given, 1 obvious, 2 harder rules of lines and sums, 3 a
    /// probe, 4 a probe of depth 2.
    pub fn tier(self) -> u8 {
        match self {
            Rule::Given => 0,
            Rule::Full | Rule::Fill | Rule::Excludes | Rule::Link => 1,
            Rule::Reach | Rule::Confined | Rule::Covered => 2,
            Rule::Probe => 3,
            Rule::DeepProbe => 4,
            Rule::Family { tier, .. } => tier,
        }
    }

    /// The rule's name, as `explain --json` writes it.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Given => "given",
            Rule::Full => "full",
            Rule::Fill => "fill",
            Rule::Excludes => "excludes",
            Rule::Link => "link",
            Rule::Reach => "reach",
            Rule::Confined => "confined",
            Rule::Covered => "covered",
            Rule::Probe => "probe",
            Rule::DeepProbe => "deep-probe",
            Rule::Family { name, .. } => name,
        }
    }
}

/// One step of reasoning.
#[derive(Clone, Debug, PartialEq)]
pub struct Deduction {
    pub rule: Rule,
    /// The cells it decides and their values.
    pub decided: Vec<(Cell, bool)>,
    /// The cells it reasoned from (a line, a region, the assumed cell).
    pub reasons: Vec<Cell>,
    pub sentence: String,
}

/// A rule of the model broken by the cells decided so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Contradiction {
    pub cells: Vec<Cell>,
    pub sentence: String,
}

/// What the ladder says next.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    Deduce(Deduction),
    /// Every cell is decided.
    Solved,
    /// The ladder finds nothing more (a person would have to guess).
    Stuck,
    /// The state breaks a rule (a wrong mark, or no solution).
    Broken(Contradiction),
    /// The probes spent their work budget (or were cancelled) without a step.
    OutOfWork,
}

/// The highest tier the ladder may use, and how deep its probes go.
pub const TOP_TIER: u8 = 4;

/// The state the puzzle itself fixes (givens, holes, trees), or the rule its
/// fixed cells break.
pub fn start(model: &PuzzleModel) -> Result<State, Contradiction> {
    let mut state: State = vec![None; model.rows * model.cols];
    for f in &model.fixed {
        match state[f.cell] {
            Some(v) if v != f.value => {
                return Err(Contradiction {
                    cells: vec![f.cell],
                    sentence: format!("{} is fixed both ways", model.name(f.cell)),
                });
            }
            _ => state[f.cell] = Some(f.value),
        }
    }
    Ok(state)
}

/// The next deduction from `state` using tiers up to `max_tier`: the lowest
/// tier that makes progress, so a person sees the easiest step first.
pub fn next_step(model: &PuzzleModel, state: &State, max_tier: u8) -> Step {
    next_step_within(model, state, max_tier, &CancelFlag::new())
}

/// [`next_step`] that stops when `cancel` is set (probes check it).
pub fn next_step_within(model: &PuzzleModel, state: &State, max_tier: u8, cancel: &CancelFlag) -> Step {
    Ladder::new(model).next_step(state, max_tier, cancel)
}

/// A puzzle's rules indexed for the ladder; built once, asked for many steps.
pub struct Ladder<'a> {
    model: &'a PuzzleModel,
    index: propagate::Index<'a>,
    /// Failing probes a scan found beyond the one it returned (see [`probe::probe`]).
    later: std::cell::RefCell<Vec<(Cell, bool)>>,
    /// The fewest failing assumptions a full probe scan has found so far.
    fewest_probes: std::cell::Cell<Option<usize>>,
}

impl<'a> Ladder<'a> {
    pub fn new(model: &'a PuzzleModel) -> Ladder<'a> {
        Ladder::with_rules(model, None)
    }

    /// The ladder with a family's own rules on top of its model's.
    pub fn with_rules(model: &'a PuzzleModel, rules: Option<&'a dyn FamilyRules>) -> Ladder<'a> {
        Ladder {
            model,
            index: propagate::Index::new(model, rules),
            later: std::cell::RefCell::new(Vec::new()),
            fewest_probes: std::cell::Cell::new(None),
        }
    }

    pub fn of(spec: &'a LadderSpec) -> Ladder<'a> {
        Ladder::with_rules(&spec.model, spec.rules.as_deref())
    }

    /// The next deduction from `state` using tiers up to `max_tier` (see [`next_step`]).
    pub fn next_step(&self, state: &State, max_tier: u8, cancel: &CancelFlag) -> Step {
        let (model, index) = (self.model, &self.index);
        let tracker = propagate::Tracker::new(index, state);
        let family = index.rules;
        if let Some(c) =
            rules::contradiction(model, index, &tracker).or_else(|| family.and_then(|f| f.broken(model, state)))
        {
            return Step::Broken(c);
        }
        if state.iter().all(Option::is_some) {
            return Step::Solved;
        }
        if let Some(d) = rules::basic(model, index, &tracker).or_else(|| family.and_then(|f| f.deduce(model, state, 1)))
        {
            return Step::Deduce(d);
        }
        if max_tier >= 2
            && let Some(d) =
                rules::advanced(model, index, &tracker).or_else(|| family.and_then(|f| f.deduce(model, state, 2)))
        {
            return Step::Deduce(d);
        }
        if max_tier >= 3 {
            let mut work = propagate::Work {
                left: probe::VISITS_PER_STEP,
                cancel,
            };
            let mut later = self.later.borrow_mut();
            let mut choices = None;
            let found = probe::probe(
                model,
                index,
                &tracker,
                max_tier >= 4,
                &mut later,
                &mut choices,
                &mut work,
            );
            if let Some(n) = choices {
                self.fewest_probes
                    .set(Some(self.fewest_probes.get().map_or(n, |m| m.min(n))));
            }
            match found {
                Ok(Some(d)) => return Step::Deduce(d),
                Ok(None) => {}
                Err(()) => return Step::OutOfWork,
            }
        }
        Step::Stuck
    }
}

/// Applies a deduction to a state.
pub fn apply(state: &mut State, d: &Deduction) {
    for &(cell, v) in &d.decided {
        state[cell] = Some(v);
    }
}

/// A puzzle's grade: the hardest tier its logical solution needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Grade {
    Easy,
    Medium,
    Hard,
    Fiendish,
    /// The ladder stalls: a person would have to guess (or use a rule not in the ladder).
    NeedsSearch,
}

impl Grade {
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "Easy",
            Grade::Medium => "Medium",
            Grade::Hard => "Hard",
            Grade::Fiendish => "Fiendish",
            Grade::NeedsSearch => "needs search",
        }
    }

    fn of_tier(tier: u8) -> Grade {
        match tier {
            0 | 1 => Grade::Easy,
            2 => Grade::Medium,
            3 => Grade::Hard,
            _ => Grade::Fiendish,
        }
    }
}

/// The whole logical solution from the puzzle's own fixed cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    pub steps: Vec<Deduction>,
    /// The state the steps end in (every cell decided when `solved`).
    pub end: State,
    pub solved: bool,
    /// Why the ladder stopped early, when the puzzle's own cells break a rule.
    pub broken: Option<Contradiction>,
    /// The probes ran out of work (or were cancelled) before finding a step.
    pub out_of_work: bool,
    pub grade: Grade,
    /// At the tightest full probe scan, how many assumptions failed (one:
    /// the puzzle was a cell away from needing a deeper probe); `None`: no scan.
    pub fewest_probes: Option<usize>,
}

impl Explanation {
    /// How many steps each tier took (index = tier).
    pub fn tier_profile(&self) -> [usize; 5] {
        let mut out = [0; 5];
        for s in &self.steps {
            out[s.rule.tier() as usize] += 1;
        }
        out
    }

    /// "12 steps (tiers 1-4: 3, 0, 9, 0)".
    pub fn profile_text(&self) -> String {
        let p = self.tier_profile();
        let n = self.steps.len();
        format!(
            "{n} step{} (tiers 1-4: {}, {}, {}, {})",
            if n == 1 { "" } else { "s" },
            p[1],
            p[2],
            p[3],
            p[4]
        )
    }
}

/// Solves as a person would, step by step, from `state` (the puzzle's fixed
/// cells, or a user's marks on top of them); stops (as out of work) when
/// `cancel` is set.
pub fn explain_from(model: &PuzzleModel, state: State, cancel: &CancelFlag) -> Explanation {
    explain_with(&Ladder::new(model), state, cancel)
}

/// A family's logical solution (its model and its own rules) from its fixed cells.
pub fn explain_spec(spec: &LadderSpec, cancel: &CancelFlag) -> Explanation {
    match start(&spec.model) {
        Ok(state) => explain_with(&Ladder::of(spec), state, cancel),
        Err(c) => unstarted(&spec.model, c),
    }
}

/// [`explain_from`] on a ladder (a model and, maybe, its family's rules).
pub fn explain_with(ladder: &Ladder<'_>, mut state: State, cancel: &CancelFlag) -> Explanation {
    let mut steps = Vec::new();
    let mut top = 0u8;
    loop {
        match ladder.next_step(&state, TOP_TIER, cancel) {
            Step::Deduce(d) => {
                top = top.max(d.rule.tier());
                apply(&mut state, &d);
                steps.push(d);
            }
            Step::Solved => {
                return Explanation {
                    steps,
                    end: state,
                    solved: true,
                    broken: None,
                    out_of_work: false,
                    grade: Grade::of_tier(top),
                    fewest_probes: ladder.fewest_probes.get(),
                };
            }
            stop @ (Step::Stuck | Step::OutOfWork) => {
                let out_of_work = stop == Step::OutOfWork;
                return Explanation {
                    steps,
                    end: state,
                    solved: false,
                    broken: None,
                    out_of_work,
                    grade: Grade::NeedsSearch,
                    fewest_probes: ladder.fewest_probes.get(),
                };
            }
            Step::Broken(c) => {
                return Explanation {
                    steps,
                    end: state,
                    solved: false,
                    broken: Some(c),
                    out_of_work: false,
                    grade: Grade::NeedsSearch,
                    fewest_probes: ladder.fewest_probes.get(),
                };
            }
        }
    }
}

/// The logical solution of a puzzle from its own fixed cells.
pub fn explain(model: &PuzzleModel) -> Explanation {
    explain_within(model, &CancelFlag::new())
}

/// [`explain`] that stops (as out of work) when `cancel` is set.
pub fn explain_within(model: &PuzzleModel, cancel: &CancelFlag) -> Explanation {
    match start(model) {
        Ok(state) => explain_from(model, state, cancel),
        Err(c) => unstarted(model, c),
    }
}

/// The explanation of a puzzle whose own fixed cells break a rule.
fn unstarted(model: &PuzzleModel, c: Contradiction) -> Explanation {
    Explanation {
        steps: Vec::new(),
        end: vec![None; model.rows * model.cols],
        solved: false,
        broken: Some(c),
        out_of_work: false,
        grade: Grade::NeedsSearch,
        fewest_probes: None,
    }
}
