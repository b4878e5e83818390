//! LinkedIn-style Queens as an exact cover, solved by dancing links: rows,
//! columns and regions are primary items (each holds exactly one queen),
//! every 2×2 window is a secondary item (at most one queen), which keeps
//! queens from touching diagonally. Each cell is one option, except holes
//! (no option) and the other cells of a given queen's row (the given is its
//! row's only option, so every cover holds it).

use super::{NO_REGION, Queens};
use crate::cover::{CountError, Dlx, ExactCover};
use crate::geometry::BinaryMatrix;
use crate::puzzle::PuzzleError;
use crate::puzzle::exact::{ExactRequest, ExactResult, SearchProgress};
use crate::run::CancelFlag;
use std::ops::ControlFlow;

pub fn solve(q: &Queens, req: ExactRequest<'_>, cancel: &CancelFlag) -> Result<ExactResult, PuzzleError> {
    let n = q.rows;
    let k = q.region_count();
    let windows = (n - 1) * (n - 1);
    let mut options = Vec::with_capacity(n * n);
    let mut cells = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            let given_elsewhere = q.given.iter().any(|&(gr, gc)| gr == r && gc != c);
            if q.holes.contains(&(r, c)) || q.regions[r * n + c] == NO_REGION || given_elsewhere {
                continue;
            }
            cells.push(r * n + c);
            let mut items = vec![
                (r as u32, 0),
                ((n + c) as u32, 0),
                ((2 * n + q.regions[r * n + c] as usize) as u32, 0),
            ];
            // The 2×2 windows holding the cell (none on a 1×1 board).
            if n >= 2 {
                for wr in r.saturating_sub(1)..=r.min(n - 2) {
                    for wc in c.saturating_sub(1)..=c.min(n - 2) {
                        items.push(((2 * n + k + wr * (n - 1) + wc) as u32, 0));
                    }
                }
            }
            options.push(items);
        }
    }
    let ec = ExactCover {
        n_primary: 2 * n + k,
        n_secondary: windows,
        options,
    };
    let mut dlx = Dlx::new(&ec);
    let mut result = ExactResult::empty();
    let flow = dlx.enumerate(cancel, &mut |chosen| {
        result.count += 1;
        if result.count.is_multiple_of(1024) {
            (req.progress)(SearchProgress {
                nodes: 0,
                solutions: result.count,
                explored: None,
            });
        }
        if result.examples.len() < req.keep {
            let mut m = BinaryMatrix::zeros(n, n);
            for &o in chosen {
                m.set(cells[o] / n, cells[o] % n, true);
            }
            result.examples.push(m);
        }
        if result.count >= req.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    match flow {
        Ok(flow) => result.stopped_at_limit = flow.is_break(),
        // The clock stops the search with what it found; a cancel is an error.
        Err(CountError::Cancelled(_)) if cancel.timed_out() => result.timed_out = true,
        Err(CountError::Cancelled(c)) => return Err(PuzzleError::Cancelled(c)),
        Err(CountError::Invalid(m)) => return Err(PuzzleError::Invalid(m)),
    }
    result.nodes = dlx.nodes_visited();
    Ok(result)
}
