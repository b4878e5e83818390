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
//!
//! A node's alive sets are most of the full sets, so once a step has been
//! used often enough it switches to counting from the full sets down
//! (`delta.rs`): the pairs every o leaves with everything alive are computed
//! once, and each node corrects only for the few placements dead there.

mod delta;

use super::bits::{and, bits, flatten, pad, pop, row};
use delta::Delta;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

/// Conflict relations among the last three ships (o→a, o→b, a→b, b→a), as flat rows of `w` words.
pub(super) struct LastThree {
    w: usize,
    /// Placements of o, a and b (the rows of `kill_sx`, `kill_xy`, `kill_yx`).
    sizes: [usize; 3],
    kill_sx: Vec<u64>,
    kill_sy: Vec<u64>,
    kill_xy: Vec<u64>,
    kill_yx: Vec<u64>,
    /// Calls so far, until the full-set tables are made.
    calls: AtomicU32,
    /// The full-set tables, made on first use past `CALLS_BEFORE_DELTA`.
    delta: OnceLock<Delta>,
}

/// Calls made node by node before the full-set tables are built: building
/// them costs about as much as ten calls on the classic fleet, and a hunt's
/// small maps make only a few calls per step.
const CALLS_BEFORE_DELTA: u32 = 64;

/// Widest bitset handled here (placements per ship ≤ 64·MAX_W).
pub(super) const MAX_W: usize = 4;

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
            sizes: [kill[o].len(), kill[a].len(), kill[b].len()],
            calls: AtomicU32::new(0),
            delta: OnceLock::new(),
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
    pub(super) fn each<F: FnMut(usize, u64)>(&self, a_s: &[u64], ax: &[u64], ay: &[u64], f: &mut F) {
        match self.delta_tables() {
            Some(d) if d.worth_it(ax, ay) => match self.w {
                1 => d.each_w::<1, F>(self, a_s, ax, ay, f),
                2 => d.each_w::<2, F>(self, a_s, ax, ay, f),
                3 => d.each_w::<3, F>(self, a_s, ax, ay, f),
                _ => d.each_w::<4, F>(self, a_s, ax, ay, f),
            },
            _ => self.each_direct(a_s, ax, ay, f),
        }
    }

    /// `each` computed at the node alone, without the full-set tables.
    fn each_direct<F: FnMut(usize, u64)>(&self, a_s: &[u64], ax: &[u64], ay: &[u64], f: &mut F) {
        match self.w {
            1 => self.each_w::<1, F>(a_s, ax, ay, f),
            2 => self.each_w::<2, F>(a_s, ax, ay, f),
            3 => self.each_w::<3, F>(a_s, ax, ay, f),
            _ => self.each_w::<4, F>(a_s, ax, ay, f),
        }
    }

    /// The full-set tables once this step has been called often enough.
    fn delta_tables(&self) -> Option<&Delta> {
        if let Some(d) = self.delta.get() {
            return Some(d);
        }
        if self.calls.fetch_add(1, Ordering::Relaxed) < CALLS_BEFORE_DELTA {
            return None;
        }
        Some(self.delta.get_or_init(|| Delta::new(self)))
    }

    fn each_w<const W: usize, F: FnMut(usize, u64)>(&self, a_s: &[u64], ax: &[u64], ay: &[u64], f: &mut F) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift), enough for test data.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// Three ships of random placements (a few cells each among `cells`);
    /// two placements conflict when they share a cell.
    fn random_ships(rng: &mut Rng, sizes: [usize; 3], cells: u64) -> Vec<Vec<u128>> {
        sizes
            .iter()
            .map(|&n| {
                (0..n)
                    .map(|_| (0..1 + rng.below(3)).fold(0u128, |m, _| m | 1u128 << rng.below(cells)))
                    .collect()
            })
            .collect()
    }

    fn kill_tables(ships: &[Vec<u128>]) -> Vec<Vec<Vec<Vec<u64>>>> {
        ships
            .iter()
            .map(|ps| {
                ps.iter()
                    .map(|&p| {
                        ships
                            .iter()
                            .map(|qs| {
                                let mut bits = vec![0u64; qs.len().div_ceil(64)];
                                for (q, &m) in qs.iter().enumerate() {
                                    if p & m != 0 {
                                        bits[q / 64] |= 1 << (q % 64);
                                    }
                                }
                                bits
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect()
    }

    fn random_alive(rng: &mut Rng, n: usize, dead_per_mille: u64) -> Vec<u64> {
        let mut bits = vec![0u64; n.div_ceil(64)];
        for i in (0..n).filter(|_| rng.below(1000) >= dead_per_mille) {
            bits[i / 64] |= 1 << (i % 64);
        }
        bits
    }

    fn is_alive(bits: &[u64], i: usize) -> bool {
        bits[i / 64] >> (i % 64) & 1 == 1
    }

    /// Every alive o's compatible alive pairs, pair by pair.
    fn brute(ships: &[Vec<u128>], alive: &[Vec<u64>; 3]) -> Vec<(usize, u64)> {
        let alive_of = |s: usize| (0..ships[s].len()).filter(move |&i| is_alive(&alive[s], i));
        alive_of(0)
            .map(|o| {
                let po = ships[0][o];
                let pairs = alive_of(1)
                    .filter(|&x| ships[1][x] & po == 0)
                    .map(|x| alive_of(2).filter(|&y| ships[2][y] & (po | ships[1][x]) == 0).count() as u64)
                    .sum();
                (o, pairs)
            })
            .collect()
    }

    #[test]
    fn counting_from_the_full_sets_agrees_with_the_node_and_with_brute_force() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        // The last: an outer set wider than the inner ones.
        for (sizes, cells) in [
            ([30, 50, 20], 24),
            ([70, 130, 100], 60),
            ([200, 256, 180], 100),
            ([150, 40, 30], 40),
        ] {
            let ships = random_ships(&mut rng, sizes, cells);
            let kill = kill_tables(&ships);
            let step = LastThree::outer(&kill, 0, 1, 2).expect("narrow enough");
            let delta = Delta::new(&step);
            for dead in [0, 50, 300, 700, 1000] {
                for _ in 0..6 {
                    let alive = [0, 1, 2].map(|s| random_alive(&mut rng, sizes[s], dead));
                    let expected = brute(&ships, &alive);
                    let mut direct = Vec::new();
                    step.each_direct(&alive[0], &alive[1], &alive[2], &mut |o, p| direct.push((o, p)));
                    let mut from_full = Vec::new();
                    let mut collect = |o, p| from_full.push((o, p));
                    match step.w {
                        1 => delta.each_w::<1, _>(&step, &alive[0], &alive[1], &alive[2], &mut collect),
                        2 => delta.each_w::<2, _>(&step, &alive[0], &alive[1], &alive[2], &mut collect),
                        3 => delta.each_w::<3, _>(&step, &alive[0], &alive[1], &alive[2], &mut collect),
                        _ => delta.each_w::<4, _>(&step, &alive[0], &alive[1], &alive[2], &mut collect),
                    }
                    assert_eq!(direct, expected, "at the node, sizes {sizes:?}, {dead}‰ dead");
                    assert_eq!(from_full, expected, "from the full sets, sizes {sizes:?}, {dead}‰ dead");
                }
            }
        }
    }
}
