//! The shipped presets against the sources: placement counts, the hex halves (their
//! cells, orientations and deployment counts), the CSP report's sample, and an
//! independent brute force of placements on small random boards.

use fleetscope::cover::{CountRequest, Engine, count_deployments};
use fleetscope::geometry::{Board, BoardShape, Coord, Fleet, Lattice, Piece, fleet_placements};
use fleetscope::presets;
use fleetscope::run::CancelFlag;
use proptest::prelude::*;
use std::collections::{BTreeSet, HashSet};

fn preset(key: &str) -> fleetscope::session::Setup {
    presets::load(key).expect("preset exists").expect("preset parses")
}

#[test]
fn classic_fleet_has_the_published_placement_counts() {
    let s = preset("classic");
    let counts: Vec<usize> = fleet_placements(&s.board, &s.fleet).iter().map(Vec::len).collect();
    assert_eq!(counts, vec![120, 140, 160, 160, 180]);
    assert_eq!(counts.iter().sum::<usize>(), 760);
}

/// The Python of "Analysis of (hexagonal) Battleship", transcribed: board of one half, islands removed.
fn seed_half(is_upper: bool) -> (BTreeSet<Coord>, BTreeSet<Coord>) {
    let islands: Vec<(i32, i32, i32)> = if is_upper {
        vec![(-5, 4, 1), (-1, 3, -2), (-1, 7, -6), (4, 2, -6), (5, -1, -4)]
    } else {
        vec![(-5, 1, 4), (-1, -6, 7), (-1, -2, 3), (2, -1, -1), (4, -6, 2)]
    };
    let islands: BTreeSet<Coord> = islands.iter().map(|&(x, y, _)| Coord(x, y)).collect();
    let mut playable = BTreeSet::new();
    for x in -7i32..8 {
        let lo = (-7 - x).max(-7) + 1 - x.signum().abs();
        let hi = (7 - x).min(7) + 1;
        for y in lo..hi {
            // Python's % is non-negative for a positive modulus.
            let upper = 6 * y >= -3 * x + x.rem_euclid(4);
            if upper == is_upper && !islands.contains(&Coord(x, y)) {
                playable.insert(Coord(x, y));
            }
        }
    }
    (playable, islands)
}

#[test]
fn hex_halves_match_the_blog_and_have_79_cells() {
    for (key, upper) in [("hex2008-blue", true), ("hex2008-green", false)] {
        let s = preset(key);
        let (playable, islands) = seed_half(upper);
        assert_eq!(s.board.playable_cells().len(), 79, "{key}");
        assert_eq!(playable.len(), 79, "{key} (seed formula)");
        assert_eq!(
            s.board.playable_cells().into_iter().collect::<BTreeSet<_>>(),
            playable,
            "{key}"
        );
        assert_eq!(s.board.islands, islands, "{key}");
        let BoardShape::Hex { cells } = &s.board.shape else {
            panic!("{key} is not hex")
        };
        assert_eq!(cells.len(), 84);
    }
}

#[test]
fn hex_halves_are_disjoint_and_miss_only_the_bottom_centre_cell() {
    let all: BTreeSet<Coord> = Board::hexagon("r7", 7).cells().into_iter().collect();
    let blue = preset("hex2008-blue").board.cells();
    let green = preset("hex2008-green").board.cells();
    let union: BTreeSet<Coord> = blue.iter().chain(&green).copied().collect();
    assert_eq!(union.len(), blue.len() + green.len());
    let missing: Vec<Coord> = all.difference(&union).copied().collect();
    assert_eq!(missing, vec![Coord(0, -7)]);
}

#[test]
fn orientation_counts_of_every_preset_piece() {
    let expect: &[(&str, &[usize])] = &[
        ("classic", &[2, 2, 2, 2, 2]),
        ("russian", &[2, 2, 2, 2, 2, 2, 1, 1, 1, 1]),
        ("hex2008-blue", &[6, 3, 3, 3, 2]),
        ("hex2008-green", &[6, 3, 3, 3, 2]),
        ("csp-sample-4x4", &[1, 2, 2, 2]),
    ];
    for (key, counts) in expect {
        let s = preset(key);
        let got: Vec<usize> = s
            .fleet
            .pieces
            .iter()
            .map(|p| p.orientations(s.fleet.lattice, s.fleet.allow_mirror).len())
            .collect();
        assert_eq!(&got, counts, "{key}");
    }
    assert_eq!(presets::keys().len(), expect.len(), "every preset is covered");
}

#[test]
fn csp_sample_solution_has_the_reported_xray() {
    let s = preset("csp-sample-4x4");
    let (rows, cols) = s.deployment.xray(&s.board, &s.fleet).unwrap();
    assert_eq!(rows, vec![2, 1, 2, 3]);
    assert_eq!(cols, vec![1, 3, 2, 2]);
    for ship in &s.deployment.ships {
        assert!(s.deployment.check(&s.board, &s.fleet, s.rules.touch, ship).is_ok());
    }
}

/// Every preset's placed fleet keeps the preset's own rules, and the presets carry
/// the rules their games have (the Russian game: ships apart).
#[test]
fn presets_carry_their_rules_and_their_fleets_keep_them() {
    use fleetscope::geometry::TouchRule;
    for key in presets::keys() {
        let s = preset(key);
        for ship in &s.deployment.ships {
            assert_eq!(
                s.deployment.check(&s.board, &s.fleet, s.rules.touch, ship),
                Ok(()),
                "{key}"
            );
        }
    }
    assert_eq!(preset("russian").rules.touch, TouchRule::NoTouch);
    assert_eq!(preset("classic").rules.touch, TouchRule::MayTouch);
}

#[test]
fn random_deployment_is_legal_and_reproducible() {
    for key in presets::keys() {
        let s = preset(key);
        let a = fleetscope::geometry::random_deployment(&s.board, &s.fleet, s.rules.touch, 7).unwrap();
        let b = fleetscope::geometry::random_deployment(&s.board, &s.fleet, s.rules.touch, 7).unwrap();
        assert_eq!(a, b, "{key}");
        assert!(
            a.uniform,
            "{key}: the presets' fleets fit well enough for a uniform draw"
        );
        let a = a.deployment;
        assert_eq!(a.ships.len(), s.fleet.pieces.len());
        for ship in &a.ships {
            assert_eq!(a.check(&s.board, &s.fleet, s.rules.touch, ship), Ok(()), "{key}");
        }
    }
}

/// Independent count: every rotation (and mirror) applied to the raw cells, every
/// translation within a wide window, deduplicated as cell sets.
fn brute_force_placements(board: &Board, lattice: Lattice, piece: &Piece, mirror: bool) -> usize {
    let mut sets: HashSet<BTreeSet<Coord>> = HashSet::new();
    for m in [false, true] {
        if m && !mirror {
            continue;
        }
        for r in 0..lattice.rotation_count() {
            let shape: Vec<Coord> = piece
                .cells
                .iter()
                .map(|&c| lattice.rotate_by(if m { lattice.mirror(c) } else { c }, r))
                .collect();
            for dx in -30..30 {
                for dy in -30..30 {
                    let placed: BTreeSet<Coord> = shape.iter().map(|&c| c + Coord(dx, dy)).collect();
                    if placed.iter().all(|&c| board.is_playable(c)) {
                        sets.insert(placed);
                    }
                }
            }
        }
    }
    sets.len()
}

fn random_piece(lattice: Lattice, steps: &[usize]) -> Piece {
    let mut cells = vec![Coord(0, 0)];
    for (k, s) in steps.iter().enumerate() {
        let from = cells[k % cells.len()];
        let next = from + lattice.steps()[s % lattice.steps().len()];
        if !cells.contains(&next) {
            cells.push(next);
        }
    }
    Piece::new("p", cells)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn placements_match_brute_force(
        hex in any::<bool>(),
        rows in 1u32..7, cols in 1u32..7, radius in 1i32..4,
        islands in proptest::collection::vec((-4i32..7, -4i32..7), 0..6),
        steps in proptest::collection::vec(0usize..6, 0..4),
        mirror in any::<bool>(),
    ) {
        let lattice = if hex { Lattice::Hex } else { Lattice::Square };
        let mut board = if hex { Board::hexagon("h", radius) } else { Board::square("s", rows, cols) };
        for (a, b) in islands {
            board.toggle_island(Coord(a, b));
        }
        let piece = random_piece(lattice, &steps);
        let fleet = Fleet { name: "f".into(), lattice, pieces: vec![piece.clone()], allow_mirror: mirror };
        let ours = fleet_placements(&board, &fleet);
        prop_assert_eq!(ours[0].len(), brute_force_placements(&board, lattice, &piece, mirror));
        let distinct: HashSet<Vec<u32>> = ours[0].iter().map(|p| p.cells.clone()).collect();
        prop_assert_eq!(distinct.len(), ours[0].len());
    }
}

fn plain(board: &Board, fleet: &Fleet, engine: Engine) -> u128 {
    let req = CountRequest {
        engine,
        threads: 2,
        ..Default::default()
    };
    count_deployments(board, fleet, &req, &CancelFlag::new(), &|_| {})
        .unwrap()
        .labelled
}

#[test]
fn hex_halves_agree_across_engines_and_green_has_more() {
    let blue = presets::load("hex2008-blue").unwrap().unwrap();
    let green = presets::load("hex2008-green").unwrap().unwrap();
    let b = plain(&blue.board, &blue.fleet, Engine::Fast);
    let g = plain(&green.board, &green.fleet, Engine::Fast);
    assert_eq!(b, plain(&blue.board, &blue.fleet, Engine::Frontier), "blue, frontier");
    assert_eq!(
        g,
        plain(&green.board, &green.fleet, Engine::Frontier),
        "green, frontier"
    );
    assert!(
        g > b,
        "the hex blog says Green allows noticeably more deployments than Blue"
    );
    // Partial hex fleets (the first three pieces) are small enough for DLX in debug builds.
    for setup in [&blue, &green] {
        let mut f = setup.fleet.clone();
        f.pieces.truncate(3);
        assert_eq!(
            plain(&setup.board, &f, Engine::Fast),
            plain(&setup.board, &f, Engine::Dlx)
        );
    }
}
