//! The embedded problem checked by brute force: an intact chain state has the
//! logical energy, a strong chain keeps the ground state's chains whole and
//! unembeds to the logical ground state, a weak one lets a frustrated model
//! break a chain; the simulated sweep with a very strong chain finds the
//! logical ground state; labelled binary BQM files and embedding JSON round trip.

use fleetscope_engines::hardware::{
    EmbedMethod, EmbedOptions, Family, Topology, embed_problem, embedding_from_json, embedding_to_json, find_embedding,
};
use fleetscope_engines::qubo::{Qubo, QuboBuilder, read_bqm, write_bqm_labelled};
use fleetscope_engines::run::CancelFlag;
use fleetscope_engines::solve::{AnnealParams, SolveRequest, Solver, SweepPlan, chain_strength_sweep};

fn graph(spec: &str) -> Topology {
    Topology::new(Family::parse(spec).unwrap()).unwrap()
}

/// A frustrated triangle (every pair wants to differ, all three can't) plus small fields.
fn triangle() -> Qubo {
    let mut b = QuboBuilder::new(3);
    b.add_linear(0, -1.0);
    b.add_linear(1, -1.2);
    b.add_linear(2, -0.9);
    b.add_coupler(0, 1, 2.0);
    b.add_coupler(1, 2, 2.0);
    b.add_coupler(0, 2, 2.0);
    b.add_offset(0.5);
    b.build().unwrap()
}

fn states(n: usize) -> impl Iterator<Item = Vec<u8>> {
    (0..1u64 << n).map(move |m| (0..n).map(|i| ((m >> i) & 1) as u8).collect())
}

fn ground(q: &Qubo) -> (f64, Vec<u8>) {
    states(q.len())
        .map(|x| (q.energy(&x), x))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap()
}

/// The triangle on Chimera C1 (a K_{4,4}): one variable needs two qubits.
fn triangle_on_c1() -> (Qubo, Vec<Vec<u32>>, Topology) {
    let target = graph("chimera:1");
    let q = triangle();
    let edges: Vec<(usize, usize)> = q.couplers().map(|(a, b, _)| (a, b)).collect();
    let options = EmbedOptions {
        method: EmbedMethod::Heuristic,
        ..Default::default()
    };
    let e = find_embedding(3, &edges, &target, &options, &CancelFlag::new(), &|_| {}).unwrap();
    assert!(e.max_chain >= 2, "a triangle in a bipartite graph needs a chain");
    (q, e.chains, target)
}

#[test]
fn intact_chains_carry_the_logical_energy() {
    let (q, chains, target) = triangle_on_c1();
    let p = embed_problem(&q, &chains, &target, 3.0).unwrap();
    assert_eq!(p.labels.len(), chains.iter().map(Vec::len).sum::<usize>());
    for x in states(3) {
        let physical = p.embed_state(&x);
        assert!((p.qubo.energy(&physical) - q.energy(&x)).abs() < 1e-12, "{x:?}");
        assert_eq!(p.unembed(&physical), (x.clone(), 0));
    }
}

#[test]
fn a_strong_chain_keeps_the_ground_state_and_a_weak_one_breaks() {
    let (q, chains, target) = triangle_on_c1();
    let (logical_min, logical_best) = ground(&q);
    let strong = embed_problem(&q, &chains, &target, 10.0).unwrap();
    let (e, x) = ground(&strong.qubo);
    assert!((e - logical_min).abs() < 1e-12, "{e} vs {logical_min}");
    let (back, broken) = strong.unembed(&x);
    assert_eq!(broken, 0);
    assert_eq!(back, logical_best);
    // Broken chains cost 2s per disagreeing coupler: at s = 0.01 the
    // frustration is cheaper to resolve by breaking the chain.
    let weak = embed_problem(&q, &chains, &target, 0.01).unwrap();
    let (e, x) = ground(&weak.qubo);
    assert!(e < logical_min - 0.2, "{e} vs {logical_min}");
    assert_eq!(weak.unembed(&x).1, 1);
}

#[test]
fn unembedding_takes_the_majority_and_ties_go_to_one() {
    let target = graph("chimera:1");
    // Variable 0 on a path of three qubits (0–4–1), variable 1 on qubits 5 and 2 (5–2).
    let mut b = QuboBuilder::new(2);
    b.add_coupler(0, 1, 1.0);
    let q = b.build().unwrap();
    let p = embed_problem(&q, &vec![vec![0, 1, 4], vec![2, 5]], &target, 1.0).unwrap();
    assert_eq!(p.labels, vec![0, 1, 2, 4, 5]);
    // Dense order: qubits 0, 1, 2, 4, 5.
    assert_eq!(p.unembed(&[1, 0, 1, 1, 0]), (vec![1, 1], 2));
    assert_eq!(p.unembed(&[0, 0, 1, 1, 1]), (vec![0, 1], 1));
    assert_eq!(p.unembed(&[0, 0, 0, 0, 0]), (vec![0, 0], 0));
    assert!(
        embed_problem(&q, &vec![vec![0], vec![1]], &target, 1.0).is_err(),
        "0 and 1 are not coupled"
    );
    assert!(embed_problem(&q, &vec![vec![0], vec![4]], &target, f64::NAN).is_err());
}

#[test]
fn a_strong_chain_simulates_the_logical_ground_state() {
    let (q, chains, target) = triangle_on_c1();
    let (logical_min, logical_best) = ground(&q);
    let request = SolveRequest {
        solver: Solver::Anneal(AnnealParams::default()),
        reads: 50,
        threads: 1,
        ..Default::default()
    };
    let plan = SweepPlan {
        strengths: &[5.0, 0.01, 1000.0],
        request: &request,
        ranges: fleetscope_engines::hardware::ADVANTAGE,
        precision: 0.01,
    };
    let success = |x: &[u8]| (q.energy(x) - logical_min).abs() < 1e-9;
    let points =
        chain_strength_sweep(&q, &chains, &target, &plan, Some(&success), &CancelFlag::new(), &|_| {}).unwrap();
    assert_eq!(points.len(), 3);
    let strong = &points[0];
    assert_eq!(strong.reads, 50);
    assert_eq!(strong.chain_break_rate, 0.0);
    assert!((strong.best_energy - logical_min).abs() < 1e-9);
    assert_eq!(strong.best_state, logical_best);
    // Annealing itself ends in the triangle's other minima some of the time.
    assert!(strong.success.unwrap() > 0.0);
    assert_eq!(strong.precision.below, 0, "{}", strong.precision.verdict());
    // At 0.01 chains break in most reads; at 1000 the chain coupling sets
    // the scale and the model's own terms fall below 1 % of the range.
    assert!(points[1].chain_break_rate > 0.2, "{}", points[1].chain_break_rate);
    assert!(points[2].precision.below > 0, "{}", points[2].precision.verdict());
    let run = || chain_strength_sweep(&q, &chains, &target, &plan, None, &CancelFlag::new(), &|_| {}).unwrap();
    assert_eq!(run(), run(), "deterministic per seed");
}

#[test]
fn labelled_binary_bqm_files_round_trip() {
    let (q, chains, target) = triangle_on_c1();
    let p = embed_problem(&q, &chains, &target, 2.0).unwrap();
    let bytes = write_bqm_labelled(&p.qubo, &p.labels);
    let vars = bytes.windows(4).position(|w| w == b"VARS").expect("a labels section");
    assert_eq!(
        (bytes.len() - vars) % 64,
        0,
        "dimod pads the labels section to 64 bytes"
    );
    let back = read_bqm(&bytes).unwrap();
    assert_eq!(back.qubo, p.qubo);
    let labels: Vec<u64> = back.labels.iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(labels, p.labels.iter().map(|&l| u64::from(l)).collect::<Vec<_>>());
}

#[test]
fn embedding_json_round_trips_and_names_what_is_wrong() {
    let chains = vec![vec![3, 7], vec![12], vec![0, 4, 5]];
    let text = embedding_to_json(&chains);
    assert_eq!(embedding_from_json(&text, 3).unwrap(), chains);
    assert_eq!(
        embedding_from_json(r#"{"1": 12, "0": [3, 7]}"#, 2).unwrap(),
        vec![vec![3, 7], vec![12]]
    );
    let cases = [
        ("[1, 2]", "object"),
        (r#"{"0": [1]}"#, "variable 1 has no chain"),
        (r#"{"0": [1], "1": [2], "2": [3]}"#, "beyond"),
        (r#"{"a": [1], "1": [2]}"#, "not a number"),
        (r#"{"0": [-1], "1": [2]}"#, "not a qubit label"),
        (r#"{"0": "q", "1": [2]}"#, "not a list"),
        ("{", "not an embedding"),
    ];
    for (text, says) in cases {
        let e = embedding_from_json(text, 2).unwrap_err();
        assert!(e.contains(says), "{text}: {e}");
    }
}

#[test]
fn repeated_or_odd_keys_and_a_long_chain_are_read_as_they_should() {
    assert!(
        embedding_from_json(r#"{"0": [1], "0": [2], "1": [3]}"#, 2)
            .unwrap_err()
            .contains("appears twice")
    );
    for key in [" 1", "+1", "01", "1e0"] {
        let text = format!(r#"{{"0": [1], "{key}": [2]}}"#);
        assert!(
            embedding_from_json(&text, 2).unwrap_err().contains("not a number"),
            "{key}"
        );
    }
    // One variable on every qubit of a large graph: checked in time linear in the chain.
    let target = graph("zephyr:12");
    let mut b = QuboBuilder::new(1);
    b.add_linear(0, 1.0);
    let q = b.build().unwrap();
    let chain = vec![target.nodes.clone()];
    let p = embed_problem(&q, &chain, &target, 1.0).unwrap();
    assert_eq!(p.labels.len(), target.nodes.len());
    assert_eq!(p.chain_couplers.len(), target.edges.len());
    let twice = vec![vec![target.nodes[0], target.nodes[0]]];
    assert!(embed_problem(&q, &twice, &target, 1.0).unwrap_err().contains("twice"));
}
