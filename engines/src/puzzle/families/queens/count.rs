//! The N-queens problem counted on bitsets: each row keeps the set of cells
//! a queen may still take (one 64-bit mask), and placing a queen takes its
//! column and diagonals out of every open row. The search fills the row with
//! the fewest free cells first and drops a branch as soon as a row has none
//! (forward checking), as the chess family's bitset counter does with its
//! regions. Counting 14×14 (365,596 solutions) visits 9 million nodes in
//! well under a second, where the general model search took 17 s; on large
//! boards the first solution comes at once (64×64 in a fraction of a
//! millisecond).
//!
//! Holes are cells taken out of their row's set. A given queen fixes its row
//! to its column, and its attacks leave the other rows before the search.

use super::{FULL, Queens, Wrap};
use crate::geometry::BinaryMatrix;
use crate::puzzle::PuzzleError;
use crate::puzzle::exact::{ExactRequest, ExactResult, SearchProgress};
use crate::puzzle::text::CountSpec;
use crate::run::{CancelFlag, Cancelled};

/// Largest board side the masks hold.
pub const MAX_SIDE: usize = 64;

/// Nodes between two looks at the flag (and progress reports).
const CHECK_EVERY: u64 = 1 << 14;

/// Is this the N-queens problem on a square board of at most 64 columns (one
/// queen per row and column, whole diagonals, no regions, no touching rule,
/// no wrap)? Holes and given queens are allowed.
pub fn fits(q: &Queens) -> bool {
    let one = |v: &[CountSpec]| v.iter().all(|&c| c == CountSpec::Exactly(1));
    q.rows == q.cols
        && q.cols <= MAX_SIDE
        && q.regions.is_empty()
        && q.diagonal == FULL
        && !q.no_touch
        && q.wrap == Wrap::None
        && one(&q.row_counts)
        && one(&q.col_counts)
}

struct Search<'a> {
    n: usize,
    /// Cells each row may still take (holes, the givens' and the placed
    /// queens' attacks removed); 0 once the row has its queen.
    free: Vec<u64>,
    /// Rows without a queen yet.
    open: u64,
    /// Saved `free` masks, restored on the way back.
    trail: Vec<u64>,
    req: &'a ExactRequest<'a>,
    cancel: &'a CancelFlag,
    result: ExactResult,
    /// The queens placed so far, (row, column).
    placed: Vec<(usize, usize)>,
}

/// Counts the solutions (up to `req.limit`), keeping the first `req.keep`;
/// the puzzle must [`fits`].
pub fn solve(q: &Queens, req: ExactRequest<'_>, cancel: &CancelFlag) -> Result<ExactResult, PuzzleError> {
    q.validate().map_err(PuzzleError::Invalid)?;
    debug_assert!(fits(q));
    let n = q.rows;
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut free = vec![full; n];
    for &(r, c) in &q.holes {
        free[r] &= !(1u64 << c);
    }
    for &(gr, gc) in &q.given {
        for (r, row) in free.iter_mut().enumerate() {
            if r == gr {
                *row &= 1u64 << gc;
            } else {
                *row &= !attacks(gc, r.abs_diff(gr));
            }
        }
    }
    let mut search = Search {
        n,
        free,
        open: full,
        trail: Vec::new(),
        req: &req,
        cancel,
        result: ExactResult::empty(),
        placed: Vec::with_capacity(n),
    };
    match search.go() {
        Ok(()) => {}
        Err(Cancelled) if cancel.timed_out() => search.result.timed_out = true,
        Err(Cancelled) => return Err(PuzzleError::Cancelled(Cancelled)),
    }
    Ok(search.result)
}

/// The cells of a row `d` rows away from a queen in column `c` that it attacks.
fn attacks(c: usize, d: usize) -> u64 {
    let q = 1u64 << c;
    q | (q << d) | (q >> d)
}

impl Search<'_> {
    /// Every way to give the open rows their queens: the row with the fewest
    /// free cells first, and no branch left with a row that has none.
    /// Stops (as `Ok`) at the limit.
    fn go(&mut self) -> Result<(), Cancelled> {
        self.result.nodes += 1;
        if self.result.nodes.is_multiple_of(CHECK_EVERY) {
            self.cancel.check()?;
            (self.req.progress)(SearchProgress {
                nodes: self.result.nodes,
                solutions: self.result.count,
                explored: None,
            });
        }
        if self.open == 0 {
            self.found();
            return Ok(());
        }
        let mut rows = self.open;
        let mut best = (u32::MAX, 0);
        while rows != 0 {
            let r = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let k = self.free[r].count_ones();
            if k < best.0 {
                best = (k, r);
            }
        }
        let row = best.1;
        let mut cells = self.free[row];
        self.open &= !(1u64 << row);
        let base = self.trail.len();
        while cells != 0 && !self.result.stopped_at_limit {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            // Take the queen's attacks out of every open row, saving them.
            let mut rest = self.open;
            let mut dead = false;
            while rest != 0 {
                let r = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                self.trail.push(self.free[r]);
                self.free[r] &= !attacks(c, r.abs_diff(row));
                dead |= self.free[r] == 0;
            }
            let outcome = if dead {
                Ok(())
            } else {
                self.placed.push((row, c));
                let outcome = self.go();
                self.placed.pop();
                outcome
            };
            let mut rest = self.open;
            let mut at = base;
            while rest != 0 {
                let r = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                self.free[r] = self.trail[at];
                at += 1;
            }
            self.trail.truncate(base);
            outcome?;
        }
        self.open |= 1u64 << row;
        Ok(())
    }

    fn found(&mut self) {
        self.result.count += 1;
        if self.result.examples.len() < self.req.keep {
            let mut m = BinaryMatrix::zeros(self.n, self.n);
            for &(r, c) in &self.placed {
                m.set(r, c, true);
            }
            self.result.examples.push(m);
        }
        if self.result.count >= self.req.limit {
            self.result.stopped_at_limit = true;
        }
    }
}
