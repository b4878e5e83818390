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

/// Every option that takes a value takes a negative number as its value (the
/// option's own check then says what it may be), and every option taking
/// text takes a range or list starting with a hyphen; clap must never read
/// `-1` as an unknown option.
#[test]
fn negative_values_are_values_for_every_option() {
    use clap::error::ErrorKind;
    fn walk(cmd: &clap::Command, path: &mut Vec<String>, seen: &mut usize) {
        for arg in cmd.get_arguments() {
            let Some(long) = arg.get_long() else { continue };
            if !arg.get_action().takes_values() {
                continue;
            }
            for value in ["-1", "-1..3", "-1,2"] {
                let text = arg.get_value_parser().type_id() == std::any::TypeId::of::<String>();
                if value != "-1" && !text {
                    continue;
                }
                let mut argv: Vec<String> = vec!["fleetscope".into()];
                argv.extend(path.iter().cloned());
                argv.push(format!("--{long}"));
                argv.push(value.into());
                if let Err(e) = fleetscope::cli::parse(&argv) {
                    assert_ne!(e.kind(), ErrorKind::UnknownArgument, "{argv:?}: {e}");
                }
                *seen += 1;
            }
        }
        for sub in cmd.get_subcommands() {
            path.push(sub.get_name().to_string());
            walk(sub, path, seen);
            path.pop();
        }
    }
    let mut seen = 0;
    walk(&fleetscope::cli::command(), &mut Vec::new(), &mut seen);
    assert!(seen > 100, "{seen} options tried");
}

/// A mistake on the command line is one line naming it.
#[test]
fn command_line_mistakes_are_one_line() {
    for (args, says) in [
        (
            vec!["puzzle", "generate", "--stars", "-1"],
            "--stars takes a whole number, 0 or more, not -1",
        ),
        (
            vec!["count", "classic", "--sizes", "-1..3"],
            "--sizes '-1..3' is not A..B",
        ),
        (vec!["count", "classic", "--sead", "3"], "unexpected argument '--sead'"),
        (vec!["count"], "not provided: <SOURCE>"),
    ] {
        let err = stderr_of(&args);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("fleetscope: ") && err.contains(says), "{args:?}: {err}");
    }
}

/// A model whose spins, converted to binary variables, sum to a term out of
/// range is refused naming the conversion, not a "line 0" the file lacks.
#[test]
fn a_converted_spin_model_names_the_conversion() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("spin.coo");
    std::fs::write(&p, "# vartype=SPIN\n0 1 6e14\n0 2 6e14\n").unwrap();
    let err = stderr_of(&["qubo", "stats", p.to_str().unwrap()]);
    assert!(!err.contains("line 0"), "{err}");
    assert!(err.contains("converted from spins"), "{err}");
}

/// An empty strategy list says it names none (and lists the names), instead
/// of quoting an empty name.
#[test]
fn an_empty_strategy_list_names_none() {
    for list in ["", " , "] {
        let err = stderr_of(&["bench", "hunt", "--strategies", list]);
        assert!(
            err.contains("--strategies names no strategy: all, or a list of random"),
            "{err}"
        );
        assert!(!err.contains("''") && !err.contains("' '"), "{err}");
    }
    let err = stderr_of(&["bench", "hunt", "--strategies", "random,,chess"]);
    assert!(err.contains("unknown strategy 'chess'"), "{err}");
}

/// Values that would be ignored, or make nonsense, are refused by name: no
/// shots, options of a mode not chosen, two modes, seeds that would wrap.
#[test]
fn values_that_would_be_ignored_are_refused() {
    let max = u64::MAX.to_string();
    for (args, says) in [
        (vec!["bench", "hunt", "--shots", "0"], "--shots must be 1 or more"),
        (
            vec!["bench", "hunt", "--strategies", "all", "--shots", "5"],
            "cannot be used with",
        ),
        (
            vec!["bench", "hunt", "--strategies", "all", "--repeats", "3"],
            "cannot be used with",
        ),
        (
            vec!["bench", "hunt", "--threads", "2", "--shots", "5"],
            "--threads goes with --strategies",
        ),
        (vec!["bench", "puzzles", "--generate", "--grade"], "cannot be used with"),
        (vec!["bench", "puzzles", "--grade", "--repair"], "cannot be used with"),
        (
            vec!["bench", "puzzles", "--generate", "--data", "x"],
            "cannot be used with",
        ),
        (
            vec!["bench", "puzzles", "--grade", "--placements", "--data", "x"],
            "cannot be used with",
        ),
        (
            vec!["bench", "puzzles", "--runs", "3", "--queens"],
            "--runs goes with --generate",
        ),
        (
            vec!["bench", "embed", "--seed", &max, "--fleets", "2", "--sets", "xray"],
            "the seeds would run past the largest",
        ),
        (
            vec!["bench", "anneal", "--seed", &max, "--fleets", "2"],
            "the seeds would run past the largest",
        ),
        (
            vec!["bench", "hunt", "--seed", &max, "--games", "2"],
            "the seeds would run past the largest",
        ),
    ] {
        let err = stderr_of(&args);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
