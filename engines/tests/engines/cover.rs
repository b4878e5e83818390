//! Exact counts against the published oracles, every engine against the others,
//! and against a brute force on tiny random boards and fleets.

use fleetscope_engines::cover::{CountError, CountRequest, Engine, count_deployments};
use fleetscope_engines::geometry::{Board, Coord, Fleet, Lattice, Piece, fleet_placements};
use fleetscope_engines::geometry::{Observations, TouchRule};
use fleetscope_engines::run::{CancelFlag, Cancelled};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn classic(lengths: &[usize]) -> Fleet {
    let ships: Vec<(String, usize)> = lengths.iter().enumerate().map(|(i, l)| (format!("s{i}"), *l)).collect();
    let refs: Vec<(&str, usize)> = ships.iter().map(|(n, l)| (n.as_str(), *l)).collect();
    Fleet::straight("f", Lattice::Square, &refs)
}

fn count(board: &Board, fleet: &Fleet, engine: Engine, rule: TouchRule, obs: &Observations) -> u128 {
    let req = CountRequest {
        engine,
        threads: 2,
        rule,
        observations: obs.clone(),
    };
    count_deployments(board, fleet, &req, &CancelFlag::new(), &|_| {})
        .unwrap()
        .labelled
}

fn plain(board: &Board, fleet: &Fleet, engine: Engine) -> u128 {
    count(board, fleet, engine, TouchRule::MayTouch, &Observations::default())
}

const CLASSIC: [usize; 5] = [5, 4, 3, 3, 2];

#[test]
fn small_boards_every_engine() {
    let f = classic(&CLASSIC);
    for (n, expect) in [(5u32, 80_848u128), (6, 6_687_136)] {
        let b = Board::square("b", n, n);
        for e in Engine::ALL {
            assert_eq!(plain(&b, &f, e), expect, "{n}×{n} {e:?}");
        }
    }
}

#[test]
fn fast_counter_matches_all_published_square_counts() {
    let f = classic(&CLASSIC);
    let table = [
        (7u32, 124_757_096u128),
        (8, 1_142_253_520),
        (9, 6_788_392_256),
        (10, 30_093_975_536),
    ];
    for (n, expect) in table {
        assert_eq!(plain(&Board::square("b", n, n), &f, Engine::Fast), expect, "{n}×{n}");
    }
    // The frontier counter on the smaller boards (10×10: the test below).
    for (n, expect) in &table[..2] {
        assert_eq!(
            plain(&Board::square("b", *n, *n), &f, Engine::Frontier),
            *expect,
            "{n}×{n} frontier"
        );
    }
}

#[test]
fn frontier_counter_matches_the_published_10x10_count() {
    let f = classic(&CLASSIC);
    assert_eq!(plain(&Board::square("b", 10, 10), &f, Engine::Frontier), 30_093_975_536);
}

#[test]
fn partial_fleets_on_10x10() {
    let b = Board::square("b", 10, 10);
    let table: [(&[usize], u128); 4] = [
        (&[5], 120),
        (&[5, 4], 14_400),
        (&[5, 4, 3], 1_850_736),
        (&[5, 4, 3, 3], 219_572_928),
    ];
    for (lengths, expect) in table {
        let f = classic(lengths);
        assert_eq!(plain(&b, &f, Engine::Fast), expect, "{lengths:?} fast");
        assert_eq!(plain(&b, &f, Engine::Dlx), expect, "{lengths:?} dlx");
        if lengths.len() <= 3 {
            assert_eq!(plain(&b, &f, Engine::DlxPlain), expect, "{lengths:?} dlx-plain");
        }
    }
}

/// Dancing links on the published 7×7 to 9×9 counts: without the last-item
/// shortcut on 7×7 (every one of the 124,757,096 deployments is a leaf).
#[test]
fn big_counts_with_dlx() {
    let f = classic(&CLASSIC);
    assert_eq!(plain(&Board::square("b", 7, 7), &f, Engine::DlxPlain), 124_757_096);
    assert_eq!(plain(&Board::square("b", 8, 8), &f, Engine::Dlx), 1_142_253_520);
    assert_eq!(plain(&Board::square("b", 9, 9), &f, Engine::Dlx), 6_788_392_256);
}

#[test]
fn no_touch_8x8_matches_the_published_enumeration() {
    let f = classic(&CLASSIC);
    let b = Board::square("b", 8, 8);
    let req = CountRequest {
        engine: Engine::Fast,
        threads: 2,
        rule: TouchRule::NoTouch,
        observations: Observations::default(),
    };
    let r = count_deployments(&b, &f, &req, &CancelFlag::new(), &|_| {}).unwrap();
    // The source's 16,546,192 treats the two 3-ships as one kind: our distinct-layout count.
    assert_eq!(r.distinct_layouts, 16_546_192);
    assert_eq!(r.labelled, 2 * 16_546_192);
    let small = Board::square("b", 6, 6);
    let f3 = classic(&[3, 3, 2]);
    let by = |e| count(&small, &f3, e, TouchRule::NoTouch, &Observations::default());
    assert_eq!(by(Engine::Fast), by(Engine::Dlx));
    assert_eq!(by(Engine::Dlx), by(Engine::DlxPlain));
}

#[test]
fn thread_count_does_not_change_the_result() {
    let f = classic(&[5, 4, 3]);
    let b = Board::square("b", 10, 10);
    for e in [Engine::Dlx, Engine::Fast] {
        let r1 = count_deployments(
            &b,
            &f,
            &CountRequest {
                engine: e,
                threads: 1,
                ..Default::default()
            },
            &CancelFlag::new(),
            &|_| {},
        )
        .unwrap();
        let r3 = count_deployments(
            &b,
            &f,
            &CountRequest {
                engine: e,
                threads: 3,
                ..Default::default()
            },
            &CancelFlag::new(),
            &|_| {},
        )
        .unwrap();
        assert_eq!(r1, r3);
    }
}

#[test]
fn cancel_gives_cancelled_not_a_number() {
    let f = classic(&CLASSIC);
    let b = Board::square("b", 10, 10);
    let cancel = CancelFlag::new();
    let c2 = cancel.clone();
    let worker = std::thread::spawn(move || {
        count_deployments(
            &b,
            &f,
            &CountRequest {
                engine: Engine::DlxPlain,
                threads: 2,
                ..Default::default()
            },
            &c2,
            &|_| {},
        )
    });
    std::thread::sleep(std::time::Duration::from_millis(50));
    cancel.cancel();
    assert_eq!(worker.join().unwrap(), Err(CountError::Cancelled(Cancelled)));
}

#[test]
fn distinct_layouts_divide_by_identical_shapes() {
    let f = classic(&CLASSIC);
    let r = count_deployments(
        &Board::square("b", 5, 5),
        &f,
        &CountRequest::default(),
        &CancelFlag::new(),
        &|_| {},
    )
    .unwrap();
    assert_eq!(r.labelled, 80_848);
    assert_eq!(r.distinct_layouts, 40_424);
    assert_eq!(r.placements, vec![10, 20, 30, 30, 40]);
}

// ---- brute force ------------------------------------------------------------

/// Every tuple of placements, checked cell by cell (no bitsets, no DLX).
fn brute_force(board: &Board, fleet: &Fleet, rule: TouchRule, obs: &Observations) -> u128 {
    let mut b = board.clone();
    b.islands.extend(obs.misses.iter().copied());
    let lists: Vec<Vec<Vec<Coord>>> = fleet_placements(&b, fleet)
        .into_iter()
        .map(|l| {
            l.into_iter()
                .map(|p| p.cells.iter().map(|&i| b.playable_cells()[i as usize]).collect())
                .collect()
        })
        .collect();
    let touching = fleet.lattice.touching();
    fn go(
        k: usize,
        lists: &[Vec<Vec<Coord>>],
        chosen: &mut Vec<Vec<Coord>>,
        ok: &dyn Fn(&[Vec<Coord>]) -> bool,
    ) -> u128 {
        if k == lists.len() {
            return ok(chosen) as u128;
        }
        let mut n = 0;
        for p in &lists[k] {
            chosen.push(p.clone());
            n += go(k + 1, lists, chosen, ok);
            chosen.pop();
        }
        n
    }
    let ok = |ships: &[Vec<Coord>]| {
        for (i, a) in ships.iter().enumerate() {
            for b2 in &ships[i + 1..] {
                for &x in a {
                    for &y in b2 {
                        if x == y || (rule == TouchRule::NoTouch && touching.iter().any(|d| x + *d == y)) {
                            return false;
                        }
                    }
                }
            }
        }
        let covered: BTreeSet<Coord> = ships.iter().flatten().copied().collect();
        obs.hits.iter().all(|h| covered.contains(h))
    };
    go(0, &lists, &mut Vec::new(), &ok)
}

fn small_piece(lattice: Lattice, len: usize, bend: bool) -> Piece {
    let mut p = Piece::straight("p", len, lattice);
    if bend && len >= 2 {
        let last = *p.cells.last().unwrap();
        p.cells.pop();
        p.cells
            .push(last + lattice.steps()[2 % lattice.steps().len()] - lattice.steps()[1]);
        if p.validate(lattice).is_err() {
            return Piece::straight("p", len, lattice);
        }
    }
    p
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn engines_match_brute_force(
        hex in any::<bool>(), rows in 2u32..5, cols in 2u32..5,
        lens in proptest::collection::vec((1usize..4, any::<bool>()), 1..4),
        islands in proptest::collection::vec((0i32..4, 0i32..4), 0..3),
        shots in proptest::collection::vec((0i32..4, 0i32..4, any::<bool>()), 0..3),
        no_touch in any::<bool>(), mirror in any::<bool>(),
    ) {
        let lattice = if hex { Lattice::Hex } else { Lattice::Square };
        let mut board = if hex { Board::hexagon("h", 2) } else { Board::square("s", rows, cols) };
        let shift = if hex { Coord(-2, -1) } else { Coord(0, 0) };
        for (a, b) in islands { board.toggle_island(Coord(a, b) + shift); }
        let mut obs = Observations::default();
        for (a, b, hit) in shots {
            let c = Coord(a, b) + shift;
            if board.is_playable(c) && !obs.hits.contains(&c) && !obs.misses.contains(&c) {
                if hit { obs.hits.insert(c); } else { obs.misses.insert(c); }
            }
        }
        let pieces = lens.iter().map(|&(l, bend)| small_piece(lattice, l, bend)).collect();
        let fleet = Fleet { name: "f".into(), lattice, pieces, allow_mirror: mirror };
        let rule = if no_touch { TouchRule::NoTouch } else { TouchRule::MayTouch };
        let expect = brute_force(&board, &fleet, rule, &obs);
        for e in Engine::ALL {
            prop_assert_eq!(count(&board, &fleet, e, rule, &obs), expect, "{:?}", e);
        }
    }
}

// ---- occupancy and what-if ----------------------------------------------------

/// Per-cell occupancy by enumeration through the DLX engine (independent of the bitboards).
fn occupancy_by_enumeration(
    board: &Board,
    fleet: &Fleet,
    rule: TouchRule,
    obs: &Observations,
) -> (u128, Vec<(Coord, u128)>) {
    use fleetscope_engines::cover::{Dlx, FleetCover};
    let cover = FleetCover::new(board, fleet, rule, obs).unwrap();
    let ec = cover.exact_cover();
    let mut dlx = Dlx::new(&ec);
    let mut heat = vec![0u128; cover.index.len()];
    let mut total = 0;
    let _flow = dlx
        .enumerate(&CancelFlag::new(), &mut |opts| {
            total += 1;
            for &o in opts {
                let (p, k) = cover.option_placement(o);
                cover.placements[p][k].cells.iter().for_each(|&c| heat[c as usize] += 1);
            }
            std::ops::ControlFlow::Continue(())
        })
        .unwrap();
    (total, cover.index.cells().iter().copied().zip(heat).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(30))]
    #[test]
    fn occupancy_matches_enumeration(
        n in 3u32..6, lens in proptest::collection::vec(1usize..4, 1..5),
        hits in proptest::collection::vec((0i32..5, 0i32..5), 0..2),
        misses in proptest::collection::vec((0i32..5, 0i32..5), 0..3),
        no_touch in any::<bool>(),
    ) {
        let board = Board::square("b", n, n);
        let fleet = classic(&lens);
        let mut obs = Observations::default();
        for (r, c) in hits { if board.contains(Coord(r, c)) { obs.hits.insert(Coord(r, c)); } }
        for (r, c) in misses { if board.contains(Coord(r, c)) && !obs.hits.contains(&Coord(r, c)) { obs.misses.insert(Coord(r, c)); } }
        let rule = if no_touch { TouchRule::NoTouch } else { TouchRule::MayTouch };
        let (total, cells) = occupancy_by_enumeration(&board, &fleet, rule, &obs);
        for engine in [Engine::Fast, Engine::Frontier, Engine::Auto, Engine::Dlx] {
            let req = CountRequest { engine, threads: 1, rule, observations: obs.clone() };
            let occ = fleetscope_engines::cover::occupancy(&board, &fleet, &req, &CancelFlag::new(), &|_| {}).unwrap();
            prop_assert_eq!(occ.total, total, "{}", engine.name());
            prop_assert_eq!(&occ.cells, &cells, "{}", engine.name());
        }
        // Every deployment puts its ships' cells on the board once.
        let ship_cells: u128 = lens.iter().map(|&l| l as u128).sum();
        prop_assert_eq!(cells.iter().map(|c| c.1).sum::<u128>(), ship_cells * total);
    }
}

#[test]
fn enumeration_and_counting_agree() {
    let (total, cells) = occupancy_by_enumeration(
        &Board::square("b", 5, 5),
        &classic(&CLASSIC),
        TouchRule::MayTouch,
        &Observations::default(),
    );
    assert_eq!(total, 80_848);
    // Every deployment occupies 17 cells.
    assert_eq!(cells.iter().map(|c| c.1).sum::<u128>(), 17 * 80_848);
}

#[test]
fn what_if_islands_and_cells() {
    for engine in [Engine::Fast, Engine::Frontier] {
        what_if_with(engine);
    }
}

fn what_if_with(engine: Engine) {
    let mut board = Board::square("b", 5, 5);
    board.toggle_island(Coord(2, 2));
    let fleet = classic(&[3, 2]);
    let req = CountRequest {
        engine,
        threads: 1,
        ..Default::default()
    };
    let rows = fleetscope_engines::cover::what_if(&board, &fleet, &req, &CancelFlag::new(), &|_| {}).unwrap();
    assert_eq!(rows.len(), 1 + 24);
    let open = plain(&Board::square("b", 5, 5), &fleet, Engine::Dlx);
    assert_eq!(
        rows[0],
        fleetscope_engines::cover::WhatIf {
            cell: Coord(2, 2),
            was_island: true,
            labelled: open
        }
    );
    for r in &rows[1..] {
        let mut b = board.clone();
        b.toggle_island(r.cell);
        assert_eq!(r.labelled, plain(&b, &fleet, Engine::DlxPlain));
    }
}

#[test]
fn wide_placement_sets_take_the_general_path() {
    // Mirrored bent pieces on a 127-cell hexagon: over 256 placements per piece,
    // wider than the specialised last-three step handles.
    let board = Board::hexagon("r6", 6);
    let bent = Piece::new("bent", vec![Coord(0, 0), Coord(1, 0), Coord(1, 1)]);
    let fleet = Fleet {
        name: "f".into(),
        lattice: Lattice::Hex,
        pieces: vec![bent.clone(), bent.clone(), bent],
        allow_mirror: true,
    };
    assert!(fleet_placements(&board, &fleet)[0].len() > 256);
    assert_eq!(plain(&board, &fleet, Engine::Fast), plain(&board, &fleet, Engine::Dlx));
}

/// Ten ships (the Russian fleet) keep the bitboard counter deep in its tree for
/// minutes: cancel must still stop it promptly.
#[test]
fn cancel_reaches_deep_levels_of_the_fast_engine() {
    let setup = crate::common::russian();
    let cancel = CancelFlag::new();
    let c2 = cancel.clone();
    let worker = std::thread::spawn(move || {
        let req = CountRequest {
            engine: Engine::Fast,
            threads: 1,
            ..Default::default()
        };
        count_deployments(&setup.board, &setup.fleet, &req, &c2, &|_| {})
    });
    std::thread::sleep(std::time::Duration::from_millis(300));
    let t0 = std::time::Instant::now();
    cancel.cancel();
    assert_eq!(worker.join().unwrap(), Err(CountError::Cancelled(Cancelled)));
    assert!(t0.elapsed() < std::time::Duration::from_secs(5), "{:?}", t0.elapsed());
}

/// Occupancy on hex boards, by every engine against enumeration.
#[test]
fn hex_occupancy_matches_enumeration() {
    let board = Board::hexagon("r3", 3);
    let fleet = Fleet {
        name: "f".into(),
        lattice: Lattice::Hex,
        pieces: vec![
            small_piece(Lattice::Hex, 3, true),
            small_piece(Lattice::Hex, 2, false),
            small_piece(Lattice::Hex, 2, false),
        ],
        allow_mirror: true,
    };
    for rule in [TouchRule::MayTouch, TouchRule::NoTouch] {
        let (total, cells) = occupancy_by_enumeration(&board, &fleet, rule, &Observations::default());
        assert!(total > 0);
        for engine in [Engine::Fast, Engine::Frontier] {
            let req = CountRequest {
                engine,
                threads: 1,
                rule,
                ..Default::default()
            };
            let occ = fleetscope_engines::cover::occupancy(&board, &fleet, &req, &CancelFlag::new(), &|_| {}).unwrap();
            assert_eq!((occ.total, &occ.cells), (total, &cells), "{} {rule:?}", engine.name());
        }
    }
}

/// Heat maps on boards with symmetries (each orbit's subtree carried by every
/// symmetry) and twin ships among the last three (one rotation for both),
/// against enumeration: plain, misses that keep two of the eight symmetries,
/// a hit that keeps one, and a sunk ship.
#[test]
fn symmetric_heat_maps_and_twin_ships_match_enumeration() {
    let board = Board::square("b", 6, 6);
    let fleet = classic(&[4, 3, 3, 2]);
    let mut diagonal = Observations::default();
    diagonal.misses.extend([Coord(0, 0), Coord(5, 5), Coord(2, 2)]);
    let mut hit = diagonal.clone();
    hit.hits.insert(Coord(3, 3));
    let cover = fleetscope_engines::cover::FleetCover::new(&board, &fleet, TouchRule::MayTouch, &diagonal).unwrap();
    let counter = fleetscope_engines::cover::BitboardCounter::new(&cover, true).unwrap();
    assert_eq!(counter.symmetry_count, 2, "the diagonal misses keep two");
    for rule in [TouchRule::MayTouch, TouchRule::NoTouch] {
        for obs in [Observations::default(), diagonal.clone(), hit.clone()] {
            let (total, cells) = occupancy_by_enumeration(&board, &fleet, rule, &obs);
            let req = CountRequest {
                engine: Engine::Fast,
                threads: 1,
                rule,
                observations: obs.clone(),
            };
            let occ = fleetscope_engines::cover::occupancy(&board, &fleet, &req, &CancelFlag::new(), &|_| {}).unwrap();
            assert_eq!((occ.total, &occ.cells), (total, &cells), "{rule:?} {obs:?}");
        }
    }
}

/// The Russian fleet (4, 3, 3, 2, 2, 2, 1, 1, 1, 1): the frontier counter
/// against the bitboards (and dancing links where they finish quickly).
#[test]
fn russian_fleet_small_boards_agree() {
    let russian = crate::common::russian_fleet();
    let none = Observations::default();
    let b = Board::square("b", 5, 5);
    for rule in [TouchRule::MayTouch, TouchRule::NoTouch] {
        let f = count(&b, &russian, Engine::Frontier, rule, &none);
        assert_eq!(f, count(&b, &russian, Engine::Fast, rule, &none), "5×5 {rule:?}");
    }
    let b = Board::square("b", 6, 6);
    let f = count(&b, &russian, Engine::Frontier, TouchRule::NoTouch, &none);
    assert_eq!(
        f,
        count(&b, &russian, Engine::Dlx, TouchRule::NoTouch, &none),
        "6×6 no-touch"
    );
}

/// The Russian fleet on 7×7 and 8×8 with ships touching: its four boats take
/// any four of the cells the six longer ships leave free, so its count is the
/// bitboard counter's count of those six times (free)·(free − 1)·(free − 2)·
/// (free − 3). The frontier counter places the boats like any other ship.
/// (The bitboards on the whole fleet take over 300 CPU-s on 7×7 in a debug
/// build; dancing links, enumerating every deployment, far longer.)
#[test]
fn russian_fleet_may_touch_7x7_and_8x8_equals_six_ships_and_free_boats() {
    let russian = crate::common::russian_fleet();
    let (boats, longer): (Vec<Piece>, Vec<Piece>) = russian.pieces.iter().cloned().partition(|p| p.cells.len() == 1);
    let six = Fleet {
        pieces: longer,
        ..russian.clone()
    };
    let covered: usize = six.pieces.iter().map(|p| p.cells.len()).sum();
    let none = Observations::default();
    for n in [7u32, 8] {
        let b = Board::square("b", n, n);
        let free = (n * n) as u128 - covered as u128;
        let boat_ways: u128 = (0..boats.len() as u128).map(|i| free - i).product();
        let expect = count(&b, &six, Engine::Fast, TouchRule::MayTouch, &none) * boat_ways;
        let f = count(&b, &russian, Engine::Frontier, TouchRule::MayTouch, &none);
        assert_eq!(f, expect, "{n}×{n}");
    }
}

/// The Russian fleet apart on 7×7 and 8×8 (it has no deployment apart on 6×6,
/// 7×6 or 8×6; 10×5 and 9×6 take over 60 CPU-s for the bitboards and dancing
/// links in a debug build).
#[test]
#[ignore = "the bitboards take 32 CPU-s on 7×7 and over 300 on 8×8 in a debug build (dancing links over 300 on 7×7): \
            cargo test --release -p fleetscope-engines --test engines -- --ignored"]
fn russian_fleet_no_touch_7x7_and_8x8_agrees_with_the_bitboards() {
    let russian = crate::common::russian_fleet();
    for n in [7, 8] {
        let b = Board::square("b", n, n);
        let none = Observations::default();
        let f = count(&b, &russian, Engine::Frontier, TouchRule::NoTouch, &none);
        assert_eq!(
            f,
            count(&b, &russian, Engine::Fast, TouchRule::NoTouch, &none),
            "{n}×{n}"
        );
    }
}

/// A flag set before the count is seen at the search's first look, however
/// the nodes are counted (leaves and the last-item shortcut count several at
/// once): the search stops after a few thousand nodes, not by chance.
#[test]
fn dlx_sees_a_set_flag_at_its_first_look() {
    use fleetscope_engines::cover::{Dlx, FleetCover};
    let board = Board::square("b", 14, 14);
    let cover = FleetCover::new(
        &board,
        &classic(&CLASSIC),
        TouchRule::MayTouch,
        &Observations::default(),
    )
    .unwrap();
    let ec = cover.exact_cover();
    let cancel = CancelFlag::new();
    cancel.cancel();
    for shortcut in [false, true] {
        let mut dlx = Dlx::new(&ec);
        dlx.shortcut = shortcut;
        assert_eq!(
            dlx.count(&cancel),
            Err(CountError::Cancelled(Cancelled)),
            "shortcut {shortcut}"
        );
        assert!(
            dlx.nodes_visited() < 100_000,
            "shortcut {shortcut}: {} nodes",
            dlx.nodes_visited()
        );
    }
}

/// The frontier counter looks at the flag at least once per 4,096 states it
/// handles, not once per 65,536 and at each cell: a layer of a large board
/// holds millions of states, and Ctrl+C must not wait for the rest of it.
#[test]
fn the_frontier_looks_at_the_flag_often_within_a_layer() {
    use fleetscope_engines::cover::{FleetCover, FrontierOptions, frontier_count, frontier_input};
    use std::sync::atomic::{AtomicU64, Ordering};
    let board = Board::square("b", 8, 8);
    let cover = FleetCover::new(
        &board,
        &classic(&CLASSIC),
        TouchRule::MayTouch,
        &Observations::default(),
    )
    .unwrap();
    let looks = AtomicU64::new(0);
    let cancel = || {
        looks.fetch_add(1, Ordering::Relaxed);
        false
    };
    let out = frontier_count(frontier_input(&cover), &FrontierOptions::default(), &cancel, &|_, _| {}).unwrap();
    let looks = looks.into_inner();
    assert!(
        looks * 4096 >= out.total_states,
        "{looks} looks over {} states",
        out.total_states
    );
}
