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
    ("battleship", include_str!("../../../puzzles/battleship-csp-report.txt")),
];

/// Every step of the explanation (the family's model and its own rules)
/// decides cells as every solution has them.
fn assert_sound(name: &str, p: &Puzzle) -> deduce::Explanation {
    let spec = p.ladder().unwrap();
    let model = &spec.model;
    let sols = p.solve_exact(ExactRequest::new(200, 200), &CancelFlag::new()).unwrap();
    assert!(!sols.stopped_at_limit, "{name}: the oracle must hold every solution");
    let ex = deduce::explain_spec(&spec, &CancelFlag::new());
    if sols.count > 0 {
        assert!(
            ex.broken.is_none(),
            "{name}: a puzzle with a solution reported broken: {:?}",
            ex.broken
        );
    }
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
    // simpler applies (no line is at its target or needs all its numbers).
    let text = "rullo 2x3\nrows 3 5\ncols 1 2 5\nnumbers\n1 2 4\n3 1 5\n";
    assert_eq!(first_rule(text), Rule::Reach);
}

#[test]
fn rullo_lines_that_need_all_or_none_are_tier_one() {
    // Column 1 needs 1 + 3 = 4, all it has: both kept (Fill), before any reach.
    let fill = "rullo 2x3\nrows 3 8\ncols 4 2 5\nnumbers\n1 2 4\n3 1 5\n";
    assert_eq!(first_rule(fill), Rule::Fill);
    // A row whose target is 0 strikes out every number (Full).
    let full = "rullo 2x2\nrows 0 5\ncols 2 3\nnumbers\n1 2\n2 3\n";
    assert_eq!(first_rule(full), Rule::Full);
}

#[test]
fn a_line_whose_open_cells_all_exclude_a_cell_empties_it() {
    // 5x5 Queens: region a is the corner (0,0), (0,1), (1,0), in no one line;
    // a queen on any of them touches (1,1), so it is empty (covering, tier 2).
    // No k regions lie in k lines, so no band applies first.
    let text = "queens 5x5\nregions\naabbc\nadbcc\nddbec\ndddec\ndeeee\n";
    let p = Puzzle::parse(text).unwrap();
    let model = p.model().unwrap();
    let state = deduce::start(&model).unwrap();
    let d = match deduce::next_step(&model, &state, 2) {
        Step::Deduce(d) => d,
        other => panic!("no tier-2 step: {other:?}"),
    };
    assert_eq!(d.rule, Rule::Covered, "{}", d.sentence);
    let mut cells: Vec<usize> = d.decided.iter().map(|(c, _)| *c).collect();
    cells.sort_unstable();
    assert_eq!(cells, vec![6]);
    assert!(d.decided.iter().all(|(_, v)| !v));
}

use fleetscope_engines::puzzle::PuzzleModel;
use fleetscope_engines::puzzle::model::{Constraint, Fixed, Link};
use proptest::prelude::*;

/// Every assignment of a small model that keeps all its rules (brute force).
fn brute_force(m: &PuzzleModel) -> Vec<Vec<bool>> {
    let n = m.rows * m.cols;
    (0u32..1 << n)
        .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<bool>>())
        .filter(|x| {
            m.fixed.iter().all(|f| x[f.cell] == f.value)
                && m.links.iter().all(|l| (x[l.a] != x[l.b]) == l.opposite)
                && m.constraints.iter().all(|c| match c {
                    Constraint::Sum { terms, lo, hi, .. } => {
                        let s: i64 = terms.iter().filter(|(c, _)| x[*c]).map(|(_, w)| w).sum();
                        *lo <= s && s <= *hi
                    }
                    Constraint::NotBoth { a, b, .. } => !(x[*a] && x[*b]),
                })
        })
        .collect()
}

type SumSpec = (Vec<usize>, bool, i64, i64);

/// A model on 2×3 (`small`: overlapping groups are common) or 3×4 cells.
fn model_of(
    small: bool,
    sums: &[SumSpec],
    pairs: &[(usize, usize)],
    links: &[(usize, usize, bool)],
    fixed: &[(usize, bool)],
) -> PuzzleModel {
    let (rows, cols) = if small { (2, 3) } else { (3, 4) };
    let n = rows * cols;
    let mut m = PuzzleModel::new(rows, cols, "mark");
    for (k, (cells, unit, lo, span)) in sums.iter().enumerate() {
        let mut cells: Vec<usize> = cells.iter().map(|c| c % n).collect();
        cells.sort_unstable();
        cells.dedup();
        let terms: Vec<(usize, i64)> = cells
            .iter()
            .map(|&c| (c, if *unit { 1 } else { 1 + (c as i64 * 7 + k as i64) % 5 }))
            .collect();
        m.constraints.push(Constraint::Sum {
            terms,
            lo: *lo,
            hi: lo + span,
            what: format!("group {}", k + 1),
        });
    }
    for (a, b) in pairs.iter().map(|(a, b)| (a % n, b % n)).filter(|(a, b)| a != b) {
        m.constraints.push(Constraint::NotBoth {
            a,
            b,
            weight: 1.0,
            why: "clash",
        });
    }
    for (a, b, opposite) in links
        .iter()
        .map(|&(a, b, o)| (a % n, b % n, o))
        .filter(|(a, b, _)| a != b)
    {
        m.links.push(Link { a, b, opposite });
    }
    for &(cell, value) in fixed {
        m.fixed.push(Fixed {
            cell: cell % n,
            value,
            why: "given",
        });
    }
    m
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]
    /// On random small models, each deduction agrees with every solution found
    /// by brute force, and a solved ladder ends on the only solution.
    #[test]
    fn deductions_agree_with_every_brute_force_solution(
        small in any::<bool>(),
        sums in proptest::collection::vec(
            (proptest::collection::vec(0usize..12, 1..6), any::<bool>(), 0i64..6, 0i64..2), 1..6),
        pairs in proptest::collection::vec((0usize..12, 0usize..12), 0..4),
        links in proptest::collection::vec((0usize..12, 0usize..12, any::<bool>()), 0..3),
        fixed in proptest::collection::vec((0usize..12, any::<bool>()), 0..3),
    ) {
        let m = model_of(small, &sums, &pairs, &links, &fixed);
        let solutions = brute_force(&m);
        let ex = deduce::explain(&m);
        if solutions.is_empty() {
            // No solution: the ladder may not claim one.
            prop_assert!(!ex.solved || deduce::start(&m).is_err());
            return Ok(());
        }
        for s in &ex.steps {
            for &(cell, v) in &s.decided {
                for sol in &solutions {
                    prop_assert_eq!(sol[cell], v, "step '{}' decides cell {} wrongly", s.sentence, cell);
                }
            }
        }
        prop_assert!(ex.broken.is_none(), "a solvable model reported broken: {:?}", ex.broken);
        if ex.solved {
            prop_assert_eq!(solutions.len(), 1);
            let end: Vec<bool> = ex.end.iter().map(|v| v.unwrap()).collect();
            prop_assert_eq!(&end, &solutions[0]);
        }
    }
}

fn unit_sum(cells: &[usize], lo: i64, hi: i64, what: &str) -> Constraint {
    Constraint::Sum {
        terms: cells.iter().map(|&c| (c, 1)).collect(),
        lo,
        hi,
        what: what.into(),
    }
}

fn first_step(m: &PuzzleModel) -> Option<deduce::Deduction> {
    match deduce::next_step(m, &deduce::start(m).unwrap(), deduce::TOP_TIER) {
        Step::Deduce(d) => Some(d),
        _ => None,
    }
}

/// Queens' "region in one row": the region's queen must be in row 1, so row
/// 1's other cell is empty; when the row could take a second mark, nothing follows.
#[test]
fn a_region_confined_to_a_row_empties_the_rest_of_the_row() {
    let mut m = PuzzleModel::new(2, 3, "queen");
    m.constraints.push(unit_sum(&[0, 1], 1, 1, "region A"));
    m.constraints.push(unit_sum(&[0, 1, 2], 1, 1, "row 1"));
    let d = first_step(&m).expect("a step");
    assert_eq!((d.rule, d.decided.clone()), (Rule::Confined, vec![(2, false)]));
    assert!(
        d.sentence
            .contains("Region A needs 1 more queen, and all its open cells lie in row 1"),
        "{}",
        d.sentence
    );
    // Row 1 may hold two: the region does not fill it, cell 3 stays open.
    m.constraints[1] = unit_sum(&[0, 1, 2], 1, 2, "row 1");
    assert!(first_step(&m).is_none_or(|d| !d.decided.contains(&(2, false))));
}

/// Only an assumption decides cell 0: a mark there starts a chain around a
/// ring of pairs (each pair holds one mark, clashing cells link the pairs)
/// that comes back to clash with it. No one step of tiers 1-2 sees it: every
/// pair's two cells rule out different cells, so nothing is covered.
#[test]
fn a_probe_decides_what_no_lower_tier_can() {
    let mut m = PuzzleModel::new(1, 8, "mark");
    for (k, pair) in [[0, 1], [2, 3], [4, 5], [6, 7]].iter().enumerate() {
        m.constraints.push(unit_sum(pair, 1, 1, &format!("pair {}", k + 1)));
    }
    for (a, b) in [(0, 2), (3, 4), (5, 6), (7, 0), (1, 3), (1, 4)] {
        m.constraints.push(Constraint::NotBoth {
            a,
            b,
            weight: 1.0,
            why: "clash",
        });
    }
    let state = deduce::start(&m).unwrap();
    assert_eq!(
        deduce::next_step(&m, &state, 2),
        Step::Stuck,
        "tiers 1 and 2 see nothing"
    );
    let d = first_step(&m).expect("a probe");
    assert_eq!((d.rule, d.decided.clone()), (Rule::Probe, vec![(0, false)]));
    let ex = deduce::explain(&m);
    assert!(ex.solved);
    assert_eq!(ex.grade, Grade::Hard);
}
