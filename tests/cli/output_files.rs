//! What commands write: a file already there is replaced only with
//! `--force` (every writer, one message), and generated puzzle files name
//! what they were made from in the command line's words.

use crate::common::*;
use std::fs;
use std::path::Path;

fn example(name: &str) -> String {
    format!("{}/puzzles/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn formats(name: &str) -> String {
    format!("{}/tests/data/regressions/formats/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `args` (which write `file`) is refused while `file` is there and left
/// as it was; with `--force` added it is replaced.
fn refused_then_forced(args: &[&str], file: &Path) {
    fs::write(file, "kept\n").unwrap();
    let out = fleetscope(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(
        err.contains("is already there") && err.contains("--force"),
        "{args:?}: {err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert_eq!(
        fs::read_to_string(file).unwrap(),
        "kept\n",
        "{args:?} overwrote the file"
    );
    let mut forced = args.to_vec();
    forced.push("--force");
    let out = fleetscope(&forced);
    assert!(out.status.success(), "{forced:?}: {}", stderr(&out));
    assert_ne!(fs::read(file).unwrap(), b"kept\n", "{forced:?} left the file");
}

#[test]
fn every_writer_refuses_a_file_already_there_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("out");
    let out = f.to_str().unwrap();
    let sums = ["--rows", "2,3", "--cols", "1,1,1,1,1"];
    let mut args = vec!["qubo", "export"];
    args.extend(sums);
    args.extend(["-o", out]);
    refused_then_forced(&args, &f);
    let bqm = [
        "qubo",
        "export",
        "--rows",
        "2,3",
        "--cols",
        "1,1,1,1,1",
        "--format",
        "bqm",
        "-o",
        out,
    ];
    refused_then_forced(&bqm, &f);
    let queens = example("n-queens-8.txt");
    refused_then_forced(&["puzzle", "qubo", &queens, "-o", out], &f);
    let mut args = vec!["qubo", "embed"];
    args.extend(sums);
    args.extend(["-o", out]);
    refused_then_forced(&args, &f);
    // The embedded problem, from the embedding just written.
    let emb = dir.path().join("emb.json");
    fs::copy(&f, &emb).unwrap();
    let mut args = vec!["qubo", "export"];
    args.extend(sums);
    args.extend(["--embedding", emb.to_str().unwrap(), "--format", "bqm", "-o", out]);
    refused_then_forced(&args, &f);
    let records = formats("records/battleships_janko.jsonl");
    refused_then_forced(&["puzzle", "import", &records, "fine", "-o", out], &f);
    refused_then_forced(&["new-session", out, "classic"], &f);
}

/// A benchmark's export folder: the files of an earlier export are kept
/// unless `--force` is given.
#[test]
fn bench_exports_keep_an_earlier_export_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let anneal = dir.path().join("anneal");
    let folder = anneal.to_str().unwrap();
    let args = ["bench", "anneal", "--fleets", "1", "--export", folder];
    let out = fleetscope(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let instance = anneal.join("fleet-00000.coo");
    refused_then_forced(&args, &instance);

    let embed = dir.path().join("embed");
    fs::create_dir(&embed).unwrap();
    let models = embed.join("models.jsonl");
    let args = [
        "bench",
        "embed",
        "--sets",
        "random",
        "--random",
        "1",
        "--targets",
        "pegasus:6",
        "--export",
        embed.to_str().unwrap(),
    ];
    refused_then_forced(&args, &models);
    assert!(embed.join("random-000.coo").is_file());
}

/// `puzzle generate -o` keeps what this very request wrote, refuses another
/// request's file unless told `--force`, and then makes the puzzle again.
#[test]
fn generate_replaces_another_requests_file_only_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.txt");
    let args = [
        "puzzle",
        "generate",
        "--family",
        "tents",
        "--size",
        "6",
        "--grade",
        "easy",
        "-o",
        file.to_str().unwrap(),
    ];
    refused_then_forced(&args, &file);
    let text = fs::read_to_string(&file).unwrap();
    assert!(text.contains("tents 6x6"), "{text}");
}

/// The second line of a generated file says what it was made from in the
/// command line's words, not in Rust's debug notation.
#[test]
fn a_generated_file_names_its_options_in_words() {
    let dir = tempfile::tempdir().unwrap();
    for (family, extra, words) in [
        (
            "queens",
            &["--grade", "easy"][..],
            "// made from: queens, regions connected, no holes",
        ),
        (
            "tents",
            &["--density", "0.15", "--grade", "easy"][..],
            "// made from: tents, density 0.15",
        ),
        (
            "battleship",
            &["--fleet", "3,2,1", "--no-givens", "--grade", "medium"][..],
            "// made from: battleship, fleet 3,2,1, ships apart, no givens",
        ),
    ] {
        let file = dir.path().join(format!("{family}.txt"));
        let mut args = vec!["puzzle", "generate", "--family", family, "--size", "6"];
        args.extend(extra);
        args.extend(["-o", file.to_str().unwrap()]);
        let out = fleetscope(&args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let text = fs::read_to_string(&file).unwrap();
        assert_eq!(text.lines().nth(1), Some(words), "{text}");
    }
}

/// A file an earlier version wrote (its options in Rust's debug notation)
/// is still taken for this request's: the set is completed, not refused.
#[test]
fn a_set_an_older_version_began_is_still_completed() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.txt");
    let args = [
        "puzzle",
        "generate",
        "--family",
        "tents",
        "--size",
        "6",
        "--grade",
        "easy",
        "--count",
        "2",
        "-o",
        out.to_str().unwrap(),
    ];
    assert!(fleetscope(&args).status.success());
    let first = dir.path().join("g-1.txt");
    let text = fs::read_to_string(&first).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    // Written so by the versions before the readable line.
    lines[1] = "// made from Tents { density: 0.2 }";
    let old = lines.join("\n") + "\n";
    fs::write(&first, &old).unwrap();
    fs::remove_file(dir.path().join("g-2.txt")).unwrap();
    let again = fleetscope(&args);
    let err = stderr(&again);
    assert!(again.status.success(), "{err}");
    assert!(err.contains("g-1.txt: kept from an earlier run"), "{err}");
    assert_eq!(fs::read_to_string(&first).unwrap(), old);
    assert!(dir.path().join("g-2.txt").is_file());
}
