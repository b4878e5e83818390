//! The exact Battleship puzzle solver: straight ships of given lengths on an m×n
//! board, row and column targets (any may be unknown), optional givens (water,
//! ship parts as printed in Bimaru puzzles), ships may or may not touch.
//!
//! The search (see `search.rs`) meets each layout once, with ships of equal
//! length unlabelled. Counts: layouts with ships
//! labelled, and distinct 0/1 matrices (a run of ones can hold several ships end
//! to end when ships may touch, so several layouts can share a matrix).

pub mod placement_qubo;
mod search;

use crate::geometry::BinaryMatrix;
use crate::geometry::TouchRule;
use crate::puzzle::error::PuzzleError;
use crate::puzzle::vocab::MAX_SHIPS;
use crate::run::CancelFlag;
use std::collections::BTreeMap;

/// A given cell, as printed in Bimaru puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Given {
    Water,
    /// Some ship cell, part unknown.
    Ship,
    /// A one-cell ship (`o`).
    Single,
    /// Top end of a vertical ship (`n`).
    Top,
    /// Bottom end of a vertical ship (`s`).
    Bottom,
    /// Left end of a horizontal ship (`w`).
    Left,
    /// Right end of a horizontal ship (`e`).
    Right,
    /// A middle piece (`m`): neither end of a ship of length ≥ 3.
    Middle,
}

impl Given {
    /// The letter of [`Given::from_char`] (`x` for water, `*` for any ship cell).
    pub fn letter(self) -> char {
        match self {
            Given::Water => 'x',
            Given::Ship => '*',
            Given::Single => 'o',
            Given::Top => 'n',
            Given::Bottom => 's',
            Given::Left => 'w',
            Given::Right => 'e',
            Given::Middle => 'm',
        }
    }

    /// From the usual letters: x water, o single, n s w e ends, m middle, * any ship cell.
    pub fn from_char(c: char) -> Option<Given> {
        Some(match c {
            'x' | '.' | '~' => Given::Water,
            '*' | '#' => Given::Ship,
            'o' => Given::Single,
            'n' => Given::Top,
            's' => Given::Bottom,
            'w' => Given::Left,
            'e' => Given::Right,
            'm' => Given::Middle,
            _ => return None,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleshipPuzzle {
    pub rows: usize,
    pub cols: usize,
    /// Ship lengths, one entry per ship.
    pub ships: Vec<usize>,
    pub row_targets: Vec<Option<u32>>,
    pub col_targets: Vec<Option<u32>>,
    pub givens: Vec<(usize, usize, Given)>,
    pub rule: TouchRule,
}

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PuzzleSolutions {
    /// Solutions with every ship distinct.
    pub labelled: u128,
    /// Solutions with ships of equal length interchangeable.
    pub layouts: u128,
    /// Distinct 0/1 matrices, when they were collected (see `matrix_limit`).
    pub matrices: Option<u128>,
    /// The first solutions found (as matrices), up to the requested number.
    pub examples: Vec<BinaryMatrix>,
}

impl PuzzleSolutions {
    pub fn is_unique(&self) -> bool {
        self.matrices == Some(1)
    }
}

/// The part a cell plays in a ship (`k`-th of `len`, vertical or not).
pub(crate) fn role(k: usize, len: usize, vertical: bool) -> Given {
    match (len, k, vertical) {
        (1, _, _) => Given::Single,
        (_, 0, true) => Given::Top,
        (_, 0, false) => Given::Left,
        (_, k, true) if k == len - 1 => Given::Bottom,
        (_, k, false) if k == len - 1 => Given::Right,
        _ => Given::Middle,
    }
}

impl BattleshipPuzzle {
    pub fn validate(&self) -> Result<(), PuzzleError> {
        let (m, n) = (self.rows, self.cols);
        if !(1..=64).contains(&m) || !(1..=64).contains(&n) {
            return Err(PuzzleError::Size(m, n));
        }
        if self.row_targets.len() != m {
            return Err(PuzzleError::TargetCount {
                what: "row targets",
                got: self.row_targets.len(),
                expected: m,
            });
        }
        if self.col_targets.len() != n {
            return Err(PuzzleError::TargetCount {
                what: "column targets",
                got: self.col_targets.len(),
                expected: n,
            });
        }
        for (i, t) in self.row_targets.iter().enumerate() {
            if let Some(t) = t.filter(|t| *t as usize > n) {
                return Err(PuzzleError::TargetTooBig {
                    what: "row target",
                    index: i,
                    target: t,
                    limit: n,
                });
            }
        }
        for (i, t) in self.col_targets.iter().enumerate() {
            if let Some(t) = t.filter(|t| *t as usize > m) {
                return Err(PuzzleError::TargetTooBig {
                    what: "column target",
                    index: i,
                    target: t,
                    limit: m,
                });
            }
        }
        if self.ships.len() > MAX_SHIPS {
            return Err(PuzzleError::TooManyShips(self.ships.len()));
        }
        let total: usize = self.ships.iter().sum();
        let rows_known = self.row_targets.iter().all(Option::is_some);
        let cols_known = self.col_targets.iter().all(Option::is_some);
        let (rs, cs): (u32, u32) = (
            self.row_targets.iter().flatten().sum(),
            self.col_targets.iter().flatten().sum(),
        );
        if rows_known && cols_known && rs != cs {
            return Err(PuzzleError::TargetSums { rows: rs, cols: cs });
        }
        if (rows_known && rs as usize != total) || (cols_known && cs as usize != total) {
            return Err(PuzzleError::ShipCells {
                ships: total,
                targets: if rows_known { rs } else { cs },
            });
        }
        if (!rows_known && rs as usize > total) || (!cols_known && cs as usize > total) {
            return Err(PuzzleError::ShipCells {
                ships: total,
                targets: rs.max(cs),
            });
        }
        for &l in &self.ships {
            if l == 0 {
                return Err(PuzzleError::EmptyShip);
            }
            if l > m.max(n) {
                return Err(PuzzleError::ShipTooLong(l, m, n));
            }
        }
        let mut seen: BTreeMap<(usize, usize), Given> = BTreeMap::new();
        for &(r, c, g) in &self.givens {
            if r >= m || c >= n {
                return Err(PuzzleError::GivenOffBoard(r, c));
            }
            if seen.insert((r, c), g).is_some_and(|old| old != g) {
                return Err(PuzzleError::GivenTwice(r, c));
            }
        }
        Ok(())
    }
}

/// Counts (and collects up to `examples` of) the solutions. Distinct matrices are
/// counted while there are at most `matrix_limit` of them.
pub fn solve(
    p: &BattleshipPuzzle,
    examples: usize,
    matrix_limit: usize,
    cancel: &CancelFlag,
) -> Result<PuzzleSolutions, PuzzleError> {
    p.validate()?;
    let mut s = search::Search::new(p, examples, matrix_limit, cancel);
    s.run()?;
    Ok(PuzzleSolutions {
        labelled: s.layouts * labellings(p),
        layouts: s.layouts,
        matrices: s.matrices.map(|m| m.len() as u128),
        examples: s.examples,
    })
}

/// Ways to label one layout's ships (ships of equal length interchanged).
fn labellings(p: &BattleshipPuzzle) -> u128 {
    let mut multiplicity: BTreeMap<usize, u128> = BTreeMap::new();
    for &l in &p.ships {
        *multiplicity.entry(l).or_default() += 1;
    }
    multiplicity.values().map(|&k| (1..=k).product::<u128>()).product()
}

/// What [`solve_up_to`] found and why it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundedSolutions {
    /// `matrices` holds the distinct grids found (the search stops at the limit).
    pub solutions: PuzzleSolutions,
    /// The search stopped at the limit of distinct grids.
    pub stopped_at_limit: bool,
    /// The clock stopped the search (the counts are lower bounds).
    pub timed_out: bool,
    pub nodes: u64,
}

/// Memory the distinct grids of one search may take; past it the search stops as
/// at its limit ("at least N").
pub const MAX_GRID_BYTES: usize = 256 << 20;

/// Looks for solutions until `limit` distinct grids are found (the exact
/// puzzle solver's `--limit`, at most what [`MAX_GRID_BYTES`] holds), the clock
/// runs out (with what it found) or `cancel` is set (an error).
pub fn solve_up_to(
    p: &BattleshipPuzzle,
    examples: usize,
    limit: usize,
    progress: &(dyn Fn(crate::puzzle::exact::SearchProgress) + Sync),
    cancel: &CancelFlag,
) -> Result<BoundedSolutions, PuzzleError> {
    p.validate()?;
    // Each distinct grid is kept to tell it from the others: its bits and the set's overhead.
    let per_grid = (p.rows * p.cols).div_ceil(8) + 96;
    let limit = limit.min(MAX_GRID_BYTES / per_grid).max(1);
    let mut s = search::Search::new(p, examples, limit, cancel).stop_at(limit, progress);
    s.run()?;
    Ok(BoundedSolutions {
        stopped_at_limit: s.stopped && !s.timed_out,
        timed_out: s.timed_out,
        nodes: s.nodes,
        solutions: PuzzleSolutions {
            labelled: s.layouts * labellings(p),
            layouts: s.layouts,
            matrices: s.matrices.map(|m| m.len() as u128),
            examples: s.examples,
        },
    })
}
