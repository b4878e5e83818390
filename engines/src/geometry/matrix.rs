//! An m×n binary matrix (an image, or a fleet's occupied cells), row-major bits.

use serde::{Deserialize, Serialize};

/// Largest side of a matrix (as for square boards).
pub const MAX_SIDE: usize = 64;

/// Saved as lines of `#` and `.` so that a session file stays readable.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "Vec<String>", into = "Vec<String>")]
pub struct BinaryMatrix {
    rows: usize,
    cols: usize,
    words: Vec<u64>,
}

impl BinaryMatrix {
    pub fn zeros(rows: usize, cols: usize) -> BinaryMatrix {
        BinaryMatrix {
            rows,
            cols,
            words: vec![0; (rows * cols).div_ceil(64).max(1)],
        }
    }

    /// From rows of 0/1 values; `None` if rows differ in length.
    pub fn from_rows(rows: &[Vec<u8>]) -> Option<BinaryMatrix> {
        let cols = rows.first().map_or(0, Vec::len);
        if rows.iter().any(|r| r.len() != cols) {
            return None;
        }
        let mut m = BinaryMatrix::zeros(rows.len(), cols);
        for (i, r) in rows.iter().enumerate() {
            for (j, &v) in r.iter().enumerate() {
                m.set(i, j, v != 0);
            }
        }
        Some(m)
    }

    /// Parses lines of `0`/`1` (or `.`/`#`, `.`/`x`); blank lines are skipped.
    pub fn parse(text: &str) -> Result<BinaryMatrix, String> {
        let rows: Vec<Vec<u8>> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .enumerate()
            .map(|(i, l)| {
                l.chars()
                    .filter(|c| !c.is_whitespace())
                    .map(|c| match c {
                        '1' | '#' | 'x' | 'X' => Ok(1),
                        '0' | '.' => Ok(0),
                        other => Err(format!("line {}: '{other}' is not 0/1", i + 1)),
                    })
                    .collect()
            })
            .collect::<Result<_, _>>()?;
        BinaryMatrix::from_rows(&rows).ok_or_else(|| "rows have different lengths".to_string())
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cell's value; cells outside the matrix are 0.
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> bool {
        if r >= self.rows || c >= self.cols {
            return false;
        }
        let i = r * self.cols + c;
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// Sets a cell; cells outside the matrix are left alone.
    #[inline]
    pub fn set(&mut self, r: usize, c: usize, v: bool) {
        if r >= self.rows || c >= self.cols {
            debug_assert!(false, "cell ({r}, {c}) outside a {}×{} matrix", self.rows, self.cols);
            return;
        }
        let i = r * self.cols + c;
        if v {
            self.words[i / 64] |= 1 << (i % 64);
        } else {
            self.words[i / 64] &= !(1 << (i % 64));
        }
    }

    #[inline]
    pub fn flip(&mut self, r: usize, c: usize) {
        let i = r * self.cols + c;
        self.words[i / 64] ^= 1 << (i % 64);
    }

    pub fn ones(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Positions of the ones, row-major.
    pub fn one_cells(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (wi, &w) in self.words.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let i = wi * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                out.push((i / self.cols, i % self.cols));
            }
        }
        out
    }

    pub fn row_sums(&self) -> Vec<u32> {
        (0..self.rows)
            .map(|r| (0..self.cols).filter(|&c| self.get(r, c)).count() as u32)
            .collect()
    }

    pub fn col_sums(&self) -> Vec<u32> {
        (0..self.cols)
            .map(|c| (0..self.rows).filter(|&r| self.get(r, c)).count() as u32)
            .collect()
    }

    /// Lines of `#` and `.`.
    pub fn to_text(&self) -> String {
        (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| if self.get(r, c) { '#' } else { '.' })
                    .collect::<String>()
                    + "\n"
            })
            .collect()
    }
}

impl TryFrom<Vec<String>> for BinaryMatrix {
    type Error = String;

    fn try_from(lines: Vec<String>) -> Result<Self, String> {
        let m = BinaryMatrix::parse(&lines.join("\n"))?;
        if !(1..=MAX_SIDE).contains(&m.rows) || !(1..=MAX_SIDE).contains(&m.cols) {
            return Err(format!(
                "a {}×{} matrix; each side must be 1 to {MAX_SIDE}",
                m.rows, m.cols
            ));
        }
        Ok(m)
    }
}

impl From<BinaryMatrix> for Vec<String> {
    fn from(m: BinaryMatrix) -> Vec<String> {
        m.to_text().lines().map(str::to_string).collect()
    }
}

impl BinaryMatrix {
    /// The same picture on a rows×cols canvas (cut off or padded with zeros).
    pub fn resized(&self, rows: usize, cols: usize) -> BinaryMatrix {
        let mut out = BinaryMatrix::zeros(rows, cols);
        for (r, c) in self.one_cells() {
            if r < rows && c < cols {
                out.set(r, c, true);
            }
        }
        out
    }

    /// The occupied cells of a deployment on a square board.
    pub fn from_deployment(
        board: &super::Board,
        fleet: &super::Fleet,
        deployment: &super::Deployment,
    ) -> Option<BinaryMatrix> {
        let (rows, cols) = board.dims()?;
        let mut m = BinaryMatrix::zeros(rows as usize, cols as usize);
        for c in deployment.occupancy(fleet).keys() {
            if board.contains(*c) {
                m.set(c.0 as usize, c.1 as usize, true);
            }
        }
        Some(m)
    }
}
