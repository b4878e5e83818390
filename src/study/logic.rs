//! What the Puzzles room and the command line ask of the deduction ladder:
//! the model it reasons on (or why a puzzle has none), a user's marks as the
//! ladder's state, and a hint that names a wrong mark before it deduces.

use crate::geometry::BinaryMatrix;
use crate::puzzle::deduce::{self, Contradiction, Deduction, Ladder, LadderSpec, State, Step, TOP_TIER};
use crate::puzzle::families::AnswerGlyph;
use crate::puzzle::{ExactRequest, Puzzle, PuzzleModel};
use crate::run::CancelFlag;

/// Solutions the hint's exact check keeps: with no more than this many, a
/// mark that is in none of them is named as wrong.
const SOLUTIONS_JUDGED: usize = 20;

/// What the ladder reasons on (the model and the family's own rules), or why
/// this puzzle has no ladder.
pub fn ladder_model(p: &Puzzle) -> Result<LadderSpec, String> {
    p.as_family().ladder()
}

/// A logical solution and, when it stalls short of the end, how many
/// solutions the puzzle has (counted to 2): no reasoning can finish a puzzle
/// with none or several, which "needs search" would misname.
pub struct Verdict {
    pub explanation: deduce::Explanation,
    pub solutions: Option<u64>,
}

impl Verdict {
    /// The grade as a person reads it: the ladder's, or "no solution" / "not unique".
    pub fn label(&self) -> &'static str {
        let ex = &self.explanation;
        match self.solutions {
            _ if ex.broken.is_some() => "no solution",
            Some(0) => "no solution",
            Some(n) if n >= 2 => "not unique",
            _ => ex.grade.name(),
        }
    }
}

/// The ladder from `start` (the puzzle's own cells), and the count when it stalls.
pub fn verdict(p: &Puzzle, spec: &LadderSpec, start: State, cancel: &CancelFlag) -> Result<Verdict, String> {
    let explanation = deduce::explain_with(&Ladder::of(spec), start, cancel);
    if cancel.is_cancelled() {
        return Err("cancelled".into());
    }
    let solutions = if explanation.solved || explanation.broken.is_some() {
        None
    } else {
        // Two solutions say "not unique" even when the count stopped there.
        p.solve_exact(ExactRequest::new(2, 0), cancel)
            .ok()
            .filter(|r| r.is_complete() || r.count >= 2)
            .map(|r| r.count)
    };
    Ok(Verdict { explanation, solutions })
}

/// A user's marks as the ladder's state: the puzzle's fixed cells, then each
/// decided cell of the answer. `undecided` lists the blank cells; without it,
/// the 0/1 families (digits) count every cell as decided and the others count
/// only their marks (an unmarked cell may still take one).
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
    let digits = p.as_family().answer_glyph() == AnswerGlyph::Digits;
    for (cell, slot) in state.iter_mut().enumerate() {
        let (r, c) = (cell / model.cols, cell % model.cols);
        if slot.is_some() {
            continue;
        }
        *slot = match undecided {
            Some(u) if u.get(r, c) => None,
            Some(_) => Some(grid.get(r, c)),
            None if digits || grid.get(r, c) => Some(grid.get(r, c)),
            None => None,
        };
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

/// The next hint from `state` (the puzzle's cells and a user's marks): first
/// whether the puzzle has a solution at all, then the marks no solution
/// shares, then the ladder's easiest next step.
pub fn hint(p: &Puzzle, spec: &LadderSpec, state: &State, cancel: &CancelFlag) -> Result<Hint, String> {
    let model = &spec.model;
    let fixed = deduce::start(model).map_err(|c| c.sentence)?;
    let marked: Vec<(usize, bool)> = (0..state.len())
        .filter(|&c| fixed[c].is_none())
        .filter_map(|c| state[c].map(|v| (c, v)))
        .collect();
    let solved = p
        .solve_exact(ExactRequest::new(SOLUTIONS_JUDGED as u64, SOLUTIONS_JUDGED), cancel)
        .map_err(|e| e.to_string())?;
    let all = solved.is_complete();
    if all && solved.count == 0 {
        return Ok(Hint::Broken(Contradiction {
            cells: Vec::new(),
            sentence: solved.why_none.unwrap_or_else(|| "the puzzle has no solution".into()),
        }));
    }
    if !marked.is_empty() {
        let wrong = if all {
            let cols = model.cols;
            let wrong: Vec<(usize, bool)> = marked
                .iter()
                .copied()
                .filter(|&(c, v)| solved.examples.iter().all(|s| s.get(c / cols, c % cols) != v))
                .collect();
            if !wrong.is_empty() {
                let s = wrong_sentence(p, model, &wrong, solved.count, false);
                Some((wrong, s))
            } else if !solved
                .examples
                .iter()
                .any(|s| marked.iter().all(|&(c, v)| s.get(c / cols, c % cols) == v))
            {
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
                    .unwrap_or_else(|| marked.clone());
                let s = wrong_sentence(p, model, &pair, solved.count, true);
                Some((pair, s))
            } else {
                None
            }
        } else {
            clashing_marks(p, model, &marked, cancel)?
        };
        if let Some((marks, sentence)) = wrong {
            return Ok(Hint::Wrong { marks, sentence });
        }
    }
    Ok(match Ladder::of(spec).next_step(state, TOP_TIER, cancel) {
        Step::Deduce(d) => Hint::Step(d),
        Step::Solved => Hint::Solved,
        Step::Stuck if solved.count > 1 => Hint::Stuck(format!(
            "No rule of the ladder finds the next step. The puzzle has {}{} solutions: the cells where they differ can never be decided by reasoning.",
            if all { "" } else { "at least " },
            solved.count
        )),
        Step::Stuck => {
            Hint::Stuck("No rule of the ladder finds the next step from here: a person would have to guess.".into())
        }
        Step::OutOfWork if cancel.is_cancelled() => return Err("cancelled".into()),
        Step::OutOfWork => Hint::Stuck(
            "The probes spent their work limit without finding a step: a person would have to guess.".into(),
        ),
        Step::Broken(c) => Hint::Broken(c),
    })
}

/// With too many solutions to list: are the marks in some solution? If not,
/// the marks that no solution has alone, or else a pair no solution has both of.
fn clashing_marks(
    p: &Puzzle,
    model: &PuzzleModel,
    marked: &[(usize, bool)],
    cancel: &CancelFlag,
) -> Result<Option<(Vec<(usize, bool)>, String)>, String> {
    let holds = |marks: &[(usize, bool)]| -> Result<bool, String> {
        let r = p
            .solve_with(marks, ExactRequest::new(1, 0), cancel)
            .map_err(|e| e.to_string())?;
        // A search stopped by a limit proves nothing: the marks count as possible.
        Ok(r.count > 0 || !r.is_complete())
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
    let digits = p.as_family().answer_glyph() == AnswerGlyph::Digits;
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
    let more = if wrong.len() > 3 {
        format!(" and {} more", wrong.len() - 3)
    } else {
        String::new()
    };
    let mut list = match named.as_slice() {
        [one] => one.clone(),
        names => crate::puzzle::model::name_list(names),
    };
    if let Some(f) = list.get_mut(0..1) {
        f.make_ascii_uppercase();
    }
    let one = wrong.len() == 1;
    if together {
        let all = if wrong.len() == 2 { "both" } else { "all" };
        return format!("{list}{more} cannot {all} be in one solution: take one back.");
    }
    if !digits && wrong.iter().any(|&(_, v)| !v) {
        return format!("{list}{more}: wrong, take {} back.", if one { "it" } else { "them" });
    }
    format!(
        "{list}{more} {} not in {where_}: take {} back.",
        if one { "is" } else { "are" },
        if one { "it" } else { "them" }
    )
}
