//! Tomography against OEIS oracles, brute force, and the paper's Figure 3.

use fleetscope_engines::cover::CountError;
use fleetscope_engines::geometry::BinaryMatrix;
use fleetscope_engines::geometry::{Fleet, Lattice};
use fleetscope_engines::run::{CancelFlag, Progress};
use fleetscope_engines::tomography::{XRay, count_matrices, count_realisations, interchanges, laplacian_energy, walk};
use num_bigint::BigUint;
use proptest::prelude::*;

fn uniform(n: usize, k: u32) -> XRay {
    XRay {
        rows: vec![k; n],
        cols: vec![k; n],
    }
}

fn big(n: u128) -> BigUint {
    BigUint::from(n)
}

#[test]
fn all_sums_one_two_three_match_oeis() {
    // A000142, A001499, A001501 (offset 0), from shared/data/oracles.md.
    let fact: [u128; 10] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880];
    let a001499: [u128; 13] = [
        1,
        0,
        1,
        6,
        90,
        2040,
        67950,
        3110940,
        187530840,
        14398171200,
        1371785398200,
        158815387962000,
        21959547410077200,
    ];
    let a001501: [u128; 11] = [
        1,
        0,
        0,
        1,
        24,
        2040,
        297200,
        68938800,
        24046189440,
        12025780892160,
        8302816499443200,
    ];
    for n in 1..10 {
        assert_eq!(count_matrices(&uniform(n, 1)).unwrap(), big(fact[n]), "sums 1, n={n}");
    }
    for n in 1..13 {
        assert_eq!(
            count_matrices(&uniform(n, 2)).unwrap(),
            big(a001499[n]),
            "sums 2, n={n}"
        );
    }
    for n in 1..11 {
        assert_eq!(
            count_matrices(&uniform(n, 3)).unwrap(),
            big(a001501[n]),
            "sums 3, n={n}"
        );
    }
    // A058527: 2n×2n with all sums n; and A008300 T(9,4).
    assert_eq!(count_matrices(&uniform(8, 4)).unwrap(), big(116963796250));
    assert_eq!(count_matrices(&uniform(10, 5)).unwrap(), big(6736218287430460752));
    assert_eq!(count_matrices(&uniform(9, 4)).unwrap(), big(315031400802720));
}

#[test]
fn huge_counts_switch_to_big_integers() {
    // 2^128 < |U| here, so the u128 programme overflows and the big-integer one answers.
    let x = uniform(16, 8);
    let n = count_matrices(&x).unwrap();
    assert!(n > BigUint::from(u128::MAX));
    // Symmetry check that does not depend on the size: transposed sums give the same count.
    let y = XRay {
        rows: vec![3, 5, 2, 7, 1, 4, 6, 2],
        cols: vec![4, 4, 4, 3, 3, 3, 3, 3, 3],
    };
    let t = XRay {
        rows: y.cols.clone(),
        cols: y.rows.clone(),
    };
    assert_eq!(count_matrices(&y).unwrap(), count_matrices(&t).unwrap());
}

/// All binary matrices of a size, for brute force.
fn all_matrices(rows: usize, cols: usize) -> Vec<BinaryMatrix> {
    (0u32..1 << (rows * cols))
        .map(|bits| {
            let v: Vec<Vec<u8>> = (0..rows)
                .map(|r| (0..cols).map(|c| (bits >> (r * cols + c) & 1) as u8).collect())
                .collect();
            BinaryMatrix::from_rows(&v).unwrap()
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]
    #[test]
    fn counts_feasibility_and_canonical_match_brute_force(
        rows in 1usize..4, cols in 1usize..5,
        r in proptest::collection::vec(0u32..5, 4), c in proptest::collection::vec(0u32..4, 5),
    ) {
        let x = XRay { rows: r[..rows].to_vec(), cols: c[..cols].to_vec() };
        let brute = all_matrices(rows, cols).into_iter().filter(|m| XRay::of(m) == x).count();
        prop_assert_eq!(count_matrices(&x).unwrap(), BigUint::from(brute));
        prop_assert_eq!(x.feasibility().is_ok(), brute > 0);
        match x.canonical_matrix() {
            Some(m) => prop_assert_eq!(XRay::of(&m), x),
            None => prop_assert_eq!(brute, 0),
        }
    }
}

fn figure3() -> (Vec<BinaryMatrix>, Fleet) {
    let x = XRay {
        rows: vec![2, 3],
        cols: vec![1; 5],
    };
    let ms: Vec<BinaryMatrix> = all_matrices(2, 5).into_iter().filter(|m| XRay::of(m) == x).collect();
    let fleet = Fleet::straight("f", Lattice::Square, &[("Destroyer", 2), ("Submarine", 3)]);
    (ms, fleet)
}

#[test]
fn figure_3_the_fleets_have_the_least_laplacian_energy() {
    let (ms, fleet) = figure3();
    assert_eq!(ms.len(), 10);
    assert_eq!(count_matrices(&XRay::of(&ms[0])).unwrap(), big(10));
    let min = ms.iter().map(laplacian_energy).min().unwrap();
    let at_min: Vec<&BinaryMatrix> = ms.iter().filter(|m| laplacian_energy(m) == min).collect();
    let fleets: Vec<&BinaryMatrix> = ms.iter().filter(|m| count_realisations(m, &fleet) > 0).collect();
    assert_eq!(
        fleets.len(),
        2,
        "destroyer at the left or right end, submarine beside it"
    );
    assert_eq!(at_min, fleets);
}

#[test]
fn laplacian_of_a_single_cell_and_a_domino() {
    let one = BinaryMatrix::parse("...\n.#.\n...").unwrap();
    assert_eq!(laplacian_energy(&one), 16 + 4);
    // A lone corner cell: 4² at the cell and two neighbours inside the board.
    assert_eq!(laplacian_energy(&BinaryMatrix::parse("#.\n..").unwrap()), 16 + 2);
    let domino = BinaryMatrix::parse("....\n.##.\n....").unwrap();
    // Each cell: 4 − 1 = 3 → 9 each; six outside neighbours at −1 → 6.
    assert_eq!(laplacian_energy(&domino), 9 + 9 + 6);
}

#[test]
fn interchanges_keep_the_xray_and_the_walk_reaches_everything() {
    let (ms, _) = figure3();
    let start = &ms[0];
    for x in interchanges(start) {
        assert_eq!(XRay::of(&x.apply(start)), XRay::of(start));
    }
    // Ryser: every matrix with the same sums is reachable by interchanges.
    let w = walk(start, 10, 1000, &CancelFlag::new(), &|_: Progress| {}).unwrap();
    let mut reached = w.matrices.clone();
    reached.sort();
    let mut all = ms.clone();
    all.sort();
    assert_eq!(reached, all);
    // A tight memory limit gives a clear error, not a crash.
    let err = walk(start, 10, 3, &CancelFlag::new(), &|_: Progress| {}).unwrap_err();
    assert!(err.to_string().contains("passes 3 matrices"), "{err}");
}

#[test]
fn realisations_cut_runs_into_ships() {
    // One run of five cells holds a 2-ship and a 3-ship in two orders.
    let m = BinaryMatrix::parse("#####").unwrap();
    let fleet = Fleet::straight("f", Lattice::Square, &[("Destroyer", 2), ("Submarine", 3)]);
    assert_eq!(count_realisations(&m, &fleet), 2);
    let none = BinaryMatrix::parse("##.##").unwrap();
    assert_eq!(count_realisations(&none, &fleet), 0);
}

#[test]
fn walks_on_large_matrices_take_the_general_path() {
    // 2×65 = 130 cells (over the 128-cell fast path): Figure 3's pattern padded with
    // empty columns, which no interchange can use, so the same 10 matrices.
    let mut rows = vec![vec![0u8; 65], vec![0u8; 65]];
    rows[0][0] = 1;
    rows[0][1] = 1;
    rows[1][2] = 1;
    rows[1][3] = 1;
    rows[1][4] = 1;
    let start = BinaryMatrix::from_rows(&rows).unwrap();
    let w = walk(&start, 10, 1000, &CancelFlag::new(), &|_: Progress| {}).unwrap();
    assert_eq!(w.matrices.len(), 10);
    assert!(w.matrices.iter().all(|m| XRay::of(m) == XRay::of(&start)));
    assert_eq!(w.distance.iter().filter(|&&d| d == 0).count(), 1);
}

/// A count that would run for minutes stops when cancelled.
#[test]
fn a_large_count_of_matrices_can_be_cancelled() {
    let x = XRay {
        rows: vec![12; 24],
        cols: vec![12; 24],
    };
    let cancel = fleetscope_engines::run::CancelFlag::new();
    let c2 = cancel.clone();
    let worker = std::thread::spawn(move || fleetscope_engines::tomography::count_matrices_with(&x, &c2, &|_| {}));
    std::thread::sleep(std::time::Duration::from_millis(300));
    let t0 = std::time::Instant::now();
    cancel.cancel();
    let r = worker.join().unwrap();
    assert!(matches!(r, Err(CountError::Cancelled(_))), "{r:?}");
    assert!(t0.elapsed() < std::time::Duration::from_secs(5));
}

/// |U| in u128 is given up only when it does not fit: 13×13 with every sum 6
/// has about 2^111 matrices although its rough bound ∏ C(13, 6) is past
/// 2^139 (the u128 count once gave up on the bound alone, so the fleets
/// sharing such an X-ray, walks and stealth searches lost |U| and their
/// density). Checked against the big-integer count, also through the fleet count.
#[test]
fn the_u128_count_gives_up_only_on_a_real_overflow() {
    use fleetscope_engines::geometry::TouchRule;
    use fleetscope_engines::tomography::{count_matrices_u128, fleets_with_xray};
    let x = uniform(13, 6);
    let bound_bits: f64 = 13.0 * (1716f64).log2(); // C(13, 6) = 1716
    assert!(bound_bits >= 126.0);
    let exact = count_matrices(&x).unwrap();
    let fits = u128::try_from(&exact).expect("the count fits in u128");
    assert_eq!(count_matrices_u128(&x, None), Ok(Some(fits)));
    let cancel = CancelFlag::new();
    assert_eq!(count_matrices_u128(&x, Some(&cancel)), Ok(Some(fits)));
    // Six ships of 13 fill whole lines, which these sums never do: no fleet, but |U| all the same.
    let shared = fleets_with_xray(&x, &[13; 6], &[], TouchRule::MayTouch, 0, &cancel).unwrap();
    assert_eq!((shared.fleet_matrices, shared.all_matrices), (0, Some(fits)));
    // Past u128 it is None, not a wrong number; a cancel is an error.
    // 8 rows of 8 ones over 64 columns of one: 64! / 8!^8, about 2^174.
    let wide = XRay {
        rows: vec![8; 8],
        cols: vec![1; 64],
    };
    assert!(count_matrices(&wide).unwrap() > BigUint::from(u128::MAX));
    assert_eq!(count_matrices_u128(&wide, None), Ok(None));
    cancel.cancel();
    assert!(count_matrices_u128(&x, Some(&cancel)).is_err());
}
