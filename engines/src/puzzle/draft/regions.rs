//! Drafting region boards (Queens, Star Battle, coloured chess): plant marks
//! that never touch, grow one connected region around each group of marks,
//! and move a random region's boundary cell into a neighbouring region (or,
//! for regions of any shape, any cell into any region). The board helpers
//! they use are `puzzle/regions.rs`.

use crate::puzzle::deduce::Grade;
use crate::puzzle::family::{Change, OptionKind, OptionSpec, Options};
use crate::puzzle::regions::{move_cell, neighbours};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// What shape a generated region may take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RegionShape {
    /// One connected piece (LinkedIn Queens, the Star Battle and chess boards people know).
    #[default]
    Connected,
    /// Any set of cells, as the generalised Queens and the Coloured Chess
    /// Piece Problem of "A QUBO Formulation for the Generalized LinkedIn
    /// Queens and Takuzu/Tango Game" allow. Only such boards have been found
    /// to need a probe of depth 2 (Fiendish).
    Any,
}

/// The option every region-board generator shares: connected regions or any shape.
pub const REGIONS: OptionSpec = OptionSpec {
    key: "regions",
    flag: "regions",
    label: "Regions",
    text: "any shape",
    what: "regions",
    help: "Regions are connected (one piece each, as LinkedIn's) or of any shape (any set of cells, as the \
           generalised puzzles of the QUBO paper allow; only such boards have been found to be Fiendish)",
    kind: OptionKind::Choice {
        words: &["connected", "any"],
        default: "connected",
    },
};

impl RegionShape {
    /// The shape the [`REGIONS`] option holds.
    pub fn of(options: &Options) -> RegionShape {
        match options.choice(REGIONS.key) {
            "any" => RegionShape::Any,
            _ => RegionShape::Connected,
        }
    }

    /// Its word in [`REGIONS`].
    pub fn word(self) -> &'static str {
        match self {
            RegionShape::Connected => "connected",
            RegionShape::Any => "any",
        }
    }
}

/// Why no Fiendish board of connected regions is expected (none has been found).
pub fn never_found(options: &Options, grade: Grade) -> Option<&'static str> {
    (RegionShape::of(options) == RegionShape::Connected && grade == Grade::Fiendish).then_some(
        "no Fiendish board of connected regions has been found in this family; regions of any shape reach it",
    )
}

/// What reaches Fiendish where [`never_found`] speaks: regions of any shape.
pub const ANY_SHAPE: &[Change] = &[Change::Choice("regions", "any")];

/// Search nodes one planting may use before it gives up (and is retried).
const PLANT_NODES: usize = 20_000;

/// `per` marks in every row and column of an n×n board, no two touching
/// (orthogonally or diagonally), row by row at random; cells row-major.
pub fn plant(n: usize, per: usize, rng: &mut ChaCha8Rng) -> Option<Vec<usize>> {
    struct State<'a> {
        n: usize,
        per: usize,
        col_count: Vec<usize>,
        rows: Vec<Vec<usize>>,
        nodes: usize,
        rng: &'a mut ChaCha8Rng,
    }
    /// Every choice of `per` columns in a row, none next to another.
    fn row_choices(n: usize, per: usize) -> Vec<Vec<usize>> {
        fn go(start: usize, n: usize, left: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if left == 0 {
                out.push(cur.clone());
                return;
            }
            for c in start..n {
                cur.push(c);
                go(c + 2, n, left - 1, cur, out);
                cur.pop();
            }
        }
        let mut out = Vec::new();
        go(0, n, per, &mut Vec::new(), &mut out);
        out
    }
    fn place(s: &mut State, choices: &[Vec<usize>]) -> bool {
        let r = s.rows.len();
        if r == s.n {
            return true;
        }
        s.nodes += 1;
        if s.nodes > PLANT_NODES {
            return false;
        }
        let mut order: Vec<usize> = (0..choices.len()).collect();
        order.shuffle(s.rng);
        for k in order {
            let cols = &choices[k];
            let clash = cols.iter().any(|&c| {
                s.col_count[c] == s.per
                    || s.rows
                        .last()
                        .is_some_and(|prev| prev.iter().any(|&p| p.abs_diff(c) <= 1))
            });
            // Columns must still be able to fill: no column can need more than the rows left.
            if clash {
                continue;
            }
            cols.iter().for_each(|&c| s.col_count[c] += 1);
            let rows_left = s.n - r - 1;
            if s.col_count.iter().all(|&k| s.per - k <= rows_left.div_ceil(2)) {
                s.rows.push(cols.clone());
                if place(s, choices) {
                    return true;
                }
                s.rows.pop();
            }
            cols.iter().for_each(|&c| s.col_count[c] -= 1);
        }
        false
    }
    let choices = row_choices(n, per);
    let mut s = State {
        n,
        per,
        col_count: vec![0; n],
        rows: Vec::new(),
        nodes: 0,
        rng,
    };
    place(&mut s, &choices).then(|| {
        s.rows
            .iter()
            .enumerate()
            .flat_map(|(r, cols)| cols.iter().map(move |&c| r * n + c))
            .collect()
    })
}

/// Groups of `per` marks, each mark with the nearest marks still free, so a
/// region can join them.
pub fn group(marks: &[usize], per: usize, n: usize, rng: &mut ChaCha8Rng) -> Vec<Vec<usize>> {
    let mut free: Vec<usize> = marks.to_vec();
    free.shuffle(rng);
    let dist = |a: usize, b: usize| (a / n).abs_diff(b / n) + (a % n).abs_diff(b % n);
    let mut groups = Vec::new();
    while let Some(first) = free.pop() {
        let mut g = vec![first];
        while g.len() < per && !free.is_empty() {
            let k = (0..free.len())
                .min_by_key(|&k| dist(free[k], first))
                .expect("free marks");
            g.push(free.swap_remove(k));
        }
        groups.push(g);
    }
    groups
}

/// One connected region per group: each group's marks joined by a shortest
/// path through unclaimed cells, then the rest of the board claimed cell by
/// cell from random neighbours. `None` when a path is blocked.
pub fn grow(n: usize, groups: &[Vec<usize>], rng: &mut ChaCha8Rng) -> Option<Vec<u16>> {
    let mut region = vec![u16::MAX; n * n];
    let marked: Vec<bool> = {
        let mut m = vec![false; n * n];
        groups.iter().flatten().for_each(|&c| m[c] = true);
        m
    };
    for (k, g) in groups.iter().enumerate() {
        region[g[0]] = k as u16;
        for &target in &g[1..] {
            let path = path_to(n, &region, &marked, k as u16, target)?;
            path.into_iter().for_each(|c| region[c] = k as u16);
        }
    }
    // Each region grows at its own pace, so sizes vary (small regions make
    // easy starts, large ones hard middles).
    let pace: Vec<f64> = groups.iter().map(|_| rng.random_range(-1.5f64..1.5).exp()).collect();
    let mut left = region.iter().filter(|&&k| k == u16::MAX).count();
    while left > 0 {
        let frontier: Vec<(usize, u16)> = (0..n * n)
            .filter(|&c| region[c] == u16::MAX)
            .flat_map(|c| {
                let region = &region;
                neighbours(c, n).filter_map(move |x| (region[x] != u16::MAX).then_some((c, region[x])))
            })
            .collect();
        let total: f64 = frontier.iter().map(|&(_, k)| pace[k as usize]).sum();
        let mut pick = rng.random_range(0.0..total);
        let &(cell, k) = frontier
            .iter()
            .find(|&&(_, k)| {
                pick -= pace[k as usize];
                pick < 0.0
            })
            .unwrap_or(&frontier[frontier.len() - 1]);
        region[cell] = k;
        left -= 1;
    }
    Some(region)
}

/// A shortest path from region `k` to `target` through unclaimed, unmarked cells.
fn path_to(n: usize, region: &[u16], marked: &[bool], k: u16, target: usize) -> Option<Vec<usize>> {
    let mut from = vec![usize::MAX; n * n];
    let mut queue: VecDeque<usize> = (0..n * n).filter(|&c| region[c] == k).collect();
    queue.iter().for_each(|&c| from[c] = c);
    while let Some(x) = queue.pop_front() {
        if x == target {
            let mut path = vec![x];
            let mut y = x;
            while from[y] != y {
                y = from[y];
                path.push(y);
            }
            return Some(path);
        }
        for y in neighbours(x, n) {
            let open = region[y] == u16::MAX && (!marked[y] || y == target);
            if from[y] == usize::MAX && open {
                from[y] = x;
                queue.push_back(y);
            }
        }
    }
    None
}

/// Moves a random boundary cell (never a fixed one) into a neighbouring
/// region, keeping its region connected; false when the draw found none.
pub fn mutate(region: &mut [u16], n: usize, fixed: &[usize], rng: &mut ChaCha8Rng) -> bool {
    for _ in 0..64 {
        let cell = rng.random_range(0..n * n);
        if fixed.contains(&cell) {
            continue;
        }
        let from = region[cell];
        if from == u16::MAX {
            continue; // a hole (only the hole changes move it)
        }
        let to: Vec<u16> = neighbours(cell, n)
            .map(|x| region[x])
            .filter(|&k| k != from && k != u16::MAX)
            .collect();
        let Some(&to) = to.get(rng.random_range(0..to.len().max(1))) else {
            continue;
        };
        if move_cell(region, n, cell, to) {
            return true;
        }
    }
    false
}

/// Moves a random cell (never a fixed one or a hole) into another region
/// drawn at random, for regions of any shape (each region keeps its fixed
/// cells, so none empties); false when the draw found none.
pub fn mutate_anywhere(region: &mut [u16], fixed: &[usize], rng: &mut ChaCha8Rng) -> bool {
    let regions = region.iter().filter(|&&k| k != u16::MAX).max().map_or(0, |&k| k + 1);
    if regions < 2 {
        return false;
    }
    for _ in 0..64 {
        let cell = rng.random_range(0..region.len());
        if fixed.contains(&cell) || region[cell] == u16::MAX {
            continue;
        }
        // A draw over the other regions: 0..regions - 1, skipping its own.
        let mut to = rng.random_range(0..regions - 1);
        if to >= region[cell] {
            to += 1;
        }
        region[cell] = to;
        return true;
    }
    false
}
