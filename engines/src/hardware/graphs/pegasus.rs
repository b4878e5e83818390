//! Pegasus P(m) (the fabric of the Advantage machines, default offsets). A
//! qubit is (u, w, k, z): orientation u, major offset w < m, minor k < 12,
//! parallel z < m − 1; internal couplers cross orientations by the offsets
//! below, odd couplers pair k with k + 1, external ones join z and z + 1.

use super::{QubitGraph, within};
use crate::run::{CancelFlag, Cancelled};

/// The largest size built (P32 is some 23 thousand qubits).
pub const MAX_PEGASUS: usize = 32;

/// Pegasus offsets (dwave-networkx's set 0, the Advantage machines): vertical
/// qubits (u = 0), then horizontal (u = 1), by minor offset k.
const PEGASUS_OFFSETS: [[usize; 12]; 2] = [
    [2, 2, 2, 2, 10, 10, 10, 10, 6, 6, 6, 6],
    [6, 6, 6, 6, 2, 2, 2, 2, 10, 10, 10, 10],
];

/// Pegasus P(m).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pegasus {
    pub m: usize,
}

impl Pegasus {
    /// The linear label of (u, w, k, z).
    pub fn linear(self, [u, w, k, z]: [usize; 4]) -> u32 {
        let m = self.m;
        (((m * u + w) * 12 + k) * (m - 1) + z) as u32
    }

    /// The coordinates (u, w, k, z) of a linear label.
    pub fn coord(self, q: u32) -> [usize; 4] {
        let (q, m) = (q as usize, self.m);
        let (r, z) = (q / (m - 1), q % (m - 1));
        let (r, k) = (r / 12, r % 12);
        [r / m, r % m, k, z]
    }
}

impl QubitGraph for Pegasus {
    const WORDS: &'static [&'static str] = &["pegasus", "p"];
    const SHAPE: &'static str = "pegasus:M";

    fn from_numbers(numbers: &[usize]) -> Option<Pegasus> {
        match *numbers {
            [m] => Some(Pegasus { m }),
            _ => None,
        }
    }

    fn numbers(&self) -> Vec<usize> {
        vec![self.m]
    }

    fn check(&self) -> Result<(), String> {
        within("Pegasus m", self.m, 2, MAX_PEGASUS)
    }

    fn name(&self) -> String {
        format!("Pegasus P{}", self.m)
    }

    fn label_space(&self) -> usize {
        24 * self.m * (self.m - 1)
    }

    fn couplers(&self, add: &mut impl FnMut(u32, u32), cancel: &CancelFlag) -> Result<(), Cancelled> {
        let m = self.m;
        let m1 = m - 1;
        // The fabric: boundary qubits whose tiles are incomplete are left out
        // (w = 0 with k below the smallest offset, w = m − 1 with k from 12 minus the largest).
        let start = [
            *PEGASUS_OFFSETS[1].iter().min().unwrap(),
            *PEGASUS_OFFSETS[0].iter().min().unwrap(),
        ];
        let end = [
            12 - *PEGASUS_OFFSETS[1].iter().max().unwrap(),
            12 - *PEGASUS_OFFSETS[0].iter().max().unwrap(),
        ];
        let ok = |u: usize, w: usize, k: usize, z: usize| {
            w < m && k < 12 && z < m1 && (w != 0 || k >= start[u]) && (w != m1 || k < 12 - end[u])
        };
        let q = |u, w, k, z| self.linear([u, w, k, z]);
        for u in 0..2 {
            for w in 0..m {
                cancel.check()?;
                for k in 0..12 {
                    for z in 0..m1 {
                        if !ok(u, w, k, z) {
                            continue;
                        }
                        if ok(u, w, k, z + 1) {
                            add(q(u, w, k, z), q(u, w, k, z + 1));
                        }
                        if k % 2 == 0 && ok(u, w, k + 1, z) {
                            add(q(u, w, k, z), q(u, w, k + 1, z));
                        }
                        if u == 0 {
                            for kk in 0..12 {
                                let w1 = z + usize::from(kk < PEGASUS_OFFSETS[0][k]);
                                let Some(z1) = w.checked_sub(usize::from(k < PEGASUS_OFFSETS[1][kk])) else {
                                    continue;
                                };
                                if ok(1, w1, kk, z1) {
                                    add(q(0, w, k, z), q(1, w1, kk, z1));
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
        let [u, w, k, z] = self.coord(q);
        let s = 1.0 / (self.m as f64 * 12.0);
        let p = if k % 2 == 0 { 0.1 } else { -0.1 };
        let (x, y) = if u == 1 {
            (
                12.0 * z as f64 + PEGASUS_OFFSETS[1][k] as f64 + 5.5,
                12.0 * w as f64 + k as f64 + p,
            )
        } else {
            (
                12.0 * w as f64 + k as f64 + p,
                12.0 * z as f64 + PEGASUS_OFFSETS[0][k] as f64 + 5.5,
            )
        };
        (x * s, y * s)
    }

    fn line_of(&self, q: u32) -> (usize, [usize; 3], usize) {
        let [u, w, k, z] = self.coord(q);
        (u, [w, k, 0], z)
    }
}
