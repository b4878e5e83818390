//! X-rays (row and column sums), Gale–Ryser feasibility and Ryser's canonical matrix.

use crate::geometry::BinaryMatrix;
use serde::{Deserialize, Serialize};

/// Row and column sums of a binary matrix.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct XRay {
    pub rows: Vec<u32>,
    pub cols: Vec<u32>,
}

impl XRay {
    pub fn of(m: &BinaryMatrix) -> XRay {
        XRay {
            rows: m.row_sums(),
            cols: m.col_sums(),
        }
    }

    /// Gale–Ryser: some binary matrix has these sums; otherwise why not.
    pub fn feasibility(&self) -> Result<(), String> {
        let (m, n) = (self.rows.len() as u32, self.cols.len() as u32);
        // Rows and columns counted from 1, as every message counts them.
        if let Some((i, &r)) = self.rows.iter().enumerate().find(|(_, r)| **r > n) {
            return Err(format!(
                "row {} asks for {} but there {} only {}",
                i + 1,
                crate::quote::count(r, "one", "ones"),
                if n == 1 { "is" } else { "are" },
                crate::quote::count(n, "column", "columns")
            ));
        }
        if let Some((j, &c)) = self.cols.iter().enumerate().find(|(_, c)| **c > m) {
            return Err(format!(
                "column {} asks for {} but there {} only {}",
                j + 1,
                crate::quote::count(c, "one", "ones"),
                if m == 1 { "is" } else { "are" },
                crate::quote::count(m, "row", "rows")
            ));
        }
        let (sr, sc): (u64, u64) = (
            self.rows.iter().map(|&x| x as u64).sum(),
            self.cols.iter().map(|&x| x as u64).sum(),
        );
        if sr != sc {
            return Err(format!("row sums total {sr} but column sums total {sc}"));
        }
        // The column sums must be dominated by the conjugate of the row sums.
        let mut cols = self.cols.clone();
        cols.sort_unstable_by(|a, b| b.cmp(a));
        let mut lhs = 0u64;
        for k in 1..=cols.len() {
            lhs += cols[k - 1] as u64;
            let rhs = self.rows.iter().map(|&r| r.min(k as u32) as u64).sum::<u64>();
            if lhs > rhs {
                return Err(format!(
                    "Gale–Ryser fails at k = {k}: the {k} largest column sums total {lhs}, but rows can give them at most {rhs}"
                ));
            }
        }
        Ok(())
    }

    /// Ryser's canonical matrix: each row, largest first, puts its ones in the
    /// columns with the most ones still needed. `None` when infeasible.
    pub fn canonical_matrix(&self) -> Option<BinaryMatrix> {
        self.feasibility().ok()?;
        let mut m = BinaryMatrix::zeros(self.rows.len(), self.cols.len());
        let mut need: Vec<u32> = self.cols.clone();
        let mut order: Vec<usize> = (0..self.rows.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.rows[i]));
        for i in order {
            let mut cols: Vec<usize> = (0..need.len()).collect();
            cols.sort_by_key(|&j| (std::cmp::Reverse(need[j]), j));
            for &j in cols.iter().take(self.rows[i] as usize) {
                if need[j] == 0 {
                    return None;
                }
                need[j] -= 1;
                m.set(i, j, true);
            }
        }
        (need.iter().all(|&x| x == 0)).then_some(m)
    }
}
