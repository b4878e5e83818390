//! The innermost step of the bitboard counter, specialised by bitset width.
//!
//! For the last three ships S, X, Y and their alive sets, counts the compatible
//! triples as Σ over alive s of (|X'|·|Y'| − conflicting pairs in X'×Y'), where
//! X', Y' are what s leaves alive. Conflicting pairs and each x's and y's degree
//! are computed once per node; each s corrects only for the few x and y it
//! removes. Fixed-size arrays (`W` words) let the compiler unroll the bit work.

/// Conflict relations among the last three ships (s→x, s→y, x→y, y→x), as flat rows of `w` words.
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
    /// `kill[a][p][b]` as in the counter; `None` when a set is wider than `MAX_W` words.
    pub(super) fn new(kill: &[Vec<Vec<Vec<u64>>>], n: usize) -> Option<LastThree> {
        if n < 3 {
            return None;
        }
        let (ss, xs, ys) = (n - 3, n - 2, n - 1);
        let width = |ship: usize| kill[ss].first().map_or(1, |p| p[ship].len());
        let w = width(xs).max(width(ys)).max(1);
        if w > MAX_W {
            return None;
        }
        Some(LastThree {
            w,
            kill_sx: flatten(kill[ss].iter().map(|p| p[xs].clone()), w),
            kill_sy: flatten(kill[ss].iter().map(|p| p[ys].clone()), w),
            kill_xy: flatten(kill[xs].iter().map(|p| p[ys].clone()), w),
            kill_yx: flatten(kill[ys].iter().map(|p| p[xs].clone()), w),
        })
    }

    pub(super) fn count(&self, a_s: &[u64], ax: &[u64], ay: &[u64]) -> u128 {
        match self.w {
            1 => self.count_w::<1>(a_s, ax, ay),
            2 => self.count_w::<2>(a_s, ax, ay),
            3 => self.count_w::<3>(a_s, ax, ay),
            _ => self.count_w::<4>(a_s, ax, ay),
        }
    }

    fn count_w<const W: usize>(&self, a_s: &[u64], ax: &[u64], ay: &[u64]) -> u128 {
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
        let mut total = 0u128;
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
                total += ((cx - pop(&rx)) * (cy - pop(&ry)) - conflicts) as u128;
            }
        }
        total
    }
}
