//! The properties the fuzz targets check, one function per engine file format, so that
//! `cargo test` replays seed files through the very checks that `cargo fuzz` runs
//! (the `fuzz/` crate's targets only call these). Each takes any bytes and panics
//! only when a property fails: bad input must be refused with a reason, never a panic.
//! The checks for session files, which need the app's `session`, are in the app crate's
//! `fuzz_checks`.

use crate::geometry::BinaryMatrix;
use crate::hardware::{Family, Topology, embed_problem, embedding_from_json};
use crate::puzzle::data::{DATA_SETS, read_record};
use crate::puzzle::{ExactRequest, Puzzle, QuboOptions};
use crate::qubo::{ModelFormat, QuboBuilder, read_bqm, write_bqm, write_bqm_labelled};
use crate::run::CancelFlag;
use std::time::Duration;

/// How long one exact solve may run inside a check, so that no input runs long.
const SOLVE_LIMIT: Duration = Duration::from_millis(100);

/// dimod's binary BQM files: any bytes are refused with a reason or read as a
/// model that writes (plain and labelled by index) and reads back the same.
pub fn check_bqm(data: &[u8]) {
    if let Ok(file) = read_bqm(data) {
        let back = read_bqm(&write_bqm(&file.qubo)).expect("a written model reads");
        assert_eq!(back.qubo, file.qubo);
        let labels: Vec<u32> = (0..file.qubo.len() as u32).map(|i| 2 * i + 7).collect();
        let back = read_bqm(&write_bqm_labelled(&file.qubo, &labels)).expect("a labelled model reads");
        assert_eq!(back.qubo, file.qubo);
        assert_eq!(back.labels.len(), labels.len());
    }
}

/// Embeddings in minorminer's JSON: any text is refused with a reason or read
/// as chains; chains that fit a small model (3 variables) on Chimera C2 give an
/// embedded problem whose intact states carry the model's energy and unembed
/// to themselves with no broken chain.
pub fn check_embedding(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(chains) = embedding_from_json(text, 3) else {
        return;
    };
    let target = Topology::new(Family::parse("chimera:2").expect("a known family")).expect("Chimera C2 builds");
    let mut b = QuboBuilder::new(3);
    b.add_linear(0, 1.5);
    b.add_coupler(0, 1, -2.0);
    b.add_coupler(1, 2, 0.5);
    let q = b.build().expect("a three-variable model");
    if let Ok(p) = embed_problem(&q, &chains, &target, 1.25) {
        for x in [[0u8, 1, 1], [1, 0, 1], [1, 1, 1]] {
            let e = p.qubo.energy(&p.embed_state(&x));
            assert!((e - q.energy(&x)).abs() < 1e-9, "an intact state's energy changed");
            assert_eq!(p.unembed(&p.embed_state(&x)), (x.to_vec(), 0));
        }
    }
}

/// Puzzle text files, of any size up to 64×64: any text is refused with a
/// message or reads as a puzzle whose text form reads back the same; its
/// rules, checker, QUBO (up to 400 cells) and exact solver (a tenth of a second
/// at most) run without a panic, and every solution found passes the checker.
pub fn check_puzzle(data: &[u8]) {
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
    let clock = CancelFlag::new().with_time_limit(SOLVE_LIMIT);
    if let Ok(r) = p.solve_exact(ExactRequest::new(20, 3), &clock) {
        for m in &r.examples {
            assert!(
                p.violations(m).expect("checkable").is_empty(),
                "a solution breaks a rule"
            );
        }
    }
}

/// QUBO files (coo): any text is refused with a line number or reads as a model
/// that writes and reads back the same.
pub fn check_qubo_coo(data: &[u8]) {
    check_model_text("coo", data);
}

/// QUBO files (qbsolv's .qubo): any text is refused with a line number or reads
/// as a model that writes and reads back the same.
pub fn check_qubo_qbsolv(data: &[u8]) {
    check_model_text("qubo", data);
}

fn check_model_text(format: &str, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let format = ModelFormat::parse(format).expect("a known format");
    if let Ok(q) = format.read(text) {
        let back = format.read(&format.write(&q)).expect("a written model reads");
        assert_eq!(back, q);
    }
}

/// Published data-set records (what `puzzle import` and `bench puzzles` read):
/// the first byte picks the data set (its index in [`DATA_SETS`], modulo their
/// number), the rest is the line. A record is refused with a message or is a
/// valid puzzle whose text form reads back (what import writes) and whose
/// solution, when given, fits its board; the exact solver runs on it for a
/// tenth of a second at most.
pub fn check_records(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(line) = std::str::from_utf8(rest) else { return };
    let (set, _) = DATA_SETS[pick as usize % DATA_SETS.len()];
    let Ok(rec) = read_record(set, line) else { return };
    rec.puzzle.validate().expect("a record read is valid");
    rec.puzzle.to_checked_text().expect("what import writes reads back");
    if let Some(s) = &rec.solution {
        assert_eq!((s.rows(), s.cols()), rec.puzzle.size());
        let _ = rec
            .puzzle
            .violations(s)
            .expect("a solution of the right size is checkable");
    }
    let clock = CancelFlag::new().with_time_limit(SOLVE_LIMIT);
    let _ = rec.puzzle.solve_exact(ExactRequest::new(20, 1), &clock);
}
