//! The second hardening round: puzzle texts, data-set records, model files,
//! long solves and what commands write. One file per reproduced failure in
//! `tests/data/regressions/formats`, each run through the command that broke.

use crate::common::*;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn formats() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/regressions/formats")
}

fn file(name: &str) -> String {
    formats().join(name).to_string_lossy().into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Exit code 2 and one line naming `needle`.
fn refused(args: &[&str], needle: &str) -> String {
    let out = fleetscope(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: expected '{needle}' in: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    err
}

/// Runs the binary, killing it (and failing) if it has not ended after `limit`:
/// a hang is the failure, not a slow run.
fn within(args: &[&str], limit: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fleetscope"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("{args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn one_by_one_puzzles_solve() {
    for name in ["queens_1x1.txt", "star_battle_1x1.txt"] {
        let out = fleetscope(&["puzzle", "solve", &file(name)]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        assert!(stdout(&out).contains("1 solution (unique)"), "{name}: {}", stdout(&out));
    }
}

#[test]
fn a_data_set_of_one_tiny_record_benches_at_once() {
    // It panicked, then waited out the whole --exact-limit for its watchdog.
    let data = file("one_queen");
    let out = within(
        &[
            "bench",
            "puzzles",
            "--data",
            &data,
            "--solvers",
            "exact",
            "--exact-limit",
            "600",
        ],
        Duration::from_secs(60),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("success 100.0 %"), "{}", stdout(&out));
}

#[test]
fn invalid_records_are_refused_by_import_and_skipped_by_bench_with_their_line() {
    let bs = file("records/battleships_janko.jsonl");
    for (line, needle) in [
        ("1", ":1: trillion: 1000000000000 ships: at most 512"),
        ("2", ":2: two-to-63: 9223372036854775808 ships: at most 512"),
        ("3", "huge-board: board size 100000×100000 is out of range"),
        // Counted from 1, as every family counts.
        ("4", "given-off: given (6, 1) is off the board"),
    ] {
        refused(&["puzzle", "import", &bs, line], needle);
    }
    let q = file("records/queens_levels.jsonl");
    refused(&["puzzle", "import", &q, "seventy-regions"], "70 regions: at most 62");
    refused(&["puzzle", "import", &q, "gap"], "region b has no cell");
    let sb = file("records/starbattle_janko.jsonl");
    refused(
        &["puzzle", "import", &sb, "1"],
        "short-row: 3 region cells for a 2x2 board",
    );
    // What import writes reads back.
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("fine.txt");
    let out = fleetscope(&["puzzle", "import", &bs, "fine", "-o", out_path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let solved = fleetscope(&["puzzle", "solve", out_path.to_str().unwrap()]);
    assert!(solved.status.success(), "{}", stderr(&solved));
    // The bench goes on past every bad record, naming file and line.
    let out = fleetscope(&["bench", "puzzles", "--data", &file("records"), "--solvers", "exact"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    for needle in [
        "battleships_janko.jsonl:1: skipped: trillion",
        "battleships_janko.jsonl:3: skipped: huge-board",
        "queens_levels.jsonl:2: skipped: gap",
        "starbattle_janko.jsonl:1: skipped: short-row",
    ] {
        assert!(err.contains(needle), "expected '{needle}' in: {err}");
    }
    assert!(err.contains("rullo_small.jsonl:1: skipped: huge-target"), "{err}");
    let summary = stdout(&out);
    assert_eq!(summary.matches("1 puzzle: success 100.0 %").count(), 2, "{summary}");
    // The relabelled 2×2 has no solution (its stars touch): read, solved, failed.
    assert!(
        summary.contains("Star Battle  exact     2 puzzles: success  50.0 %"),
        "{summary}"
    );
    assert!(
        summary.contains("Rullo        exact     0 puzzles (every record was skipped)"),
        "{summary}"
    );

    // A set that is not UTF-8, and a folder named like a set: each skipped with its
    // reason, and the other sets still run.
    let data = tempfile::tempdir().unwrap();
    std::fs::copy(
        file("records/queens_levels.jsonl"),
        data.path().join("queens_levels.jsonl"),
    )
    .unwrap();
    std::fs::write(data.path().join("rullo_small.jsonl"), b"{\"id\": \"\xff\"}\n").unwrap();
    std::fs::create_dir(data.path().join("tents_janko.jsonl")).unwrap();
    let out = fleetscope(&[
        "bench",
        "puzzles",
        "--data",
        data.path().to_str().unwrap(),
        "--solvers",
        "exact",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("Rullo: skipped:"), "{err}");
    assert!(err.contains("tents_janko.jsonl: skipped: not a regular file"), "{err}");
    assert!(stdout(&out).contains("Queens"), "{}", stdout(&out));
}

#[test]
fn coefficients_are_finite_and_bounded_everywhere() {
    refused(
        &["solve", &file("sum_to_inf.coo")],
        "coefficients must be finite numbers of size at most 1e15",
    );
    refused(&["qubo", "stats", &file("spin_huge.coo")], "at most 1e15");
    refused(
        &["solve", "heart", "--epsilon", "1e308"],
        "ε must be a number from 0 to 1e6",
    );
    refused(
        &["solve", "heart", "--epsilon", "NaN"],
        "ε must be a number from 0 to 1e6, not NaN",
    );
    refused(
        &["solve", "heart", "--pin-weight", "inf"],
        "the pin weight must be a number above 0 and at most 1e6",
    );
}

#[test]
fn the_exact_solver_honours_the_time_limit_and_says_what_it_found() {
    let b16 = file("binairo_16x16.txt");
    let out = within(
        &["puzzle", "solve", &b16, "--time-limit", "0.3"],
        Duration::from_secs(30),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("stopped by the time limit"), "{text}");
    assert!(text.contains("at least"), "{text}");
    let v = json_of(&["puzzle", "solve", &b16, "--time-limit", "0.3", "--json"]);
    assert_eq!(v["timed_out"], true, "{v}");
    assert_eq!(v["complete"], false, "{v}");
    assert_eq!(v["unique"], false, "{v}");
}

#[test]
fn battleship_stops_at_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("open.txt");
    // Ten submarines on an open 20×20 board: a great many solutions.
    let unknown = vec!["-"; 20].join(" ");
    std::fs::write(
        &p,
        format!("battleship 20x20\nships 1 1 1 1 1 1 1 1 1 1\nrows {unknown}\ncols {unknown}\n"),
    )
    .unwrap();
    let out = within(
        &["puzzle", "solve", p.to_str().unwrap(), "--limit", "3", "--json"],
        Duration::from_secs(60),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["solutions"], 3, "{v}");
    assert_eq!(v["complete"], false, "{v}");
}

#[test]
fn a_large_model_caps_the_default_tabu_work_and_says_so() {
    let out = within(
        &[
            "solve",
            &file("tabu_65536.coo"),
            "--solver",
            "tabu",
            "--reads",
            "1",
            "--restarts",
            "0",
            "--threads",
            "1",
        ],
        Duration::from_secs(120),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("note: tabu: 100000000 flip evaluations per search"),
        "{err}"
    );
}

#[test]
fn the_tabu_default_fits_tiny_puzzles() {
    let out = fleetscope(&[
        "puzzle",
        "solve",
        &file("binairo_2x2.txt"),
        "--solver",
        "tabu",
        "--reads",
        "5",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("solved: yes"), "{}", stdout(&out));
}

/// Ctrl+C stops the exact solvers on boards far too large to finish: the
/// N-queens bitset counter, and the model search while it probes (toroidal
/// N-queens goes there; its probing took 10–16 s to look at the flag).
#[test]
#[allow(unsafe_code)] // libc's kill, to send Ctrl+C
fn ctrl_c_stops_the_exact_solvers_on_a_large_board() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("nq64.txt", "n-queens 64x64\n"),
        ("nq64-torus.txt", "n-queens 64x64\nwrap torus\n"),
    ] {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_fleetscope"))
            .args(["puzzle", "solve", p.to_str().unwrap()])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(1000));
        let sent = Instant::now();
        // SAFETY: sends SIGINT to our own child process.
        assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
        let out = child.wait_with_output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(err.trim_end().ends_with("cancelled"), "{name}: {err}");
        // A generous bound against a build under load.
        assert!(sent.elapsed() < Duration::from_secs(5), "{name}: {:?}", sent.elapsed());
    }
}

/// Ctrl+C on a large model before any read finished: the sweep in hand stops
/// at once, and the report says the reads were cut by Ctrl+C (not by a time
/// limit that was never set).
#[test]
fn ctrl_c_stops_sampling_a_large_model_and_says_why_nothing_finished() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("chain.coo");
    let n = 200_000;
    let mut text = String::new();
    for i in 0..n {
        text += &format!("{i} {i} {}\n", if i % 3 == 0 { -1 } else { 1 });
        if i + 1 < n {
            text += &format!("{i} {} {}\n", i + 1, if i % 2 == 0 { 2 } else { -1 });
        }
    }
    std::fs::write(&p, text).unwrap();
    for (solver, length) in [("sa", "--sweeps"), ("tabu", "--restarts")] {
        let args = [
            "solve",
            p.to_str().unwrap(),
            "--solver",
            solver,
            "--reads",
            "8",
            length,
            "100000",
        ];
        let (out, took) = interrupted(&args, Duration::from_millis(2500));
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{solver}: {err}");
        assert!(err.trim_end().ends_with("cancelled"), "{solver}: {err}");
        if solver == "sa" {
            assert!(
                stdout(&out).contains("no read finished before Ctrl+C"),
                "{}",
                stdout(&out)
            );
        }
        // A hang guard, generous for a loaded machine.
        assert!(took < Duration::from_secs(5), "{solver}: {took:?} after Ctrl+C");
    }
}

#[test]
fn outputs_are_never_the_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.txt");
    std::fs::write(&p, "n-queens 4x4\n").unwrap();
    let ps = p.to_str().unwrap();
    refused(&["puzzle", "qubo", ps, "-o", ps], "it is the input");
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "n-queens 4x4\n");
    let data = dir.path().join("queens_levels.jsonl");
    std::fs::copy(formats().join("one_queen/queens_levels.jsonl"), &data).unwrap();
    let ds = data.to_str().unwrap();
    refused(&["puzzle", "import", ds, "1", "-o", ds], "it is the input");
    // Through a link too.
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink(&p, &link).unwrap();
    refused(&["puzzle", "qubo", ps, "-o", link.to_str().unwrap()], "it is the input");
}

#[test]
fn a_model_of_the_most_variables_is_written_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("last.coo");
    std::fs::write(&src, "1048575 1048575 1\n").unwrap();
    let out_path = dir.path().join("out.coo");
    let out = fleetscope(&[
        "qubo",
        "export",
        src.to_str().unwrap(),
        "-o",
        out_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stats = fleetscope(&["qubo", "stats", out_path.to_str().unwrap()]);
    assert!(stats.status.success(), "{}", stderr(&stats));
    assert!(stdout(&stats).contains("1048576"), "{}", stdout(&stats));
}

#[test]
fn messages_quote_short_escaped_excerpts() {
    let err = refused(&["puzzle", "solve", &file("escape_sequence.txt")], "is not a count");
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("\\u{1b}"), "{err:?}");
    // A file of carriage returns reads line by line.
    let out = fleetscope(&["puzzle", "solve", &file("cr_only.txt")]);
    assert!(out.status.success(), "{}", stderr(&out));
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("token.txt");
    std::fs::write(&p, format!("queens 2x2\nrows 1 {}\n", "x".repeat(1_000_000))).unwrap();
    let err = refused(&["puzzle", "solve", p.to_str().unwrap()], "is not a count");
    assert!(err.len() < 300, "{} bytes", err.len());
    refused(
        &["puzzle", "solve", &file("binairo_2x2.txt"), "--time-limit", "-1"],
        "the time limit must be in (0, 86400]",
    );
    refused(
        &["bench", "puzzles", "--data", &file("one_queen"), "--solvers", ",,,"],
        "--solvers names no solver",
    );
}

#[test]
#[allow(unsafe_code)] // libc's mkfifo
fn pipes_and_oversized_puzzles_are_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: creates a named pipe in our temp folder.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let out = within(&["puzzle", "solve", fifo.to_str().unwrap()], Duration::from_secs(30));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("not a regular file"), "{}", stderr(&out));
    let big = dir.path().join("big.txt");
    std::fs::write(&big, format!("queens 2x2\n{}", "rows 1 1\n".repeat(200_000))).unwrap();
    refused(
        &["puzzle", "solve", big.to_str().unwrap()],
        "a puzzle text has at most 1048576",
    );
}
