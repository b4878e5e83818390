//! Generating for setters, shared by the Puzzles room's *Generate…* dialog
//! and `puzzle generate`: one puzzle per seed, with its name and its
//! minimal-clue certificate in words.

use crate::puzzle::Puzzle;
use crate::puzzle::deduce::Grade;
use crate::puzzle::generate::{GenerateRequest, generate};
use crate::puzzle::setter::{grade_of, minimality, without};
use crate::run::CancelFlag;

/// A generated puzzle with what a setter reads about it.
#[derive(Clone, Debug, PartialEq)]
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

/// Generates the puzzle of `req` and certifies its clues.
pub fn make(req: &GenerateRequest, cancel: &CancelFlag, progress: &dyn Fn(usize)) -> Result<Made, String> {
    let g = generate(req, cancel, progress)?;
    let certificate = match minimality(&g.puzzle, cancel, &|_, _| {}) {
        Ok(m) if m.clues.is_empty() => "no removable clues (givens, links or shown counts) in this family".to_string(),
        Ok(m) if m.is_minimal() => format!("minimal: {}", every_clue_needed(m.clues.len())),
        Ok(m) => {
            // Each spare clue's removal graded: the generator keeps a clue whose
            // removal would change the grade asked for.
            let spare = m.spare();
            let same = spare
                .iter()
                .filter(|c| grade_of(&without(&g.puzzle, c), cancel) == g.grade)
                .count();
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
        Err(e) => e,
    };
    let title = req.recipe.title();
    Ok(Made {
        name: format!("{title} {0}×{0} {1} #{2}", req.size, g.grade.name(), req.seed),
        puzzle: g.puzzle,
        grade: g.grade,
        tries: g.tries,
        seed: req.seed,
        certificate,
    })
}
