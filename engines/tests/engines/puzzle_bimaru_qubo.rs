//! The optional diagonal term on the Battleship X-ray QUBO: fleets keep their
//! energy, each pair of diagonal ship neighbours costs the weight, with givens
//! eliminated or not.

use fleetscope_engines::geometry::BinaryMatrix;
use fleetscope_engines::puzzle::{ExactRequest, Puzzle, QuboOptions};
use fleetscope_engines::run::CancelFlag;

fn diagonal_pairs(m: &BinaryMatrix) -> usize {
    let mut n = 0;
    for r in 0..m.rows() - 1 {
        for c in 0..m.cols() {
            n += (c > 0 && m.get(r, c) && m.get(r + 1, c - 1)) as usize;
            n += (c + 1 < m.cols() && m.get(r, c) && m.get(r + 1, c + 1)) as usize;
        }
    }
    n
}

#[test]
fn the_diagonal_term_costs_its_weight_per_pair_and_nothing_for_fleets() {
    let p = Puzzle::parse(
        "battleship 6x6\nships 3 2 2 1 1\nrows 2 1 3 0 2 1\ncols 2 1 2 1 2 1\ngrid\n?x????\n??????\n??*???\n??????\n??????\n??????\n",
    )
    .unwrap();
    let sols = p
        .solve_exact(ExactRequest::new(1000, 1000), &CancelFlag::new())
        .unwrap();
    assert!(sols.count > 0, "the test puzzle has solutions");
    let plain = p.qubo(QuboOptions::default()).unwrap();
    for w in [0.5, 2.0] {
        let with = p
            .qubo(QuboOptions {
                diagonal_penalty: Some(w),
                ..QuboOptions::default()
            })
            .unwrap();
        for m in &sols.examples {
            let (a, b) = (
                plain.qubo().energy(&plain.encode(m)),
                with.qubo().energy(&with.encode(m)),
            );
            assert!((a - b).abs() < 1e-9, "a fleet keeps its energy: {a} vs {b}");
        }
        // Any grid keeping the givens: the difference is w per diagonal pair.
        for bits in [0x5a5a5u64, 0x3c3c3c3, 0xf0f0f0f0f, 0x123456789] {
            let mut m = BinaryMatrix::zeros(6, 6);
            for k in 0..36 {
                m.set(k / 6, k % 6, bits >> k & 1 == 1);
            }
            // The givens, and what they fix: no ship on the diagonals of a ship.
            m.set(0, 1, false);
            m.set(2, 2, true);
            for (r, c) in [(1, 1), (1, 3), (3, 1), (3, 3)] {
                m.set(r, c, false);
            }
            let (a, b) = (
                plain.qubo().energy(&plain.encode(&m)),
                with.qubo().energy(&with.encode(&m)),
            );
            assert!((b - a - w * diagonal_pairs(&m) as f64).abs() < 1e-9);
        }
    }
}

#[test]
fn the_placement_qubo_has_every_solution_at_energy_zero_and_nothing_else_there() {
    let text = include_str!("../../../puzzles/battleship-csp-report.txt");
    let p = Puzzle::parse(text).unwrap();
    let model = p
        .qubo(QuboOptions {
            placements: true,
            ..QuboOptions::default()
        })
        .unwrap();
    let sols = p.solve_exact(ExactRequest::new(100, 100), &CancelFlag::new()).unwrap();
    assert_eq!(sols.count, 8);
    // Each solution is some choice of placements at energy 0 (ships may touch
    // here, so find the choice by search over the placements it covers).
    let n = model.qubo().len();
    let mut zero_grids = std::collections::BTreeSet::new();
    // Energy-0 states found by tabu from many seeds all decode to solutions,
    // and together they give every solution.
    use fleetscope_engines::run::CancelFlag as C;
    use fleetscope_engines::solve::{SolveRequest, Solver, TabuParams, solve};
    let req = SolveRequest {
        solver: Solver::Tabu(TabuParams {
            restarts: 20,
            evaluations: None,
            tenure: Some(5),
        }),
        reads: 200,
        seed: 7,
        threads: 1,
        keep: 1000,
        target: None,
        time_limit: None,
        traces: 0,
        cancel_keeps: false,
    };
    let set = solve(model.qubo(), &req, &C::new(), &|_| {}).unwrap();
    for s in set.samples.iter().filter(|s| s.energy.abs() < 1e-9) {
        assert_eq!(s.state.len(), n);
        let grid = model.decode(&s.state);
        assert!(
            p.violations(&grid).unwrap().is_empty(),
            "an energy-0 state is a solution"
        );
        zero_grids.insert(grid);
    }
    let all: std::collections::BTreeSet<BinaryMatrix> = sols.examples.into_iter().collect();
    assert_eq!(zero_grids, all, "every solution is a ground state");
    // States with energy above 0 are not solutions as placements (some rule term is on).
    for s in set.samples.iter().filter(|s| s.energy > 1e-9) {
        assert!(s.energy >= 1.0 - 1e-9, "penalties are whole numbers");
    }
}

#[test]
fn ship_part_givens_fix_their_neighbours() {
    use fleetscope_engines::puzzle::families::bimaru::given_pins;
    let Puzzle::Battleship(p) =
        Puzzle::parse("battleship 4x4\nships 2\nrows - - - -\ncols - - - -\ngrid\n????\n?n??\n????\n????\n").unwrap()
    else {
        panic!("battleship")
    };
    let pins: std::collections::BTreeMap<(usize, usize), bool> = given_pins(&p).unwrap().into_iter().collect();
    assert!(pins[&(1, 1)]);
    assert!(pins[&(2, 1)], "the ship goes on below its top end");
    for cell in [(0, 1), (1, 0), (1, 2), (0, 0), (0, 2), (2, 0), (2, 2)] {
        assert!(!pins[&cell], "{cell:?} is water");
    }
    assert_eq!(pins.len(), 9);
    // Two givens that disagree are named.
    let Puzzle::Battleship(q) =
        Puzzle::parse("battleship 4x4\nships 2\nrows - - - -\ncols - - - -\ngrid\n????\n?n??\n?x??\n????\n").unwrap()
    else {
        panic!("battleship")
    };
    let e = given_pins(&q).unwrap_err();
    assert!(e.contains("row 3, col 2"), "{e}");
}

/// A Battleship answer splits into its ships, even where ships touch: every
/// solution of the CSP report's puzzle (ships may touch) gets one id per ship,
/// each id's cells form one straight ship, and the lengths are the fleet's.
#[test]
fn a_solution_splits_into_the_fleets_ships() {
    let p = Puzzle::parse(include_str!("../../../puzzles/battleship-csp-report.txt")).unwrap();
    let sols = p.solve_exact(ExactRequest::new(100, 100), &CancelFlag::new()).unwrap();
    let mut fleet: Vec<usize> = match &p {
        Puzzle::Battleship(b) => b.ships.clone(),
        _ => unreachable!(),
    };
    fleet.sort_unstable();
    let mut some_touch = false;
    for grid in &sols.examples {
        let ids = p.ship_ids(grid).expect("a solution is a fleet");
        let cols = grid.cols();
        let mut lengths = Vec::new();
        for id in 1..=fleet.len() as u16 {
            let cells: Vec<(usize, usize)> = (0..ids.len())
                .filter(|&i| ids[i] == id)
                .map(|i| (i / cols, i % cols))
                .collect();
            let row = cells.iter().all(|c| c.0 == cells[0].0);
            let col = cells.iter().all(|c| c.1 == cells[0].1);
            assert!(row || col, "ship {id} is straight: {cells:?}");
            lengths.push(cells.len());
        }
        lengths.sort_unstable();
        assert_eq!(lengths, fleet);
        assert_eq!(
            ids.iter().filter(|&&i| i > 0).count(),
            grid.ones(),
            "every ship cell has a ship"
        );
        // Two ships touch when orthogonal neighbours have different ids.
        some_touch |= (0..ids.len()).any(|i| {
            let (r, c) = (i / cols, i % cols);
            ids[i] > 0 && c + 1 < cols && ids[i + 1] > 0 && ids[i + 1] != ids[i]
                || ids[i] > 0 && r + 1 < grid.rows() && ids[i + cols] > 0 && ids[i + cols] != ids[i]
        });
    }
    assert!(
        some_touch,
        "some solution has ships end to end (the case drawing must split)"
    );
    assert_eq!(
        p.ship_ids(&BinaryMatrix::parse("1111\n0000\n0000\n0000").unwrap()),
        None
    );
}
