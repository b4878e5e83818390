//! The fast exact counter for boards of at most 128 playable cells.
//!
//! Depth-first over the ships (fewest placements first) with `u128` cell masks;
//! each later ship keeps a bitset of its placements still alive. The last three
//! ships are not enumerated: for each alive placement of the third-to-last
//! ship, the compatible pairs of the last two are |X|·|Y| minus the conflicting
//! alive pairs (inclusion–exclusion, `last_three.rs`). With hits to cover or a
//! heat map to fill, only the last two are counted that way. The first ship is
//! placed once per orbit of the board's symmetries.
//!
//! With `HEAT` the same walk also counts, for every cell, the deployments that
//! occupy it (each placement's cells get the size of the subtree below it). A
//! heat map uses the symmetries too: a representative's subtree, carried by
//! every symmetry, stands for its whole orbit (the empty classic board: eight
//! times less work). Among the last three ships, twins (the same placements,
//! the same ones alive) share one rotation.

use super::bits::{and_count, and_into, and_not, for_each_bit, popcount, popcount_and_not, words};
use super::last_three::LastThree;
use super::symmetry::{Symmetry, board_symmetries, orbit_representatives};
use super::{CountError, FleetCover};
use crate::run::{CancelFlag, Cancelled};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// A bitset over one ship's placements.
type Alive = Vec<u64>;

/// Per-thread buffers of `last_three`, reused across nodes.
#[derive(Default)]
struct Scratch {
    planes_x: Vec<Vec<u64>>,
    planes_y: Vec<Vec<u64>>,
    rx: Vec<u64>,
    ry: Vec<u64>,
}

/// Writes the conflict degree of every alive `x` (towards the alive set `other` of
/// ship `other_ship`) as bit planes: bit x of `planes[k]` is bit k of x's degree.
/// Returns the sum of the degrees.
fn degree_planes(
    alive: &[u64],
    other: &[u64],
    kill: &[Vec<Alive>],
    other_ship: usize,
    planes: &mut Vec<Vec<u64>>,
) -> u64 {
    for p in planes.iter_mut() {
        p.clear();
        p.resize(alive.len(), 0);
    }
    let mut sum = 0;
    for_each_bit(alive, |x| {
        let d = and_count(&kill[x][other_ship], other);
        sum += d;
        let mut bits = d;
        let mut k = 0;
        while bits != 0 {
            if planes.len() <= k {
                planes.push(vec![0; alive.len()]);
            }
            if bits & 1 == 1 {
                planes[k][x / 64] |= 1 << (x % 64);
            }
            bits >>= 1;
            k += 1;
        }
    });
    sum
}

/// Sum of the degrees (stored as bit planes) over the set `of`.
fn plane_sum(planes: &[Vec<u64>], of: &[u64]) -> u64 {
    planes.iter().enumerate().map(|(k, p)| and_count(p, of) << k).sum()
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// Placements of one ship as masks.
struct Ship {
    cells: Vec<u128>,
    /// Cells plus halo (no-touch rule): what this placement forbids to others.
    block: Vec<u128>,
    /// For each cell, the placements covering it (used when hits must be covered).
    covering: Vec<Alive>,
}

pub struct BitboardCounter {
    ships: Vec<Ship>,
    /// `kill[a][p][b]`: the placements of later ship `b` (b > a) that conflict with
    /// ship `a`'s placement `p`. For the last ship, `kill[last][y][last - 1]` holds
    /// the reverse relation (placements of the second-to-last ship) for heat maps.
    kill: Vec<Vec<Vec<Alive>>>,
    /// Specialised innermost step when the last sets are narrow enough.
    last3: Option<LastThree>,
    /// The same step with each of the last three ships outer, for heat maps.
    heat3: Option<[(usize, LastThree); 3]>,
    hits: u128,
    /// First-ship placements to expand, with the size of their symmetry orbit.
    reps: Vec<(usize, u64)>,
    /// The symmetries the first ship's orbits come from (the identity first).
    syms: Vec<Symmetry>,
    /// `twin[k]`: the rotation of the last three (S, X, Y) that rotation `k`
    /// repeats when its ship has the same placements (then, if the same ones
    /// are alive, it is skipped and the twin's credits count twice).
    twin: [usize; 3],
    cells: usize,
    pub symmetry_count: usize,
    /// Spread the first ship's placements over the current rayon pool.
    parallel: bool,
}

/// Count and (optionally) per-cell occupancy of a subtree.
struct Tally<const HEAT: bool> {
    count: u128,
    heat: Vec<u128>,
    /// Deployments through each placement of the last three ships, credited
    /// to their cells by `settle` (one add per placement in the innermost step
    /// instead of one per cell).
    last_three: [Vec<u128>; 3],
}

impl<const HEAT: bool> Tally<HEAT> {
    fn new(cells: usize) -> Self {
        Tally {
            count: 0,
            heat: if HEAT { vec![0; cells] } else { Vec::new() },
            last_three: Default::default(),
        }
    }
    #[inline]
    fn add_cells(&mut self, mask: u128, n: u128) {
        if HEAT && n > 0 {
            let mut m = mask;
            while m != 0 {
                self.heat[m.trailing_zeros() as usize] += n;
                m &= m - 1;
            }
        }
    }
    /// Credits the last three ships' placement totals to their cells.
    fn settle(&mut self, ships: &[Ship]) {
        let n = ships.len();
        for k in 0..3 {
            let totals = std::mem::take(&mut self.last_three[k]);
            for (p, t) in totals.into_iter().enumerate() {
                self.add_cells(ships[n - 3 + k].cells[p], t);
            }
        }
    }
    fn merge(&mut self, other: Tally<HEAT>, weight: u128) {
        self.count += other.count * weight;
        for (a, b) in self.heat.iter_mut().zip(other.heat) {
            *a += b * weight;
        }
    }
}

impl BitboardCounter {
    /// `None` when the board has more than 128 playable cells.
    pub fn new(cover: &FleetCover, use_symmetry: bool) -> Option<BitboardCounter> {
        let cells = cover.index.len();
        if cells > 128 {
            return None;
        }
        let mut order: Vec<usize> = (0..cover.placements.len()).collect();
        order.sort_by_key(|&p| cover.placements[p].len());
        let mask = |cells: &[u32]| cells.iter().fold(0u128, |m, &c| m | 1u128 << c);
        let ships: Vec<Ship> = order
            .iter()
            .map(|&p| {
                let masks: Vec<u128> = cover.placements[p].iter().map(|pl| mask(&pl.cells)).collect();
                let covering = (0..cells)
                    .map(|c| {
                        let mut bits = vec![0u64; words(masks.len())];
                        for (q, m) in masks.iter().enumerate() {
                            if m >> c & 1 == 1 {
                                bits[q / 64] |= 1 << (q % 64);
                            }
                        }
                        bits
                    })
                    .collect();
                Ship {
                    block: masks.iter().zip(&cover.halos[p]).map(|(m, h)| m | mask(h)).collect(),
                    cells: masks,
                    covering,
                }
            })
            .collect();
        let n = ships.len();
        let conflict = |a: usize, p: usize, b: usize, q: usize| {
            ships[a].cells[p] & ships[b].block[q] != 0 || ships[b].cells[q] & ships[a].block[p] != 0
        };
        let bitset_of = |b: usize, f: &dyn Fn(usize) -> bool| {
            let mut bits = vec![0u64; words(ships[b].cells.len())];
            for q in 0..ships[b].cells.len() {
                if f(q) {
                    bits[q / 64] |= 1 << (q % 64);
                }
            }
            bits
        };
        let mut kill = Vec::with_capacity(n);
        for a in 0..n {
            let per_p: Vec<Vec<Alive>> = (0..ships[a].cells.len())
                .map(|p| {
                    (0..n)
                        .map(|b| {
                            // Among the last three ships both ways: the heat map
                            // rotates which of them is outer.
                            let last_three = n >= 3 && a >= n - 3 && b >= n - 3 && a != b;
                            let reverse_for_heat = a == n - 1 && n >= 2 && b == n - 2;
                            if b > a || last_three || reverse_for_heat {
                                bitset_of(b, &|q| conflict(a, p, b, q))
                            } else {
                                Vec::new()
                            }
                        })
                        .collect()
                })
                .collect();
            kill.push(per_p);
        }
        let syms = if use_symmetry {
            board_symmetries(cover)
        } else {
            Vec::new()
        };
        let first: Vec<Vec<u32>> = order
            .first()
            .map(|&p| cover.placements[p].iter().map(|pl| pl.cells.clone()).collect())
            .unwrap_or_default();
        let reps = if syms.len() > 1 {
            orbit_representatives(&first, &syms)
        } else {
            (0..first.len()).map(|i| (i, 1)).collect()
        };
        let last3 = LastThree::new(&kill, n);
        let heat3 = LastThree::rotations(&kill, n);
        let mut twin = [0, 1, 2];
        if n >= 3 {
            let same = |a: usize, b: usize| ships[a].cells == ships[b].cells && ships[a].block == ships[b].block;
            for k in 1..3 {
                if let Some(j) = (0..k).find(|&j| same(n - 3 + j, n - 3 + k)) {
                    twin[k] = twin[j];
                }
            }
        }
        Some(BitboardCounter {
            ships,
            last3,
            heat3,
            kill,
            hits: mask(&cover.hits),
            reps,
            symmetry_count: syms.len().max(1),
            syms,
            twin,
            cells,
            parallel: true,
        })
    }

    /// The same counter working on the caller's thread alone (no rayon jobs:
    /// a caller on a pool of its own neither waits on another pool nor runs
    /// other jobs in the middle of this one).
    pub fn sequential(mut self) -> BitboardCounter {
        self.parallel = false;
        self
    }

    fn full(&self, ship: usize) -> Alive {
        let n = self.ships[ship].cells.len();
        let mut a = vec![!0u64; words(n)];
        if !n.is_multiple_of(64) {
            *a.last_mut().unwrap() = (1u64 << (n % 64)) - 1;
        }
        if n == 0 {
            a[0] = 0;
        }
        a
    }

    /// Counts labelled deployments; `progress(done, total)` after each first-ship orbit.
    pub fn count(&self, cancel: &CancelFlag, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<u128, CountError> {
        Ok(self.run::<false>(cancel, progress)?.count)
    }

    /// Counts deployments and, per playable cell (board index order), how many of them
    /// occupy it.
    pub fn count_with_heat(
        &self,
        cancel: &CancelFlag,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<(u128, Vec<u128>), CountError> {
        let t = self.run::<true>(cancel, progress)?;
        Ok((t.count, t.heat))
    }

    fn run<const HEAT: bool>(
        &self,
        cancel: &CancelFlag,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<Tally<HEAT>, CountError> {
        let n = self.ships.len();
        let mut tally = Tally::<HEAT>::new(self.cells);
        if n == 0 {
            tally.count = (self.hits == 0) as u128;
            return Ok(tally);
        }
        let alive: Vec<Alive> = (0..n).map(|s| self.full(s)).collect();
        if n <= 2 {
            self.last_two(&alive, 0, n, &mut tally);
            return Ok(tally);
        }
        let done = AtomicU64::new(0);
        let total = self.reps.len() as u64;
        let part = |&(p, weight): &(usize, u64)| {
            if cancel.is_cancelled() {
                return Err(CountError::Cancelled(Cancelled));
            }
            let mut next = alive.clone();
            for (b, slot) in next.iter_mut().enumerate().skip(1) {
                and_not(slot, &self.kill[0][p][b]);
            }
            let mut sub = Tally::<HEAT>::new(self.cells);
            self.descend(&next, 1, self.ships[0].cells[p], n, cancel, &mut sub)?;
            sub.settle(&self.ships);
            sub.add_cells(self.ships[0].cells[p], sub.count);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
            Ok((sub, weight))
        };
        let parts: Result<Vec<(Tally<HEAT>, u64)>, CountError> = if self.parallel {
            self.reps.par_iter().map(part).collect()
        } else {
            self.reps.iter().map(part).collect()
        };
        let group = self.syms.len().max(1) as u128;
        for (sub, weight) in parts? {
            if HEAT && weight > 1 {
                // The orbit's heat: Σ over the symmetries g of g(sub) · |orbit| / |group|
                // (each orbit member is reached |group| / |orbit| times).
                let mut carried = vec![0u128; self.cells];
                for g in &self.syms {
                    for (c, &h) in sub.heat.iter().enumerate() {
                        carried[g.cell_map[c] as usize] += h;
                    }
                }
                for (slot, h) in tally.heat.iter_mut().zip(carried) {
                    debug_assert_eq!(h * weight as u128 % group, 0);
                    *slot += h * weight as u128 / group;
                }
                tally.count += sub.count * weight as u128;
            } else {
                tally.merge(sub, weight as u128);
            }
        }
        Ok(tally)
    }

    fn descend<const HEAT: bool>(
        &self,
        alive: &[Alive],
        level: usize,
        covered: u128,
        n: usize,
        cancel: &CancelFlag,
        tally: &mut Tally<HEAT>,
    ) -> Result<(), CountError> {
        let remaining_hits = self.hits & !covered;
        if remaining_hits != 0 {
            let room: u32 = (level..n)
                .map(|s| self.ships[s].cells.first().map_or(0, |m| m.count_ones()))
                .sum();
            if remaining_hits.count_ones() > room {
                return Ok(());
            }
        }
        if n - level == 2 {
            self.last_two(alive, covered, n, tally);
            return Ok(());
        }
        if HEAT
            && n - level == 3
            && remaining_hits == 0
            && let Some(rotations) = &self.heat3
        {
            // Each of the last three ships outer once: its placements' cells get
            // the pairs of the other two they leave; the first rotation counts.
            // A twin with the same placements alive repeats an earlier rotation.
            let mut times = [0u128; 3];
            for k in 0..3 {
                let j = self.twin[k];
                let k_or_twin = if j != k && alive[n - 3 + j] == alive[n - 3 + k] {
                    j
                } else {
                    k
                };
                times[k_or_twin] += 1;
            }
            for (k, (ship, l3)) in rotations.iter().enumerate() {
                if times[k] == 0 {
                    continue;
                }
                let (o, a, b) = match k {
                    0 => (n - 3, n - 2, n - 1),
                    1 => (n - 2, n - 3, n - 1),
                    _ => (n - 1, n - 3, n - 2),
                };
                let totals = &mut tally.last_three[*ship - (n - 3)];
                if totals.is_empty() {
                    totals.resize(self.ships[*ship].cells.len(), 0);
                }
                let mut count = 0u128;
                l3.each(&alive[o], &alive[a], &alive[b], &mut |p, pairs| {
                    count += pairs as u128;
                    totals[p] += pairs as u128 * times[k];
                });
                if k == 0 {
                    tally.count += count;
                }
            }
            return Ok(());
        }
        if !HEAT && n - level == 3 && remaining_hits == 0 {
            tally.count += match &self.last3 {
                Some(l3) => l3.count(&alive[n - 3], &alive[n - 2], &alive[n - 1]),
                None => self.last_three(alive, n),
            };
            return Ok(());
        }
        // Deep fleets (ten ships) spend long below any one node: check at every level.
        if cancel.is_cancelled() {
            return Err(CountError::Cancelled(Cancelled));
        }
        let mut next: Vec<Alive> = alive.to_vec();
        for (wi, &w) in alive[level].iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let p = wi * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                for b in level + 1..n {
                    let (src, kill) = (&alive[b], &self.kill[level][p][b]);
                    for (k, slot) in next[b].iter_mut().enumerate() {
                        *slot = src[k] & !kill[k];
                    }
                }
                let before = tally.count;
                self.descend(&next, level + 1, covered | self.ships[level].cells[p], n, cancel, tally)?;
                tally.add_cells(self.ships[level].cells[p], tally.count - before);
            }
        }
        Ok(())
    }

    /// The last three ships S, X, Y without hits to cover: for each alive s, the
    /// compatible (x, y) pairs among those s leaves alive. The conflicting pairs
    /// and each x's and y's conflict degree are counted once for the whole node;
    /// each s then only corrects for the few x and y it removes. Degrees are kept
    /// as bit planes so that the degree sum over a set is a few popcounts.
    fn last_three(&self, alive: &[Alive], n: usize) -> u128 {
        let (ss, xs, ys) = (n - 3, n - 2, n - 1);
        let (a_s, ax, ay) = (&alive[ss], &alive[xs], &alive[ys]);
        SCRATCH.with_borrow_mut(|scratch| {
            let Scratch {
                planes_x,
                planes_y,
                rx,
                ry,
            } = scratch;
            let all_conflicts = degree_planes(ax, ay, &self.kill[xs], ys, planes_x);
            degree_planes(ay, ax, &self.kill[ys], xs, planes_y);
            let (cx, cy) = (popcount(ax), popcount(ay));
            rx.resize(ax.len(), 0);
            ry.resize(ay.len(), 0);
            let mut total = 0u128;
            for_each_bit(a_s, |s| {
                and_into(rx, ax, &self.kill[ss][s][xs]);
                and_into(ry, ay, &self.kill[ss][s][ys]);
                // Pairs with both x and y removed are in both plane sums: add them back
                // first so that the unsigned arithmetic never goes below zero.
                let mut overlap = 0;
                for_each_bit(rx, |x| overlap += and_count(&self.kill[xs][x][ys], ry));
                let conflicts = all_conflicts + overlap - plane_sum(planes_x, rx) - plane_sum(planes_y, ry);
                let (nx, ny) = (cx - popcount(rx), cy - popcount(ry));
                total += (nx * ny - conflicts) as u128;
            });
            total
        })
    }

    /// Alive placements of ship `s`, not in `exclude`, covering every cell of `must`.
    fn compatible(&self, s: usize, alive: &[u64], exclude: &[u64], must: u128) -> u64 {
        if must == 0 {
            return popcount_and_not(alive, exclude);
        }
        let mut acc: Vec<u64> = alive.iter().zip(exclude).map(|(a, e)| a & !e).collect();
        let mut m = must;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            for (a, b) in acc.iter_mut().zip(&self.ships[s].covering[c]) {
                *a &= b;
            }
        }
        popcount(&acc)
    }

    /// Adds the compatible (x, y) pairs of the last two ships (or the placements of
    /// the single last ship) to the tally.
    fn last_two<const HEAT: bool>(&self, alive: &[Alive], covered: u128, n: usize, tally: &mut Tally<HEAT>) {
        let remaining = self.hits & !covered;
        if n == 1 {
            for_each_bit(&alive[0], |x| {
                let m = self.ships[0].cells[x];
                if remaining & !m == 0 {
                    tally.count += 1;
                    tally.add_cells(m, 1);
                }
            });
            return;
        }
        let (xs, ys) = (n - 2, n - 1);
        let (ax, ay) = (&alive[xs], &alive[ys]);
        if !HEAT && remaining == 0 {
            let mut conflicts = 0u64;
            for_each_bit(ax, |x| {
                let k = &self.kill[xs][x][ys];
                conflicts += ay.iter().zip(k).map(|(a, b)| (a & b).count_ones() as u64).sum::<u64>();
            });
            tally.count += popcount(ax) as u128 * popcount(ay) as u128 - conflicts as u128;
            return;
        }
        let mut total = 0u64;
        for_each_bit(ax, |x| {
            let m = self.ships[xs].cells[x];
            let w = self.compatible(ys, ay, &self.kill[xs][x][ys], remaining & !m) as u128;
            total += w as u64;
            tally.add_cells(m, w);
        });
        tally.count += total as u128;
        if HEAT {
            for_each_bit(ay, |y| {
                let m = self.ships[ys].cells[y];
                let v = self.compatible(xs, ax, &self.kill[ys][y][xs], remaining & !m) as u128;
                tally.add_cells(m, v);
            });
        }
    }
}
