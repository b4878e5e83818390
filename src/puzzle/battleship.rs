//! The exact Battleship puzzle solver: straight ships of given lengths on an m×n
//! board, row and column targets (any may be unknown), optional givens (water,
//! ship parts as printed in Bimaru puzzles), ships may or may not touch.
//!
//! Depth-first over the cells in row-major order (see `Solver`); each layout is
//! met once, with ships of equal length unlabelled. Counts: layouts with ships
//! labelled, and distinct 0/1 matrices (a run of ones can hold several ships end
//! to end when ships may touch, so several layouts can share a matrix).

use crate::cover::{CancelFlag, CountError, TouchRule};
use crate::tomography::BinaryMatrix;
use std::collections::{BTreeMap, HashSet};
use thiserror::Error;

/// A given cell, as printed in Bimaru puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

#[derive(Clone, Debug, PartialEq, Eq)]
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

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    #[error("board size {0}×{1} is out of range (1..=64 each)")]
    Size(usize, usize),
    #[error("{what} has {got} entries but the board has {expected}")]
    TargetCount {
        what: &'static str,
        got: usize,
        expected: usize,
    },
    #[error("{what} {index} is {target}, more than the {limit} cells of that line")]
    TargetTooBig {
        what: &'static str,
        index: usize,
        target: u32,
        limit: usize,
    },
    #[error("row targets total {rows} but column targets total {cols}")]
    TargetSums { rows: u32, cols: u32 },
    #[error("the ships cover {ships} cells but the targets ask for {targets}")]
    ShipCells { ships: usize, targets: u32 },
    #[error("a ship of length {0} does not fit on a {1}×{2} board")]
    ShipTooLong(usize, usize, usize),
    #[error("a ship has length 0")]
    EmptyShip,
    #[error("given ({0}, {1}) is off the board")]
    GivenOffBoard(usize, usize),
    #[error("cell ({0}, {1}) has two different givens")]
    GivenTwice(usize, usize),
    #[error("cancelled")]
    Cancelled,
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

const UNDECIDED: u8 = 0;
const SHIP: u8 = 2;

/// Cell-by-cell search in row-major order. Every cell before the cursor is
/// final: a ship is placed at its first (top or left) cell, so the cursor only
/// ever decides "water" or "a ship of length L starts here, across or down".
/// Rows are checked exactly when the cursor leaves them; columns and the rest
/// of the current row are checked against the cells still free.
struct Solver<'a> {
    p: &'a BattleshipPuzzle,
    given: Vec<Option<Given>>,
    state: Vec<u8>,
    /// Halos of placed ships over each cell (no-touch rule).
    blocked: Vec<u16>,
    row_used: Vec<u32>,
    col_used: Vec<u32>,
    /// Ships still to place, per length.
    remaining: Vec<usize>,
    cells_left: usize,
    layouts: u128,
    matrices: Option<HashSet<Vec<u64>>>,
    matrix_limit: usize,
    examples: Vec<BinaryMatrix>,
    example_limit: usize,
    cancel: &'a CancelFlag,
    nodes: u64,
}

/// The part a cell plays in a ship (`k`-th of `len`, vertical or not).
fn role(k: usize, len: usize, vertical: bool) -> Given {
    match (len, k, vertical) {
        (1, _, _) => Given::Single,
        (_, 0, true) => Given::Top,
        (_, 0, false) => Given::Left,
        (_, k, true) if k == len - 1 => Given::Bottom,
        (_, k, false) if k == len - 1 => Given::Right,
        _ => Given::Middle,
    }
}

impl Solver<'_> {
    fn no_touch(&self) -> bool {
        self.p.rule == TouchRule::NoTouch
    }

    /// A ship may still be put on cell `c`.
    fn open(&self, c: usize) -> bool {
        self.state[c] == UNDECIDED && self.given[c] != Some(Given::Water) && !(self.no_touch() && self.blocked[c] != 0)
    }

    /// The cells of a ship of length `len` starting at `c`, if it fits there.
    fn ship_cells(&self, c: usize, len: usize, vertical: bool) -> Option<Vec<usize>> {
        let (p, cols) = (self.p, self.p.cols);
        let (r0, c0) = (c / cols, c % cols);
        if (vertical && r0 + len > p.rows) || (!vertical && c0 + len > cols) {
            return None;
        }
        let cells: Vec<usize> = (0..len).map(|k| if vertical { c + k * cols } else { c + k }).collect();
        for (k, &x) in cells.iter().enumerate() {
            if !self.open(x) {
                return None;
            }
            if let Some(g) = self.given[x]
                && g != Given::Ship
                && g != role(k, len, vertical)
            {
                return None;
            }
        }
        // Row and column targets.
        let (rows_hit, cols_hit) = if vertical { (1, len as u32) } else { (len as u32, 1) };
        for (k, &x) in cells.iter().enumerate() {
            let (r, cc) = (x / cols, x % cols);
            if (vertical || k == 0)
                && p.row_targets[r].is_some_and(|t| self.row_used[r] + if vertical { 1 } else { rows_hit } > t)
            {
                return None;
            }
            if (!vertical || k == 0)
                && p.col_targets[cc].is_some_and(|t| self.col_used[cc] + if vertical { cols_hit } else { 1 } > t)
            {
                return None;
            }
        }
        // No-touch: no ship already placed next to it.
        if self.no_touch() && self.halo(&cells).iter().any(|&h| self.state[h] == SHIP) {
            return None;
        }
        Some(cells)
    }

    fn halo(&self, cells: &[usize]) -> Vec<usize> {
        let (rows, cols) = (self.p.rows as i64, self.p.cols as i64);
        let mut out = Vec::new();
        for &x in cells {
            let (r, c) = ((x as i64) / cols, (x as i64) % cols);
            for dr in -1..=1 {
                for dc in -1..=1 {
                    let (a, b) = (r + dr, c + dc);
                    if a >= 0 && b >= 0 && a < rows && b < cols {
                        let y = (a * cols + b) as usize;
                        if !cells.contains(&y) && !out.contains(&y) {
                            out.push(y);
                        }
                    }
                }
            }
        }
        out
    }

    fn set_ship(&mut self, cells: &[usize], halo: &[usize], len: usize, on: bool) {
        let cols = self.p.cols;
        for &x in cells {
            self.state[x] = if on { SHIP } else { UNDECIDED };
            let (r, c) = (x / cols, x % cols);
            if on {
                self.row_used[r] += 1;
                self.col_used[c] += 1;
            } else {
                self.row_used[r] -= 1;
                self.col_used[c] -= 1;
            }
        }
        for &h in halo {
            if on { self.blocked[h] += 1 } else { self.blocked[h] -= 1 }
        }
        if on {
            self.remaining[len] -= 1;
            self.cells_left -= len;
        } else {
            self.remaining[len] += 1;
            self.cells_left += len;
        }
    }

    /// Checks that still can be met, with the cursor at cell `idx`.
    fn promising(&self, idx: usize) -> bool {
        let (p, cols) = (self.p, self.p.cols);
        let r = idx / cols;
        // The current row: what is missing fits in its open cells from the cursor on.
        if r < p.rows
            && let Some(t) = p.row_targets[r]
        {
            let need = (t - self.row_used[r]) as usize;
            if need > (idx..(r + 1) * cols).filter(|&x| self.open(x)).count() {
                return false;
            }
        }
        // Given ship cells not yet covered need ships.
        true
    }

    /// At a row boundary: the finished row is exact, later rows and all columns can still be met.
    fn row_done(&self, finished: usize) -> bool {
        let p = self.p;
        if p.row_targets[finished].is_some_and(|t| t != self.row_used[finished]) {
            return false;
        }
        let (mut row_need, mut rows_known) = (0usize, true);
        for r in finished + 1..p.rows {
            match p.row_targets[r] {
                Some(t) => {
                    let need = (t - self.row_used[r]) as usize;
                    if need > (r * p.cols..(r + 1) * p.cols).filter(|&x| self.open(x)).count() {
                        return false;
                    }
                    row_need += need;
                }
                None => rows_known = false,
            }
        }
        let (mut col_need, mut cols_known) = (0usize, true);
        for c in 0..p.cols {
            match p.col_targets[c] {
                Some(t) => {
                    let need = (t - self.col_used[c]) as usize;
                    if need > (finished + 1..p.rows).filter(|&r| self.open(r * p.cols + c)).count() {
                        return false;
                    }
                    col_need += need;
                }
                None => cols_known = false,
            }
        }
        // Ship cells still to place go exactly where the targets still need ones
        // (cells of vertical ships already placed below are counted in row_used).
        (!rows_known || row_need == self.cells_left) && (!cols_known || col_need == self.cells_left)
    }

    fn done(&mut self) {
        let p = self.p;
        if self.cells_left != 0 || !(0..p.cols).all(|c| p.col_targets[c].is_none_or(|t| t == self.col_used[c])) {
            return;
        }
        self.layouts += 1;
        let need_matrix = self.matrices.is_some() || self.examples.len() < self.example_limit;
        if !need_matrix {
            return;
        }
        let mut words = vec![0u64; (p.rows * p.cols).div_ceil(64)];
        for (i, &st) in self.state.iter().enumerate() {
            if st == SHIP {
                words[i / 64] |= 1 << (i % 64);
            }
        }
        let new = match &mut self.matrices {
            Some(set) => {
                let fresh = set.insert(words.clone());
                if set.len() > self.matrix_limit {
                    self.matrices = None;
                }
                fresh
            }
            None => true,
        };
        if new && self.examples.len() < self.example_limit {
            let mut m = BinaryMatrix::zeros(p.rows, p.cols);
            for (i, &st) in self.state.iter().enumerate() {
                if st == SHIP {
                    m.set(i / p.cols, i % p.cols, true);
                }
            }
            self.examples.push(m);
        }
    }

    fn search(&mut self, idx: usize) -> Result<(), PuzzleError> {
        self.nodes += 1;
        if self.nodes % 4096 == 0 && self.cancel.is_cancelled() {
            return Err(PuzzleError::Cancelled);
        }
        let (cols, total) = (self.p.cols, self.p.rows * self.p.cols);
        let mut idx = idx;
        // Cells already decided (covered by a ship from above) are passed over.
        loop {
            if idx > 0 && idx % cols == 0 && !self.row_done(idx / cols - 1) {
                return Ok(());
            }
            if idx == total {
                self.done();
                return Ok(());
            }
            if self.state[idx] == UNDECIDED {
                break;
            }
            idx += 1;
        }
        if self.cells_left == 0 {
            // Only water is left: the remaining rows and columns must already be exact.
            let uncovered_ship_given =
                (idx..total).any(|x| self.state[x] != SHIP && matches!(self.given[x], Some(g) if g != Given::Water));
            if uncovered_ship_given {
                return Ok(());
            }
            let p = self.p;
            if (idx / cols..p.rows).all(|r| p.row_targets[r].is_none_or(|t| t == self.row_used[r])) {
                self.done();
            }
            return Ok(());
        }
        if !self.promising(idx) {
            return Ok(());
        }
        // A ship starts here (every length still wanted, across and down) ...
        let lengths: Vec<usize> = (1..self.remaining.len()).filter(|&l| self.remaining[l] > 0).collect();
        for len in lengths {
            for vertical in if len == 1 {
                [false].as_slice()
            } else {
                [false, true].as_slice()
            } {
                if let Some(cells) = self.ship_cells(idx, len, *vertical) {
                    let halo = if self.no_touch() { self.halo(&cells) } else { Vec::new() };
                    self.set_ship(&cells, &halo, len, true);
                    let r = self.search(idx + 1);
                    self.set_ship(&cells, &halo, len, false);
                    r?;
                }
            }
        }
        // ... or the cell is water (impossible where a ship cell is given).
        if matches!(self.given[idx], Some(g) if g != Given::Water) {
            return Ok(());
        }
        self.search(idx + 1)
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
    let mut given = vec![None; p.rows * p.cols];
    for &(r, c, g) in &p.givens {
        given[r * p.cols + c] = Some(g);
    }
    let longest = p.ships.iter().copied().max().unwrap_or(0);
    let mut remaining = vec![0usize; longest + 1];
    for &l in &p.ships {
        remaining[l] += 1;
    }
    let mut s = Solver {
        p,
        given,
        state: vec![UNDECIDED; p.rows * p.cols],
        blocked: vec![0; p.rows * p.cols],
        row_used: vec![0; p.rows],
        col_used: vec![0; p.cols],
        remaining,
        cells_left: p.ships.iter().sum(),
        layouts: 0,
        matrices: Some(HashSet::new()),
        matrix_limit,
        examples: Vec::new(),
        example_limit: examples,
        cancel,
        nodes: 0,
    };
    s.search(0)?;
    let mut multiplicity: BTreeMap<usize, u128> = BTreeMap::new();
    for &l in &p.ships {
        *multiplicity.entry(l).or_default() += 1;
    }
    let perms: u128 = multiplicity.values().map(|&k| (1..=k).product::<u128>()).product();
    Ok(PuzzleSolutions {
        labelled: s.layouts * perms,
        layouts: s.layouts,
        matrices: s.matrices.map(|m| m.len() as u128),
        examples: s.examples,
    })
}

impl From<CountError> for PuzzleError {
    fn from(_: CountError) -> Self {
        PuzzleError::Cancelled
    }
}
