//! QUBO models and their files: the X-ray model against its definition, the
//! Ising form, exact round trips through COO and qbsolv files, and clear
//! errors on malformed files.

use fleetscope_engines::geometry::BinaryMatrix;
use fleetscope_engines::geometry::TouchRule;
use fleetscope_engines::qubo::{
    ModelFormat, PinMode, Qubo, QuboBuilder, XrayModel, XraySpec, read_coo, read_qbsolv, xray_objective,
};
use proptest::prelude::*;

fn random_picture(rows: usize, cols: usize, bits: &[bool]) -> BinaryMatrix {
    let mut m = BinaryMatrix::zeros(rows, cols);
    for r in 0..rows {
        for c in 0..cols {
            m.set(r, c, bits[(r * cols + c) % bits.len()]);
        }
    }
    m
}

fn random_qubo(n: usize, coefs: &[i32]) -> Qubo {
    let mut b = QuboBuilder::new(n);
    let mut k = 0;
    let mut next = || {
        k += 1;
        coefs[k % coefs.len()] as f64 / 4.0
    };
    for i in 0..n {
        b.add_linear(i, next());
        for j in i + 1..n {
            let v = next();
            if v.abs() > 1.0 {
                b.add_coupler(i, j, v);
            }
        }
    }
    b.add_offset(next());
    b.build().unwrap()
}

fn states(n: usize) -> impl Iterator<Item = Vec<u8>> {
    (0u32..1 << n).map(move |s| (0..n).map(|i| ((s >> i) & 1) as u8).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Energy = ‖Lx − b‖² + ε‖Δx‖² (+ pins), for the model's own sums and for
    /// any other picture, with pins as penalties or eliminated.
    #[test]
    fn xray_model_energy_is_its_definition(
        rows in 1usize..7, cols in 1usize..7,
        bits in prop::collection::vec(any::<bool>(), 1..50),
        other in prop::collection::vec(any::<bool>(), 1..50),
        pins in prop::collection::vec((0usize..7, 0usize..7, any::<bool>()), 0..4),
        eliminate in any::<bool>(), weight in 1u32..5,
    ) {
        let m = random_picture(rows, cols, &bits);
        let mut spec = XraySpec::of_matrix(&m, 0.005);
        let mut seen = std::collections::HashSet::new();
        spec.pins = pins.into_iter()
            .filter(|(r, c, _)| *r < rows && *c < cols && seen.insert((*r, *c)))
            .map(|(r, c, v)| ((r, c), v)).collect();
        spec.pin_mode = if eliminate { PinMode::Eliminate } else { PinMode::Penalty { weight: weight as f64 } };
        let model = XrayModel::build(spec.clone()).unwrap();
        let mut x = random_picture(rows, cols, &other);
        if eliminate {
            for &((r, c), v) in &spec.pins { x.set(r, c, v); }
        }
        let e = model.qubo.energy(&model.encode(&x));
        prop_assert!((e - xray_objective(&spec, &x)).abs() < 1e-9, "{e} vs {}", xray_objective(&spec, &x));
        prop_assert_eq!(model.decode(&model.encode(&x)), x);
    }

    /// The Ising form has the same energy in every state, and converts back.
    #[test]
    fn ising_energies_equal(n in 1usize..7, coefs in prop::collection::vec(-20i32..20, 1..40)) {
        let q = random_qubo(n, &coefs);
        let ising = q.to_ising();
        let back = Qubo::from_ising(&ising).unwrap();
        for x in states(n) {
            let s: Vec<i8> = x.iter().map(|&v| 2 * v as i8 - 1).collect();
            prop_assert!((q.energy(&x) - ising.energy(&s)).abs() < 1e-9);
            prop_assert!((q.energy(&x) - back.energy(&x)).abs() < 1e-9);
        }
    }

    /// Writing and reading either format gives back the same model, bit for bit.
    #[test]
    fn files_round_trip_exactly(n in 1usize..12, coefs in prop::collection::vec(-40i32..40, 1..60), third in any::<bool>()) {
        let mut q = random_qubo(n, &coefs);
        if third {
            // Numbers that are not short decimals.
            let mut b = QuboBuilder::new(n);
            for (i, a) in q.linear().iter().enumerate() { b.add_linear(i, a / 3.0); }
            for (i, j, w) in q.couplers() { b.add_coupler(i, j, w / 7.0); }
            b.add_offset(q.offset() / 3.0);
            q = b.build().unwrap();
        }
        for f in [ModelFormat::Coo, ModelFormat::Qbsolv] {
            let back = f.read(&f.write(&q)).unwrap();
            prop_assert_eq!(&back, &q, "{}", f.name());
        }
    }
}

#[test]
fn the_paper_offset_makes_a_fleet_cost_epsilon_times_its_laplacian() {
    let setup = crate::common::classic();
    let d = fleetscope_engines::geometry::random_deployment(&setup.board, &setup.fleet, TouchRule::MayTouch, 3)
        .unwrap()
        .deployment;
    let m = BinaryMatrix::from_deployment(&setup.board, &setup.fleet, &d).unwrap();
    let model = XrayModel::build(XraySpec::of_matrix(&m, 0.005)).unwrap();
    let e = model.qubo.energy(&model.encode(&m));
    let lap = fleetscope_engines::tomography::laplacian_energy(&m) as f64;
    assert!((e - 0.005 * lap).abs() < 1e-9, "{e} vs {}", 0.005 * lap);
    // The 10×10 model: 100 variables, every pair in a line coupled, plus the stencil.
    let st = model.qubo.stats();
    assert_eq!(st.variables, 100);
    assert_eq!(st.couplers, 1062);
}

#[test]
fn malformed_files_are_refused_with_the_line() {
    let cases: [(&str, ModelFormat, usize, &str); 8] = [
        ("0 0 1\n0 1 two\n", ModelFormat::Coo, 2, "'two'"),
        ("0 0 1\n0 1\n", ModelFormat::Coo, 2, "three fields"),
        ("# vartype=SPINNY\n", ModelFormat::Coo, 1, "vartype"),
        ("0 -1 2\n", ModelFormat::Coo, 1, "'-1'"),
        ("0 0 1\n", ModelFormat::Qbsolv, 1, "program line"),
        ("p qubo 0 2 1 1\n0 0 1\n0 5 1\n", ModelFormat::Qbsolv, 3, "maxNodes"),
        ("p qubo 0 3 1 1\n0 0 1\n2 1 1\n", ModelFormat::Qbsolv, 3, "i < j"),
        ("p qubo 0 3 1 0\n0 0 inf\n", ModelFormat::Qbsolv, 2, "finite"),
    ];
    for (text, f, line, needle) in cases {
        let e = f.read(text).expect_err(text);
        assert_eq!(e.line, Some(line), "{text:?}: {e}");
        assert!(e.to_string().contains(needle), "{text:?}: {e}");
    }
}

#[test]
fn spin_coo_files_are_converted() {
    // E(s) = s0 s1 (J = 1): minimum −1 at opposite spins, i.e. x = 01 or 10.
    let q = read_coo("# vartype=SPIN\n0 1 1\n").unwrap();
    assert_eq!(q.energy(&[0, 1]), -1.0);
    assert_eq!(q.energy(&[1, 1]), 1.0);
    let q = read_qbsolv("c offset=2.5\np qubo 0 2 1 1\n0 0 -1\n0 1 2\n").unwrap();
    assert_eq!(q.energy(&[1, 0]), 1.5);
}

mod binary_bqm {
    //! dimod's binary BQM files, against bytes dimod 0.12.23 wrote (the model
    //! {0: 1.5, 1: −1, 2: 0}, {(0,1): 2, (1,2): −0.5}, offset 0.25).
    use fleetscope_engines::qubo::{Ising, QuboBuilder, read_bqm, write_bqm};

    fn header(vartype: &str, variables: bool) -> Vec<u8> {
        let json = format!(
            "{{\"dtype\": \"float64\", \"itype\": \"int32\", \"ntype\": \"int32\", \"shape\": [3, 2], \
             \"type\": \"BinaryQuadraticModel\", \"variables\": {variables}, \"vartype\": \"{vartype}\"}}\n"
        );
        let mut h = json.into_bytes();
        while !(14 + h.len()).is_multiple_of(64) {
            h.push(b' ');
        }
        let mut out = b"DIMODBQM\x02\x00".to_vec();
        out.extend_from_slice(&(h.len() as u32).to_le_bytes());
        out.extend_from_slice(&h);
        out
    }

    /// dimod's body: offset; (start, bias) per variable; each neighbourhood ascending.
    fn body() -> Vec<u8> {
        let mut b = 0.25f64.to_le_bytes().to_vec();
        for (start, bias) in [(0i32, 1.5f64), (1, -1.0), (3, 0.0)] {
            b.extend_from_slice(&start.to_le_bytes());
            b.extend_from_slice(&bias.to_le_bytes());
        }
        for (u, w) in [(1i32, 2.0f64), (0, 2.0), (2, -0.5), (1, -0.5)] {
            b.extend_from_slice(&u.to_le_bytes());
            b.extend_from_slice(&w.to_le_bytes());
        }
        b
    }

    #[test]
    fn writes_the_bytes_dimod_writes() {
        let mut q = QuboBuilder::new(3);
        q.add_offset(0.25);
        q.add_linear(0, 1.5);
        q.add_linear(1, -1.0);
        q.add_coupler(0, 1, 2.0);
        q.add_coupler(1, 2, -0.5);
        let q = q.build().unwrap();
        let expected = [header("BINARY", false), body()].concat();
        assert_eq!(expected.len(), 284, "dimod's file is 284 bytes");
        assert_eq!(write_bqm(&q), expected);
        let back = read_bqm(&expected).unwrap();
        assert_eq!(back.qubo, q);
        assert!(!back.spin);
    }

    #[test]
    fn reads_a_spin_file_with_labels_exactly() {
        let mut vars = b"VARS".to_vec();
        let mut labels = br#"["a", "b", ["c", 1]]"#.to_vec();
        while !(8 + labels.len()).is_multiple_of(64) {
            labels.push(b' ');
        }
        vars.extend_from_slice(&(labels.len() as u32).to_le_bytes());
        vars.extend_from_slice(&labels);
        let bytes = [header("SPIN", true), body(), vars].concat();
        let f = read_bqm(&bytes).unwrap();
        assert!(f.spin);
        assert_eq!(
            f.labels,
            vec![
                serde_json::json!("a"),
                serde_json::json!("b"),
                serde_json::json!(["c", 1])
            ]
        );
        let ising = Ising {
            h: vec![1.5, -1.0, 0.0],
            j: vec![(0, 1, 2.0), (1, 2, -0.5)],
            offset: 0.25,
        };
        for bits in 0..8u8 {
            let x: Vec<u8> = (0..3).map(|i| bits >> i & 1).collect();
            let s: Vec<i8> = x.iter().map(|&b| 2 * b as i8 - 1).collect();
            assert_eq!(f.qubo.energy(&x), ising.energy(&s), "state {x:?}");
        }
    }

    #[test]
    fn a_damaged_file_is_refused_with_what_is_wrong() {
        let good = [header("BINARY", false), body()].concat();
        assert!(read_bqm(b"DIMODCQM").unwrap_err().contains("DIMODBQM"));
        assert!(read_bqm(&good[..good.len() - 5]).unwrap_err().contains("ends early"));
        let mut v3 = good.clone();
        v3[8] = 3;
        assert!(read_bqm(&v3).unwrap_err().contains("version 3"));
        let mut wrong_neighbour = good.clone();
        let first_quad = good.len() - 4 * 12;
        wrong_neighbour[first_quad..first_quad + 4].copy_from_slice(&7i32.to_le_bytes());
        assert!(read_bqm(&wrong_neighbour).unwrap_err().contains("neighbour 7"));
        for cut in 0..good.len() {
            let _ = read_bqm(&good[..cut]); // never a panic
        }
    }
}

#[test]
fn binary_bqm_files_whose_two_ends_disagree_are_refused() {
    use fleetscope_engines::qubo::{QuboBuilder, read_bqm, write_bqm};
    let mut b = QuboBuilder::new(3);
    b.add_coupler(0, 2, 1.5);
    b.add_coupler(1, 2, -0.5);
    let bytes = write_bqm(&b.build().unwrap());
    assert!(read_bqm(&bytes).is_ok());
    // The body: offset (8), three (start int32, bias f64) pairs, then the
    // neighbourhoods: 0 → [2], 1 → [2], 2 → [0, 1], each (int32, f64).
    let body = bytes.len() - 8 - 3 * 12 - 4 * 12;
    let neighbour = |k: usize| body + 8 + 36 + 12 * k;
    // Variable 2 lists 0 twice (and not 1).
    let mut bad = bytes.clone();
    bad[neighbour(3)..neighbour(3) + 4].copy_from_slice(&0i32.to_le_bytes());
    assert!(read_bqm(&bad).is_err());
    // The bias of 0–2 differs between its two ends.
    let mut bad = bytes.clone();
    bad[neighbour(2) + 4..neighbour(2) + 12].copy_from_slice(&2.5f64.to_le_bytes());
    assert!(read_bqm(&bad).unwrap_err().contains("under one end"));
}

/// A puzzle whose QUBO is refused says why before any build, in the
/// builder's own words; one that builds has no refusal.
#[test]
fn a_refused_puzzle_qubo_is_named_before_it_is_built() {
    use fleetscope_engines::puzzle::{Puzzle, QuboOptions};
    let takuzu = |max_run: &str| {
        Puzzle::parse(&format!(
            "takuzu 6x6\n{max_run}grid\n1..01.\n..0..1\n.0.1..\n....1.\n1..1..\n..1..0\n"
        ))
        .unwrap()
    };
    let battleship = |rows: &str| {
        Puzzle::parse(&format!(
            "battleship 4x4\nships 1 2 2 3\nrows {rows}\ncols 1 3 2 2\ntouch allowed\n"
        ))
        .unwrap()
    };
    let options = QuboOptions::default();
    for p in [takuzu("max-run 3\n"), battleship("2 - 2 3")] {
        let why = p.qubo_refusal(options).expect("refused");
        assert_eq!(
            p.qubo(options).err(),
            Some(why.clone()),
            "the builder refuses in the same words"
        );
        assert!(!why.is_empty());
    }
    for p in [takuzu(""), battleship("2 1 2 3")] {
        assert_eq!(p.qubo_refusal(options), None);
        assert!(p.qubo(options).is_ok());
    }
    let placements = QuboOptions {
        placements: true,
        ..options
    };
    assert_eq!(battleship("2 - 2 3").qubo_refusal(placements), None);
    assert!(
        battleship("2 - 2 3").qubo(placements).is_ok(),
        "the placement QUBO needs no targets"
    );
}
