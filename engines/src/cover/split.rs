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
use super::{CountError, FleetCover};
use crate::run::CancelFlag;

/// Ships the split takes (the bitboard's leaves handle up to six).
pub const MAX_SHIPS: usize = 6;
/// Ships still afloat for the split to be the quicker (measured on classic hunts).
const MIN_AFLOAT: usize = 4;

/// Labelled deployments and per-cell occupancy (board index order), or
/// `None` when the cover is not one the split takes (over 128 cells, too
/// many ships, or no hit to split on).
pub fn split_occupancy(cover: &FleetCover, cancel: &CancelFlag) -> Result<Option<(u128, Vec<u128>)>, CountError> {
    let cells = cover.index.len();
    // Late in a hunt (three ships or fewer afloat) the frontier counter,
    // pruned by the many hits, is the quicker one.
    let afloat = cover.placements.iter().filter(|p| p.len() > 1).count();
    if cells > 128 || cover.placements.len() > MAX_SHIPS || cover.hits.is_empty() || afloat < MIN_AFLOAT {
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
    let total = split(cover, &places, all, 0, open, &mut heat, cancel)?;
    Ok(Some((total, heat)))
}

/// Deployments of the pieces in `left` avoiding `blocked` and covering
/// `open`; adds their occupancy to `heat`.
fn split(
    cover: &FleetCover,
    places: &[Vec<(u128, u128)>],
    left: usize,
    blocked: u128,
    open: u128,
    heat: &mut [u128],
    cancel: &CancelFlag,
) -> Result<u128, CountError> {
    cancel.check()?;
    let fits = |piece: usize, cells: u128| left >> piece & 1 == 1 && cells & blocked == 0;
    if open == 0 {
        return leaf(cover, places, left, blocked, heat, cancel);
    }
    // The open hit under the fewest places.
    let mut best: Option<(usize, u32)> = None;
    let mut o = open;
    while o != 0 {
        let h = o.trailing_zeros();
        o &= o - 1;
        let n = places
            .iter()
            .enumerate()
            .map(|(piece, list)| list.iter().filter(|(c, _)| c >> h & 1 == 1 && fits(piece, *c)).count())
            .sum::<usize>();
        if best.is_none_or(|(m, _)| n < m) {
            best = Some((n, h));
        }
    }
    let Some((_, h)) = best else { return Ok(0) };
    let mut total = 0u128;
    for (piece, list) in places.iter().enumerate() {
        for &(cells, halo) in list {
            if cells >> h & 1 == 0 || !fits(piece, cells) {
                continue;
            }
            let sub = split(
                cover,
                places,
                left & !(1 << piece),
                blocked | cells | halo,
                open & !cells,
                heat,
                cancel,
            )?;
            total += sub;
            let mut c = cells;
            while c != 0 {
                heat[c.trailing_zeros() as usize] += sub;
                c &= c - 1;
            }
        }
    }
    Ok(total)
}

/// No open hit left: the remaining pieces' deployments avoiding `blocked`,
/// counted with their map by the bitboard counter.
fn leaf(
    cover: &FleetCover,
    places: &[Vec<(u128, u128)>],
    left: usize,
    blocked: u128,
    heat: &mut [u128],
    cancel: &CancelFlag,
) -> Result<u128, CountError> {
    if left == 0 {
        return Ok(1);
    }
    if left.count_ones() <= 2 {
        return Ok(few_left(places, left, blocked, heat));
    }
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
    let counter = BitboardCounter::new(&sub, false).expect("at most 128 cells");
    let (total, map) = counter.count_with_heat(cancel, &|_, _| {})?;
    for (h, m) in heat.iter_mut().zip(map) {
        *h += m;
    }
    Ok(total)
}

/// One or two pieces left (most leaves of a hunt's splits): their placements
/// and compatible pairs listed directly, quicker than setting up a counter.
fn few_left(places: &[Vec<(u128, u128)>], left: usize, blocked: u128, heat: &mut [u128]) -> u128 {
    let free = |piece: usize| -> Vec<(u128, u128)> {
        places[piece]
            .iter()
            .copied()
            .filter(|(c, _)| c & blocked == 0)
            .collect()
    };
    let mut add = |cells: u128, n: u128| {
        let mut c = cells;
        while c != 0 {
            heat[c.trailing_zeros() as usize] += n;
            c &= c - 1;
        }
    };
    let a = left.trailing_zeros() as usize;
    let rest = left & (left - 1);
    if rest == 0 {
        let list = free(a);
        for &(cells, _) in &list {
            add(cells, 1);
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
        add(xc, n);
        total += n;
    }
    for (&(yc, _), &n) in ys.iter().zip(&y_times) {
        add(yc, n);
    }
    total
}
