//! Zephyr Z(m, t) (Advantage2). A qubit is (u, w, k, j, z): orientation u,
//! w < 2m + 1, k < t, j ∈ {0, 1}, z < m.

use super::{MAX_TILE, QubitGraph, within};
use crate::run::{CancelFlag, Cancelled};

/// The largest size built (Z32 is some 33 thousand qubits).
pub const MAX_ZEPHYR: usize = 32;

/// Zephyr Z(m, t).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zephyr {
    pub m: usize,
    pub t: usize,
}

impl Zephyr {
    /// The linear label of (u, w, k, j, z).
    pub fn linear(self, [u, w, k, j, z]: [usize; 5]) -> u32 {
        let Zephyr { m, t } = self;
        ((((u * (2 * m + 1) + w) * t + k) * 2 + j) * m + z) as u32
    }

    /// The coordinates (u, w, k, j, z) of a linear label.
    pub fn coord(self, q: u32) -> [usize; 5] {
        let (q, Zephyr { m, t }) = (q as usize, self);
        let (r, z) = (q / m, q % m);
        let (r, j) = (r / 2, r % 2);
        let (r, k) = (r / t, r % t);
        [r / (2 * m + 1), r % (2 * m + 1), k, j, z]
    }
}

impl QubitGraph for Zephyr {
    const WORDS: &'static [&'static str] = &["zephyr", "z"];
    const SHAPE: &'static str = "zephyr:M[,T]";

    fn from_numbers(numbers: &[usize]) -> Option<Zephyr> {
        match *numbers {
            [m] => Some(Zephyr { m, t: 4 }),
            [m, t] => Some(Zephyr { m, t }),
            _ => None,
        }
    }

    fn numbers(&self) -> Vec<usize> {
        vec![self.m, self.t]
    }

    fn check(&self) -> Result<(), String> {
        within("Zephyr m", self.m, 1, MAX_ZEPHYR)?;
        within("the Zephyr tile size t", self.t, 1, MAX_TILE)
    }

    fn name(&self) -> String {
        format!("Zephyr Z{} (t = {})", self.m, self.t)
    }

    fn label_space(&self) -> usize {
        4 * self.t * self.m * (2 * self.m + 1)
    }

    fn couplers(&self, add: &mut impl FnMut(u32, u32), cancel: &CancelFlag) -> Result<(), Cancelled> {
        let Zephyr { m, t } = *self;
        let q = |u, w, k, j, z| self.linear([u, w, k, j, z]);
        for u in 0..2 {
            for w in 0..2 * m + 1 {
                cancel.check()?;
                for k in 0..t {
                    for z in 0..m {
                        for j in 0..2 {
                            if z + 1 < m {
                                add(q(u, w, k, j, z), q(u, w, k, j, z + 1));
                            }
                        }
                        add(q(u, w, k, 0, z), q(u, w, k, 1, z));
                        if z >= 1 {
                            add(q(u, w, k, 0, z), q(u, w, k, 1, z - 1));
                        }
                    }
                }
            }
        }
        // Internal: vertical (0, 2w+1+a(2i−1), k, j, z) meets horizontal (1, 2z+1+b(2j−1), h, i, w).
        for w in 0..m {
            for z in 0..m {
                cancel.check()?;
                for k in 0..t {
                    for h in 0..t {
                        for i in 0..2 {
                            for j in 0..2 {
                                for a in 0..2 {
                                    for b in 0..2 {
                                        let vw = 2 * w + 1 + a * (2 * i) - a;
                                        let hw = 2 * z + 1 + b * (2 * j) - b;
                                        add(q(0, vw, k, j, z), q(1, hw, h, i, w));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Each qubit a point on its line.
    fn position(&self, q: u32) -> (f64, f64) {
        let Zephyr { m, t } = *self;
        let [u, w, k, j, z] = self.coord(q);
        let s = 1.0 / (m * t) as f64;
        let across = (2 * t * w + 2 * k) as f64 + 0.625 * j as f64 + 0.125;
        let along = ((2 * z + j + 1) * 2 * t) as f64 - 0.5;
        let (x, y) = if u == 1 { (along, across) } else { (across, along) };
        (x * s, y * s)
    }

    fn line_of(&self, q: u32) -> (usize, [usize; 3], usize) {
        let [u, w, k, j, z] = self.coord(q);
        (u, [w, k, j], z)
    }
}
