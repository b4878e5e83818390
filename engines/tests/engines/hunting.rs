//! The strategy lab: the exact players against a hand-worked game tree on a
//! 1×4 board, every strategy sinks every fleet of a small board, results are
//! the same for a seed whatever the threads, adversarial fleets are no easier
//! than the random ones they came from, and the statistics by hand.

use fleetscope_engines::cover::Shot;
use fleetscope_engines::geometry::{Board, Coord, Deployment, Fleet, Lattice, PlacedShip, TouchRule};
use fleetscope_engines::hunting::{
    Arena, Hiders, LabRequest, MapSource, ShotStats, StrategyKind, cumulative_share, play, run_lab,
};
use fleetscope_engines::run::CancelFlag;

fn two_on_one_by_four() -> (Board, Fleet) {
    (
        Board::square("1×4", 1, 4),
        Fleet::straight("f", Lattice::Square, &[("two", 2)]),
    )
}

fn at(col: i32) -> Deployment {
    Deployment {
        ships: vec![PlacedShip {
            piece: 0,
            rotation: 0,
            mirrored: false,
            anchor: Coord(0, col),
        }],
    }
}

#[test]
fn the_exact_player_follows_the_hand_worked_tree() {
    // Deployments {0,1}, {1,2}, {2,3}: cells 1 and 2 are covered twice, so the
    // first shot is cell 1. Against {0,1}: hit, then cells 0 and 2 tie (one
    // deployment each), cell 0 first: sunk in 2. Against {1,2}: hit, miss at
    // 0, hit at 2: 3. Against {2,3}: miss, then 2 and 3: 3. Mean 8/3.
    let (board, fleet) = two_on_one_by_four();
    let maps = MapSource::new(&board, &fleet, TouchRule::MayTouch, &CancelFlag::new());
    let arena = Arena {
        board: &board,
        fleet: &fleet,
        rule: TouchRule::MayTouch,
        maps: &maps,
    };
    let run = |col| play(&arena, StrategyKind::ExactLikely, &at(col), 1, 10).unwrap();
    let shots = |g: &fleetscope_engines::hunting::GameRecord| g.shots.iter().map(|s| s.0.1).collect::<Vec<i32>>();
    let g = run(0);
    assert_eq!(shots(&g), vec![1, 0]);
    assert_eq!(g.shots[1].1, Shot::Sunk(0));
    assert_eq!(shots(&run(1)), vec![1, 0, 2]);
    assert_eq!(shots(&run(2)), vec![1, 2, 3]);
    // The information player: hit probabilities ⅓, ⅔, ⅔, ⅓ are all ⅙ from ½;
    // ties go to the most likely, then the first: cell 1 again.
    let g = play(&arena, StrategyKind::ExactInformation, &at(2), 1, 10).unwrap();
    assert_eq!(g.shots[0].0, Coord(0, 1));
}

#[test]
fn every_strategy_sinks_every_fleet_and_the_same_seed_gives_the_same_games() {
    let board = Board::square("5×5", 5, 5);
    let fleet = Fleet::straight("f", Lattice::Square, &[("three", 3), ("two", 2)]);
    for rule in [TouchRule::MayTouch, TouchRule::NoTouch] {
        let req = |threads| LabRequest {
            strategies: StrategyKind::ALL.to_vec(),
            games: 12,
            seed: 7,
            hiders: Hiders::Random,
            threads,
            max_shots: 25,
        };
        let one = run_lab(&board, &fleet, rule, &req(1), &CancelFlag::new(), &|_| {}).unwrap();
        let two = run_lab(&board, &fleet, rule, &req(2), &CancelFlag::new(), &|_| {}).unwrap();
        assert_eq!(one.results, two.results, "threads never change a result");
        assert_eq!(one.fleets, two.fleets);
        for (kind, shots) in &one.results {
            assert_eq!(shots.len(), 12);
            // Five ship cells; never more shots than cells.
            assert!(shots.iter().all(|&s| (5..=25).contains(&s)), "{kind:?}: {shots:?}");
        }
        let mean = |k: StrategyKind| {
            ShotStats::of(&one.results.iter().find(|r| r.0 == k).unwrap().1)
                .unwrap()
                .mean
        };
        assert!(mean(StrategyKind::ExactLikely) < mean(StrategyKind::Random), "{rule:?}");
        // Cancelled part-way: whole games kept (every strategy on the same
        // fleets), each as the full run played it.
        let cancel = CancelFlag::new();
        let cut = run_lab(&board, &fleet, rule, &req(1), &cancel, &|p| {
            if p.done == 3 {
                cancel.cancel();
            }
        })
        .unwrap();
        assert!(cut.cancelled);
        assert_eq!(cut.fleets.len(), 3, "three whole games before the cancel");
        for ((kind, shots), (_, full)) in cut.results.iter().zip(&one.results) {
            assert_eq!(shots.len(), 3, "{kind:?}");
            for (g, fleet_played) in cut.fleets.iter().enumerate() {
                let at = one.fleets.iter().position(|f| f == fleet_played).unwrap();
                assert_eq!(shots[g], full[at], "{kind:?}");
            }
        }
        assert!(!one.cancelled);
    }
}

#[test]
fn adversarial_fleets_take_the_exact_player_no_fewer_shots() {
    let board = Board::square("6×6", 6, 6);
    let fleet = Fleet::straight("f", Lattice::Square, &[("three", 3), ("two", 2), ("two", 2)]);
    let req = |hiders| LabRequest {
        strategies: vec![StrategyKind::ExactLikely],
        games: 4,
        seed: 3,
        hiders,
        threads: 1,
        max_shots: 36,
    };
    let random = run_lab(
        &board,
        &fleet,
        TouchRule::MayTouch,
        &req(Hiders::Random),
        &CancelFlag::new(),
        &|_| {},
    )
    .unwrap();
    let hard = run_lab(
        &board,
        &fleet,
        TouchRule::MayTouch,
        &req(Hiders::Adversarial { pool: 12, steps: 10 }),
        &CancelFlag::new(),
        &|_| {},
    )
    .unwrap();
    // The pool holds the four random fleets (same seeds), so its four slowest,
    // hardened, can only be slower.
    let mut r = random.results[0].1.clone();
    let mut h = hard.results[0].1.clone();
    r.sort_unstable();
    h.sort_unstable();
    assert!(h.iter().zip(&r).all(|(a, b)| a >= b), "{h:?} vs {r:?}");
    for d in &hard.fleets {
        assert_eq!(d.ships.len(), 3);
    }
}

#[test]
fn statistics_by_hand() {
    let s = ShotStats::of(&[40, 44, 50, 42]).unwrap();
    assert_eq!(s.mean, 44.0);
    assert_eq!(s.median, 43.0);
    assert_eq!((s.min, s.max), (40, 50));
    assert_eq!(s.quartiles, (41.5, 45.5));
    // Sample standard deviation √(56/3); Student's t with 3 degrees of
    // freedom (3.182) of its standard errors.
    assert!((s.ci95 - 3.182 * (56.0f64 / 3.0 / 4.0).sqrt()).abs() < 1e-12);
    // Many games: the expansion meets the normal's 1.96 and the published
    // t(100) = 1.984, t(31) = 2.040.
    assert!((fleetscope_engines::hunting::t_975(100) - 1.984).abs() < 0.001);
    assert!((fleetscope_engines::hunting::t_975(31) - 2.040).abs() < 0.001);
    assert!((fleetscope_engines::hunting::t_975(100_000) - 1.960).abs() < 0.001);
    let c = cumulative_share(&[2, 3, 3, 5]);
    assert_eq!(c[3], [3.0, 0.75]);
    assert_eq!(c.last(), Some(&[5.0, 1.0]));
    assert_eq!(StrategyKind::parse("parity"), Ok(StrategyKind::HuntTargetParity));
    assert!(StrategyKind::parse("psychic").unwrap_err().contains("expected"));
}

#[test]
fn a_ship_not_announced_sunk_never_lies_on_hits_only() {
    use fleetscope_engines::cover::{CountRequest, occupancy};
    use fleetscope_engines::geometry::Observations;
    // 1×4, one ship of two, hits at 1 and 2 but no sinking announced: the
    // ship lies at 0–1 or 2–3 (at 1–2 it would have been announced sunk).
    let (board, fleet) = two_on_one_by_four();
    let obs = |announced| Observations {
        hits: [Coord(0, 1), Coord(0, 2)].into_iter().collect(),
        sinkings_announced: announced,
        ..Observations::default()
    };
    let total = |announced| {
        let req = CountRequest {
            observations: obs(announced),
            ..Default::default()
        };
        occupancy(&board, &fleet, &req, &CancelFlag::new(), &|_| {})
            .unwrap()
            .total
    };
    // Two hits need... one ship of two covering both: only 1–2 fits both, so
    // with sinkings announced nothing fits; without, exactly that one.
    assert_eq!(total(false), 1);
    assert_eq!(total(true), 0);
}

#[test]
fn splitting_on_hits_gives_the_frontiers_map() {
    use fleetscope_engines::geometry::Observations;
    // A hunt's early positions on 8×8 with four ships: a first hit, two hits, a miss and hits,
    // three hits apart.
    let board = Board::square("8×8", 8, 8);
    let fleet = Fleet::straight(
        "f",
        Lattice::Square,
        &[("four", 4), ("three", 3), ("three", 3), ("two", 2)],
    );
    let cases = [
        (vec![(3, 3)], vec![]),
        (vec![(3, 3), (3, 4)], vec![(2, 2)]),
        (vec![(0, 0), (5, 6)], vec![(1, 1), (4, 4), (6, 6)]),
        // Three hits apart: leaves with one or two ships left (listed directly).
        (vec![(1, 1), (1, 5), (5, 1)], vec![(3, 3)]),
    ];
    for rule in [TouchRule::MayTouch, TouchRule::NoTouch] {
        for (hits, misses) in &cases {
            let obs = Observations {
                hits: hits.iter().map(|&(r, c)| Coord(r, c)).collect(),
                misses: misses.iter().map(|&(r, c)| Coord(r, c)).collect(),
                ..Observations::default()
            };
            split_equals_frontier(&board, &fleet, rule, &obs);
        }
    }
    // Five ships (the classic fleet, twin threes) on 7×7: a first hit leaves
    // four ships, two hits apart three, at every leaf.
    let board = Board::square("7×7", 7, 7);
    let fleet = Fleet::straight(
        "classic",
        Lattice::Square,
        &[("five", 5), ("four", 4), ("three", 3), ("three", 3), ("two", 2)],
    );
    for rule in [TouchRule::MayTouch, TouchRule::NoTouch] {
        for hits in [vec![Coord(3, 3)], vec![Coord(1, 1), Coord(5, 4)]] {
            let obs = Observations {
                hits: hits.iter().copied().collect(),
                misses: [Coord(0, 6)].into_iter().collect(),
                ..Observations::default()
            };
            assert!(split_equals_frontier(&board, &fleet, rule, &obs) > 0);
        }
    }
    // Late in a game: ships sunk (two, no hit open; one, with a hit open on
    // another ship), from real games on random fleets.
    use fleetscope_engines::cover::HuntGame;
    use fleetscope_engines::geometry::random_deployment;
    for rule in [TouchRule::MayTouch, TouchRule::NoTouch] {
        for (seed, sunk, open) in [(3, 2, false), (4, 1, true), (5, 3, true)] {
            let hidden = random_deployment(&board, &fleet, rule, seed).unwrap().deployment;
            let mut game = HuntGame::new(&fleet, &hidden);
            for ship in &hidden.ships[..sunk] {
                for c in ship.cells(&fleet) {
                    game.shoot(c);
                }
            }
            if open {
                game.shoot(hidden.ships[sunk].cells(&fleet)[0]);
            }
            if !game.observations.hits.contains(&Coord(3, 3)) {
                game.shoot(Coord(3, 3)); // a hit or a miss
            }
            assert_eq!(game.observations.sunk.len(), sunk);
            assert!(split_equals_frontier(&board, &fleet, rule, &game.observations) > 0);
        }
    }
}

/// Ships apart: once a ship is announced sunk no player but *random* fires
/// next to it (those cells are water), and parity hunting stops while a
/// one-cell ship is afloat (every game still ends with the fleet sunk).
#[test]
fn players_know_the_water_around_sunk_ships_when_ships_are_apart() {
    let board = Board::square("6×6", 6, 6);
    let fleet = Fleet::straight("f", Lattice::Square, &[("three", 3), ("two", 2), ("one", 1)]);
    let rule = TouchRule::NoTouch;
    let maps = MapSource::new(&board, &fleet, rule, &CancelFlag::new());
    let arena = Arena {
        board: &board,
        fleet: &fleet,
        rule,
        maps: &maps,
    };
    let steps = Lattice::Square.touching();
    let mut checked = 0;
    for seed in 0..12 {
        let hidden = fleetscope_engines::geometry::random_deployment(&board, &fleet, rule, seed)
            .unwrap()
            .deployment;
        for kind in [
            StrategyKind::HuntTarget,
            StrategyKind::HuntTargetParity,
            StrategyKind::ShipDensity,
            StrategyKind::ExactLikely,
        ] {
            let g = play(&arena, kind, &hidden, seed, 36).unwrap();
            assert!(g.won, "{kind:?} seed {seed}");
            let mut water = std::collections::BTreeSet::new();
            for &(c, shot) in &g.shots {
                assert!(
                    !water.contains(&c),
                    "{kind:?} seed {seed}: fired at {c:?} beside a sunk ship"
                );
                if let Shot::Sunk(piece) = shot {
                    let ship = hidden.ships.iter().find(|s| s.piece == piece).unwrap();
                    for cell in ship.cells(&fleet) {
                        water.extend(steps.iter().map(|d| Coord(cell.0 + d.0, cell.1 + d.1)));
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100, "{checked} sinkings");
}

/// A map after a miss, made from the map before it, equals the map made from
/// scratch (by the frontier), shot after shot: both touch rules, a fleet with
/// a one-cell ship whose sinking would be announced, misses that break the
/// board's symmetry; and it declines once a hit is on the board.
#[test]
fn a_miss_updates_the_map_before_it() {
    use fleetscope_engines::cover::{CountRequest, Engine, occupancy, occupancy_after_miss};
    use fleetscope_engines::geometry::Observations;
    let classic = Fleet::straight(
        "classic",
        Lattice::Square,
        &[("five", 5), ("four", 4), ("three", 3), ("three", 3), ("two", 2)],
    );
    let with_a_boat = Fleet::straight("boat", Lattice::Square, &[("three", 3), ("two", 2), ("one", 1)]);
    let cases = [
        (
            Board::square("7×7", 7, 7),
            classic,
            vec![(3, 3), (2, 2), (4, 5), (0, 6)],
        ),
        (
            Board::square("6×5", 6, 5),
            with_a_boat,
            vec![(2, 2), (0, 0), (5, 4), (3, 1)],
        ),
    ];
    for (board, fleet, misses) in cases {
        for rule in [TouchRule::MayTouch, TouchRule::NoTouch] {
            let request = |obs: &Observations, engine| CountRequest {
                engine,
                threads: 1,
                rule,
                observations: obs.clone(),
            };
            let from_scratch = |obs: &Observations| {
                occupancy(
                    &board,
                    &fleet,
                    &request(obs, Engine::Frontier),
                    &CancelFlag::new(),
                    &|_| {},
                )
                .unwrap()
            };
            let mut obs = Observations {
                sinkings_announced: true,
                ..Observations::default()
            };
            let mut before = from_scratch(&obs);
            for &(r, c) in &misses {
                let req = request(&obs, Engine::Auto);
                let after = occupancy_after_miss(&board, &fleet, &req, &before, Coord(r, c), &CancelFlag::new())
                    .unwrap()
                    .expect("misses only");
                obs.misses.insert(Coord(r, c));
                let scratch = from_scratch(&obs);
                assert_eq!(after, scratch, "{rule:?} after the misses {:?}", obs.misses);
                before = after;
            }
            obs.hits.insert(Coord(1, 1));
            let req = request(&obs, Engine::Auto);
            let declined = occupancy_after_miss(&board, &fleet, &req, &before, Coord(1, 2), &CancelFlag::new());
            assert!(
                matches!(declined, Ok(None)),
                "a hit on the board: no update from the map before"
            );
        }
    }
}

/// The split's map against the frontier's on the same shots; the count.
fn split_equals_frontier(
    board: &Board,
    fleet: &Fleet,
    rule: TouchRule,
    obs: &fleetscope_engines::geometry::Observations,
) -> u128 {
    use fleetscope_engines::cover::{CountRequest, Engine, FleetCover, occupancy, split_occupancy};
    let cover = FleetCover::new(board, fleet, rule, obs).unwrap();
    let (total, heat) = split_occupancy(&cover, &CancelFlag::new())
        .unwrap()
        .expect("the split takes it");
    let req = CountRequest {
        engine: Engine::Frontier,
        rule,
        observations: obs.clone(),
        ..Default::default()
    };
    let frontier = occupancy(board, fleet, &req, &CancelFlag::new(), &|_| {}).unwrap();
    assert_eq!(total, frontier.total, "{rule:?} {obs:?}");
    let cells: Vec<u128> = frontier.cells.iter().map(|c| c.1).collect();
    assert_eq!(heat, cells, "{rule:?} {obs:?}");
    total
}

/// A one-thread map is made on the caller's thread: with the shared
/// one-thread pool busy (here, held on purpose), maps still come, so the
/// strategy lab's games on a pool of their own never wait for one another.
#[test]
fn one_thread_maps_do_not_wait_for_the_shared_pool() {
    use fleetscope_engines::cover::{CountRequest, occupancy};
    use fleetscope_engines::geometry::Observations;
    use std::sync::mpsc;
    let board = Board::square("6×6", 6, 6);
    let fleet = Fleet::straight("f", Lattice::Square, &[("three", 3), ("three", 3), ("two", 2)]);
    let (release, held) = mpsc::channel::<()>();
    let (started, running) = mpsc::channel::<()>();
    fleetscope_engines::run::pool(1).unwrap().spawn(move || {
        started.send(()).unwrap();
        let _ = held.recv();
    });
    running.recv().unwrap();
    let (done, answer) = mpsc::channel();
    std::thread::spawn(move || {
        let maps: Vec<u128> = [vec![], vec![Coord(2, 2)]]
            .into_iter()
            .map(|hits| {
                let req = CountRequest {
                    threads: 1,
                    observations: Observations {
                        hits: hits.into_iter().collect(),
                        ..Observations::default()
                    },
                    ..Default::default()
                };
                occupancy(&board, &fleet, &req, &CancelFlag::new(), &|_| {})
                    .unwrap()
                    .total
            })
            .collect();
        done.send(maps).unwrap();
    });
    // A hang detector, not a timing: the maps take milliseconds.
    let got = answer.recv_timeout(std::time::Duration::from_secs(60));
    release.send(()).unwrap();
    let maps = got.expect("a one-thread map waited for the shared pool");
    assert!(maps[0] > maps[1] && maps[1] > 0);
}

/// Watching a lab run hears every game as it ends: the games heard are the
/// report's, each every strategy's shots on one fleet.
#[test]
fn a_watched_lab_run_hears_every_game_as_it_ends() {
    use fleetscope_engines::hunting::run_lab_watched;
    let board = Board::square("5×5", 5, 5);
    let fleet = Fleet::straight("f", Lattice::Square, &[("three", 3), ("two", 2)]);
    let req = LabRequest {
        strategies: vec![StrategyKind::Random, StrategyKind::HuntTarget],
        games: 20,
        seed: 3,
        hiders: Hiders::Random,
        threads: 2,
        max_shots: 25,
    };
    let heard = std::sync::Mutex::new(Vec::new());
    let report = run_lab_watched(
        &board,
        &fleet,
        TouchRule::NoTouch,
        &req,
        &CancelFlag::new(),
        &|_| {},
        &|row| heard.lock().unwrap().push(row.to_vec()),
    )
    .unwrap();
    let mut heard = heard.into_inner().unwrap();
    let mut rows: Vec<Vec<u32>> = (0..20)
        .map(|g| report.results.iter().map(|(_, s)| s[g]).collect())
        .collect();
    heard.sort();
    rows.sort();
    assert_eq!(heard, rows);
}

/// A run draws its hidden fleets before its first game, 100,000 of them at
/// most, each one milliseconds on a board the fleet barely fits: the flag is
/// looked at before every draw, for random hiders as for adversarial ones.
#[test]
fn drawing_the_hidden_fleets_stops_at_the_flag() {
    use fleetscope_engines::cover::CountError;
    use fleetscope_engines::hunting::hidden_fleets;
    let setup = crate::common::classic();
    let maps = MapSource::new(&setup.board, &setup.fleet, TouchRule::MayTouch, &CancelFlag::new());
    let arena = Arena {
        board: &setup.board,
        fleet: &setup.fleet,
        rule: TouchRule::MayTouch,
        maps: &maps,
    };
    let cancel = CancelFlag::new();
    cancel.cancel();
    for hiders in [Hiders::Random, Hiders::Adversarial { pool: 8, steps: 1 }] {
        let req = LabRequest {
            strategies: vec![StrategyKind::Random],
            games: 8,
            seed: 5,
            hiders,
            threads: 1,
            max_shots: 100,
        };
        let drawn = hidden_fleets(&arena, &req, &cancel);
        assert!(matches!(drawn, Err(CountError::Cancelled(_))), "{hiders:?}: {drawn:?}");
    }
}

/// Every strategy's key reads back as that strategy (the command line's
/// `--strategies` and the lab's saved choices go through it), and no two
/// strategies share a key or a title.
#[test]
fn every_strategy_key_parses_back_to_its_kind() {
    let mut keys = std::collections::BTreeSet::new();
    let mut titles = std::collections::BTreeSet::new();
    for k in StrategyKind::ALL {
        assert_eq!(StrategyKind::parse(k.key()), Ok(k), "{}", k.key());
        assert!(keys.insert(k.key()), "key {} twice", k.key());
        assert!(titles.insert(k.title()), "title {} twice", k.title());
        assert!(!k.help().is_empty(), "{} has no help", k.key());
    }
    let err = StrategyKind::parse("nope").unwrap_err();
    assert!(err.contains(&StrategyKind::keys()), "{err}");
}
