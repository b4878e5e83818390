//! Published data-set records (what `puzzle import` and `bench puzzles`
//! read): the first byte picks the data set, the rest is the line. A record is
//! refused with a message or is a valid puzzle whose text form reads back
//! (what import writes) and whose solution, when given, fits its board; the
//! exact solver runs on it within a tenth of a second.
#![no_main]
use fleetscope_engines::puzzle::ExactRequest;
use fleetscope_engines::puzzle::data::{DATA_SETS, read_record};
use fleetscope_engines::run::CancelFlag;
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(line) = std::str::from_utf8(rest) else { return };
    let (set, _) = DATA_SETS[pick as usize % DATA_SETS.len()];
    let Ok(rec) = read_record(set, line) else { return };
    rec.puzzle.validate().expect("a record read is valid");
    rec.puzzle.to_checked_text().expect("what import writes reads back");
    if let Some(s) = &rec.solution {
        assert_eq!((s.rows(), s.cols()), rec.puzzle.size());
        let _ = rec.puzzle.violations(s).expect("a solution of the right size is checkable");
    }
    let clock = CancelFlag::new().with_time_limit(Duration::from_millis(100));
    let _ = rec.puzzle.solve_exact(ExactRequest::new(20, 1), &clock);
});
