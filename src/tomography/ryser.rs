//! Ryser interchanges: flip a 2×2 checkerboard (1 0 / 0 1 ↔ 0 1 / 1 0), which keeps
//! every row and column sum. Listing, applying, and a breadth-first walk of every
//! matrix within k interchanges.

use super::BinaryMatrix;
use crate::cover::{CancelFlag, CountError, Progress};
use std::collections::HashSet;

/// The (a, b, c, d) interchange: A(a,b) = A(c,d) = 1 and A(a,d) = A(c,b) = 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Interchange {
    pub a: usize,
    pub b: usize,
    pub c: usize,
    pub d: usize,
}

impl Interchange {
    /// The four cells it flips.
    pub fn cells(&self) -> [(usize, usize); 4] {
        [(self.a, self.b), (self.a, self.d), (self.c, self.b), (self.c, self.d)]
    }

    pub fn apply(&self, m: &BinaryMatrix) -> BinaryMatrix {
        let mut out = m.clone();
        for (r, c) in self.cells() {
            out.flip(r, c);
        }
        out
    }
}

/// Every interchange available at `m`, each once (a < c).
pub fn interchanges(m: &BinaryMatrix) -> Vec<Interchange> {
    let ones = m.one_cells();
    let mut out = Vec::new();
    for (i, &(a, b)) in ones.iter().enumerate() {
        for &(c, d) in &ones[i + 1..] {
            if a != c && b != d && !m.get(a, d) && !m.get(c, b) {
                out.push(Interchange { a, b, c, d });
            }
        }
    }
    out
}

/// The result of a walk: every matrix reached, with its distance from the start.
#[derive(Clone, Debug)]
pub struct Walk {
    pub matrices: Vec<BinaryMatrix>,
    pub distance: Vec<u8>,
}

/// Breadth-first walk of all matrices within `k` interchanges of `start`.
/// Fails with a clear message rather than exhaust memory past `max_matrices`.
pub fn walk(
    start: &BinaryMatrix,
    k: usize,
    max_matrices: usize,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Walk, CountError> {
    let mut seen: HashSet<BinaryMatrix> = HashSet::from([start.clone()]);
    let mut walk = Walk {
        matrices: vec![start.clone()],
        distance: vec![0],
    };
    let mut frontier = 0..1;
    for depth in 1..=k {
        let level_start = walk.matrices.len();
        for idx in frontier.clone() {
            if idx % 256 == 0 && cancel.is_cancelled() {
                return Err(CountError::Cancelled);
            }
            let m = walk.matrices[idx].clone();
            for x in interchanges(&m) {
                let next = x.apply(&m);
                if !seen.contains(&next) {
                    if walk.matrices.len() >= max_matrices {
                        return Err(CountError::Invalid(format!(
                            "the walk passes {max_matrices} matrices at distance {depth}: \
                             choose a smaller k or raise the limit"
                        )));
                    }
                    seen.insert(next.clone());
                    walk.matrices.push(next);
                    walk.distance.push(depth as u8);
                }
            }
        }
        frontier = level_start..walk.matrices.len();
        progress(Progress {
            done: depth as u64,
            total: k as u64,
        });
        if frontier.is_empty() {
            break;
        }
    }
    Ok(walk)
}
