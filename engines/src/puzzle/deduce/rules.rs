//! The rules of tiers 1 and 2, over the model's constraints, and the check
//! that a state breaks none of them.

use super::{Contradiction, Deduction, Rule, State};
use crate::puzzle::model::{Cell, Constraint, PuzzleModel, plural};

/// A sum constraint as it stands: the weight already placed and the open cells.
struct Tally<'a> {
    what: &'a str,
    lo: i64,
    hi: i64,
    placed: i64,
    open: Vec<(Cell, i64)>,
    unit: bool,
}

fn tallies<'a>(model: &'a PuzzleModel, state: &State) -> impl Iterator<Item = Tally<'a>> {
    model.constraints.iter().filter_map(move |c| match c {
        Constraint::Sum { terms, lo, hi, what } => {
            let placed = terms
                .iter()
                .filter(|(c, _)| state[*c] == Some(true))
                .map(|(_, w)| w)
                .sum();
            let open = terms.iter().filter(|(c, _)| state[*c].is_none()).copied().collect();
            Some(Tally {
                what,
                lo: *lo,
                hi: *hi,
                placed,
                open,
                unit: terms.iter().all(|(_, w)| *w == 1),
            })
        }
        Constraint::NotBoth { .. } => None,
    })
}

/// Sums reachable by subsets of `weights` (all weights positive here, as the
/// families write them), as a bitmap over 0..=total.
fn reachable(weights: &[i64]) -> Vec<bool> {
    let total: i64 = weights.iter().sum();
    let mut r = vec![false; total as usize + 1];
    r[0] = true;
    for &w in weights {
        for s in (w as usize..r.len()).rev() {
            r[s] |= r[s - w as usize];
        }
    }
    r
}

fn any_in(r: &[bool], lo: i64, hi: i64) -> bool {
    (lo.max(0)..=hi.min(r.len() as i64 - 1)).any(|s| r[s as usize])
}

/// A rule the decided cells already break, if any.
pub fn contradiction(model: &PuzzleModel, state: &State) -> Option<Contradiction> {
    for t in tallies(model, state) {
        let positive = t.open.iter().all(|(_, w)| *w > 0);
        let reach_max: i64 = t.open.iter().map(|(_, w)| (*w).max(0)).sum();
        let reach_min: i64 = t.open.iter().map(|(_, w)| (*w).min(0)).sum();
        let broken = t.placed + reach_min > t.hi
            || t.placed + reach_max < t.lo
            || (positive && !t.unit && !any_in(&reachable(&weights(&t)), t.lo - t.placed, t.hi - t.placed));
        if broken {
            return Some(Contradiction {
                cells: t.open.iter().map(|(c, _)| *c).collect(),
                sentence: format!("{} cannot reach its count any more", t.what),
            });
        }
    }
    for c in &model.constraints {
        if let Constraint::NotBoth { a, b, why, .. } = c
            && state[*a] == Some(true)
            && state[*b] == Some(true)
        {
            return Some(Contradiction {
                cells: vec![*a, *b],
                sentence: format!("the {}s at {} and {} {why}", model.noun, model.name(*a), model.name(*b)),
            });
        }
    }
    for l in &model.links {
        if let (Some(x), Some(y)) = (state[l.a], state[l.b])
            && (x != y) != l.opposite
        {
            return Some(Contradiction {
                cells: vec![l.a, l.b],
                sentence: format!(
                    "{} and {} break their '{}' link",
                    model.name(l.a),
                    model.name(l.b),
                    if l.opposite { 'x' } else { '=' }
                ),
            });
        }
    }
    None
}

fn weights(t: &Tally<'_>) -> Vec<i64> {
    t.open.iter().map(|(_, w)| *w).collect()
}

/// Tier 1: full lines, lines that need every open cell, "not both", links.
pub fn basic(model: &PuzzleModel, state: &State) -> Option<Deduction> {
    let noun = model.noun;
    for t in tallies(model, state).filter(|t| t.unit && !t.open.is_empty()) {
        let open: Vec<Cell> = t.open.iter().map(|(c, _)| *c).collect();
        if t.placed >= t.hi {
            return Some(Deduction {
                rule: Rule::Full,
                decided: open.iter().map(|&c| (c, false)).collect(),
                reasons: open,
                sentence: format!(
                    "{} already has its {} {}, so its other cells are empty",
                    capital(t.what),
                    t.hi,
                    plural(noun, t.hi)
                ),
            });
        }
        let need = t.lo - t.placed;
        if need > 0 && need == open.len() as i64 {
            return Some(Deduction {
                rule: Rule::Fill,
                decided: open.iter().map(|&c| (c, true)).collect(),
                reasons: open,
                sentence: format!(
                    "{} needs {need} more {} and has exactly {need} open {}, so {} one",
                    capital(t.what),
                    plural(noun, need),
                    plural("cell", need),
                    if need == 1 { "it holds" } else { "each holds" }
                ),
            });
        }
    }
    for c in &model.constraints {
        if let Constraint::NotBoth { a, b, why, .. } = c {
            for (x, y) in [(*a, *b), (*b, *a)] {
                if state[x] == Some(true) && state[y].is_none() {
                    return Some(Deduction {
                        rule: Rule::Excludes,
                        decided: vec![(y, false)],
                        reasons: vec![x],
                        sentence: format!(
                            "{} holds a {noun}, and {}s at {} and {} would {why}, so {} is empty",
                            model.name(x),
                            noun,
                            model.name(x),
                            model.name(y),
                            model.name(y)
                        ),
                    });
                }
            }
        }
    }
    for l in &model.links {
        for (x, y) in [(l.a, l.b), (l.b, l.a)] {
            if let (Some(v), None) = (state[x], state[y]) {
                let w = v != l.opposite;
                return Some(Deduction {
                    rule: Rule::Link,
                    decided: vec![(y, w)],
                    reasons: vec![x],
                    sentence: format!(
                        "{} is {}, and the '{}' link makes {} {}",
                        model.name(x),
                        u8::from(v),
                        if l.opposite { 'x' } else { '=' },
                        model.name(y),
                        u8::from(w)
                    ),
                });
            }
        }
    }
    None
}

/// Tier 2: sums of numbers that can reach their target only with (or only
/// without) a cell; a line or region whose marks must all go into another's
/// open cells, which leaves the other's remaining cells empty.
pub fn advanced(model: &PuzzleModel, state: &State) -> Option<Deduction> {
    let all: Vec<Tally<'_>> = tallies(model, state).collect();
    for t in all
        .iter()
        .filter(|t| !t.unit && !t.open.is_empty() && t.open.iter().all(|(_, w)| *w > 0))
    {
        let (lo, hi) = (t.lo - t.placed, t.hi - t.placed);
        for (i, &(cell, w)) in t.open.iter().enumerate() {
            let others: Vec<i64> = t
                .open
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, x)| x.1)
                .collect();
            let r = reachable(&others);
            let with = any_in(&r, lo - w, hi - w);
            let without = any_in(&r, lo, hi);
            if with != without {
                let target = if t.lo == t.hi {
                    t.lo.to_string()
                } else {
                    format!("{} to {}", t.lo, t.hi)
                };
                return Some(Deduction {
                    rule: Rule::Reach,
                    decided: vec![(cell, with)],
                    reasons: t.open.iter().map(|(c, _)| *c).collect(),
                    sentence: format!(
                        "{} can reach {target} only {} the {w} at {}, so it is {}",
                        capital(t.what),
                        if with { "with" } else { "without" },
                        model.name(cell),
                        if with { "kept" } else { "struck out" }
                    ),
                });
            }
        }
    }
    // Confinement: A needs at least as many marks as B can still take, and all of
    // A's open cells lie in B: B's other open cells stay empty.
    let units: Vec<&Tally<'_>> = all.iter().filter(|t| t.unit && !t.open.is_empty()).collect();
    for a in &units {
        let need = a.lo - a.placed;
        if need <= 0 {
            continue;
        }
        for b in &units {
            if std::ptr::eq(*a, *b) || b.hi - b.placed > need {
                continue;
            }
            let inside = a.open.iter().all(|x| b.open.contains(x));
            let rest: Vec<Cell> = b.open.iter().filter(|x| !a.open.contains(x)).map(|(c, _)| *c).collect();
            if inside && !rest.is_empty() {
                return Some(Deduction {
                    rule: Rule::Confined,
                    decided: rest.iter().map(|&c| (c, false)).collect(),
                    reasons: a.open.iter().map(|(c, _)| *c).collect(),
                    sentence: format!(
                        "{} can place its {} only in cells of {}, which takes no more, so the other cells of {} are empty",
                        capital(a.what),
                        plural(model.noun, need),
                        b.what,
                        b.what
                    ),
                });
            }
        }
    }
    None
}

/// "row 3" → "Row 3".
fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
