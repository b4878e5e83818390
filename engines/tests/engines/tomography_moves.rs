//! Subreflections and the stealth search, checked against the exact puzzle solver
//! (every fleet sharing an X-ray) and a brute force on a tiny board.

use fleetscope_engines::cover::CountError;
use fleetscope_engines::geometry::BinaryMatrix;
use fleetscope_engines::geometry::TouchRule;
use fleetscope_engines::geometry::{Board, Coord, Deployment, Fleet, Lattice, PlacedShip, random_deployment};
use fleetscope_engines::run::{CancelFlag, Progress};
use fleetscope_engines::tomography::{
    Block, ReflectionAxis, StealthRequest, XRay, fleets_with_xray, is_sum_symmetric, reflect, stealth_search,
    subreflections,
};
use std::collections::{HashMap, HashSet};

fn classic() -> (Board, Fleet) {
    let s = crate::common::classic();
    (s.board, s.fleet)
}

fn no_progress(_: Progress) {}

#[test]
fn a_swap_of_two_dominoes_is_the_one_subreflection() {
    let board = Board::square("2x4", 2, 4);
    let fleet = Fleet::straight("two", Lattice::Square, &[("A", 2), ("B", 2)]);
    let m = BinaryMatrix::parse("1100\n0011").unwrap();
    let found = subreflections(&board, &fleet, &m, TouchRule::MayTouch, 16, &CancelFlag::new()).unwrap();
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].result, BinaryMatrix::parse("0011\n1100").unwrap());
    assert_eq!(
        found[0].block,
        Block {
            top: 0,
            left: 0,
            rows: 2,
            cols: 4
        }
    );
    let after = BinaryMatrix::from_deployment(&board, &fleet, &found[0].fleet).unwrap();
    assert_eq!(after, found[0].result);
}

#[test]
fn sum_symmetry_decides_which_flips_keep_the_xray() {
    let m = BinaryMatrix::parse("1100\n0010\n0001").unwrap();
    let b = Block {
        top: 0,
        left: 0,
        rows: 3,
        cols: 4,
    };
    // Column sums 1 1 1 1 are palindromic; row sums 2 1 1 are not.
    assert!(is_sum_symmetric(&m, b, ReflectionAxis::Horizontal));
    assert!(!is_sum_symmetric(&m, b, ReflectionAxis::Vertical));
    assert_eq!(XRay::of(&reflect(&m, b, ReflectionAxis::Horizontal)), XRay::of(&m));
    assert_ne!(XRay::of(&reflect(&m, b, ReflectionAxis::Vertical)), XRay::of(&m));
}

#[test]
fn subreflections_of_random_fleets_are_fleets_with_the_same_xray() {
    let (board, fleet) = classic();
    let lengths = fleet.straight_lengths().unwrap();
    let mut total = 0;
    for seed in 0..12 {
        let d = random_deployment(&board, &fleet, TouchRule::MayTouch, seed)
            .unwrap()
            .deployment;
        let m = BinaryMatrix::from_deployment(&board, &fleet, &d).unwrap();
        let x = XRay::of(&m);
        let all = fleets_with_xray(&x, &lengths, &[], TouchRule::MayTouch, usize::MAX, &CancelFlag::new()).unwrap();
        let all: HashSet<BinaryMatrix> = all.examples.into_iter().collect();
        for s in subreflections(&board, &fleet, &m, TouchRule::MayTouch, 64, &CancelFlag::new()).unwrap() {
            assert_ne!(s.result, m);
            assert_eq!(XRay::of(&s.result), x, "seed {seed}: {:?}", s.block);
            assert!(all.contains(&s.result), "seed {seed}: not a fleet with this X-ray");
            assert_eq!(
                BinaryMatrix::from_deployment(&board, &fleet, &s.fleet).unwrap(),
                s.result
            );
            assert_eq!(s.fleet.ships.len(), fleet.pieces.len());
            total += 1;
        }
    }
    assert!(total > 0, "twelve random fleets and not one subreflection");
}

#[test]
fn no_touch_subreflections_keep_ships_apart() {
    let (board, fleet) = classic();
    for seed in 0..12 {
        let d = random_deployment(&board, &fleet, TouchRule::MayTouch, seed)
            .unwrap()
            .deployment;
        let m = BinaryMatrix::from_deployment(&board, &fleet, &d).unwrap();
        for s in subreflections(&board, &fleet, &m, TouchRule::NoTouch, 64, &CancelFlag::new()).unwrap() {
            let owner = s.fleet.occupancy(&fleet);
            for (c, p) in &owner {
                for step in Lattice::Square.touching() {
                    assert!(owner.get(&(*c + step)).is_none_or(|q| q == p), "ships touch at {c:?}");
                }
            }
        }
    }
}

/// Every deployment of `lengths` (straight, labelled) on a rows×cols board.
fn all_deployments(board: &Board, fleet: &Fleet) -> Vec<Deployment> {
    let placements = fleetscope_engines::geometry::fleet_placements(board, fleet);
    let mut out = Vec::new();
    let mut stack: Vec<PlacedShip> = Vec::new();
    fn rec(
        i: usize,
        placements: &[Vec<fleetscope_engines::geometry::Placement>],
        used: &mut HashSet<u32>,
        stack: &mut Vec<PlacedShip>,
        out: &mut Vec<Deployment>,
    ) {
        if i == placements.len() {
            out.push(Deployment { ships: stack.clone() });
            return;
        }
        for p in &placements[i] {
            if p.cells.iter().any(|c| used.contains(c)) {
                continue;
            }
            p.cells.iter().for_each(|&c| {
                used.insert(c);
            });
            stack.push(PlacedShip {
                piece: i,
                rotation: p.rotation,
                mirrored: p.mirrored,
                anchor: p.anchor,
            });
            rec(i + 1, placements, used, stack, out);
            stack.pop();
            p.cells.iter().for_each(|c| {
                used.remove(c);
            });
        }
    }
    rec(0, &placements, &mut HashSet::new(), &mut stack, &mut out);
    out
}

#[test]
fn stealth_search_finds_the_most_shared_xray_of_a_tiny_board() {
    let board = Board::square("4x4", 4, 4);
    let fleet = Fleet::straight("three", Lattice::Square, &[("A", 3), ("B", 2), ("C", 2)]);
    // Brute force: group every fleet matrix by its X-ray.
    let mut by_xray: HashMap<XRay, HashSet<BinaryMatrix>> = HashMap::new();
    for d in all_deployments(&board, &fleet) {
        let m = BinaryMatrix::from_deployment(&board, &fleet, &d).unwrap();
        by_xray.entry(XRay::of(&m)).or_default().insert(m);
    }
    let best_possible = by_xray.values().map(HashSet::len).max().unwrap() as u128;
    let req = StealthRequest {
        board: board.clone(),
        fleet: fleet.clone(),
        rule: TouchRule::MayTouch,
        iterations: 400,
        seed: 7,
        keep: 5,
    };
    let found = stealth_search(&req, &CancelFlag::new(), &no_progress).unwrap();
    assert!(!found.is_empty() && found.len() <= 5);
    for w in found.windows(2) {
        assert!(w[0].fleet_matrices >= w[1].fleet_matrices);
    }
    for f in &found {
        let truth = by_xray[&XRay::of(&f.matrix)].len() as u128;
        assert_eq!(f.fleet_matrices, truth, "score must be the exact count");
        assert_eq!(
            BinaryMatrix::from_deployment(&board, &fleet, &f.deployment).unwrap(),
            f.matrix
        );
    }
    assert_eq!(found[0].fleet_matrices, best_possible);
}

#[test]
fn stealth_search_stops_when_cancelled_and_rejects_bent_ships() {
    let (board, fleet) = classic();
    let req = StealthRequest {
        board: board.clone(),
        fleet: fleet.clone(),
        rule: TouchRule::MayTouch,
        iterations: 1_000_000,
        seed: 1,
        keep: 3,
    };
    let cancel = CancelFlag::new();
    cancel.cancel();
    assert!(matches!(
        stealth_search(&req, &cancel, &no_progress),
        Err(CountError::Cancelled(_))
    ));
    let mut bent = fleet.clone();
    bent.pieces[0] = fleetscope_engines::geometry::Piece::new("L", vec![Coord(0, 0), Coord(1, 0), Coord(1, 1)]);
    let req = StealthRequest { fleet: bent, ..req };
    let err = stealth_search(&req, &CancelFlag::new(), &no_progress).unwrap_err();
    assert!(err.to_string().contains("not a straight ship"), "{err}");
}
