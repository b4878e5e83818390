//! Parallel DLX counting: the search tree is cut into many independent prefixes
//! (enough for load balance), each counted on a clone of the links; the sum does
//! not depend on the number of threads.

use super::CountError;
use super::dlx::{Dlx, ExactCover};
use crate::run::{CancelFlag, Cancelled, Progress};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// A path from the root: (item header, option node) choices.
type Prefix = Vec<(usize, usize)>;

/// Expands the tree breadth-first until there are at least `target` prefixes.
fn split(base: &Dlx, target: usize, max_depth: usize) -> Vec<Prefix> {
    let mut frontier: Vec<Prefix> = vec![Vec::new()];
    for _ in 0..max_depth {
        if frontier.len() >= target {
            break;
        }
        let mut next = Vec::new();
        let mut grew = false;
        for prefix in frontier {
            let mut d = base.clone();
            for &(i, x) in &prefix {
                d.apply_branch(i, x);
            }
            match d.root_branches() {
                Some((i, nodes)) if !nodes.is_empty() => {
                    grew = true;
                    next.extend(nodes.into_iter().map(|x| {
                        let mut p = prefix.clone();
                        p.push((i, x));
                        p
                    }));
                }
                Some(_) => {} // a dead end: contributes nothing
                None => next.push(prefix),
            }
        }
        frontier = next;
        if !grew {
            break;
        }
    }
    frontier
}

/// Counts the solutions of `ec` on the current rayon pool.
pub fn count_parallel(
    ec: &ExactCover,
    shortcut: bool,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<u128, CountError> {
    let mut base = Dlx::new(ec);
    base.shortcut = shortcut;
    let target = 64 * rayon::current_num_threads().max(4);
    let prefixes = split(&base, target, 3);
    let total = prefixes.len() as u64;
    let done = AtomicU64::new(0);
    progress(Progress { done: 0, total });
    let parts: Result<Vec<u128>, CountError> = prefixes
        .par_iter()
        .map(|prefix| {
            if cancel.is_cancelled() {
                return Err(CountError::Cancelled(Cancelled));
            }
            let mut d = base.clone();
            for &(i, x) in prefix {
                d.apply_branch(i, x);
            }
            let n = d.count(cancel)?;
            progress(Progress {
                done: done.fetch_add(1, Ordering::Relaxed) + 1,
                total,
            });
            Ok(n)
        })
        .collect();
    Ok(parts?.into_iter().sum())
}
