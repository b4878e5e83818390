//! D-Wave's qubit graphs against their published sizes (dwave-networkx's
//! docstrings and D-Wave's formulas), degree histograms measured with
//! dwave-networkx 0.8.18, and the coordinate systems' worked examples.

use fleetscope_engines::hardware::{Chimera, Family, Pegasus, Topology, Zephyr};
use std::collections::BTreeMap;

fn graph(spec: &str) -> Topology {
    Topology::new(Family::parse(spec).unwrap()).unwrap()
}

fn degree_histogram(t: &Topology) -> BTreeMap<usize, usize> {
    let adj = t.adjacency();
    let mut h = BTreeMap::new();
    for &q in &t.nodes {
        *h.entry(adj[q as usize].len()).or_default() += 1;
    }
    h
}

#[test]
fn chimera_sizes_follow_the_formula() {
    for (m, n, t) in [(1, 1, 4), (2, 2, 4), (3, 5, 2), (16, 16, 4)] {
        let g = Topology::new(Family::Chimera(Chimera { m, n, t })).unwrap();
        assert_eq!(g.nodes.len(), 2 * t * m * n, "C({m},{n},{t}) nodes");
        assert_eq!(
            g.edges.len(),
            t * t * m * n + t * (m - 1) * n + t * m * (n - 1),
            "C({m},{n},{t}) edges"
        );
    }
    let c16 = graph("chimera:16");
    assert_eq!((c16.nodes.len(), c16.edges.len(), c16.max_degree()), (2048, 6016, 6));
}

#[test]
fn pegasus_sizes_and_degrees_match_dwave_networkx() {
    for m in [2, 3, 4, 6, 16] {
        let g = Topology::new(Family::Pegasus(Pegasus { m })).unwrap();
        assert_eq!(g.nodes.len(), 8 * (m - 1) * (3 * m - 1), "P{m} nodes (the fabric)");
        assert_eq!(g.edges.len(), 180 * (m - 1) * (m - 1) - 16, "P{m} edges");
    }
    let p16 = graph("pegasus:16");
    assert_eq!((p16.nodes.len(), p16.edges.len(), p16.max_degree()), (5640, 40484, 15));
    // The fabric leaves gaps in the labels: P16 runs from 30 to 5729.
    assert_eq!((p16.nodes[0], *p16.nodes.last().unwrap()), (30, 5729));
    let expected: BTreeMap<usize, usize> = [(15, 4472), (14, 688), (11, 208), (10, 32), (7, 208), (6, 32)].into();
    assert_eq!(degree_histogram(&p16), expected);
}

#[test]
fn zephyr_sizes_follow_the_formula() {
    for (m, t) in [(1, 4), (2, 2), (3, 1), (6, 4), (12, 4), (15, 4)] {
        let g = Topology::new(Family::Zephyr(Zephyr { m, t })).unwrap();
        assert_eq!(g.nodes.len(), 4 * t * m * (2 * m + 1), "Z({m},{t}) nodes");
        assert_eq!(
            g.edges.len(),
            2 * t * (8 * t * m * m + 8 * m * m - 2 * m - 3),
            "Z({m},{t}) edges"
        );
        if m >= 3 {
            // A qubit mid-line: 4t internal, 2 odd, 2 external couplers.
            assert_eq!(g.max_degree(), 4 * t + 4, "Z({m},{t}) degree");
        }
    }
    let z15 = graph("zephyr:15");
    assert_eq!((z15.nodes.len(), z15.edges.len()), (7440, 71736));
}

#[test]
fn labels_and_coordinates_convert_both_ways() {
    // dwave-networkx's own examples (m = 2).
    let z2 = Zephyr { m: 2, t: 4 };
    assert_eq!(z2.linear([0, 1, 2, 1, 0]), 26);
    assert_eq!(z2.coord(137), [1, 3, 2, 0, 1]);
    let c = Chimera { m: 3, n: 5, t: 2 };
    let p = Pegasus { m: 4 };
    let z = Zephyr { m: 3, t: 2 };
    for q in 0..2 * 2 * 3 * 5 {
        assert_eq!(c.linear(c.coord(q)), q, "chimera:3,5,2 label {q}");
    }
    for q in 0..24 * 4 * 3 {
        assert_eq!(p.linear(p.coord(q)), q, "pegasus:4 label {q}");
    }
    for q in 0..4 * 2 * 3 * 7 {
        assert_eq!(z.linear(z.coord(q)), q, "zephyr:3,2 label {q}");
    }
    // Chimera (i, j, u, k) with n = 5, t = 2: ((5i + j)·2 + u)·2 + k.
    assert_eq!(c.linear([1, 2, 1, 1]), ((5 + 2) * 2 + 1) * 2 + 1);
}

#[test]
fn every_coupler_joins_two_qubits_of_the_graph_once() {
    for spec in ["chimera:4", "pegasus:5", "zephyr:3"] {
        let g = graph(spec);
        let nodes: std::collections::BTreeSet<u32> = g.nodes.iter().copied().collect();
        assert!(g.edges.windows(2).all(|w| w[0] < w[1]), "{spec}: sorted, no repeats");
        assert!(
            g.edges
                .iter()
                .all(|&(a, b)| a < b && nodes.contains(&a) && nodes.contains(&b))
        );
    }
}

#[test]
fn missing_qubits_take_their_couplers_with_them() {
    let c = graph("chimera:2");
    let fewer = c.without(&[0], &[(1, 5)]).unwrap();
    assert_eq!(fewer.nodes.len(), c.nodes.len() - 1);
    // Qubit 0 had t + 1 = 5 couplers (4 in its tile, 1 to the tile below).
    assert_eq!(fewer.edges.len(), c.edges.len() - 5 - 1);
    assert!(c.without(&[9999], &[]).unwrap_err().contains("9999"));
    assert!(c.without(&[], &[(0, 1)]).unwrap_err().contains("(0, 1)"));
}

#[test]
fn targets_are_read_from_words_and_checked() {
    assert_eq!(Family::parse("P16").unwrap(), Family::Pegasus(Pegasus { m: 16 }));
    assert_eq!(
        Family::parse("zephyr:15").unwrap(),
        Family::Zephyr(Zephyr { m: 15, t: 4 })
    );
    assert_eq!(
        Family::parse("chimera:2,3,4").unwrap(),
        Family::Chimera(Chimera { m: 2, n: 3, t: 4 })
    );
    assert!(
        Family::parse("pegasus:1")
            .unwrap_err()
            .contains("Pegasus m must be 2 to 32")
    );
    assert!(Family::parse("zephyr:99").unwrap_err().contains("1 to 32"));
    assert!(Family::parse("hexagon:4").unwrap_err().contains("pegasus:M"));
    assert!(Family::parse("chimera:x").unwrap_err().contains("'x'"));
}

/// Every family's spec reads back as the same graph, at the smallest, a few
/// middle and the largest sizes: sessions and `bench embed` store
/// `Family::spec` and read it with `Family::parse`. The written form is
/// today's (`chimera:m,n,t`, `pegasus:m`, `zephyr:m,t`).
#[test]
fn every_family_spec_reads_back_as_the_same_graph() {
    let mut families = Vec::new();
    for m in [1, 2, 4, 32] {
        families.push(Family::Chimera(Chimera { m, n: m, t: 4 }));
        families.push(Family::Chimera(Chimera { m, n: 33 - m, t: 16 }));
        families.push(Family::Zephyr(Zephyr { m, t: 4 }));
        families.push(Family::Zephyr(Zephyr { m, t: 1 }));
        if m >= 2 {
            families.push(Family::Pegasus(Pegasus { m }));
        }
    }
    for f in families {
        f.check().unwrap();
        let spec = f.spec();
        assert_eq!(Family::parse(&spec), Ok(f), "{spec}");
        assert_eq!(Family::parse(&spec).unwrap().spec(), spec);
    }
    assert_eq!(Family::parse("c16").unwrap().spec(), "chimera:16,16,4");
    assert_eq!(Family::parse("P16").unwrap().spec(), "pegasus:16");
    assert_eq!(Family::parse("zephyr:15").unwrap().spec(), "zephyr:15,4");
    assert_eq!(
        Family::parse("hexagon:4").unwrap_err(),
        "'hexagon:4': a target is chimera:M[,N,T], pegasus:M or zephyr:M[,T] (e.g. pegasus:16, zephyr:15)"
    );
}

/// dwave-system's documented examples of its default chain strength.
#[test]
fn default_chain_strength_is_dwave_systems() {
    use fleetscope_engines::hardware::{DEFAULT_PREFACTOR, uniform_torque_compensation};
    use fleetscope_engines::qubo::{Ising, QuboBuilder};
    // An Ising triangle with J = 1: 1.414 · 1 · √2.
    let k3 = Ising {
        h: vec![0.0; 3],
        j: vec![(0, 1, 1.0), (0, 2, 1.0), (1, 2, 1.0)],
        offset: 0.0,
    };
    let s = uniform_torque_compensation(&k3, DEFAULT_PREFACTOR);
    assert!((s - 1.9996979771955565).abs() < 1e-12, "{s}");
    // K5 as a QUBO of ones with prefactor 3: J = 1/4, mean degree 4, so 3 · 0.25 · 2.
    let mut b = QuboBuilder::new(5);
    for i in 0..5 {
        b.add_linear(i, 1.0);
        for j in i + 1..5 {
            b.add_coupler(i, j, 1.0);
        }
    }
    let k5 = b.build().unwrap().to_ising();
    assert!((uniform_torque_compensation(&k5, 3.0) - 1.5).abs() < 1e-12);
    // No couplings: 1.
    let lone = Ising {
        h: vec![2.0],
        j: vec![],
        offset: 0.0,
    };
    assert_eq!(uniform_torque_compensation(&lone, DEFAULT_PREFACTOR), 1.0);
}

/// A model built to straddle the 1 % threshold: after scaling into
/// Advantage's ranges, one coupling is just below it and one just above.
#[test]
fn the_precision_verdict_names_the_terms_below_the_threshold() {
    use fleetscope_engines::hardware::{ADVANTAGE, DEFAULT_PRECISION, precision_report};
    use fleetscope_engines::qubo::Ising;
    // The largest coupling (−2) sets the scale: divide by 2, so J = 0.019 and
    // 0.021 become 0.95 % and 1.05 % of the J range; h = 0.4 becomes 0.2 / 4 = 5 %.
    let ising = Ising {
        h: vec![0.4, 0.0, 0.0],
        j: vec![(0, 1, -2.0), (0, 2, 0.019), (1, 2, 0.021)],
        offset: 0.0,
    };
    let r = precision_report(&ising, ADVANTAGE, DEFAULT_PRECISION);
    assert_eq!(r.divide_by, 2.0);
    assert_eq!((r.below, r.terms), (1, 4));
    assert!((r.smallest_j.unwrap() - 0.0095).abs() < 1e-12);
    assert!((r.smallest_h.unwrap() - 0.05).abs() < 1e-12);
    assert!(
        r.verdict().contains("1 of 4 terms fall below the 1.00 % precision"),
        "{}",
        r.verdict()
    );
    // A field beyond its range sets the scale instead: h = 8 is twice Advantage's 4.
    let loud = Ising {
        h: vec![8.0, 0.0],
        j: vec![(0, 1, 0.5)],
        offset: 0.0,
    };
    let r = precision_report(&loud, ADVANTAGE, DEFAULT_PRECISION);
    assert_eq!((r.divide_by, r.below), (2.0, 0));
    assert!(r.verdict().contains("every term is above"), "{}", r.verdict());
}

/// Building a graph looks at the flag: a cancel is a cancel, a deadline past
/// names the graph.
#[test]
fn building_a_graph_stops_on_the_flag() {
    use fleetscope_engines::hardware::EmbedError;
    use fleetscope_engines::run::CancelFlag;
    let family = Family::parse("zephyr:4").unwrap();
    let cancel = CancelFlag::new();
    cancel.cancel();
    assert!(matches!(
        Topology::build(family, &cancel),
        Err(EmbedError::Cancelled(_))
    ));
    let past = CancelFlag::new().with_time_limit(std::time::Duration::ZERO);
    match Topology::build(family, &past) {
        Err(EmbedError::GraphOutOfTime(name)) => assert_eq!(name, "Zephyr Z4 (t = 4)"),
        other => panic!("{other:?}"),
    }
}
