//! `fleetscope solve` and `qubo export|stats`: models from each kind of source,
//! answers checked against a brute force of the exported model, success judged
//! over every returned state (not only the printed ones), and bad input refused.

use crate::common::*;
use fleetscope::qubo::ModelFormat;
use serde_json::Value;

#[test]
fn solve_finds_the_ground_state_a_brute_force_finds() {
    let dir = tempfile::tempdir().unwrap();
    let coo = dir.path().join("csp.coo");
    let out = fleetscope(&[
        "qubo",
        "export",
        "csp-sample-4x4",
        "--format",
        "coo",
        "-o",
        coo.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let q = ModelFormat::Coo.read(&std::fs::read_to_string(&coo).unwrap()).unwrap();
    assert_eq!(q.len(), 16);
    // Every one of the 2¹⁶ states.
    let ground = (0u32..1 << 16)
        .map(|bits| {
            let x: Vec<u8> = (0..16).map(|i| (bits >> i & 1) as u8).collect();
            q.energy(&x)
        })
        .fold(f64::INFINITY, f64::min);
    let run = json_of(&[
        "solve",
        "csp-sample-4x4",
        "--solver",
        "tabu",
        "--reads",
        "10",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(run["variables"], 16);
    assert_eq!(run["success"], true, "{run}");
    let best = run["samples"][0]["energy"].as_f64().unwrap();
    assert!(
        (best - ground).abs() < 1e-9,
        "solve's best {best}, brute force {ground}"
    );
    // The same model from the exported file: same variables and couplers.
    let stats = json_of(&["qubo", "stats", coo.to_str().unwrap(), "--json"]);
    assert_eq!(stats["variables"], run["variables"]);
    assert_eq!(stats["couplers"], run["couplers"]);
    // A file model has nothing to judge against.
    let file_run = json_of(&[
        "solve",
        coo.to_str().unwrap(),
        "--reads",
        "5",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(file_run["success"], Value::Null, "{file_run}");
}

#[test]
fn success_does_not_depend_on_how_many_states_are_printed() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/saves/example.ron");
    let run = |keep: &str| {
        json_of(&[
            "solve",
            example,
            "--solver",
            "sa",
            "--reads",
            "300",
            "--sweeps",
            "200",
            "--seed",
            "3",
            "--threads",
            "1",
            "--keep",
            keep,
            "--json",
        ])
    };
    let (one, many) = (run("1"), run("1000"));
    assert_eq!(one["samples"].as_array().unwrap().len(), 1);
    for key in ["success", "successes", "right_sums", "distinct"] {
        assert_eq!(one[key], many[key], "{key}");
    }
    let successes = many["successes"].as_u64().unwrap();
    let printed_fleets = many["samples"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["fleet"] == true)
        .count();
    assert_eq!(
        successes as usize, printed_fleets,
        "every state was printed with --keep 1000"
    );
}

#[test]
fn typed_sums_images_and_pins_build_their_models() {
    let sums = json_of(&[
        "solve",
        "--rows",
        "2,3",
        "--cols",
        "1,1,1,1,1",
        "--ships",
        "2,3",
        "--solver",
        "tabu",
        "--reads",
        "5",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(sums["variables"], 10);
    assert_eq!(sums["success"], true, "{sums}");
    let heart = json_of(&["qubo", "stats", "heart", "--json"]);
    assert_eq!(heart["variables"], 81);
    // Known cells removed from the model.
    let pinned = json_of(&[
        "qubo",
        "stats",
        "heart",
        "--pin",
        "1,1,0",
        "--pin",
        "5,5,1",
        "--eliminate",
        "--json",
    ]);
    assert_eq!(pinned["variables"], 79);
}

#[test]
fn bad_solve_input_exits_2_with_one_line() {
    for (args, says) in [
        (vec!["solve", "classic", "--solver", "magic"], "unknown sampler 'magic'"),
        (vec!["solve", "csp-sample-4x4", "--time-limit", "0"], "time limit"),
        (vec!["solve", "classic"], "0 of 5 ships are placed"),
        (vec!["solve", "heart", "--pin", "0,1,1"], "pin '0,1,1'"),
        (vec!["solve", "classic", "--rows", "1,1"], "not both"),
        (vec!["solve", "--rows", "2,x", "--cols", "1,1"], "row sums: 'x'"),
        (
            vec!["solve", "--rows", "2,3", "--cols", "1,1,1,1,1", "--ships", "6"],
            "does not fit",
        ),
        (
            vec!["solve", "--rows", "2,3", "--cols", "1,1,1,1,1", "--ships", "2,2"],
            "cover 4 cells",
        ),
        (vec!["solve", "heart", "--shots-as-pins"], "--shots-as-pins"),
        (
            vec!["solve", "--rows", "1,1,3,3", "--cols", "1,1,2,3", "--ships", "3"],
            "the row sums add up to 8 but the column sums to 7",
        ),
    ] {
        let o = fleetscope(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}

/// `solve --until-fleet` stops at the first read holding a fleet and says so;
/// a model without ships to count refuses the flag.
#[test]
fn until_fleet_stops_at_the_first_fleet() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/saves/example.ron");
    let v = json_of(&[
        "solve",
        example,
        "--solver",
        "tabu",
        "--reads",
        "50",
        "--restarts",
        "300",
        "--threads",
        "1",
        "--until-fleet",
        "--json",
    ]);
    assert_eq!(v["stop"], "Goal");
    assert_eq!(v["success"], true);
    assert!(v["reads"].as_u64().unwrap() < 50, "{v}");
    let out = crate::common::fleetscope(&["solve", "heart", "--until-fleet"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--until-fleet needs ships"));
}

/// `--until-fleet` means until: on its own it runs the sampler and budget that
/// get to a fleet (tabu with up to 2,000 restarts a read, within a time
/// limit) and says so. The oracle: each X-ray comes from a random classic
/// fleet, so a fleet sharing it exists. (The default budget, 100 reads of
/// SA, finds one for about a fifth of them.)
#[test]
fn until_fleet_runs_until_it_finds_a_fleet() {
    use fleetscope::geometry::{BinaryMatrix, random_deployment};
    let setup = fleetscope::presets::load("classic").unwrap().unwrap();
    let join = |v: Vec<u32>| v.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    for seed in 1..=10 {
        let d = random_deployment(&setup.board, &setup.fleet, setup.rules.touch, 100 + seed)
            .unwrap()
            .deployment;
        let m = BinaryMatrix::from_deployment(&setup.board, &setup.fleet, &d).unwrap();
        let (rows, cols) = (join(m.row_sums()), join(m.col_sums()));
        let run = json_of(&[
            "solve",
            "--rows",
            &rows,
            "--cols",
            &cols,
            "--ships",
            "5,4,3,3,2",
            "--until-fleet",
            "--threads",
            "1",
            "--json",
        ]);
        assert_eq!(run["success"], true, "seed {seed}: {run}");
        assert_eq!(run["solver"], "tabu", "seed {seed}: {run}");
        let plan = run["plan"].as_str().unwrap_or_default();
        assert!(
            plan.contains("2,000 restarts") && plan.contains("time limit 60 s"),
            "{plan}"
        );
    }
}

/// Each sampler's settings are flags made from its description: SA's β range
/// among them, its limits and words those of the sampler's own check.
#[test]
fn sampler_settings_are_flags_with_the_checks_limits() {
    let plan = |extra: &[&str]| {
        let mut args = vec!["solve", "heart", "--reads", "2", "--threads", "1", "--json"];
        args.extend(extra);
        json_of(&args)["plan"].as_str().unwrap().to_string()
    };
    let beta = plan(&["--solver", "sa", "--beta", "0.1,10"]);
    assert!(beta.contains("β 0.1 to 10"), "{beta}");
    assert_eq!(plan(&["--solver", "sa", "--beta", "auto"]), plan(&["--solver", "sa"]));
    // auto reads as no tenure given: the model's own choice, which off
    // puzzles is what 0 asks for, and the plan names the number that runs.
    let tabu = ["--solver", "tabu", "--restarts", "1"];
    let auto = plan(&[&tabu[..], &["--tenure", "auto"]].concat());
    assert_eq!(auto, plan(&tabu));
    assert_eq!(auto, plan(&[&tabu[..], &["--tenure", "0"]].concat()));
    assert!(!auto.contains("tenure auto"), "{auto}");
    assert!(plan(&[&tabu[..], &["--tenure", "3"]].concat()).contains("tenure 3"));
    for (args, says) in [
        (
            vec!["solve", "heart", "--beta", "2,1"],
            "'--beta <LOW,HIGH>': β range must have β hot ≤ β cold, not (2, 1)",
        ),
        (vec!["solve", "heart", "--beta", "1"], "LOW,HIGH"),
        (
            vec!["solve", "heart", "--sweeps", "0"],
            "sweeps must be from 1 to 100,000,000, not 0",
        ),
        (vec!["solve", "heart", "--sweeps", "auto"], "--sweeps"),
        (
            vec!["solve", "heart", "--solver", "tabu", "--beta", "1,2"],
            "--beta is a setting of sa, not of tabu",
        ),
    ] {
        let o = fleetscope(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}
