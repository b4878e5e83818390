//! Ryser interchanges: flip a 2×2 checkerboard (1 0 / 0 1 ↔ 0 1 / 1 0), which keeps
//! every row and column sum. Listing, applying, and a breadth-first walk of every
//! matrix within k interchanges.

use crate::cover::CountError;
use crate::geometry::BinaryMatrix;
use crate::run::{CancelFlag, Cancelled, Progress};
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

/// Most interchanges a walk is asked to take, in the app, on the command line
/// and in a session (each step multiplies the work).
pub const MAX_WALK_K: usize = 16;

/// Breadth-first walk of all matrices within `k` interchanges of `start`.
/// Fails with a clear message rather than exhaust memory past `max_matrices`.
/// Matrices of at most 128 cells are walked packed into one `u128` (no allocation per step).
pub fn walk(
    start: &BinaryMatrix,
    k: usize,
    max_matrices: usize,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Walk, CountError> {
    let (rows, cols) = (start.rows(), start.cols());
    if rows * cols > 128 {
        let neighbours = |m: &BinaryMatrix, out: &mut Vec<BinaryMatrix>| {
            out.extend(interchanges(m).iter().map(|x| x.apply(m)));
        };
        let (matrices, distance) = breadth_first(start.clone(), &neighbours, k, max_matrices, cancel, progress)?;
        return Ok(Walk { matrices, distance });
    }
    let bit = |r: usize, c: usize| 1u128 << (r * cols + c);
    let packed = start.one_cells().iter().fold(0u128, |acc, &(r, c)| acc | bit(r, c));
    let neighbours = |&m: &u128, out: &mut Vec<u128>| {
        let mut ones = Vec::with_capacity(m.count_ones() as usize);
        let mut bits = m;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            ones.push((i / cols, i % cols));
        }
        for (i, &(a, b)) in ones.iter().enumerate() {
            for &(c, d) in &ones[i + 1..] {
                let (ad, cb) = (bit(a, d), bit(c, b));
                if a != c && b != d && m & (ad | cb) == 0 {
                    out.push(m ^ bit(a, b) ^ bit(c, d) ^ ad ^ cb);
                }
            }
        }
    };
    let (order, distance) = breadth_first(packed, &neighbours, k, max_matrices, cancel, progress)?;
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

/// Breadth-first search to depth `k` from `start`, each state once, in order of discovery.
fn breadth_first<T: Clone + Eq + std::hash::Hash>(
    start: T,
    neighbours: &dyn Fn(&T, &mut Vec<T>),
    k: usize,
    max_states: usize,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<(Vec<T>, Vec<u8>), CountError> {
    let mut seen: FxHashSet<T> = FxHashSet::default();
    seen.insert(start.clone());
    let (mut order, mut distance) = (vec![start], vec![0u8]);
    let mut frontier = 0..1;
    let mut next = Vec::new();
    for depth in 1..=k {
        let level_start = order.len();
        for idx in frontier.clone() {
            if idx % 256 == 0 && cancel.is_cancelled() {
                return Err(CountError::Cancelled(Cancelled));
            }
            next.clear();
            neighbours(&order[idx], &mut next);
            for n in next.drain(..) {
                if !seen.contains(&n) {
                    if order.len() >= max_states {
                        return Err(CountError::Invalid(format!(
                            "the walk passes {max_states} matrices at distance {depth}: \
                             choose a smaller k or raise the limit"
                        )));
                    }
                    seen.insert(n.clone());
                    order.push(n);
                    distance.push(depth as u8);
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
    Ok((order, distance))
}
