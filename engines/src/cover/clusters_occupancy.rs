//! Occupancy maps from the cluster counter: how many deployments cover each
//! cell of a plain rectangle. A deployment covers cell x unless it avoids
//! it, so occupancy(x) = Z − Z(x as an island); with x an island, u(B) loses
//! the cluster placements that cover x, and a cluster with cell j (from its
//! corner) covers x exactly when it is translated by x − j, which must be one
//! of its fitting translations. Each cluster class's cell weights become a
//! 2D prefix sum, so each cell costs one window sum per class.

use super::CountError;
use super::clusters::{CellWeights, ClusterCounter, Extents, Frame, partitions};
use crate::run::CancelFlag;
use std::collections::HashMap;

/// A class's cell weights as a prefix-sum grid over its (e0 + 1) × (e1 + 1) box.
struct Prefix {
    e: Extents,
    cols: usize,
    sums: Vec<i128>,
}

impl Prefix {
    fn new(e: Extents, cells: &[((i32, i32), i64)]) -> Prefix {
        let (r, c) = (e[0] as usize + 1, e[1] as usize + 1);
        let mut grid = vec![0i128; (r + 1) * (c + 1)];
        for &((a, b), w) in cells {
            grid[(a as usize + 1) * (c + 1) + b as usize + 1] += i128::from(w);
        }
        for a in 1..=r {
            for b in 1..=c {
                let i = a * (c + 1) + b;
                grid[i] += grid[i - 1] + grid[i - c - 1] - grid[i - c - 2];
            }
        }
        Prefix {
            e,
            cols: c + 1,
            sums: grid,
        }
    }

    /// Σ of weights with row in [r0, r1] and column in [c0, c1] (clipped).
    fn window(&self, r0: i32, r1: i32, c0: i32, c1: i32) -> i128 {
        let (r0, r1) = (r0.max(0), r1.min(self.e[0]));
        let (c0, c1) = (c0.max(0), c1.min(self.e[1]));
        if r0 > r1 || c0 > c1 {
            return 0;
        }
        let at = |a: i32, b: i32| self.sums[a as usize * self.cols + b as usize];
        at(r1 + 1, c1 + 1) - at(r0, c1 + 1) - at(r1 + 1, c0) + at(r0, c0)
    }
}

impl ClusterCounter {
    /// Labelled deployments on a rectangle and, for each cell in row-major
    /// order, how many of them cover it. Needs a counter made with
    /// [`ClusterCounter::new_with_cells`].
    pub fn occupancy(&self, frame: Frame, cancel: &CancelFlag) -> Result<(i128, Vec<i128>), CountError> {
        let Frame::Rect { rows, cols } = frame else {
            return Err(CountError::Invalid(
                "cluster occupancy maps are made on rectangles".into(),
            ));
        };
        let weights = self
            .all_cell_weights()
            .ok_or_else(|| CountError::Invalid("this cluster counter kept no cells".into()))?;
        let u = self.set_sums(frame)?;
        let total = partitions(&u)?;
        let classes: Vec<Vec<Prefix>> = weights.iter().map(prefixes).collect();
        let mut out = Vec::with_capacity((rows * cols) as usize);
        let mut ux = u.clone();
        for r in 0..rows {
            cancel.check()?;
            for c in 0..cols {
                for (set, list) in classes.iter().enumerate() {
                    if list.is_empty() {
                        continue;
                    }
                    // Translations t in [0, rows − 1 − e0] × [0, cols − 1 − e1]
                    // with t + j = (r, c).
                    let covering: i128 = list
                        .iter()
                        .map(|p| p.window(r - (rows - 1 - p.e[0]), r, c - (cols - 1 - p.e[1]), c))
                        .sum();
                    ux[set] = u[set] - covering;
                }
                out.push(total - partitions(&ux)?);
            }
        }
        debug_assert_eq!(self.pieces(), u.len().trailing_zeros() as usize);
        Ok((total, out))
    }
}

/// The classes of a set's cell weights that fit somewhere, as prefix sums.
fn prefixes(w: &CellWeights) -> Vec<Prefix> {
    let mut by: HashMap<Extents, Vec<((i32, i32), i64)>> = HashMap::new();
    for (&(e, c), &phi) in w {
        by.entry(e).or_default().push(((c.0, c.1), phi));
    }
    by.into_iter().map(|(e, cells)| Prefix::new(e, &cells)).collect()
}
