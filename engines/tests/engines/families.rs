//! Every family is whole: each generator makes a unique puzzle of the grade
//! asked for with its default options, every family has a generator and an
//! example puzzle in `puzzles/`, its setter example is repaired by one edit,
//! a needed given removed from a generated puzzle is among the repairs, and
//! an option key means the same option in every generator that has it (the
//! command line has one flag per key).

use fleetscope_engines::puzzle::deduce::{Grade, explain_spec};
use fleetscope_engines::puzzle::families::{FAMILY_KINDS, GENERATORS};
use fleetscope_engines::puzzle::generate::{GenerateRequest, Recipe, generate, option_flags};
use fleetscope_engines::puzzle::setter::{self, Clue, EditKind};
use fleetscope_engines::puzzle::{ExactRequest, FAMILIES, Puzzle, family_title};
use fleetscope_engines::run::CancelFlag;
use std::collections::BTreeSet;
use std::mem::discriminant;

/// Each generator's puzzle at its sample size, Easy (Medium where Easy is out of reach), seed 1.
fn made() -> Vec<(&'static str, Grade, Puzzle)> {
    let cancel = CancelFlag::new();
    GENERATORS
        .iter()
        .map(|g| {
            let info = g.info();
            let recipe = Recipe::of_family(info.word()).unwrap();
            let grade = if recipe.out_of_reach(Grade::Easy).is_some() {
                Grade::Medium
            } else {
                Grade::Easy
            };
            let req = GenerateRequest {
                recipe,
                size: info.sample_size(),
                grade,
                seed: 1,
                max_tries: 20_000,
            };
            let g = generate(&req, &cancel, &|_| {}).unwrap_or_else(|e| panic!("{}: {e}", info.word()));
            assert!(info.sizes(req.recipe.options()).contains(&req.size), "{}", info.word());
            (info.word(), grade, g.puzzle)
        })
        .collect()
}

#[test]
fn every_family_has_a_generator_and_an_example_and_each_generator_makes_its_grade() {
    let cancel = CancelFlag::new();
    let made = made();
    for (word, grade, p) in &made {
        let sols = p.solve_exact(ExactRequest::new(2, 0), &cancel).unwrap();
        assert_eq!(sols.count, 1, "{word}: unique");
        let spec = p.ladder().unwrap();
        assert_eq!(explain_spec(&spec, &cancel).grade, *grade, "{word}: graded as asked");
    }
    let families: BTreeSet<String> = FAMILIES
        .iter()
        .map(|(keyword, _)| {
            let blank = Puzzle::blank(keyword, 6, 6).unwrap_or_else(|e| panic!("{keyword}: {e}"));
            format!("{:?}", discriminant(&blank))
        })
        .collect();
    let generated: BTreeSet<String> = made.iter().map(|(_, _, p)| format!("{:?}", discriminant(p))).collect();
    assert_eq!(generated, families, "every family has a generator");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../puzzles");
    let examples: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            let text = std::fs::read_to_string(&path).ok()?;
            let p = Puzzle::parse(&text).ok()?;
            Some(format!("{:?}", discriminant::<Puzzle>(&p)))
        })
        .collect();
    for family in &families {
        assert!(examples.contains(family), "an example in puzzles/ for {family}");
    }
}

#[test]
fn an_option_key_means_one_option_everywhere() {
    for (spec, owners) in option_flags() {
        for g in GENERATORS.iter() {
            for other in g.info().options().iter().filter(|o| o.key == spec.key) {
                assert_eq!(other, spec, "'{}' in {} and {owners:?}", spec.key, g.info().word());
            }
        }
    }
}

/// Solutions of `p`, counted up to `limit`.
fn count(p: &Puzzle, limit: u64) -> u64 {
    p.solve_exact(ExactRequest::new(limit, 0), &CancelFlag::new())
        .unwrap()
        .count
}

#[test]
fn every_setter_example_has_several_solutions_and_a_repair_that_makes_it_unique() {
    let cancel = CancelFlag::new();
    assert!(!FAMILY_KINDS.is_empty());
    for kind in FAMILY_KINDS.iter() {
        let name = kind.variant;
        assert!(!kind.generators.is_empty(), "{name}: a generator");
        let p = Puzzle::parse(kind.setter_example).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            (kind.owns)(&p),
            "{name}: its setter example is of its family, not {}",
            p.family()
        );
        assert!(
            count(&p, 2) >= 2,
            "{name}: its setter example has two or more solutions"
        );
        let repairs = setter::repairs(&p, &cancel, &|_| {}).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!repairs.is_empty(), "{name}: one edit repairs its setter example");
        for r in &repairs {
            assert_eq!(
                count(&r.edit.puzzle, 2),
                1,
                "{name}: '{}' leaves one solution",
                r.edit.description
            );
        }
    }
}

/// A needed given taken from a generated puzzle leaves solutions that differ
/// at its cell (else it was not needed), so giving it back is a repair.
/// Links and counts are only repaired: a lens that stops at its cap may miss
/// the solutions that differ there. Battleship's repair gives a plain ship
/// part or water, never the part letter that was taken, so there too.
#[test]
fn a_needed_clue_taken_from_a_generated_puzzle_is_repaired_and_a_given_comes_back() {
    let cancel = CancelFlag::new();
    let mut given_back = 0;
    for (word, _, p) in made() {
        let minimality = setter::minimality(&p, &cancel, &|_| {}).unwrap_or_else(|e| panic!("{word}: {e}"));
        for (clue, needed) in &minimality.clues {
            if !needed {
                continue;
            }
            let ambiguous = setter::without(&p, clue);
            let repairs = setter::repairs(&ambiguous, &cancel, &|_| {})
                .unwrap_or_else(|e| panic!("{word}: without {}: {e}", clue.describe()));
            if !matches!(clue, Clue::Given(..)) || matches!(p, Puzzle::Battleship(_)) {
                continue;
            }
            let back = repairs
                .iter()
                .any(|r| r.edit.kind == EditKind::AddGiven && r.edit.puzzle.to_text() == p.to_text());
            let listed: Vec<&str> = repairs.iter().map(|r| r.edit.description.as_str()).collect();
            assert!(
                back,
                "{word}: without {}, a repair gives it back: {listed:?}",
                clue.describe()
            );
            given_back += 1;
        }
    }
    assert!(given_back > 0, "some generated puzzle needs a given");
}

/// Every word a family goes by has its title from the family itself: its
/// keywords, its generators' words and what its puzzles call themselves.
#[test]
fn every_family_word_has_a_title() {
    let mut words: Vec<&str> = FAMILIES.iter().map(|(k, _)| *k).collect();
    words.extend(GENERATORS.iter().map(|g| g.info().word()));
    words.extend(made().iter().map(|(_, _, p)| p.family()));
    words.extend(FAMILIES.iter().map(|(k, _)| Puzzle::blank(k, 4, 4).unwrap().family()));
    words.extend(
        FAMILY_KINDS
            .iter()
            .map(|k| Puzzle::parse(k.setter_example).unwrap().family()),
    );
    for word in words {
        assert_ne!(family_title(word), "Puzzle", "a title for '{word}'");
    }
    assert_eq!(family_title("star-battle"), "Star Battle");
    assert_eq!(family_title("max chess"), "Max chess");
    assert_eq!(family_title("no such family"), "Puzzle");
}
