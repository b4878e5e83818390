//! Ryser interchanges: flip a 2×2 checkerboard (1 0 / 0 1 ↔ 0 1 / 1 0), which keeps
//! every row and column sum. Listing, applying, and a breadth-first walk of every
//! matrix within k interchanges.

use super::BinaryMatrix;
use crate::cover::{CancelFlag, CountError, Progress};
use rustc_hash::FxHashSet;

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
/// Matrices of at most 128 cells take a path on `u128` words (no allocation per step).
pub fn walk(
    start: &BinaryMatrix,
    k: usize,
    max_matrices: usize,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Walk, CountError> {
    if start.rows() * start.cols() <= 128 {
        walk_small(start, k, max_matrices, cancel, progress)
    } else {
        walk_general(start, k, max_matrices, cancel, progress)
    }
}

fn too_many(max_matrices: usize, depth: usize) -> CountError {
    CountError::Invalid(format!(
        "the walk passes {max_matrices} matrices at distance {depth}: choose a smaller k or raise the limit"
    ))
}

/// The walk on matrices packed into one u128 (row-major bits).
fn walk_small(
    start: &BinaryMatrix,
    k: usize,
    max_matrices: usize,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Walk, CountError> {
    let (rows, cols) = (start.rows(), start.cols());
    let pack = |m: &BinaryMatrix| {
        m.one_cells()
            .iter()
            .fold(0u128, |acc, &(r, c)| acc | 1u128 << (r * cols + c))
    };
    let first = pack(start);
    let mut seen: FxHashSet<u128> = FxHashSet::default();
    seen.insert(first);
    let mut order = vec![first];
    let mut distance = vec![0u8];
    let mut frontier = 0..1;
    let mut ones: Vec<(usize, usize)> = Vec::new();
    for depth in 1..=k {
        let level_start = order.len();
        for idx in frontier.clone() {
            if idx % 256 == 0 && cancel.is_cancelled() {
                return Err(CountError::Cancelled);
            }
            let m = order[idx];
            ones.clear();
            let mut bits = m;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                ones.push((i / cols, i % cols));
            }
            for (i, &(a, b)) in ones.iter().enumerate() {
                for &(c, d) in &ones[i + 1..] {
                    let (ad, cb) = (1u128 << (a * cols + d), 1u128 << (c * cols + b));
                    if a == c || b == d || m & (ad | cb) != 0 {
                        continue;
                    }
                    let next = m ^ (1u128 << (a * cols + b)) ^ (1u128 << (c * cols + d)) ^ ad ^ cb;
                    if seen.insert(next) {
                        if order.len() >= max_matrices {
                            return Err(too_many(max_matrices, depth));
                        }
                        order.push(next);
                        distance.push(depth as u8);
                    }
                }
            }
        }
        frontier = level_start..order.len();
        progress(Progress {
            done: depth as u64,
            total: k as u64,
        });
        if frontier.is_empty() {
            break;
        }
    }
    let unpack = |w: u128| {
        let mut m = BinaryMatrix::zeros(rows, cols);
        let mut bits = w;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            m.set(i / cols, i % cols, true);
        }
        m
    };
    Ok(Walk {
        matrices: order.into_iter().map(unpack).collect(),
        distance,
    })
}

fn walk_general(
    start: &BinaryMatrix,
    k: usize,
    max_matrices: usize,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Walk, CountError> {
    let mut seen: FxHashSet<BinaryMatrix> = FxHashSet::default();
    seen.insert(start.clone());
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
                        return Err(too_many(max_matrices, depth));
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
