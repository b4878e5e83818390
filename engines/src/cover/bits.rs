//! Bit helpers shared by the bitboard counter, its last-three step and the split
//! heat map: sets of placements as `u64` words, of any width (slices) or of a
//! fixed width `W` (arrays, so the compiler unrolls the innermost loops).

// Sets of any width.

/// Words needed for a set of `n` placements (at least one).
pub(super) fn words(n: usize) -> usize {
    n.div_ceil(64).max(1)
}

/// |a|.
pub(super) fn popcount(a: &[u64]) -> u64 {
    a.iter().map(|w| w.count_ones() as u64).sum()
}

/// |a \ not|.
pub(super) fn popcount_and_not(a: &[u64], not: &[u64]) -> u64 {
    a.iter().zip(not).map(|(x, y)| (x & !y).count_ones() as u64).sum()
}

/// |a ∩ b|.
pub(super) fn and_count(a: &[u64], b: &[u64]) -> u64 {
    a.iter().zip(b).map(|(p, q)| (p & q).count_ones() as u64).sum()
}

/// out = a ∩ b.
pub(super) fn and_into(out: &mut [u64], a: &[u64], b: &[u64]) {
    for (o, (p, q)) in out.iter_mut().zip(a.iter().zip(b)) {
        *o = p & q;
    }
}

/// a = a \ b.
pub(super) fn and_not(a: &mut [u64], b: &[u64]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x &= !y;
    }
}

/// Calls `f` with every member of `bits`, in increasing order.
pub(super) fn for_each_bit(bits: &[u64], mut f: impl FnMut(usize)) {
    for (wi, &w) in bits.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f(wi * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

// Sets of a fixed width `W` (the last three ships' relations, flat rows of `W` words).

/// Rows laid end to end, each padded (or cut) to `w` words.
pub(super) fn flatten(rows: impl Iterator<Item = Vec<u64>>, w: usize) -> Vec<u64> {
    let mut out = Vec::new();
    for r in rows {
        let start = out.len();
        out.extend_from_slice(&r);
        out.resize(start + w, 0);
    }
    out
}

#[inline(always)]
pub(super) fn row<const W: usize>(flat: &[u64], i: usize) -> &[u64; W] {
    flat[i * W..(i + 1) * W].try_into().expect("rows are W words")
}

#[inline(always)]
pub(super) fn and<const W: usize>(a: &[u64; W], b: &[u64; W]) -> [u64; W] {
    std::array::from_fn(|k| a[k] & b[k])
}

#[inline(always)]
pub(super) fn pop<const W: usize>(a: &[u64; W]) -> u64 {
    a.iter().map(|w| w.count_ones() as u64).sum()
}

#[inline(always)]
pub(super) fn bits<const W: usize>(a: &[u64; W], mut f: impl FnMut(usize)) {
    for (wi, &w) in a.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f(wi * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

pub(super) fn pad<const W: usize>(a: &[u64]) -> [u64; W] {
    std::array::from_fn(|k| a.get(k).copied().unwrap_or(0))
}
