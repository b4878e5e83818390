//! Takuzu's rule no count expresses, for the deduction ladder: no two rows
//! (and no two columns) are equal. A line that matches a finished line on
//! every decided cell must differ from it in an open one; when its count
//! leaves few ways to fill it, that decides cells (tier 2). Two finished
//! lines that are equal break the rule.

use super::BinaryPuzzle;
use crate::puzzle::deduce::{Contradiction, Deduction, FamilyRules, LadderSpec, Rule, State};
use crate::puzzle::model::{Cell, CountSpec, PuzzleModel};

/// Open cells a line may have for the rule to try every way to fill them.
const MAX_OPEN: usize = 8;

pub fn ladder(p: &BinaryPuzzle) -> Result<LadderSpec, String> {
    let model = p.model()?;
    if !p.unique_lines {
        return Ok(LadderSpec::plain(model));
    }
    let rows = (0..p.rows)
        .map(|r| Line {
            cells: (0..p.cols).map(|c| r * p.cols + c).collect(),
            ones: p.row_ones[r],
            name: format!("row {}", r + 1),
        })
        .collect();
    let cols = (0..p.cols)
        .map(|c| Line {
            cells: (0..p.rows).map(|r| r * p.cols + c).collect(),
            ones: p.col_ones[c],
            name: format!("column {}", c + 1),
        })
        .collect();
    Ok(LadderSpec {
        model,
        rules: Some(Box::new(DistinctLines { groups: [rows, cols] })),
    })
}

struct Line {
    cells: Vec<Cell>,
    ones: CountSpec,
    name: String,
}

struct DistinctLines {
    /// Rows, then columns: lines of one group must differ.
    groups: [Vec<Line>; 2],
}

fn values(line: &Line, state: &State) -> Vec<Option<bool>> {
    line.cells.iter().map(|&c| state[c]).collect()
}

fn finished(v: &[Option<bool>]) -> Option<Vec<bool>> {
    v.iter().copied().collect()
}

impl FamilyRules for DistinctLines {
    fn deduce(&self, model: &PuzzleModel, state: &State, tier: u8) -> Option<Deduction> {
        if tier != 2 {
            return None;
        }
        for group in &self.groups {
            let done: Vec<(&Line, Vec<bool>)> = group
                .iter()
                .filter_map(|l| finished(&values(l, state)).map(|v| (l, v)))
                .collect();
            if done.is_empty() {
                continue;
            }
            for line in group {
                let now = values(line, state);
                let open: Vec<usize> = (0..now.len()).filter(|&k| now[k].is_none()).collect();
                if open.is_empty() || open.len() > MAX_OPEN {
                    continue;
                }
                // Finished lines this one still matches on its decided cells.
                let twins: Vec<&(&Line, Vec<bool>)> = done
                    .iter()
                    .filter(|(_, v)| now.iter().zip(v).all(|(a, b)| a.is_none_or(|a| a == *b)))
                    .collect();
                if twins.is_empty() {
                    continue;
                }
                let placed = now.iter().filter(|v| **v == Some(true)).count() as i64;
                let (lo, hi) = match line.ones {
                    CountSpec::Exactly(n) => (n as i64, n as i64),
                    CountSpec::OrOneMore(n) => (n as i64, n as i64 + 1),
                    CountSpec::Free => (0, open.len() as i64 + placed),
                };
                // Every way to fill the open cells that keeps the count and
                // differs from each twin.
                let mut ways = Vec::new();
                for bits in 0u32..(1 << open.len()) {
                    let ones = i64::from(bits.count_ones()) + placed;
                    if ones < lo || ones > hi {
                        continue;
                    }
                    let fill = |k: usize| bits >> k & 1 == 1;
                    let differs = twins
                        .iter()
                        .all(|(_, v)| open.iter().enumerate().any(|(k, &i)| fill(k) != v[i]));
                    if differs {
                        ways.push(bits);
                    }
                }
                let Some(&first) = ways.first() else { continue };
                let sure: Vec<(Cell, bool)> = open
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| ways.iter().all(|w| (w >> k & 1) == (first >> k & 1)))
                    .map(|(k, &i)| (line.cells[i], first >> k & 1 == 1))
                    .collect();
                // (The count alone decides nothing here: tier 1 ran first.)
                if sure.is_empty() {
                    continue;
                }
                let names: Vec<&str> = twins.iter().map(|(l, _)| l.name.as_str()).collect();
                let decided: Vec<String> = sure
                    .iter()
                    .map(|&(c, v)| format!("{} is {}", model.name(c), u8::from(v)))
                    .collect();
                let mut reasons = line.cells.clone();
                for (l, _) in &twins {
                    reasons.extend(&l.cells);
                }
                return Some(Deduction {
                    rule: Rule::Family {
                        name: "equal-lines",
                        tier: 2,
                    },
                    decided: sure,
                    reasons,
                    sentence: format!(
                        "{} matches {} so far, and no two lines may be equal: {}",
                        capital(&line.name),
                        names.join(" and "),
                        crate::puzzle::model::name_list(&decided)
                    ),
                });
            }
        }
        None
    }

    fn broken(&self, _model: &PuzzleModel, state: &State) -> Option<Contradiction> {
        for group in &self.groups {
            let done: Vec<(&Line, Vec<bool>)> = group
                .iter()
                .filter_map(|l| finished(&values(l, state)).map(|v| (l, v)))
                .collect();
            for (i, (a, va)) in done.iter().enumerate() {
                if let Some((b, _)) = done[i + 1..].iter().find(|(_, vb)| vb == va) {
                    let mut cells = a.cells.clone();
                    cells.extend(&b.cells);
                    return Some(Contradiction {
                        cells,
                        sentence: format!("{} and {} are equal", a.name, b.name),
                    });
                }
            }
        }
        None
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
