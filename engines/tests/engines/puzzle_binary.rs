//! The exact counter of Takuzu, Binairo and Tango on large and blank grids:
//! blank grids counted again by an independent row-by-row brute force, random
//! puzzles counted again by the model search, and large empty grids reaching
//! the count cap within a node budget (no clock: nodes are the same on every
//! machine).

use fleetscope_engines::geometry::BinaryMatrix;
use fleetscope_engines::puzzle::exact::solve_model_pruned;
use fleetscope_engines::puzzle::families::binary::{BinaryLink, BinaryPuzzle};
use fleetscope_engines::puzzle::vocab::Wrap;
use fleetscope_engines::puzzle::{CountSpec, ExactRequest, Puzzle};
use fleetscope_engines::run::CancelFlag;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

/// Blank balanced grids, counted row by row over every balanced row with no
/// three alike, columns checked as they grow (and, for Takuzu, distinct
/// rows and columns on complete grids).
fn brute_blank(rows: usize, cols: usize, unique: bool) -> u64 {
    let no_three = |line: &[bool]| line.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2]));
    let ones = |line: &[bool]| line.iter().filter(|&&x| x).count();
    let patterns: Vec<Vec<bool>> = (0u32..1 << cols)
        .map(|b| (0..cols).map(|j| b >> j & 1 == 1).collect::<Vec<bool>>())
        .filter(|r| no_three(r) && ones(r) == cols.div_ceil(2))
        .collect();
    fn grow(g: &mut Vec<Vec<bool>>, patterns: &[Vec<bool>], rows: usize, unique: bool, count: &mut u64) {
        let cols = patterns[0].len();
        let col = |g: &[Vec<bool>], j: usize| g.iter().map(|r| r[j]).collect::<Vec<bool>>();
        let col_ok = |c: &[bool]| {
            let ones = c.iter().filter(|&&x| x).count();
            c.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2]))
                && ones <= rows.div_ceil(2)
                && c.len() - ones <= rows - rows.div_ceil(2)
        };
        if g.len() == rows {
            if unique {
                let r: BTreeSet<&Vec<bool>> = g.iter().collect();
                let c: BTreeSet<Vec<bool>> = (0..cols).map(|j| col(g, j)).collect();
                if r.len() < rows || c.len() < cols {
                    return;
                }
            }
            *count += 1;
            return;
        }
        for p in patterns {
            g.push(p.clone());
            if (0..cols).all(|j| col_ok(&col(g, j))) {
                grow(g, patterns, rows, unique, count);
            }
            g.pop();
        }
    }
    let mut count = 0;
    grow(&mut Vec::new(), &patterns, rows, unique, &mut count);
    count
}

fn count_all(p: &BinaryPuzzle) -> u64 {
    let r = Puzzle::Binary(p.clone())
        .solve_exact(ExactRequest::new(u64::MAX, 0), &CancelFlag::new())
        .unwrap();
    assert!(r.is_complete());
    r.count
}

#[test]
fn blank_binary_grids_match_a_row_by_row_brute_force() {
    // Takuzu 2×2, 4×4, 6×6: 2, 72, 4140 (A253316); Binairo 6×6: 11,222.
    for (rows, cols) in [(2, 2), (4, 4), (6, 6), (4, 6), (6, 4), (2, 8), (4, 8), (3, 5), (5, 3)] {
        for unique in [false, true] {
            let want = brute_blank(rows, cols, unique);
            let got = count_all(&BinaryPuzzle::blank(rows, cols, unique));
            assert_eq!(got, want, "{rows}x{cols}, unique lines {unique}");
        }
    }
}

/// The same puzzle counted by the search over the plain model (each rule a
/// sum, distinct lines checked on complete grids).
fn model_count(p: &BinaryPuzzle, limit: u64) -> (u64, bool) {
    let model = p.model().unwrap();
    let filter = |g: &BinaryMatrix| p.repeated_lines(g).is_empty();
    let r = solve_model_pruned(&model, &filter, None, ExactRequest::new(limit, 0), &CancelFlag::new()).unwrap();
    (r.count, r.why_none.is_some())
}

#[test]
fn binary_variants_agree_with_the_model_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(37);
    for round in 0..40 {
        let (rows, cols) = (rng.random_range(3..=7), rng.random_range(3..=7));
        let mut p = BinaryPuzzle::blank(rows, cols, rng.random_bool(0.4));
        p.tango = !p.unique_lines && rng.random_bool(0.5);
        if rng.random_bool(0.3) {
            let spec = |rng: &mut ChaCha8Rng, n: usize| match rng.random_range(0..3) {
                0 => CountSpec::Free,
                1 => CountSpec::OrOneMore(n as u32 / 2),
                _ => CountSpec::Exactly(rng.random_range(0..=n as u32)),
            };
            p.row_ones = (0..rows).map(|_| spec(&mut rng, cols)).collect();
            p.col_ones = (0..cols).map(|_| spec(&mut rng, rows)).collect();
        }
        p.max_run = rng.random_range(1..=3);
        p.diagonal_runs = rng.random_bool(0.25);
        p.wrap = [Wrap::None, Wrap::None, Wrap::Cylinder, Wrap::Torus][rng.random_range(0..4)];
        for _ in 0..rng.random_range(0..6) {
            p.givens.push((
                rng.random_range(0..rows),
                rng.random_range(0..cols),
                rng.random_bool(0.5),
            ));
        }
        p.givens.sort_unstable();
        p.givens.dedup_by_key(|g| (g.0, g.1));
        for _ in 0..rng.random_range(0..5) {
            let a = (rng.random_range(0..rows), rng.random_range(0..cols));
            let b = (rng.random_range(0..rows), rng.random_range(0..cols));
            if a != b {
                p.links.push(BinaryLink {
                    a,
                    b,
                    opposite: rng.random_bool(0.5),
                });
            }
        }
        if rng.random_bool(0.3) {
            p.regions = (0..rows * cols).map(|c| (c * 3 / (rows * cols)) as u16).collect();
            p.region_ones = (0..3)
                .map(|_| CountSpec::OrOneMore(rng.random_range(0..=(rows * cols / 3) as u32)))
                .collect();
        }
        let limit = 20_000;
        let (want, contradiction) = model_count(&p, limit);
        let r = Puzzle::Binary(p.clone())
            .solve_exact(ExactRequest::new(limit, 5), &CancelFlag::new())
            .unwrap();
        assert_eq!(r.count, want, "round {round}: {}", p.to_text());
        assert_eq!(r.why_none.is_some(), contradiction, "round {round}");
        assert_eq!(r.stopped_at_limit, want >= limit, "round {round}");
        for g in &r.examples {
            let broken = Puzzle::Binary(p.clone()).violations(g).unwrap();
            assert!(broken.is_empty(), "round {round}: {broken:?}");
        }
    }
}

#[test]
fn marks_are_counted_on_top_of_the_givens() {
    // A mark agreeing with a solution keeps it; against every solution, none.
    let p = BinaryPuzzle::blank(6, 6, true);
    let all = count_all(&p);
    let with_mark = |mark: (usize, bool)| {
        Puzzle::Binary(p.clone())
            .solve_with(&[mark], ExactRequest::new(u64::MAX, 0), &CancelFlag::new())
            .unwrap()
            .count
    };
    // Each cell is 0 in half the grids (swap 0 and 1).
    assert_eq!(with_mark((0, false)) * 2, all);
    assert_eq!(with_mark((0, false)) + with_mark((0, true)), all);
}

#[test]
fn large_empty_grids_count_to_the_cap_within_a_node_budget() {
    // The model search found no solution of an empty 16×16 Binairo in 1.1
    // million nodes; each line kept whole finds 1,000 in a few thousand.
    for n in [16, 17, 20, 32, 64] {
        for family in ["binairo", "takuzu", "tango"] {
            let mut p = BinaryPuzzle::blank(n, n, family == "takuzu");
            p.tango = family == "tango";
            let puzzle = Puzzle::Binary(p);
            let keep = if n <= 20 { 1000 } else { 2 };
            let r = puzzle
                .solve_exact(
                    ExactRequest::new(1000, keep).with_max_nodes(200_000),
                    &CancelFlag::new(),
                )
                .unwrap();
            assert!(
                !r.out_of_nodes,
                "{family} {n}x{n}: out of nodes with {} solutions",
                r.count
            );
            assert_eq!(r.count, 1000, "{family} {n}x{n}");
            assert!(r.stopped_at_limit);
            let distinct: BTreeSet<&BinaryMatrix> = r.examples.iter().collect();
            assert_eq!(distinct.len(), keep, "{family} {n}x{n}");
            for g in &r.examples {
                assert!(puzzle.violations(g).unwrap().is_empty(), "{family} {n}x{n}");
            }
        }
    }
}

#[test]
fn a_tiny_explored_share_gives_no_time_estimate() {
    use fleetscope_engines::puzzle::SearchProgress;
    let at = |f: f64| SearchProgress {
        nodes: 1_100_000,
        solutions: 0,
        explored: Some(f),
    };
    assert_eq!(at(0.002).share_to_extrapolate(), None);
    assert_eq!(at(0.25).share_to_extrapolate(), Some(0.25));
    let unknown = SearchProgress {
        explored: None,
        ..at(0.0)
    };
    assert_eq!(unknown.share_to_extrapolate(), None);
}
