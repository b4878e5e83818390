//! A QUBO for Battleship puzzles over ship placements rather than cells: one
//! variable per way to lay a ship of a fleet length on the board. Unlike the
//! paper's X-ray QUBO (one variable per cell, whose ground states include
//! every matrix with the right sums), every rule is a term here, so the states
//! of energy 0 are exactly the puzzle's solutions:
//! - per ship length L with n_L ships: (Σ y_p − n_L)²;
//! - per row and column with a target t: (Σ cells of p in the line · y_p − t)²;
//! - per given ship cell: (Σ placements covering it − 1)²;
//! - per two placements that overlap (or touch, when ships may not): y_p·y_q.
//!
//! Placements through given water, or that give a given ship part another
//! role, are left out.

use super::{BattleshipPuzzle, Given, role};
use crate::geometry::{BinaryMatrix, TouchRule};
use crate::qubo::{Qubo, QuboBuilder};
use std::collections::{BTreeMap, BTreeSet};

/// Most placement variables a model may have.
pub const MAX_PLACEMENTS: usize = 20_000;
/// Most couplers the squared sums may make (each joins every pair of its
/// placements: 15,000 placements of one length alone would be 10⁸ couplers).
pub const MAX_COUPLERS: u64 = 5_000_000;

#[derive(Clone, Debug, PartialEq)]
pub struct PlacementQubo {
    pub qubo: Qubo,
    /// The cells of each variable's placement.
    placements: Vec<Vec<(usize, usize)>>,
    rows: usize,
    cols: usize,
}

impl PlacementQubo {
    pub fn build(p: &BattleshipPuzzle) -> Result<PlacementQubo, String> {
        let (rows, cols) = (p.rows, p.cols);
        let given: BTreeMap<(usize, usize), Given> = p.givens.iter().map(|&(r, c, g)| ((r, c), g)).collect();
        let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
        for &l in &p.ships {
            *counts.entry(l).or_default() += 1;
        }
        let mut placements: Vec<Vec<(usize, usize)>> = Vec::new();
        let mut length_of = Vec::new();
        for &len in counts.keys() {
            for vertical in [false, true] {
                if len == 1 && vertical {
                    continue;
                }
                let (dr, dc) = if vertical { (1, 0) } else { (0, 1) };
                for r in 0..rows {
                    for c in 0..cols {
                        let cells: Vec<(usize, usize)> = (0..len).map(|k| (r + k * dr, c + k * dc)).collect();
                        if cells.iter().any(|&(a, b)| a >= rows || b >= cols) {
                            continue;
                        }
                        let fits = cells.iter().enumerate().all(|(k, cell)| match given.get(cell) {
                            None | Some(Given::Ship) => true,
                            Some(Given::Water) => false,
                            Some(&g) => g == role(k, len, vertical),
                        });
                        if fits {
                            placements.push(cells);
                            length_of.push(len);
                        }
                    }
                }
            }
        }
        if placements.len() > MAX_PLACEMENTS {
            return Err(format!(
                "{} ship placements: the placement QUBO takes at most {MAX_PLACEMENTS}",
                placements.len()
            ));
        }
        // The pairs every squared sum joins, counted before anything is built.
        let pairs = |k: u64| k * k.saturating_sub(1) / 2;
        let mut couplers: u64 = counts
            .keys()
            .map(|&len| pairs(length_of.iter().filter(|&&l| l == len).count() as u64))
            .sum();
        let mut per_row = vec![0u64; rows];
        let mut per_col = vec![0u64; cols];
        for cells in &placements {
            let (rs, cs): (BTreeSet<usize>, BTreeSet<usize>) = cells.iter().copied().unzip();
            rs.iter().for_each(|&r| per_row[r] += 1);
            cs.iter().for_each(|&c| per_col[c] += 1);
        }
        couplers += per_row.iter().chain(&per_col).map(|&k| pairs(k)).sum::<u64>();
        if couplers > MAX_COUPLERS {
            return Err(format!(
                "the placement QUBO would have about {couplers} couplers (its ship-count and line sums join \
                 every pair of their placements): it takes at most {MAX_COUPLERS}; use the cell QUBO instead"
            ));
        }
        let mut b = QuboBuilder::new(placements.len());
        for (&len, &n) in &counts {
            let terms: Vec<(usize, f64)> = (0..placements.len())
                .filter(|&i| length_of[i] == len)
                .map(|i| (i, 1.0))
                .collect();
            b.add_squared(1.0, &terms, n as f64);
        }
        for (targets, by_row) in [(&p.row_targets, true), (&p.col_targets, false)] {
            for (line, t) in targets.iter().enumerate() {
                let Some(t) = t else { continue };
                let terms: Vec<(usize, f64)> = placements
                    .iter()
                    .enumerate()
                    .map(|(i, cells)| {
                        let n = cells
                            .iter()
                            .filter(|&&(r, c)| if by_row { r == line } else { c == line })
                            .count();
                        (i, n as f64)
                    })
                    .filter(|&(_, n)| n > 0.0)
                    .collect();
                b.add_squared(1.0, &terms, *t as f64);
            }
        }
        let mut covering: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
        for (i, cells) in placements.iter().enumerate() {
            for &cell in cells {
                covering.entry(cell).or_default().push(i);
            }
        }
        for (&cell, &g) in &given {
            if g != Given::Water {
                let terms: Vec<(usize, f64)> = covering
                    .get(&cell)
                    .map_or(Vec::new(), |v| v.iter().map(|&i| (i, 1.0)).collect());
                b.add_squared(1.0, &terms, 1.0);
            }
        }
        // Conflicts: placements sharing a cell, or (no touching) a cell and a neighbour.
        let reach: i64 = if p.rule == TouchRule::NoTouch { 1 } else { 0 };
        for (i, cells) in placements.iter().enumerate() {
            let mut near: BTreeSet<usize> = BTreeSet::new();
            for &(r, c) in cells {
                for dr in -reach..=reach {
                    for dc in -reach..=reach {
                        let (a, d) = (r as i64 + dr, c as i64 + dc);
                        if a < 0 || d < 0 {
                            continue;
                        }
                        if let Some(v) = covering.get(&(a as usize, d as usize)) {
                            near.extend(v.iter().copied().filter(|&j| j > i));
                        }
                    }
                }
            }
            for j in near {
                b.add_coupler(i, j, 1.0);
            }
        }
        Ok(PlacementQubo {
            qubo: b.build()?,
            placements,
            rows,
            cols,
        })
    }

    /// The cells the chosen placements cover.
    pub fn decode(&self, x: &[u8]) -> BinaryMatrix {
        let mut m = BinaryMatrix::zeros(self.rows, self.cols);
        for (cells, _) in self.placements.iter().zip(x).filter(|(_, v)| **v != 0) {
            for &(r, c) in cells {
                m.set(r, c, true);
            }
        }
        m
    }

    /// A state for a picture whose ship cells are straight runs apart from each
    /// other: each run is the placement of its length (placements that do not
    /// exist, or pictures where runs touch, leave cells out).
    pub fn encode(&self, m: &BinaryMatrix) -> Vec<u8> {
        self.placements
            .iter()
            .map(|cells| {
                let inside = cells.iter().all(|&(r, c)| m.get(r, c));
                let (first, last) = (cells[0], cells[cells.len() - 1]);
                let vertical = cells.len() > 1 && first.1 == last.1;
                // The run must end where the placement ends.
                let open = |r: i64, c: i64| {
                    r >= 0
                        && c >= 0
                        && (r as usize) < self.rows
                        && (c as usize) < self.cols
                        && m.get(r as usize, c as usize)
                };
                let (r0, c0, r1, c1) = (first.0 as i64, first.1 as i64, last.0 as i64, last.1 as i64);
                let closed = if vertical {
                    !open(r0 - 1, c0) && !open(r1 + 1, c1)
                } else if cells.len() > 1 {
                    !open(r0, c0 - 1) && !open(r1, c1 + 1)
                } else {
                    !open(r0 - 1, c0) && !open(r0 + 1, c0) && !open(r0, c0 - 1) && !open(r0, c0 + 1)
                };
                (inside && closed) as u8
            })
            .collect()
    }
}
