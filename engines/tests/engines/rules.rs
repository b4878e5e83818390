//! The setup's rules in the engines: random fleets uniform over the deployments a
//! rule allows (against a brute-force list of them), realisations that keep the
//! no-touch rule (against every realisation filtered), and placement reasons.

use fleetscope_engines::geometry::{
    BinaryMatrix, Board, Coord, Deployment, Fleet, Lattice, PlaceError, PlacedShip, TouchRule, random_deployment,
};
use fleetscope_engines::tomography::{realisation, realisations};
use std::collections::{BTreeSet, HashMap};

/// Every deployment of `fleet` on `board` under `rule`, by brute force: each piece
/// at every anchor and rotation, cells checked by hand.
fn all_deployments(board: &Board, fleet: &Fleet, rule: TouchRule) -> Vec<Vec<BTreeSet<Coord>>> {
    let (rows, cols) = board.dims().unwrap();
    let mut per_piece: Vec<Vec<BTreeSet<Coord>>> = Vec::new();
    for piece in 0..fleet.pieces.len() {
        let mut sets = BTreeSet::new();
        for rotation in 0..2u8 {
            for r in 0..rows as i32 {
                for c in 0..cols as i32 {
                    let ship = PlacedShip {
                        piece,
                        rotation,
                        mirrored: false,
                        anchor: Coord(r, c),
                    };
                    let cells: BTreeSet<Coord> = ship.cells(fleet).into_iter().collect();
                    if cells.iter().all(|&x| board.is_playable(x)) {
                        sets.insert(cells);
                    }
                }
            }
        }
        per_piece.push(sets.into_iter().collect());
    }
    let near = |a: &BTreeSet<Coord>, b: &BTreeSet<Coord>| {
        a.iter()
            .any(|x| b.iter().any(|y| (x.0 - y.0).abs() <= 1 && (x.1 - y.1).abs() <= 1))
    };
    let mut out = Vec::new();
    let mut stack: Vec<Vec<BTreeSet<Coord>>> = vec![Vec::new()];
    while let Some(partial) = stack.pop() {
        if partial.len() == per_piece.len() {
            out.push(partial);
            continue;
        }
        for s in &per_piece[partial.len()] {
            let ok = partial.iter().all(|t| match rule {
                TouchRule::MayTouch => t.is_disjoint(s),
                TouchRule::NoTouch => !near(t, s),
            });
            if ok {
                let mut next = partial.clone();
                next.push(s.clone());
                stack.push(next);
            }
        }
    }
    out
}

fn cells_of(d: &Deployment, fleet: &Fleet) -> Vec<BTreeSet<Coord>> {
    let mut ships = d.ships.clone();
    ships.sort_by_key(|s| s.piece);
    ships.iter().map(|s| s.cells(fleet).into_iter().collect()).collect()
}

/// Draws from many seeds hit every allowed deployment about equally often: a
/// chi-square statistic within five standard deviations of its mean. The boards
/// are tight (an island, a long ship) so that a ship-after-ship draw would tilt.
#[test]
fn random_fleets_are_uniform_over_the_deployments_the_rule_allows() {
    let fleet = Fleet::straight("f", Lattice::Square, &[("Long", 3), ("Two", 2), ("One", 1)]);
    for (rows, cols, rule) in [(3, 4, TouchRule::MayTouch), (4, 5, TouchRule::NoTouch)] {
        let mut board = Board::square("b", rows, cols);
        board.islands.insert(Coord(1, 1));
        let all = all_deployments(&board, &fleet, rule);
        let k = all.len();
        assert!(k > 10, "{rule:?}: {k} deployments");
        let index: HashMap<Vec<BTreeSet<Coord>>, usize> = all.into_iter().enumerate().map(|(i, d)| (d, i)).collect();
        let draws = 100 * k;
        let mut seen = vec![0usize; k];
        for seed in 0..draws as u64 {
            let d = random_deployment(&board, &fleet, rule, seed).unwrap();
            assert!(d.uniform);
            let i = index
                .get(&cells_of(&d.deployment, &fleet))
                .unwrap_or_else(|| panic!("{rule:?}: seed {seed} drew a deployment the rule forbids"));
            seen[*i] += 1;
        }
        let expected = draws as f64 / k as f64;
        let chi2: f64 = seen.iter().map(|&o| (o as f64 - expected).powi(2) / expected).sum();
        let df = (k - 1) as f64;
        assert!(
            chi2 < df + 5.0 * (2.0 * df).sqrt(),
            "{rule:?}: chi-square {chi2:.1} over {k} deployments"
        );
    }
}

/// A fleet that cannot keep the rule is refused, naming the piece with no room.
#[test]
fn a_fleet_with_no_room_is_refused() {
    let fleet = Fleet::straight("f", Lattice::Square, &[("A", 2), ("B", 2)]);
    let board = Board::square("b", 2, 2);
    assert!(random_deployment(&board, &fleet, TouchRule::MayTouch, 1).is_ok());
    let e = random_deployment(&board, &fleet, TouchRule::NoTouch, 1).unwrap_err();
    assert!(e.to_string().contains("no free position"), "{e}");
}

/// Under the no-touch rule a matrix is a fleet exactly when one of its
/// realisations keeps the ships apart (every realisation listed and filtered).
#[test]
fn no_touch_realisations_match_every_realisation_filtered() {
    let fleet = Fleet::straight("f", Lattice::Square, &[("A", 3), ("B", 2), ("C", 1), ("D", 1)]);
    let mut state = 12345u64;
    let mut apart = 0;
    for _ in 0..3000 {
        let mut m = BinaryMatrix::zeros(4, 5);
        // Seven ones, placed by a small LCG.
        while m.ones() < 7 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let cell = (state >> 33) as usize % 20;
            m.set(cell / 5, cell % 5, true);
        }
        let filtered = realisations(&m, &fleet, usize::MAX)
            .into_iter()
            .any(|d| d.ships_apart(&fleet));
        let found = realisation(&m, &fleet, TouchRule::NoTouch);
        assert_eq!(found.is_some(), filtered, "{}", m.to_text());
        if let Some(d) = found {
            assert!(d.ships_apart(&fleet));
            apart += 1;
        }
    }
    assert!(apart > 0, "some matrices are fleets with ships apart");
}

/// Placing next to a ship where ships may not touch names that ship.
#[test]
fn placement_says_which_ship_it_would_touch() {
    let fleet = Fleet::straight("f", Lattice::Square, &[("Carrier", 3), ("Boat", 1)]);
    let board = Board::square("b", 5, 5);
    let mut d = Deployment::default();
    d.place(PlacedShip {
        piece: 0,
        rotation: 0,
        mirrored: false,
        anchor: Coord(0, 0),
    });
    let boat = PlacedShip {
        piece: 1,
        rotation: 0,
        mirrored: false,
        anchor: Coord(1, 3),
    };
    assert_eq!(d.check(&board, &fleet, TouchRule::MayTouch, &boat), Ok(()));
    match d.check(&board, &fleet, TouchRule::NoTouch, &boat) {
        Err(PlaceError::Touches { name, .. }) => assert_eq!(name, "Carrier"),
        other => panic!("{other:?}"),
    }
    d.place(boat);
    assert_eq!(d.touching_pair(&fleet), Some(("Carrier".into(), "Boat".into())));
}

/// Every touching pair is named, and the cells where ships touch are exactly
/// the cells with another ship's cell among their eight neighbours.
#[test]
fn every_touching_pair_and_cell_is_found() {
    let fleet = Fleet::straight("f", Lattice::Square, &[("A", 3), ("B", 1), ("C", 2), ("D", 1)]);
    let at = |piece, rotation, r, c| PlacedShip {
        piece,
        rotation,
        mirrored: false,
        anchor: Coord(r, c),
    };
    let mut d = Deployment::default();
    d.place(at(0, 0, 0, 0)); // A: (0,0)-(0,2)
    d.place(at(1, 0, 1, 3)); // B: (1,3), touches A at a corner
    d.place(at(2, 1, 3, 0)); // C: (3,0)-(4,0)
    d.place(at(3, 0, 4, 1)); // D: (4,1), beside C
    let (pairs, cells) = d.touching(&fleet);
    assert_eq!(pairs, vec![(0, 1), (2, 3)]);
    // Brute force over the eight neighbours of every occupied cell.
    let owner = d.occupancy(&fleet);
    let mut expected: Vec<Coord> = owner
        .iter()
        .filter(|(c, p)| {
            (-1..=1).any(|dr| (-1..=1).any(|dc| owner.get(&Coord(c.0 + dr, c.1 + dc)).is_some_and(|q| q != *p)))
        })
        .map(|(c, _)| *c)
        .collect();
    expected.sort();
    assert_eq!(cells, expected);
    assert_eq!(
        d.touching_words(&fleet).as_deref(),
        Some("the A and the B, the C and the D")
    );
}

/// The Solver draws a state equal to the original picture with the fleet as
/// placed, not with another cut of the same ones.
#[test]
fn the_original_picture_is_judged_as_the_fleet_placed() {
    use fleetscope_engines::qubo::XraySpec;
    use fleetscope_engines::solve::XrayProblem;
    let fleet = Fleet::straight("f", Lattice::Square, &[("Three", 3), ("Two", 2)]);
    let board = Board::square("b", 4, 6);
    // Two and Three end to end on row 0: the same ones also cut as Three then Two.
    let mut placed = Deployment::default();
    for (piece, col) in [(1, 0), (0, 2)] {
        placed.place(PlacedShip {
            piece,
            rotation: 0,
            mirrored: false,
            anchor: Coord(0, col),
        });
    }
    let m = BinaryMatrix::from_deployment(&board, &fleet, &placed).unwrap();
    let other = realisations(&m, &fleet, 8);
    assert!(other.iter().any(|r| r != &placed), "the ones have another cut");
    let p = XrayProblem::of_picture(
        &m,
        XraySpec::of_matrix(&m, 0.005),
        Some(fleet.clone()),
        TouchRule::MayTouch,
    )
    .unwrap()
    .with_placed(placed.clone());
    let (_, v) = p.verdict(&p.model.encode(&m));
    assert_eq!(v.fleet, Some(placed));
}
