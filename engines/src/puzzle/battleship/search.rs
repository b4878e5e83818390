//! The search behind [`super::solve`]: ships placed longest first, ships of equal
//! length in increasing placement order (so each layout is met once), on
//! bit-rows and bit-columns of at most 64 cells.
//!
//! Every placement that breaks a given (water, or a ship part in the wrong role)
//! or a line target is dropped before the search. At each node a cell is
//! *usable* when it is free, not beside a ship (no-touch rule), and both its row
//! and its column still need ship cells; every line must still have as many
//! usable cells as it needs, and every given ship cell not yet covered must be
//! usable by a ship length still to come.

use super::{BattleshipPuzzle, Given, role};
use crate::geometry::BinaryMatrix;
use crate::geometry::TouchRule;
use crate::puzzle::error::PuzzleError;
use crate::puzzle::exact::{SearchProgress, no_search_progress};
use crate::run::{CancelFlag, Cancelled};
use rustc_hash::FxHashSet;

/// A line with no target never runs out of need.
const UNBOUNDED: i32 = i32::MAX / 2;

/// One way to put a ship of some length on the board.
#[derive(Clone, Debug)]
struct Spot {
    row: usize,
    col: usize,
    vertical: bool,
    /// Bits along the ship's own line (columns of a row, or rows of a column).
    mask: u64,
    /// Bits across: the rows (for a vertical ship) or columns it touches, each once.
    halo_rows: Vec<(usize, u64)>,
}

/// Lines of the largest board (64 rows or columns), and most distinct ship lengths.
const MAX: usize = 64;

/// The board as it stands at a node; copied on the way down (under 3 KB, no
/// allocation).
#[derive(Clone)]
struct State {
    /// Occupied cells per row (bit = column) and per column (bit = row).
    occ_row: [u64; MAX],
    occ_col: [u64; MAX],
    /// Cells no ship may use: water givens, and halos of placed ships (no-touch).
    blocked_row: [u64; MAX],
    blocked_col: [u64; MAX],
    need_row: [i32; MAX],
    need_col: [i32; MAX],
    /// Rows (bit = row) and columns (bit = column) that still need ship cells.
    rows_open: u64,
    cols_open: u64,
    /// Ships still to place per class, and the first spot the next one may take.
    left: [u16; MAX],
    from: [u16; MAX],
}

/// A given ship cell and the ship lengths that could cover it in its role.
struct ShipGiven {
    row: usize,
    col: usize,
    /// The (class, spot) pairs whose ship covers this cell in its role.
    covered_by: Vec<(usize, usize)>,
}

pub(super) struct Search<'a> {
    p: &'a BattleshipPuzzle,
    /// Distinct lengths, longest first, and how many ships of each.
    classes: Vec<(usize, usize)>,
    /// Placements per class, in a fixed order.
    spots: Vec<Vec<Spot>>,
    ship_givens: Vec<ShipGiven>,
    pub layouts: u128,
    pub matrices: Option<FxHashSet<Vec<u64>>>,
    matrix_limit: usize,
    pub examples: Vec<BinaryMatrix>,
    example_limit: usize,
    cancel: &'a CancelFlag,
    pub nodes: u64,
    /// Stop once this many distinct grids are found (`usize::MAX`: never).
    stop_at: usize,
    /// The search ended early: at `stop_at`, or at the clock (`timed_out`).
    pub stopped: bool,
    pub timed_out: bool,
    progress: &'a (dyn Fn(SearchProgress) + Sync),
}

fn bits(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

impl<'a> Search<'a> {
    pub fn new(p: &'a BattleshipPuzzle, examples: usize, matrix_limit: usize, cancel: &'a CancelFlag) -> Search<'a> {
        let mut lengths: Vec<usize> = p.ships.clone();
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        let mut classes: Vec<(usize, usize)> = Vec::new();
        for l in lengths {
            match classes.last_mut() {
                Some((len, n)) if *len == l => *n += 1,
                _ => classes.push((l, 1)),
            }
        }
        let given = given_grid(p);
        let spots: Vec<Vec<Spot>> = classes.iter().map(|&(len, _)| spots_for(p, &given, len)).collect();
        let ship_givens = p
            .givens
            .iter()
            .filter(|g| g.2 != Given::Water)
            .map(|&(row, col, _)| ShipGiven {
                row,
                col,
                covered_by: covering(&spots, &classes, row, col),
            })
            .collect();
        Search {
            p,
            classes,
            spots,
            ship_givens,
            layouts: 0,
            matrices: Some(FxHashSet::default()),
            matrix_limit,
            examples: Vec::new(),
            example_limit: examples,
            cancel,
            nodes: 0,
            stop_at: usize::MAX,
            stopped: false,
            timed_out: false,
            progress: &no_search_progress,
        }
    }

    /// Stops at `limit` distinct grids, telling `progress` how far it is.
    pub fn stop_at(mut self, limit: usize, progress: &'a (dyn Fn(SearchProgress) + Sync)) -> Search<'a> {
        self.stop_at = limit;
        self.progress = progress;
        self
    }

    fn start_state(&self) -> State {
        let p = self.p;
        let mut s = State {
            occ_row: [0; MAX],
            occ_col: [0; MAX],
            blocked_row: [0; MAX],
            blocked_col: [0; MAX],
            need_row: [0; MAX],
            need_col: [0; MAX],
            rows_open: 0,
            cols_open: 0,
            left: [0; MAX],
            from: [0; MAX],
        };
        for (r, t) in p.row_targets.iter().enumerate() {
            s.need_row[r] = t.map_or(UNBOUNDED, |v| v as i32);
        }
        for (c, t) in p.col_targets.iter().enumerate() {
            s.need_col[c] = t.map_or(UNBOUNDED, |v| v as i32);
        }
        for (k, &(_, n)) in self.classes.iter().enumerate() {
            s.left[k] = n as u16;
        }
        for &(r, c, g) in &p.givens {
            if g == Given::Water {
                s.blocked_row[r] |= 1 << c;
                s.blocked_col[c] |= 1 << r;
            }
        }
        s.rows_open = (0..p.rows).filter(|&r| s.need_row[r] > 0).fold(0, |m, r| m | 1 << r);
        s.cols_open = (0..p.cols).filter(|&c| s.need_col[c] > 0).fold(0, |m, c| m | 1 << c);
        s
    }

    pub fn run(&mut self) -> Result<(), PuzzleError> {
        let s = self.start_state();
        self.search(&s)
    }

    /// Picks the class with the fewest spots left for its next ship and tries each.
    fn search(&mut self, s: &State) -> Result<(), PuzzleError> {
        self.nodes += 1;
        if self.stopped {
            return Ok(());
        }
        if self.nodes.is_multiple_of(4096) {
            if self.cancel.timed_out() {
                // The clock stops the search with what it found.
                self.stopped = true;
                self.timed_out = true;
                return Ok(());
            }
            if self.cancel.is_cancelled() {
                return Err(PuzzleError::Cancelled(Cancelled));
            }
            (self.progress)(SearchProgress {
                nodes: self.nodes,
                solutions: self.matrices.as_ref().map_or(self.layouts as u64, |m| m.len() as u64),
                explored: None,
            });
        }
        if s.left[..self.classes.len()].iter().all(|&n| n == 0) {
            self.done(s);
            return Ok(());
        }
        if !self.lines_feasible(s) || !self.givens_coverable(s) {
            return Ok(());
        }
        let mut best: Option<(usize, usize)> = None;
        for class in 0..self.classes.len() {
            if s.left[class] == 0 {
                continue;
            }
            let len = self.classes[class].0;
            let n = self.spots[class][s.from[class] as usize..]
                .iter()
                .filter(|spot| fits(s, spot, len))
                .count();
            if n < s.left[class] as usize {
                return Ok(());
            }
            if best.is_none_or(|(_, m)| n < m) {
                best = Some((class, n));
            }
        }
        let Some((class, _)) = best else { return Ok(()) };
        let len = self.classes[class].0;
        let no_touch = self.p.rule == TouchRule::NoTouch;
        for i in s.from[class] as usize..self.spots[class].len() {
            let spot = &self.spots[class][i];
            if !fits(s, spot, len) {
                continue;
            }
            let mut next = s.clone();
            put(&mut next, spot, len, no_touch);
            next.left[class] -= 1;
            next.from[class] = (i + 1) as u16;
            self.search(&next)?;
        }
        Ok(())
    }

    /// Every line with a target still has as many usable cells as it needs.
    fn lines_feasible(&self, s: &State) -> bool {
        let p = self.p;
        let rows_ok = (0..p.rows).all(|r| {
            let need = s.need_row[r];
            need <= 0
                || need > UNBOUNDED / 2
                || (!(s.occ_row[r] | s.blocked_row[r]) & s.cols_open & bits(p.cols)).count_ones() as i32 >= need
        });
        rows_ok
            && (0..p.cols).all(|c| {
                let need = s.need_col[c];
                need <= 0
                    || need > UNBOUNDED / 2
                    || (!(s.occ_col[c] | s.blocked_col[c]) & s.rows_open & bits(p.rows)).count_ones() as i32 >= need
            })
    }

    /// Every given ship cell is covered, or some ship still to come can cover it.
    fn givens_coverable(&self, s: &State) -> bool {
        self.ship_givens.iter().all(|g| {
            s.occ_row[g.row] >> g.col & 1 == 1
                || g.covered_by.iter().any(|&(class, i)| {
                    s.left[class] > 0
                        && i >= s.from[class] as usize
                        && fits(s, &self.spots[class][i], self.classes[class].0)
                })
        })
    }

    fn done(&mut self, s: &State) {
        let p = self.p;
        let exact = |needs: &[i32]| needs.iter().all(|&n| n == 0 || n > UNBOUNDED / 2);
        if !exact(&s.need_row[..p.rows]) || !exact(&s.need_col[..p.cols]) {
            return;
        }
        if self.ship_givens.iter().any(|g| s.occ_row[g.row] >> g.col & 1 == 0) {
            return;
        }
        self.layouts += 1;
        let need_matrix = self.matrices.is_some() || self.examples.len() < self.example_limit;
        if !need_matrix {
            return;
        }
        let new = match &mut self.matrices {
            Some(set) => {
                let fresh = set.insert(s.occ_row[..p.rows].to_vec());
                if set.len() >= self.stop_at {
                    self.stopped = true;
                }
                if set.len() > self.matrix_limit {
                    self.matrices = None;
                }
                fresh
            }
            None => true,
        };
        if new && self.examples.len() < self.example_limit {
            let mut m = BinaryMatrix::zeros(p.rows, p.cols);
            for (r, &row) in s.occ_row[..p.rows].iter().enumerate() {
                for c in 0..p.cols {
                    if row >> c & 1 == 1 {
                        m.set(r, c, true);
                    }
                }
            }
            self.examples.push(m);
        }
    }
}

/// The spot is free and the lines it crosses still need its cells.
#[inline]
fn fits(s: &State, spot: &Spot, len: usize) -> bool {
    let len = len as i32;
    if spot.vertical {
        let c = spot.col;
        (s.occ_col[c] | s.blocked_col[c]) & spot.mask == 0 && s.need_col[c] >= len && spot.mask & !s.rows_open == 0
    } else {
        let r = spot.row;
        (s.occ_row[r] | s.blocked_row[r]) & spot.mask == 0 && s.need_row[r] >= len && spot.mask & !s.cols_open == 0
    }
}

/// Puts a ship on the spot: cells, needs, and (no-touch) the halo.
fn put(s: &mut State, spot: &Spot, len: usize, no_touch: bool) {
    for k in 0..len {
        let (r, c) = if spot.vertical {
            (spot.row + k, spot.col)
        } else {
            (spot.row, spot.col + k)
        };
        s.occ_row[r] |= 1 << c;
        s.occ_col[c] |= 1 << r;
        s.need_row[r] -= 1;
        s.need_col[c] -= 1;
        if s.need_row[r] == 0 {
            s.rows_open &= !(1 << r);
        }
        if s.need_col[c] == 0 {
            s.cols_open &= !(1 << c);
        }
    }
    if no_touch {
        for &(r, m) in &spot.halo_rows {
            s.blocked_row[r] |= m;
            let mut bits = m;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                s.blocked_col[c] |= 1 << r;
            }
        }
    }
}

fn given_grid(p: &BattleshipPuzzle) -> Vec<Option<Given>> {
    let mut g = vec![None; p.rows * p.cols];
    for &(r, c, v) in &p.givens {
        g[r * p.cols + c] = Some(v);
    }
    g
}

/// Every spot for a ship of `len` that agrees with the givens and the targets.
fn spots_for(p: &BattleshipPuzzle, given: &[Option<Given>], len: usize) -> Vec<Spot> {
    let (rows, cols) = (p.rows, p.cols);
    let no_touch = p.rule == TouchRule::NoTouch;
    let mut out = Vec::new();
    for vertical in if len == 1 { vec![false] } else { vec![false, true] } {
        for r in 0..rows {
            for c in 0..cols {
                if (vertical && r + len > rows) || (!vertical && c + len > cols) {
                    continue;
                }
                let cells: Vec<(usize, usize)> = (0..len)
                    .map(|k| if vertical { (r + k, c) } else { (r, c + k) })
                    .collect();
                let roles_ok = cells.iter().enumerate().all(|(k, &(y, x))| match given[y * cols + x] {
                    None | Some(Given::Ship) => true,
                    Some(g) => g == role(k, len, vertical),
                });
                let targets_ok = if vertical {
                    p.col_targets[c].is_none_or(|t| t as usize >= len)
                        && cells.iter().all(|&(y, _)| p.row_targets[y].is_none_or(|t| t >= 1))
                } else {
                    p.row_targets[r].is_none_or(|t| t as usize >= len)
                        && cells.iter().all(|&(_, x)| p.col_targets[x].is_none_or(|t| t >= 1))
                };
                if !(roles_ok && targets_ok) {
                    continue;
                }
                // Halo: the ring around the ship (only used with the no-touch rule).
                let halo = if no_touch {
                    halo_of(&cells, rows, cols)
                } else {
                    Vec::new()
                };
                // With no touching, a given ship cell in the halo would be a second ship touching this one.
                let halo_ok = halo.iter().enumerate().all(|(y, &m)| {
                    (0..cols).all(|x| m >> x & 1 == 0 || matches!(given[y * cols + x], None | Some(Given::Water)))
                });
                if halo_ok {
                    out.push(Spot {
                        row: r,
                        col: c,
                        vertical,
                        mask: if vertical { bits(len) << r } else { bits(len) << c },
                        halo_rows: halo
                            .iter()
                            .enumerate()
                            .filter(|(_, m)| **m != 0)
                            .map(|(y, &m)| (y, m))
                            .collect(),
                    });
                }
            }
        }
    }
    out
}

/// The spots (per class) whose ship covers cell (row, col).
fn covering(spots: &[Vec<Spot>], classes: &[(usize, usize)], row: usize, col: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (class, list) in spots.iter().enumerate() {
        let len = classes[class].0;
        for (i, s) in list.iter().enumerate() {
            let hit = if s.vertical {
                s.col == col && (s.row..s.row + len).contains(&row)
            } else {
                s.row == row && (s.col..s.col + len).contains(&col)
            };
            if hit {
                out.push((class, i));
            }
        }
    }
    out
}

/// The cells around a ship (not its own), as one bit mask per row.
fn halo_of(cells: &[(usize, usize)], rows: usize, cols: usize) -> Vec<u64> {
    let mut halo = vec![0u64; rows];
    for &(y, x) in cells {
        for a in y.saturating_sub(1)..(y + 2).min(rows) {
            for b in x.saturating_sub(1)..(x + 2).min(cols) {
                halo[a] |= 1 << b;
            }
        }
    }
    for &(y, x) in cells {
        halo[y] &= !(1 << x);
    }
    halo
}
