//! Generators: every generated puzzle is unique by an independent brute
//! force (every permutation of queens), has the grade asked for, and the same
//! seed gives the same puzzle.

use crate::generate_families::made;
use fleetscope_engines::puzzle::Puzzle;
use fleetscope_engines::puzzle::deduce::Grade;
use fleetscope_engines::puzzle::generate::{Change, GenerateError, GenerateRequest, OptionValue, Recipe, generate};
use fleetscope_engines::run::CancelFlag;

/// Star Battle solutions by brute force (LinkedIn Queens: one star): every
/// choice of `per` columns in each row, none touching a mark in its row or the
/// row above, at most `per` per column; then `per` per region, none on a hole.
fn brute_force_stars(n: usize, per: usize, regions: &[u16]) -> usize {
    fn choices(n: usize, per: usize, from: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == per {
            out.push(cur.clone());
            return;
        }
        for c in from..n {
            if cur.last().is_none_or(|&p| c > p + 1) {
                cur.push(c);
                choices(n, per, c + 1, cur, out);
                cur.pop();
            }
        }
    }
    struct Search<'a> {
        n: usize,
        per: usize,
        regions: &'a [u16],
        rows: Vec<Vec<usize>>,
        col_count: Vec<usize>,
        picked: Vec<usize>,
        count: usize,
    }
    fn go(s: &mut Search, r: usize) {
        if r == s.n {
            let mut in_region = vec![0; s.n];
            for (row, &k) in s.picked.iter().enumerate() {
                for &c in &s.rows[k] {
                    let region = s.regions[row * s.n + c] as usize;
                    if region >= s.n {
                        return; // a hole
                    }
                    in_region[region] += 1;
                }
            }
            if in_region.iter().all(|&k| k == s.per) && s.col_count.iter().all(|&k| k == s.per) {
                s.count += 1;
            }
            return;
        }
        for k in 0..s.rows.len() {
            let row = s.rows[k].clone();
            let touches = s
                .picked
                .last()
                .is_some_and(|&prev| s.rows[prev].iter().any(|&p| row.iter().any(|&c| p.abs_diff(c) <= 1)));
            if touches || row.iter().any(|&c| s.col_count[c] == s.per) {
                continue;
            }
            row.iter().for_each(|&c| s.col_count[c] += 1);
            s.picked.push(k);
            go(s, r + 1);
            s.picked.pop();
            row.iter().for_each(|&c| s.col_count[c] -= 1);
        }
    }
    let mut rows = Vec::new();
    choices(n, per, 0, &mut Vec::new(), &mut rows);
    let mut s = Search {
        n,
        per,
        regions,
        rows,
        col_count: vec![0; n],
        picked: Vec::new(),
        count: 0,
    };
    go(&mut s, 0);
    s.count
}

#[test]
fn generated_queens_are_unique_and_have_the_grade_asked_for() {
    // `made` checks the grade with the ladder and that the same seed gives the same puzzle.
    for (size, grade, seed) in [
        (6, Grade::Easy, 1),
        (7, Grade::Medium, 2),
        (7, Grade::Hard, 3),
        (8, Grade::Hard, 4),
    ] {
        let Puzzle::Queens(q) = made(
            recipe(
                "queens",
                &[
                    ("holes", OptionValue::Flag(false)),
                    ("regions", OptionValue::Choice("connected")),
                ],
            ),
            size,
            grade,
            seed,
        ) else {
            panic!("queens")
        };
        assert_eq!(
            brute_force_stars(size, 1, &q.regions),
            1,
            "{size} {grade:?}: unique by brute force"
        );
    }
}

#[test]
fn fiendish_queens_have_regions_of_any_shape_and_are_unique() {
    let recipe = recipe(
        "queens",
        &[
            ("holes", OptionValue::Flag(false)),
            ("regions", OptionValue::Choice("any")),
        ],
    );
    let Puzzle::Queens(q) = made(recipe, 8, Grade::Fiendish, 2) else {
        panic!("queens")
    };
    assert_eq!(brute_force_stars(8, 1, &q.regions), 1, "unique by brute force");
}

#[test]
fn generated_boards_with_holes_are_unique_and_use_them() {
    // Without holes no 2-star board is Easy (tier 1 has no first step on
    // connected regions alone); with them it is.
    let cases = [
        (
            recipe(
                "star-battle",
                &[("stars", OptionValue::Int(2)), ("holes", OptionValue::Flag(true))],
            ),
            8,
            2,
            Grade::Easy,
            1,
        ),
        (
            recipe(
                "queens",
                &[
                    ("holes", OptionValue::Flag(true)),
                    ("regions", OptionValue::Choice("connected")),
                ],
            ),
            7,
            1,
            Grade::Medium,
            2,
        ),
    ];
    for (recipe, size, per, grade, seed) in cases {
        let Puzzle::Queens(q) = made(recipe.clone(), size, grade, seed) else {
            panic!("queens")
        };
        for &(r, c) in &q.holes {
            assert_eq!(q.regions[r * size + c], u16::MAX, "a hole is in no region");
        }
        assert_eq!(
            brute_force_stars(size, per, &q.regions),
            1,
            "{recipe:?}: unique by brute force"
        );
        if per == 2 {
            assert!(!q.holes.is_empty(), "an Easy 2-star board needs a hole");
        }
    }
}

#[test]
fn generator_requests_out_of_range_are_refused_with_the_reason() {
    let cancel = CancelFlag::new();
    let req = |size, grade, max_tries| GenerateRequest {
        recipe: recipe(
            "queens",
            &[
                ("holes", OptionValue::Flag(false)),
                ("regions", OptionValue::Choice("connected")),
            ],
        ),
        size,
        grade,
        seed: 0,
        max_tries,
    };
    assert!(refused(generate(&req(3, Grade::Easy, 10), &cancel, &|_| {}).unwrap_err()).contains("side"));
    assert!(refused(generate(&req(99, Grade::Easy, 10), &cancel, &|_| {}).unwrap_err()).contains("side"));
    assert!(refused(generate(&req(6, Grade::NeedsSearch, 10), &cancel, &|_| {}).unwrap_err()).contains("graded"));
    assert!(refused(generate(&req(6, Grade::Easy, 0), &cancel, &|_| {}).unwrap_err()).contains("drafts per puzzle"));
}

/// A search for a grade never found with its options (Fiendish on connected
/// regions) gives up once a thousand drafts in a row come no nearer, long
/// before its budget, and says how near it came and what reaches that grade.
#[test]
fn a_hopeless_search_stops_early_and_says_how_near_it_came() {
    let req = GenerateRequest {
        recipe: recipe(
            "queens",
            &[
                ("holes", OptionValue::Flag(false)),
                ("regions", OptionValue::Choice("connected")),
            ],
        ),
        size: 8,
        grade: Grade::Fiendish,
        seed: 1,
        max_tries: 20_000,
    };
    let judged = std::sync::atomic::AtomicUsize::new(0);
    let e = generate(&req, &CancelFlag::new(), &|n| {
        judged.store(n, std::sync::atomic::Ordering::Relaxed)
    })
    .unwrap_err();
    let GenerateError::NotFound(e) = e else {
        panic!("no puzzle found, not {e:?}")
    };
    let drafts = judged.load(std::sync::atomic::Ordering::Relaxed);
    assert!(drafts < 10_000, "{drafts} drafts before giving up: {e}");
    assert!(e.contains("came no nearer than a Hard one"), "{e}");
    assert!(e.contains("failing assumptions"), "{e}");
    assert!(e.contains("regions of any shape reach it"), "{e}");
    // The options that reach the grade are known, for the front ends to name.
    assert_eq!(req.recipe.remedy(Grade::Fiendish), &[Change::Choice("regions", "any")]);
}

/// A generator's recipe with some options set.
pub(crate) fn recipe(word: &str, options: &[(&str, OptionValue)]) -> Recipe {
    options.iter().fold(Recipe::of_family(word).unwrap(), |r, (k, v)| {
        r.with(k, v.clone()).unwrap()
    })
}

/// The message of a request refused before any draft (an error of its own
/// kind, never a search that found nothing).
pub fn refused(e: GenerateError) -> String {
    match e {
        GenerateError::Invalid(why) => why,
        other => panic!("a refused request, not {other:?}"),
    }
}
