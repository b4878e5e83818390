//! Puzzle text files, of any size up to 64×64: any text is refused with a
//! message or reads as a puzzle whose text form reads back the same; its
//! rules, checker, QUBO (up to 400 cells) and exact solver (with a time limit
//! of a tenth of a second, so no input runs long) run without a panic, and
//! every solution found passes the checker.
#![no_main]
use fleetscope_engines::geometry::BinaryMatrix;
use fleetscope_engines::puzzle::{ExactRequest, Puzzle, QuboOptions};
use fleetscope_engines::run::CancelFlag;
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(p) = Puzzle::parse(text) else { return };
    let back = Puzzle::parse(&p.to_text()).expect("a written puzzle reads");
    assert_eq!(back, p);
    p.to_checked_text().expect("a valid puzzle's text reads back");
    let (rows, cols) = p.size();
    let _ = p.violations(&BinaryMatrix::zeros(rows, cols));
    if rows * cols <= 400 {
        let _ = p.qubo(QuboOptions::default());
    }
    let clock = CancelFlag::new().with_time_limit(Duration::from_millis(100));
    if let Ok(r) = p.solve_exact(ExactRequest::new(20, 3), &clock) {
        for m in &r.examples {
            assert!(p.violations(m).expect("checkable").is_empty(), "a solution breaks a rule");
        }
    }
});
