//! A puzzle's removable clues (givens, links, shown counts) and the
//! certificate that each is needed: without any one of them the puzzle has
//! more than one solution (an exact recount each).

use crate::puzzle::{ExactRequest, Puzzle, SetterError};
use crate::run::{CancelFlag, Cancelled};

pub use crate::puzzle::family::Clue;

/// The clues a setter could remove. Regions, trees and Rullo's numbers are
/// the puzzle itself, not clues; Tents and Battleship counts are.
pub fn clues(p: &Puzzle) -> Vec<Clue> {
    p.setter_clues()
}

/// The puzzle without `clue` (unchanged when it has no such clue).
pub fn without(p: &Puzzle, clue: &Clue) -> Puzzle {
    p.without_clue(clue)
}

/// Each clue with whether the puzzle needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct Minimality {
    /// (clue, needed): needed when removing it leaves two or more solutions.
    pub clues: Vec<(Clue, bool)>,
    /// The clues the time limit left unchecked (empty when every clue was checked).
    pub unchecked: Vec<Clue>,
}

impl Minimality {
    /// Every clue was checked and is needed: the certificate holds.
    pub fn is_minimal(&self) -> bool {
        self.unchecked.is_empty() && self.clues.iter().all(|(_, needed)| *needed)
    }

    /// The clues that can go (each on its own; removing two may not keep it unique).
    pub fn spare(&self) -> Vec<&Clue> {
        self.clues.iter().filter(|(_, n)| !n).map(|(c, _)| c).collect()
    }

    /// The time limit stopped the check before every clue was removed in turn.
    pub fn cut_short(&self) -> bool {
        !self.unchecked.is_empty()
    }
}

/// What [`minimality`] is doing, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MinimalityStage {
    /// Counting the puzzle's own solutions (up to 2): is it unique?
    CountingSolutions,
    /// Clue `.0` (from 0) of `.1` removed, its puzzle recounted.
    RemovingClue(usize, usize),
}

impl MinimalityStage {
    /// "counting the puzzle's solutions (is it unique?)", "removing clue 3 of 9 and recounting".
    pub fn describe(self) -> String {
        match self {
            MinimalityStage::CountingSolutions => "counting the puzzle's solutions (is it unique?)".into(),
            MinimalityStage::RemovingClue(k, n) => format!("removing clue {} of {n} and recounting", k + 1),
        }
    }

    /// (done, total) clues, for a progress bar.
    pub fn counts(self) -> (usize, usize) {
        match self {
            MinimalityStage::CountingSolutions => (0, 0),
            MinimalityStage::RemovingClue(k, n) => (k, n),
        }
    }
}

/// The minimal-clue certificate of a unique puzzle: every clue removed in
/// turn and the solutions recounted (up to 2). Refused when the puzzle is not
/// unique, since the certificate is about a unique puzzle's clues. A time
/// limit on `cancel` ends it with the clues checked by then (the rest in
/// [`Minimality::unchecked`]), or, during the first count, with
/// [`SetterError::UniquenessTimedOut`]; a cancel is [`SetterError::Cancelled`].
pub fn minimality(
    p: &Puzzle,
    cancel: &CancelFlag,
    progress: &dyn Fn(MinimalityStage),
) -> Result<Minimality, SetterError> {
    // The count up to 2, or None when the time limit stopped it first.
    let count = |q: &Puzzle| -> Result<Option<u64>, SetterError> {
        // Looked at before each count too: a count shorter than the solver's
        // look at the clock would never see the deadline.
        if cancel.timed_out() {
            return Ok(None);
        }
        let r = q.solve_exact(ExactRequest::new(2, 0), cancel);
        if cancel.is_cancelled() && !cancel.timed_out() {
            return Err(Cancelled.into());
        }
        match r {
            Ok(r) if r.count >= 2 || !r.timed_out => Ok(Some(r.count)),
            Ok(_) => Ok(None),
            Err(_) if cancel.timed_out() => Ok(None),
            Err(e) => Err(e.into()),
        }
    };
    progress(MinimalityStage::CountingSolutions);
    match count(p)? {
        Some(1) => {}
        Some(0) => return Err(SetterError::NoSolutionToCertify),
        Some(_) => return Err(SetterError::NotUnique),
        None => return Err(SetterError::UniquenessTimedOut),
    }
    let mut all = clues(p).into_iter();
    let total = all.len();
    let mut out = Vec::with_capacity(total);
    while let Some(clue) = all.next() {
        progress(MinimalityStage::RemovingClue(out.len(), total));
        match count(&without(p, &clue))? {
            Some(n) => out.push((clue, n >= 2)),
            None => {
                let mut unchecked = vec![clue];
                unchecked.extend(all);
                return Ok(Minimality { clues: out, unchecked });
            }
        }
    }
    Ok(Minimality {
        clues: out,
        unchecked: Vec::new(),
    })
}
