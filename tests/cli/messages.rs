//! What the command line says about bad input: one short line naming what was
//! wrong, whatever the input held.

use crate::common::*;

fn stderr_of(args: &[&str]) -> String {
    let out = fleetscope(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A path with a line break is named on one line, the break escaped (in
/// errors and in "wrote …" lines alike).
#[test]
fn a_path_with_a_line_break_stays_on_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no\nsuch.txt");
    let err = stderr_of(&["puzzle", "solve", missing.to_str().unwrap()]);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("no\\u{a}such.txt"), "{err}");
    let err = stderr_of(&["count", "no\nsuch"]);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    let out_file = dir.path().join("a\nb.coo");
    let takuzu = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/takuzu-6.txt");
    let out = fleetscope(&[
        "puzzle",
        "qubo",
        takuzu,
        "--format",
        "coo",
        "-o",
        out_file.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(said.trim_end().lines().count(), 1, "{said}");
    assert!(said.contains("a\\u{a}b.coo"), "{said}");
}

/// A huge number is quoted as it was written short (1e300), not as its three
/// hundred digits.
#[test]
fn huge_numbers_are_quoted_short() {
    let takuzu = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/takuzu-6.txt");
    for args in [
        vec!["puzzle", "solve", takuzu, "--time-limit", "1e300"],
        vec!["puzzle", "generate", "--family", "tents", "--density", "1e300"],
        vec!["bench", "puzzles", "--budget", "1e300"],
    ] {
        let err = stderr_of(&args);
        assert!(err.contains("not 1e300"), "{err}");
        assert!(err.len() < 200, "{} bytes: {err}", err.len());
    }
}
