//! Every family at the edges of its size limits: 1×1, 1×n, n×1, 64×64 (the
//! limit) and one past it. A blank puzzle of an allowed size is valid, writes a
//! text that reads back, can be checked, and its exact solver and QUBO run
//! without a panic (the solver with a short time limit, stopping with what it
//! found); one past the limit is refused with a message naming the limit.

use fleetscope_engines::geometry::{BinaryMatrix, MAX_SIDE};
use fleetscope_engines::puzzle::{ExactRequest, FAMILIES, Puzzle, QuboOptions};
use fleetscope_engines::run::CancelFlag;
use std::time::Duration;

fn sizes() -> Vec<(usize, usize)> {
    let m = MAX_SIDE;
    vec![
        (1, 1),
        (1, 2),
        (2, 1),
        (1, 7),
        (7, 1),
        (1, m),
        (m, 1),
        (2, 2),
        (m, m),
        (m - 1, m),
    ]
}

#[test]
fn every_family_at_every_edge_size() {
    for (keyword, _) in FAMILIES.iter() {
        for (rows, cols) in sizes() {
            let what = format!("{keyword} {rows}x{cols}");
            let p = match Puzzle::blank(keyword, rows, cols) {
                Ok(p) => p,
                // Some families need a square board (Queens' regions, N-queens).
                Err(e) => {
                    assert!(!e.is_empty() && !e.contains("panicked"), "{what}: {e}");
                    continue;
                }
            };
            assert_eq!(p.size(), (rows, cols), "{what}");
            p.validate()
                .unwrap_or_else(|e| panic!("{what}: a blank puzzle is invalid: {e}"));
            let text = p.to_checked_text().unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(Puzzle::parse(&text).unwrap(), p, "{what}");
            let _ = p.violations(&BinaryMatrix::zeros(rows, cols)).unwrap();
            let clock = CancelFlag::new().with_time_limit(Duration::from_millis(50));
            match p.solve_exact(ExactRequest::new(2, 1), &clock) {
                Ok(r) => {
                    for m in &r.examples {
                        assert!(p.violations(m).unwrap().is_empty(), "{what}: a solution breaks a rule");
                    }
                }
                Err(e) => panic!("{what}: the exact solver failed: {e}"),
            }
            if rows * cols <= 64 {
                let _ = p.qubo(QuboOptions::default());
            }
        }
        for (rows, cols) in [(MAX_SIDE + 1, 1), (1, MAX_SIDE + 1), (0, 3), (3, 0)] {
            let e = Puzzle::blank(keyword, rows, cols).expect_err("past the limit");
            assert!(
                e.contains(&MAX_SIDE.to_string()) || e.contains("1 to") || e.contains("square"),
                "{keyword} {rows}x{cols}: {e}"
            );
        }
    }
}
