//! Messages that said something wrong or unclear, and values that were
//! accepted and then ignored: each now refused by name, or said as it is.

use crate::common::*;
use std::fs;

/// Runs a command expected to fail with bad input; its one-line error.
fn refused(args: &[&str]) -> String {
    let out = fleetscope(args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
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

/// Rows and columns of an X-ray are counted from 1, and counts agree in number.
#[test]
fn xray_rows_are_counted_from_1() {
    let out = stdout(&["xray", "count-u", "--rows", "1,5", "--cols", "1,1,1"]);
    assert!(
        out.contains("row 2 asks for 5 ones but there are only 3 columns"),
        "{out}"
    );
    let out = stdout(&["xray", "count-u", "--rows", "2", "--cols", "1"]);
    assert!(
        out.contains("row 1 asks for 2 ones but there is only 1 column"),
        "{out}"
    );
}

/// A list naming nothing is refused as every list is (not "not ''").
#[test]
fn an_empty_edit_list_names_none() {
    let err = refused(&["puzzle", "repair", &example("n-queens-8.txt"), "--edits", ",,,"]);
    assert!(err.contains("--edits names no edit"), "{err}");
    assert!(!err.contains("''"), "{err}");
}

/// `-inf` is a number like `-1`: it reaches the option's own check.
#[test]
fn minus_infinity_is_a_value() {
    let err = refused(&["solve", "heart", "--target", "-inf", "--reads", "1"]);
    assert!(!err.contains("unexpected argument"), "{err}");
    let err = refused(&["solve", "heart", "--epsilon", "-1"]);
    assert!(err.contains("not -1") && !err.contains("e0"), "{err}");
}

/// A published record whose id holds a terminal escape is refused by name;
/// nothing raw reaches the terminal.
#[test]
fn a_record_id_with_a_control_character_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("queens_levels.jsonl");
    let regions = "[[0,0,1,1],[0,2,1,1],[2,2,3,3],[2,2,3,3]]";
    fs::write(
        &data,
        format!("{{\"id\": \"a\\u001b[2Jb\", \"n\": 4, \"regions\": {regions}}}\n"),
    )
    .unwrap();
    let out_file = dir.path().join("x.txt");
    let out = fleetscope(&[
        "puzzle",
        "import",
        data.to_str().unwrap(),
        "1",
        "-o",
        out_file.to_str().unwrap(),
    ]);
    let all = [out.stdout, out.stderr].concat();
    assert!(!all.contains(&0x1b), "{}", String::from_utf8_lossy(&all));
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&all).contains("control character"));
}

/// A grid with more rows than the size says so, not "`t.` is not a setting".
#[test]
fn an_extra_grid_row_is_named() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text, twice) in [
        ("one.txt", "tents 2x2\nrows 1 0\ncols 1 0\ngrid\n.T\n..\nT.\n", false),
        ("two.txt", "tents 2x2\nrows 1 0\ncols 1 0\ngrid\n.T\n..\nT.\nT.\n", true),
    ] {
        let p = dir.path().join(name);
        fs::write(&p, text).unwrap();
        let err = refused(&["puzzle", "solve", p.to_str().unwrap()]);
        assert!(
            err.contains("line 7") && err.contains("more rows than the 2"),
            "{twice}: {err}"
        );
        assert!(err.contains("`T.`"), "{err}");
    }
}

/// A model file's header that disagrees with its body is named.
#[test]
fn model_files_that_disagree_with_themselves_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let coo = dir.path().join("m.coo");
    fs::write(&coo, "# vartype=BINARY\n# variables=5\n0 0 1\n7 7 1\n").unwrap();
    let err = refused(&["solve", coo.to_str().unwrap(), "--reads", "1"]);
    assert!(err.contains("line 4") && err.contains("variables=5"), "{err}");
    let comments = dir.path().join("c.coo");
    fs::write(&comments, "# nothing here\n").unwrap();
    let err = refused(&["solve", comments.to_str().unwrap(), "--reads", "1"]);
    assert!(err.contains("c.coo") && err.contains("no variables"), "{err}");
    // A BQM written by the project, then with a byte after its end.
    let bqm = dir.path().join("m.bqm");
    let good = dir.path().join("good.coo");
    fs::write(&good, "0 0 1\n0 1 -2\n").unwrap();
    stdout(&[
        "qubo",
        "export",
        good.to_str().unwrap(),
        "--format",
        "bqm",
        "-o",
        bqm.to_str().unwrap(),
    ]);
    stdout(&["solve", bqm.to_str().unwrap(), "--reads", "1"]);
    let mut bytes = fs::read(&bqm).unwrap();
    bytes.push(0);
    fs::write(&bqm, &bytes).unwrap();
    let err = refused(&["solve", bqm.to_str().unwrap(), "--reads", "1"]);
    assert!(err.contains("1 bytes after the model's end"), "{err}");
}

/// A hint from an answer that contradicts a given names that mark first.
#[test]
fn a_mark_against_a_given_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let answer = dir.path().join("a.txt");
    fs::write(&answer, "0?????\n??????\n??????\n??????\n??????\n??????\n").unwrap();
    let puzzle = dir.path().join("p.txt");
    fs::write(
        &puzzle,
        "takuzu 6x6\ngrid\n1..01.\n..0..1\n.0.1..\n....1.\n1..1..\n..1..0\n",
    )
    .unwrap();
    let err = refused(&[
        "puzzle",
        "hint",
        puzzle.to_str().unwrap(),
        "--answer",
        answer.to_str().unwrap(),
    ]);
    assert!(err.contains("your 0 at row 1, col 1 is on a given 1"), "{err}");
}

/// The exact solver reads no sampler option: given, each is refused, and
/// --until-solved alone picks the sampler its help names.
#[test]
fn options_the_chosen_solver_ignores_are_refused() {
    let queens = example("n-queens-8.txt");
    for flag in [
        vec!["--reads", "5"],
        vec!["--sweeps", "5"],
        vec!["--restarts", "5"],
        vec!["--tenure", "2"],
        vec!["--keep", "2"],
        vec!["--placements"],
    ] {
        let mut args = vec!["puzzle", "solve", queens.as_str()];
        args.extend(&flag);
        let err = refused(&args);
        assert!(err.contains(flag[0]) && err.contains("exact solver"), "{flag:?}: {err}");
    }
    let err = refused(&["puzzle", "solve", &queens, "--solver", "sa", "--show", "3"]);
    assert!(err.contains("--show"), "{err}");
    let err = refused(&["puzzle", "solve", &queens, "--solver", "sa", "--restarts", "3"]);
    assert!(err.contains("--restarts is a setting of tabu, not of sa"), "{err}");
    let v = json_of(&["puzzle", "solve", &queens, "--until-solved", "--threads", "1", "--json"]);
    assert!(v["plan"].as_str().unwrap().contains("tabu"), "{v}");
    assert_eq!(v["solved"], true);
    let err = refused(&["solve", "heart", "--keep", "100000"]);
    assert!(err.contains("--keep must be from 1 to 1000"), "{err}");
}

/// A repair that found nothing says why: no search ran, or one stopped at
/// its limit, or none within the depth.
#[test]
fn a_repair_that_found_nothing_says_why() {
    let tens = "5,5,5,5,5,5,5,5,5,5";
    let out = stdout(&[
        "solve",
        "--rows",
        tens,
        "--cols",
        tens,
        "--ships",
        "10,10,10,10,10",
        "--reads",
        "1",
        "--sweeps",
        "1",
        "--repair",
        "1000",
    ]);
    let line = out.lines().find(|l| l.starts_with("repair:")).unwrap();
    assert!(!line.contains("within 1000"), "{line}");
    assert!(
        line.contains("none tried") || line.contains("limit of 20,000"),
        "{line}"
    );
}

/// Bench options that named nothing, a board twice, or options another
/// choice ignores are refused before any work.
#[test]
fn bench_lists_and_modes_are_checked_up_front() {
    for (args, says) in [
        (vec!["bench", "hunt", "--boards", ",,"], "--boards names no board"),
        (vec!["bench", "hunt", "--boards", "classic,classic"], "twice"),
        (vec!["bench", "anneal", "--reads", ""], "--reads names no count"),
        (vec!["bench", "anneal", "--until-fleet", "0"], "not 0"),
        (
            vec!["bench", "anneal", "--until-fleet", "10", "--reads", "5"],
            "--reads",
        ),
        (
            vec!["bench", "embed", "--fleets", "0", "--random", "0", "--puzzles", ""],
            "no model",
        ),
        (
            vec!["bench", "embed", "--sets", "xray", "--puzzles", "/nonexistent"],
            "--puzzles",
        ),
    ] {
        let err = refused(&args);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let out = fleetscope(&["bench", "hunt", "--boards", "bogus"]);
    assert!(out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stdout));
}

/// An export folder is made only where its parent exists.
#[test]
fn an_export_folder_needs_its_parent() {
    let dir = tempfile::tempdir().unwrap();
    let deep = dir.path().join("no/such/folder");
    let err = refused(&[
        "bench",
        "embed",
        "--fleets",
        "1",
        "--random",
        "0",
        "--puzzles",
        "",
        "--targets",
        "chimera:4",
        "--export",
        deep.to_str().unwrap(),
    ]);
    assert!(err.contains("does not exist"), "{err}");
    assert!(!dir.path().join("no").exists());
}

/// Counts agree in number.
#[test]
fn counts_of_one_are_singular() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.txt");
    fs::write(&p, "takuzu 2x2\ngrid\n1.\n1\n").unwrap();
    let err = refused(&["puzzle", "solve", p.to_str().unwrap()]);
    assert!(err.contains("has 1 cell,"), "{err}");
}

/// A generated file that kept its first lines but lost its body is not kept
/// as if an earlier run had finished it.
#[test]
fn a_generated_file_cut_short_is_not_kept() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("q.txt");
    let args = [
        "puzzle",
        "generate",
        "--family",
        "queens",
        "--size",
        "6",
        "-o",
        out.to_str().unwrap(),
    ];
    stdout(&args);
    let text = fs::read_to_string(&out).unwrap();
    let head: String = text.lines().take(2).map(|l| format!("{l}\n")).collect();
    fs::write(&out, &head).unwrap();
    let err = refused(&args);
    assert!(err.contains("holds no whole puzzle"), "{err}");
    fs::remove_file(&out).unwrap();
    stdout(&args);
    let again = fleetscope(&args);
    assert!(again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("kept from an earlier run"));
}
