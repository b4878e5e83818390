//! The Battleship puzzle solver against the sample of the Battleship CSP report and against brute
//! force (every deployment enumerated by the DLX engine, grouped by X-ray).

use fleetscope_engines::cover::{Dlx, FleetCover};
use fleetscope_engines::geometry::BinaryMatrix;
use fleetscope_engines::geometry::{Board, Coord, Fleet, Lattice};
use fleetscope_engines::geometry::{Observations, TouchRule};
use fleetscope_engines::puzzle::{BattleshipPuzzle, Given, PuzzleError, solve};
use fleetscope_engines::run::CancelFlag;
use fleetscope_engines::tomography::XRay;
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

fn puzzle(rows: usize, cols: usize, ships: &[usize], x: &XRay, rule: TouchRule) -> BattleshipPuzzle {
    BattleshipPuzzle {
        rows,
        cols,
        ships: ships.to_vec(),
        row_targets: x.rows.iter().map(|&v| Some(v)).collect(),
        col_targets: x.cols.iter().map(|&v| Some(v)).collect(),
        givens: vec![],
        rule,
    }
}

#[test]
fn csp_report_sample() {
    // ships = [0, 1, 2, 1]: one 1-ship, two 2-ships, one 3-ship; the report's solution.
    let solution = BinaryMatrix::parse("0011\n0100\n0101\n1110").unwrap();
    let x = XRay::of(&solution);
    assert_eq!(x.rows, vec![2, 1, 2, 3]);
    assert_eq!(x.cols, vec![1, 3, 2, 2]);
    let s = solve(
        &puzzle(4, 4, &[1, 2, 2, 3], &x, TouchRule::MayTouch),
        100,
        1000,
        &CancelFlag::new(),
    )
    .unwrap();
    assert!(s.examples.contains(&solution));
    assert_eq!(s.labelled, 2 * s.layouts);
}

/// Every deployment of `lengths` on rows×cols, as (matrix, count of labelled layouts).
fn enumerate(rows: u32, cols: u32, lengths: &[usize], rule: TouchRule) -> HashMap<BinaryMatrix, u128> {
    let names: Vec<String> = (0..lengths.len()).map(|i| format!("s{i}")).collect();
    let spec: Vec<(&str, usize)> = names.iter().map(String::as_str).zip(lengths.iter().copied()).collect();
    let fleet = Fleet::straight("f", Lattice::Square, &spec);
    let cover = FleetCover::new(&Board::square("b", rows, cols), &fleet, rule, &Observations::default()).unwrap();
    let mut dlx = Dlx::new(&cover.exact_cover());
    let mut out: HashMap<BinaryMatrix, u128> = HashMap::new();
    let _ = dlx.enumerate(&CancelFlag::new(), &mut |opts| {
        let mut m = BinaryMatrix::zeros(rows as usize, cols as usize);
        for &o in opts {
            let (p, k) = cover.option_placement(o);
            for &c in &cover.placements[p][k].cells {
                let Coord(r, c) = cover.index.coord(c);
                m.set(r as usize, c as usize, true);
            }
        }
        *out.entry(m).or_default() += 1;
        ControlFlow::Continue(())
    });
    out
}

fn check_against_enumeration(rows: u32, cols: u32, lengths: &[usize], rule: TouchRule, sample: usize) {
    let all = enumerate(rows, cols, lengths, rule);
    let mut by_xray: HashMap<XRay, (u128, u128)> = HashMap::new();
    for (m, n) in &all {
        let e = by_xray.entry(XRay::of(m)).or_default();
        e.0 += n;
        e.1 += 1;
    }
    for (x, (labelled, matrices)) in by_xray.iter().take(sample) {
        let p = puzzle(rows as usize, cols as usize, lengths, x, rule);
        let s = solve(&p, 0, 1_000_000, &CancelFlag::new()).unwrap();
        assert_eq!((s.labelled, s.matrices), (*labelled, Some(*matrices)), "{x:?} {rule:?}");
    }
}

#[test]
fn counts_match_enumeration_ships_may_touch() {
    check_against_enumeration(5, 6, &[3, 2, 2], TouchRule::MayTouch, 300);
    check_against_enumeration(5, 5, &[4, 3, 1], TouchRule::MayTouch, 300);
}

#[test]
fn counts_match_enumeration_ships_may_not_touch() {
    check_against_enumeration(6, 6, &[3, 2, 2, 1], TouchRule::NoTouch, 300);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn givens_and_unknown_targets_match_brute_force(
        pick in 0usize..10_000, hide_rows in proptest::collection::vec(any::<bool>(), 5),
        shown in proptest::collection::vec((0usize..5, 0usize..5), 0..4),
    ) {
        let lengths = [3usize, 2, 1];
        let all = enumerate(5, 5, &lengths, TouchRule::NoTouch);
        let mut keys: Vec<&BinaryMatrix> = all.keys().collect();
        keys.sort();
        let truth = keys[pick % keys.len()].clone();
        let x = XRay::of(&truth);
        let mut p = puzzle(5, 5, &lengths, &x, TouchRule::NoTouch);
        for (r, hide) in hide_rows.iter().enumerate() {
            if *hide { p.row_targets[r] = None; }
        }
        // Reveal some cells of the truth: water, or "some ship cell".
        let mut seen = HashSet::new();
        for (r, c) in shown {
            if seen.insert((r, c)) {
                p.givens.push((r, c, if truth.get(r, c) { Given::Ship } else { Given::Water }));
            }
        }
        let expect: Vec<&BinaryMatrix> = keys.iter().copied().filter(|m| {
            let y = XRay::of(m);
            y.cols == x.cols
                && (0..5).all(|r| p.row_targets[r].is_none_or(|t| t == y.rows[r]))
                && p.givens.iter().all(|&(r, c, g)| m.get(r, c) == (g != Given::Water))
        }).collect();
        let s = solve(&p, 1000, 1000, &CancelFlag::new()).unwrap();
        prop_assert_eq!(s.matrices, Some(expect.len() as u128));
        prop_assert!(s.examples.contains(&truth));
    }
}

#[test]
fn ship_part_givens_pin_the_ship() {
    // A 1×5 row: a 3-ship and a 1-ship, may not touch. Row target 4, columns as drawn.
    let truth = BinaryMatrix::parse("###.#").unwrap();
    let x = XRay::of(&truth);
    let mut p = puzzle(1, 5, &[3, 1], &x, TouchRule::NoTouch);
    assert_eq!(solve(&p, 10, 10, &CancelFlag::new()).unwrap().matrices, Some(1));
    // Claiming cell 0 is a middle piece contradicts every solution.
    p.givens = vec![(0, 0, Given::Middle)];
    assert_eq!(solve(&p, 10, 10, &CancelFlag::new()).unwrap().layouts, 0);
    p.givens = vec![(0, 0, Given::Left), (0, 4, Given::Single)];
    assert_eq!(solve(&p, 10, 10, &CancelFlag::new()).unwrap().layouts, 1);
}

#[test]
fn bad_puzzles_give_clear_errors() {
    let x = XRay {
        rows: vec![1, 1],
        cols: vec![1, 0],
    };
    let p = puzzle(2, 2, &[2], &x, TouchRule::MayTouch);
    assert!(matches!(
        solve(&p, 0, 0, &CancelFlag::new()),
        Err(PuzzleError::TargetSums { rows: 2, cols: 1 })
    ));
    let p = puzzle(
        2,
        2,
        &[3],
        &XRay {
            rows: vec![2, 1],
            cols: vec![2, 1],
        },
        TouchRule::MayTouch,
    );
    assert_eq!(
        solve(&p, 0, 0, &CancelFlag::new()).unwrap_err(),
        PuzzleError::ShipTooLong(3, 2, 2)
    );
    let p = puzzle(
        2,
        2,
        &[1],
        &XRay {
            rows: vec![1, 1],
            cols: vec![1, 1],
        },
        TouchRule::MayTouch,
    );
    assert!(
        solve(&p, 0, 0, &CancelFlag::new())
            .unwrap_err()
            .to_string()
            .contains("cover 1 cells")
    );
    let mut big = puzzle(
        2,
        2,
        &[1],
        &XRay {
            rows: vec![1, 0],
            cols: vec![1, 0],
        },
        TouchRule::MayTouch,
    );
    big.rows = 65;
    assert_eq!(
        solve(&big, 0, 0, &CancelFlag::new()).unwrap_err(),
        PuzzleError::Size(65, 2)
    );
}

/// A node budget stops the model search the same way on every machine, and
/// the result says the count is not complete. (A blank 6×6 Takuzu, 4,140
/// solutions: the 8×8 one's 4,111,116 took minutes of the test run.)
#[test]
fn a_node_budget_stops_the_model_search() {
    use fleetscope_engines::puzzle::families::binary::BinaryPuzzle;
    use fleetscope_engines::puzzle::{ExactRequest, Puzzle};
    let p = Puzzle::Binary(BinaryPuzzle::blank(6, 6, true));
    let full = p
        .solve_exact(ExactRequest::new(u64::MAX, 0), &CancelFlag::new())
        .unwrap();
    assert!(full.is_complete() && !full.out_of_nodes && full.count > 1);
    for budget in [1, 10, 100] {
        let cut = p
            .solve_exact(
                ExactRequest::new(u64::MAX, 0).with_max_nodes(budget),
                &CancelFlag::new(),
            )
            .unwrap();
        assert!(
            cut.out_of_nodes && !cut.is_complete() && !cut.is_unique(),
            "{budget}: {cut:?}"
        );
        assert!(cut.nodes <= budget && cut.count < full.count, "{budget}: {cut:?}");
        let again = p
            .solve_exact(
                ExactRequest::new(u64::MAX, 0).with_max_nodes(budget),
                &CancelFlag::new(),
            )
            .unwrap();
        assert_eq!((again.nodes, again.count), (cut.nodes, cut.count), "{budget}");
    }
}
