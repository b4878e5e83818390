//! The fast exact counter for boards of at most 128 playable cells.
//!
//! Depth-first over the ships (fewest placements first) with `u128` cell masks;
//! each later ship keeps a bitset of its placements still alive. The last two
//! ships are not enumerated: with X and Y alive sets, the compatible pairs are
//! |X|·|Y| minus the conflicting alive pairs (inclusion–exclusion). The first
//! ship is placed once per orbit of the board's symmetries.

use super::symmetry::{board_symmetries, orbit_representatives};
use super::{CancelFlag, CountError, FleetCover};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// A bitset over one ship's placements.
type Alive = Vec<u64>;

fn words(n: usize) -> usize {
    n.div_ceil(64).max(1)
}

fn popcount(a: &[u64]) -> u64 {
    a.iter().map(|w| w.count_ones() as u64).sum()
}

/// Placements of one ship as masks.
struct Ship {
    cells: Vec<u128>,
    /// Cells plus halo (no-touch rule): what this placement forbids to others.
    block: Vec<u128>,
}

pub struct BitboardCounter {
    ships: Vec<Ship>,
    /// `kill[a][p][b]`: for ship `a`'s placement `p`, the placements of later ship
    /// `b` (b > a) that conflict with it, as a bitset.
    kill: Vec<Vec<Vec<Alive>>>,
    hits: u128,
    /// For the last ship: placements covering each cell (hits case).
    cover_last: Vec<Alive>,
    reps: Vec<(usize, u64)>,
    pub symmetry_count: usize,
}

impl BitboardCounter {
    /// `None` when the board has more than 128 playable cells.
    pub fn new(cover: &FleetCover, use_symmetry: bool) -> Option<BitboardCounter> {
        if cover.index.len() > 128 {
            return None;
        }
        let mut order: Vec<usize> = (0..cover.placements.len()).collect();
        order.sort_by_key(|&p| cover.placements[p].len());
        let mask = |cells: &[u32]| cells.iter().fold(0u128, |m, &c| m | 1u128 << c);
        let ships: Vec<Ship> = order
            .iter()
            .map(|&p| Ship {
                cells: cover.placements[p]
                    .iter()
                    .map(|pl| mask(&pl.cells))
                    .collect(),
                block: cover.placements[p]
                    .iter()
                    .zip(&cover.halos[p])
                    .map(|(pl, h)| mask(&pl.cells) | mask(h))
                    .collect(),
            })
            .collect();
        let n = ships.len();
        let mut kill = Vec::with_capacity(n);
        for a in 0..n {
            let mut per_p = Vec::with_capacity(ships[a].cells.len());
            for p in 0..ships[a].cells.len() {
                let mut per_b: Vec<Alive> = vec![Vec::new(); n];
                for (b, slot) in per_b.iter_mut().enumerate().skip(a + 1) {
                    let mut bits = vec![0u64; words(ships[b].cells.len())];
                    for q in 0..ships[b].cells.len() {
                        if ships[a].cells[p] & ships[b].block[q] != 0
                            || ships[b].cells[q] & ships[a].block[p] != 0
                        {
                            bits[q / 64] |= 1 << (q % 64);
                        }
                    }
                    *slot = bits;
                }
                per_p.push(per_b);
            }
            kill.push(per_p);
        }
        let hits = mask(&cover.hits);
        let cover_last = match ships.last() {
            Some(last) => (0..128)
                .map(|c| {
                    let mut bits = vec![0u64; words(last.cells.len())];
                    for (q, m) in last.cells.iter().enumerate() {
                        if m >> c & 1 == 1 {
                            bits[q / 64] |= 1 << (q % 64);
                        }
                    }
                    bits
                })
                .collect(),
            None => Vec::new(),
        };
        let syms = if use_symmetry {
            board_symmetries(cover)
        } else {
            Vec::new()
        };
        let first: Vec<Vec<u32>> = order
            .first()
            .map(|&p| {
                cover.placements[p]
                    .iter()
                    .map(|pl| pl.cells.clone())
                    .collect()
            })
            .unwrap_or_default();
        let reps = if syms.len() > 1 {
            orbit_representatives(&first, &syms)
        } else {
            (0..first.len()).map(|i| (i, 1)).collect()
        };
        Some(BitboardCounter {
            ships,
            kill,
            hits,
            cover_last,
            reps,
            symmetry_count: syms.len().max(1),
        })
    }

    fn full(&self, ship: usize) -> Alive {
        let n = self.ships[ship].cells.len();
        let mut a = vec![!0u64; words(n)];
        if n % 64 != 0 {
            *a.last_mut().unwrap() = (1u64 << (n % 64)) - 1;
        }
        if n == 0 {
            a[0] = 0;
        }
        a
    }

    /// Counts labelled deployments; `progress(done, total)` after each first-ship orbit.
    pub fn count(
        &self,
        cancel: &CancelFlag,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<u128, CountError> {
        let n = self.ships.len();
        if n == 0 {
            return Ok(if self.hits == 0 { 1 } else { 0 });
        }
        let alive: Vec<Alive> = (0..n).map(|s| self.full(s)).collect();
        if n <= 2 {
            return Ok(self.last_two(&alive, 0, n));
        }
        let done = AtomicU64::new(0);
        let total = self.reps.len() as u64;
        let results: Result<Vec<u128>, CountError> = self
            .reps
            .par_iter()
            .map(|&(p, weight)| {
                if cancel.is_cancelled() {
                    return Err(CountError::Cancelled);
                }
                let mut next = alive.clone();
                for (b, slot) in next.iter_mut().enumerate().skip(1) {
                    and_not(slot, &self.kill[0][p][b]);
                }
                let c = self.descend(&next, 1, self.ships[0].cells[p], n, cancel)?;
                progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                Ok(c * weight as u128)
            })
            .collect();
        Ok(results?.into_iter().sum())
    }

    fn descend(
        &self,
        alive: &[Alive],
        level: usize,
        covered: u128,
        n: usize,
        cancel: &CancelFlag,
    ) -> Result<u128, CountError> {
        let remaining_hits = self.hits & !covered;
        if remaining_hits != 0 {
            let room: u32 = (level..n)
                .map(|s| self.ships[s].cells.first().map_or(0, |m| m.count_ones()))
                .sum();
            if remaining_hits.count_ones() > room {
                return Ok(0);
            }
        }
        if n - level == 2 {
            return Ok(self.last_two(alive, covered, n));
        }
        if level == 2 && cancel.is_cancelled() {
            return Err(CountError::Cancelled);
        }
        let mut total = 0u128;
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
                total += self.descend(
                    &next,
                    level + 1,
                    covered | self.ships[level].cells[p],
                    n,
                    cancel,
                )?;
            }
        }
        Ok(total)
    }

    /// Compatible (x, y) pairs of the last two ships given their alive sets
    /// (or the single last ship when only one is left).
    fn last_two(&self, alive: &[Alive], covered: u128, n: usize) -> u128 {
        let remaining = self.hits & !covered;
        if n == 1 {
            return self.count_last(&alive[0], remaining, 0, &[]) as u128;
        }
        let (xs, ys) = (n - 2, n - 1);
        let ax = &alive[xs];
        let ay = &alive[ys];
        if remaining == 0 {
            let mut conflicts = 0u64;
            for_each_bit(ax, |x| {
                let k = &self.kill[xs][x][ys];
                conflicts += ay
                    .iter()
                    .zip(k)
                    .map(|(a, b)| (a & b).count_ones() as u64)
                    .sum::<u64>();
            });
            return popcount(ax) as u128 * popcount(ay) as u128 - conflicts as u128;
        }
        let mut total = 0u64;
        for_each_bit(ax, |x| {
            let rest = remaining & !self.ships[xs].cells[x];
            total += self.count_last(ay, rest, 0, &self.kill[xs][x][ys]);
        });
        total as u128
    }

    /// Alive last-ship placements, not in `exclude`, covering every cell of `must`.
    fn count_last(&self, alive: &[u64], must: u128, _level: usize, exclude: &[u64]) -> u64 {
        let mut acc: Vec<u64> = alive.to_vec();
        if !exclude.is_empty() {
            and_not(&mut acc, exclude);
        }
        let mut m = must;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            for (a, b) in acc.iter_mut().zip(&self.cover_last[c]) {
                *a &= b;
            }
        }
        popcount(&acc)
    }
}

fn and_not(a: &mut [u64], b: &[u64]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x &= !y;
    }
}

fn for_each_bit(bits: &[u64], mut f: impl FnMut(usize)) {
    for (wi, &w) in bits.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f(wi * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}
