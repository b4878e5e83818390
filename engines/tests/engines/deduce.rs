//! The deduction ladder: sound against the exact solver (every decided value
//! is the value in every solution), the shipped puzzles' logical solutions, and
//! one small puzzle per rule where it, and no lower tier, makes progress.

use fleetscope_engines::puzzle::deduce::{self, Grade, Rule, Step};
use fleetscope_engines::puzzle::{ExactRequest, Puzzle};
use fleetscope_engines::run::CancelFlag;

const SHIPPED: &[(&str, &str)] = &[
    ("rullo", include_str!("../../../puzzles/rullo-article.txt")),
    (
        "linkedin queens",
        include_str!("../../../puzzles/linkedin-queens-1.txt"),
    ),
    ("8 queens", include_str!("../../../puzzles/n-queens-8.txt")),
    ("star battle", include_str!("../../../puzzles/star-battle-8.txt")),
    ("tents", include_str!("../../../puzzles/tents-6.txt")),
    ("takuzu", include_str!("../../../puzzles/takuzu-6.txt")),
    ("tango", include_str!("../../../puzzles/tango-6.txt")),
    ("coloured chess", include_str!("../../../puzzles/chess-coloured-4.txt")),
];

/// Every step of the explanation decides cells as every solution has them.
fn assert_sound(name: &str, p: &Puzzle) -> deduce::Explanation {
    let model = p.model().unwrap();
    let sols = p.solve_exact(ExactRequest::new(200, 200), &CancelFlag::new()).unwrap();
    assert!(!sols.stopped_at_limit, "{name}: the oracle must hold every solution");
    let ex = deduce::explain(&model);
    for s in &ex.steps {
        for &(cell, v) in &s.decided {
            for sol in &sols.examples {
                assert_eq!(
                    sol.get(cell / model.cols, cell % model.cols),
                    v,
                    "{name}: step '{}' decides {} against a solution",
                    s.sentence,
                    model.name(cell)
                );
            }
        }
    }
    ex
}

#[test]
fn every_shipped_puzzle_is_explained_soundly() {
    for (name, text) in SHIPPED {
        let p = Puzzle::parse(text).unwrap();
        let ex = assert_sound(name, &p);
        let sols = p.solve_exact(ExactRequest::new(2, 2), &CancelFlag::new()).unwrap();
        if ex.solved {
            assert!(sols.is_unique(), "{name}: solved by logic, so unique");
            let end: Vec<bool> = ex.end.iter().map(|v| v.unwrap()).collect();
            let sol = &sols.examples[0];
            for (cell, v) in end.iter().enumerate() {
                assert_eq!(sol.get(cell / p.size().1, cell % p.size().1), *v, "{name}");
            }
        }
        eprintln!(
            "{name}: {} steps, grade {}, profile {:?}",
            ex.steps.len(),
            ex.grade.name(),
            ex.tier_profile()
        );
    }
}

/// The LinkedIn Queens example is solved without guessing.
#[test]
fn the_linkedin_queens_example_is_solved_by_logic() {
    let p = Puzzle::parse(include_str!("../../../puzzles/linkedin-queens-1.txt")).unwrap();
    let ex = deduce::explain(&p.model().unwrap());
    assert!(ex.solved, "stopped after {} steps", ex.steps.len());
    assert_ne!(ex.grade, Grade::NeedsSearch);
}

/// A rule and the tier below: on each small puzzle the named rule is the first
/// that makes progress.
fn first_rule(text: &str) -> Rule {
    let p = Puzzle::parse(text).unwrap();
    let model = p.model().unwrap();
    let state = deduce::start(&model).unwrap();
    match deduce::next_step(&model, &state, deduce::TOP_TIER) {
        Step::Deduce(d) => d.rule,
        other => panic!("no step: {other:?}"),
    }
}

#[test]
fn rullo_reachable_sums_decide_a_number() {
    // Row 1 must make 3 from 1, 2, 4: only 1 + 2, so 4 is struck out; nothing
    // simpler applies (every line mixes numbers: no count of cells; no links).
    let text = "rullo 2x3\nrows 3 8\ncols 4 2 5\nnumbers\n1 2 4\n3 1 5\n";
    assert_eq!(first_rule(text), Rule::Reach);
}
