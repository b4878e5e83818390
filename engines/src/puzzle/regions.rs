//! Region boards as data (a region number per cell, row-major, on an n×n
//! board; [`NO_REGION`] for a hole): the side neighbours of a cell, whether
//! regions are connected, moving a boundary cell into the region next to it,
//! and regions renamed in reading order. The generator's drafts and the
//! setter's boundary moves both stand on these.

use crate::puzzle::vocab::NO_REGION;

/// The cells beside `cell` (up, down, left, right) on an n×n board.
pub fn neighbours(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = ((cell / n) as i64, (cell % n) as i64);
    [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)]
        .into_iter()
        .filter_map(move |(dr, dc)| {
            let (a, b) = (r + dr, c + dc);
            (a >= 0 && b >= 0 && a < n as i64 && b < n as i64).then(|| (a * n as i64 + b) as usize)
        })
}

/// Is region `k` still connected without `cell`?
pub fn connected_without(region: &[u16], n: usize, k: u16, cell: usize) -> bool {
    let cells: Vec<usize> = (0..n * n).filter(|&x| x != cell && region[x] == k).collect();
    let Some(&first) = cells.first() else { return false };
    let mut seen = vec![false; n * n];
    let mut stack = vec![first];
    seen[first] = true;
    let mut reached = 0;
    while let Some(x) = stack.pop() {
        reached += 1;
        for y in neighbours(x, n) {
            if y != cell && !seen[y] && region[y] == k {
                seen[y] = true;
                stack.push(y);
            }
        }
    }
    reached == cells.len()
}

/// Is every region (holes aside) one connected piece?
pub fn all_connected(region: &[u16], n: usize) -> bool {
    let mut ids: Vec<u16> = region.iter().copied().filter(|&k| k != NO_REGION).collect();
    ids.sort_unstable();
    ids.dedup();
    // No real cell is left out.
    ids.into_iter().all(|k| connected_without(region, n, k, usize::MAX))
}

/// Moves `cell` into neighbouring region `to` if its own region stays connected.
pub fn move_cell(region: &mut [u16], n: usize, cell: usize, to: u16) -> bool {
    let from = region[cell];
    if from == to || !neighbours(cell, n).any(|x| region[x] == to) || !connected_without(region, n, from, cell) {
        return false;
    }
    region[cell] = to;
    true
}

/// The regions renamed in reading order (the first cell's region is 0, the
/// next new one 1, …; holes stay holes), as a puzzle file names them when it
/// is read back: so the letters a generated puzzle shows are the file's.
pub fn in_reading_order(region: &[u16]) -> Vec<u16> {
    let mut name = std::collections::HashMap::new();
    region
        .iter()
        .map(|&k| {
            if k == NO_REGION {
                return k;
            }
            let next = name.len() as u16;
            *name.entry(k).or_insert(next)
        })
        .collect()
}
