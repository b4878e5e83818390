//! LinkedIn-style Queens: plant a solution (one queen per row and column,
//! none touching diagonally), grow one region around each queen, then move
//! boundary cells between regions until the puzzle is unique and its grade is
//! the one asked for. The planted queens keep their regions, so every draft
//! has at least that solution.

use super::{GenerateRequest, Generated, check};
use crate::puzzle::deduce::{self, Grade};
use crate::puzzle::families::queens::Queens;
use crate::puzzle::{ExactRequest, Puzzle};
use crate::run::CancelFlag;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A queen per row: `cols[r]`, all columns different, neighbours' columns at
/// least 2 apart (queens never touch).
fn plant(n: usize, rng: &mut ChaCha8Rng) -> Option<Vec<usize>> {
    fn place(r: usize, n: usize, cols: &mut Vec<usize>, used: &mut [bool], rng: &mut ChaCha8Rng) -> bool {
        if r == n {
            return true;
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.shuffle(rng);
        for c in order {
            if used[c] || cols.last().is_some_and(|&p| p.abs_diff(c) <= 1) {
                continue;
            }
            used[c] = true;
            cols.push(c);
            if place(r + 1, n, cols, used, rng) {
                return true;
            }
            cols.pop();
            used[c] = false;
        }
        false
    }
    let mut cols = Vec::with_capacity(n);
    place(0, n, &mut cols, &mut vec![false; n], rng).then_some(cols)
}

fn neighbours(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = ((cell / n) as i64, (cell % n) as i64);
    [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)]
        .into_iter()
        .filter_map(move |(dr, dc)| {
            let (a, b) = (r + dr, c + dc);
            (a >= 0 && b >= 0 && a < n as i64 && b < n as i64).then(|| (a * n as i64 + b) as usize)
        })
}

/// One region grown around each queen, cell by cell at random.
fn grow(n: usize, queens: &[usize], rng: &mut ChaCha8Rng) -> Vec<u16> {
    let mut region = vec![u16::MAX; n * n];
    for (k, &q) in queens.iter().enumerate() {
        region[q] = k as u16;
    }
    let mut left = n * n - queens.len();
    while left > 0 {
        let cell = rng.random_range(0..n * n);
        if region[cell] != u16::MAX {
            continue;
        }
        let near: Vec<u16> = neighbours(cell, n)
            .map(|x| region[x])
            .filter(|&k| k != u16::MAX)
            .collect();
        if let Some(&k) = near.get(rng.random_range(0..near.len().max(1))) {
            region[cell] = k;
            left -= 1;
        }
    }
    region
}

/// Is region `k` still connected without `cell`?
fn connected_without(region: &[u16], n: usize, k: u16, cell: usize) -> bool {
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

/// Moves a random boundary cell (never a queen's) into a neighbouring region,
/// keeping both regions connected; false when the draw found none.
fn mutate(region: &mut [u16], n: usize, queens: &[usize], rng: &mut ChaCha8Rng) -> bool {
    for _ in 0..64 {
        let cell = rng.random_range(0..n * n);
        if queens.contains(&cell) {
            continue;
        }
        let from = region[cell];
        let to: Vec<u16> = neighbours(cell, n).map(|x| region[x]).filter(|&k| k != from).collect();
        let Some(&to) = to.get(rng.random_range(0..to.len().max(1))) else {
            continue;
        };
        if connected_without(region, n, from, cell) {
            region[cell] = to;
            return true;
        }
    }
    false
}

/// How far a draft is from what was asked: 0 accepts. Not unique counts as
/// farther than any grade, the more solutions the farther.
fn distance(puzzle: &Puzzle, want: Grade, cancel: &CancelFlag) -> Result<(u32, Grade), String> {
    // Counting up to 64 gives the search a slope: fewer solutions is closer.
    let count = puzzle
        .solve_exact(ExactRequest::new(64, 0), cancel)
        .map_err(|e| e.to_string())?
        .count;
    if count != 1 {
        return Ok((10 + count as u32, Grade::NeedsSearch));
    }
    let spec = puzzle.as_family().ladder()?;
    let grade = deduce::explain_spec(&spec, cancel).grade;
    let rank = |g: Grade| g as u32;
    Ok((rank(grade).abs_diff(rank(want)), grade))
}

/// A unique LinkedIn Queens puzzle of `req.size` whose grade is `req.grade`;
/// the same seed gives the same puzzle. `progress` hears the drafts tried so
/// far, every 100.
pub fn generate(req: &GenerateRequest, cancel: &CancelFlag, progress: &dyn Fn(usize)) -> Result<Generated, String> {
    check(req)?;
    let n = req.size;
    let mut rng = ChaCha8Rng::seed_from_u64(req.seed);
    let mut tries = 0;
    while tries < req.max_tries {
        let Some(cols) = plant(n, &mut rng) else {
            return Err(format!("no {n}×{n} board holds queens that never touch"));
        };
        let queens: Vec<usize> = cols.iter().enumerate().map(|(r, &c)| r * n + c).collect();
        let mut region = grow(n, &queens, &mut rng);
        let mut best = distance(&Puzzle::Queens(Queens::linkedin(n, region.clone())), req.grade, cancel)?;
        tries += 1;
        // Refine this draft for a while before planting a new one.
        for _ in 0..(100 * n) {
            if best.0 == 0 || tries >= req.max_tries {
                break;
            }
            if cancel.is_cancelled() {
                return Err("cancelled".into());
            }
            let mut next = region.clone();
            if !mutate(&mut next, n, &queens, &mut rng) {
                break;
            }
            let d = distance(&Puzzle::Queens(Queens::linkedin(n, next.clone())), req.grade, cancel)?;
            tries += 1;
            if tries % 100 == 0 {
                progress(tries);
            }
            if d.0 <= best.0 {
                region = next;
                best = d;
            }
        }
        if best.0 == 0 {
            return Ok(Generated {
                puzzle: Puzzle::Queens(Queens::linkedin(n, region)),
                grade: best.1,
                tries,
            });
        }
    }
    Err(format!(
        "no {n}×{n} Queens puzzle of grade {} in {} tries (try another seed or more tries)",
        req.grade.name(),
        req.max_tries
    ))
}
