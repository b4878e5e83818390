//! The cluster counter against the published classic counts (5×5 to 10×10
//! and the 12×10 board), against the bitboard and frontier counters on small
//! boards under both touch rules, on hexagons and with polyominoes, and
//! against a brute force on tiny boards.

use fleetscope_engines::cover::{ClusterCounter, CountRequest, Engine, Frame, count_deployments};
use fleetscope_engines::geometry::{Board, BoardIndex, Coord, Fleet, Lattice, Piece, TouchRule, fleet_placements};
use fleetscope_engines::run::CancelFlag;

fn straight(lengths: &[usize], lattice: Lattice) -> Fleet {
    let ships: Vec<(String, usize)> = lengths.iter().enumerate().map(|(i, l)| (format!("s{i}"), *l)).collect();
    let refs: Vec<(&str, usize)> = ships.iter().map(|(n, l)| (n.as_str(), *l)).collect();
    Fleet::straight("f", lattice, &refs)
}

fn clusters(fleet: &Fleet, rule: TouchRule) -> ClusterCounter {
    ClusterCounter::new(fleet, rule, &CancelFlag::new(), &|_, _| {}).unwrap()
}

fn other(board: &Board, fleet: &Fleet, rule: TouchRule, engine: Engine) -> u128 {
    let req = CountRequest {
        engine,
        threads: 2,
        rule,
        ..Default::default()
    };
    count_deployments(board, fleet, &req, &CancelFlag::new(), &|_| {})
        .unwrap()
        .labelled
}

/// Every tuple of placements, pairwise clear: the definition itself.
fn brute(board: &Board, fleet: &Fleet, rule: TouchRule) -> u128 {
    let lists = fleet_placements(board, fleet);
    let touching = fleet.lattice.touching();
    let clear = |a: &[Coord], b: &[Coord]| {
        a.iter().all(|x| {
            b.iter().all(|y| {
                *x != *y && (rule == TouchRule::MayTouch || !touching.iter().any(|d| Coord(x.0 + d.0, x.1 + d.1) == *y))
            })
        })
    };
    fn go(lists: &[Vec<Vec<Coord>>], chosen: &mut Vec<Vec<Coord>>, clear: &dyn Fn(&[Coord], &[Coord]) -> bool) -> u128 {
        let Some(list) = lists.get(chosen.len()) else { return 1 };
        let mut n = 0;
        for p in list {
            if chosen.iter().all(|q| clear(q, p)) {
                chosen.push(p.clone());
                n += go(lists, chosen, clear);
                chosen.pop();
            }
        }
        n
    }
    let index = BoardIndex::new(board);
    let cells: Vec<Vec<Vec<Coord>>> = lists
        .iter()
        .map(|l| {
            l.iter()
                .map(|p| p.cells.iter().map(|&i| index.coord(i)).collect())
                .collect()
        })
        .collect();
    go(&cells, &mut Vec::new(), &clear)
}

#[test]
fn the_published_classic_counts() {
    let c = clusters(&straight(&[5, 4, 3, 3, 2], Lattice::Square), TouchRule::MayTouch);
    for (n, expect) in [
        (5, 80_848i128),
        (6, 6_687_136),
        (7, 124_757_096),
        (8, 1_142_253_520),
        (9, 6_788_392_256),
        (10, 30_093_975_536),
    ] {
        assert_eq!(c.count(Frame::Rect { rows: n, cols: n }).unwrap(), expect, "{n}×{n}");
    }
    // A non-square board: the published 12×10 count.
    assert_eq!(c.count(Frame::Rect { rows: 12, cols: 10 }).unwrap(), 101_832_786_704);
    assert_eq!(c.count(Frame::Rect { rows: 10, cols: 12 }).unwrap(), 101_832_786_704);
    assert_eq!(
        c.count(Frame::Rect { rows: 3, cols: 3 }).unwrap(),
        0,
        "the carrier does not fit"
    );
}

#[test]
fn both_rules_against_the_bitboard_and_the_frontier() {
    // The classic fleet with ships apart: the ignored test at the end (its
    // cluster classes take 93 CPU-s in a debug build); a smaller fleet apart
    // on large boards runs in the test before it.
    for (lengths, rules) in [
        (&[4, 3, 2][..], &[TouchRule::MayTouch, TouchRule::NoTouch][..]),
        (&[3, 3, 2, 2], &[TouchRule::MayTouch, TouchRule::NoTouch]),
        (&[5, 4, 3, 3, 2], &[TouchRule::MayTouch]),
        (&[2, 2, 2, 1, 1], &[TouchRule::MayTouch, TouchRule::NoTouch]),
    ] {
        let fleet = straight(lengths, Lattice::Square);
        for &rule in rules {
            let c = clusters(&fleet, rule);
            for (r, k) in [(6u32, 7u32), (8, 8), (9, 11)] {
                let board = Board::square("b", r, k);
                let expect = other(&board, &fleet, rule, Engine::Fast);
                let got = c.count(Frame::of(&board).unwrap()).unwrap();
                assert_eq!(got as u128, expect, "{lengths:?} {rule:?} {r}×{k}");
            }
        }
    }
    let fleet = straight(&[3, 2, 2], Lattice::Square);
    let board = Board::square("b", 14, 13);
    for rule in [TouchRule::MayTouch, TouchRule::NoTouch] {
        let got = clusters(&fleet, rule).count(Frame::of(&board).unwrap()).unwrap();
        assert_eq!(
            got as u128,
            other(&board, &fleet, rule, Engine::Frontier),
            "{rule:?} 14×13"
        );
    }
}

#[test]
fn polyominoes_with_and_without_mirrors_and_hexagons_by_brute_force() {
    let l = Piece::new("L", vec![Coord(0, 0), Coord(1, 0), Coord(2, 0), Coord(2, 1)]);
    let t = Piece::new("T", vec![Coord(0, 0), Coord(0, 1), Coord(0, 2), Coord(1, 1)]);
    let two = Piece::new("2", vec![Coord(0, 0), Coord(0, 1)]);
    for mirror in [false, true] {
        let fleet = Fleet {
            name: "poly".into(),
            lattice: Lattice::Square,
            pieces: vec![l.clone(), t.clone(), two.clone()],
            allow_mirror: mirror,
        };
        for rule in [TouchRule::MayTouch, TouchRule::NoTouch] {
            let c = clusters(&fleet, rule);
            for (r, k) in [(4u32, 5u32), (5, 5), (6, 4)] {
                let board = Board::square("b", r, k);
                let got = c.count(Frame::of(&board).unwrap()).unwrap();
                assert_eq!(
                    got as u128,
                    brute(&board, &fleet, rule),
                    "mirror {mirror} {rule:?} {r}×{k}"
                );
            }
        }
    }
    let hex = straight(&[3, 2, 2], Lattice::Hex);
    for rule in [TouchRule::MayTouch, TouchRule::NoTouch] {
        let c = clusters(&hex, rule);
        for radius in [1, 2, 3] {
            let board = Board::hexagon("h", radius);
            let got = c.count(Frame::of(&board).unwrap()).unwrap();
            assert_eq!(got as u128, brute(&board, &hex, rule), "hex radius {radius} {rule:?}");
        }
    }
}

#[test]
fn boards_with_islands_have_no_frame() {
    let mut board = Board::square("b", 6, 6);
    assert!(Frame::of(&board).is_some());
    board.islands.insert(Coord(2, 2));
    assert!(Frame::of(&board).is_none());
    let mut hex = Board::hexagon("h", 2);
    assert!(Frame::of(&hex).is_some());
    hex.toggle_hex_cell(Coord(2, 0));
    assert!(Frame::of(&hex).is_none(), "a hexagon less a cell is not a hexagon");
}

#[test]
fn occupancy_maps_match_the_other_engines() {
    use fleetscope_engines::cover::{Engine, occupancy};
    for (lengths, rule, (r, k), engine) in [
        (&[5, 4, 3, 3, 2][..], TouchRule::MayTouch, (9u32, 11u32), Engine::Fast),
        (&[4, 3, 2][..], TouchRule::NoTouch, (8, 7), Engine::Fast),
        (&[3, 2, 2][..], TouchRule::MayTouch, (13, 12), Engine::Frontier),
    ] {
        let fleet = straight(lengths, Lattice::Square);
        let board = Board::square("b", r, k);
        let req = CountRequest {
            engine,
            threads: 2,
            rule,
            ..Default::default()
        };
        let expect = occupancy(&board, &fleet, &req, &CancelFlag::new(), &|_| {}).unwrap();
        let c = ClusterCounter::new_with_cells(&fleet, rule, &CancelFlag::new(), &|_, _| {}).unwrap();
        let (total, cells) = c.occupancy(Frame::of(&board).unwrap(), &CancelFlag::new()).unwrap();
        assert_eq!(total as u128, expect.total, "{lengths:?} {rule:?}");
        for (coord, n) in &expect.cells {
            let got = cells[(coord.0 as u32 * k + coord.1 as u32) as usize];
            assert_eq!(got as u128, *n, "{lengths:?} {rule:?} cell {coord:?}");
        }
    }
}

/// The large-board check that runs in every build: four ships apart, twins
/// among them, on frames up to 16 cells long, against the frontier counter
/// (transfer matrix, an independent algorithm) counting the same boards.
#[test]
fn four_ships_apart_on_large_boards_equal_the_frontiers_counts() {
    let fleet = straight(&[4, 3, 3, 2], Lattice::Square);
    let c = clusters(&fleet, TouchRule::NoTouch);
    for (r, k) in [(12u32, 12u32), (14, 14), (16, 12)] {
        let board = Board::square("b", r, k);
        let expect = other(&board, &fleet, TouchRule::NoTouch, Engine::Frontier);
        let got = c.count(Frame::of(&board).unwrap()).unwrap();
        assert_eq!(got as u128, expect, "{r}×{k}");
    }
}

#[test]
#[ignore = "93 CPU-s in a debug build, 39 s in release (the classic fleet's cluster classes): \
            cargo test --release -p fleetscope-engines --test engines -- --ignored"]
fn the_classic_fleet_apart_on_large_boards_equals_the_frontiers_counts() {
    // Counted with the frontier counter (2.9, 24 and 110 CPU-s).
    let c = clusters(&straight(&[5, 4, 3, 3, 2], Lattice::Square), TouchRule::NoTouch);
    for (n, expect) in [(12, 85_700_116_176i128), (14, 850_095_708_288), (16, 5_259_141_724_768)] {
        assert_eq!(c.count(Frame::Rect { rows: n, cols: n }).unwrap(), expect, "{n}×{n}");
    }
}
