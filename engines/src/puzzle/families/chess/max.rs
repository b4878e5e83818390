//! The Max Chess Pieces Problem on bitsets, for boards of up to 128 cells:
//! the placements worth most, and how many there are.
//!
//! The search takes or leaves the first open cell (in row-major order). Its
//! bound is what a branch could still add, and it is kept tight by cliques:
//! the piece cells are split once, greedily in row-major order, into groups
//! whose members all threaten one another (for kings the 2×2 blocks, for
//! rooks and queens the rows), and a group can hold at most one piece, so a
//! branch can add at most the worth of its best open cell per group. Summing
//! every open cell's worth instead (the model search's bound) let an 8×8
//! board of kings, optimum 16, look as if it could reach 64, and it took 47
//! CPU-s; the group bound prunes all but a thin tree around the 281,571
//! optimal placements.

use super::Chess;
use crate::geometry::BinaryMatrix;
use crate::puzzle::PuzzleError;
use crate::puzzle::exact::{ExactRequest, ExactResult, SearchProgress};
use crate::run::{CancelFlag, Cancelled};

/// Nodes between two looks at the flag (and progress reports).
const CHECK_EVERY: u64 = 1 << 14;

/// Values this close count as equal (sums of weights in another order).
const TOLERANCE: f64 = 1e-9;

struct Search<'a> {
    cols: usize,
    cells: usize,
    conflicts: &'a [u128],
    /// Each cell's worth (0 where no piece may stand).
    worth: Vec<f64>,
    /// The groups of mutually threatening cells, each with its cells from
    /// the most to the least worth.
    groups: Vec<Vec<usize>>,
    /// The givens' cells (always placed).
    given: u128,
    req: &'a ExactRequest<'a>,
    cancel: &'a CancelFlag,
    result: ExactResult,
}

/// The optimum, and every placement reaching it (`req.keep` kept; the limit
/// does not apply to an objective, as in the model search).
pub(super) fn solve(
    ch: &Chess,
    conflicts: &[u128],
    req: ExactRequest<'_>,
    cancel: &CancelFlag,
) -> Result<ExactResult, PuzzleError> {
    let cells = ch.rows * ch.cols;
    let worth: Vec<f64> = (0..cells).map(|c| ch.pieces[c].map_or(0.0, |p| ch.weight(p))).collect();
    let mut open: u128 = (0..cells)
        .filter(|&c| ch.pieces[c].is_some())
        .fold(0, |m, c| m | 1u128 << c);
    let mut search = Search {
        cols: ch.cols,
        cells,
        conflicts,
        groups: groups(open, conflicts, &worth),
        worth,
        given: 0,
        req: &req,
        cancel,
        result: ExactResult::empty(),
    };
    // The givens first: each on a piece's cell, none threatening another.
    for &(r, c) in &ch.given {
        let cell = r * ch.cols + c;
        if open & (1u128 << cell) == 0 {
            return Ok(search.result);
        }
        open &= !conflicts[cell] & !(1u128 << cell);
        search.given |= 1u128 << cell;
    }
    let given = search.given;
    let now = search.value(given);
    match search.go(open, given, now) {
        Ok(()) => {}
        Err(Cancelled) if cancel.timed_out() => search.result.timed_out = true,
        Err(Cancelled) => return Err(PuzzleError::Cancelled(Cancelled)),
    }
    Ok(search.result)
}

/// Splits the cells of `open` into groups of mutually threatening cells,
/// greedily in row-major order.
fn groups(open: u128, conflicts: &[u128], worth: &[f64]) -> Vec<Vec<usize>> {
    let mut left = open;
    let mut out = Vec::new();
    while left != 0 {
        let first = left.trailing_zeros() as usize;
        let mut members = 1u128 << first;
        let mut common = conflicts[first];
        let mut rest = left & !members;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if common & (1u128 << c) != 0 {
                members |= 1u128 << c;
                common &= conflicts[c];
            }
        }
        left &= !members;
        let mut group: Vec<usize> = (0..128).filter(|&c| members & (1u128 << c) != 0).collect();
        group.sort_by(|&a, &b| worth[b].total_cmp(&worth[a]));
        out.push(group);
    }
    out
}

impl Search<'_> {
    /// The most the open cells can add: per group, its best open cell.
    fn bound(&self, open: u128) -> f64 {
        self.groups
            .iter()
            .filter_map(|g| g.iter().find(|&&c| open & (1u128 << c) != 0))
            .map(|&c| self.worth[c])
            .sum()
    }

    /// The placement's worth, summed in cell order as the model's objective is.
    fn value(&self, placed: u128) -> f64 {
        (0..self.cells)
            .filter(|&c| placed & (1u128 << c) != 0)
            .map(|c| self.worth[c])
            .sum()
    }

    /// Every placement adding cells of `open` to `placed` (worth `now`) that
    /// can still reach the best found.
    fn go(&mut self, open: u128, placed: u128, now: f64) -> Result<(), Cancelled> {
        self.result.nodes += 1;
        if self.result.nodes.is_multiple_of(CHECK_EVERY) {
            self.cancel.check()?;
            (self.req.progress)(SearchProgress {
                nodes: self.result.nodes,
                solutions: self.result.count,
                explored: None,
            });
        }
        if let Some(best) = self.result.best {
            // `now` is summed in another order than a leaf's value: prune only
            // clearly below, with room for rounding on large sums.
            if now + self.bound(open) < best - TOLERANCE * best.abs().max(1.0) {
                return Ok(());
            }
        }
        if open == 0 {
            self.leaf(placed);
            return Ok(());
        }
        let c = open.trailing_zeros() as usize;
        let cell = 1u128 << c;
        self.go(open & !self.conflicts[c] & !cell, placed | cell, now + self.worth[c])?;
        self.go(open & !cell, placed, now)
    }

    fn leaf(&mut self, placed: u128) {
        let value = self.value(placed);
        match self.result.best {
            Some(b) if value < b - TOLERANCE => return,
            Some(b) if value > b + TOLERANCE => {
                self.result.count = 0;
                self.result.examples.clear();
                self.result.best = Some(value);
            }
            None => self.result.best = Some(value),
            _ => {}
        }
        self.result.count += 1;
        if self.result.examples.len() < self.req.keep {
            let mut m = BinaryMatrix::zeros(self.cells / self.cols, self.cols);
            for c in (0..self.cells).filter(|&c| placed & (1u128 << c) != 0) {
                m.set(c / self.cols, c % self.cols, true);
            }
            self.result.examples.push(m);
        }
    }
}
