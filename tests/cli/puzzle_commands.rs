//! `fleetscope puzzle …` on the example files in `puzzles/`: exact counts, checks
//! with exit codes, sampling, QUBO export and import from a data set.

use crate::common::*;
use std::process::Output;

fn example(name: &str) -> String {
    format!("{}/puzzles/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

#[test]
fn every_example_has_the_solution_count_its_comment_gives() {
    let expected = [
        ("rullo-article.txt", 1),
        ("n-queens-8.txt", 92),
        ("linkedin-queens-1.txt", 1),
        ("star-battle-8.txt", 1),
        ("tents-6.txt", 1),
        ("takuzu-6.txt", 1),
        ("tango-6.txt", 1),
        ("battleship-csp-report.txt", 8),
        ("chess-coloured-4.txt", 2),
    ];
    for (file, count) in expected {
        let v = json(&fleetscope(&["puzzle", "solve", &example(file), "--json"]));
        assert_eq!(v["solutions"], count, "{file}: {v}");
        assert_eq!(v["complete"], true, "{file}");
    }
    let listed = std::fs::read_dir(format!("{}/puzzles", env!("CARGO_MANIFEST_DIR")))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "txt"))
        .count();
    // The two files not counted to the end: 16 queens (minutes) and Max chess (an optimum).
    assert_eq!(listed, expected.len() + 2, "a new example needs its count here");
}

#[test]
fn rullo_article_answer_is_printed_and_checks() {
    let v = json(&fleetscope(&[
        "puzzle",
        "solve",
        &example("rullo-article.txt"),
        "--json",
    ]));
    let answer = v["examples"][0].as_str().unwrap();
    // The article's answer: keep 6 4 / 8 4 8 / 7 / 5 1.
    assert_eq!(answer, "# . # .\n. # # #\n. . # .\n# # . .\n");
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.txt");
    std::fs::write(&good, answer).unwrap();
    let ok = fleetscope(&["puzzle", "check", &example("rullo-article.txt"), good.to_str().unwrap()]);
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stdout));
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "1010\n0111\n0010\n1110\n").unwrap();
    let broken = fleetscope(&["puzzle", "check", &example("rullo-article.txt"), bad.to_str().unwrap()]);
    assert_eq!(broken.status.code(), Some(1));
    let text = String::from_utf8(broken.stdout).unwrap();
    assert!(text.contains("row 4") && text.contains("column 3"), "{text}");
}

#[test]
fn max_chess_optimum_answer_passes_the_checker() {
    let v = json(&fleetscope(&["puzzle", "solve", &example("chess-max-5.txt"), "--json"]));
    let best = v["optimum"].as_f64().expect("an optimum");
    let answer = v["examples"][0].as_str().unwrap();
    // Unit weights: the optimum is the number of pieces.
    assert_eq!(answer.chars().filter(|c| c.is_ascii_uppercase()).count() as f64, best);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("answer.txt");
    std::fs::write(&file, answer).unwrap();
    let ok = fleetscope(&["puzzle", "check", &example("chess-max-5.txt"), file.to_str().unwrap()]);
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stdout));
}

#[test]
fn sampling_solves_small_examples_and_says_which_rules_break() {
    for (file, solver) in [
        ("rullo-article.txt", "sa"),
        ("n-queens-8.txt", "tabu"),
        ("tango-6.txt", "tabu"),
    ] {
        let v = json(&fleetscope(&[
            "puzzle",
            "solve",
            &example(file),
            "--solver",
            solver,
            "--reads",
            "50",
            "--seed",
            "3",
            "--threads",
            "1",
            "--json",
        ]));
        assert_eq!(v["solved"], true, "{file} {solver}: {v}");
        let first = &v["samples"][0];
        assert_eq!(first["valid"], true, "{file}: the lowest energy is a solution");
        assert_eq!(first["energy"].as_f64(), v["solution_energy"].as_f64(), "{file}");
    }
    // Too few sweeps for 16 queens: the answer breaks rules, and the JSON says which.
    let v = json(&fleetscope(&[
        "puzzle",
        "solve",
        &example("n-queens-16.txt"),
        "--solver",
        "sa",
        "--reads",
        "1",
        "--sweeps",
        "1",
        "--json",
    ]));
    let first = &v["samples"][0];
    if first["valid"] == false {
        assert!(!first["broken"].as_array().unwrap().is_empty());
    }
}

#[test]
fn qubo_export_writes_a_model_qubo_stats_reads() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tango.coo");
    let o = fleetscope(&[
        "puzzle",
        "qubo",
        &example("tango-6.txt"),
        "--format",
        "coo",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let said = String::from_utf8(o.stdout).unwrap();
    let stats = fleetscope(&["qubo", "stats", out.to_str().unwrap()]);
    assert!(stats.status.success(), "{}", String::from_utf8_lossy(&stats.stderr));
    let vars: usize = said
        .split(" variables")
        .next()
        .unwrap()
        .rsplit('(')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    // Links and givens shrink the model below one variable per cell.
    assert!(vars > 0 && vars < 36, "{said}");
}

#[test]
fn import_reads_a_record_of_a_data_set() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/engines/tests/data/queens/levels.jsonl");
    let o = fleetscope(&["puzzle", "import", data, "linkedin-1", "--set", "queens_levels.jsonl"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let shipped = std::fs::read_to_string(example("linkedin-queens-1.txt")).unwrap();
    assert_eq!(String::from_utf8(o.stdout).unwrap(), shipped);
    let missing = fleetscope(&["puzzle", "import", data, "nope-7", "--set", "queens_levels.jsonl"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no record 'nope-7'"));
}

#[test]
fn bad_puzzle_input_exits_2_and_names_the_problem() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.txt");
    std::fs::write(&file, "queens 4x4\ncolour red\n").unwrap();
    let f = file.to_str().unwrap();
    for (args, says) in [
        (vec!["puzzle", "solve", f], "colour"),
        (
            vec!["puzzle", "solve", &example("tents-6.txt") as &str, "--solver", "magic"],
            "unknown solver 'magic'",
        ),
        (vec!["puzzle", "solve", "/nonexistent/p.txt"], "/nonexistent/p.txt"),
        (
            vec![
                "puzzle",
                "qubo",
                &example("tents-6.txt") as &str,
                "--format",
                "xml",
                "-o",
                "/tmp/x",
            ],
            "xml",
        ),
    ] {
        let o = fleetscope(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}

#[test]
fn battleship_checker_knows_the_fleet_when_ships_may_touch() {
    // Every 4×4 grid: the checker accepts exactly the 8 solutions the exact solver counts.
    let text = std::fs::read_to_string(example("battleship-csp-report.txt")).unwrap();
    let p = fleetscope::puzzle::Puzzle::parse(&text).unwrap();
    let mut accepted = 0;
    for bits in 0u32..1 << 16 {
        let mut m = fleetscope::geometry::BinaryMatrix::zeros(4, 4);
        for k in 0..16 {
            m.set(k / 4, k % 4, bits >> k & 1 == 1);
        }
        if p.violations(&m).unwrap().is_empty() {
            accepted += 1;
        }
    }
    assert_eq!(accepted, 8);
    // Right sums, wrong fleet (two single-cell ships): named.
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "#.#.\n.#..\n.#.#\n.###\n").unwrap();
    let o = fleetscope(&[
        "puzzle",
        "check",
        &example("battleship-csp-report.txt"),
        bad.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stdout).contains("cannot be split into straight ships"));
}

/// Links that contradict each other: the exact solver says why there is no
/// solution instead of a bare "0 solutions", as the QUBO export does.
#[test]
fn contradictory_links_are_named_as_the_reason_there_is_no_solution() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cycle.txt");
    let rows = "......\n".repeat(6);
    std::fs::write(&path, format!("tango 6x6\ngrid\n{rows}links 1,1=1,2 1,2x1,3 1,3=1,1\n")).unwrap();
    let path = path.to_str().unwrap();
    let out = crate::common::fleetscope(&["puzzle", "solve", path, "--solver", "exact"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("no solution: the '=' and 'x' links around"), "{text}");
    let v = crate::common::json_of(&["puzzle", "solve", path, "--solver", "exact", "--json"]);
    assert!(v["why_none"].as_str().unwrap().contains("contradict"), "{v}");
}

/// A valid placement of a Max Chess puzzle is not called "a solution": the check
/// says it is valid and what it is worth (the puzzle asks for the most).
#[test]
fn checking_a_max_chess_placement_gives_its_worth_not_a_verdict_of_solved() {
    let dir = tempfile::tempdir().unwrap();
    let answer = dir.path().join("one.txt");
    std::fs::write(&answer, "1....\n.....\n.....\n.....\n.....\n").unwrap();
    let puzzle = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/chess-max-5.txt");
    let out = crate::common::fleetscope(&["puzzle", "check", puzzle, answer.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("valid: every rule holds; worth"), "{text}");
    assert!(!text.contains("a solution"), "{text}");
}

/// `puzzle explain --json`: the LinkedIn Queens example solved step by step;
/// replaying the decided cells gives the exact solver's solution, and every
/// step names its rule, tier and sentence.
#[test]
fn explain_replays_to_the_solution() {
    let file = "puzzles/linkedin-queens-1.txt";
    let v = json_of(&["puzzle", "explain", file, "--json"]);
    assert_eq!(v["solved"], true);
    assert_eq!(v["grade"], "Medium");
    let p = fleetscope::puzzle::Puzzle::parse(&std::fs::read_to_string(file).unwrap()).unwrap();
    let sol = p
        .solve_exact(
            fleetscope::puzzle::ExactRequest::new(2, 1),
            &fleetscope::run::CancelFlag::new(),
        )
        .unwrap()
        .examples
        .remove(0);
    let mut seen = 0;
    for step in v["steps"].as_array().unwrap() {
        assert!(step["sentence"].as_str().is_some_and(|s| !s.is_empty()));
        assert!(step["tier"].as_u64().is_some_and(|t| (1..=4).contains(&t)));
        for d in step["decided"].as_array().unwrap() {
            let (r, c, x) = (
                d[0].as_u64().unwrap() as usize,
                d[1].as_u64().unwrap() as usize,
                d[2].as_u64().unwrap(),
            );
            assert_eq!(
                sol.get(r - 1, c - 1),
                x == 1,
                "step {step} decides ({r},{c}) against the solution"
            );
            seen += 1;
        }
    }
    assert_eq!(seen, 64, "every cell of the 8×8 board is decided once");
    let text = String::from_utf8(fleetscope(&["puzzle", "grade", file]).stdout).unwrap();
    assert!(
        text.contains("grade Medium") && text.contains("solved by logic"),
        "{text}"
    );
}

/// Puzzles the ladder does not grade say why.
#[test]
fn explain_names_what_it_cannot_grade() {
    let out = fleetscope(&["puzzle", "grade", "puzzles/chess-max-5.txt"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("asks for an optimum"));
}

/// `puzzle hint`: from the givens, the ladder's first step; a wrong mark of
/// a unique puzzle is named; in 8 queens (92 solutions) two queens that no
/// solution has together are named as a pair.
#[test]
fn hint_gives_the_next_step_and_names_wrong_marks() {
    let queens = "puzzles/linkedin-queens-1.txt";
    let v = json_of(&["puzzle", "hint", queens, "--json"]);
    assert_eq!(v["kind"], "step");
    assert!(v["decided"].as_array().is_some_and(|d| !d.is_empty()), "{v}");
    let dir = tempfile::tempdir().unwrap();
    // (1,1) holds no queen in the solution (it is '.' in the exact answer).
    let wrong = dir.path().join("wrong.txt");
    std::fs::write(
        &wrong,
        "Q.......\n........\n........\n........\n........\n........\n........\n........\n",
    )
    .unwrap();
    let v = json_of(&["puzzle", "hint", queens, "--answer", wrong.to_str().unwrap(), "--json"]);
    assert_eq!(v["kind"], "wrong", "{v}");
    assert_eq!(v["marks"], serde_json::json!([[1, 1, 1]]));
    // 8 queens: (1,1) and (2,3) are each in some solution, never both.
    let pair = dir.path().join("pair.txt");
    std::fs::write(
        &pair,
        "Q.......\n..Q.....\n........\n........\n........\n........\n........\n........\n",
    )
    .unwrap();
    let v = json_of(&[
        "puzzle",
        "hint",
        "puzzles/n-queens-8.txt",
        "--answer",
        pair.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(v["kind"], "wrong", "{v}");
    assert_eq!(v["marks"], serde_json::json!([[1, 1, 1], [2, 3, 1]]));
    assert!(
        v["sentence"]
            .as_str()
            .unwrap()
            .contains("cannot both be in one solution"),
        "{v}"
    );
    // '?' leaves a cell open; a '.' then means empty: an empty mark where the solution has a queen.
    let open = dir.path().join("open.txt");
    std::fs::write(
        &open,
        "???.????\n????????\n????????\n????????\n????????\n????????\n????????\n????????\n",
    )
    .unwrap();
    let v = json_of(&["puzzle", "hint", queens, "--answer", open.to_str().unwrap(), "--json"]);
    assert_eq!(v["kind"], "wrong", "{v}");
    assert_eq!(v["marks"], serde_json::json!([[1, 4, 0]]));
}

/// `puzzle grade data.jsonl`: one line per record and the set's summary; a
/// line that is no record is skipped with its line number.
#[test]
fn grade_reads_a_data_set() {
    let text = std::fs::read_to_string("puzzles/linkedin-queens-1.txt").unwrap();
    let p = fleetscope::puzzle::Puzzle::parse(&text).unwrap();
    let fleetscope::puzzle::Puzzle::Queens(q) = &p else {
        panic!("queens")
    };
    let n = 8;
    let rows: Vec<Vec<u16>> = (0..n).map(|r| q.regions[r * n..(r + 1) * n].to_vec()).collect();
    let record = serde_json::json!({"id": "example-1", "n": n, "regions": rows});
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("queens_levels.jsonl");
    std::fs::write(&set, format!("{record}\nnot a record\n")).unwrap();
    let out = fleetscope(&["puzzle", "grade", set.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("example-1: grade Medium"), "{text}");
    assert!(text.contains("1 graded"), "{text}");
    assert!(String::from_utf8_lossy(&out.stderr).contains(":2: skipped"));
}

/// Hint and Explain on a blank puzzle of every family and every size up to
/// 4×4 (and on the same with every cell given as 1): an answer, never a panic.
#[test]
fn hint_and_explain_take_any_small_puzzle() {
    use fleetscope::puzzle::deduce;
    use fleetscope::run::CancelFlag;
    use fleetscope::study::logic::{hint, ladder_model};
    let cancel = CancelFlag::new();
    for (family, _) in fleetscope::puzzle::FAMILIES.iter() {
        for rows in 1..=4 {
            for cols in 1..=4 {
                let Ok(p) = fleetscope::puzzle::edit::blank(family, rows, cols) else {
                    continue;
                };
                let Ok(spec) = ladder_model(&p) else { continue };
                let ex = deduce::explain_spec(&spec, &cancel);
                assert!(!(ex.solved && ex.broken.is_some()), "{family} {rows}x{cols}");
                if let Ok(state) = deduce::start(&spec.model) {
                    hint(&p, &spec, &state, &cancel, &|_| {}).unwrap_or_else(|e| panic!("{family} {rows}x{cols}: {e}"));
                    let all_ones = vec![Some(true); state.len()];
                    hint(&p, &spec, &all_ones, &cancel, &|_| {})
                        .unwrap_or_else(|e| panic!("{family} {rows}x{cols}: {e}"));
                }
            }
        }
    }
}

/// A verdict or a hint its caller cancels is the `Cancelled` error itself, so
/// the Puzzles room and the command line tell a cancel by its type, not its text.
#[test]
fn a_cancelled_verdict_or_hint_is_the_cancelled_error() {
    use fleetscope::puzzle::{Puzzle, PuzzleError, deduce};
    use fleetscope::run::CancelFlag;
    use fleetscope::study::logic::{hint, ladder_model, verdict};
    let p = Puzzle::parse("takuzu 4x4\ngrid\n1...\n....\n..0.\n....\n").unwrap();
    let spec = ladder_model(&p).unwrap();
    let start = deduce::start(&spec.model).unwrap_or_else(|c| panic!("{}", c.sentence));
    let cancel = CancelFlag::new();
    assert!(verdict(&p, &spec, start.clone(), &cancel).is_ok());
    cancel.cancel();
    let v = verdict(&p, &spec, start.clone(), &cancel);
    assert!(matches!(v, Err(PuzzleError::Cancelled(_))), "{:?}", v.err());
    let h = hint(&p, &spec, &start, &cancel, &|_| {});
    assert!(matches!(h, Err(PuzzleError::Cancelled(_))), "{:?}", h.err());
}

/// `puzzle generate`: a unique 7×7 Queens puzzle of the grade asked for,
/// written to a file that `puzzle grade` reads back with that grade; the same
/// seed gives the same puzzle; an unknown family or an option of another family is refused.
#[test]
fn generate_writes_a_unique_puzzle_of_the_grade_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("q.txt");
    let out = fleetscope(&[
        "puzzle",
        "generate",
        "--size",
        "7",
        "--grade",
        "hard",
        "--seed",
        "5",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json_of(&["puzzle", "solve", file.to_str().unwrap(), "--limit", "2", "--json"]);
    assert_eq!(v["solutions"], 1, "unique");
    let v = json_of(&["puzzle", "grade", file.to_str().unwrap(), "--json"]);
    assert_eq!(v["grade"], "Hard");
    let again = json_of(&[
        "puzzle", "generate", "--size", "7", "--grade", "hard", "--seed", "5", "--json",
    ]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.ends_with(again["puzzle"].as_str().unwrap()),
        "the same seed, the same puzzle"
    );
    let out = fleetscope(&["puzzle", "generate", "--family", "sudoku"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not 'sudoku'"));
    let out = fleetscope(&["puzzle", "generate", "--family", "tents", "--stars", "2"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--stars is not an option of tents"));
    let out = fleetscope(&["puzzle", "generate", "--family", "tents", "--regions", "any"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--regions is not an option of tents"));
    let out = fleetscope(&["puzzle", "generate", "--regions", "odd"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--regions: regions are 'connected' or 'any', not 'odd'"));
    // Giving up on a Fiendish board of connected regions says what reaches one.
    let out = fleetscope(&["puzzle", "generate", "--grade", "fiendish", "--drafts", "20"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--regions any"));
}

/// `-o` to a folder writes one named file per puzzle inside it; a file that is
/// already there is never overwritten (refused before any work).
#[test]
fn generate_into_a_folder_names_each_puzzle_and_overwrites_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().to_str().unwrap();
    let args = [
        "puzzle", "generate", "--family", "tents", "--size", "6", "--grade", "easy", "--seed", "3", "--count", "2",
        "-o", folder,
    ];
    let out = fleetscope(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for seed in [3, 4] {
        let file = dir.path().join(format!("tents-6x6-easy-s{seed}.txt"));
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(text.contains("tents 6x6"), "{text}");
    }
    // A file this request did not make is refused, before any work.
    let first = dir.path().join("tents-6x6-easy-s3.txt");
    std::fs::write(&first, "tents 2x2\n").unwrap();
    let again = fleetscope(&args);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already there"));
    assert_eq!(std::fs::read_to_string(&first).unwrap(), "tents 2x2\n");
}

/// A set cut short (a run killed after its first puzzles) is completed by
/// the same command: the files that run wrote are kept, the rest are made.
#[test]
fn generate_completes_a_set_an_earlier_run_left_unfinished() {
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
        "--seed",
        "3",
        "--count",
        "3",
        "-o",
        out.to_str().unwrap(),
    ];
    assert!(fleetscope(&args).status.success());
    let file = |k: usize| dir.path().join(format!("g-{k}.txt"));
    let (one, two) = (
        std::fs::read_to_string(file(1)).unwrap(),
        std::fs::read_to_string(file(2)).unwrap(),
    );
    let three = std::fs::read_to_string(file(3)).unwrap();
    std::fs::remove_file(file(3)).unwrap();
    let again = fleetscope(&args);
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(again.status.success(), "{err}");
    assert!(err.contains("g-1.txt: kept from an earlier run"), "{err}");
    assert_eq!(std::fs::read_to_string(file(1)).unwrap(), one);
    assert_eq!(std::fs::read_to_string(file(2)).unwrap(), two);
    assert_eq!(
        std::fs::read_to_string(file(3)).unwrap(),
        three,
        "the same seed, the same puzzle"
    );
    // Another request's file in its place (the same seed, other options) is
    // not taken for this one's.
    let second = file(2);
    let other = [
        "puzzle",
        "generate",
        "--family",
        "tents",
        "--size",
        "6",
        "--grade",
        "easy",
        "--seed",
        "4",
        "--density",
        "0.1",
        "-o",
        second.to_str().unwrap(),
    ];
    std::fs::remove_file(file(2)).unwrap();
    assert!(fleetscope(&other).status.success());
    let refused = fleetscope(&args);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("already there"));
}

/// Other families through the command line: a Tango with its options, and a
/// Battleship fleet with no givens whose counts alone fix it.
#[test]
fn generate_makes_every_family_with_its_options() {
    let v = json_of(&[
        "puzzle", "generate", "--family", "tango", "--size", "6", "--grade", "easy", "--json",
    ]);
    assert_eq!(v["grade"], "Easy");
    assert!(v["puzzle"].as_str().unwrap().starts_with("tango 6x6"));
    let v = json_of(&[
        "puzzle",
        "generate",
        "--family",
        "battleship",
        "--size",
        "6",
        "--fleet",
        "3,2,1",
        "--no-givens",
        "--grade",
        "medium",
        "--json",
    ]);
    let text = v["puzzle"].as_str().unwrap();
    assert!(text.contains("ships 3 2 1"), "{text}");
    assert!(!text.contains("grid"), "no givens: {text}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("b.txt");
    std::fs::write(&file, text).unwrap();
    let v = json_of(&["puzzle", "solve", file.to_str().unwrap(), "--limit", "2", "--json"]);
    assert_eq!(v["solutions"], 1, "the counts alone fix the fleet");
}

/// `puzzle minimal` certifies a generated puzzle's clues or names the spare
/// one; `puzzle repair` lists edits that each leave one solution.
#[test]
fn minimal_and_repair_read_a_puzzle_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.txt");
    let v = json_of(&[
        "puzzle", "generate", "--family", "binairo", "--size", "6", "--grade", "medium", "--json",
    ]);
    let text = v["puzzle"].as_str().unwrap().to_string();
    std::fs::write(&file, &text).unwrap();
    let m = json_of(&["puzzle", "minimal", file.to_str().unwrap(), "--json"]);
    assert!(m["clues"].as_array().unwrap().len() > 2);
    // Every given removed: several solutions, so the certificate is refused and repair has work.
    let bare: String = text
        .lines()
        .map(|l| {
            if l.len() == 6 && l.chars().all(|c| "01.".contains(c)) {
                "......".to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(&file, format!("{bare}\n")).unwrap();
    let out = fleetscope(&["puzzle", "minimal", file.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("more than one solution"));
    let r = json_of(&["puzzle", "repair", file.to_str().unwrap(), "--json"]);
    assert!(r["repairs"].is_array(), "{r}");
}

/// `puzzle minimal` is bounded and says where it stopped: an empty 64×64
/// Binairo (no clues, many solutions) is refused at once as not unique (it
/// ran for minutes, saying it was removing clues); a time limit already over
/// before the first count gives "not certified" and why, not "cancelled";
/// `--time-limit` is checked as the other commands check theirs.
#[test]
fn minimal_has_a_time_limit_and_says_when_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("empty.txt");
    std::fs::write(&file, "binairo 64x64\n").unwrap();
    let file = file.to_str().unwrap();
    let bound = std::time::Duration::from_secs(120);
    let out = run_within(&["puzzle", "minimal", file], bound);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("more than one solution"),
        "{out:?}"
    );
    let unique = example("tango-6.txt");
    let out = run_within(&["puzzle", "minimal", &unique, "--time-limit", "0.000000001"], bound);
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.starts_with("not certified: the time limit"), "{said}");
    let out = run_within(
        &["puzzle", "minimal", &unique, "--time-limit", "0.000000001", "--json"],
        bound,
    );
    let v = json(&out);
    assert_eq!(v["cut_short"], true, "{v}");
    assert!(v["minimal"].is_null(), "{v}");
    // Without a limit the same puzzle is certified (the default limit is far off).
    let v = json(&run_within(&["puzzle", "minimal", &unique, "--json"], bound));
    assert_eq!(v["cut_short"], false, "{v}");
    assert_eq!(v["unchecked"], 0, "{v}");
    let out = fleetscope(&["puzzle", "minimal", &unique, "--time-limit", "0"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("time limit"), "{out:?}");
}

/// `puzzle repair` on the shipped Max chess board lists edits (givens and
/// blocked cells: Max chess has no regions to move) instead of crashing.
#[test]
fn repair_on_max_chess_lists_edits() {
    let out = fleetscope(&["puzzle", "repair", &example("chess-max-5.txt"), "--json"]);
    let r = json(&out);
    let list = r["repairs"].as_array().expect("a list of repairs");
    assert!(!list.is_empty(), "{r}");
    assert!(
        list.iter().all(|e| !e["edit"].as_str().unwrap().contains("region")),
        "{r}"
    );
}

/// `puzzle hint` on an empty 16×16 Binairo (or 64×64) answers at once, as
/// `explain` does: the ladder stalls, and its bounded exact checks either
/// show the puzzle has many solutions (the line-by-line count finds them at
/// once) or say what was not settled; `--time-limit` bounds it all.
#[test]
fn hint_on_an_empty_large_grid_answers_within_its_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let bound = std::time::Duration::from_secs(60);
    for (name, text) in [
        ("b16.txt", "binairo 16x16\n"),
        ("tango16.txt", "tango 16x16\n"),
        ("b64.txt", "binairo 64x64\n"),
    ] {
        let file = dir.path().join(name);
        std::fs::write(&file, text).unwrap();
        let file = file.to_str().unwrap();
        for limit in [Some("1"), None] {
            let mut args = vec!["puzzle", "hint", file];
            if let Some(t) = limit {
                args.extend(["--time-limit", t]);
            }
            let out = run_within(&args, bound);
            let said = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success(),
                "{args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(
                said.contains("a person would have to guess")
                    || said.contains("the cells where they differ can never be decided")
                    || said.contains("time limit ran out"),
                "{args:?}: {said}"
            );
        }
    }
    let out = fleetscope(&["puzzle", "hint", "puzzles/tango-6.txt", "--time-limit", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("time limit"), "{out:?}");
}

/// A LinkedIn-style 8×8 board with 50 solutions that no single edit makes
/// unique: `puzzle repair --edits region` lists the region moves that cut
/// the count most, with the count after each, fewest first.
#[test]
fn repair_lists_the_edits_that_cut_the_count_most_of_the_kinds_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("stuck.txt");
    std::fs::write(
        &file,
        "queens 8x8\nregions\naaaaacee\naaaaacce\nadddbccc\ndddbbbcc\ndddbbbfc\nddddbbfg\ndhhdggfg\nhhhhgggg\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let r = json_of(&["puzzle", "repair", file, "--edits", "region", "--json"]);
    assert_eq!(r["before"], 50, "{r}");
    assert_eq!(r["edits"], serde_json::json!(["region"]));
    assert!(r["repairs"].as_array().unwrap().is_empty(), "{r}");
    let cuts = r["cuts"].as_array().unwrap();
    assert!(!cuts.is_empty(), "{r}");
    let counts: Vec<u64> = cuts.iter().map(|c| c["count"].as_u64().unwrap()).collect();
    assert!(
        counts.windows(2).all(|w| w[0] <= w[1]) && counts.iter().all(|&n| (2..50).contains(&n)),
        "{counts:?}"
    );
    assert!(
        cuts.iter()
            .all(|c| c["kind"] == "region" && c["edit"].as_str().unwrap().starts_with("move "))
    );
    // The best cut, applied, has the count it was listed with.
    let best = cuts[0]["edit"].as_str().unwrap().to_string();
    let out = fleetscope(&["puzzle", "repair", file, "--edits", "region"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.contains(&format!("50 → {:>2}  {best}", counts[0])), "{text}");
    // A kind the family does not have, or no kind at all, is refused by name.
    for (edits, needle) in [
        ("count", "have no count edits"),
        ("regions", "--edits takes region, given"),
    ] {
        let out = fleetscope(&["puzzle", "repair", file, "--edits", edits]);
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains(needle), "{out:?}");
    }
}

/// A certificate the user cancelled is no certificate: the generator stops
/// (nothing is written), rather than printing "cancelled" as its verdict.
#[test]
fn a_cancelled_minimality_check_is_no_certificate() {
    use fleetscope::puzzle::Puzzle;
    use fleetscope::puzzle::deduce::Grade;
    use fleetscope::run::{CancelFlag, Cancelled};
    use fleetscope::study::setter::certificate;
    let p = Puzzle::parse(&std::fs::read_to_string(example("tango-6.txt")).unwrap()).unwrap();
    let cancelled = CancelFlag::new();
    cancelled.cancel();
    assert_eq!(certificate(&p, Grade::Easy, &cancelled), Err(Cancelled));
    let late = CancelFlag::new().with_time_limit(std::time::Duration::ZERO);
    let said = certificate(&p, Grade::Easy, &late).unwrap();
    assert!(said.contains("time limit"), "{said}");
    let whole = certificate(&p, Grade::Easy, &CancelFlag::new()).unwrap();
    assert!(whole.starts_with("minimal") || whole.contains("can go"), "{whole}");
}

/// `puzzle repair --time-limit` ends a long repair with what it found and
/// says the list was cut short: a blank 14×14 Takuzu has 392 candidate
/// givens, each counted to 1,000 (and one of its cells takes the outline's
/// checks seconds), so without a limit it runs for minutes.
#[test]
fn repair_stops_at_its_time_limit_and_says_the_list_was_cut_short() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("blank.txt");
    std::fs::write(&file, "takuzu 14x14\n").unwrap();
    let file = file.to_str().unwrap();
    let bound = std::time::Duration::from_secs(60);
    let out = run_within(&["puzzle", "repair", file, "--time-limit", "3", "--json"], bound);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["cut_short"], true, "{r}");
    assert!(r["tried"].as_u64() < r["candidates"].as_u64(), "{r}");
    let out = run_within(&["puzzle", "repair", file, "--time-limit", "3"], bound);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("the time limit stopped the search"), "{said}");
    assert!(
        !said.contains("no single edit"),
        "nothing is claimed of the edits not counted: {said}"
    );
    let out = fleetscope(&["puzzle", "repair", file, "--time-limit", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("time limit"), "{out:?}");
}

/// N-queens goes to its bitset counter: 14×14 (A000170: 365,596) is counted
/// whole well within a generous time limit (the model search needed 16.7
/// CPU-s in a release build, several times that in a test build).
#[test]
fn n_queens_14_is_counted_whole() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("nq14.txt");
    std::fs::write(&p, "n-queens 14x14\n").unwrap();
    let v = json(&fleetscope(&[
        "puzzle",
        "solve",
        p.to_str().unwrap(),
        "--time-limit",
        "20",
        "--json",
    ]));
    assert_eq!(v["solutions"], 365_596, "{v}");
    assert_eq!(v["complete"], true, "{v}");
}

/// Max chess with a king on every cell of 8×8 is solved whole well within a
/// generous time limit: 16 kings, 281,571 ways (the model search needed 47
/// CPU-s in a release build).
#[test]
fn max_chess_8x8_kings_is_solved_whole() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("kings.txt");
    std::fs::write(&p, format!("chess 8x8\ngoal max\npieces\n{}", "KKKKKKKK\n".repeat(8))).unwrap();
    let v = json(&fleetscope(&[
        "puzzle",
        "solve",
        p.to_str().unwrap(),
        "--time-limit",
        "20",
        "--json",
    ]));
    assert_eq!(v["optimum"], 16.0, "{v}");
    assert_eq!(v["solutions"], 281_571, "{v}");
    assert_eq!(v["complete"], true, "{v}");
}

/// Takuzu and Binairo are generated at 14×14 (a standard size), each draft's
/// count within a node budget: a unique 14×14 puzzle for each family, and the
/// same one again from the same seed.
#[test]
fn binairo_and_takuzu_are_generated_at_14() {
    let dir = tempfile::tempdir().unwrap();
    for family in ["binairo", "takuzu"] {
        let args = [
            "puzzle", "generate", "--family", family, "--size", "14", "--seed", "1", "--json",
        ];
        let v = json_of(&args);
        let text = v["puzzle"].as_str().unwrap();
        assert!(text.contains(&format!("{family} 14x14")), "{text}");
        let file = dir.path().join(format!("{family}.txt"));
        std::fs::write(&file, text).unwrap();
        let s = json_of(&["puzzle", "solve", file.to_str().unwrap(), "--limit", "2", "--json"]);
        assert_eq!(s["solutions"], 1, "{family}: {text}");
        assert_eq!(
            json_of(&args)["puzzle"],
            v["puzzle"],
            "{family}: the same seed, the same puzzle"
        );
    }
}

/// A Takuzu answer with a 1 on a given 0 is told that cell must be 0 (a
/// digit), not "empty" as a cell without a piece is in other families.
#[test]
fn a_given_zero_must_be_0_not_empty() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    // The unique answer with row 1, col 4 (a given 0) set to 1.
    std::fs::write(&bad, "101110\n010101\n101100\n010011\n100101\n011010\n").unwrap();
    let out = fleetscope(&["puzzle", "check", &example("takuzu-6.txt"), bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("row 1, col 4 must be 0"), "{text}");
    assert!(!text.contains("empty"), "{text}");
}

/// Past the cap the repair says what it knows: no edit brings the count of a
/// blank 10×10 Star Battle below 1,000 (it used to say none cuts its "1000+
/// solutions", though every given does).
#[test]
fn repair_past_the_cap_says_no_edit_brings_the_count_below_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("blank.txt");
    let blank = fleetscope::puzzle::edit::blank("star-battle", 10, 10).unwrap();
    std::fs::write(&file, blank.to_text()).unwrap();
    let out = fleetscope(&["puzzle", "repair", file.to_str().unwrap(), "--edits", "given"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(
        said.contains("no single edit of these kinds makes this puzzle unique or brings its count below 1,000"),
        "{said}"
    );
    assert!(!said.contains("cuts its"), "{said}");
}

/// `puzzle generate --help` lists every generator's options as flags, each
/// with the generators that have it, and every generator word; each flag is
/// taken by the first generator that has it and refused by one that has not.
#[test]
fn generate_help_lists_every_generators_flags() {
    use fleetscope::puzzle::generate::{OptionKind, option_flags, words};
    let out = fleetscope(&["puzzle", "generate", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{help}");
    for word in words() {
        assert!(help.contains(word), "--family lists {word}: {help}");
    }
    for (spec, owners) in option_flags() {
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("--{} ", spec.flag)))
            .unwrap_or_else(|| panic!("--{} is listed: {help}", spec.flag));
        let title = fleetscope::puzzle::family_title(owners[0]);
        assert!(line.contains(title), "--{} names {title}: {line}", spec.flag);
        let value = match &spec.kind {
            OptionKind::Flag { .. } => None,
            OptionKind::Int { default, .. } => Some(default.to_string()),
            OptionKind::Float { default, .. } => Some(default.to_string()),
            OptionKind::Choice { default, .. } | OptionKind::Letters { default, .. } => Some(default.to_string()),
            OptionKind::Lengths { .. } => Some("3,2,1".to_string()),
        };
        let flag = format!("--{}", spec.flag);
        let mut args = vec![
            "puzzle",
            "generate",
            "--size",
            "0",
            "--family",
            owners[0],
            flag.as_str(),
        ];
        args.extend(value.as_deref());
        let taken = String::from_utf8_lossy(&fleetscope(&args).stderr).to_string();
        assert!(taken.contains("cells a side"), "{flag} taken by {}: {taken}", owners[0]);
        let other = words().find(|w| !owners.contains(w)).unwrap();
        args[5] = other;
        let refused = String::from_utf8_lossy(&fleetscope(&args).stderr).to_string();
        assert!(
            refused.contains(&format!("{flag} is not an option of {other}")),
            "{refused}"
        );
    }
}
