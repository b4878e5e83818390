//! Tiers 3 and 4: assume a value and follow the easier rules until a rule
//! breaks; then the cell holds the other value. Depth 2 assumes a second cell
//! both ways inside the first assumption.

use super::{Deduction, Rule, State, rules};
use crate::puzzle::model::{Cell, PuzzleModel};

/// Applies tiers 1 and 2 until nothing changes; `Err` when a rule breaks.
fn saturate(model: &PuzzleModel, state: &mut State) -> Result<(), ()> {
    loop {
        if rules::contradiction(model, state).is_some() {
            return Err(());
        }
        let d = rules::basic(model, state).or_else(|| rules::advanced(model, state));
        match d {
            Some(d) => super::apply(state, &d),
            None => return Ok(()),
        }
    }
}

/// Does assuming `cell = value` break a rule (after the easier rules; at
/// depth 2, after a second assumption either way)?
fn fails(model: &PuzzleModel, state: &State, cell: Cell, value: bool, deep: bool) -> bool {
    let mut s = state.clone();
    s[cell] = Some(value);
    if saturate(model, &mut s).is_err() {
        return true;
    }
    if !deep {
        return false;
    }
    // Some second cell fails both ways: the first assumption was wrong.
    (0..s.len())
        .filter(|&c| s[c].is_none())
        .any(|c| fails(model, &s, c, true, false) && fails(model, &s, c, false, false))
}

/// The first cell one of whose values breaks a rule.
pub fn probe(model: &PuzzleModel, state: &State, deep: bool) -> Option<Deduction> {
    let open: Vec<Cell> = (0..state.len()).filter(|&c| state[c].is_none()).collect();
    for depth2 in [false, true] {
        if depth2 && !deep {
            break;
        }
        for &cell in &open {
            // Try the value a person tests first: a mark.
            for value in [true, false] {
                if fails(model, state, cell, value, depth2) {
                    let what = if value {
                        format!("a {}", model.noun)
                    } else {
                        "no mark".to_string()
                    };
                    return Some(Deduction {
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
                    });
                }
            }
        }
    }
    None
}
