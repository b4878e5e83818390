//! Puzzle text files: any text is refused with a message or reads as a puzzle
//! whose text form reads back the same; its rules, checker, QUBO and (on small
//! boards) exact solver run without a panic, and every solution found passes
//! the checker.
#![no_main]
use fleetscope_engines::geometry::BinaryMatrix;
use fleetscope_engines::puzzle::{ExactRequest, Puzzle, QuboOptions};
use fleetscope_engines::run::CancelFlag;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(p) = Puzzle::parse(text) else { return };
    let back = Puzzle::parse(&p.to_text()).expect("a written puzzle reads");
    assert_eq!(back, p);
    if p.validate().is_err() {
        return;
    }
    let (rows, cols) = p.size();
    let _ = p.violations(&BinaryMatrix::zeros(rows, cols));
    if rows * cols <= 36 {
        let _ = p.qubo(QuboOptions::default());
        let req = ExactRequest::new(20, 3);
        if let Ok(r) = p.solve_exact(req, &CancelFlag::new()) {
            for m in &r.examples {
                assert!(p.violations(m).expect("checkable").is_empty(), "a solution breaks a rule");
            }
        }
    }
});
