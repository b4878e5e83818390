//! A guard for refactoring the puzzle kernel: the puzzles the generators make
//! for fixed seeds, each puzzle's clues with whether it needs them, and the
//! repairs of a few ambiguous puzzles in the order they are listed, compared
//! with `engines/tests/data/generate/golden.txt`. That file was written once
//! by the code before the refactoring; the same seed must keep giving the
//! same puzzle and the same repairs. Kept small so it always runs.
//!
//! After a change that is meant to alter them, write the file again with
//! `FLEETSCOPE_WRITE_GOLDEN=1 cargo test -p fleetscope-engines --test engines generate_golden`
//! and review its diff.

use crate::generate::recipe;
use crate::setter::ambiguous_queens;
use fleetscope_engines::geometry::TouchRule;
use fleetscope_engines::puzzle::Puzzle;
use fleetscope_engines::puzzle::deduce::Grade;
use fleetscope_engines::puzzle::generate::{GenerateRequest, OptionValue, Recipe, generate};
use fleetscope_engines::puzzle::setter;
use fleetscope_engines::run::CancelFlag;
use std::fmt::Write;

const GOLDEN: &str = include_str!("../data/generate/golden.txt");

/// The recipes, each with a label that does not depend on how a recipe is spelled in code.
fn recipes() -> Vec<(&'static str, Recipe, usize, Grade, &'static [u64])> {
    let small_fleet = |rule: TouchRule, givens| {
        recipe(
            "battleship",
            &[
                ("fleet", OptionValue::Lengths(vec![3, 2, 1])),
                ("may-touch", OptionValue::Flag(rule == TouchRule::MayTouch)),
                ("givens", OptionValue::Flag(givens)),
            ],
        )
    };
    vec![
        ("queens", Recipe::of_family("queens").unwrap(), 6, Grade::Easy, &[1, 2]),
        (
            "queens holes",
            recipe(
                "queens",
                &[
                    ("holes", OptionValue::Flag(true)),
                    ("regions", OptionValue::Choice("connected")),
                ],
            ),
            6,
            Grade::Easy,
            &[1],
        ),
        (
            "queens regions any",
            recipe(
                "queens",
                &[
                    ("holes", OptionValue::Flag(false)),
                    ("regions", OptionValue::Choice("any")),
                ],
            ),
            6,
            Grade::Medium,
            &[1],
        ),
        (
            "star-battle stars 1",
            recipe(
                "star-battle",
                &[("stars", OptionValue::Int(1)), ("holes", OptionValue::Flag(false))],
            ),
            5,
            Grade::Easy,
            &[1, 2],
        ),
        (
            "star-battle holes",
            recipe(
                "star-battle",
                &[("stars", OptionValue::Int(2)), ("holes", OptionValue::Flag(true))],
            ),
            8,
            Grade::Easy,
            &[1],
        ),
        (
            "star-battle",
            Recipe::of_family("star-battle").unwrap(),
            8,
            Grade::Medium,
            &[1],
        ),
        ("tents", Recipe::of_family("tents").unwrap(), 6, Grade::Easy, &[1, 2]),
        ("tents", Recipe::of_family("tents").unwrap(), 6, Grade::Hard, &[2]),
        ("takuzu", recipe("takuzu", &[]), 6, Grade::Easy, &[1, 2]),
        ("binairo", recipe("binairo", &[]), 6, Grade::Easy, &[1]),
        ("tango", recipe("tango", &[]), 6, Grade::Easy, &[1]),
        ("rullo", Recipe::of_family("rullo").unwrap(), 4, Grade::Easy, &[1, 2]),
        ("chess", Recipe::of_family("chess").unwrap(), 5, Grade::Easy, &[1, 2]),
        (
            "chess pieces QN regions any",
            recipe(
                "chess",
                &[
                    ("pieces", OptionValue::Letters(vec!['Q', 'N'])),
                    ("regions", OptionValue::Choice("any")),
                ],
            ),
            5,
            Grade::Easy,
            &[1],
        ),
        (
            "battleship",
            Recipe::of_family("battleship").unwrap(),
            8,
            Grade::Easy,
            &[1],
        ),
        (
            "battleship fleet 3,2,1",
            small_fleet(TouchRule::NoTouch, true),
            5,
            Grade::Easy,
            &[1, 2],
        ),
        (
            "battleship fleet 3,2,1 may-touch",
            small_fleet(TouchRule::MayTouch, true),
            5,
            Grade::Easy,
            &[1],
        ),
        (
            "battleship fleet 3,2,1 no-givens",
            small_fleet(TouchRule::NoTouch, false),
            5,
            Grade::Easy,
            &[1],
        ),
    ]
}

/// Each clue of `p` with whether it is needed, in the setter's order.
fn write_clues(out: &mut String, p: &Puzzle, cancel: &CancelFlag) {
    let m = setter::minimality(p, cancel, &|_| {}).unwrap();
    for (clue, needed) in &m.clues {
        writeln!(
            out,
            "clue {} {}",
            clue.describe(),
            if *needed { "needed" } else { "spare" }
        )
        .unwrap();
    }
}

/// The repairs of `p`, in the order listed, with their grades and the repaired text.
fn write_repairs(out: &mut String, label: &str, p: &Puzzle, cancel: &CancelFlag) {
    writeln!(out, "== repairs of {label}\n{}", p.to_text()).unwrap();
    let found = setter::repairs(p, cancel, &|_| {}).unwrap();
    assert!(!found.is_empty(), "{label}: a repair");
    for r in found {
        writeln!(
            out,
            "repair {:?} {:?} {} at {:?}",
            r.grade, r.edit.kind, r.edit.description, r.edit.cells
        )
        .unwrap();
    }
}

/// A clue of `p` whose removal leaves several solutions: the first needed one.
fn needed_clue_removed(label: &str, p: &Puzzle, cancel: &CancelFlag) -> Puzzle {
    let m = setter::minimality(p, cancel, &|_| {}).unwrap();
    let (clue, _) = m
        .clues
        .iter()
        .find(|(_, needed)| *needed)
        .unwrap_or_else(|| panic!("{label}: a needed clue"));
    setter::without(p, clue)
}

fn golden() -> String {
    let cancel = CancelFlag::new();
    let mut out = String::new();
    let mut made = Vec::new();
    for (label, recipe, size, grade, seeds) in recipes() {
        for &seed in seeds {
            let req = GenerateRequest {
                recipe: recipe.clone(),
                size,
                grade,
                seed,
                max_tries: 20_000,
            };
            let g = generate(&req, &cancel, &|_| {}).unwrap_or_else(|e| panic!("{label} seed {seed}: {e}"));
            writeln!(
                out,
                "== generate {label} size {size} {grade:?} seed {seed}: {:?} after {} drafts\n{}",
                g.grade,
                g.tries,
                g.puzzle.to_text()
            )
            .unwrap();
            write_clues(&mut out, &g.puzzle, &cancel);
            made.push((label, seed, g.puzzle));
        }
    }
    let first = |want: &str| made.iter().find(|(l, s, _)| *l == want && *s == 1).unwrap().2.clone();
    write_repairs(
        &mut out,
        "a moved Queens boundary",
        &Puzzle::Queens(ambiguous_queens()),
        &cancel,
    );
    for label in ["tents", "takuzu", "battleship fleet 3,2,1"] {
        let p = needed_clue_removed(label, &first(label), &cancel);
        write_repairs(&mut out, &format!("{label} seed 1 without a needed clue"), &p, &cancel);
    }
    let chess = Puzzle::parse(include_str!("../../../puzzles/chess-coloured-4.txt")).unwrap();
    write_repairs(&mut out, "the shipped coloured chess", &chess, &cancel);
    let rullo = Puzzle::parse("rullo 3x3\nrows 2 2 2\ncols 2 2 2\nnumbers\n1 1 1\n1 1 1\n1 2 1\n").unwrap();
    write_repairs(&mut out, "a Rullo of ones", &rullo, &cancel);
    out
}

#[test]
fn the_same_seed_gives_the_same_puzzles_clues_and_repairs() {
    let actual = golden();
    if std::env::var_os("FLEETSCOPE_WRITE_GOLDEN").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/generate/golden.txt");
        std::fs::write(path, &actual).unwrap();
        return;
    }
    for (k, (want, got)) in GOLDEN.lines().zip(actual.lines()).enumerate() {
        assert_eq!(got, want, "golden.txt line {} differs", k + 1);
    }
    assert_eq!(
        actual.lines().count(),
        GOLDEN.lines().count(),
        "golden.txt has as many lines as the generators and repairs write"
    );
}
