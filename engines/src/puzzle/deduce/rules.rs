//! The rules of tiers 1 and 2 as single steps with their sentences, and the
//! check that a state breaks none of them. They read the same index and
//! running totals as the probes' propagation ([`super::propagate`]).

use super::propagate::{Exclusion, Index, Tracker, reach};
use super::{Contradiction, Deduction, Rule};
use crate::puzzle::model::{Cell, PuzzleModel, plural};

/// A rule the decided cells already break, if any.
pub fn contradiction(model: &PuzzleModel, index: &Index, t: &Tracker) -> Option<Contradiction> {
    for (s, rule) in index.sums.iter().enumerate() {
        let tot = t.totals[s];
        let over = tot.placed + tot.open_neg > rule.hi;
        let mut broken = over || tot.placed + tot.open_pos < rule.lo;
        if !broken && !rule.unit && rule.positive && tot.open_n > 0 {
            broken = reach(&open_terms(index, t, s), rule.lo - tot.placed, rule.hi - tot.placed).is_none();
        }
        if broken {
            let cells = rule.terms.iter().map(|(c, _)| *c).collect();
            let sentence = if over {
                format!("{} has more than its {}", rule.what, rule.hi)
            } else {
                format!("{} can no longer reach its {}", rule.what, rule.lo)
            };
            return Some(Contradiction { cells, sentence });
        }
    }
    for (a, partners) in index.partners.iter().enumerate() {
        if t.state[a] != Some(true) {
            continue;
        }
        if let Some(&(b, why)) = partners.iter().find(|(b, _)| *b > a && t.state[*b] == Some(true)) {
            return Some(Contradiction {
                cells: vec![a, b],
                sentence: format!("the {}s at {} and {} {why}", model.noun, model.name(a), model.name(b)),
            });
        }
    }
    for l in &model.links {
        if let (Some(x), Some(y)) = (t.state[l.a], t.state[l.b])
            && (x != y) != l.opposite
        {
            return Some(Contradiction {
                cells: vec![l.a, l.b],
                sentence: format!(
                    "{} and {} break their '{}' link",
                    model.name(l.a),
                    model.name(l.b),
                    link_sign(l.opposite)
                ),
            });
        }
    }
    None
}

fn open_terms(index: &Index, t: &Tracker, s: usize) -> Vec<(Cell, i64)> {
    index.sums[s]
        .terms
        .iter()
        .filter(|(c, _)| t.state[*c].is_none())
        .copied()
        .collect()
}

fn link_sign(opposite: bool) -> char {
    if opposite { 'x' } else { '=' }
}

/// Tier 1: full lines, lines that need every open cell, "not both", links.
pub fn basic(model: &PuzzleModel, index: &Index, t: &Tracker) -> Option<Deduction> {
    let noun = model.noun;
    for (s, rule) in index.sums.iter().enumerate() {
        let tot = t.totals[s];
        if !rule.positive || tot.open_n == 0 {
            continue;
        }
        if !rule.unit {
            if let Some(d) = weighted_full_or_fill(model, index, t, s) {
                return Some(d);
            }
            continue;
        }
        // The reason is the whole line or region: its marks, its open cells.
        let whole = || rule.terms.iter().map(|(c, _)| *c).collect();
        if tot.placed >= rule.hi {
            let open = t.open(index, s);
            let sentence = if rule.hi == 0 {
                format!(
                    "{} holds no {}s: its cells are {}",
                    capital(&rule.what),
                    noun,
                    empty(model)
                )
            } else {
                format!(
                    "{} already has its {} {}, so its other cells are {}",
                    capital(&rule.what),
                    rule.hi,
                    plural(noun, rule.hi),
                    empty(model)
                )
            };
            return Some(Deduction {
                rule: Rule::Full,
                decided: open.iter().map(|&c| (c, false)).collect(),
                reasons: whole(),
                sentence,
            });
        }
        let need = rule.lo - tot.placed;
        if need > 0 && need == i64::from(tot.open_n) {
            let open = t.open(index, s);
            return Some(Deduction {
                rule: Rule::Fill,
                decided: open.iter().map(|&c| (c, true)).collect(),
                reasons: whole(),
                sentence: format!(
                    "{} needs {}{need} more {} and has exactly {need} open {}, so {}",
                    capital(&rule.what),
                    if rule.lo < rule.hi { "at least " } else { "" },
                    plural(noun, need),
                    plural("cell", need),
                    match (model.digits, need == 1) {
                        (true, true) => "it is 1".to_string(),
                        (true, false) => "each is 1".to_string(),
                        (false, true) => format!("it holds a {noun}"),
                        (false, false) => format!("each holds a {noun}"),
                    }
                ),
            });
        }
    }
    // Every cell a mark excludes, in one step (as a person crosses them out).
    for (x, partners) in index.partners.iter().enumerate() {
        if t.state[x] != Some(true) {
            continue;
        }
        let open: Vec<(Cell, &str)> = partners
            .iter()
            .copied()
            .filter(|(y, _)| t.state[*y].is_none())
            .collect();
        if open.is_empty() {
            continue;
        }
        let mut cells: Vec<Cell> = open.iter().map(|(y, _)| *y).collect();
        cells.sort_unstable();
        cells.dedup();
        let mut whys: Vec<&str> = open.iter().map(|(_, w)| *w).collect();
        whys.sort_unstable();
        whys.dedup();
        let names: Vec<String> = cells.iter().map(|&y| model.name(y)).collect();
        return Some(Deduction {
            rule: Rule::Excludes,
            decided: cells.iter().map(|&y| (y, false)).collect(),
            reasons: vec![x],
            sentence: format!(
                "{} holds a {noun}, so {} {} {}: {noun}s there would {}",
                model.name(x),
                list(&names),
                if names.len() == 1 { "is" } else { "are" },
                empty(model),
                whys.join(" or ")
            ),
        });
    }
    for l in &model.links {
        for (x, y) in [(l.a, l.b), (l.b, l.a)] {
            if let (Some(v), None) = (t.state[x], t.state[y]) {
                let w = v != l.opposite;
                return Some(Deduction {
                    rule: Rule::Link,
                    decided: vec![(y, w)],
                    reasons: vec![x],
                    sentence: format!(
                        "{} is {}, and the '{}' link makes {} {}",
                        model.name(x),
                        u8::from(v),
                        link_sign(l.opposite),
                        model.name(y),
                        u8::from(w)
                    ),
                });
            }
        }
    }
    None
}

/// Tier 1 on a sum of numbers (Rullo): a line already at its target strikes
/// out its open numbers; a line whose open numbers add up to exactly what it
/// still needs keeps them all. (Anything subtler is tier 2's reach.)
fn weighted_full_or_fill(model: &PuzzleModel, index: &Index, t: &Tracker, s: usize) -> Option<Deduction> {
    let (rule, tot) = (&index.sums[s], t.totals[s]);
    let keep = if tot.placed >= rule.hi {
        false
    } else if rule.lo - tot.placed == tot.open_pos {
        true
    } else {
        return None;
    };
    let open = t.open(index, s);
    let sentence = if keep {
        format!(
            "{} needs {} more, and its open numbers add up to exactly that, so each is kept",
            capital(&rule.what),
            rule.lo - tot.placed
        )
    } else {
        format!(
            "{} already adds up to its {}, so its other numbers are {}",
            capital(&rule.what),
            rule.hi,
            if model.digits { "0" } else { "struck out" }
        )
    };
    Some(Deduction {
        rule: if keep { Rule::Fill } else { Rule::Full },
        decided: open.iter().map(|&c| (c, keep)).collect(),
        reasons: rule.terms.iter().map(|(c, _)| *c).collect(),
        sentence,
    })
}

/// Tier 2: sums of numbers that can reach their target only with (or only
/// without) a cell; a line or region whose marks must all go into another's
/// open cells, which leaves the other's remaining cells empty.
pub fn advanced(model: &PuzzleModel, index: &Index, t: &Tracker) -> Option<Deduction> {
    for (s, rule) in index.sums.iter().enumerate() {
        let tot = t.totals[s];
        if rule.unit || !rule.positive || tot.open_n == 0 {
            continue;
        }
        let open = open_terms(index, t, s);
        let Some(&(cell, with)) = reach(&open, rule.lo - tot.placed, rule.hi - tot.placed)
            .as_deref()
            .and_then(<[_]>::first)
        else {
            continue;
        };
        let w = open.iter().find(|(c, _)| *c == cell).map_or(0, |(_, w)| *w);
        let target = if rule.lo == rule.hi {
            rule.lo.to_string()
        } else {
            format!("{} to {}", rule.lo, rule.hi)
        };
        return Some(Deduction {
            rule: Rule::Reach,
            decided: vec![(cell, with)],
            reasons: open.iter().map(|(c, _)| *c).collect(),
            sentence: format!(
                "{} can reach {target} only {} the {w} at {}, so it is {}",
                capital(&rule.what),
                if with { "with" } else { "without" },
                model.name(cell),
                if with { "kept" } else { "struck out" }
            ),
        });
    }
    let Some((a, b)) = t.confined(index) else {
        let Some(step) = t.band(index, model.noun) else {
            return covered(model, index, t);
        };
        return Some(Deduction {
            rule: Rule::Confined,
            decided: step.empties.iter().map(|&c| (c, false)).collect(),
            reasons: step.reasons,
            sentence: step.sentence.replace("are empty", &format!("are {}", empty(model))),
        });
    };
    let rest = t.confined_rest(index, a, b);
    let (ra, rb) = (&index.sums[a], &index.sums[b]);
    let need = ra.lo - t.totals[a].placed;
    Some(Deduction {
        rule: Rule::Confined,
        decided: rest.iter().map(|&c| (c, false)).collect(),
        reasons: t.open(index, a),
        sentence: format!(
            "{} needs {need} more {}, and all its open cells lie in {}, which has room for only {need} more: the other cells of {} are {}",
            capital(&ra.what),
            plural(model.noun, need),
            rb.what,
            rb.what,
            empty(model)
        ),
    })
}

/// Tier 2's covering rule as a step: every open cell of a count that still
/// needs a mark excludes these cells.
fn covered(model: &PuzzleModel, index: &Index, t: &Tracker) -> Option<Deduction> {
    let (s, mut cells) = t.covered(index)?;
    cells.sort_unstable();
    let rule = &index.sums[s];
    let open = t.open(index, s);
    let names: Vec<String> = cells.iter().map(|&c| model.name(c)).collect();
    let noun = model.noun;
    Some(Deduction {
        rule: Rule::Covered,
        decided: cells.iter().map(|&c| (c, false)).collect(),
        reasons: open.iter().copied().chain(cells.iter().copied()).collect(),
        sentence: format!(
            "{} still needs a {noun}, and a {noun} on any of its open cells ({}) would rule out {} ({}): so {} {}",
            capital(&rule.what),
            list(&open.iter().map(|&c| model.name(c)).collect::<Vec<_>>()),
            list(&names),
            covering_reasons(index, t, s, &open, &cells),
            if names.len() == 1 { "it is" } else { "they are" },
            empty(model)
        ),
    })
}

/// Why the open cells of count `s` rule the covered cells out, in words:
/// "they would touch", "it would fill row 3", … (at most three reasons named).
fn covering_reasons(index: &Index, t: &Tracker, s: usize, open: &[Cell], covered: &[Cell]) -> String {
    let mut whys: Vec<String> = Vec::new();
    for &o in open {
        for (x, why) in t.excluded_by(index, s, o) {
            if !covered.contains(&x) {
                continue;
            }
            let why = match why {
                Exclusion::Partner(w) => format!("they would {w}"),
                Exclusion::Fills(s2) => format!("it would fill {}", index.sums[s2].what),
            };
            if !whys.contains(&why) {
                whys.push(why);
            }
        }
    }
    if whys.len() > 3 {
        whys.truncate(3);
        whys.push("…".into());
    }
    whys.join("; ")
}

/// How an empty cell is said: "empty", or "0" in the 0/1 families.
pub(super) fn empty(model: &PuzzleModel) -> &'static str {
    if model.digits { "0" } else { "empty" }
}

/// "a, b and c" ("row 1, col 2; row 1, col 3 and row 2, col 2" for cells).
fn list(names: &[String]) -> String {
    crate::puzzle::model::name_list(names)
}

/// "row 3" → "Row 3".
pub(super) fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
