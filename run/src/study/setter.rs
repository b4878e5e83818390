//! Generating for setters, shared by the Puzzles room's *Generate…* dialog
//! and `puzzle generate`: one puzzle per seed, with its name and its
//! minimal-clue certificate in words.

use crate::puzzle::Puzzle;
use crate::puzzle::deduce::Grade;
use crate::puzzle::generate::{
    GenerateError, GenerateRequest, OptionKind, OptionSpec, OptionValue, check_limits, choice_error, generate,
    letters_error,
};
use crate::puzzle::setter::{SetterError, grade_of, minimality, without};
use crate::run::{CancelFlag, Cancelled};

/// A generated puzzle with what a setter reads about it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Made {
    pub puzzle: Puzzle,
    pub grade: Grade,
    /// Drafts judged.
    pub tries: usize,
    pub seed: u64,
    /// "Tango 6×6 Hard #7".
    pub name: String,
    /// "minimal: each of the 9 clues is needed", or which can go.
    pub certificate: String,
}

/// "each of the 9 clues is needed", "its one clue is needed".
pub fn every_clue_needed(clues: usize) -> String {
    if clues == 1 {
        "its one clue is needed".to_string()
    } else {
        format!("each of the {clues} clues is needed")
    }
}

/// "3 of the 9 clues can go", "its one clue can go".
pub fn clues_that_can_go(spare: usize, clues: usize) -> String {
    match (spare, clues) {
        (1, 1) => "its one clue can go".to_string(),
        (s, c) if s == c => format!("all {c} clues can go"),
        (s, c) => format!("{s} of the {c} clues can go"),
    }
}

/// How long `puzzle minimal` checks clues unless told otherwise: each clue is
/// an exact recount, and on a large open puzzle the first count alone can run
/// for minutes.
pub const MINIMAL_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(60);

/// Why `puzzle` is not what a generator's result is, a unique puzzle of
/// `grade` (`None`: it is): a file kept from an earlier run may have been cut
/// short or edited and still parse.
pub fn not_a_result(puzzle: &Puzzle, grade: Grade, cancel: &CancelFlag) -> Result<Option<String>, Cancelled> {
    let count = puzzle.solve_exact(
        crate::puzzle::ExactRequest {
            limit: 2,
            keep: 0,
            progress: &crate::puzzle::no_search_progress,
            max_nodes: None,
        },
        cancel,
    );
    let count = match count {
        Ok(r) => r,
        Err(_) if cancel.is_cancelled() => return Err(Cancelled),
        Err(e) => return Ok(Some(e.to_string())),
    };
    if count.timed_out {
        return Err(Cancelled);
    }
    if !count.is_unique() {
        return Ok(Some(if count.count == 0 {
            "its puzzle has no solution".to_string()
        } else {
            "its puzzle has more than one solution".to_string()
        }));
    }
    let got = grade_of(puzzle, cancel);
    if cancel.is_cancelled() {
        return Err(Cancelled);
    }
    Ok((got != grade).then(|| format!("its puzzle is graded {}, not {}", got.name(), grade.name())))
}

/// The minimal-clue certificate of a unique puzzle of grade `grade`, in
/// words: every clue needed, or which can go (and whether at this grade). A
/// cancel is an error, never a certificate; a time limit that stops the
/// check says the clues were not all checked; any other reason there is no
/// certificate is said in its place.
pub fn certificate(puzzle: &Puzzle, grade: Grade, cancel: &CancelFlag) -> Result<String, Cancelled> {
    Ok(match minimality(puzzle, cancel, &|_| {}) {
        Ok(m) if m.cut_short() => return stopped(cancel),
        Ok(m) if m.clues.is_empty() => "no removable clues (givens, links or shown counts) in this family".to_string(),
        Ok(m) if m.is_minimal() => format!("minimal: {}", every_clue_needed(m.clues.len())),
        Ok(m) => {
            // Each spare clue's removal graded: the generator keeps a clue whose
            // removal would change the grade asked for.
            let spare = m.spare();
            let same = spare
                .iter()
                .filter(|c| grade_of(&without(puzzle, c), cancel) == grade)
                .count();
            if cancel.is_cancelled() {
                return stopped(cancel);
            }
            let spare = spare.len();
            let could = if spare == 1 { "could go" } else { "could each go" };
            format!(
                "{} ({could} on its own and leave it unique), {}",
                clues_that_can_go(spare, m.clues.len()),
                match same {
                    0 if spare == 1 => "but not at this grade".to_string(),
                    0 => "but none at this grade".to_string(),
                    k => format!("{k} of them at this grade"),
                }
            )
        }
        Err(SetterError::Cancelled(c)) => return Err(c),
        Err(_) if cancel.is_cancelled() => return stopped(cancel),
        Err(e) => e.to_string(),
    })
}

/// A check the clock stopped is a certificate that says so; a cancel is an error.
fn stopped(cancel: &CancelFlag) -> Result<String, Cancelled> {
    if cancel.timed_out() {
        Ok("not certified: the time limit ran out before every clue was checked".into())
    } else {
        Err(Cancelled)
    }
}

/// The name a generated puzzle goes by ("Queens 8×8 Medium #7").
pub fn name_of(req: &GenerateRequest) -> String {
    format!(
        "{} {1}×{1} {2} #{3}",
        req.recipe.title(),
        req.size,
        req.grade.name(),
        req.seed
    )
}

/// What a run's messages call its count and its seed: the command line's
/// flags, or the dialog's fields.
pub struct RunNames {
    pub count: &'static str,
    pub seed: &'static str,
}

/// Checks a run of `count` puzzles from `req` (seeds `req.seed` on) before
/// any work: the count (1 to `max_count`), seeds that stay at or below the
/// largest, and the request's limits. `puzzle generate` and the Generate
/// dialog (as the user types) both ask this one check.
pub fn check_run(req: &GenerateRequest, count: usize, max_count: usize, names: &RunNames) -> Result<(), String> {
    if !(1..=max_count).contains(&count) {
        return Err(format!("{} must be 1 to {max_count}, not {count}", names.count));
    }
    crate::study::seeds::check_run_of(names.seed, req.seed, count, &format!("{} {count}", names.count))?;
    check_limits(req).map_err(|e| e.to_string())
}

/// Generates the puzzle of `req` and certifies its clues. A cancel during
/// either is [`GenerateError::Cancelled`], never a certificate.
pub fn make(req: &GenerateRequest, cancel: &CancelFlag, progress: &dyn Fn(usize)) -> Result<Made, GenerateError> {
    let g = generate(req, cancel, progress)?;
    let certificate = certificate(&g.puzzle, g.grade, cancel)?;
    Ok(Made {
        // The generator returns the grade asked for.
        name: name_of(req),
        puzzle: g.puzzle,
        grade: g.grade,
        tries: g.tries,
        seed: req.seed,
        certificate,
    })
}

/// A generator option's value read from text (a command-line flag's): a
/// number, a choice's word, letters (any case) or a list of lengths. Errors
/// start with `what` ("--regions: regions are 'connected' or 'any', not 'odd'").
/// A flag's presence is its own value: its default turned over.
pub fn option_value(spec: &OptionSpec, text: &str, what: &str) -> Result<OptionValue, String> {
    let t = text.trim();
    let not = |kind: &str| format!("{what}: '{}' is not {kind}", crate::quote::excerpt(t));
    Ok(match &spec.kind {
        OptionKind::Int { min, .. } => match t.parse::<i64>() {
            // As the command line says it of every other count.
            Ok(v) if v < 0 && *min >= 0 => return Err(format!("{what} takes a whole number, 0 or more, not {t}")),
            Ok(v) => OptionValue::Int(v),
            Err(_) => return Err(not("a whole number")),
        },
        OptionKind::Float { .. } => OptionValue::Float(t.parse().map_err(|_| not("a number"))?),
        OptionKind::Flag { default } => OptionValue::Flag(!default),
        OptionKind::Choice { words, .. } => {
            let lower = t.to_ascii_lowercase();
            let word = words
                .iter()
                .find(|w| **w == lower)
                .ok_or_else(|| format!("{what}: {}", choice_error(spec.key, words, &lower)))?;
            OptionValue::Choice(word)
        }
        OptionKind::Letters { letters, .. } => OptionValue::Letters(
            t.chars()
                .map(|c| {
                    let upper = c.to_ascii_uppercase();
                    letters
                        .iter()
                        .any(|(l, _)| *l == upper)
                        .then_some(upper)
                        .ok_or_else(|| format!("{what}: {}", letters_error(c, letters)))
                })
                .collect::<Result<_, _>>()?,
        ),
        OptionKind::Lengths { .. } => {
            OptionValue::Lengths(crate::study::parse_list(t, what, "ship lengths such as 4,3,2")?)
        }
    })
}
