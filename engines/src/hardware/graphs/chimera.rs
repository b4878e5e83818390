//! Chimera C(m, n, t) (D-Wave 2000Q): an m×n grid of K_{t,t} tiles. A qubit
//! is (row i, column j, shore u, index k); shore u = 0 couples to the tile
//! below, u = 1 to the tile to the right.

use super::{MAX_TILE, QubitGraph, within};
use crate::run::{CancelFlag, Cancelled};

/// The largest grid built (C32 is 8,192 qubits).
pub const MAX_CHIMERA: usize = 32;

/// Chimera C(m, n, t).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chimera {
    pub m: usize,
    pub n: usize,
    pub t: usize,
}

impl Chimera {
    /// The linear label of (i, j, u, k).
    pub fn linear(self, [i, j, u, k]: [usize; 4]) -> u32 {
        (((self.n * i + j) * 2 + u) * self.t + k) as u32
    }

    /// The coordinates (i, j, u, k) of a linear label.
    pub fn coord(self, q: u32) -> [usize; 4] {
        let q = q as usize;
        let (r, k) = (q / self.t, q % self.t);
        let (r, u) = (r / 2, r % 2);
        [r / self.n, r % self.n, u, k]
    }
}

impl QubitGraph for Chimera {
    const WORDS: &'static [&'static str] = &["chimera", "c"];
    const SHAPE: &'static str = "chimera:M[,N,T]";

    fn from_numbers(numbers: &[usize]) -> Option<Chimera> {
        match *numbers {
            [m] => Some(Chimera { m, n: m, t: 4 }),
            [m, n, t] => Some(Chimera { m, n, t }),
            _ => None,
        }
    }

    fn numbers(&self) -> Vec<usize> {
        vec![self.m, self.n, self.t]
    }

    fn check(&self) -> Result<(), String> {
        within("Chimera rows", self.m, 1, MAX_CHIMERA)?;
        within("Chimera columns", self.n, 1, MAX_CHIMERA)?;
        within("the Chimera tile size t", self.t, 1, MAX_TILE)
    }

    fn name(&self) -> String {
        let Chimera { m, n, t } = *self;
        if m == n && t == 4 {
            format!("Chimera C{m}")
        } else {
            format!("Chimera C({m}, {n}, {t})")
        }
    }

    fn label_space(&self) -> usize {
        2 * self.t * self.m * self.n
    }

    fn couplers(&self, add: &mut impl FnMut(u32, u32), cancel: &CancelFlag) -> Result<(), Cancelled> {
        let Chimera { m, n, t } = *self;
        let q = |i, j, u, k| self.linear([i, j, u, k]);
        for i in 0..m {
            cancel.check()?;
            for j in 0..n {
                for a in 0..t {
                    for b in 0..t {
                        add(q(i, j, 0, a), q(i, j, 1, b));
                    }
                    if i + 1 < m {
                        add(q(i, j, 0, a), q(i + 1, j, 0, a));
                    }
                    if j + 1 < n {
                        add(q(i, j, 1, a), q(i, j + 1, 1, a));
                    }
                }
            }
        }
        Ok(())
    }

    /// A cross per tile.
    fn position(&self, q: u32) -> (f64, f64) {
        let Chimera { m, n, t } = *self;
        let [i, j, u, k] = self.coord(q);
        let centre = t / 2;
        let tile = (t + 3) as f64;
        let s = 1.0 / (m.max(n) as f64 * tile - 3.0);
        let p = if k < centre { k } else { k + 1 } as f64;
        let (x, y) = if u == 1 { (centre as f64, p) } else { (p, centre as f64) };
        ((x + j as f64 * tile) * s, (y + i as f64 * tile) * s)
    }

    fn line_of(&self, q: u32) -> (usize, [usize; 3], usize) {
        match self.coord(q) {
            [i, j, 0, k] => (0, [j, k, 0], i),
            [i, j, _, k] => (1, [i, k, 0], j),
        }
    }
}
