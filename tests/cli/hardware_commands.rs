//! `qubo embed`, `qubo hardware` and `qubo export --embedding` end to end: an
//! embedding written, read back and checked by the engine's own verifier; the
//! sweep's chain strength equal to `qubo stats`'; the embedded BQM labelled by
//! the embedding's qubits; bad input refused with one line naming it.

use crate::common::*;
use fleetscope::hardware::{Family, Topology, embedding_from_json, verify_embedding};
use fleetscope::qubo::read_bqm;

#[test]
fn an_embedding_is_written_simulated_and_exported() {
    let dir = tempfile::tempdir().unwrap();
    let emb = dir.path().join("heart.json");
    let emb_s = emb.to_str().unwrap();
    let e = json_of(&["qubo", "embed", "heart", "--target", "zephyr:6", "-o", emb_s, "--json"]);
    assert_eq!(e["variables"], 81);
    let chains = embedding_from_json(&std::fs::read_to_string(&emb).unwrap(), 81).unwrap();
    let stats = json_of(&["qubo", "stats", "heart", "--json"]);
    let target = Topology::new(Family::parse("zephyr:6").unwrap()).unwrap();
    let coo = dir.path().join("heart.coo");
    let o = fleetscope(&["qubo", "export", "heart", "-o", coo.to_str().unwrap()]);
    assert!(o.status.success());
    let model = fleetscope::qubo::ModelFormat::Coo
        .read(&std::fs::read_to_string(&coo).unwrap())
        .unwrap();
    let edges: Vec<(usize, usize)> = model.couplers().map(|(a, b, _)| (a, b)).collect();
    assert_eq!(verify_embedding(81, &edges, &chains, &target), Ok(()));
    assert_eq!(e["qubits"], chains.iter().map(Vec::len).sum::<usize>());

    let h = json_of(&[
        "qubo",
        "hardware",
        "heart",
        "--embedding",
        emb_s,
        "--target",
        "zephyr:6",
        "--sweep",
        "0.5x,2x,3.5",
        "--reads",
        "8",
        "--json",
    ]);
    let default = h["default_chain_strength"].as_f64().unwrap();
    assert!((default - stats["default_chain_strength"].as_f64().unwrap()).abs() < 1e-12);
    let points = h["points"].as_array().unwrap();
    let strengths: Vec<f64> = points.iter().map(|p| p["chain_strength"].as_f64().unwrap()).collect();
    for (got, want) in strengths.iter().zip([0.5 * default, 2.0 * default, 3.5]) {
        assert!((got - want).abs() < 1e-12, "{strengths:?}");
    }
    assert!(points.iter().all(|p| p["reads"] == 8));
    assert_eq!(h["success_is"], "the original picture");

    let bqm = dir.path().join("embedded.bqm");
    let o = fleetscope(&[
        "qubo",
        "export",
        "heart",
        "--format",
        "bqm",
        "--embedding",
        emb_s,
        "--target",
        "zephyr:6",
        "-o",
        bqm.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let file = read_bqm(&std::fs::read(&bqm).unwrap()).unwrap();
    let mut qubits: Vec<u64> = chains.iter().flatten().map(|&q| u64::from(q)).collect();
    qubits.sort_unstable();
    let labels: Vec<u64> = file.labels.iter().map(|l| l.as_u64().unwrap()).collect();
    assert_eq!(labels, qubits);
    // Intact chains carry the logical energy: the all-zero state's energy is the offset on both.
    assert!((file.qubo.energy(&vec![0; labels.len()]) - model.energy(&[0; 81])).abs() < 1e-9);
}

#[test]
fn bad_hardware_input_exits_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let emb = dir.path().join("e.json");
    std::fs::write(&emb, r#"{"0": [0], "1": [4]}"#).unwrap();
    let two = dir.path().join("two.coo");
    std::fs::write(&two, "0 1 1.0\n").unwrap();
    let (emb, two) = (emb.to_str().unwrap(), two.to_str().unwrap());
    for (args, says) in [
        (vec!["qubo", "embed", "heart", "--target", "hexagon:3"], "hexagon"),
        (vec!["qubo", "embed", "heart", "--method", "magic"], "'magic'"),
        (vec!["qubo", "embed", "heart", "--tries", "0"], "--tries"),
        (vec!["qubo", "embed", "heart", "--target", "chimera:1"], "cannot fit"),
        (
            vec!["qubo", "hardware", "heart", "--embedding", emb, "--target", "chimera:1"],
            "variable 2 has no chain",
        ),
        (
            vec![
                "qubo",
                "hardware",
                two,
                "--embedding",
                emb,
                "--target",
                "chimera:1",
                "--sweep",
                "1,x",
            ],
            "'x'",
        ),
        (
            vec![
                "qubo",
                "hardware",
                two,
                "--embedding",
                emb,
                "--target",
                "chimera:1",
                "--sweep",
                "-1",
            ],
            "above 0",
        ),
        (
            vec![
                "qubo",
                "hardware",
                two,
                "--embedding",
                emb,
                "--target",
                "chimera:1",
                "--chain-strength",
                "1",
                "--sweep",
                "2",
            ],
            "not both",
        ),
        (
            vec![
                "qubo",
                "hardware",
                two,
                "--embedding",
                emb,
                "--target",
                "chimera:1",
                "--reads",
                "0",
            ],
            "reads",
        ),
        (
            vec!["qubo", "hardware", two, "--embedding", emb, "--target", "pegasus:2"],
            "not in",
        ),
        (
            vec![
                "qubo",
                "hardware",
                two,
                "--embedding",
                "/nonexistent/e.json",
                "--target",
                "chimera:1",
            ],
            "e.json",
        ),
        (
            vec!["qubo", "export", two, "--embedding", emb, "-o", "x.coo"],
            "--format bqm",
        ),
        (
            vec!["qubo", "export", two, "--chain-strength", "2", "-o", "x.coo"],
            "--embedding",
        ),
    ] {
        let o = fleetscope(&args);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    // The right model on the right graph works.
    let h = json_of(&[
        "qubo",
        "hardware",
        two,
        "--embedding",
        emb,
        "--target",
        "chimera:1",
        "--reads",
        "5",
        "--json",
    ]);
    assert_eq!(h["points"].as_array().unwrap().len(), 8, "the default sweep");
    assert_eq!(
        h["success_is"],
        serde_json::Value::Null,
        "a model file has nothing to judge"
    );
}

/// The time limit starts once the input is checked and covers building the
/// target graph: Zephyr Z32 with t = 16 (4.45 million couplers) cannot be
/// built within a millisecond, so the command says the limit ran out there.
#[test]
fn the_time_limit_covers_building_the_graph() {
    let takuzu = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/takuzu-6.txt");
    let out = fleetscope(&[
        "qubo",
        "embed",
        takuzu,
        "--target",
        "zephyr:32,16",
        "--time-limit",
        "0.001",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("time limit ran out while building the Zephyr Z32 (t = 16) graph"),
        "{err}"
    );
    // The time it took is reported.
    let e = json_of(&["qubo", "embed", takuzu, "--target", "pegasus:4", "--json"]);
    assert!(e["graph_cpu_s"].as_f64().is_some_and(|s| s >= 0.0), "{e}");
}
