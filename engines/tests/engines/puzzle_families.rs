//! The puzzle families against independent oracles: the rules written out
//! again here, directly on grids, and every grid of a small board tried
//! (brute force); the sources' worked examples; published counts (OEIS, via
//! `../shared/data/oracles.md`); and the MIT-licensed LinkedIn Queens levels.
//! For each family: the exact solver finds exactly the valid grids, and the
//! QUBO's ground states are exactly the valid grids at the ground energy the
//! paper states.

use fleetscope_engines::geometry::BinaryMatrix;
use fleetscope_engines::puzzle::families::binary::{BinaryLink, BinaryPuzzle};
use fleetscope_engines::puzzle::families::chess::{Chess, ChessGoal};
use fleetscope_engines::puzzle::families::queens::{FULL, Queens};
use fleetscope_engines::puzzle::families::rullo::Rullo;
use fleetscope_engines::puzzle::families::tents::Tents;
use fleetscope_engines::puzzle::model::Constraint;
use fleetscope_engines::puzzle::vocab::{NO_REGION, Piece, Wrap};
use fleetscope_engines::puzzle::{CountSpec, Elimination, ExactRequest, Puzzle, QuboOptions};
use fleetscope_engines::run::CancelFlag;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

// ---------------------------------------------------------------------------
// The rules again, written directly on grids.

fn count_ok(spec: CountSpec, n: u32) -> bool {
    match spec {
        CountSpec::Exactly(k) => n == k,
        CountSpec::OrOneMore(k) => n == k || n == k + 1,
        CountSpec::Free => true,
    }
}

fn ones_in(m: &BinaryMatrix, cells: impl Iterator<Item = (usize, usize)>) -> u32 {
    cells.filter(|&(r, c)| m.get(r, c)).count() as u32
}

fn wrapped(wrap: Wrap, rows: usize, cols: usize, r: i64, c: i64) -> Option<(usize, usize)> {
    let r = if wrap == Wrap::Torus {
        r.rem_euclid(rows as i64)
    } else {
        r
    };
    let c = if wrap != Wrap::None {
        c.rem_euclid(cols as i64)
    } else {
        c
    };
    (r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols).then_some((r as usize, c as usize))
}

fn queens_ok(q: &Queens, m: &BinaryMatrix) -> bool {
    let (rows, cols) = (q.rows, q.cols);
    if q.holes.iter().any(|&(r, c)| m.get(r, c)) || q.given.iter().any(|&(r, c)| !m.get(r, c)) {
        return false;
    }
    if (0..rows).any(|i| !count_ok(q.row_counts[i], ones_in(m, (0..cols).map(|j| (i, j))))) {
        return false;
    }
    if (0..cols).any(|j| !count_ok(q.col_counts[j], ones_in(m, (0..rows).map(|i| (i, j))))) {
        return false;
    }
    for (k, &spec) in q.region_counts.iter().enumerate() {
        let cells = (0..rows * cols)
            .filter(|&x| q.regions[x] as usize == k)
            .map(|x| (x / cols, x % cols));
        if !count_ok(spec, ones_in(m, cells)) {
            return false;
        }
    }
    let ones = m.one_cells();
    let reach = (q.diagonal as u64).min(rows.max(cols) as u64) as i64;
    for &(r, c) in &ones {
        for (dr, dc) in [(1i64, 1i64), (1, -1), (-1, 1), (-1, -1)] {
            for k in 1..=reach {
                if let Some(b) = wrapped(q.wrap, rows, cols, r as i64 + dr * k, c as i64 + dc * k)
                    && b != (r, c)
                    && m.get(b.0, b.1)
                {
                    return false;
                }
            }
        }
        if q.no_touch {
            for dr in -1i64..=1 {
                for dc in -1i64..=1 {
                    if let Some(b) = wrapped(q.wrap, rows, cols, r as i64 + dr, c as i64 + dc)
                        && b != (r, c)
                        && m.get(b.0, b.1)
                    {
                        return false;
                    }
                }
            }
        }
    }
    true
}

fn rullo_ok(p: &Rullo, m: &BinaryMatrix) -> bool {
    let (rows, cols) = (p.rows(), p.cols());
    let row = |i: usize| (0..cols).filter(|&j| m.get(i, j)).map(|j| p.values[i][j]).sum::<u32>();
    let col = |j: usize| (0..rows).filter(|&i| m.get(i, j)).map(|i| p.values[i][j]).sum::<u32>();
    (0..rows).all(|i| row(i) == p.row_targets[i]) && (0..cols).all(|j| col(j) == p.col_targets[j])
}

/// Every tree gets its own adjacent tent: tried by brute force over assignments.
fn tents_pair(trees: &[(usize, usize)], tents: &[(usize, usize)], used: &mut Vec<bool>) -> bool {
    let Some((&(r, c), rest)) = trees.split_first() else {
        return true;
    };
    for (i, &(a, b)) in tents.iter().enumerate() {
        if !used[i] && r.abs_diff(a) + c.abs_diff(b) == 1 {
            used[i] = true;
            if tents_pair(rest, tents, used) {
                return true;
            }
            used[i] = false;
        }
    }
    false
}

/// Tents without the pairing rule (what the QUBO encodes), and with it.
fn tents_ok(t: &Tents, m: &BinaryMatrix, pairing: bool) -> bool {
    let (rows, cols) = (t.rows, t.cols);
    let tents = m.one_cells();
    if tents.iter().any(|x| t.trees.contains(x)) {
        return false;
    }
    if (0..rows).any(|i| !count_ok(t.row_counts[i], ones_in(m, (0..cols).map(|j| (i, j))))) {
        return false;
    }
    if (0..cols).any(|j| !count_ok(t.col_counts[j], ones_in(m, (0..rows).map(|i| (i, j))))) {
        return false;
    }
    for (i, a) in tents.iter().enumerate() {
        if tents[i + 1..]
            .iter()
            .any(|b| a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1)
        {
            return false;
        }
        if !t.trees.iter().any(|tr| tr.0.abs_diff(a.0) + tr.1.abs_diff(a.1) == 1) {
            return false;
        }
    }
    for tr in &t.trees {
        let around = tents
            .iter()
            .filter(|a| tr.0.abs_diff(a.0) + tr.1.abs_diff(a.1) == 1)
            .count();
        if !(1..=2).contains(&around) {
            return false;
        }
    }
    !pairing || (tents.len() == t.trees.len() && tents_pair(&t.trees, &tents, &mut vec![false; tents.len()]))
}

fn binary_ok(p: &BinaryPuzzle, m: &BinaryMatrix, unique: bool) -> bool {
    let (rows, cols) = (p.rows, p.cols);
    if p.givens.iter().any(|&(r, c, v)| m.get(r, c) != v) {
        return false;
    }
    if p.links
        .iter()
        .any(|l| (m.get(l.a.0, l.a.1) != m.get(l.b.0, l.b.1)) != l.opposite)
    {
        return false;
    }
    if (0..rows).any(|i| !count_ok(p.row_ones[i], ones_in(m, (0..cols).map(|j| (i, j))))) {
        return false;
    }
    if (0..cols).any(|j| !count_ok(p.col_ones[j], ones_in(m, (0..rows).map(|i| (i, j))))) {
        return false;
    }
    for (k, &spec) in p.region_ones.iter().enumerate() {
        let cells = (0..rows * cols)
            .filter(|&x| p.regions[x] as usize == k)
            .map(|x| (x / cols, x % cols));
        if !count_ok(spec, ones_in(m, cells)) {
            return false;
        }
    }
    let mut dirs = vec![(0i64, 1i64), (1, 0)];
    if p.diagonal_runs {
        dirs.extend([(1, 1), (1, -1)]);
    }
    let len = p.max_run as i64 + 1;
    for r in 0..rows {
        for c in 0..cols {
            for &(dr, dc) in &dirs {
                let cells: Option<Vec<(usize, usize)>> = (0..len)
                    .map(|k| wrapped(p.wrap, rows, cols, r as i64 + dr * k, c as i64 + dc * k))
                    .collect();
                if let Some(cells) = cells {
                    let distinct: BTreeSet<_> = cells.iter().collect();
                    if distinct.len() == cells.len() && cells.iter().all(|&(a, b)| m.get(a, b) == m.get(r, c)) {
                        return false;
                    }
                }
            }
        }
    }
    if unique && p.unique_lines {
        let row = |i: usize| (0..cols).map(|j| m.get(i, j)).collect::<Vec<_>>();
        let col = |j: usize| (0..rows).map(|i| m.get(i, j)).collect::<Vec<_>>();
        let rows_set: BTreeSet<_> = (0..rows).map(row).collect();
        let cols_set: BTreeSet<_> = (0..cols).map(col).collect();
        if rows_set.len() < rows || cols_set.len() < cols {
            return false;
        }
    }
    true
}

fn chess_ok(p: &Chess, m: &BinaryMatrix) -> bool {
    let cols = p.cols;
    let ones = m.one_cells();
    if ones.iter().any(|&(r, c)| p.pieces[r * cols + c].is_none()) || p.given.iter().any(|&(r, c)| !m.get(r, c)) {
        return false;
    }
    for &a in &ones {
        for &b in &ones {
            if a != b && p.pieces[a.0 * cols + a.1].expect("a piece").reaches(a, b) {
                return false;
            }
        }
    }
    if p.goal == ChessGoal::Coloured {
        for k in 0..p.region_count() {
            if ones
                .iter()
                .filter(|&&(r, c)| p.regions[r * cols + c] as usize == k)
                .count()
                != 1
            {
                return false;
            }
        }
    }
    true
}

// ---------------------------------------------------------------------------
// Brute force and the checks every family shares.

fn all_grids(rows: usize, cols: usize) -> impl Iterator<Item = BinaryMatrix> {
    (0u32..1 << (rows * cols)).map(move |bits| {
        let mut m = BinaryMatrix::zeros(rows, cols);
        for cell in 0..rows * cols {
            if bits >> cell & 1 == 1 {
                m.set(cell / cols, cell % cols, true);
            }
        }
        m
    })
}

/// Constraints the QUBO writes as fractional terms: each adds ¼ to the ground energy.
fn fractional_terms(p: &Puzzle) -> usize {
    p.model()
        .unwrap()
        .constraints
        .iter()
        .filter(|c| matches!(c, Constraint::Sum { lo, hi, .. } if *hi == *lo + 1))
        .count()
}

/// `valid`: the full rules; `relaxed`: the rules the QUBO encodes (the same
/// except for Tents' pairing and Takuzu's distinct lines).
fn check_family(p: &Puzzle, valid: &dyn Fn(&BinaryMatrix) -> bool, relaxed: &dyn Fn(&BinaryMatrix) -> bool) {
    let (rows, cols) = p.size();
    let grids: Vec<BinaryMatrix> = all_grids(rows, cols).collect();
    let truth: BTreeSet<BinaryMatrix> = grids.iter().filter(|m| valid(m)).cloned().collect();
    // The checker agrees with the rules on every valid grid and on a fixed
    // sample of the others (every grid on boards up to 12 cells; past that an
    // odd stride, so that every cell is both empty and full in the sample).
    let stride = if grids.len() <= 4096 {
        1
    } else {
        (grids.len() / 4096) | 1
    };
    for m in grids.iter().step_by(stride).chain(&truth) {
        let v = p.violations(m).unwrap();
        assert_eq!(
            v.is_empty(),
            truth.contains(m),
            "{}\n{}\n{v:?}",
            p.to_text(),
            m.to_text()
        );
    }
    // The exact solver counts exactly the valid grids.
    let req = ExactRequest::new(u64::MAX, usize::MAX);
    let r = p.solve_exact(req, &CancelFlag::new()).unwrap();
    let found: BTreeSet<BinaryMatrix> = r.examples.iter().cloned().collect();
    assert_eq!(r.count as usize, truth.len(), "{}", p.to_text());
    assert_eq!(found, truth, "{}", p.to_text());
    // The QUBO: every state's grid; the minimum and its states.
    let relaxed_set: BTreeSet<BinaryMatrix> = grids.iter().filter(|m| relaxed(m)).cloned().collect();
    for elimination in [Elimination::Givens, Elimination::Forced] {
        let options = QuboOptions {
            elimination,
            ..QuboOptions::default()
        };
        let Ok(q) = p.qubo(options) else {
            // Only an unsolvable puzzle may fail to build (contradicting givens).
            assert!(truth.is_empty(), "{}", p.to_text());
            continue;
        };
        let n = q.qubo().len();
        assert!(n <= 20, "{n} variables");
        let mut best = f64::INFINITY;
        let mut argmin = BTreeSet::new();
        // Every state in Gray-code order: one flip apart, the energy follows by
        // its flip delta; states near the best are re-scored exactly.
        let mut x = vec![0u8; n];
        let mut tracked = q.qubo().energy(&x);
        for step in 0u32..1 << n {
            if step > 0 {
                let i = step.trailing_zeros() as usize;
                tracked += q.qubo().flip_delta(&x, i);
                x[i] ^= 1;
                if step % 4096 == 0 {
                    tracked = q.qubo().energy(&x);
                }
            }
            if tracked > best + 1e-6 {
                continue;
            }
            let e = q.qubo().energy(&x);
            if e < best - 1e-9 {
                best = e;
                argmin.clear();
            }
            if e < best + 1e-9 {
                argmin.insert(q.decode(&x));
            }
        }
        let ground = fractional_terms(p) as f64 / 4.0;
        if !relaxed_set.is_empty() {
            assert!(
                (best - ground).abs() < 1e-9,
                "ground {best}, expected {ground}\n{}",
                p.to_text()
            );
            assert_eq!(argmin, relaxed_set, "{}", p.to_text());
        } else {
            assert!(best > ground + 1e-9, "{}", p.to_text());
        }
        // Every valid grid encodes to a state at the ground energy.
        for m in &truth {
            assert!((q.qubo().energy(&q.encode(m)) - ground).abs() < 1e-9);
        }
    }
}

fn random_count(rng: &mut ChaCha8Rng, max: u32) -> CountSpec {
    match rng.random_range(0..6) {
        0 => CountSpec::Free,
        1 => CountSpec::OrOneMore(rng.random_range(0..=max)),
        _ => CountSpec::Exactly(rng.random_range(0..=max)),
    }
}

fn random_regions(rng: &mut ChaCha8Rng, cells: usize, k: u16) -> Vec<u16> {
    let mut r: Vec<u16> = (0..cells).map(|_| rng.random_range(0..k)).collect();
    // Every region id used (ids are 0..k).
    for (id, slot) in (0..k).zip(0..cells) {
        r[slot] = id;
    }
    r
}

// ---------------------------------------------------------------------------
// Rullo

/// The 4×4 example of "パズルゲームRulloを量子アニーリングマシンで解いてみる" and its answer.
fn rullo_article() -> (Rullo, BinaryMatrix) {
    let p = Rullo {
        values: vec![vec![6, 3, 4, 2], vec![4, 8, 4, 8], vec![1, 5, 7, 1], vec![5, 1, 6, 3]],
        row_targets: vec![10, 20, 7, 6],
        col_targets: vec![11, 9, 15, 8],
    };
    let answer = BinaryMatrix::parse("1010\n0111\n0010\n1100").unwrap();
    (p, answer)
}

#[test]
fn rullo_article_example_has_its_answer_as_the_only_solution() {
    let (p, answer) = rullo_article();
    let puzzle = Puzzle::Rullo(p.clone());
    let r = puzzle.solve_exact(ExactRequest::default(), &CancelFlag::new()).unwrap();
    assert!(r.is_unique());
    assert_eq!(r.examples[0], answer);
    check_family(&puzzle, &|m| rullo_ok(&p, m), &|m| rullo_ok(&p, m));
    // The article's energy: ground 0 (constants kept) at the answer.
    let q = puzzle.qubo(QuboOptions::default()).unwrap();
    assert_eq!(q.qubo().energy(&q.encode(&answer)), 0.0);
}

#[test]
fn rullo_random_planted() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..25 {
        let (rows, cols) = (rng.random_range(2..=3), rng.random_range(2..=4));
        let values: Vec<Vec<u32>> = (0..rows)
            .map(|_| (0..cols).map(|_| rng.random_range(1..=9)).collect())
            .collect();
        let keep: Vec<Vec<bool>> = (0..rows)
            .map(|_| (0..cols).map(|_| rng.random_bool(0.5)).collect())
            .collect();
        let row_targets = (0..rows)
            .map(|i| (0..cols).filter(|&j| keep[i][j]).map(|j| values[i][j]).sum())
            .collect();
        let col_targets = (0..cols)
            .map(|j| (0..rows).filter(|&i| keep[i][j]).map(|i| values[i][j]).sum())
            .collect();
        let p = Rullo {
            values,
            row_targets,
            col_targets,
        };
        check_family(&Puzzle::Rullo(p.clone()), &|m| rullo_ok(&p, m), &|m| rullo_ok(&p, m));
    }
}

// ---------------------------------------------------------------------------
// Queens

#[test]
fn n_queens_counts_match_a000170() {
    // A000170, n = 1..12.
    let expected = [1u64, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, &want) in (1..=12).zip(&expected) {
        let p = Puzzle::Queens(Queens::n_queens(n));
        let r = p.solve_exact(ExactRequest::default(), &CancelFlag::new()).unwrap();
        assert_eq!(r.count, want, "n = {n}");
    }
}

/// N-queens with holes and given queens against a brute force over every
/// permutation (a queen per row and column), on random boards up to 7×7; the
/// examples kept are solutions.
#[test]
fn n_queens_with_holes_and_givens_against_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(37);
    for _ in 0..60 {
        let n = rng.random_range(1..=7usize);
        let mut q = Queens::n_queens(n);
        for _ in 0..rng.random_range(0..=n) {
            let cell = (rng.random_range(0..n), rng.random_range(0..n));
            if !q.holes.contains(&cell) {
                q.holes.push(cell);
            }
        }
        for _ in 0..rng.random_range(0..=2) {
            let cell = (rng.random_range(0..n), rng.random_range(0..n));
            if !q.given.contains(&cell) {
                q.given.push(cell);
            }
        }
        let mut want = 0u64;
        let mut perm: Vec<usize> = (0..n).collect();
        permutations(&mut perm, 0, &mut |cols| {
            let ok = (0..n).all(|r| !q.holes.contains(&(r, cols[r])))
                && q.given.iter().all(|&(r, c)| cols[r] == c)
                && (0..n).all(|a| (a + 1..n).all(|b| cols[a].abs_diff(cols[b]) != b - a));
            want += u64::from(ok);
        });
        let p = Puzzle::Queens(q.clone());
        let r = p
            .solve_exact(ExactRequest::new(u64::MAX, 3), &CancelFlag::new())
            .unwrap();
        assert_eq!(r.count, want, "{q:?}");
        for m in &r.examples {
            assert!(p.violations(m).unwrap().is_empty(), "{q:?}: {m:?}");
        }
    }
}

/// Calls `each` with every ordering of `v[k..]` after `v[..k]`.
fn permutations(v: &mut Vec<usize>, k: usize, each: &mut impl FnMut(&[usize])) {
    if k == v.len() {
        each(v);
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permutations(v, k + 1, each);
        v.swap(k, i);
    }
}

#[test]
fn king_separated_permutations_match_a002464() {
    // One per row and column, no two touching diagonally, no regions: A002464, n = 1..8.
    let expected = [1u64, 0, 0, 2, 14, 90, 646, 5242];
    for (n, &want) in (1..=8).zip(&expected) {
        let mut q = Queens::n_queens(n);
        q.diagonal = 1;
        let r = Puzzle::Queens(q)
            .solve_exact(ExactRequest::default(), &CancelFlag::new())
            .unwrap();
        assert_eq!(r.count, want, "n = {n}");
    }
}

#[test]
fn queens_random_variants_against_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..60 {
        let (rows, cols) = (rng.random_range(2..=4), rng.random_range(2..=4));
        let k = rng.random_range(0..=3u16);
        let mut regions = if k == 0 {
            Vec::new()
        } else {
            random_regions(&mut rng, rows * cols, k)
        };
        let mut holes = Vec::new();
        if rng.random_bool(0.3) {
            let cell = rng.random_range(0..rows * cols);
            holes.push((cell / cols, cell % cols));
            if !regions.is_empty() && regions.iter().filter(|&&r| r == regions[cell]).count() > 1 {
                regions[cell] = NO_REGION;
            } else if !regions.is_empty() {
                holes.clear();
            }
        }
        let region_counts = (0..k).map(|_| random_count(&mut rng, 2)).collect();
        let q = Queens {
            rows,
            cols,
            regions,
            region_counts,
            row_counts: (0..rows).map(|_| random_count(&mut rng, 2)).collect(),
            col_counts: (0..cols).map(|_| random_count(&mut rng, 2)).collect(),
            diagonal: [0, 1, 2, FULL][rng.random_range(0..4)],
            no_touch: rng.random_bool(0.3),
            wrap: [Wrap::None, Wrap::Cylinder, Wrap::Torus][rng.random_range(0..3)],
            holes,
            given: Vec::new(),
        };
        let mut q = q;
        if rng.random_bool(0.2) {
            q.given.push((rng.random_range(0..rows), rng.random_range(0..cols)));
        }
        if q.validate().is_err() {
            continue;
        }
        let p = Puzzle::Queens(q.clone());
        check_family(&p, &|m| queens_ok(&q, m), &|m| queens_ok(&q, m));
    }
}

#[test]
fn star_battle_needs_the_orthogonal_no_touch_term() {
    // Two stars per row, column and region on 4×4 (regions: quarters):
    // the full 8-neighbour rule, checked against brute force.
    let regions: Vec<u16> = (0..16).map(|c| ((c / 4) / 2 * 2 + (c % 4) / 2) as u16).collect();
    let q = Queens::star_battle(4, regions, 1);
    check_family(&Puzzle::Queens(q.clone()), &|m| queens_ok(&q, m), &|m| queens_ok(&q, m));
}

/// A Star Battle whose rows ask for more stars in all than its columns (one
/// per line on 4×3) has no solution, and the solver says so without a search
/// (on 16×12 a search ran out its time limit and answered "not known").
#[test]
fn lines_asking_for_different_totals_have_no_solution_at_once() {
    let p = Puzzle::blank("star-battle", 4, 3).unwrap();
    let Puzzle::Queens(q) = p.clone() else {
        panic!("a Star Battle is a Queens puzzle")
    };
    check_family(&p, &|m| queens_ok(&q, m), &|m| queens_ok(&q, m));
    let r = p.solve_exact(ExactRequest::new(10, 0), &CancelFlag::new()).unwrap();
    assert_eq!((r.count, r.nodes), (0, 0), "{r:?}");
    let why = r.why_none.expect("the reason is given");
    assert!(
        why.contains("rows ask for 4 stars") && why.contains("columns for 3"),
        "{why}"
    );
    let big = Puzzle::blank("star-battle", 16, 12).unwrap();
    let r = big.solve_exact(ExactRequest::new(10, 0), &CancelFlag::new()).unwrap();
    assert_eq!((r.count, r.timed_out), (0, false), "{r:?}");
}

fn mit_levels() -> Vec<fleetscope_engines::puzzle::data::DataRecord> {
    let text = include_str!("../data/queens/levels.jsonl");
    text.lines()
        .map(|l| fleetscope_engines::puzzle::data::read_record("queens_levels.jsonl", l).unwrap())
        .collect()
}

#[test]
fn linkedin_queens_levels_have_one_solution_each() {
    let levels = mit_levels();
    assert_eq!(levels.len(), 1124);
    let mut unique = 0;
    for rec in &levels {
        let r = rec
            .puzzle
            .solve_exact(ExactRequest::default(), &CancelFlag::new())
            .unwrap();
        if let Some(stated) = rec.stated_count {
            assert_eq!(r.count, stated, "{}", rec.id);
        } else {
            assert!(r.is_unique(), "{}: {} solutions", rec.id, r.count);
        }
        unique += r.is_unique() as usize;
        // Every solution the solver returns passes the checker.
        for m in &r.examples {
            assert!(rec.puzzle.violations(m).unwrap().is_empty(), "{}", rec.id);
        }
    }
    assert!(unique > 1000, "{unique}");
}

#[test]
fn dancing_links_and_propagation_agree_on_queens_levels() {
    // Dancing links (the exact-cover form) and the propagating solver on the model.
    for rec in mit_levels().iter().step_by(23) {
        let Puzzle::Queens(q) = &rec.puzzle else { unreachable!() };
        assert!(q.is_exact_cover());
        let all = ExactRequest::new(100_000, 1000);
        let dlx = rec.puzzle.solve_exact(all, &CancelFlag::new()).unwrap();
        let model = q.model().unwrap();
        let generic =
            fleetscope_engines::puzzle::exact::solve_model(&model, &|_| true, all, &CancelFlag::new()).unwrap();
        assert_eq!(dlx.count, generic.count, "{}", rec.id);
        let set = |r: &fleetscope_engines::puzzle::ExactResult| r.examples.iter().cloned().collect::<BTreeSet<_>>();
        if dlx.count <= 1000 {
            assert_eq!(set(&dlx), set(&generic), "{}", rec.id);
        }
    }
}

/// Givens and holes keep a LinkedIn board on dancing links (a given is its
/// row's only option, a hole no option): the same solutions as the
/// propagating solver on the model, for a board of 50 solutions with each
/// cell given or blocked in turn, and for published levels.
#[test]
fn dancing_links_count_boards_with_givens_and_holes_as_the_model_does() {
    let stuck = Puzzle::parse(
        "queens 8x8\nregions\naaaaacee\naaaaacce\nadddbccc\ndddbbbcc\ndddbbbfc\nddddbbfg\ndhhdggfg\nhhhhgggg\n",
    )
    .unwrap();
    let mut boards = vec![stuck.clone()];
    let Puzzle::Queens(q) = &stuck else { unreachable!() };
    for cell in 0..64 {
        let (r, c) = (cell / 8, cell % 8);
        let mut given = q.clone();
        given.given.push((r, c));
        boards.push(Puzzle::Queens(given));
        let mut hole = q.clone();
        hole.regions[cell] = NO_REGION;
        hole.holes.push((r, c));
        boards.push(Puzzle::Queens(hole));
    }
    for rec in mit_levels().iter().step_by(97) {
        let Puzzle::Queens(q) = &rec.puzzle else { unreachable!() };
        let mut both = q.clone();
        both.given.push((0, 0));
        both.holes.push((q.rows - 1, q.rows - 1));
        boards.push(Puzzle::Queens(both));
    }
    let all = ExactRequest::new(100_000, 100_000);
    let mut counts = BTreeSet::new();
    for p in &boards {
        let Puzzle::Queens(q) = p else { unreachable!() };
        assert!(q.is_exact_cover());
        let dlx = p.solve_exact(all, &CancelFlag::new()).unwrap();
        let generic =
            fleetscope_engines::puzzle::exact::solve_model(&q.model().unwrap(), &|_| true, all, &CancelFlag::new())
                .unwrap();
        let set = |r: &fleetscope_engines::puzzle::ExactResult| r.examples.iter().cloned().collect::<BTreeSet<_>>();
        assert_eq!(set(&dlx), set(&generic), "{}", p.to_text());
        assert_eq!(dlx.count, generic.count);
        counts.insert(dlx.count);
    }
    assert!(
        counts.len() > 5 && counts.contains(&0) && counts.contains(&50),
        "{counts:?}"
    );
}

#[test]
fn pre_placed_queens_keep_their_diagonal_neighbours_empty() {
    // "A QUBO Formulation …" fixes a pre-placed queen's row, column and region
    // but not its diagonal neighbours, so its reduced QUBO accepts a queen
    // touching the given one. Here the pair terms stay: a queen given at a
    // cell of the solution leaves that solution (energy 0), and one given at
    // (4,2) of linkedin-1, a cell no solution uses, leaves no state at 0.
    let rec = &mit_levels()[0];
    assert_eq!(rec.id, "linkedin-1");
    let Puzzle::Queens(q) = &rec.puzzle else { unreachable!() };
    let sol = rec
        .puzzle
        .solve_exact(ExactRequest::default(), &CancelFlag::new())
        .unwrap()
        .examples[0]
        .clone();
    let (r, c) = sol.one_cells()[3];
    let mut with_given = q.clone();
    with_given.given.push((r, c));
    let p = Puzzle::Queens(with_given);
    let res = p.solve_exact(ExactRequest::default(), &CancelFlag::new()).unwrap();
    assert!(res.is_unique());
    assert_eq!(res.examples[0], sol);
    let model = p.qubo(QuboOptions::default()).unwrap();
    assert_eq!(model.qubo().energy(&model.encode(&sol)), 0.0);

    assert!(!sol.get(3, 1));
    let mut wrong = q.clone();
    wrong.given.push((3, 1));
    let p = Puzzle::Queens(wrong);
    assert_eq!(
        p.solve_exact(ExactRequest::default(), &CancelFlag::new())
            .unwrap()
            .count,
        0
    );
    let forced = QuboOptions {
        elimination: Elimination::Forced,
        ..QuboOptions::default()
    };
    if let Ok(model) = p.qubo(forced) {
        let n = model.qubo().len();
        assert!(n <= 24, "{n} variables left");
        let low = (0u32..1 << n)
            .map(|bits| {
                model
                    .qubo()
                    .energy(&(0..n).map(|i| (bits >> i & 1) as u8).collect::<Vec<_>>())
            })
            .fold(f64::INFINITY, f64::min);
        assert!(low >= 1.0, "a state at {low}");
    }
}

// ---------------------------------------------------------------------------
// Tents

#[test]
fn tents_random_against_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut with_extra_ground_states = 0;
    for _ in 0..80 {
        let (rows, cols) = (rng.random_range(2..=4), rng.random_range(2..=4));
        let trees: Vec<(usize, usize)> = (0..rows * cols)
            .filter(|_| rng.random_bool(0.3))
            .map(|c| (c / cols, c % cols))
            .collect();
        let counts = |rng: &mut ChaCha8Rng, n: usize| (0..n).map(|_| random_count(rng, 2)).collect();
        let t = Tents {
            rows,
            cols,
            trees,
            row_counts: counts(&mut rng, rows),
            col_counts: counts(&mut rng, cols),
        };
        let p = Puzzle::Tents(t.clone());
        check_family(&p, &|m| tents_ok(&t, m, true), &|m| tents_ok(&t, m, false));
        let relaxed = all_grids(rows, cols).filter(|m| tents_ok(&t, m, false)).count();
        let full = all_grids(rows, cols).filter(|m| tents_ok(&t, m, true)).count();
        with_extra_ground_states += (relaxed > full) as usize;
    }
    // The paper's QUBO does not pair tents with trees: some instances have
    // ground states that are not solutions (the verdict catches them).
    assert!(with_extra_ground_states > 0);
}

#[test]
fn tents_ground_energy_is_a_quarter_per_tree() {
    // A planted 5×5: trees and one tent each, counts from the tents.
    let trees = vec![(0, 0), (0, 3), (2, 2), (4, 0), (4, 4)];
    let tents = [(1, 0), (0, 4), (1, 2), (4, 1), (3, 4)];
    let mut m = BinaryMatrix::zeros(5, 5);
    for &(r, c) in &tents {
        m.set(r, c, true);
    }
    let t = Tents {
        rows: 5,
        cols: 5,
        trees: trees.clone(),
        row_counts: m.row_sums().into_iter().map(CountSpec::Exactly).collect(),
        col_counts: m.col_sums().into_iter().map(CountSpec::Exactly).collect(),
    };
    let p = Puzzle::Tents(t);
    assert!(p.violations(&m).unwrap().is_empty());
    let q = p.qubo(QuboOptions::default()).unwrap();
    assert_eq!(q.qubo().energy(&q.encode(&m)), trees.len() as f64 / 4.0);
}

// ---------------------------------------------------------------------------
// Takuzu, Binairo, Tango

#[test]
fn blank_takuzu_grids_match_a253316() {
    // Complete 2n×2n Takuzu grids: 2, 72, 4140 for n = 1, 2, 3.
    for (n, want) in [(2, 2u64), (4, 72), (6, 4140)] {
        let p = Puzzle::Binary(BinaryPuzzle::blank(n, n, true));
        let r = p.solve_exact(ExactRequest::default(), &CancelFlag::new()).unwrap();
        assert_eq!(r.count, want, "{n}x{n}");
    }
}

#[test]
fn takuzu_rows_match_a177790() {
    // Rows of length 2n with n ones and no three alike: 2, 6, 14, 34, 84.
    for (len, want) in [(2, 2u64), (4, 6), (6, 14), (8, 34), (10, 84)] {
        let mut p = BinaryPuzzle::blank(1, len, false);
        p.col_ones = vec![CountSpec::Free; len];
        let r = Puzzle::Binary(p)
            .solve_exact(ExactRequest::default(), &CancelFlag::new())
            .unwrap();
        assert_eq!(r.count, want, "length {len}");
    }
}

#[test]
fn takuzu_ground_energy_is_half_nm_minus_n_minus_m() {
    // ½(NM − N − M) for even sides: every solution of a blank 4×6 sits there.
    let p = Puzzle::Binary(BinaryPuzzle::blank(4, 6, false));
    let q = p.qubo(QuboOptions::default()).unwrap();
    let r = p.solve_exact(ExactRequest::default(), &CancelFlag::new()).unwrap();
    assert!(r.count > 0);
    for m in p
        .solve_exact(ExactRequest::new(50, 50), &CancelFlag::new())
        .unwrap()
        .examples
    {
        assert_eq!(q.qubo().energy(&q.encode(&m)), 0.5 * (24.0 - 4.0 - 6.0));
    }
}

#[test]
fn binary_random_variants_against_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..60 {
        let (rows, cols) = (rng.random_range(2..=4), rng.random_range(2..=4));
        let mut p = BinaryPuzzle::blank(rows, cols, rng.random_bool(0.4));
        if rng.random_bool(0.4) {
            p.row_ones = (0..rows).map(|_| random_count(&mut rng, cols as u32)).collect();
            p.col_ones = (0..cols).map(|_| random_count(&mut rng, rows as u32)).collect();
        }
        p.max_run = rng.random_range(1..=2);
        p.diagonal_runs = rng.random_bool(0.3);
        p.wrap = [Wrap::None, Wrap::Cylinder, Wrap::Torus][rng.random_range(0..3)];
        for _ in 0..rng.random_range(0..3) {
            p.givens.push((
                rng.random_range(0..rows),
                rng.random_range(0..cols),
                rng.random_bool(0.5),
            ));
        }
        p.givens.sort_unstable();
        p.givens.dedup_by_key(|g| (g.0, g.1));
        for _ in 0..rng.random_range(0..4) {
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
            let k = 2;
            p.regions = random_regions(&mut rng, rows * cols, k);
            p.region_ones = (0..k).map(|_| random_count(&mut rng, 3)).collect();
        }
        let puzzle = Puzzle::Binary(p.clone());
        if p.model().unwrap().lower().is_err() {
            // Contradicting links: no grid is valid and the solver says 0.
            let r = puzzle.solve_exact(ExactRequest::default(), &CancelFlag::new()).unwrap();
            assert_eq!(r.count, 0);
            assert!(all_grids(rows, cols).all(|m| !binary_ok(&p, &m, true)));
            continue;
        }
        check_family(&puzzle, &|m| binary_ok(&p, m, true), &|m| binary_ok(&p, m, false));
    }
}

// ---------------------------------------------------------------------------
// Chess pieces

#[test]
fn max_chess_pieces_on_empty_boards() {
    // Independence numbers of classic pieces on 6×6: queens 6 (4 ways, the
    // 6-queens count), rooks 6 (6! ways), bishops 2n − 2 = 10 (2ⁿ = 64 ways),
    // knights n²/2 = 18 (2 ways), kings ((n + 1)/2)² = 9.
    let cases = [
        (Piece::Queen, 6.0, Some(4)),
        (Piece::Rook, 6.0, Some(720)),
        (Piece::Bishop, 10.0, Some(64)),
        (Piece::Knight, 18.0, Some(2)),
        (Piece::King, 9.0, None),
    ];
    for (piece, best, ways) in cases {
        let p = Puzzle::Chess(Chess {
            rows: 6,
            cols: 6,
            pieces: vec![Some(piece); 36],
            regions: Vec::new(),
            goal: ChessGoal::Max,
            given: Vec::new(),
            weights: [1.0; 5],
        });
        let r = p.solve_exact(ExactRequest::default(), &CancelFlag::new()).unwrap();
        assert_eq!(r.best, Some(best), "{piece:?}");
        if let Some(w) = ways {
            assert_eq!(r.count, w, "{piece:?}");
        }
    }
}

#[test]
fn chess_random_against_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for _ in 0..40 {
        let (rows, cols) = (rng.random_range(2..=3), rng.random_range(2..=4));
        let pieces: Vec<Option<Piece>> = (0..rows * cols)
            .map(|_| (rng.random_range(0..6) > 0).then(|| Piece::ALL[rng.random_range(0..5)]))
            .collect();
        let goal = if rng.random_bool(0.5) {
            ChessGoal::Coloured
        } else {
            ChessGoal::Max
        };
        let k = rng.random_range(1..=3);
        let p = Chess {
            rows,
            cols,
            pieces,
            regions: random_regions(&mut rng, rows * cols, k),
            goal,
            given: Vec::new(),
            weights: [1.0, 2.0, 1.5, 1.0, 0.5],
        };
        let puzzle = Puzzle::Chess(p.clone());
        if goal == ChessGoal::Coloured {
            check_family(&puzzle, &|m| chess_ok(&p, m), &|m| chess_ok(&p, m));
            continue;
        }
        // Max: the solver's optimum and its count against brute force; the
        // QUBO's minimum is minus that optimum and its states are the optima.
        let value = |m: &BinaryMatrix| {
            m.one_cells()
                .iter()
                .map(|&(r, c)| p.weight(p.pieces[r * cols + c].unwrap()))
                .sum::<f64>()
        };
        let valid: Vec<BinaryMatrix> = all_grids(rows, cols).filter(|m| chess_ok(&p, m)).collect();
        let best = valid.iter().map(value).fold(f64::MIN, f64::max);
        let optima: BTreeSet<BinaryMatrix> = valid
            .iter()
            .filter(|m| (value(m) - best).abs() < 1e-9)
            .cloned()
            .collect();
        let r = puzzle
            .solve_exact(ExactRequest::new(u64::MAX, usize::MAX), &CancelFlag::new())
            .unwrap();
        assert!((r.best.unwrap() - best).abs() < 1e-9);
        assert_eq!(r.examples.iter().cloned().collect::<BTreeSet<_>>(), optima);
        let q = puzzle.qubo(QuboOptions::default()).unwrap();
        let n = q.qubo().len();
        let mut low = f64::INFINITY;
        let mut argmin = BTreeSet::new();
        for bits in 0u32..1 << n {
            let x: Vec<u8> = (0..n).map(|i| (bits >> i & 1) as u8).collect();
            let e = q.qubo().energy(&x);
            if e < low - 1e-9 {
                low = e;
                argmin.clear();
            }
            if e < low + 1e-9 {
                argmin.insert(q.decode(&x));
            }
        }
        assert!((low + best).abs() < 1e-9, "QUBO minimum {low}, optimum {best}");
        assert_eq!(argmin, optima);
    }
}

/// Kings on every cell of an n×n board: the most that fit and the number of
/// ways, against a row-by-row transfer matrix (each row a set of cells with no
/// two side by side, no king diagonally or straight below another), an
/// independent count. 8×8: 16 kings in 281,571 ways (the model search's bound
/// took 47 CPU-s there).
#[test]
fn max_chess_kings_against_a_transfer_matrix() {
    for n in 2..=8usize {
        let rows: Vec<u32> = (0..1u32 << n).filter(|m| m & (m << 1) == 0).collect();
        // (row mask, kings so far) → ways.
        let mut ways: std::collections::BTreeMap<(u32, u32), u64> = [((0, 0), 1)].into();
        for _ in 0..n {
            let mut next = std::collections::BTreeMap::new();
            for (&(above, k), &w) in &ways {
                let blocked = above | above << 1 | above >> 1;
                for &m in rows.iter().filter(|&&m| m & blocked == 0) {
                    *next.entry((m, k + m.count_ones())).or_insert(0) += w;
                }
            }
            ways = next;
        }
        let best = ways.keys().map(|&(_, k)| k).max().unwrap();
        let count: u64 = ways.iter().filter(|((_, k), _)| *k == best).map(|(_, w)| w).sum();
        let p = Puzzle::Chess(Chess {
            rows: n,
            cols: n,
            pieces: vec![Some(Piece::King); n * n],
            regions: Vec::new(),
            goal: ChessGoal::Max,
            given: Vec::new(),
            weights: [1.0; 5],
        });
        let r = p.solve_exact(ExactRequest::new(1, 2), &CancelFlag::new()).unwrap();
        assert_eq!((r.best, r.count), (Some(f64::from(best)), count), "{n}×{n}");
        for m in &r.examples {
            assert!(p.violations(m).unwrap().is_empty(), "{n}×{n}: {m:?}");
            assert_eq!(m.one_cells().len(), best as usize, "{n}×{n}");
        }
    }
}

/// Max chess with given pieces: the givens' worth counts in the optimum, so
/// the search's bound must count it too (or it cuts off optimal placements).
#[test]
fn max_chess_with_givens_against_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(37);
    for _ in 0..30 {
        let (rows, cols) = (rng.random_range(3..=4), rng.random_range(3..=4));
        let pieces: Vec<Option<Piece>> = (0..rows * cols)
            .map(|_| (rng.random_range(0..6) > 0).then(|| Piece::ALL[rng.random_range(0..5)]))
            .collect();
        let allowed: Vec<usize> = (0..rows * cols).filter(|&c| pieces[c].is_some()).collect();
        let given = [allowed[rng.random_range(0..allowed.len())]];
        let p = Chess {
            rows,
            cols,
            pieces,
            regions: Vec::new(),
            goal: ChessGoal::Max,
            given: given.iter().map(|&c| (c / cols, c % cols)).collect(),
            weights: [1.0, 2.0, 1.5, 1.0, 0.5],
        };
        let value = |m: &BinaryMatrix| {
            m.one_cells()
                .iter()
                .map(|&(r, c)| p.weight(p.pieces[r * cols + c].unwrap()))
                .sum::<f64>()
        };
        let valid: Vec<BinaryMatrix> = all_grids(rows, cols).filter(|m| chess_ok(&p, m)).collect();
        let best = valid.iter().map(value).fold(f64::MIN, f64::max);
        let optima = valid.iter().filter(|m| (value(m) - best).abs() < 1e-9).count();
        let r = Puzzle::Chess(p.clone())
            .solve_exact(ExactRequest::default(), &CancelFlag::new())
            .unwrap();
        assert!((r.best.unwrap() - best).abs() < 1e-9, "{}", p.to_text());
        assert_eq!(r.count as usize, optima, "{}", p.to_text());
    }
}

// ---------------------------------------------------------------------------
// Text forms

#[test]
fn text_forms_round_trip_and_errors_name_lines() {
    let (rullo, _) = rullo_article();
    let mut binary = BinaryPuzzle::blank(6, 6, false);
    binary.givens.push((0, 0, true));
    binary.links.push(BinaryLink {
        a: (0, 1),
        b: (0, 2),
        opposite: true,
    });
    let puzzles = [
        Puzzle::Rullo(rullo),
        Puzzle::Queens(mit_levels()[5].puzzle.clone().queens()),
        Puzzle::Queens(Queens::n_queens(8)),
        Puzzle::Binary(binary),
        Puzzle::Binary(BinaryPuzzle::blank(6, 6, true)),
    ];
    for p in puzzles {
        let text = p.to_text();
        assert_eq!(Puzzle::parse(&text).unwrap(), p, "{text}");
    }
    let e = Puzzle::parse("queens 4x4\ncount 1\nregions\naabb\naabb\nccdd\n").unwrap_err();
    assert!(e.contains("line 3") && e.contains("3 of its 4 rows"), "{e}");
    let e = Puzzle::parse("tents 3x3\nrows 1 0\ngrid\n.T.\n...\nT..\n").unwrap_err();
    assert!(e.contains("line 2"), "{e}");
    let e = Puzzle::parse("sudoku 9x9\n").unwrap_err();
    assert!(e.contains("'sudoku' is not a puzzle family"), "{e}");
    let e = Puzzle::parse("takuzu 4x4\nlinks 1,1=1,2 1,2=1,1x\n").unwrap_err();
    assert!(e.contains("line 2"), "{e}");
    let e = Puzzle::parse("queens 4x4\ncolour red\n").unwrap_err();
    assert!(e.contains("line 2") && e.contains("colour"), "{e}");
}

trait AsQueens {
    fn queens(self) -> Queens;
}

impl AsQueens for Puzzle {
    fn queens(self) -> Queens {
        match self {
            Puzzle::Queens(q) => q,
            _ => panic!("not queens"),
        }
    }
}

/// The counting sums the exact solver adds for Star Battle (bands of rows and
/// columns against the regions inside them) never lose a solution: one star per
/// row, column and region on random 5×5 and 6×6 boards, against trying every
/// column per row.
#[test]
fn star_battle_band_sums_keep_every_solution() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let mut total = 0;
    for case in 0..40 {
        let n = if case % 2 == 0 { 5 } else { 6 };
        let regions = random_regions(&mut rng, n * n, n as u16);
        let q = Queens::star_battle(n, regions.clone(), 1);
        if q.validate().is_err() {
            continue;
        }
        let mut brute = 0u64;
        let mut cols = vec![0usize; n];
        loop {
            let ok = (0..n)
                .all(|r| (0..r).all(|s| cols[s] != cols[r]) && (r == 0 || cols[r - 1].abs_diff(cols[r]) > 1))
                && {
                    let mut seen = vec![false; n];
                    (0..n).all(|r| !std::mem::replace(&mut seen[regions[r * n + cols[r]] as usize], true))
                };
            brute += ok as u64;
            let mut i = 0;
            while i < n && cols[i] == n - 1 {
                cols[i] = 0;
                i += 1;
            }
            if i == n {
                break;
            }
            cols[i] += 1;
        }
        let r = Puzzle::Queens(q)
            .solve_exact(ExactRequest::default(), &CancelFlag::new())
            .unwrap();
        assert_eq!(r.count, brute, "case {case}: regions {regions:?}");
        total += brute;
    }
    assert!(total >= 20, "the random boards have solutions to lose ({total})");
}

/// The smallest boards: a 1×1 LinkedIn Queens or Star Battle with one region has
/// exactly its one queen (dancing links once indexed a 2×2 window past the items).
#[test]
fn one_by_one_queens_and_star_battle_have_one_solution() {
    for text in ["queens 1x1\nregions\na\n", "star-battle 1x1\nregions\na\nstars 1\n"] {
        let p = Puzzle::parse(text).unwrap();
        let r = p.solve_exact(ExactRequest::default(), &CancelFlag::new()).unwrap();
        assert_eq!(r.count, 1, "{text}");
        assert!(p.violations(&r.examples[0]).unwrap().is_empty());
    }
}
