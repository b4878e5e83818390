//! Bad input never crashes, hangs or damages a file: the regression folder
//! (`tests/data/regressions`, one small file per reproduced failure), bad command
//! lines, file-system edge cases, and a property test over thousands of mutated
//! session files.

use crate::common::*;
use fleetscope::cover::{CountRequest, Engine, count_deployments};
use fleetscope::geometry::TouchRule;
use fleetscope::run::CancelFlag;
use fleetscope::session::{self, Session, SessionError, parse_session};
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn regressions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/regressions")
}

/// Runs the CLI and expects exit code 2 with a one-line message containing `needle`.
fn refused(args: &[&str], needle: &str) {
    let out = fleetscope(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: expected '{needle}' in: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
}

/// What loading each regression file must give: `Ok(())` or an error containing the text.
fn expected(file: &str) -> Result<(), &'static str> {
    match file {
        "bom.ron" => Ok(()),
        "ones101.ron" | "ones130.ron" => Ok(()),
        "farhex.ron" => Err("line 1, column"),
        "wrap.ron" => Err("out of range"),
        "hitmiss.ron" => Err("marked both hit and miss"),
        "noversion.ron" => Err("missing field named `version` in `Session`"),
        "unknown_field.ron" => Err("field named `island` in `Board`"),
        "chess_region_gap.ron" => Err("region b has no cell"),
        "solver_nan_epsilon.ron" => Err("solver: ε must be a number from 0 to 1e6, not NaN"),
        "solver_bad_settings.ron" => Err("solver: tabu: tenure must be from 0 to 1,048,576, not 5,000,000"),
        "ship_off_board.ron" => Err("deployment: the Two: off the board at row 1, col 5"),
        "ship_overlap.ron" => Err("deployment: the One: overlaps the Two at row 2, col 3"),
        "ship_on_island.ron" => Err("deployment: the One: on an island at row 3, col 3"),
        "name_escape.ron" => Err("holds the control character \\u{1b}: names are plain text"),
        other => panic!("{other}: add what loading it must give to `expected`"),
    }
}

#[test]
fn every_regression_file_loads_or_is_refused_as_expected() {
    let mut seen = 0;
    for entry in std::fs::read_dir(regressions()).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            continue; // `formats/`: the other formats, in `hardening_formats.rs`
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        seen += 1;
        match (session::load(&path), expected(&name)) {
            (Ok(_), Ok(())) => {}
            (Err(e), Err(needle)) => {
                let text = e.to_string();
                assert!(text.contains(needle), "{name}: expected '{needle}' in: {text}");
                assert!(!text.contains("VersionProbe"), "{name}: internal name in: {text}");
            }
            (got, want) => panic!("{name}: expected {want:?}, got {got:?}"),
        }
    }
    assert!(seen >= 8, "only {seen} regression files");
}

fn count_file(file: &str) -> Result<fleetscope::cover::CountResult, String> {
    let s = session::load(&regressions().join(file)).unwrap();
    let setup = s.setup();
    let req = CountRequest {
        engine: Engine::Auto,
        threads: 1,
        rule: TouchRule::MayTouch,
        observations: setup.observations.clone(),
    };
    count_deployments(&setup.board, &setup.fleet, &req, &CancelFlag::new(), &|_| {}).map_err(|e| e.to_string())
}

#[test]
fn more_ship_cells_than_free_cells_is_zero_at_once() {
    let r = count_file("ones101.ron").unwrap();
    assert_eq!((r.labelled, r.distinct_layouts), (0, 0));
    assert!(r.note.unwrap().contains("101 cells but only 100"));
}

#[test]
fn a_count_beyond_128_bits_is_an_error_not_a_crash() {
    // 130 one-cell ships on 12×12: 144!/14! labelled deployments, far beyond u128.
    let e = count_file("ones130.ron").unwrap_err();
    assert!(e.contains("128 bits"), "{e}");
}

#[test]
fn out_of_range_coordinates_name_their_position() {
    let text = std::fs::read_to_string(regressions().join("wrap.ron")).unwrap();
    match parse_session(&text, "wrap") {
        Err(SessionError::Syntax { line, col, message, .. }) => {
            assert_eq!(line, 1);
            assert!(col > 1);
            assert!(message.contains("2147483647"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_command_lines_are_refused_with_one_line() {
    refused(
        &["xray", "walk", "csp-sample-4x4", "--k", "18446744073709551615"],
        "--k",
    );
    refused(&["xray", "walk", "csp-sample-4x4", "--k", "0"], "--k");
    refused(&["count", "classic", "--threads", "100000"], "threads");
    refused(
        &["bench", "puzzles", "--data", ".", "--diagonal-penalty", "nan"],
        "--diagonal-penalty must be in (0, 1e6], not NaN",
    );
    refused(
        &["bench", "puzzles", "--data", ".", "--tenure", "18446744073709551615"],
        "--tenure: tenure must be from 0 to 1,048,576, not 18,446,744,073,709,551,615",
    );
    refused(
        &["bench", "hunt", "--boards", "classic", "--repeats", "0"],
        "--repeats must be from 1 to 25, not 0",
    );
    refused(&["xray", "all", "--limit", "18446744073709551615"], "--limit");
    refused(&["xray", "stats", "--n", "0"], "--n");
    refused(&["xray", "of", "classic"], "no ship of");
    refused(&["show", "/dev/null"], "/dev/null");
    let farhex = regressions().join("farhex.ron");
    refused(&["show", farhex.to_str().unwrap()], "out of range");
}

#[test]
fn saving_refuses_non_files_and_writes_through_symlinks() {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};
    let dir = tempfile::tempdir().unwrap();
    let session = Session::with_setup(fleetscope::presets::load("classic").unwrap().unwrap());

    // A socket is not a regular file: refused, left as it was.
    let socket = dir.path().join("socket.ron");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let e = session::save(&socket, &session).unwrap_err().to_string();
    assert!(e.contains("not a regular file"), "{e}");
    assert!(std::fs::metadata(&socket).unwrap().file_type().is_socket());

    // A symlink stays a symlink; its target gets the session and keeps mode 600.
    let target = dir.path().join("target.ron");
    std::fs::write(&target, "old").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).unwrap();
    let link = dir.path().join("link.ron");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    session::save(&link, &session).unwrap();
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::metadata(&target).unwrap().permissions().mode() & 0o777, 0o600);
    assert_eq!(session::load(&target).unwrap(), session);

    // The CLI refuses a device even with --force (a character device that is safe to name).
    refused(
        &["new-session", "/dev/zero", "classic", "--force"],
        "not a regular file",
    );
}

#[test]
fn stale_temp_files_of_dead_saves_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.ron");
    // A process that has exited: its PID names a dead writer.
    let mut child = Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let stale = dir.path().join(format!(".s.ron.tmp-{dead}"));
    let live = dir.path().join(format!(".s.ron.tmp-{}", std::process::id()));
    let other = dir.path().join(format!(".other.ron.tmp-{dead}"));
    for f in [&stale, &live, &other] {
        std::fs::write(f, "(version: 1, setups: [").unwrap();
    }
    let session = Session::with_setup(fleetscope::presets::load("classic").unwrap().unwrap());
    session::save(&path, &session).unwrap();
    assert!(!stale.exists(), "the dead writer's temp file is left");
    assert!(live.exists(), "a live writer's temp file was removed");
    assert!(other.exists(), "another file's temp file was removed");
}

// ---------------------------------------------------------------------------
// Mutated sessions: no panic, errors with a position or a named part, bounded time.

/// Field names that appear in session files, for renaming mutations.
const FIELDS: &[&str] = &[
    "version",
    "setups",
    "name",
    "board",
    "shape",
    "rows",
    "cols",
    "islands",
    "fleet",
    "lattice",
    "pieces",
    "cells",
    "allow_mirror",
    "deployment",
    "ships",
    "piece",
    "anchor",
    "orientation",
    "observations",
    "hits",
    "misses",
    "sunk",
    "active",
    "view",
];

const NUMBERS: &[&str] = &[
    "4294967296",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "-2147483649",
    "2147483647",
    "-2147483648",
    "4097",
    "-1",
    "1e309",
    "NaN",
    "0x7fffffff",
    "99999999",
];

fn bases() -> Vec<String> {
    let mut out = vec![std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/saves/example.ron")).unwrap()];
    for key in ["hex2008-blue", "russian"] {
        let mut setup = fleetscope::presets::load(key).unwrap().unwrap();
        setup.deployment = fleetscope::geometry::random_deployment(&setup.board, &setup.fleet, setup.rules.touch, 7)
            .unwrap()
            .deployment;
        out.push(session::to_ron(&Session::with_setup(setup)).unwrap());
    }
    out
}

#[derive(Clone, Debug)]
enum Mutation {
    Truncate(prop::sample::Index),
    FlipByte(prop::sample::Index, u8),
    DeleteRange(prop::sample::Index, usize),
    DuplicateRange(prop::sample::Index, usize),
    RenameField(prop::sample::Index, prop::sample::Index, u8),
    HugeNumber(prop::sample::Index, prop::sample::Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    use prop::sample::Index;
    prop_oneof![
        any::<Index>().prop_map(Mutation::Truncate),
        (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Mutation::FlipByte(i, b)),
        (any::<Index>(), 1usize..64).prop_map(|(i, n)| Mutation::DeleteRange(i, n)),
        (any::<Index>(), 1usize..200).prop_map(|(i, n)| Mutation::DuplicateRange(i, n)),
        (any::<Index>(), any::<Index>(), 0u8..3).prop_map(|(f, i, how)| Mutation::RenameField(f, i, how)),
        (any::<Index>(), any::<Index>()).prop_map(|(n, i)| Mutation::HugeNumber(n, i)),
    ]
}

fn apply(bytes: &mut Vec<u8>, m: &Mutation) {
    if bytes.is_empty() {
        return;
    }
    match m {
        Mutation::Truncate(i) => bytes.truncate(i.index(bytes.len())),
        Mutation::FlipByte(i, b) => {
            let at = i.index(bytes.len());
            bytes[at] ^= b.max(&1);
        }
        Mutation::DeleteRange(i, n) => {
            let at = i.index(bytes.len());
            let end = (at + n).min(bytes.len());
            bytes.drain(at..end);
        }
        Mutation::DuplicateRange(i, n) => {
            let at = i.index(bytes.len());
            let end = (at + n).min(bytes.len());
            let piece = bytes[at..end].to_vec();
            bytes.splice(at..at, piece);
        }
        Mutation::RenameField(f, i, how) => {
            let field = FIELDS[f.index(FIELDS.len())];
            let text = String::from_utf8_lossy(bytes).into_owned();
            let hits: Vec<usize> = text.match_indices(&format!("{field}:")).map(|(p, _)| p).collect();
            if hits.is_empty() {
                return;
            }
            let at = hits[i.index(hits.len())];
            let renamed = match how {
                0 => format!("{field}x"),
                1 => field[1..].to_string(),
                _ => field.to_uppercase(),
            };
            *bytes = format!("{}{renamed}{}", &text[..at], &text[at + field.len()..]).into_bytes();
        }
        Mutation::HugeNumber(n, i) => {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let mut runs = Vec::new();
            let mut start = None;
            for (p, c) in text.char_indices().chain([(text.len(), ' ')]) {
                match (c.is_ascii_digit(), start) {
                    (true, None) => start = Some(p),
                    (false, Some(s)) => {
                        runs.push((s, p));
                        start = None;
                    }
                    _ => {}
                }
            }
            if runs.is_empty() {
                return;
            }
            let (s, e) = runs[i.index(runs.len())];
            let number = NUMBERS[n.index(NUMBERS.len())];
            *bytes = format!("{}{number}{}", &text[..s], &text[e..]).into_bytes();
        }
    }
}

/// The promise for any text: a session that survives a round trip, or an
/// error naming where (line and column) or what (setup and part) is wrong.
fn check(text: &str) {
    let lines = text.lines().count().max(1);
    match parse_session(text, "mutant") {
        Ok(s) => {
            for setup in &s.setups {
                let _ = fleetscope::textview::render(setup);
            }
            let again = session::to_ron(&s).unwrap();
            assert_eq!(parse_session(&again, "round trip").unwrap(), s);
        }
        Err(SessionError::Syntax { line, col, message, .. }) => {
            assert!(line >= 1 && col >= 1, "no position: {message}");
            assert!(line <= lines + 1, "line {line} of {lines}: {message}");
            assert!(!message.contains("VersionProbe"), "{message}");
        }
        Err(SessionError::Invalid { message, .. }) => {
            let part = ["setup", "puzzle ", "puzzles: ", "solver: ", "counter: ", "tomography: "];
            assert!(
                part.iter().any(|p| message.contains(p)),
                "an invalid session must name the part at fault (setup, puzzle, room settings): {message}"
            );
        }
        Err(SessionError::NewerVersion { .. } | SessionError::BadVersion { .. }) => {}
        Err(other) => panic!("unexpected error kind: {other}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn mutated_sessions_never_panic_and_say_where(
        base in 0usize..3,
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        thread_local! { static BASES: Vec<String> = bases(); }
        let mut bytes = BASES.with(|b| b[base].clone().into_bytes());
        for m in &mutations {
            apply(&mut bytes, m);
        }
        let text = String::from_utf8_lossy(&bytes);
        let start = Instant::now();
        check(&text);
        // A hang guard, not a benchmark: each parse takes about a millisecond.
        prop_assert!(start.elapsed() < Duration::from_secs(5), "took {:?}", start.elapsed());
    }
}

#[test]
fn files_that_are_not_utf8_or_too_deep_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let binary = dir.path().join("binary.ron");
    std::fs::write(&binary, [0x28, 0xff, 0xfe, 0x29]).unwrap();
    let e = session::load(&binary).unwrap_err().to_string();
    assert!(e.contains("UTF-8"), "{e}");

    let deep = "[".repeat(1_000_000);
    let start = Instant::now();
    let e = parse_session(&deep, "deep").unwrap_err().to_string();
    assert!(e.contains("line 1"), "{e}");
    assert!(start.elapsed() < Duration::from_secs(5));
}

/// Ctrl+C stops every counting engine at once, on boards where a count runs
/// for hours: the DLX engines (plain, and the one `fast` falls back to on
/// more than 128 cells) looked at the flag only by chance and ran on for
/// 30–50 s. The bound is generous against a loaded machine.
#[test]
fn ctrl_c_stops_every_counter_promptly() {
    for engine in ["dlx-plain", "dlx", "fast"] {
        let args = ["count", "classic", "--sizes", "64..=64", "--engine", engine];
        let (out, took) = interrupted(&args, Duration::from_millis(1500));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{engine}: {err}");
        assert!(err.trim_end().ends_with("cancelled"), "{engine}: {err}");
        assert!(took < Duration::from_secs(5), "{engine}: {took:?} after Ctrl+C");
    }
}

/// `bench hunt` (the map timings) and its strategy lab end on Ctrl+C as every
/// command does: exit code 2 and "cancelled", not killed by the signal.
#[test]
fn ctrl_c_ends_the_hunt_benchmarks_and_says_so() {
    for args in [
        &["bench", "hunt", "--games", "10000"][..],
        &["bench", "hunt", "--strategies", "all", "--games", "10000"][..],
    ] {
        let (out, took) = interrupted(args, Duration::from_millis(1500));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.trim_end().ends_with("cancelled"), "{args:?}: {err}");
        assert!(took < Duration::from_secs(5), "{args:?}: {took:?} after Ctrl+C");
    }
}

/// The other benchmarks and the stealth search end on Ctrl+C the same way
/// (each was killed by the signal while building its cases or timing them).
#[test]
fn ctrl_c_ends_every_benchmark_and_the_stealth_search_and_says_so() {
    for args in [
        &["xray", "stealth", "classic", "--moves", "1000000"][..],
        &["bench", "count", "--runs", "100"][..],
        &["bench", "xray", "--runs", "100"][..],
        &["bench", "anneal", "--fleets", "1000"][..],
        &["bench", "embed", "--fleets", "1000", "--sets", "xray"][..],
    ] {
        let (out, took) = interrupted(args, Duration::from_millis(1500));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.trim_end().ends_with("cancelled"), "{args:?}: {err}");
        assert!(took < Duration::from_secs(5), "{args:?}: {took:?} after Ctrl+C");
    }
}

#[test]
#[allow(unsafe_code)] // libc's kill, to send Ctrl+C
fn ctrl_c_cancels_a_count_and_says_so() {
    // Classic 10×10 by plain DLX takes far longer than the wait below.
    let child = Command::new(env!("CARGO_BIN_EXE_fleetscope"))
        .args(["count", "classic", "--engine", "dlx", "--threads", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    // SAFETY: sends SIGINT to our own child process.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.trim_end().ends_with("cancelled"), "{err}");
}
