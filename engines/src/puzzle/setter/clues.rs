//! A puzzle's removable clues (givens, links, shown counts) and the
//! certificate that each is needed: without any one of them the puzzle has
//! more than one solution (an exact recount each).

use crate::puzzle::battleship::Given;
use crate::puzzle::model::CountSpec;
use crate::puzzle::{ExactRequest, Puzzle};
use crate::run::CancelFlag;

/// One clue of a puzzle, by what it is.
#[derive(Clone, Debug, PartialEq)]
pub enum Clue {
    /// A given cell (row, column), with what it shows.
    Given(usize, usize, String),
    /// A link between two cells ('=' or 'x').
    Link((usize, usize), (usize, usize), bool),
    /// A shown row count (`false`) or column count (`true`), by line.
    Count(bool, usize, u32),
}

impl Clue {
    /// "the given 1 at row 3, col 4", "the link row 1, col 1 = row 1, col 2",
    /// "the count 2 of row 5".
    pub fn describe(&self) -> String {
        match self {
            Clue::Given(r, c, what) => format!("the given {what} at {}", crate::puzzle::model::row_col(*r, *c)),
            Clue::Link(a, b, opposite) => format!(
                "the link {} {} {}",
                crate::puzzle::model::row_col(a.0, a.1),
                if *opposite { 'x' } else { '=' },
                crate::puzzle::model::row_col(b.0, b.1)
            ),
            Clue::Count(col, k, n) => format!("the count {n} of {} {}", if *col { "column" } else { "row" }, k + 1),
        }
    }
}

fn shown_counts(rows: &[Option<u32>], cols: &[Option<u32>]) -> Vec<Clue> {
    let line = |col: bool, v: &[Option<u32>]| {
        v.iter()
            .enumerate()
            .filter_map(move |(k, n)| n.map(|n| Clue::Count(col, k, n)))
            .collect::<Vec<_>>()
    };
    let mut out = line(false, rows);
    out.extend(line(true, cols));
    out
}

fn exact(spec: &CountSpec) -> Option<u32> {
    match spec {
        CountSpec::Exactly(n) => Some(*n),
        _ => None,
    }
}

/// The clues a setter could remove. Regions, trees and Rullo's numbers are
/// the puzzle itself, not clues; Tents and Battleship counts are.
pub fn clues(p: &Puzzle) -> Vec<Clue> {
    match p {
        Puzzle::Queens(q) => q
            .given
            .iter()
            .map(|&(r, c)| Clue::Given(r, c, "queen".into()))
            .collect(),
        Puzzle::Chess(ch) => ch
            .given
            .iter()
            .map(|&(r, c)| Clue::Given(r, c, "piece".into()))
            .collect(),
        Puzzle::Binary(b) => b
            .givens
            .iter()
            .map(|&(r, c, v)| Clue::Given(r, c, if v { "1" } else { "0" }.into()))
            .chain(b.links.iter().map(|l| Clue::Link(l.a, l.b, l.opposite)))
            .collect(),
        Puzzle::Tents(t) => shown_counts(
            &t.row_counts.iter().map(exact).collect::<Vec<_>>(),
            &t.col_counts.iter().map(exact).collect::<Vec<_>>(),
        ),
        Puzzle::Battleship(b) => b
            .givens
            .iter()
            .map(|&(r, c, g)| {
                let what = if g == Given::Water {
                    "water".to_string()
                } else {
                    format!("ship part '{}'", g.letter())
                };
                Clue::Given(r, c, what)
            })
            .chain(shown_counts(&b.row_targets, &b.col_targets))
            .collect(),
        Puzzle::Rullo(_) => Vec::new(),
    }
}

/// The puzzle without `clue` (unchanged when it has no such clue).
pub fn without(p: &Puzzle, clue: &Clue) -> Puzzle {
    let mut out = p.clone();
    match (&mut out, clue) {
        (Puzzle::Queens(q), Clue::Given(r, c, _)) => q.given.retain(|&x| x != (*r, *c)),
        (Puzzle::Chess(ch), Clue::Given(r, c, _)) => ch.given.retain(|&x| x != (*r, *c)),
        (Puzzle::Binary(b), Clue::Given(r, c, _)) => b.givens.retain(|g| (g.0, g.1) != (*r, *c)),
        (Puzzle::Binary(b), Clue::Link(x, y, _)) => b.links.retain(|l| (l.a, l.b) != (*x, *y)),
        (Puzzle::Tents(t), Clue::Count(col, k, _)) => {
            let line = if *col { &mut t.col_counts } else { &mut t.row_counts };
            line[*k] = CountSpec::Free;
        }
        (Puzzle::Battleship(b), Clue::Given(r, c, _)) => b.givens.retain(|g| (g.0, g.1) != (*r, *c)),
        (Puzzle::Battleship(b), Clue::Count(col, k, _)) => {
            let line = if *col { &mut b.col_targets } else { &mut b.row_targets };
            line[*k] = None;
        }
        _ => {}
    }
    out
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

/// Why there is no certificate when the time limit stops the first count.
pub const UNIQUENESS_TIMED_OUT: &str =
    "the time limit stopped the count of solutions before it showed whether the puzzle has exactly one";

/// The minimal-clue certificate of a unique puzzle: every clue removed in
/// turn and the solutions recounted (up to 2). Refused when the puzzle is not
/// unique, since the certificate is about a unique puzzle's clues. A time
/// limit on `cancel` ends it with the clues checked by then (the rest in
/// [`Minimality::unchecked`]), or, during the first count, with
/// [`UNIQUENESS_TIMED_OUT`]; a cancel is the error "cancelled".
pub fn minimality(p: &Puzzle, cancel: &CancelFlag, progress: &dyn Fn(MinimalityStage)) -> Result<Minimality, String> {
    // The count up to 2, or None when the time limit stopped it first.
    let count = |q: &Puzzle| -> Result<Option<u64>, String> {
        // Looked at before each count too: a count shorter than the solver's
        // look at the clock would never see the deadline.
        if cancel.timed_out() {
            return Ok(None);
        }
        let r = q.solve_exact(ExactRequest::new(2, 0), cancel);
        if cancel.is_cancelled() && !cancel.timed_out() {
            return Err("cancelled".into());
        }
        match r {
            Ok(r) if r.count >= 2 || !r.timed_out => Ok(Some(r.count)),
            Ok(_) => Ok(None),
            Err(_) if cancel.timed_out() => Ok(None),
            Err(e) => Err(e.to_string()),
        }
    };
    progress(MinimalityStage::CountingSolutions);
    match count(p)? {
        Some(1) => {}
        Some(0) => return Err("the puzzle has no solution, so no clue is needed or spare".into()),
        Some(_) => return Err("the puzzle has more than one solution: make it unique first (puzzle repair)".into()),
        None => return Err(UNIQUENESS_TIMED_OUT.into()),
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
