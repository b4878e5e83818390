//! The exact Battleship puzzle solver: straight ships of given lengths on an m×n
//! board, row and column targets (any may be unknown), optional givens (water,
//! ship parts as printed in Bimaru puzzles), ships may or may not touch.
//!
//! Depth-first over ships, longest first, with ships of equal length placed in
//! increasing placement order (so each layout is met once); a placement must fit
//! the row and column targets, the givens and the touch rule. Counts: layouts
//! with ships labelled, and distinct 0/1 matrices (a run of ones can hold several
//! ships end to end when ships may touch, so several layouts can share a matrix).

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

/// A placement: cells (row-major indices) and its orientation.
struct Place {
    cells: Vec<usize>,
    /// Cells that touch the ship (for the no-touch rule).
    halo: Vec<usize>,
    rows: Vec<(usize, u32)>,
    cols: Vec<(usize, u32)>,
}

struct Solver<'a> {
    p: &'a BattleshipPuzzle,
    /// Placements per distinct length, and which length each DFS level places.
    places: BTreeMap<usize, std::rc::Rc<Vec<Place>>>,
    order: Vec<usize>,
    given: Vec<Option<Given>>,
    /// 0 free, > 0 ship id + 1; `blocked` counts halos over a cell.
    occupied: Vec<u16>,
    blocked: Vec<u16>,
    row_used: Vec<u32>,
    col_used: Vec<u32>,
    must_cover: Vec<usize>,
    layouts: u128,
    matrices: Option<HashSet<Vec<u64>>>,
    matrix_limit: usize,
    examples: Vec<BinaryMatrix>,
    example_limit: usize,
    cancel: &'a CancelFlag,
    nodes: u64,
}

fn line_places(p: &BattleshipPuzzle, len: usize) -> Vec<Place> {
    let (rows, cols) = (p.rows, p.cols);
    let mut out = Vec::new();
    let dirs: &[(usize, usize)] = if len == 1 { &[(0, 1)] } else { &[(0, 1), (1, 0)] };
    for &(dr, dc) in dirs {
        for r in 0..rows {
            for c in 0..cols {
                if r + dr * (len - 1) >= rows || c + dc * (len - 1) >= cols {
                    continue;
                }
                let cells: Vec<(usize, usize)> = (0..len).map(|k| (r + dr * k, c + dc * k)).collect();
                let mut halo = Vec::new();
                for &(a, b) in &cells {
                    for da in -1i32..=1 {
                        for db in -1i32..=1 {
                            let (x, y) = (a as i32 + da, b as i32 + db);
                            if x >= 0 && y >= 0 && (x as usize) < rows && (y as usize) < cols {
                                let cell = (x as usize, y as usize);
                                if !cells.contains(&cell) && !halo.contains(&(x as usize * cols + y as usize)) {
                                    halo.push(x as usize * cols + y as usize);
                                }
                            }
                        }
                    }
                }
                let mut row_count: BTreeMap<usize, u32> = BTreeMap::new();
                let mut col_count: BTreeMap<usize, u32> = BTreeMap::new();
                for &(a, b) in &cells {
                    *row_count.entry(a).or_default() += 1;
                    *col_count.entry(b).or_default() += 1;
                }
                out.push(Place {
                    cells: cells.iter().map(|&(a, b)| a * cols + b).collect(),
                    halo,
                    rows: row_count.into_iter().collect(),
                    cols: col_count.into_iter().collect(),
                });
            }
        }
    }
    out
}

/// The part a cell plays in a placement (`k`-th of `len`, vertical or not).
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
    fn fits(&self, pl: &Place) -> bool {
        let p = self.p;
        let len = pl.cells.len();
        let vertical = len > 1 && pl.cells[1] - pl.cells[0] == p.cols;
        for (k, &c) in pl.cells.iter().enumerate() {
            if self.occupied[c] != 0 || (p.rule == TouchRule::NoTouch && self.blocked[c] != 0) {
                return false;
            }
            match self.given[c] {
                Some(Given::Water) => return false,
                Some(Given::Ship) | None => {}
                Some(g) => {
                    if g != role(k, len, vertical) {
                        return false;
                    }
                }
            }
        }
        if p.rule == TouchRule::NoTouch && pl.halo.iter().any(|&h| self.occupied[h] != 0) {
            return false;
        }
        pl.rows
            .iter()
            .all(|&(r, n)| p.row_targets[r].is_none_or(|t| self.row_used[r] + n <= t))
            && pl
                .cols
                .iter()
                .all(|&(c, n)| p.col_targets[c].is_none_or(|t| self.col_used[c] + n <= t))
    }

    fn apply(&mut self, pl: &Place, id: u16, on: bool) {
        for &c in &pl.cells {
            self.occupied[c] = if on { id } else { 0 };
        }
        for &h in &pl.halo {
            if on {
                self.blocked[h] += 1;
            } else {
                self.blocked[h] -= 1;
            }
        }
        for &(r, n) in &pl.rows {
            if on {
                self.row_used[r] += n
            } else {
                self.row_used[r] -= n
            }
        }
        for &(c, n) in &pl.cols {
            if on {
                self.col_used[c] += n
            } else {
                self.col_used[c] -= n
            }
        }
    }

    /// Whether a ship may still use cell `c`.
    fn free(&self, c: usize) -> bool {
        self.occupied[c] == 0
            && self.given[c] != Some(Given::Water)
            && !(self.p.rule == TouchRule::NoTouch && self.blocked[c] != 0)
    }

    /// Necessary conditions for the ships still to place: enough of them for the
    /// given ship cells; every line's missing ones fit in its free cells; and with
    /// all targets of a direction known, exactly the missing ones are left.
    fn promising(&self, level: usize) -> bool {
        let left: usize = self.order[level..].iter().sum();
        let uncovered = self.must_cover.iter().filter(|&&c| self.occupied[c] == 0).count();
        if uncovered > left {
            return false;
        }
        let p = self.p;
        let (mut row_need, mut rows_known) = (0usize, true);
        for r in 0..p.rows {
            match p.row_targets[r] {
                Some(t) => {
                    let need = (t - self.row_used[r]) as usize;
                    if need > 0 && need > (0..p.cols).filter(|&c| self.free(r * p.cols + c)).count() {
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
                    if need > 0 && need > (0..p.rows).filter(|&r| self.free(r * p.cols + c)).count() {
                        return false;
                    }
                    col_need += need;
                }
                None => cols_known = false,
            }
        }
        if (rows_known && row_need != left) || (cols_known && col_need != left) {
            return false;
        }
        row_need <= left && col_need <= left
    }

    fn done(&mut self) {
        let p = self.p;
        let exact = (0..p.rows).all(|r| p.row_targets[r].is_none_or(|t| t == self.row_used[r]))
            && (0..p.cols).all(|c| p.col_targets[c].is_none_or(|t| t == self.col_used[c]))
            && self.must_cover.iter().all(|&c| self.occupied[c] != 0);
        if !exact {
            return;
        }
        self.layouts += 1;
        let need_matrix = self.matrices.is_some() || self.examples.len() < self.example_limit;
        if !need_matrix {
            return;
        }
        let mut words = vec![0u64; (p.rows * p.cols).div_ceil(64)];
        for (i, &o) in self.occupied.iter().enumerate() {
            if o != 0 {
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
            for (i, &o) in self.occupied.iter().enumerate() {
                if o != 0 {
                    m.set(i / p.cols, i % p.cols, true);
                }
            }
            self.examples.push(m);
        }
    }

    fn search(&mut self, level: usize, min_index: usize) -> Result<(), PuzzleError> {
        self.nodes += 1;
        if self.nodes % 4096 == 0 && self.cancel.is_cancelled() {
            return Err(PuzzleError::Cancelled);
        }
        if level == self.order.len() {
            self.done();
            return Ok(());
        }
        if !self.promising(level) {
            return Ok(());
        }
        let len = self.order[level];
        let same_next = level + 1 < self.order.len() && self.order[level + 1] == len;
        let places = self.places[&len].clone();
        let mut result = Ok(());
        for (i, pl) in places.iter().enumerate().skip(min_index) {
            if !self.fits(pl) {
                continue;
            }
            self.apply(pl, level as u16 + 1, true);
            result = self.search(level + 1, if same_next { i + 1 } else { 0 });
            self.apply(pl, level as u16 + 1, false);
            if result.is_err() {
                break;
            }
        }
        result
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
    let mut order = p.ships.clone();
    order.sort_unstable_by(|a, b| b.cmp(a));
    let places = order
        .iter()
        .map(|&l| (l, std::rc::Rc::new(line_places(p, l))))
        .collect();
    let mut given = vec![None; p.rows * p.cols];
    for &(r, c, g) in &p.givens {
        given[r * p.cols + c] = Some(g);
    }
    let must_cover = given
        .iter()
        .enumerate()
        .filter(|(_, g)| matches!(g, Some(g) if *g != Given::Water))
        .map(|(i, _)| i)
        .collect();
    let mut s = Solver {
        p,
        places,
        order,
        given,
        occupied: vec![0; p.rows * p.cols],
        blocked: vec![0; p.rows * p.cols],
        row_used: vec![0; p.rows],
        col_used: vec![0; p.cols],
        must_cover,
        layouts: 0,
        matrices: Some(HashSet::new()),
        matrix_limit,
        examples: Vec::new(),
        example_limit: examples,
        cancel,
        nodes: 0,
    };
    s.search(0, 0)?;
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
