//! Single edits that make a puzzle with several solutions unique: a given
//! added where two solutions differ, a cell blocked, a region's boundary cell
//! moved, a hidden count shown, a Rullo number changed. Each is checked by an exact recount and
//! ranked by the grade the repaired puzzle gets.

use super::lens::lens;
use crate::puzzle::battleship::Given;
use crate::puzzle::deduce::Grade;
use crate::puzzle::families::chess::ChessGoal;
use crate::puzzle::families::queens::NO_REGION;
use crate::puzzle::generate::regions;
use crate::puzzle::model::CountSpec;
use crate::puzzle::{ExactRequest, Puzzle};
use crate::run::CancelFlag;

/// Most candidate edits one repair checks.
pub const MAX_REPAIR_CANDIDATES: usize = 4000;

/// What an edit does, in the order repairs of equal grade are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum EditKind {
    MoveBoundary,
    AddGiven,
    ShowCount,
    ChangeNumber,
    Block,
}

/// One edit: what it does in words, the cells it touches, and the puzzle after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Edit {
    pub kind: EditKind,
    pub description: String,
    pub cells: Vec<(usize, usize)>,
    pub puzzle: Puzzle,
}

/// An edit that makes the puzzle unique, with the grade it then has.
#[derive(Clone, Debug, PartialEq)]
pub struct Repair {
    pub edit: Edit,
    pub grade: Grade,
}

fn at(cell: usize, cols: usize) -> String {
    crate::puzzle::model::cell_name(cell, cols)
}

/// Moves of every region boundary cell into each neighbouring region that
/// keep the cell's own region connected (on a board of scattered regions:
/// that leave it a cell).
fn boundary_moves(p: &Puzzle, regions_of: &[u16], n: usize) -> Vec<Edit> {
    if regions_of.len() != n * n {
        return Vec::new();
    }
    let any_shape = !regions::all_connected(regions_of, n);
    let mut out = Vec::new();
    for cell in 0..n * n {
        let from = regions_of[cell];
        if from == NO_REGION {
            continue;
        }
        let mut targets: Vec<u16> = regions::neighbours(cell, n)
            .map(|x| regions_of[x])
            .filter(|&k| k != from && k != NO_REGION)
            .collect();
        targets.sort_unstable();
        targets.dedup();
        for to in targets {
            let mut moved = regions_of.to_vec();
            if any_shape {
                if regions_of.iter().filter(|&&k| k == from).count() < 2 {
                    continue;
                }
                moved[cell] = to;
            } else if !regions::move_cell(&mut moved, n, cell, to) {
                continue;
            }
            // Named by a neighbour in it: region letters are renumbered when a file is read.
            let beside = regions::neighbours(cell, n)
                .find(|&x| regions_of[x] == to)
                .expect("a neighbour in the region it joins");
            let mut q = p.clone();
            match &mut q {
                Puzzle::Queens(x) => x.regions = moved,
                Puzzle::Chess(x) => x.regions = moved,
                _ => unreachable!("only region puzzles move boundaries"),
            }
            out.push(Edit {
                kind: EditKind::MoveBoundary,
                description: format!("move {} into the region of {}", at(cell, n), at(beside, n)),
                cells: vec![(cell / n, cell % n)],
                puzzle: q,
            });
        }
    }
    out
}

/// Candidate edits at the cells where solutions differ (`values`: the values
/// the solutions found give each such cell).
fn cell_edits(p: &Puzzle, differing: &[(usize, Vec<bool>)]) -> Vec<Edit> {
    let (_, cols) = p.as_family().size();
    let mut out = Vec::new();
    for (cell, values) in differing {
        let (r, c) = (cell / cols, cell % cols);
        for &v in values {
            let mut q = p.clone();
            let (kind, description) = match (&mut q, v) {
                (Puzzle::Queens(x), true) => {
                    x.given.push((r, c));
                    let what = if x.no_touch && x.diagonal == 0 { "star" } else { "queen" };
                    (EditKind::AddGiven, format!("give a {what} at {}", at(*cell, cols)))
                }
                (Puzzle::Queens(x), false) => {
                    let k = x.regions.get(*cell).copied();
                    let alone = k.is_some_and(|k| x.regions.iter().filter(|&&y| y == k).count() <= 1);
                    if alone || x.regions.is_empty() {
                        continue;
                    }
                    x.regions[*cell] = NO_REGION;
                    x.holes.push((r, c));
                    (EditKind::Block, format!("block {} (a hole)", at(*cell, cols)))
                }
                (Puzzle::Chess(x), true) => {
                    x.given.push((r, c));
                    (EditKind::AddGiven, format!("give a piece at {}", at(*cell, cols)))
                }
                (Puzzle::Chess(x), false) => {
                    x.pieces[*cell] = None;
                    (EditKind::Block, format!("allow no piece at {}", at(*cell, cols)))
                }
                (Puzzle::Binary(x), v) => {
                    x.givens.push((r, c, v));
                    (
                        EditKind::AddGiven,
                        format!("give {} at {}", u8::from(v), at(*cell, cols)),
                    )
                }
                (Puzzle::Battleship(x), v) => {
                    x.givens.push((r, c, if v { Given::Ship } else { Given::Water }));
                    let what = if v { "a ship part" } else { "water" };
                    (EditKind::AddGiven, format!("give {what} at {}", at(*cell, cols)))
                }
                _ => continue,
            };
            out.push(Edit {
                kind,
                description,
                cells: vec![(r, c)],
                puzzle: q,
            });
        }
    }
    out
}

/// Rullo: a number the first solution found leaves out, changed to another,
/// so that solution stays and those keeping the number lose their sums.
fn number_edits(p: &Puzzle, differing: &[(usize, Vec<bool>)], first: &crate::geometry::BinaryMatrix) -> Vec<Edit> {
    let Puzzle::Rullo(rullo) = p else { return Vec::new() };
    let cols = rullo.cols();
    let top = rullo.values.iter().flatten().copied().max().unwrap_or(9).max(9);
    let mut out = Vec::new();
    for &(cell, _) in differing {
        let (r, c) = (cell / cols, cell % cols);
        if first.get(r, c) {
            continue;
        }
        for w in (1..=top).filter(|&w| w != rullo.values[r][c]) {
            let mut q = rullo.clone();
            q.values[r][c] = w;
            out.push(Edit {
                kind: EditKind::ChangeNumber,
                description: format!("change the {} at {} to {w}", rullo.values[r][c], at(cell, cols)),
                cells: vec![(r, c)],
                puzzle: Puzzle::Rullo(q),
            });
        }
    }
    out
}

/// Hidden counts shown with the value each solution found gives them.
fn count_edits(p: &Puzzle, examples: &[crate::geometry::BinaryMatrix]) -> Vec<Edit> {
    let (rows, cols) = p.as_family().size();
    let mut out = Vec::new();
    for col in [false, true] {
        for k in 0..if col { cols } else { rows } {
            let hidden = match p {
                Puzzle::Tents(t) => (if col { &t.col_counts } else { &t.row_counts })[k] == CountSpec::Free,
                Puzzle::Battleship(b) => (if col { &b.col_targets } else { &b.row_targets })[k].is_none(),
                _ => false,
            };
            if !hidden {
                continue;
            }
            let mut values: Vec<u32> = examples
                .iter()
                .map(|g| {
                    if col {
                        (0..rows).filter(|&r| g.get(r, k)).count() as u32
                    } else {
                        (0..cols).filter(|&c| g.get(k, c)).count() as u32
                    }
                })
                .collect();
            values.sort_unstable();
            values.dedup();
            if values.len() < 2 {
                continue;
            }
            for v in values {
                let mut q = p.clone();
                match &mut q {
                    Puzzle::Tents(t) => {
                        (if col { &mut t.col_counts } else { &mut t.row_counts })[k] = CountSpec::Exactly(v)
                    }
                    Puzzle::Battleship(b) => (if col { &mut b.col_targets } else { &mut b.row_targets })[k] = Some(v),
                    _ => unreachable!("only counted puzzles hide counts"),
                }
                let line = if col { "column" } else { "row" };
                let cells = (0..if col { rows } else { cols })
                    .map(|i| if col { (i, k) } else { (k, i) })
                    .collect();
                out.push(Edit {
                    kind: EditKind::ShowCount,
                    description: format!("show {v} as the count of {line} {}", k + 1),
                    cells,
                    puzzle: q,
                });
            }
        }
    }
    out
}

/// Every single edit that leaves `p` with exactly one solution, easiest grade
/// first. `progress` hears (checked, candidates). Refused when `p` is already
/// unique or has no solution.
pub fn repairs(p: &Puzzle, cancel: &CancelFlag, progress: &dyn Fn(usize, usize)) -> Result<Vec<Repair>, String> {
    let seen = lens(p, cancel)?;
    match seen.count {
        0 => {
            return Err(
                "the puzzle has no solution; repair works on a puzzle with several solutions, to leave one".into(),
            );
        }
        1 => return Err("the puzzle is already unique".into()),
        _ => {}
    }
    let (rows, cols) = p.as_family().size();
    let differing: Vec<(usize, Vec<bool>)> = seen
        .differing
        .iter()
        .map(|&cell| {
            let mut values: Vec<bool> = seen.examples.iter().map(|g| g.get(cell / cols, cell % cols)).collect();
            values.sort_unstable();
            values.dedup();
            (cell, values)
        })
        .collect();
    let mut candidates = cell_edits(p, &differing);
    candidates.extend(count_edits(p, &seen.examples));
    candidates.extend(number_edits(p, &differing, &seen.examples[0]));
    match p {
        Puzzle::Queens(q) if !q.regions.is_empty() && rows == cols => {
            candidates.extend(boundary_moves(p, &q.regions, rows))
        }
        // Regions mean nothing to Max chess, even when its file lists some.
        Puzzle::Chess(c) if c.goal == ChessGoal::Coloured && !c.regions.is_empty() && rows == cols => {
            candidates.extend(boundary_moves(p, &c.regions, rows))
        }
        _ => {}
    }
    candidates.truncate(MAX_REPAIR_CANDIDATES);
    let total = candidates.len();
    let mut out = Vec::new();
    for (k, edit) in candidates.into_iter().enumerate() {
        if cancel.is_cancelled() {
            return Err("cancelled".into());
        }
        progress(k, total);
        let count = edit
            .puzzle
            .solve_exact(ExactRequest::new(2, 0), cancel)
            .map_err(|e| e.to_string())?
            .count;
        if count != 1 {
            continue;
        }
        let grade = super::grade_of(&edit.puzzle, cancel);
        out.push(Repair { edit, grade });
    }
    out.sort_by_key(|r| (r.grade, r.edit.kind));
    Ok(out)
}
