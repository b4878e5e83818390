//! The last-three step counted from the full sets down.
//!
//! With A and B the full sets of the two inner ships and Dx, Dy the placements
//! dead at a node, the pairs an outer o leaves are bilinear in the sets:
//! F(A∖Dx, B∖Dy) = F(A, B) − F(Dx, B) − F(A, Dy) + F(Dx, Dy). F(A, B) is
//! computed once per o. The other three only involve dead placements that
//! conflict with o or share a conflicting partner with it, so an o far from
//! what died at the node costs a few masked words instead of a walk over the
//! placements it removes.

use super::{LastThree, MAX_W};
use crate::cover::bits::{and, bits, for_each_bit, pad, pop, row};

/// Full-set tables for one last-three step (o outer, a and b inner).
pub(in crate::cover) struct Delta {
    /// Compatible (a, b) pairs each o leaves with every placement alive.
    pairs_full: Vec<u64>,
    /// |N_a(o)| and |N_b(o)|: the a and b placements each o conflicts with.
    deg_oa: Vec<u32>,
    deg_ob: Vec<u32>,
    /// |N_b(x)| for each a placement x, |N_a(y)| for each b placement y.
    deg_ab: Vec<u32>,
    deg_ba: Vec<u32>,
    /// |N_b(o) ∩ N_b(x)| for each a placement x compatible with o, as bit
    /// planes (rows of `w` words, o-major then plane): bit x of plane j is
    /// bit j of the value, so a sum over a set of x is a few popcounts.
    common_a: Planes,
    /// |N_a(o) ∩ N_a(y)| for each b placement y compatible with o, likewise.
    common_b: Planes,
    full_a: Vec<u64>,
    full_b: Vec<u64>,
}

fn full(n: usize, w: usize) -> Vec<u64> {
    (0..w)
        .map(|k| match n.saturating_sub(k * 64) {
            0 => 0,
            r if r >= 64 => !0,
            r => (1u64 << r) - 1,
        })
        .collect()
}

/// Per o, small counts over the placements of another ship, as bit planes.
struct Planes {
    bits: Vec<u64>,
    planes: usize,
}

impl Planes {
    /// `values` holds `n` entries per row, `w` words a plane.
    fn new(values: &[u32], n: usize, w: usize) -> Planes {
        let n_o = values.len() / n.max(1);
        let planes = (32 - values.iter().max().copied().unwrap_or(0).leading_zeros()) as usize;
        let mut bits = vec![0u64; n_o * planes * w];
        for (k, &v) in values.iter().enumerate().filter(|(_, v)| **v != 0) {
            let (o, i) = (k / n, k % n);
            let mut v = v;
            while v != 0 {
                let j = v.trailing_zeros() as usize;
                bits[(o * planes + j) * w + i / 64] |= 1 << (i % 64);
                v &= v - 1;
            }
        }
        Planes { bits, planes }
    }

    /// Σ of row `o`'s values over `set`.
    #[inline(always)]
    fn sum<const W: usize>(&self, o: usize, set: &[u64; W]) -> u64 {
        (0..self.planes)
            .map(|j| pop(&and(row::<W>(&self.bits, o * self.planes + j), set)) << j)
            .sum()
    }
}

/// For each o and each placement i of another ship compatible with o, how
/// many partners they conflict with in common: |N(o) ∩ N(i)| (o-major rows of
/// `n` entries). Counted from each o's partners, which only reach placements
/// near o: far cheaper than a popcount per pair.
fn common_partners(o_partners: &[Vec<u64>], partner_to_i: &[Vec<u64>], o_to_i: &[Vec<u64>], n: usize) -> Vec<u32> {
    let mut values = vec![0u32; o_partners.len() * n];
    for (o, partners) in o_partners.iter().enumerate() {
        let row = &mut values[o * n..(o + 1) * n];
        for_each_bit(partners, |y| for_each_bit(&partner_to_i[y], |i| row[i] += 1));
        for_each_bit(&o_to_i[o], |i| row[i] = 0);
    }
    values
}

impl Delta {
    /// The tables for `l`.
    pub(super) fn new(l: &LastThree) -> Delta {
        let w = l.w;
        let [n_o, n_a, n_b] = l.sizes;
        let flat_row = |flat: &Vec<u64>, i: usize| flat[i * w..(i + 1) * w].to_vec();
        let rows = |flat: &Vec<u64>, n: usize| -> Vec<Vec<u64>> { (0..n).map(|i| flat_row(flat, i)).collect() };
        let (sx, sy, xy, yx) = (
            rows(&l.kill_sx, n_o),
            rows(&l.kill_sy, n_o),
            rows(&l.kill_xy, n_a),
            rows(&l.kill_yx, n_b),
        );
        // The outer ship's set can be wider than the inner ones' `w` words.
        let (full_o, full_a, full_b) = (full(n_o, n_o.div_ceil(64)), full(n_a, w), full(n_b, w));
        let mut pairs_full = vec![0u64; n_o];
        l.each_direct(&full_o, &full_a, &full_b, &mut |o, pairs| pairs_full[o] = pairs);
        let common_a = Planes::new(&common_partners(&sy, &yx, &sx, n_a), n_a, w);
        let common_b = Planes::new(&common_partners(&sx, &xy, &sy, n_b), n_b, w);
        let degrees = |rows: &[Vec<u64>]| rows.iter().map(|r| r.iter().map(|x| x.count_ones()).sum()).collect();
        Delta {
            pairs_full,
            deg_oa: degrees(&sx),
            deg_ob: degrees(&sy),
            deg_ab: degrees(&xy),
            deg_ba: degrees(&yx),
            common_a,
            common_b,
            full_a,
            full_b,
        }
    }

    /// Whether counting down from the full sets beats counting at the node:
    /// it does while fewer placements are dead than alive.
    pub(super) fn worth_it(&self, ax: &[u64], ay: &[u64]) -> bool {
        let dead =
            |full: &[u64], alive: &[u64]| -> u32 { full.iter().zip(alive).map(|(f, a)| (f & !a).count_ones()).sum() };
        let alive = |a: &[u64]| -> u32 { a.iter().map(|x| x.count_ones()).sum() };
        dead(&self.full_a, ax) + dead(&self.full_b, ay) < alive(ax) + alive(ay)
    }

    /// `LastThree::each` from the full sets: P(o) = F(A, B) − F(Dx, B) − F(A, Dy) + F(Dx, Dy).
    pub(super) fn each_w<const W: usize, F: FnMut(usize, u64)>(
        &self,
        l: &LastThree,
        a_o: &[u64],
        a_a: &[u64],
        a_b: &[u64],
        f: &mut F,
    ) {
        let (ax, ay) = (pad::<W>(a_a), pad::<W>(a_b));
        let (fa, fb) = (pad::<W>(&self.full_a), pad::<W>(&self.full_b));
        let dx: [u64; W] = std::array::from_fn(|k| fa[k] & !ax[k]);
        let dy: [u64; W] = std::array::from_fn(|k| fb[k] & !ay[k]);
        let (ndx, ndy) = (pop(&dx) as i64, pop(&dy) as i64);
        // Per dead x: its b degree plus the dead y it is compatible with (and
        // likewise per dead y); `k` gathers the node's constant terms.
        let mut ux = [0i64; 64 * MAX_W];
        let mut vy = [0i64; 64 * MAX_W];
        let mut k = 0i64;
        bits(&dx, |x| {
            let compatible = ndy - pop(&and(row::<W>(&l.kill_xy, x), &dy)) as i64;
            ux[x] = self.deg_ab[x] as i64 + compatible;
            k += ux[x];
        });
        bits(&dy, |y| {
            let compatible = ndx - pop(&and(row::<W>(&l.kill_yx, y), &dx)) as i64;
            vy[y] = self.deg_ba[y] as i64 + compatible;
            k += self.deg_ba[y] as i64;
        });
        let [_, n_a, n_b] = l.sizes;
        for_each_bit(a_o, |o| {
            let mx = and(&dx, row::<W>(&l.kill_sx, o));
            let my = and(&dy, row::<W>(&l.kill_sy, o));
            let mut p = self.pairs_full[o] as i64 + k
                - (ndx - pop(&mx) as i64) * (n_b as i64 - self.deg_ob[o] as i64)
                - (ndy - pop(&my) as i64) * (n_a as i64 - self.deg_oa[o] as i64);
            bits(&mx, |x| {
                let compatible_dead_y: [u64; W] = std::array::from_fn(|j| my[j] & !row::<W>(&l.kill_xy, x)[j]);
                p += pop(&compatible_dead_y) as i64 - ux[x];
            });
            bits(&my, |y| p -= vy[y]);
            p -= (self.common_a.sum(o, &dx) + self.common_b.sum(o, &dy)) as i64;
            debug_assert!(p >= 0, "a negative pair count");
            f(o, p as u64);
        });
    }
}
