//! Generators: every generated puzzle is unique by an independent brute
//! force (every permutation of queens), has the grade asked for, and the same
//! seed gives the same puzzle.

use crate::generate_families::made;
use fleetscope_engines::puzzle::Puzzle;
use fleetscope_engines::puzzle::deduce::Grade;
use fleetscope_engines::puzzle::generate::{GenerateRequest, Recipe, generate};
use fleetscope_engines::run::CancelFlag;

/// LinkedIn Queens solutions by brute force: every permutation (a queen per
/// row and column), one per region, no two in neighbouring rows touching.
fn brute_force_queens(n: usize, regions: &[u16]) -> usize {
    fn go(r: usize, n: usize, regions: &[u16], cols: &mut Vec<usize>, count: &mut usize) {
        if r == n {
            let mut seen = vec![false; n];
            for (row, &c) in cols.iter().enumerate() {
                let k = regions[row * n + c] as usize;
                if k >= n || std::mem::replace(&mut seen[k], true) {
                    return;
                }
            }
            *count += 1;
            return;
        }
        for c in 0..n {
            if cols.contains(&c) || cols.last().is_some_and(|&p| p.abs_diff(c) <= 1) {
                continue;
            }
            cols.push(c);
            go(r + 1, n, regions, cols, count);
            cols.pop();
        }
    }
    let mut count = 0;
    go(0, n, regions, &mut Vec::new(), &mut count);
    count
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
        let Puzzle::Queens(q) = made(Recipe::Queens, size, grade, seed) else {
            panic!("queens")
        };
        assert_eq!(
            brute_force_queens(size, &q.regions),
            1,
            "{size} {grade:?}: unique by brute force"
        );
    }
}

#[test]
fn generator_requests_out_of_range_are_refused_with_the_reason() {
    let cancel = CancelFlag::new();
    let req = |size, grade, max_tries| GenerateRequest {
        recipe: Recipe::Queens,
        size,
        grade,
        seed: 0,
        max_tries,
    };
    assert!(
        generate(&req(3, Grade::Easy, 10), &cancel, &|_| {})
            .unwrap_err()
            .contains("side")
    );
    assert!(
        generate(&req(99, Grade::Easy, 10), &cancel, &|_| {})
            .unwrap_err()
            .contains("side")
    );
    assert!(
        generate(&req(6, Grade::NeedsSearch, 10), &cancel, &|_| {})
            .unwrap_err()
            .contains("graded")
    );
    assert!(
        generate(&req(6, Grade::Easy, 0), &cancel, &|_| {})
            .unwrap_err()
            .contains("tries")
    );
}
