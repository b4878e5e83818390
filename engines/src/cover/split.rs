//! Occupancy maps with hits, by splitting on them: a hit is covered by
//! exactly one ship, so the deployments fall into disjoint families, one per
//! ship and place that covers the hit (few: a hit lies under a handful of
//! placements). Fixing that ship, its cells (and, ships apart, its halo)
//! become blocked for the rest; the next open hit is split on in turn, and
//! once no open hit is left the remaining ships' map comes from the bitboard
//! counter, whose inclusion–exclusion on the last three ships is fast exactly
//! when no hit has to be covered. A hunt's early positions (a first hit or
//! two, many ships afloat) took the frontier counter seconds; split, they
//! take a fraction of that.

use super::bitboard::BitboardCounter;
use super::bits::{and_count, for_each_bit, popcount};
use super::last_three::LastThree;
use super::symmetry::{Symmetry, board_symmetries};
use super::{CountError, FleetCover};
use crate::run::CancelFlag;
use std::collections::HashMap;
use std::sync::Arc;

/// Ships the split takes (the bitboard's leaves handle up to six).
pub const MAX_SHIPS: usize = 6;

/// Labelled deployments and per-cell occupancy (board index order), or
/// `None` when the cover is not one the split takes (over 128 cells, too
/// many ships, or no hit to split on).
pub fn split_occupancy(cover: &FleetCover, cancel: &CancelFlag) -> Result<Option<(u128, Vec<u128>)>, CountError> {
    let cells = cover.index.len();
    if cells > 128 || cover.placements.len() > MAX_SHIPS || cover.hits.is_empty() {
        return Ok(None);
    }
    let mask = |list: &[u32]| list.iter().fold(0u128, |m, &c| m | 1u128 << c);
    let places: Vec<Vec<(u128, u128)>> = cover
        .placements
        .iter()
        .zip(&cover.halos)
        .map(|(list, halos)| list.iter().zip(halos).map(|(p, h)| (mask(&p.cells), mask(h))).collect())
        .collect();
    let open = mask(&cover.hits);
    let all = (1usize << cover.placements.len()) - 1;
    let mut heat = vec![0u128; cells];
    let mut conflicts = Conflicts::default();
    // Twins (pieces with the same placements) are one class: the first piece
    // of a class still left stands for all of them.
    let class: Vec<usize> = (0..places.len())
        .map(|i| {
            (0..places.len())
                .filter(|&j| places[j] == places[i])
                .fold(0, |m, j| m | 1 << j)
        })
        .collect();
    // Looking for symmetries costs more than a small map: only with five
    // pieces or more still to place (a hunt before its first sinking).
    let free = cover.placements.iter().filter(|list| list.len() > 1).count();
    let syms = if free >= 5 { board_symmetries(cover) } else { Vec::new() };
    let covering = Covering::new(&places, cells);
    let mut walk = Walk {
        cover,
        places: &places,
        covering: &covering,
        class: &class,
        conflicts: &mut conflicts,
        heat: &mut heat,
        cancel,
    };
    let first = walk.best_cell(all, 0, open);
    let Some((stabiliser, reps)) = first.and_then(|h| orbits_at(&places, &class, &syms, h)) else {
        let total = walk.split(all, 0, open, 1)?;
        conflicts.settle(&places, &mut heat);
        return Ok(Some((total, heat)));
    };
    // The board's symmetries that keep the first split cell in place permute
    // the placements covering it: one placement per orbit is followed, and
    // its map, carried by every such symmetry, stands for the whole orbit.
    let mut total = 0u128;
    let group = stabiliser.len() as u128;
    for (piece, k, orbit) in reps {
        let (cells_of, halo) = places[piece][k];
        let times = class[piece].count_ones() as u128;
        let mut sub_heat = vec![0u128; cells];
        let sub = Walk {
            cover,
            places: &places,
            covering: &covering,
            class: &class,
            conflicts: &mut conflicts,
            heat: &mut sub_heat,
            cancel,
        }
        .split(all & !(1 << piece), cells_of | halo, open & !cells_of, times)?;
        add_cells(&mut sub_heat, cells_of, times * sub);
        conflicts.settle(&places, &mut sub_heat);
        let mut carried = vec![0u128; cells];
        for g in &stabiliser {
            for (c, &v) in sub_heat.iter().enumerate() {
                carried[g.cell_map[c] as usize] += v;
            }
        }
        for (slot, v) in heat.iter_mut().zip(carried) {
            debug_assert_eq!(v * orbit % group, 0);
            *slot += v * orbit / group;
        }
        total += times * sub * orbit;
    }
    Ok(Some((total, heat)))
}

/// The symmetries that keep cell `h` in place, and the placements covering
/// `h` (the first piece of each twin class) in orbits of them: (piece,
/// placement, orbit size). `None` when only the identity keeps `h`.
fn orbits_at<'s>(
    places: &Places,
    class: &[usize],
    syms: &'s [Symmetry],
    h: u32,
) -> Option<(Vec<&'s Symmetry>, Vec<(usize, usize, u128)>)> {
    let stabiliser: Vec<&Symmetry> = syms.iter().filter(|g| g.cell_map[h as usize] == h).collect();
    if stabiliser.len() < 2 {
        return None;
    }
    let image = |g: &Symmetry, cells: u128| {
        let mut out = 0u128;
        for_each_cell(cells, |c| out |= 1u128 << g.cell_map[c]);
        out
    };
    let options: Vec<(usize, usize)> = (0..places.len())
        .filter(|&piece| class[piece].trailing_zeros() as usize == piece)
        .flat_map(|piece| (0..places[piece].len()).map(move |k| (piece, k)))
        .filter(|&(piece, k)| places[piece][k].0 >> h & 1 == 1)
        .collect();
    let index: HashMap<(usize, u128), usize> = options
        .iter()
        .enumerate()
        .map(|(i, &(piece, k))| ((piece, places[piece][k].0), i))
        .collect();
    let mut seen = vec![false; options.len()];
    let mut reps = Vec::new();
    for (i, &(piece, k)) in options.iter().enumerate() {
        if seen[i] {
            continue;
        }
        let mut orbit = std::collections::BTreeSet::new();
        for g in &stabiliser {
            // The problem's symmetries map each piece's placements onto its own.
            let j = *index.get(&(piece, image(g, places[piece][k].0)))?;
            orbit.insert(j);
        }
        for &j in &orbit {
            seen[j] = true;
        }
        reps.push((piece, k, orbit.len() as u128));
    }
    Some((stabiliser, reps))
}

/// The pieces' placements as (cells, halo) masks, per piece.
type Places = [Vec<(u128, u128)>];

/// Per cell, the (piece, placement) pairs covering it, piece by piece, in
/// one allocation (made for every map, so kept cheap).
struct Covering {
    pairs: Vec<(usize, usize)>,
    /// Cell c's pairs are `pairs[start[c]..start[c + 1]]`.
    start: Vec<usize>,
}

impl Covering {
    fn new(places: &Places, cells: usize) -> Covering {
        let mut start = vec![0usize; cells + 1];
        for &(c, _) in places.iter().flatten() {
            for_each_cell(c, |i| start[i + 1] += 1);
        }
        for i in 0..cells {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut pairs = vec![(0, 0); start[cells]];
        for (piece, list) in places.iter().enumerate() {
            for (k, &(c, _)) in list.iter().enumerate() {
                for_each_cell(c, |i| {
                    pairs[next[i]] = (piece, k);
                    next[i] += 1;
                });
            }
        }
        Covering { pairs, start }
    }

    fn of(&self, cell: u32) -> &[(usize, usize)] {
        &self.pairs[self.start[cell as usize]..self.start[cell as usize + 1]]
    }
}

fn for_each_cell(mask: u128, mut f: impl FnMut(usize)) {
    let mut m = mask;
    while m != 0 {
        f(m.trailing_zeros() as usize);
        m &= m - 1;
    }
}

/// One split's state: the problem, the map being filled, and the conflicts
/// among placements for leaves with three or four ships left.
struct Walk<'a> {
    cover: &'a FleetCover,
    places: &'a Places,
    covering: &'a Covering,
    /// Each piece's twins, itself included, as a set of pieces.
    class: &'a [usize],
    conflicts: &'a mut Conflicts,
    heat: &'a mut [u128],
    cancel: &'a CancelFlag,
}

impl Walk<'_> {
    /// The open hit under the fewest places.
    fn best_cell(&self, left: usize, blocked: u128, open: u128) -> Option<u32> {
        let fits = |piece: usize, cells: u128| left >> piece & 1 == 1 && cells & blocked == 0;
        let mut best: Option<(usize, u32)> = None;
        let mut o = open;
        while o != 0 {
            let h = o.trailing_zeros();
            o &= o - 1;
            let n = self
                .covering
                .of(h)
                .iter()
                .filter(|&&(piece, k)| fits(piece, self.places[piece][k].0))
                .count();
            if best.is_none_or(|(m, _)| n < m) {
                best = Some((n, h));
            }
        }
        best.map(|(_, h)| h)
    }

    /// Deployments of the pieces in `left` avoiding `blocked` and covering
    /// `open`; adds their occupancy, times `weight`, to `heat`.
    fn split(&mut self, left: usize, blocked: u128, open: u128, weight: u128) -> Result<u128, CountError> {
        self.cancel.check()?;
        let places = self.places;
        let fits = |piece: usize, cells: u128| left >> piece & 1 == 1 && cells & blocked == 0;
        if open == 0 {
            return self.leaf(left, blocked, weight);
        }
        let Some(h) = self.best_cell(left, blocked, open) else {
            return Ok(0);
        };
        let mut total = 0u128;
        for &(piece, k) in self.covering.of(h) {
            // A twin placed here gives the same subtree as the first of its
            // class left (their labels swapped): that one counts for all.
            let twins = left & self.class[piece];
            let (cells, halo) = places[piece][k];
            if twins == 0 || twins.trailing_zeros() as usize != piece || !fits(piece, cells) {
                continue;
            }
            let times = twins.count_ones() as u128;
            let sub = self.split(
                left & !(1 << piece),
                blocked | cells | halo,
                open & !cells,
                weight * times,
            )?;
            total += times * sub;
            add_cells(self.heat, cells, weight * times * sub);
        }
        Ok(total)
    }

    /// No open hit left: the remaining pieces' deployments avoiding `blocked`
    /// and their map: listed directly for one or two pieces, by the last-three
    /// step on the split's own conflict tables for three or four, by the bitboard
    /// counter for more.
    fn leaf(&mut self, left: usize, blocked: u128, weight: u128) -> Result<u128, CountError> {
        let (cover, places, cancel) = (self.cover, self.places, self.cancel);
        if left == 0 {
            return Ok(1);
        }
        if left.count_ones() == 2 && self.conflicts.worth_tables() {
            return Ok(self.conflicts.two(places, left, blocked, self.heat, weight));
        }
        if left.count_ones() <= 2 {
            return Ok(few_left(places, left, blocked, self.heat, weight));
        }
        if left.count_ones() <= 4
            && let Some(n) = self.conflicts.three_or_four(places, left, blocked, self.heat, weight)
        {
            return Ok(n);
        }
        let heat = &mut *self.heat;
        let mut sub = FleetCover {
            board: cover.board.clone(),
            index: cover.index.clone(),
            placements: Vec::new(),
            halos: Vec::new(),
            hits: Vec::new(),
            rule: cover.rule,
        };
        for (piece, list) in places.iter().enumerate() {
            if left >> piece & 1 == 0 {
                continue;
            }
            let keep: Vec<usize> = (0..list.len()).filter(|&k| list[k].0 & blocked == 0).collect();
            if keep.is_empty() {
                return Ok(0);
            }
            sub.placements
                .push(keep.iter().map(|&k| cover.placements[piece][k].clone()).collect());
            sub.halos
                .push(keep.iter().map(|&k| cover.halos[piece][k].clone()).collect());
        }
        let counter = BitboardCounter::new(&sub, false)
            .expect("at most 128 cells")
            .sequential();
        let (total, map) = counter.count_with_heat(cancel, &|_, _| {})?;
        for (h, m) in heat.iter_mut().zip(map) {
            *h += weight * m;
        }
        Ok(total)
    }
}

/// Piece `i`'s placements clear of `blocked`, as a bitset.
fn alive_of(places: &Places, i: usize, blocked: u128) -> Vec<u64> {
    let mut bits = vec![0u64; places[i].len().div_ceil(64).max(1)];
    for (q, &(c, _)) in places[i].iter().enumerate() {
        if c & blocked == 0 {
            bits[q / 64] |= 1 << (q % 64);
        }
    }
    bits
}

fn add_cells(heat: &mut [u128], cells: u128, n: u128) {
    for_each_cell(cells, |c| heat[c] += n);
}

/// Which placements of each piece rule out which of every other piece's
/// (`kill[a][p][b]`, a bitset over b's placements), made the first time a
/// leaf needs them, and the last-three steps made from them.
#[derive(Default)]
struct Conflicts {
    kill: Vec<Vec<Vec<Vec<u64>>>>,
    steps: HashMap<(usize, usize, usize), Option<Arc<LastThree>>>,
    /// Deployments through each placement (per piece) found by the last-three
    /// step, credited to their cells by `settle` (one add per placement there).
    totals: Vec<Vec<u128>>,
    /// Leaves with two pieces left seen so far.
    two_leaves: usize,
}

/// Two-piece leaves listed pair by pair before the conflict tables are built
/// for them: a listing costs |X|·|Y| clash tests, the tables (made once per
/// map, about as long as 30 listings on classic) |X| + |Y| popcounts.
const TWO_LEAVES_LISTED: usize = 32;

impl Conflicts {
    /// Whether the next two-piece leaf should use the tables.
    fn worth_tables(&mut self) -> bool {
        self.two_leaves += 1;
        !self.kill.is_empty() || self.two_leaves > TWO_LEAVES_LISTED
    }

    /// Two pieces left: their compatible pairs avoiding `blocked`, each
    /// placement credited (times `weight`) with the partners it has.
    fn two(&mut self, places: &Places, left: usize, blocked: u128, heat: &mut [u128], weight: u128) -> u128 {
        self.build(places);
        let a = left.trailing_zeros() as usize;
        let b = (left & (left - 1)).trailing_zeros() as usize;
        let (xs, ys) = (alive_of(places, a, blocked), alive_of(places, b, blocked));
        let (cx, cy) = (popcount(&xs) as u128, popcount(&ys) as u128);
        let mut total = 0u128;
        for_each_bit(&xs, |x| {
            let n = cy - and_count(&self.kill[a][x][b], &ys) as u128;
            add_cells(heat, places[a][x].0, weight * n);
            total += n;
        });
        for_each_bit(&ys, |y| {
            let n = cx - and_count(&self.kill[b][y][a], &xs) as u128;
            add_cells(heat, places[b][y].0, weight * n);
        });
        total
    }

    /// Adds the last-three step's placement totals to the cells' `heat`
    /// and starts them again from zero.
    fn settle(&mut self, places: &Places, heat: &mut [u128]) {
        for (list, totals) in places.iter().zip(&mut self.totals) {
            for (&(cells, _), t) in list.iter().zip(totals.iter_mut()) {
                add_cells(heat, cells, std::mem::take(t));
            }
        }
    }

    fn build(&mut self, places: &Places) {
        if !self.kill.is_empty() {
            return;
        }
        self.totals = places.iter().map(|list| vec![0; list.len()]).collect();
        let clash = |(ac, ah): (u128, u128), (bc, bh): (u128, u128)| ac & (bc | bh) != 0 || bc & (ac | ah) != 0;
        self.kill = places
            .iter()
            .enumerate()
            .map(|(a, list_a)| {
                list_a
                    .iter()
                    .map(|&pa| {
                        places
                            .iter()
                            .enumerate()
                            .map(|(b, list_b)| {
                                let mut bits = vec![0u64; list_b.len().div_ceil(64).max(1)];
                                if a != b {
                                    for (q, &pb) in list_b.iter().enumerate() {
                                        if clash(pa, pb) {
                                            bits[q / 64] |= 1 << (q % 64);
                                        }
                                    }
                                }
                                bits
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
    }

    /// Three or four pieces left: their deployments avoiding `blocked`, with
    /// their cells added to `heat` (times `weight`); `None` (nothing added)
    /// when a piece has too many placements for the last-three step.
    fn three_or_four(
        &mut self,
        places: &Places,
        left: usize,
        blocked: u128,
        heat: &mut [u128],
        weight: u128,
    ) -> Option<u128> {
        self.build(places);
        let pieces: Vec<usize> = (0..places.len()).filter(|i| left >> i & 1 == 1).collect();
        let alive: Vec<Vec<u64>> = pieces.iter().map(|&i| alive_of(places, i, blocked)).collect();
        if pieces.len() == 3 {
            let steps = self.steps_for([pieces[0], pieces[1], pieces[2]])?;
            return Some(three(
                places,
                &steps,
                [pieces[0], pieces[1], pieces[2]],
                [&alive[0], &alive[1], &alive[2]],
                &mut self.totals,
                weight,
            ));
        }
        // Four: the piece with the fewest placements left is placed in turn.
        let first = (0..4).min_by_key(|&k| alive[k].iter().map(|w| w.count_ones()).sum::<u32>())?;
        let rest: Vec<usize> = (0..4).filter(|&k| k != first).collect();
        let trio = [pieces[rest[0]], pieces[rest[1]], pieces[rest[2]]];
        let steps = self.steps_for(trio)?;
        let f = pieces[first];
        let mut total = 0u128;
        let mut next: Vec<Vec<u64>> = rest.iter().map(|&k| alive[k].clone()).collect();
        for (wi, &word) in alive[first].iter().enumerate() {
            let mut w = word;
            while w != 0 {
                let p = wi * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                for (slot, &k) in next.iter_mut().zip(&rest) {
                    for ((s, a), kill) in slot.iter_mut().zip(&alive[k]).zip(&self.kill[f][p][pieces[k]]) {
                        *s = a & !kill;
                    }
                }
                let n = three(
                    places,
                    &steps,
                    trio,
                    [&next[0], &next[1], &next[2]],
                    &mut self.totals,
                    weight,
                );
                add_cells(heat, places[f][p].0, weight * n);
                total += n;
            }
        }
        Some(total)
    }

    /// The last-three steps with each of `trio` outer (S, X, Y as in the bitboard counter).
    fn steps_for(&mut self, trio: [usize; 3]) -> Option<[Arc<LastThree>; 3]> {
        let [s, x, y] = trio;
        let mut get = |o: usize, a: usize, b: usize| -> Option<Arc<LastThree>> {
            let kill = &self.kill;
            self.steps
                .entry((o, a, b))
                .or_insert_with(|| LastThree::outer(kill, o, a, b).map(Arc::new))
                .clone()
        };
        Some([get(s, x, y)?, get(x, s, y)?, get(y, s, x)?])
    }
}

/// The last three pieces' deployments (each outer once, its placements'
/// totals credited with the pairs they leave; a twin with the same
/// placements alive repeats an earlier rotation and is skipped).
fn three(
    places: &Places,
    steps: &[Arc<LastThree>; 3],
    trio: [usize; 3],
    alive: [&Vec<u64>; 3],
    totals: &mut [Vec<u128>],
    weight: u128,
) -> u128 {
    let mut times = [1u128; 3];
    for k in 1..3 {
        if let Some(j) = (0..k).find(|&j| times[j] > 0 && places[trio[j]] == places[trio[k]] && alive[j] == alive[k]) {
            times[j] += 1;
            times[k] = 0;
        }
    }
    let mut total = 0u128;
    for k in 0..3 {
        if times[k] == 0 {
            continue;
        }
        let (o, a, b) = match k {
            0 => (0, 1, 2),
            1 => (1, 0, 2),
            _ => (2, 0, 1),
        };
        let outer = &mut totals[trio[o]];
        let mut count = 0u128;
        steps[k].each(alive[o], alive[a], alive[b], &mut |p, pairs| {
            count += pairs as u128;
            outer[p] += pairs as u128 * times[k] * weight;
        });
        if k == 0 {
            total = count;
        }
    }
    total
}

/// One or two pieces left (most leaves of a hunt's splits): their placements
/// and compatible pairs listed directly, quicker than setting up a counter.
fn few_left(places: &[Vec<(u128, u128)>], left: usize, blocked: u128, heat: &mut [u128], weight: u128) -> u128 {
    let free = |piece: usize| -> Vec<(u128, u128)> {
        places[piece]
            .iter()
            .copied()
            .filter(|(c, _)| c & blocked == 0)
            .collect()
    };
    let a = left.trailing_zeros() as usize;
    let rest = left & (left - 1);
    if rest == 0 {
        let list = free(a);
        for &(cells, _) in &list {
            add_cells(heat, cells, weight);
        }
        return list.len() as u128;
    }
    let (xs, ys) = (free(a), free(rest.trailing_zeros() as usize));
    let mut y_times = vec![0u128; ys.len()];
    let mut total = 0u128;
    for &(xc, xh) in &xs {
        let mut n = 0u128;
        for (k, &(yc, yh)) in ys.iter().enumerate() {
            if xc & (yc | yh) == 0 && yc & (xc | xh) == 0 {
                n += 1;
                y_times[k] += 1;
            }
        }
        add_cells(heat, xc, weight * n);
        total += n;
    }
    for (&(yc, _), &n) in ys.iter().zip(&y_times) {
        add_cells(heat, yc, weight * n);
    }
    total
}
