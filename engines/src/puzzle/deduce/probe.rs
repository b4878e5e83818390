//! Tiers 3 and 4: assume a value and follow the easier rules until a rule
//! breaks; then the cell holds the other value. Depth 2 assumes a second cell
//! (one that shares a rule with a cell the first assumption decided) both ways;
//! that second assumption follows every easier rule but the band rule, whose
//! cost there would be thousands of times a step's.
//!
//! Probes are the costly part: they run on the fast propagation of
//! [`super::propagate`], and each step gets a work budget (rule visits), so a
//! blank 16×16 board stalls in a fraction of a second instead of minutes.

use super::propagate::{Index, Stop, Tracker, Work};
use super::{Deduction, Rule, State};

use crate::puzzle::model::{Cell, PuzzleModel};

/// Rule visits one probe step may spend (well under a second).
pub const VISITS_PER_STEP: u64 = 15_000_000;

/// Assuming `cell = value`: `Ok` with the tracker it ends in when it holds,
/// `Err((why, cells))` when a rule breaks; the outer `Err` when the work ran out.
fn assume(
    index: &Index,
    base: &Tracker,
    cell: Cell,
    value: bool,
    bands: bool,
    work: &mut Work<'_>,
) -> Result<Result<Tracker, (String, Vec<Cell>)>, ()> {
    let mut t = base.clone();
    match t.assume(index, cell, value, bands, work) {
        Ok(()) => Ok(Ok(t)),
        Err(Stop::Breaks(why, cells)) => Ok(Err((why, cells))),
        Err(Stop::OutOfWork) => Err(()),
    }
}

/// After an assumption that held (ending in `after`), a cell near the change
/// that can hold neither value.
fn second_fails(index: &Index, base: &State, after: &Tracker, work: &mut Work<'_>) -> Result<Option<Cell>, ()> {
    let changed: Vec<Cell> = (0..base.len())
        .filter(|&c| base[c].is_none() && after.state[c].is_some())
        .collect();
    let near = index.neighbours(&changed, base.len());
    for c in (0..base.len()).filter(|&c| after.state[c].is_none() && near[c]) {
        if assume(index, after, c, true, false, work)?.is_err() && assume(index, after, c, false, false, work)?.is_err()
        {
            return Ok(Some(c));
        }
    }
    Ok(None)
}

/// The first cell one of whose values breaks a rule; `Err` when the work ran
/// out before one was found.
///
/// `later` carries the other failing assumptions a scan found to the next
/// steps: an assumption that breaks a rule still breaks it once more cells
/// are decided (every rule only adds decided cells), so they are tried
/// before a new scan of every cell.
pub fn probe(
    model: &PuzzleModel,
    index: &Index,
    base: &Tracker,
    deep: bool,
    later: &mut Vec<(Cell, bool)>,
    choices: &mut Option<usize>,
    work: &mut Work<'_>,
) -> Result<Option<Deduction>, ()> {
    let state = &base.state;
    while !later.is_empty() {
        let (cell, value) = later.remove(0);
        if state[cell].is_some() {
            continue;
        }
        if let Err((why, cells)) = assume(index, base, cell, value, true, work)? {
            return Ok(Some(probe_step(model, cell, value, &why, cells, false)));
        }
    }
    let open: Vec<Cell> = (0..state.len()).filter(|&c| state[c].is_none()).collect();
    // Depth 1 first, every cell (the failures after the first wait in
    // `later`); the states each assumption holds in are kept for depth 2.
    let mut held = Vec::new();
    let mut first = None;
    'cells: for &cell in &open {
        // Try the value a person tests first: a mark.
        for value in [true, false] {
            let outcome = match assume(index, base, cell, value, true, work) {
                Ok(o) => o,
                // Out of work after a failure was found: that one stands.
                Err(()) if first.is_some() => break 'cells,
                Err(()) => return Err(()),
            };
            match outcome {
                Err((why, cells)) => {
                    if first.is_none() {
                        first = Some(probe_step(model, cell, value, &why, cells, false));
                    } else {
                        later.push((cell, value));
                    }
                    continue 'cells;
                }
                Ok(after) if deep && first.is_none() => held.push((cell, value, after)),
                Ok(_) => {}
            }
        }
    }
    if first.is_some() {
        // This scan's failing assumptions: the one returned and those kept.
        *choices = Some(1 + later.len());
        return Ok(first);
    }
    for (cell, value, after) in &held {
        if let Some(other) = second_fails(index, state, after, work)? {
            let why = if model.digits {
                format!("{} could then be neither 0 nor 1", model.name(other))
            } else {
                format!(
                    "{} could then neither hold a {} nor be empty",
                    model.name(other),
                    model.noun
                )
            };
            return Ok(Some(probe_step(model, *cell, *value, &why, vec![other], true)));
        }
    }
    Ok(None)
}

/// `why`: what breaks under the assumption, in words.
/// `broken`: the cells of the rule that breaks (the step's reasons, with the cell).
fn probe_step(model: &PuzzleModel, cell: Cell, value: bool, why: &str, broken: Vec<Cell>, depth2: bool) -> Deduction {
    let noun = model.noun;
    let (assumed, so) = match (model.digits, value) {
        (true, v) => (format!("were {}", u8::from(v)), format!("is {}", u8::from(!v))),
        (false, true) => (format!("held a {noun}"), format!("holds no {noun}")),
        (false, false) => (format!("held no {noun}"), format!("holds a {noun}")),
    };
    Deduction {
        rule: if depth2 { Rule::DeepProbe } else { Rule::Probe },
        decided: vec![(cell, !value)],
        reasons: std::iter::once(cell).chain(broken).collect(),
        sentence: format!("If {} {assumed}, {why}: so it {so}", model.name(cell)),
    }
}
