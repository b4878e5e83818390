//! The innermost step of the bitboard counter, specialised by bitset width.
//!
//! For the last three ships, one of them "outer" (O) and the others A and B,
//! counts for every alive o the compatible pairs it leaves: |A'|·|B'| minus the
//! conflicting pairs in A'×B', where A', B' are what o leaves alive. Conflicting
//! pairs and each a's and b's degree are computed once per node; each o
//! corrects only for the few a and b it removes. The count of triples is the
//! sum over o; a heat map takes the three rotations (each ship outer once) and
//! credits every placement's cells with its pairs. Fixed-size arrays (`W`
//! words) let the compiler unroll the bit work.

/// Conflict relations among the last three ships (o→a, o→b, a→b, b→a), as flat rows of `w` words.
pub(super) struct LastThree {
    w: usize,
    kill_sx: Vec<u64>,
    kill_sy: Vec<u64>,
    kill_xy: Vec<u64>,
    kill_yx: Vec<u64>,
}

/// Widest bitset handled here (placements per ship ≤ 64·MAX_W).
pub(super) const MAX_W: usize = 4;

fn flatten(rows: impl Iterator<Item = Vec<u64>>, w: usize) -> Vec<u64> {
    let mut out = Vec::new();
    for r in rows {
        let start = out.len();
        out.extend_from_slice(&r);
        out.resize(start + w, 0);
    }
    out
}

#[inline(always)]
fn row<const W: usize>(flat: &[u64], i: usize) -> &[u64; W] {
    flat[i * W..(i + 1) * W].try_into().expect("rows are W words")
}

#[inline(always)]
fn and<const W: usize>(a: &[u64; W], b: &[u64; W]) -> [u64; W] {
    std::array::from_fn(|k| a[k] & b[k])
}

#[inline(always)]
fn pop<const W: usize>(a: &[u64; W]) -> u64 {
    a.iter().map(|w| w.count_ones() as u64).sum()
}

#[inline(always)]
fn bits<const W: usize>(a: &[u64; W], mut f: impl FnMut(usize)) {
    for (wi, &w) in a.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f(wi * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

fn pad<const W: usize>(a: &[u64]) -> [u64; W] {
    std::array::from_fn(|k| a.get(k).copied().unwrap_or(0))
}

impl LastThree {
    /// The last three ships with S = n − 3 outer. `kill[a][p][b]` as in the
    /// counter; `None` when a set is wider than `MAX_W` words.
    pub(super) fn new(kill: &[Vec<Vec<Vec<u64>>>], n: usize) -> Option<LastThree> {
        if n < 3 {
            return None;
        }
        LastThree::outer(kill, n - 3, n - 2, n - 1)
    }

    /// Ship `o` outer, `a` and `b` inner (needs `kill[o][·][a]`, `kill[o][·][b]`,
    /// `kill[a][·][b]` and `kill[b][·][a]`).
    pub(super) fn outer(kill: &[Vec<Vec<Vec<u64>>>], o: usize, a: usize, b: usize) -> Option<LastThree> {
        let width = |ship: usize| kill[o].first().map_or(1, |p| p[ship].len());
        let w = width(a).max(width(b)).max(1);
        if w > MAX_W
            || [(o, a), (o, b), (a, b), (b, a)]
                .iter()
                .any(|&(s, t)| kill[s].first().is_some_and(|p| p[t].is_empty()))
        {
            return None;
        }
        Some(LastThree {
            w,
            kill_sx: flatten(kill[o].iter().map(|p| p[a].clone()), w),
            kill_sy: flatten(kill[o].iter().map(|p| p[b].clone()), w),
            kill_xy: flatten(kill[a].iter().map(|p| p[b].clone()), w),
            kill_yx: flatten(kill[b].iter().map(|p| p[a].clone()), w),
        })
    }

    /// The three rotations of the last three ships (S, X and Y each outer once),
    /// for heat maps; `kill` must hold the conflicts among them both ways.
    pub(super) fn rotations(kill: &[Vec<Vec<Vec<u64>>>], n: usize) -> Option<[(usize, LastThree); 3]> {
        if n < 3 {
            return None;
        }
        let (s, x, y) = (n - 3, n - 2, n - 1);
        Some([
            (s, LastThree::outer(kill, s, x, y)?),
            (x, LastThree::outer(kill, x, s, y)?),
            (y, LastThree::outer(kill, y, s, x)?),
        ])
    }

    pub(super) fn count(&self, a_s: &[u64], ax: &[u64], ay: &[u64]) -> u128 {
        let mut total = 0u128;
        self.each(a_s, ax, ay, &mut |_, pairs| total += pairs as u128);
        total
    }

    /// `f(o, pairs)` for every alive outer placement `o` with the compatible
    /// (a, b) pairs it leaves.
    pub(super) fn each(&self, a_s: &[u64], ax: &[u64], ay: &[u64], f: &mut dyn FnMut(usize, u64)) {
        match self.w {
            1 => self.each_w::<1>(a_s, ax, ay, f),
            2 => self.each_w::<2>(a_s, ax, ay, f),
            3 => self.each_w::<3>(a_s, ax, ay, f),
            _ => self.each_w::<4>(a_s, ax, ay, f),
        }
    }

    fn each_w<const W: usize>(&self, a_s: &[u64], ax: &[u64], ay: &[u64], f: &mut dyn FnMut(usize, u64)) {
        let (ax, ay): ([u64; W], [u64; W]) = (pad(ax), pad(ay));
        let mut deg_x = [0u32; 64 * MAX_W];
        let mut all_conflicts = 0u64;
        bits(&ax, |x| {
            let d = pop(&and(row::<W>(&self.kill_xy, x), &ay));
            deg_x[x] = d as u32;
            all_conflicts += d;
        });
        // Degrees of y as bit planes: the degree sum over a set is a few popcounts.
        let mut planes = [[0u64; W]; 16];
        let mut n_planes = 0;
        bits(&ay, |y| {
            let mut d = pop(&and(row::<W>(&self.kill_yx, y), &ax));
            let mut k = 0;
            while d != 0 {
                if d & 1 == 1 {
                    planes[k][y / 64] |= 1 << (y % 64);
                }
                d >>= 1;
                k += 1;
            }
            n_planes = n_planes.max(k);
        });
        let (cx, cy) = (pop(&ax), pop(&ay));
        for (wi, &w) in a_s.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let s = wi * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                let rx = and(&ax, row::<W>(&self.kill_sx, s));
                let ry = and(&ay, row::<W>(&self.kill_sy, s));
                let mut conflicts = all_conflicts;
                for plane in planes.iter().take(n_planes).enumerate() {
                    conflicts -= pop(&and(plane.1, &ry)) << plane.0;
                }
                // x removed by s: its conflicts go, except those with a removed y,
                // which the y planes already subtracted.
                bits(&rx, |x| {
                    conflicts = conflicts + pop(&and(row::<W>(&self.kill_xy, x), &ry)) - deg_x[x] as u64
                });
                f(s, (cx - pop(&rx)) * (cy - pop(&ry)) - conflicts);
            }
        }
    }
}
