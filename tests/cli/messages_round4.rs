//! The fourth round of messages: reports that say what ran and why it stopped,
//! options a puzzle would ignore refused, every range checked before any work.

use crate::common::*;

/// Runs a command expected to fail with bad input; its one-line error.
fn refused(args: &[&str]) -> String {
    let out = fleetscope(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    err
}

fn example(name: &str) -> String {
    format!("{}/puzzles/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The plan names the tenure the search ran with: on 8-queens' 64 variables
/// 0 asks for min(20, n/4) = 16, and auto for the puzzles' short tenure.
#[test]
fn the_plan_names_the_tenure_that_ran() {
    let queens = example("n-queens-8.txt");
    let plan = |tenure: &str| {
        json_of(&[
            "puzzle",
            "solve",
            &queens,
            "--solver",
            "tabu",
            "--reads",
            "2",
            "--restarts",
            "1",
            "--threads",
            "1",
            "--tenure",
            tenure,
            "--json",
        ])["plan"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(plan("0").contains("tenure 16,"), "{}", plan("0"));
    assert!(plan("auto").contains("tenure 5,"), "{}", plan("auto"));
    assert!(plan("7").contains("tenure 7,"), "{}", plan("7"));
}

/// The placement QUBO and the diagonal penalty are Battleship's: another
/// family refuses them, as every other option it would ignore is refused.
#[test]
fn battleship_qubo_options_are_refused_on_other_families() {
    let queens = example("n-queens-8.txt");
    for flag in [&["--diagonal-penalty", "1"][..], &["--placements"]] {
        let mut args = vec![
            "puzzle", "solve", &queens, "--solver", "sa", "--reads", "1", "--sweeps", "10",
        ];
        args.extend(flag);
        let err = refused(&args);
        assert!(
            err.contains(&format!(
                "{} is a setting of Battleship puzzles, not of n-queens",
                flag[0]
            )),
            "{err}"
        );
    }
    let battleship = example("battleship-csp-report.txt");
    for flag in [&["--diagonal-penalty", "1"][..], &["--placements"]] {
        let mut args = vec![
            "puzzle",
            "solve",
            &battleship,
            "--solver",
            "sa",
            "--reads",
            "1",
            "--sweeps",
            "10",
            "--threads",
            "1",
        ];
        args.extend(flag);
        let out = fleetscope(&args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Every value of both lists is checked before the first point runs: a
/// restart count past the limit is refused at once, naming its flag, not after
/// the SA rows (here far more work than the bound allows) have been measured.
#[test]
fn bench_anneal_checks_every_listed_value_before_any_work() {
    let limit = std::time::Duration::from_secs(60);
    for (args, says) in [
        (
            vec![
                "bench",
                "anneal",
                "--fleets",
                "1",
                "--reads",
                "10000000",
                "--restarts",
                "100000001",
            ],
            "--restarts: restarts must be from 0 to 100,000,000, not 100,000,001",
        ),
        (
            vec![
                "bench",
                "anneal",
                "--fleets",
                "1",
                "--reads",
                "10000000,10000001",
                "--restarts",
                "1",
            ],
            "--reads: reads must be from 1 to 10000000, not 10000001",
        ),
        (
            vec![
                "bench", "anneal", "--fleets", "1", "--reads", "10000000", "--sweeps", "0",
            ],
            "--sweeps: ",
        ),
    ] {
        let out = run_within(&args, limit);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// `--runs` of the timing benches is 1 to 1,000: 0 would time one run under
/// the header "(0 runs)", and no limit would let a typo run for ever.
#[test]
fn bench_runs_are_one_to_a_thousand() {
    // Bounded: where the count was taken, the benches ran that many times.
    let limit = std::time::Duration::from_secs(60);
    for bench in ["count", "xray"] {
        for runs in ["0", "1001", "18446744073709551615"] {
            let out = run_within(&["bench", bench, "--runs", runs], limit);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{bench} {runs}: {err}");
            assert!(err.contains("--runs must be from 1 to 1000"), "{bench} {runs}: {err}");
            assert!(out.stdout.is_empty(), "{bench} {runs}");
        }
    }
}

/// A sampled puzzle solve cut short by its time limit says so, as `solve`
/// does, and its JSON has `solve`'s `stop` field.
#[test]
fn a_sampled_puzzle_solve_says_it_stopped_at_its_time_limit() {
    let queens = example("n-queens-16.txt");
    let args = [
        "puzzle",
        "solve",
        &queens,
        "--solver",
        "sa",
        "--reads",
        "1",
        "--sweeps",
        "100000000",
        "--threads",
        "1",
        "--time-limit",
        "0.5",
    ];
    let out = fleetscope(&args);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("(stopped by the time limit)"), "{text}");
    assert!(text.contains("no read finished within the time limit"), "{text}");
    let json = json_of(&[&args[..], &["--json"]].concat());
    assert_eq!(json["stop"], "TimeLimit", "{json}");
    let done = json_of(&[
        "puzzle",
        "solve",
        &example("n-queens-8.txt"),
        "--solver",
        "tabu",
        "--reads",
        "1",
        "--json",
    ]);
    assert_eq!(done["stop"], "Done", "{done}");
}

/// Star Battle's remedy "(--holes)" follows only the error it cures; a size
/// range of one size reads as that size.
#[test]
fn star_battle_remedy_follows_only_the_grade_it_cures() {
    let generate = |extra: &[&str]| {
        let mut args = vec!["puzzle", "generate", "--family", "star-battle", "--grade", "easy"];
        args.extend(extra);
        refused(&args)
    };
    let err = generate(&["--size", "5"]);
    assert!(
        err.contains("is 8 to 12 cells a side, not 5") && !err.contains("--holes"),
        "{err}"
    );
    let err = generate(&["--size", "12", "--stars", "4"]);
    assert!(err.contains("not 4") && !err.contains("--holes"), "{err}");
    let err = generate(&["--size", "8", "--stars", "3"]);
    assert!(
        err.contains("is 12 cells a side, not 8") && !err.contains("--holes"),
        "{err}"
    );
    let err = generate(&["--size", "8", "--stars", "2"]);
    assert!(err.contains("(--holes)"), "{err}");
}

/// When the rules alone decide every cell, the sampler has nothing to do: the
/// command says so, naming the file, and prints the solution.
#[test]
fn elimination_that_decides_every_cell_gives_the_solution() {
    let tents = example("tents-6.txt");
    for solver in ["sa", "tabu"] {
        let out = fleetscope(&["puzzle", "solve", &tents, "--solver", solver, "--eliminate-forced"]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(
            text.contains("tents-6.txt: the rules alone decide every cell"),
            "{text}"
        );
        assert!(text.contains("solved: yes"), "{text}");
        let exact = fleetscope(&["puzzle", "solve", &tents]);
        let exact = String::from_utf8_lossy(&exact.stdout);
        let answer = exact.split("solution 1:\n").nth(1).unwrap();
        assert!(text.contains(answer.trim_end()), "{text}\n{exact}");
    }
    let json = json_of(&[
        "puzzle",
        "solve",
        &tents,
        "--solver",
        "sa",
        "--eliminate-forced",
        "--json",
    ]);
    assert_eq!(json["variables"], 0, "{json}");
    assert_eq!(json["solved"], true, "{json}");
}

/// A tabu search the time limit cuts short counts the evaluations it made, not
/// its whole budget: 10^12 evaluations cannot run in the half second given.
#[test]
fn tabu_counts_the_flips_that_ran() {
    let json = json_of(&[
        "solve",
        "heart",
        "--solver",
        "tabu",
        "--reads",
        "1",
        "--restarts",
        "0",
        "--evaluations",
        "1000000000000",
        "--threads",
        "1",
        "--time-limit",
        "0.5",
        "--json",
    ]);
    assert_eq!(json["stop"], "TimeLimit", "{json}");
    let flips = json["flips_per_second"].as_f64().unwrap() * json["seconds"].as_f64().unwrap();
    assert!(flips > 0.0 && flips < 1e11, "{json}");
}

/// Consecutive seeds that would pass the largest are refused, naming the
/// flags, not wrapped round to 0 (or a panic where overflow is checked).
#[test]
fn seed_runs_past_the_largest_are_refused_naming_the_flags() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("two.ron");
    let max = u64::MAX.to_string();
    let err = refused(&[
        "new-session",
        out.to_str().unwrap(),
        "classic",
        "classic",
        "--random",
        &max,
    ]);
    assert!(err.contains(&format!("--random {max} with 2 sources")), "{err}");
    assert!(!out.exists());
    let err = refused(&["xray", "stats", "--n", "2", "--seed", &max]);
    assert!(err.contains(&format!("--seed {max} with --n 2")), "{err}");
    // The last seed itself is fine.
    let out = fleetscope(&["xray", "stats", "--n", "1", "--seed", &max, "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// A file an earlier run began is kept only if it is what a fresh run gives:
/// cut after its first lines it still parses, but it is no unique puzzle.
#[test]
fn a_resumed_generate_keeps_only_a_unique_puzzle_of_the_grade() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.txt");
    let path = file.to_str().unwrap();
    let args = [
        "puzzle", "generate", "--family", "queens", "--size", "5", "--grade", "easy", "-o", path,
    ];
    let out = fleetscope(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let whole = std::fs::read_to_string(&file).unwrap();
    // Kept whole: nothing is made again.
    let out = fleetscope(&args);
    assert!(String::from_utf8_lossy(&out.stderr).contains("kept from an earlier run"));
    for lines in [3, 4] {
        let cut: String = whole.lines().take(lines).map(|l| format!("{l}\n")).collect();
        std::fs::write(&file, &cut).unwrap();
        let err = refused(&args);
        assert!(
            err.contains(&format!("{path}: an earlier run of this command began it, but")),
            "{err}"
        );
        assert!(err.contains("remove it to make it again"), "{err}");
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            cut,
            "the file is left as it was"
        );
    }
}
