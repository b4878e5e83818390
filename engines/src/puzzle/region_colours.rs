//! Which colour of a palette each region of a puzzle is drawn in, so that
//! regions that touch never look alike.
//!
//! A region board is read by its colours first and its borders second: two
//! neighbours in similar colours read as one region. The regions that touch
//! (along a side or at a corner) form a graph, coloured greedily in the order
//! of DSatur (Brélaz, "New methods to color the vertices of a graph", 1979):
//! next the region whose neighbours already use the most colours. Each region
//! takes, among the colours at least `clear` away from every neighbour's, the
//! first not used yet (while the palette lasts every region has its own, as
//! in LinkedIn's Queens), else the one farthest from its neighbours'. How far
//! two colours are apart is the caller's (a perceptual distance): the engine
//! knows only palette indices.

/// The regions touching each region along a side or at a corner, by region
/// number (`regions` row-major; `None` is a cell of no region).
pub fn touching_regions(rows: usize, cols: usize, regions: &[Option<u16>]) -> Vec<Vec<usize>> {
    let count = regions.iter().flatten().map(|&k| k as usize + 1).max().unwrap_or(0);
    let mut touching = vec![Vec::new(); count];
    let at = |r: usize, c: usize| regions.get(r * cols + c).copied().flatten();
    for r in 0..rows {
        for c in 0..cols {
            let Some(a) = at(r, c) else { continue };
            // Right, down, and both diagonals below: each touching pair once.
            let below = r + 1 < rows;
            let next = [
                (c + 1 < cols).then(|| (r, c + 1)),
                below.then_some((r + 1, c)),
                (below && c + 1 < cols).then(|| (r + 1, c + 1)),
                (below && c > 0).then(|| (r + 1, c - 1)),
            ];
            for (r2, c2) in next.into_iter().flatten() {
                if let Some(b) = at(r2, c2)
                    && a != b
                {
                    let (a, b) = (a as usize, b as usize);
                    if !touching[a].contains(&b) {
                        touching[a].push(b);
                        touching[b].push(a);
                    }
                }
            }
        }
    }
    touching
}

/// A palette index for each region number of `regions` (0 for a number no
/// cell has): regions that touch get colours at least `clear` apart when
/// the palette allows it, and as far apart as it allows otherwise.
/// `distance(i, j)` is how different palette colours `i` and `j` look.
pub fn colour_regions(
    rows: usize,
    cols: usize,
    regions: &[Option<u16>],
    colours: usize,
    distance: &dyn Fn(usize, usize) -> f64,
    clear: f64,
) -> Vec<usize> {
    let touching = touching_regions(rows, cols, regions);
    let n = touching.len();
    let mut present = vec![false; n];
    for &k in regions.iter().flatten() {
        present[k as usize] = true;
    }
    let mut colour: Vec<Option<usize>> = vec![None; n];
    if colours == 0 {
        return vec![0; n];
    }
    let mut used = vec![0usize; colours];
    let apart = |a: usize, b: usize| if a == b { 0.0 } else { distance(a, b) };
    loop {
        let saturation = |r: usize| {
            let mut seen: Vec<usize> = touching[r].iter().filter_map(|&t| colour[t]).collect();
            seen.sort_unstable();
            seen.dedup();
            seen.len()
        };
        let Some(region) = (0..n)
            .filter(|&r| present[r] && colour[r].is_none())
            .max_by_key(|&r| (saturation(r), touching[r].len(), std::cmp::Reverse(r)))
        else {
            break;
        };
        let theirs: Vec<usize> = touching[region].iter().filter_map(|&t| colour[t]).collect();
        let nearest = |c: usize| theirs.iter().map(|&o| apart(c, o)).fold(f64::INFINITY, f64::min);
        // Clear of the neighbours first; then a colour not used yet, the
        // palette's order (its first colours are the familiar ones); once
        // every colour is in use, the one farthest from the neighbours'.
        let best = (0..colours)
            .max_by(|&a, &b| {
                let (da, db) = (nearest(a), nearest(b));
                let (fresh_a, fresh_b) = (used[a] == 0, used[b] == 0);
                let farther = if fresh_a && fresh_b {
                    std::cmp::Ordering::Equal
                } else {
                    da.total_cmp(&db)
                };
                (da >= clear)
                    .cmp(&(db >= clear))
                    .then(fresh_a.cmp(&fresh_b))
                    .then(farther)
                    .then(used[b].cmp(&used[a]))
                    // The lower index on a tie (max_by keeps the last of equals).
                    .then(b.cmp(&a))
            })
            .expect("a palette of one colour at least");
        colour[region] = Some(best);
        used[best] += 1;
    }
    colour.into_iter().map(|c| c.unwrap_or(0)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_counts_sides_and_corners_once() {
        // a a b
        // c d b
        let regions = [Some(0), Some(0), Some(1), Some(2), Some(3), Some(1)];
        let t = touching_regions(2, 3, &regions);
        let sorted = |mut v: Vec<usize>| {
            v.sort_unstable();
            v
        };
        assert_eq!(sorted(t[0].clone()), [1, 2, 3]);
        assert_eq!(sorted(t[1].clone()), [0, 3]);
        assert_eq!(sorted(t[2].clone()), [0, 3]);
        assert_eq!(sorted(t[3].clone()), [0, 1, 2]);
    }
}
