//! Helpers the families' setter parts share: a cell's name in an edit,
//! givens and shown counts as clues, hidden counts shown, and region
//! boundary moves.

use super::authoring::{Clue, Edit, EditKind};
use crate::geometry::BinaryMatrix;
use crate::puzzle::regions::{all_connected, move_cell, neighbours};
use crate::puzzle::vocab::NO_REGION;

/// The setter's clues of a family whose givens are plain cells, each named
/// `noun` ("queen", "piece").
pub fn given_clues(given: &[(usize, usize)], noun: &str) -> Vec<Clue> {
    given.iter().map(|&(r, c)| Clue::Given(r, c, noun.into())).collect()
}

/// Takes away the given `clue` names, if it is one of `given`.
pub fn drop_given(given: &mut Vec<(usize, usize)>, clue: &Clue) {
    if let Clue::Given(r, c, _) = clue {
        given.retain(|&x| x != (*r, *c));
    }
}

/// "row 3, col 4" of a row-major cell.
pub fn at(cell: usize, cols: usize) -> String {
    crate::puzzle::model::cell_name(cell, cols)
}

/// The shown row counts, then the shown column counts, as clues.
pub fn shown_counts(rows: &[Option<u32>], cols: &[Option<u32>]) -> Vec<Clue> {
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

/// Each hidden count (`hidden(col, line)`) shown with every value the
/// solutions found give it, where they give it two or more: rows first, then
/// columns. `show(puzzle, col, line, value)` shows one.
pub fn count_edits<F: Clone>(
    p: &F,
    (rows, cols): (usize, usize),
    examples: &[BinaryMatrix],
    hidden: impl Fn(bool, usize) -> bool,
    show: impl Fn(&mut F, bool, usize, u32),
) -> Vec<Edit<F>> {
    let mut out = Vec::new();
    for col in [false, true] {
        for k in 0..if col { cols } else { rows } {
            if !hidden(col, k) {
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
                show(&mut q, col, k, v);
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

/// Moves of every region boundary cell into each neighbouring region that
/// keep the cell's own region connected (on a board of scattered regions:
/// that leave it a cell), on an n×n board; `with` makes the puzzle with the
/// moved regions.
pub fn boundary_moves<F>(regions: &[u16], n: usize, with: impl Fn(Vec<u16>) -> F) -> Vec<Edit<F>> {
    if regions.len() != n * n {
        return Vec::new();
    }
    let any_shape = !all_connected(regions, n);
    let mut out = Vec::new();
    for cell in 0..n * n {
        let from = regions[cell];
        if from == NO_REGION {
            continue;
        }
        let mut targets: Vec<u16> = neighbours(cell, n)
            .map(|x| regions[x])
            .filter(|&k| k != from && k != NO_REGION)
            .collect();
        targets.sort_unstable();
        targets.dedup();
        for to in targets {
            let mut moved = regions.to_vec();
            if any_shape {
                if regions.iter().filter(|&&k| k == from).count() < 2 {
                    continue;
                }
                moved[cell] = to;
            } else if !move_cell(&mut moved, n, cell, to) {
                continue;
            }
            // Named by a neighbour in it: region letters are renumbered when a file is read.
            let beside = neighbours(cell, n)
                .find(|&x| regions[x] == to)
                .expect("a neighbour in the region it joins");
            out.push(Edit {
                kind: EditKind::MoveBoundary,
                description: format!("move {} into the region of {}", at(cell, n), at(beside, n)),
                cells: vec![(cell / n, cell % n)],
                puzzle: with(moved),
            });
        }
    }
    out
}
