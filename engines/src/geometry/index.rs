use super::{Board, Coord};
use rustc_hash::FxHashMap as HashMap;

/// Numbers the playable cells of a board 0..n, the bit positions of placements.
#[derive(Clone, Debug)]
pub struct BoardIndex {
    cells: Vec<Coord>,
    index: HashMap<Coord, u32>,
}

impl BoardIndex {
    pub fn new(board: &Board) -> BoardIndex {
        let cells = board.playable_cells();
        let index = cells.iter().enumerate().map(|(i, c)| (*c, i as u32)).collect();
        BoardIndex { cells, index }
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn index_of(&self, c: Coord) -> Option<u32> {
        self.index.get(&c).copied()
    }

    pub fn coord(&self, i: u32) -> Coord {
        self.cells[i as usize]
    }

    pub fn cells(&self) -> &[Coord] {
        &self.cells
    }
}

/// A set of cell indices as 64-bit words; boards of any size.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    pub fn with_capacity(bits: usize) -> BitSet {
        BitSet {
            words: vec![0; bits.div_ceil(64)],
        }
    }

    pub fn insert(&mut self, i: u32) {
        let w = i as usize / 64;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (i % 64);
    }

    /// Empties the set, keeping its capacity.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    pub fn contains(&self, i: u32) -> bool {
        self.words.get(i as usize / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }

    pub fn intersects(&self, other: &BitSet) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    pub fn count(&self) -> u32 {
        self.words.iter().map(|w| w.count_ones()).sum()
    }

    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The set as one `u128`, when every member is below 128 (the fast path).
    pub fn to_u128(&self) -> Option<u128> {
        if self.words.iter().skip(2).any(|w| *w != 0) {
            return None;
        }
        let lo = self.words.first().copied().unwrap_or(0) as u128;
        let hi = self.words.get(1).copied().unwrap_or(0) as u128;
        Some(lo | hi << 64)
    }

    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros();
                w &= w - 1;
                Some(wi as u32 * 64 + b)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitset_roundtrip() {
        let mut s = BitSet::with_capacity(200);
        for i in [0, 5, 64, 127, 199] {
            s.insert(i);
        }
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 5, 64, 127, 199]);
        assert_eq!(s.count(), 5);
        assert!(s.contains(127) && !s.contains(126));
        assert_eq!(s.to_u128(), None);
        let mut t = BitSet::with_capacity(128);
        t.insert(127);
        t.insert(1);
        assert_eq!(t.to_u128(), Some(1u128 << 127 | 2));
        assert!(s.intersects(&t));
    }
}
