//! What the Puzzles room and the command line ask of the deduction ladder:
//! the model it reasons on (or why a puzzle has none), a user's marks as the
//! ladder's state, and a hint that names a wrong mark before it deduces. A
//! verdict or a hint the caller cancels is [`PuzzleError::Cancelled`], so no
//! caller has to recognise a cancel by its text.

use crate::geometry::BinaryMatrix;
use crate::puzzle::deduce::{self, Contradiction, Deduction, Ladder, LadderSpec, State, Step, TOP_TIER};
use crate::puzzle::vocab::AnswerGlyph;
use crate::puzzle::{ExactRequest, ExactResult, Puzzle, PuzzleError, PuzzleModel, SearchProgress};
use crate::run::{CancelFlag, Cancelled};
use std::time::Duration;

/// Solutions the hint's exact check keeps: with no more than this many, a
/// mark that is in none of them is named as wrong.
const SOLUTIONS_JUDGED: usize = 20;

/// What the ladder reasons on (the model and the family's own rules), or why
/// this puzzle has no ladder.
pub fn ladder_model(p: &Puzzle) -> Result<LadderSpec, String> {
    p.ladder()
}

/// A logical solution and, when it stalls short of the end, how many
/// solutions the puzzle has (counted to 2): no reasoning can finish a puzzle
/// with none or several, which "needs search" would misname.
pub struct Verdict {
    pub explanation: deduce::Explanation,
    pub solutions: Option<u64>,
    /// The ladder stalled and the count to 2 was stopped by its time limit
    /// before it could tell one solution from several (or none).
    pub count_stopped: bool,
}

/// The label of a puzzle whose ladder stalls and whose count the clock stopped.
pub const UNIQUENESS_UNKNOWN: &str = "uniqueness unknown";

impl Verdict {
    /// The grade as a person reads it: the ladder's, or "no solution" / "not
    /// unique", or [`UNIQUENESS_UNKNOWN`] when the ladder stalls and the
    /// count was cut short (never a grade as if the puzzle were known unique).
    pub fn label(&self) -> &'static str {
        let ex = &self.explanation;
        match self.solutions {
            _ if ex.broken.is_some() => "no solution",
            Some(0) => "no solution",
            Some(n) if n >= 2 => "not unique",
            None if self.count_stopped => UNIQUENESS_UNKNOWN,
            _ => ex.grade.name(),
        }
    }
}

/// The ladder from `start` (the puzzle's own cells), and the count when it
/// stalls, bounded as a hint's checks are ([`HINT_CHECK`]).
pub fn verdict(p: &Puzzle, spec: &LadderSpec, start: State, cancel: &CancelFlag) -> Result<Verdict, PuzzleError> {
    verdict_within(p, spec, start, cancel, HINT_CHECK)
}

/// [`verdict`] whose count stops after `check` (or half the time `cancel` has
/// left, when shorter): a count it stops says nothing, and `count_stopped` says so.
pub fn verdict_within(
    p: &Puzzle,
    spec: &LadderSpec,
    start: State,
    cancel: &CancelFlag,
    check: Duration,
) -> Result<Verdict, PuzzleError> {
    let explanation = deduce::explain_with(&Ladder::of(spec), start, cancel);
    if cancel.is_cancelled() {
        return Err(Cancelled.into());
    }
    if explanation.solved || explanation.broken.is_some() {
        return Ok(Verdict {
            explanation,
            solutions: None,
            count_stopped: false,
        });
    }
    let limit = cancel.time_left().map_or(check, |t| (t / 2).min(check));
    // Two solutions say "not unique" even when the count stopped there.
    let counted = checked(
        p.solve_exact(ExactRequest::new(2, 0), &cancel.with_time_limit(limit)),
        cancel,
    )?
    .filter(|r| r.is_complete() || r.count >= 2);
    Ok(Verdict {
        explanation,
        solutions: counted.as_ref().map(|r| r.count),
        count_stopped: counted.is_none(),
    })
}

/// A user's marks as the ladder's state: the puzzle's fixed cells, then each
/// decided cell of the answer. `undecided` lists the blank cells; without it,
/// the 0/1 families (digits) count every cell as decided and the others count
/// only their marks (an unmarked cell may still take one). A mark that
/// disagrees with a given is refused, naming the cell.
pub fn marks_state(
    p: &Puzzle,
    model: &PuzzleModel,
    grid: &BinaryMatrix,
    undecided: Option<&BinaryMatrix>,
) -> Result<State, String> {
    if grid.rows() != model.rows || grid.cols() != model.cols {
        return Err(format!(
            "the answer is {}×{}, the puzzle {}×{}",
            grid.rows(),
            grid.cols(),
            model.rows,
            model.cols
        ));
    }
    let mut state = deduce::start(model).map_err(|c| c.sentence)?;
    let digits = p.answer_glyph() == AnswerGlyph::Digits;
    for (cell, slot) in state.iter_mut().enumerate() {
        let (r, c) = (cell / model.cols, cell % model.cols);
        let marked = match undecided {
            Some(u) if u.get(r, c) => None,
            Some(_) => Some(grid.get(r, c)),
            None if digits || grid.get(r, c) => Some(grid.get(r, c)),
            None => None,
        };
        match (*slot, marked) {
            // A mark against a given is named first (the ladder would keep the given).
            (Some(fixed), Some(mark)) if fixed != mark => {
                return Err(format!(
                    "your {} at {} is on a given {}: a given cannot change",
                    u8::from(mark),
                    model.name(cell),
                    u8::from(fixed)
                ));
            }
            (Some(_), _) => {}
            (None, _) => *slot = marked,
        }
    }
    Ok(state)
}

/// What a hint says.
#[derive(Clone, Debug, PartialEq)]
pub enum Hint {
    /// The next deduction from the marks.
    Step(Deduction),
    /// Marks that no solution shares (named before any deduction).
    Wrong {
        marks: Vec<(usize, bool)>,
        sentence: String,
    },
    /// Every cell is decided and right.
    Solved,
    /// The ladder finds no step: a person would have to guess.
    Stuck(String),
    /// The puzzle's own cells break a rule, or it has no solution.
    Broken(Contradiction),
}

impl Hint {
    /// The hint in one sentence.
    pub fn sentence(&self) -> String {
        match self {
            Hint::Step(d) => d.sentence.clone(),
            Hint::Wrong { sentence, .. } | Hint::Stuck(sentence) => sentence.clone(),
            Hint::Solved => "Every cell is decided, and the answer is right.".into(),
            Hint::Broken(c) => format!("No step: {}.", c.sentence),
        }
    }
}

/// Marks a hint checks one by one (and in pairs) to name the wrong ones
/// when the puzzle has too many solutions to list.
const MARKS_CHECKED: usize = 24;

/// How long each of a hint's exact checks may take (whether the puzzle has a
/// solution, which marks no solution shares): on a near-empty large grid the
/// exact search has a heavy tail, and a hint must answer at once. A check the
/// clock stops proves nothing, and the hint says so instead of waiting.
pub const HINT_CHECK: Duration = Duration::from_secs(2);

/// How long one exact check may take: [`HINT_CHECK`], or half of the
/// caller's own time left when that is shorter (the ladder keeps the rest).
fn check_limit(cancel: &CancelFlag) -> Duration {
    cancel.time_left().map_or(HINT_CHECK, |t| (t / 2).min(HINT_CHECK))
}

/// An exact check's answer: `None` when the clock stopped it before it could
/// say anything (its partial result, if any, is kept and marked `timed_out`);
/// a cancel by the caller is an error.
fn checked(r: Result<ExactResult, PuzzleError>, cancel: &CancelFlag) -> Result<Option<ExactResult>, PuzzleError> {
    match r {
        Ok(r) => Ok(Some(r)),
        Err(_) if user_cancelled(cancel) => Err(Cancelled.into()),
        Err(PuzzleError::Cancelled(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Cancelled by the caller (not stopped by a time limit).
fn user_cancelled(cancel: &CancelFlag) -> bool {
    cancel.is_cancelled() && !cancel.timed_out()
}

/// What a hint is doing, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HintStage {
    /// Counting the solutions (up to a few, to judge the marks).
    Solutions(SearchProgress),
    /// Checking the marks against the solutions one by one.
    Marks,
    /// Asking the ladder for its easiest next step.
    Ladder,
}

impl HintStage {
    /// In words, for a status line.
    pub fn describe(&self) -> String {
        match self {
            HintStage::Solutions(s) => format!("checking the solutions: {}", s.describe()),
            HintStage::Marks => "checking the marks".into(),
            HintStage::Ladder => "asking the ladder for the next step".into(),
        }
    }
}

/// The next hint from `state` (the puzzle's cells and a user's marks): first
/// whether the puzzle has a solution at all, then the marks no solution
/// shares, then the ladder's easiest next step. Each exact check is bounded
/// (see [`HINT_CHECK`]; `progress` hears how it goes), so a hint always
/// answers: a check the clock stopped is left out of the answer and said so.
/// A time limit on `cancel` bounds the whole hint.
pub fn hint(
    p: &Puzzle,
    spec: &LadderSpec,
    state: &State,
    cancel: &CancelFlag,
    progress: &(dyn Fn(HintStage) + Sync),
) -> Result<Hint, PuzzleError> {
    let model = &spec.model;
    let fixed = deduce::start(model).map_err(|c| PuzzleError::Invalid(c.sentence))?;
    let marked: Vec<(usize, bool)> = (0..state.len())
        .filter(|&c| fixed[c].is_none())
        .filter_map(|c| state[c].map(|v| (c, v)))
        .collect();
    let limit = check_limit(cancel);
    let check = cancel.with_time_limit(limit);
    let solutions = |s: SearchProgress| progress(HintStage::Solutions(s));
    let request = ExactRequest {
        limit: SOLUTIONS_JUDGED as u64,
        keep: SOLUTIONS_JUDGED,
        progress: &solutions,
        max_nodes: None,
    };
    let solved = checked(p.solve_exact(request, &check), cancel)?;
    let all = solved.as_ref().is_some_and(|s| s.is_complete());
    if let Some(s) = solved.as_ref().filter(|s| s.is_complete() && s.count == 0) {
        return Ok(Hint::Broken(Contradiction {
            cells: Vec::new(),
            sentence: s
                .why_none
                .clone()
                .unwrap_or_else(|| "the puzzle has no solution".into()),
        }));
    }
    // Solutions found (a lower bound unless `all`), when the check said anything.
    let found = solved.as_ref().map_or(0, |s| s.count);
    if !marked.is_empty() {
        progress(HintStage::Marks);
        let wrong = match solved.as_ref().filter(|_| all) {
            Some(solved) => listed_wrong_marks(p, model, &marked, solved),
            None => clashing_marks(p, model, &marked, &cancel.with_time_limit(check_limit(cancel)))?,
        };
        if let Some((marks, sentence)) = wrong {
            return Ok(Hint::Wrong { marks, sentence });
        }
    }
    progress(HintStage::Ladder);
    Ok(match Ladder::of(spec).next_step(state, TOP_TIER, cancel) {
        Step::Deduce(d) => Hint::Step(d),
        Step::Solved => Hint::Solved,
        Step::Stuck if found > 1 => Hint::Stuck(format!(
            "No rule of the ladder finds the next step. The puzzle has {}{found} solutions: the cells where they differ can never be decided by reasoning.",
            if all { "" } else { "at least " },
        )),
        Step::Stuck if all => {
            Hint::Stuck("No rule of the ladder finds the next step from here: a person would have to guess.".into())
        }
        Step::Stuck => Hint::Stuck(format!(
            "No rule of the ladder finds the next step from here: a person would have to guess. (Whether the puzzle has one solution was not settled within {}.)",
            crate::textview::seconds_text(limit)
        )),
        Step::OutOfWork if user_cancelled(cancel) => return Err(Cancelled.into()),
        Step::OutOfWork if cancel.timed_out() => Hint::Stuck(
            "The time limit ran out before the ladder found the next step: no step is known from here.".into(),
        ),
        Step::OutOfWork => Hint::Stuck(
            "The probes spent their work limit without finding a step: a person would have to guess.".into(),
        ),
        Step::Broken(c) => Hint::Broken(c),
    })
}

/// With every solution listed: the marks none of them has, or else a pair
/// no solution has both of (each mark is in some solution, not all together).
fn listed_wrong_marks(
    p: &Puzzle,
    model: &PuzzleModel,
    marked: &[(usize, bool)],
    solved: &ExactResult,
) -> Option<(Vec<(usize, bool)>, String)> {
    let cols = model.cols;
    let wrong: Vec<(usize, bool)> = marked
        .iter()
        .copied()
        .filter(|&(c, v)| solved.examples.iter().all(|s| s.get(c / cols, c % cols) != v))
        .collect();
    if !wrong.is_empty() {
        let s = wrong_sentence(p, model, &wrong, solved.count, false);
        return Some((wrong, s));
    }
    if solved
        .examples
        .iter()
        .any(|s| marked.iter().all(|&(c, v)| s.get(c / cols, c % cols) == v))
    {
        return None;
    }
    // Each mark is in some solution, but no solution has them all.
    let in_one = |a: (usize, bool), b: (usize, bool)| {
        solved
            .examples
            .iter()
            .any(|s| s.get(a.0 / cols, a.0 % cols) == a.1 && s.get(b.0 / cols, b.0 % cols) == b.1)
    };
    let pair = marked
        .iter()
        .enumerate()
        .find_map(|(i, &a)| marked[i + 1..].iter().find(|&&b| !in_one(a, b)).map(|&b| vec![a, b]))
        .unwrap_or_else(|| marked.to_vec());
    let s = wrong_sentence(p, model, &pair, solved.count, true);
    Some((pair, s))
}

/// With too many solutions to list: are the marks in some solution? If not,
/// the marks that no solution has alone, or else a pair no solution has both of.
fn clashing_marks(
    p: &Puzzle,
    model: &PuzzleModel,
    marked: &[(usize, bool)],
    cancel: &CancelFlag,
) -> Result<Option<(Vec<(usize, bool)>, String)>, PuzzleError> {
    let holds = |marks: &[(usize, bool)]| -> Result<bool, PuzzleError> {
        // A search stopped by a limit (or the clock) proves nothing: the marks count as possible.
        Ok(checked(p.solve_with(marks, ExactRequest::new(1, 0), cancel), cancel)?
            .is_none_or(|r| r.count > 0 || !r.is_complete()))
    };
    if holds(marked)? {
        return Ok(None);
    }
    let checked = &marked[..marked.len().min(MARKS_CHECKED)];
    let mut alone = Vec::new();
    for &m in checked {
        if !holds(&[m])? {
            alone.push(m);
        }
    }
    if !alone.is_empty() {
        let s = wrong_sentence(p, model, &alone, 0, false);
        return Ok(Some((alone, s)));
    }
    for (i, &a) in checked.iter().enumerate() {
        for &b in &checked[i + 1..] {
            if !holds(&[a, b])? {
                let pair = vec![a, b];
                let s = wrong_sentence(p, model, &pair, 0, true);
                return Ok(Some((pair, s)));
            }
        }
    }
    let s = wrong_sentence(p, model, marked, 0, true);
    Ok(Some((marked.to_vec(), s)))
}

/// "Your queen at row 3, col 4 is not in the solution." `solutions`: how many the
/// puzzle has (0: too many to count); `together`: the marks clash only together.
fn wrong_sentence(p: &Puzzle, model: &PuzzleModel, wrong: &[(usize, bool)], solutions: u64, together: bool) -> String {
    let digits = p.answer_glyph() == AnswerGlyph::Digits;
    let noun = model.noun;
    let where_ = match solutions {
        0 => "any solution".to_string(),
        1 => "the solution".to_string(),
        n => format!("any of the puzzle's {n} solutions"),
    };
    // Each mark says what it is (and an empty mark, what belongs there).
    let named: Vec<String> = wrong
        .iter()
        .take(3)
        .map(|&(c, v)| match (digits, v, together) {
            (true, v, _) => format!("your {} at {}", u8::from(v), model.name(c)),
            (false, true, _) => format!("your {noun} at {}", model.name(c)),
            (false, false, true) => format!("your empty mark at {}", model.name(c)),
            (false, false, false) => format!("your empty mark at {} ({where_} has a {noun} there)", model.name(c)),
        })
        .collect();
    let mut list = crate::quote::and_list(&named, wrong.len().saturating_sub(named.len()));
    if let Some(f) = list.get_mut(0..1) {
        f.make_ascii_uppercase();
    }
    let one = wrong.len() == 1;
    if together {
        let all = if wrong.len() == 2 { "both" } else { "all" };
        return format!("{list} cannot {all} be in one solution: take one back.");
    }
    if !digits && wrong.iter().any(|&(_, v)| !v) {
        return format!("{list}: wrong, take {} back.", if one { "it" } else { "them" });
    }
    format!(
        "{list} {} not in {where_}: take {} back.",
        if one { "is" } else { "are" },
        if one { "it" } else { "them" }
    )
}
