//! The Coloured Chess Piece Problem counted on bitsets, for boards of up to
//! 128 cells: each region's cells and each cell's conflicts (the cells its
//! piece threatens or is threatened from) are 128-bit sets; the search puts
//! a piece in the region with the fewest cells left and clears that piece's
//! conflicts. The generator counts every draft, and the general model search
//! spent most of a chess draft's time. The Max problem (`max.rs`) uses the
//! same conflicts.

use super::{Chess, ChessGoal};
use crate::geometry::BinaryMatrix;
use crate::puzzle::PuzzleError;
use crate::puzzle::exact::{ExactRequest, ExactResult, SearchProgress};
use crate::run::CancelFlag;

/// Largest board (in cells) the bitsets hold.
pub const MAX_CELLS: usize = 128;

/// Does this puzzle fit the bitset counters (128 cells or fewer; the Max
/// goal goes to [`super::max`])?
pub fn fits(ch: &Chess) -> bool {
    ch.rows * ch.cols <= MAX_CELLS
}

/// Each cell's conflicts: the cells a piece there threatens or is
/// threatened from (on an empty board).
pub(super) fn conflicts(ch: &Chess) -> Vec<u128> {
    let (cols, cells) = (ch.cols, ch.rows * ch.cols);
    let at = |c: usize| (c / cols, c % cols);
    let mut conflicts = vec![0u128; cells];
    for a in 0..cells {
        let Some(pa) = ch.pieces[a] else { continue };
        for b in a + 1..cells {
            let Some(pb) = ch.pieces[b] else { continue };
            if pa.reaches(at(a), at(b)) || pb.reaches(at(b), at(a)) {
                conflicts[a] |= 1u128 << b;
                conflicts[b] |= 1u128 << a;
            }
        }
    }
    conflicts
}

struct Search<'a> {
    conflicts: Vec<u128>,
    regions: Vec<u128>,
    cells: usize,
    cols: usize,
    req: &'a ExactRequest<'a>,
    cancel: &'a CancelFlag,
    result: ExactResult,
    placed: Vec<usize>,
}

/// Counts the solutions (up to `req.limit`), keeping the first `req.keep`;
/// the puzzle must [`fits`].
pub fn solve(ch: &Chess, req: ExactRequest<'_>, cancel: &CancelFlag) -> Result<ExactResult, PuzzleError> {
    ch.validate().map_err(PuzzleError::Invalid)?;
    debug_assert!(fits(ch));
    if ch.goal == ChessGoal::Max {
        return super::max::solve(ch, &conflicts(ch), req, cancel);
    }
    let (rows, cols) = (ch.rows, ch.cols);
    let cells = rows * cols;
    let bit = |c: usize| 1u128 << c;
    let conflicts = conflicts(ch);
    let mut regions = vec![0u128; ch.region_count()];
    for c in 0..cells {
        regions[ch.regions[c] as usize] |= bit(c);
    }
    let mut open: u128 = (0..cells)
        .filter(|&c| ch.pieces[c].is_some())
        .fold(0, |m, c| m | bit(c));
    let mut search = Search {
        conflicts,
        regions,
        cells,
        cols,
        req: &req,
        cancel,
        result: ExactResult::empty(),
        placed: Vec::new(),
    };
    // The givens first: each must stand on a piece's cell, apart from the others.
    let mut left: Vec<usize> = (0..search.regions.len()).collect();
    for &(r, c) in &ch.given {
        let cell = r * cols + c;
        let k = ch.regions[cell] as usize;
        if open & bit(cell) == 0 || !left.contains(&k) {
            return Ok(search.result);
        }
        open &= !search.conflicts[cell] & !search.regions[k];
        left.retain(|&x| x != k);
        search.placed.push(cell);
    }
    match search.go(open, &mut left) {
        Ok(()) => {}
        Err(()) if cancel.timed_out() => search.result.timed_out = true,
        Err(()) => return Err(PuzzleError::Cancelled(crate::run::Cancelled)),
    }
    Ok(search.result)
}

impl Search<'_> {
    /// Every way to fill the regions `left` from the cells `open`; `Err` when
    /// cancelled. Stops (as `Ok`) at the limit.
    fn go(&mut self, open: u128, left: &mut Vec<usize>) -> Result<(), ()> {
        self.result.nodes += 1;
        if self.result.nodes.is_multiple_of(4096) {
            if self.cancel.is_cancelled() {
                return Err(());
            }
            (self.req.progress)(SearchProgress {
                nodes: self.result.nodes,
                solutions: self.result.count,
                explored: None,
            });
        }
        if left.is_empty() {
            self.found();
            return Ok(());
        }
        // The region with the fewest open cells.
        let (i, cells) = left
            .iter()
            .enumerate()
            .map(|(i, &k)| (i, self.regions[k] & open))
            .min_by_key(|(_, m)| m.count_ones())
            .expect("a region left");
        if cells == 0 {
            return Ok(());
        }
        let k = left.swap_remove(i);
        let mut rest = cells;
        while rest != 0 && !self.result.stopped_at_limit {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.placed.push(c);
            let outcome = self.go(open & !self.conflicts[c] & !self.regions[k], left);
            self.placed.pop();
            outcome?;
        }
        left.push(k);
        let last = left.len() - 1;
        left.swap(i, last);
        Ok(())
    }

    fn found(&mut self) {
        self.result.count += 1;
        if self.result.examples.len() < self.req.keep {
            let mut m = BinaryMatrix::zeros(self.cells / self.cols, self.cols);
            for &c in &self.placed {
                m.set(c / self.cols, c % self.cols, true);
            }
            self.result.examples.push(m);
        }
        if self.result.count >= self.req.limit {
            self.result.stopped_at_limit = true;
        }
    }
}
