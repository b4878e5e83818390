//! `auto`'s policy and the dispatcher's notes on representative setups: each
//! row's engine and sentence were those of the old if-chains (read once from
//! them, before the dispatch went through the list of counters), and each
//! carries the rule of the policy (`counters::rank`) that picks it. Plus every
//! engine's count and map against `auto`'s on small setups.

use crate::common::{classic, russian_fleet};
use fleetscope_engines::cover::{
    CountInput, CountRequest, Engine, FleetCover, Question, auto_choose, count_deployments, occupancy,
};
use fleetscope_engines::geometry::{Board, Coord, Fleet, Lattice, Observations, Piece, TouchRule};
use fleetscope_engines::run::CancelFlag;

/// A setup of the table.
struct Case {
    name: &'static str,
    board: Board,
    fleet: Fleet,
    rule: TouchRule,
    obs: Observations,
}

fn straight(lengths: &[usize]) -> Fleet {
    let ships: Vec<(String, usize)> = lengths.iter().enumerate().map(|(i, l)| (format!("s{i}"), *l)).collect();
    let refs: Vec<(&str, usize)> = ships.iter().map(|(n, l)| (n.as_str(), *l)).collect();
    Fleet::straight("f", Lattice::Square, &refs)
}

fn hex_straight(lengths: &[usize]) -> Fleet {
    let ships: Vec<(String, usize)> = lengths.iter().enumerate().map(|(i, l)| (format!("s{i}"), *l)).collect();
    let refs: Vec<(&str, usize)> = ships.iter().map(|(n, l)| (n.as_str(), *l)).collect();
    Fleet::straight("f", Lattice::Hex, &refs)
}

/// The `(x, y)` pairs of a RON list starting after `key` (the preset files' cells).
fn pairs_after(text: &str, key: &str) -> Vec<Coord> {
    let from = text.find(key).unwrap_or_else(|| panic!("{key}")) + key.len();
    let list = &text[from..from + text[from..].find(']').expect("a closing bracket")];
    list.split('(')
        .skip(1)
        .map(|p| {
            let nums: Vec<i32> = p.split([',', ')']).filter_map(|n| n.trim().parse().ok()).collect();
            Coord(nums[0], nums[1])
        })
        .collect()
}

/// A 2008 hexagonal half, board and fleet read from the app's preset file.
fn hex_2008(text: &str) -> (Board, Fleet) {
    let mut board = Board::hexagon("half", 0);
    board.shape = fleetscope_engines::geometry::BoardShape::Hex {
        cells: pairs_after(text, "shape: Hex(cells: [").into_iter().collect(),
    };
    board.islands = pairs_after(text, "islands: [").into_iter().collect();
    let fleet_text = &text[text.find("pieces: [").expect("pieces")..];
    let pieces = fleet_text
        .match_indices("(name: \"")
        .map(|(k, m)| {
            let rest = &fleet_text[k + m.len()..];
            let name = &rest[..rest.find('"').expect("a name")];
            Piece::new(name, pairs_after(rest, "cells: ["))
        })
        .collect();
    let fleet = Fleet {
        name: "Hex 2008 fleet".into(),
        lattice: Lattice::Hex,
        pieces,
        allow_mirror: false,
    };
    (board, fleet)
}

fn case(name: &'static str, board: Board, fleet: Fleet, rule: TouchRule) -> Case {
    Case {
        name,
        board,
        fleet,
        rule,
        obs: Observations::default(),
    }
}

fn cases() -> Vec<Case> {
    let (blue, hex_fleet) = hex_2008(include_str!("../../../assets/presets/hex2008-blue.ron"));
    let (green, green_fleet) = hex_2008(include_str!("../../../assets/presets/hex2008-green.ron"));
    let classic_on = |n: u32| Board::square("b", n, n);
    let mut shots = Observations::default();
    shots.hits.insert(Coord(4, 4));
    shots.misses.insert(Coord(0, 0));
    shots.misses.insert(Coord(9, 9));
    vec![
        case("classic 8×8", classic_on(8), classic().fleet, TouchRule::MayTouch),
        case("classic 10×10", classic_on(10), classic().fleet, TouchRule::MayTouch),
        case(
            "classic 10×10 apart",
            classic_on(10),
            classic().fleet,
            TouchRule::NoTouch,
        ),
        case("hex 2008 Blue", blue, hex_fleet, TouchRule::MayTouch),
        case("hex 2008 Green", green, green_fleet, TouchRule::MayTouch),
        case(
            "Russian 10×10 apart",
            classic_on(10),
            russian_fleet(),
            TouchRule::NoTouch,
        ),
        case(
            "Russian 10×10 touching",
            classic_on(10),
            russian_fleet(),
            TouchRule::MayTouch,
        ),
        case("classic 20×20", classic_on(20), classic().fleet, TouchRule::MayTouch),
        case(
            "classic 20×20 apart",
            classic_on(20),
            classic().fleet,
            TouchRule::NoTouch,
        ),
        case(
            "3 ships on a hexagon of radius 8",
            Board::hexagon("r8", 8),
            hex_straight(&[4, 3, 2]),
            TouchRule::NoTouch,
        ),
        case(
            "12 ships on 30×30",
            classic_on(30),
            straight(&[5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1]),
            TouchRule::NoTouch,
        ),
        case(
            "7 long ships on 60×60",
            classic_on(60),
            straight(&[9; 7]),
            TouchRule::MayTouch,
        ),
        Case {
            name: "classic 10×10 after a hit and two misses",
            board: classic_on(10),
            fleet: classic().fleet,
            rule: TouchRule::MayTouch,
            obs: shots,
        },
        case(
            "5 ships on a 40×3 strip",
            Board::square("b", 40, 3),
            straight(&[3, 2, 2, 2, 1]),
            TouchRule::MayTouch,
        ),
    ]
}

/// `auto`'s choice for a count and for a map, engine and sentence, on each
/// setup of [`cases`] in order.
const CHOICES: [(&str, (Engine, &str), (Engine, &str)); 14] = [
    (
        "classic 8×8",
        // Count: FEW_SHIPS (≤ 6 ships on ≤ 128 cells; the window, 8 cells wide, is over 30).
        (
            Engine::Fast,
            "auto: 5 ships on 64 cells, the bitboard counter is fastest",
        ),
        // Map: FEW_SHIPS (no hit yet).
        (Engine::Fast, "auto: no hits yet, the bitboard counter"),
    ),
    (
        "classic 10×10",
        // FEW_SHIPS, both.
        (
            Engine::Fast,
            "auto: 5 ships on 100 cells, the bitboard counter is fastest",
        ),
        (Engine::Fast, "auto: no hits yet, the bitboard counter"),
    ),
    (
        "classic 10×10 apart",
        // FEW_SHIPS, both: the rule changes nothing here.
        (
            Engine::Fast,
            "auto: 5 ships on 100 cells, the bitboard counter is fastest",
        ),
        (Engine::Fast, "auto: no hits yet, the bitboard counter"),
    ),
    (
        "hex 2008 Blue",
        // NARROW_WINDOW (23 cells) beats FEW_SHIPS; the map: WINDOW (the
        // bitboard's map is FEW_SHIPS only past a window of 30).
        (
            Engine::Frontier,
            "auto: a frontier window of only 23 cells, the frontier counter is fastest",
        ),
        (Engine::Frontier, "auto: the frontier counter (window 23 cells)"),
    ),
    (
        "hex 2008 Green",
        // NARROW_WINDOW; map WINDOW.
        (
            Engine::Frontier,
            "auto: a frontier window of only 21 cells, the frontier counter is fastest",
        ),
        (Engine::Frontier, "auto: the frontier counter (window 21 cells)"),
    ),
    (
        "Russian 10×10 apart",
        // Ten ships: not FEW_SHIPS; WINDOW (42 ≤ 400) for both.
        (
            Engine::Frontier,
            "auto: 10 ships, the frontier counter (window 42 cells) is fastest",
        ),
        (Engine::Frontier, "auto: the frontier counter (window 42 cells)"),
    ),
    (
        "Russian 10×10 touching",
        // WINDOW, both (31 cells: just past NARROW_WINDOW's 30).
        (
            Engine::Frontier,
            "auto: 10 ships, the frontier counter (window 31 cells) is fastest",
        ),
        (Engine::Frontier, "auto: the frontier counter (window 31 cells)"),
    ),
    (
        "classic 20×20",
        // QUICK_CLUSTERS, both: a plain rectangle past 128 cells, the count
        // estimated under 2 s (and the map's under 1 s).
        (
            Engine::Clusters,
            "auto: 5 pieces on a plain board of 400 cells, the cluster counter (about 0.5 CPU-s, the same on any \
             board size)",
        ),
        // (The old map path gave no sentence here; a map carries none.)
        (
            Engine::Clusters,
            "auto: 5 pieces on a plain rectangle of 400 cells, the cluster counter's map (about 0.5 CPU-s for the \
             count)",
        ),
    ),
    (
        "classic 20×20 apart",
        // Count: QUICK_CLUSTERS, 42 s estimated but under the frontier's
        // guess of 3 s × 2.2^(20 − 12); map: the estimate is over 1 s, so WINDOW.
        (
            Engine::Clusters,
            "auto: 5 pieces on a plain board of 400 cells, the cluster counter (about 42.1 CPU-s, the same on any \
             board size)",
        ),
        (Engine::Frontier, "auto: the frontier counter (window 102 cells)"),
    ),
    (
        "3 ships on a hexagon of radius 8",
        // Count: QUICK_CLUSTERS on a whole hexagon; map: the cluster counter
        // maps rectangles only, so WINDOW.
        (
            Engine::Clusters,
            "auto: 3 pieces on a plain board of 217 cells, the cluster counter (about 0.0 CPU-s, the same on any \
             board size)",
        ),
        (Engine::Frontier, "auto: the frontier counter (window 67 cells)"),
    ),
    (
        "12 ships on 30×30",
        // Over 6 pieces (no clusters), over 128 cells (no bitboard): WINDOW.
        (
            Engine::Frontier,
            "auto: 900 cells, the frontier counter (window 152 cells) is fastest",
        ),
        (Engine::Frontier, "auto: the frontier counter (window 152 cells)"),
    ),
    (
        "7 long ships on 60×60",
        // A window over 400 cells on a board over 128: LAST_RESORT.
        (
            Engine::Dlx,
            "auto: 3600 cells with a frontier window of 481, dancing links",
        ),
        (Engine::Dlx, "auto: a wide window on a large board, dancing links"),
    ),
    (
        "classic 10×10 after a hit and two misses",
        // Count: FEW_SHIPS (shots change nothing for a count); map: after a
        // hit the bitboard's map is only BITBOARD_MAP, so WINDOW wins.
        (
            Engine::Fast,
            "auto: 5 ships on 98 cells, the bitboard counter is fastest",
        ),
        (Engine::Frontier, "auto: the frontier counter (window 41 cells)"),
    ),
    (
        "5 ships on a 40×3 strip",
        // NARROW_WINDOW beats FEW_SHIPS on a narrow board for both.
        (
            Engine::Frontier,
            "auto: a frontier window of only 7 cells, the frontier counter is fastest",
        ),
        (Engine::Frontier, "auto: the frontier counter (window 7 cells)"),
    ),
];

#[test]
fn auto_picks_by_the_policy_on_representative_setups() {
    let cases = cases();
    assert_eq!(cases.len(), CHOICES.len());
    let mut wrong = Vec::new();
    for (c, (name, count, map)) in cases.iter().zip(CHOICES) {
        assert_eq!(c.name, name);
        let req = CountRequest {
            engine: Engine::Auto,
            threads: 1,
            rule: c.rule,
            observations: c.obs.clone(),
        };
        let cover = FleetCover::new(&c.board, &c.fleet, c.rule, &c.obs).unwrap();
        let input = CountInput::new(&c.board, &c.fleet, &req, &cover);
        for (question, expect) in [(Question::Count, count), (Question::Occupancy, map)] {
            let got = auto_choose(&input, question);
            if (got.0, got.1.as_str()) != expect {
                wrong.push(format!("{name}, {question:?}: {got:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

fn request(engine: Engine, c: &Case) -> CountRequest {
    CountRequest {
        engine,
        threads: 2,
        rule: c.rule,
        observations: c.obs.clone(),
    }
}

/// What `count_deployments` says on a setup asked of `engine`: the engine
/// that ran and its note, or the error.
fn said(c: &Case, engine: Engine) -> Result<(Engine, Option<String>), String> {
    count_deployments(&c.board, &c.fleet, &request(engine, c), &CancelFlag::new(), &|_| {})
        .map(|r| (r.engine, r.note))
        .map_err(|e| e.to_string())
}

#[test]
fn count_results_name_the_counter_that_ran_and_why() {
    let mut shots = Observations::default();
    shots.hits.insert(Coord(4, 4));
    shots.misses.insert(Coord(0, 0));
    let mut island = Board::square("b", 12, 12);
    island.toggle_island(Coord(5, 5));
    let (blue, hex_fleet) = hex_2008(include_str!("../../../assets/presets/hex2008-blue.ron"));
    let ones = |n: usize| straight(&vec![1; n]);
    let some = |s: &str| Some(s.to_string());
    let rows: Vec<(Case, Engine, Result<(Engine, Option<String>), String>)> =
        vec![
        // auto: FEW_SHIPS.
        (
            case("classic 8×8", Board::square("b", 8, 8), classic().fleet, TouchRule::MayTouch),
            Engine::Auto,
            Ok((Engine::Fast, some("auto: 5 ships on 64 cells, the bitboard counter is fastest"))),
        ),
        // auto: NARROW_WINDOW.
        (
            case("hex 2008 Blue", blue, hex_fleet, TouchRule::MayTouch),
            Engine::Auto,
            Ok((
                Engine::Frontier,
                some("auto: a frontier window of only 23 cells, the frontier counter is fastest"),
            )),
        ),
        // auto: QUICK_CLUSTERS.
        (
            case("hexagon r8", Board::hexagon("r8", 8), hex_straight(&[4, 3, 2]), TouchRule::NoTouch),
            Engine::Auto,
            Ok((
                Engine::Clusters,
                some(
                    "auto: 3 pieces on a plain board of 217 cells, the cluster counter (about 0.0 CPU-s, the same on \
                     any board size)",
                ),
            )),
        ),
        // Asked for by name: the frontier says its window.
        (
            case("classic 8×8", Board::square("b", 8, 8), classic().fleet, TouchRule::MayTouch),
            Engine::Frontier,
            Ok((Engine::Frontier, some("frontier window 33 cells"))),
        ),
        // The cluster counter refuses shots; the bitboard takes ≤ 128 cells.
        (
            Case {
                name: "8×8 with shots",
                board: Board::square("b", 8, 8),
                fleet: classic().fleet,
                rule: TouchRule::MayTouch,
                obs: shots,
            },
            Engine::Clusters,
            Ok((Engine::Fast, some("the cluster counter counts boards without shots: counted with fast"))),
        ),
        // It refuses islands; past 128 cells its fallback, the frontier, takes them.
        (
            case("12×12 with an island", island, straight(&[3, 2, 2]), TouchRule::MayTouch),
            Engine::Clusters,
            Ok((
                Engine::Frontier,
                some(
                    "the cluster counter counts rectangles and whole hexagons without islands: counted with frontier",
                ),
            )),
        ),
        // The bitboard refuses past 128 cells; dancing links take over (the note spells DLX).
        (
            case("12×12", Board::square("b", 12, 12), straight(&[3, 2, 2]), TouchRule::MayTouch),
            Engine::Fast,
            Ok((
                Engine::Dlx,
                some("144 playable cells is over the bitboard counter's 128: counted with DLX"),
            )),
        ),
        // Dancing links by name: no note.
        (
            case("5×5", Board::square("b", 5, 5), straight(&[3, 2, 2]), TouchRule::MayTouch),
            Engine::Dlx,
            Ok((Engine::Dlx, None)),
        ),
        // Placements multiplying past 2^127: counters in 128 bits refuse at once.
        (
            case("20 boats on 10×10", Board::square("b", 10, 10), ones(20), TouchRule::MayTouch),
            Engine::Dlx,
            Err("the count may exceed 2^128 (up to 1.00e40): the dlx engine counts in 128 bits; use frontier or auto"
                .into()),
        ),
        // … named before the bitboard's own refusal of 144 cells.
        (
            case("20 boats on 12×12", Board::square("b", 12, 12), ones(20), TouchRule::MayTouch),
            Engine::Fast,
            Err("the count may exceed 2^128 (up to 1.47e43): the fast engine counts in 128 bits; use frontier or auto"
                .into()),
        ),
        // Clusters refuse 19 pieces, the bitboard 135 cells; the frontier finds
        // the count past 128 bits, and its own error stands (dancing links count in 128).
        (
            case("19 boats on 45×3", Board::square("b", 45, 3), ones(19), TouchRule::MayTouch),
            Engine::Clusters,
            Err("the labelled count does not fit in 128 bits".into()),
        ),
        // Nothing to search: the engine asked for, and why.
        (
            case("3×3", Board::square("b", 3, 3), straight(&[5]), TouchRule::MayTouch),
            Engine::Frontier,
            Ok((Engine::Frontier, some("the s0 has nowhere to go: no deployment"))),
        ),
    ];
    let wrong: Vec<String> = rows
        .into_iter()
        .filter_map(|(c, engine, expect)| {
            let got = said(&c, engine);
            (got != expect).then(|| format!("{} with {engine:?}: {got:?}", c.name))
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Small setups every counter takes in a moment: a plain rectangle (the
/// cluster counter maps it), the same after shots, a hexagon.
fn small_cases() -> Vec<Case> {
    let mut shots = Observations::default();
    shots.hits.insert(Coord(2, 2));
    shots.misses.insert(Coord(0, 3));
    vec![
        case(
            "6×5",
            Board::square("b", 6, 5),
            straight(&[3, 2, 2]),
            TouchRule::MayTouch,
        ),
        case(
            "6×5 apart",
            Board::square("b", 6, 5),
            straight(&[3, 2, 2]),
            TouchRule::NoTouch,
        ),
        Case {
            name: "6×5 with shots",
            board: Board::square("b", 6, 5),
            fleet: straight(&[3, 2, 2]),
            rule: TouchRule::MayTouch,
            obs: shots,
        },
        case(
            "hexagon r2",
            Board::hexagon("r2", 2),
            hex_straight(&[3, 2]),
            TouchRule::NoTouch,
        ),
    ]
}

#[test]
fn every_engine_counts_and_maps_as_auto_does() {
    for c in small_cases() {
        let cancel = CancelFlag::new();
        let count = |e| {
            count_deployments(&c.board, &c.fleet, &request(e, &c), &cancel, &|_| {})
                .unwrap()
                .labelled
        };
        let map = |e| occupancy(&c.board, &c.fleet, &request(e, &c), &cancel, &|_| {}).unwrap();
        let (auto_count, auto_map) = (count(Engine::Auto), map(Engine::Auto));
        assert!(auto_count > 0, "{}", c.name);
        assert_eq!(auto_map.total, auto_count, "{}", c.name);
        for e in Engine::ALL {
            assert_eq!(count(e), auto_count, "{} {e:?}", c.name);
            assert_eq!(map(e), auto_map, "{} {e:?}", c.name);
        }
    }
}
