//! Rows of cell bitsets, one row per cell or per rule: tier 2's covering test
//! asks which open cells every open cell of a count excludes, an AND of a few
//! rows instead of a tally per cell.

use crate::puzzle::model::Cell;

pub(super) struct BitRows {
    words: usize,
    bits: Vec<u64>,
}

impl BitRows {
    pub fn new(rows: usize, cells: usize) -> BitRows {
        let words = cells.div_ceil(64).max(1);
        BitRows {
            words,
            bits: vec![0; rows * words],
        }
    }

    /// Words per row.
    pub fn words(&self) -> usize {
        self.words
    }

    pub fn set(&mut self, row: usize, cell: Cell) {
        self.bits[row * self.words + cell / 64] |= 1 << (cell % 64);
    }

    pub fn row(&self, row: usize) -> &[u64] {
        &self.bits[row * self.words..(row + 1) * self.words]
    }
}

/// Is `cell` in the bitset `bits`?
pub(super) fn has(bits: &[u64], cell: Cell) -> bool {
    bits[cell / 64] >> (cell % 64) & 1 == 1
}

/// Takes `cell` out of the bitset `bits`.
pub(super) fn clear(bits: &mut [u64], cell: Cell) {
    bits[cell / 64] &= !(1 << (cell % 64));
}
