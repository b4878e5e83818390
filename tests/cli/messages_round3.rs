//! The third round of messages: options a benchmark would ignore refused up
//! front, each list joined one way, every parse error with its line, and
//! what was said in code or in the wrong number said plainly.

use crate::common::*;
use std::fs;

/// Runs a command expected to fail with bad input; its one-line error.
fn refused(args: &[&str]) -> String {
    let out = fleetscope(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    err
}

fn stdout(args: &[&str]) -> String {
    let out = fleetscope(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn example(name: &str) -> String {
    format!("{}/puzzles/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn one_queen() -> String {
    format!(
        "{}/tests/data/regressions/formats/one_queen",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn bench_puzzles_refuses_what_its_run_would_ignore() {
    let data = one_queen();
    for (args, needle) in [
        (
            vec!["--grade", "--solvers", "exact", "--data", &data],
            "--solvers would be ignored",
        ),
        (
            vec!["--repair", "--budget", "1", "--data", &data],
            "--budget would be ignored",
        ),
        (
            vec!["--placements", "--solvers", "exact", "--data", &data],
            "--placements would be ignored",
        ),
        (
            vec!["--diagonal-penalty", "2", "--solvers", "exact", "--data", &data],
            "--diagonal-penalty would be ignored",
        ),
        (
            vec!["--exact-limit", "5", "--solvers", "sa", "--data", &data],
            "--exact-limit would be ignored",
        ),
        (
            vec!["--tenure", "3", "--solvers", "exact,sa", "--data", &data],
            "--tenure would be ignored",
        ),
        (
            vec!["--solvers", "exact,exact", "--data", &data],
            "--solvers names exact twice",
        ),
        (vec!["--generate", "--only", ""], "--only names no case"),
        (vec!["--generate", "--only", " "], "--only names no case"),
        // A tenure no puzzle of the run can take is refused before any work,
        // naming the puzzle (it failed once per puzzle, counted as failed).
        (
            vec!["--tenure", "3", "--solvers", "tabu", "--data", &data],
            "queens_levels.jsonl:1 (one) has 1 variable",
        ),
        (vec!["--tenure", "100000", "--queens"], "--tenure 100000"),
    ] {
        let mut all = vec!["bench", "puzzles"];
        all.extend(&args);
        let err = refused(&all);
        assert!(err.contains(needle), "{all:?}: expected '{needle}' in: {err}");
    }
    // The cases --only can name are listed once each.
    let err = refused(&["bench", "puzzles", "--generate", "--only", "zzz"]);
    assert!(!err.contains("queens; queens;"), "{err}");
    assert_eq!(err.matches("regions of any shape").count(), 2, "{err}");
}

/// The seeds of each set of bench embed are checked under the option that
/// sized the set.
#[test]
fn bench_embed_blames_the_option_whose_seeds_wrap() {
    let max = u64::MAX.to_string();
    let err = refused(&["bench", "embed", "--seed", &max, "--fleets", "2"]);
    assert!(err.contains("--seed 18446744073709551615 with --fleets 2"), "{err}");
    // Two fleets fit below the largest seed; the default ten random graphs do not.
    let near = (u64::MAX - 1).to_string();
    let err = refused(&["bench", "embed", "--seed", &near, "--fleets", "2"]);
    assert!(err.contains("with --random 10"), "{err}");
    let folder = format!("{}/puzzles", env!("CARGO_MANIFEST_DIR"));
    let err = refused(&[
        "bench",
        "embed",
        "--seed",
        &near,
        "--sets",
        "puzzles",
        "--puzzles",
        &folder,
    ]);
    assert!(err.contains("puzzles in --puzzles"), "{err}");
}

/// Decided cells are listed as every list is: "a; b and c" (cells carry
/// their own commas), and a list cut short ends "and N more".
#[test]
fn explain_and_hint_lists_are_joined_one_way() {
    let out = stdout(&["puzzle", "explain", &example("tents-6.txt")]);
    assert!(!out.contains("=0 row") && !out.contains("=1 row"), "{out}");
    assert!(
        out.contains("(row 2, col 2=0; row 2, col 3=0 and row 2, col 5=0)"),
        "{out}"
    );
    let hint = stdout(&["puzzle", "hint", &example("tents-6.txt")]);
    assert!(!hint.contains("=0 row") && !hint.contains("=1 row"), "{hint}");

    // Four marks no solution has: three named, the fourth counted.
    let dir = tempfile::tempdir().unwrap();
    let answer = dir.path().join("answer.txt");
    fs::write(&answer, "10001?\n1?0??1\n?0?1??\n1???1?\n1??1??\n1?1??0\n").unwrap();
    let out = stdout(&[
        "puzzle",
        "hint",
        &example("takuzu-6.txt"),
        "--answer",
        answer.to_str().unwrap(),
    ]);
    assert!(
        out.contains("Your 0 at row 1, col 3; your 1 at row 2, col 1; your 1 at row 4, col 1 and 1 more are not"),
        "{out}"
    );
}

#[test]
fn every_parse_error_names_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let takuzu = fs::read_to_string(example("takuzu-6.txt")).unwrap();
    let chess = fs::read_to_string(example("chess-coloured-4.txt")).unwrap();
    let tents = fs::read_to_string(example("tents-6.txt")).unwrap();
    let battleship = fs::read_to_string(example("battleship-csp-report.txt")).unwrap();
    for (name, text, needle) in [
        (
            "takuzu.txt",
            takuzu.replace("..1..0", "..1..?"),
            "line 9: row 6 of `grid`: '?' is not 0, 1 or .",
        ),
        (
            "chess.txt",
            chess.replace("NNBB\nNNBB", "NNBB\nNN?B"),
            "line 9: row 4 of `pieces`: '?' is not Q, R, B, N, K or .",
        ),
        (
            "tents.txt",
            tents.replacen("....T.", "....?.", 1),
            "line 7: row 1 of `grid`: '?' is neither T",
        ),
        (
            "battleship.txt",
            battleship.replace("rows 2 1 2 3", "rows 2 1 2 3+"),
            "line 5: `rows`: '3+' is not a target",
        ),
        (
            "battleship-touch.txt",
            battleship.replace("touch allowed", "touch sometimes"),
            "line 7: `touch` is allowed or forbidden",
        ),
        (
            "chess-goal.txt",
            chess.replace("goal coloured", "goal most"),
            "line 4: `goal`",
        ),
    ] {
        let file = dir.path().join(name);
        fs::write(&file, &text).unwrap();
        let err = refused(&["puzzle", "solve", file.to_str().unwrap()]);
        assert!(err.contains(needle), "{name}: expected '{needle}' in: {err}");
    }
    // Every size written as numbers gets the range, however large or negative.
    for size in ["99999999999999999999x3", "-1x-1", "65x65", "0x4"] {
        let file = dir.path().join("size.txt");
        fs::write(&file, format!("queens {size}\n")).unwrap();
        let err = refused(&["puzzle", "solve", file.to_str().unwrap()]);
        assert!(
            err.contains(&format!("line 1: a {size} grid: each side must be 1 to 64")),
            "{err}"
        );
    }
}

#[test]
fn what_is_not_known_is_said_plainly() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("q.coo");
    for example_file in ["battleship-csp-report.txt", "chess-max-5.txt"] {
        let text = stdout(&[
            "puzzle",
            "qubo",
            &example(example_file),
            "-o",
            out.to_str().unwrap(),
            "--force",
        ]);
        assert!(!text.contains("unknown"), "{text}");
        assert!(text.contains("no energy"), "{text}");
    }
    // The 64-queens on a torus has no solution (64 is even); the clock stops
    // the search long before it could show that.
    let torus = dir.path().join("torus.txt");
    fs::write(&torus, "n-queens 64x64\nwrap torus\n").unwrap();
    let text = stdout(&["puzzle", "solve", torus.to_str().unwrap(), "--time-limit", "0.2"]);
    assert!(text.contains("no solution found in"), "{text}");
    assert!(!text.contains("at least 0"), "{text}");
}

#[test]
fn counts_and_limits_agree_with_the_help() {
    let err = refused(&["xray", "stealth", "--keep", "0", "--moves", "10"]);
    assert!(err.contains("--keep must be 1 to 1000, not 0"), "{err}");
    refused(&["xray", "stealth", "--keep", "1001", "--moves", "10"]);
    // Every engine the error offers is one the help names.
    let err = refused(&["count", "classic", "--engine", "bogus"]);
    let list = err.split("(expected ").nth(1).unwrap().trim_end().trim_end_matches(')');
    let help = stdout(&["count", "--help"]);
    for name in list.split(", ") {
        assert!(help.contains(name), "count --help does not name '{name}': {help}");
    }
}

#[test]
fn counts_of_one_are_singular_round_3() {
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("one.ron");
    let text = stdout(&["new-session", session.to_str().unwrap(), "classic"]);
    assert!(text.contains("(1 setup)"), "{text}");
    let text = stdout(&["xray", "all", "--rows", "1", "--cols", "1", "--ships", "1"]);
    assert!(text.contains("1 matrix with"), "{text}");
    assert!(text.contains("1 of them is a fleet"), "{text}");
    let text = stdout(&[
        "solve", "--rows", "1", "--cols", "1", "--solver", "tabu", "--reads", "1",
    ]);
    assert!(text.contains(": 1 read in"), "{text}");
    // An answer row of one cell where the puzzle has six columns.
    let answer = dir.path().join("a.txt");
    fs::write(&answer, "1\n0\n1\n0\n1\n0\n").unwrap();
    let out = fleetscope(&["puzzle", "check", &example("takuzu-6.txt"), answer.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("1 cell, the puzzle has 6 columns"), "{err}");
}
