//! Tiers 3 and 4: assume a value and follow the easier rules until a rule
//! breaks; then the cell holds the other value. Depth 2 assumes a second cell
//! (one that shares a rule with a cell the first assumption decided) both ways.
//!
//! Probes are the costly part: each step gets a work budget (rule scans), so
//! a blank 16×16 board stalls in a fraction of a second instead of minutes.

use super::{Deduction, Rule, State, rules};
use crate::puzzle::model::{Cell, Constraint, PuzzleModel};
use crate::run::CancelFlag;

/// Constraint visits one probe step may spend (about half a second).
pub const SCANS_PER_STEP: u64 = 40_000_000;

/// What a probe step may still spend, in constraint visits.
pub struct Work<'a> {
    pub left: u64,
    pub cancel: &'a CancelFlag,
}

impl Work<'_> {
    fn spend(&mut self, model: &PuzzleModel) -> bool {
        let cost = (model.constraints.len() + model.links.len() + 1) as u64;
        if self.left < cost || self.cancel.is_cancelled() {
            self.left = 0;
            return false;
        }
        self.left -= cost;
        true
    }
}

/// How an assumption ended.
enum Outcome {
    Breaks,
    Holds(State),
    OutOfWork,
}

/// Applies tiers 1 and 2 until nothing changes.
fn saturate(model: &PuzzleModel, mut state: State, work: &mut Work<'_>) -> Outcome {
    loop {
        if !work.spend(model) {
            return Outcome::OutOfWork;
        }
        if rules::contradiction(model, &state).is_some() {
            return Outcome::Breaks;
        }
        match rules::basic(model, &state).or_else(|| rules::advanced(model, &state)) {
            Some(d) => super::apply(&mut state, &d),
            None => return Outcome::Holds(state),
        }
    }
}

/// Cells that share a rule with a cell of `changed` (where a second
/// assumption can matter).
fn neighbours(model: &PuzzleModel, changed: &[bool]) -> Vec<bool> {
    let mut out = vec![false; changed.len()];
    let mut mark = |cells: &mut dyn Iterator<Item = Cell>| {
        let cells: Vec<Cell> = cells.collect();
        if cells.iter().any(|&c| changed[c]) {
            for c in cells {
                out[c] = true;
            }
        }
    };
    for c in &model.constraints {
        match c {
            Constraint::Sum { terms, .. } => mark(&mut terms.iter().map(|(c, _)| *c)),
            Constraint::NotBoth { a, b, .. } => mark(&mut [*a, *b].into_iter()),
        }
    }
    for l in &model.links {
        mark(&mut [l.a, l.b].into_iter());
    }
    out
}

/// Does assuming `cell = value` break a rule? `None` when the work ran out.
fn fails(model: &PuzzleModel, state: &State, cell: Cell, value: bool, deep: bool, work: &mut Work<'_>) -> Option<bool> {
    let mut s = state.clone();
    s[cell] = Some(value);
    let after = match saturate(model, s, work) {
        Outcome::Breaks => return Some(true),
        Outcome::OutOfWork => return None,
        Outcome::Holds(after) => after,
    };
    if !deep {
        return Some(false);
    }
    let changed: Vec<bool> = (0..state.len())
        .map(|c| state[c].is_none() && after[c].is_some())
        .collect();
    let near = neighbours(model, &changed);
    for c in (0..after.len()).filter(|&c| after[c].is_none() && near[c]) {
        if fails(model, &after, c, true, false, work)? && fails(model, &after, c, false, false, work)? {
            return Some(true);
        }
    }
    Some(false)
}

/// The first cell one of whose values breaks a rule; `Err` when the work ran
/// out before one was found.
pub fn probe(model: &PuzzleModel, state: &State, deep: bool, work: &mut Work<'_>) -> Result<Option<Deduction>, ()> {
    let open: Vec<Cell> = (0..state.len()).filter(|&c| state[c].is_none()).collect();
    for depth2 in [false, true] {
        if depth2 && !deep {
            break;
        }
        for &cell in &open {
            // Try the value a person tests first: a mark.
            for value in [true, false] {
                if fails(model, state, cell, value, depth2, work).ok_or(())? {
                    return Ok(Some(probe_step(model, cell, value, depth2)));
                }
            }
        }
    }
    Ok(None)
}

fn probe_step(model: &PuzzleModel, cell: Cell, value: bool, depth2: bool) -> Deduction {
    let what = if value {
        format!("a {}", model.noun)
    } else {
        "no mark".to_string()
    };
    Deduction {
        rule: if depth2 { Rule::DeepProbe } else { Rule::Probe },
        decided: vec![(cell, !value)],
        reasons: vec![cell],
        sentence: format!(
            "If {} held {what}, {}: so it {}",
            model.name(cell),
            if depth2 {
                "then some other cell could hold neither value"
            } else {
                "the rules above would break"
            },
            if value {
                format!("holds no {}", model.noun)
            } else {
                format!("holds a {}", model.noun)
            }
        ),
    }
}
