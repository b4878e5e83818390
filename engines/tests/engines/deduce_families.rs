//! The families' own ladder rules (a fleet's ships, Takuzu's distinct lines,
//! Tents' pairing): sound on random small puzzles against the exact solver,
//! unique and not, and each rule's hand-made puzzle where it makes progress.

use fleetscope_engines::geometry::{BinaryMatrix, TouchRule};
use fleetscope_engines::puzzle::deduce::{self, Ladder, LadderSpec, Rule, State, Step};
use fleetscope_engines::puzzle::families::binary::BinaryPuzzle;
use fleetscope_engines::puzzle::{BattleshipPuzzle, ExactRequest, Given, Puzzle};
use fleetscope_engines::run::CancelFlag;
use proptest::prelude::*;

/// Every decided value is the value in every solution; a puzzle with a
/// solution never ends "broken"; a solved ladder ends on the only solution.
fn check_sound(p: &Puzzle) -> Result<(), TestCaseError> {
    let Ok(spec) = p.ladder() else {
        return Ok(());
    };
    let sols = p.solve_exact(ExactRequest::new(64, 64), &CancelFlag::new()).unwrap();
    if sols.stopped_at_limit || sols.timed_out {
        return Ok(());
    }
    let ex = deduce::explain_spec(&spec, &CancelFlag::new());
    let cols = spec.model.cols;
    for s in &ex.steps {
        for &(cell, v) in &s.decided {
            for sol in &sols.examples {
                prop_assert_eq!(
                    sol.get(cell / cols, cell % cols),
                    v,
                    "step '{}' decides {} wrongly",
                    s.sentence,
                    cell
                );
            }
        }
    }
    if sols.count > 0 {
        prop_assert!(
            ex.broken.is_none(),
            "broken on a puzzle with a solution: {:?}",
            ex.broken
        );
    } else {
        prop_assert!(!ex.solved, "solved a puzzle with no solution");
    }
    if ex.solved {
        prop_assert_eq!(sols.count, 1);
        for (cell, v) in ex.end.iter().enumerate() {
            prop_assert_eq!(sols.examples[0].get(cell / cols, cell % cols), v.unwrap());
        }
    }
    Ok(())
}

/// A fleet placed at random on an n×n board (ships never touch), as a grid.
fn random_fleet(n: usize, ships: &[usize], seed: u64) -> Option<BinaryMatrix> {
    let mut rng = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let mut next = |k: usize| {
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((rng >> 33) as usize) % k
    };
    let mut g = BinaryMatrix::zeros(n, n);
    for &len in ships {
        let mut placed = false;
        for _ in 0..200 {
            let vertical = next(2) == 1;
            let (r, c) = (next(n), next(n));
            let cells: Vec<(usize, usize)> = (0..len)
                .map(|k| if vertical { (r + k, c) } else { (r, c + k) })
                .collect();
            if cells.iter().any(|&(a, b)| a >= n || b >= n) {
                continue;
            }
            let free = cells.iter().all(|&(a, b)| {
                (-1i64..=1).all(|dr| {
                    (-1i64..=1).all(|dc| {
                        let (x, y) = (a as i64 + dr, b as i64 + dc);
                        x < 0 || y < 0 || x >= n as i64 || y >= n as i64 || !g.get(x as usize, y as usize)
                    })
                })
            });
            if free {
                for (a, b) in cells {
                    g.set(a, b, true);
                }
                placed = true;
                break;
            }
        }
        if !placed {
            return None;
        }
    }
    Some(g)
}

/// The part a ship cell is (end, middle, single), as a Bimaru given shows it.
fn part(g: &BinaryMatrix, r: usize, c: usize) -> Given {
    let n = g.rows() as i64;
    let ship = |a: i64, b: i64| a >= 0 && b >= 0 && a < n && b < n && g.get(a as usize, b as usize);
    let (r, c) = (r as i64, c as i64);
    match (ship(r - 1, c), ship(r + 1, c), ship(r, c - 1), ship(r, c + 1)) {
        (false, false, false, false) => Given::Single,
        (false, true, _, _) => Given::Top,
        (true, false, _, _) => Given::Bottom,
        (_, _, false, true) => Given::Left,
        (_, _, true, false) => Given::Right,
        _ => Given::Middle,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Random Bimaru puzzles (a hidden fleet's counts, some givens, some
    /// counts hidden): the fleet rules decide nothing against a solution.
    #[test]
    fn battleship_ladder_is_sound(
        n in 4usize..7,
        seed in any::<u64>(),
        fleet in prop_oneof![Just(vec![3, 2, 1, 1]), Just(vec![2, 2, 1]), Just(vec![3, 1, 1]), Just(vec![4, 2, 1])],
        shown in proptest::collection::vec((0usize..7, 0usize..7), 0..4),
        hidden in proptest::collection::vec(0usize..14, 0..3),
    ) {
        let Some(g) = random_fleet(n, &fleet, seed) else { return Ok(()) };
        let mut rows: Vec<Option<u32>> = g.row_sums().into_iter().map(Some).collect();
        let mut cols: Vec<Option<u32>> = g.col_sums().into_iter().map(Some).collect();
        for h in hidden {
            if h < n { rows[h] = None } else if h >= 7 && h - 7 < n { cols[h - 7] = None }
        }
        let cells: std::collections::BTreeSet<(usize, usize)> =
            shown.into_iter().filter(|&(r, c)| r < n && c < n).collect();
        let givens = cells
            .into_iter()
            .map(|(r, c)| (r, c, if g.get(r, c) { part(&g, r, c) } else { Given::Water }))
            .collect();
        let p = Puzzle::Battleship(BattleshipPuzzle {
            rows: n,
            cols: n,
            ships: fleet,
            row_targets: rows,
            col_targets: cols,
            givens,
            rule: TouchRule::NoTouch,
        });
        check_sound(&p)?;
    }

    /// Random Takuzu puzzles (a few givens on a blank board): the equal-lines
    /// rule decides nothing against a solution.
    #[test]
    fn takuzu_ladder_is_sound(
        n in prop_oneof![Just(4usize), Just(6)],
        givens in proptest::collection::vec((0usize..6, 0usize..6, any::<bool>()), 3..12),
    ) {
        let mut b = BinaryPuzzle::blank(n, n, true);
        let mut seen = std::collections::BTreeSet::new();
        b.givens = givens.into_iter().filter(|&(r, c, _)| r < n && c < n && seen.insert((r, c))).collect();
        check_sound(&Puzzle::Binary(b))?;
    }
}

/// From `state`, the model's own rules up to `tier` first (to their fixpoint),
/// then the next step with the family's rules: the family rule's progress
/// where the model's rules of that tier (and below) have none.
fn family_step(spec: &LadderSpec, mut state: State, tier: u8) -> Step {
    let plain = Ladder::new(&spec.model);
    let cancel = CancelFlag::new();
    while let Step::Deduce(d) = plain.next_step(&state, tier, &cancel) {
        deduce::apply(&mut state, &d);
    }
    assert_eq!(
        plain.next_step(&state, tier, &cancel),
        Step::Stuck,
        "the model alone is stuck"
    );
    Ladder::of(spec).next_step(&state, tier, &cancel)
}

fn bimaru(text: &str) -> LadderSpec {
    Puzzle::parse(text).unwrap().ladder().unwrap()
}

fn rule_of(step: &Step) -> (Rule, Vec<(usize, bool)>) {
    match step {
        Step::Deduce(d) => (d.rule, d.decided.clone()),
        other => panic!("no step: {other:?}"),
    }
}

fn family(name: &'static str, tier: u8) -> Rule {
    Rule::Family { name, tier }
}

#[test]
fn a_middle_part_on_the_edge_runs_along_it() {
    let spec =
        bimaru("battleship 5x5\nships 3 1\nrows - - - - -\ncols - - - - -\ngrid\n..m..\n.....\n.....\n.....\n.....\n");
    let start = deduce::start(&spec.model).unwrap();
    let (rule, decided) = rule_of(&family_step(&spec, start, 1));
    assert_eq!((rule, decided), (family("middle", 1), vec![(1, true), (3, true)]));
}

#[test]
fn a_part_that_would_make_a_ship_too_long_is_water() {
    let spec = bimaru("battleship 4x4\nships 2 1\nrows - - - -\ncols - - - -\ngrid\n....\n.**.\n....\n....\n");
    let start = deduce::start(&spec.model).unwrap();
    let (rule, decided) = rule_of(&family_step(&spec, start, 1));
    assert_eq!(rule, family("too-long", 1));
    assert!(
        decided == vec![(4, false)] || decided == vec![(7, false)],
        "{decided:?}"
    );
}

#[test]
fn once_the_fleet_is_placed_the_rest_is_water() {
    let spec = bimaru("battleship 3x3\nships 1\nrows - - -\ncols - - -\ngrid\no..\n...\n...\n");
    let start = deduce::start(&spec.model).unwrap();
    let (rule, decided) = rule_of(&family_step(&spec, start, 1));
    assert_eq!(rule, family("fleet-placed", 1));
    assert_eq!(decided.len(), 5, "(1,3) (2,3) (3,1) (3,2) (3,3): {decided:?}");
}

#[test]
fn the_only_places_left_for_a_ship_decide_its_cells() {
    let spec = bimaru("battleship 3x4\nships 3\nrows - - -\ncols - - - -\ngrid\n....\nxxxx\nxxxx\n");
    let start = deduce::start(&spec.model).unwrap();
    let (rule, decided) = rule_of(&family_step(&spec, start, 2));
    assert_eq!((rule, decided), (family("fleet-places", 2), vec![(1, true), (2, true)]));
}

#[test]
fn a_cell_no_ship_can_reach_is_water() {
    let spec = bimaru("battleship 3x3\nships 2\nrows - - -\ncols - - -\ngrid\n.x.\nx..\n...\n");
    let start = deduce::start(&spec.model).unwrap();
    let (rule, decided) = rule_of(&family_step(&spec, start, 2));
    assert_eq!((rule, decided), (family("no-ship-fits", 2), vec![(0, false)]));
}

#[test]
fn a_takuzu_line_that_matches_a_finished_line_must_differ_in_its_open_cells() {
    let p = Puzzle::Binary(BinaryPuzzle::blank(6, 6, true));
    let spec = p.ladder().unwrap();
    let mut state = deduce::start(&spec.model).unwrap();
    for (c, v) in [0, 1, 0, 1, 0, 1].into_iter().enumerate() {
        state[c] = Some(v == 1);
    }
    for (c, v) in [0, 1, 0, 1].into_iter().enumerate() {
        state[18 + c] = Some(v == 1);
    }
    let (rule, decided) = rule_of(&family_step(&spec, state, 2));
    assert_eq!(
        (rule, decided),
        (family("equal-lines", 2), vec![(22, true), (23, false)])
    );
}

#[test]
fn tents_whose_trees_cannot_each_have_a_tent_break_the_pairing() {
    // Two trees with one free cell between them: one tent cannot serve both.
    let p = Puzzle::parse("tents 1x3\nrows 1\ncols 0 1 0\ngrid\nT.T\n").unwrap();
    let spec = p.ladder().unwrap();
    let state = deduce::start(&spec.model).unwrap();
    let ex = deduce::explain_spec(&spec, &CancelFlag::new());
    assert!(!ex.solved, "{:?}", ex.steps);
    assert!(matches!(
        Ladder::of(&spec).next_step(&state, 4, &CancelFlag::new()),
        Step::Broken(_) | Step::Deduce(_)
    ));
    let sols = p.solve_exact(ExactRequest::new(2, 2), &CancelFlag::new()).unwrap();
    assert_eq!(sols.count, 0, "the oracle agrees: no solution");
    assert!(ex.broken.is_some(), "the ladder finds the pairing broken");
}

/// Random regions grown from n seeds (every region connected and non-empty).
fn random_regions(n: usize, seed: u64) -> Vec<u16> {
    let mut rng = seed | 1;
    let mut next = |k: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % k as u64) as usize
    };
    let mut region = vec![u16::MAX; n * n];
    for k in 0..n {
        loop {
            let c = next(n * n);
            if region[c] == u16::MAX {
                region[c] = k as u16;
                break;
            }
        }
    }
    while region.contains(&u16::MAX) {
        let c = next(n * n);
        if region[c] != u16::MAX {
            continue;
        }
        let (r, col) = (c / n, c % n);
        let around = [
            (r.wrapping_sub(1), col),
            (r + 1, col),
            (r, col.wrapping_sub(1)),
            (r, col + 1),
        ];
        let near: Vec<u16> = around
            .iter()
            .filter(|&&(a, b)| a < n && b < n && region[a * n + b] != u16::MAX)
            .map(|&(a, b)| region[a * n + b])
            .collect();
        if !near.is_empty() {
            region[c] = near[next(near.len())];
        }
    }
    region
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Queens and Star Battle with random regions, unique and not: the band
    /// rule (regions filling a band of rows or columns) and the probes decide
    /// nothing against a solution.
    #[test]
    fn queens_and_star_battle_ladders_are_sound(n in 4usize..8, seed in any::<u64>(), stars in any::<bool>()) {
        let regions = random_regions(n, seed);
        let p = if stars && n >= 5 {
            Puzzle::Queens(fleetscope_engines::puzzle::families::queens::Queens::star_battle(n, regions, 1))
        } else {
            Puzzle::Queens(fleetscope_engines::puzzle::families::queens::Queens::linkedin(n, regions))
        };
        check_sound(&p)?;
    }
}

/// Two regions lie in rows 2-3 and need both their queens there: the other
/// cells of rows 2-3 are empty, though no region lies in one line nor any
/// line in one region (so the one-to-one confinement finds nothing).
#[test]
fn regions_that_fill_a_band_of_rows_empty_the_rest_of_it() {
    let p = Puzzle::parse(
        "queens 4x4\nrows 1 1 1 1\ncols 1 1 1 1\nregions\naadd\nbacc\nbbcd\naddd\nregion-counts 1 1 1 1\n",
    )
    .unwrap();
    let spec = p.ladder().unwrap();
    let start = deduce::start(&spec.model).unwrap();
    let step = Ladder::of(&spec).next_step(&start, 2, &CancelFlag::new());
    let (rule, decided) = rule_of(&step);
    assert_eq!(rule, Rule::Confined);
    assert_eq!(
        decided,
        vec![(5, false), (11, false)],
        "(2,2) and (3,4), the band's cells outside the two regions"
    );
    let Step::Deduce(d) = step else { unreachable!() };
    assert!(d.sentence.contains("rows 2-3"), "{}", d.sentence);
}
