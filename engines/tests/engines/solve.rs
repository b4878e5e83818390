//! The samplers: brute-force minima of small QUBOs, results independent of
//! the thread count, stopping (target, time, cancel), and the tomography
//! paper's section 5 (two convex bodies recovered; the heart only with its
//! tips known), checked exactly.

use fleetscope_engines::geometry::BinaryMatrix;
use fleetscope_engines::geometry::TouchRule;
use fleetscope_engines::qubo::{PinMode, Qubo, QuboBuilder, XrayModel, XraySpec};
use fleetscope_engines::run::{CancelFlag, no_progress};
use fleetscope_engines::solve::{AnnealParams, SolveError, SolveRequest, Solver, Stop, TabuParams, solve};
use fleetscope_engines::tomography::{HEART_TIPS, heart, laplacian_energy, two_convex_bodies, walk};
use proptest::prelude::*;
use std::time::{Duration, Instant};

fn random_qubo(n: usize, coefs: &[i32]) -> Qubo {
    let mut b = QuboBuilder::new(n);
    let mut k = 0usize;
    for i in 0..n {
        k += 1;
        b.add_linear(i, coefs[k % coefs.len()] as f64);
        for j in i + 1..n {
            k += 1;
            if k.is_multiple_of(3) {
                b.add_coupler(i, j, coefs[(k / 3) % coefs.len()] as f64);
            }
        }
    }
    b.build().unwrap()
}

fn brute_min(q: &Qubo) -> f64 {
    (0u32..1 << q.len())
        .map(|s| {
            let x: Vec<u8> = (0..q.len()).map(|i| ((s >> i) & 1) as u8).collect();
            q.energy(&x)
        })
        .fold(f64::INFINITY, f64::min)
}

fn sa(reads: usize, sweeps: usize) -> SolveRequest {
    SolveRequest {
        solver: Solver::Anneal(AnnealParams { sweeps, beta: None }),
        reads,
        threads: 1,
        ..SolveRequest::default()
    }
}

fn tabu(restarts: usize) -> SolveRequest {
    SolveRequest {
        solver: Solver::Tabu(TabuParams {
            restarts,
            ..TabuParams::default()
        }),
        reads: 2,
        threads: 1,
        ..SolveRequest::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn both_samplers_find_the_brute_force_minimum(n in 1usize..=16, coefs in prop::collection::vec(-9i32..10, 3..40)) {
        let q = random_qubo(n, &coefs);
        let min = brute_min(&q);
        for req in [sa(50, 200), tabu(10)] {
            let set = solve(&q, &req, &CancelFlag::new(), &|_| {}).unwrap();
            prop_assert!((set.samples[0].energy - min).abs() < 1e-9,
                "{}: {} vs minimum {min}", req.solver.name(), set.samples[0].energy);
            prop_assert!((q.energy(&set.samples[0].state) - set.samples[0].energy).abs() < 1e-9);
        }
    }
}

fn fleet_model(seed: u64) -> (XrayModel, BinaryMatrix) {
    let setup = crate::common::classic();
    let d = fleetscope_engines::geometry::random_deployment(&setup.board, &setup.fleet, TouchRule::MayTouch, seed)
        .unwrap()
        .deployment;
    let m = BinaryMatrix::from_deployment(&setup.board, &setup.fleet, &d).unwrap();
    (XrayModel::build(XraySpec::of_matrix(&m, 0.005)).unwrap(), m)
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let (model, _) = fleet_model(2);
    for mut req in [sa(150, 100), tabu(5)] {
        req.reads = 150;
        req.keep = 30;
        req.threads = 1;
        let one = solve(&model.qubo, &req, &CancelFlag::new(), &|_| {}).unwrap();
        req.threads = 4;
        let four = solve(&model.qubo, &req, &CancelFlag::new(), &|_| {}).unwrap();
        assert_eq!(one.samples, four.samples, "{}", req.solver.name());
        assert_eq!(one.read_energies, four.read_energies);
        assert_eq!(one.distinct, four.distinct);
    }
}

#[test]
fn a_target_stops_the_run_at_the_same_read_on_any_thread_count() {
    let (model, m) = fleet_model(4);
    let target = model.qubo.energy(&model.encode(&m)) + 0.5;
    let mut req = tabu(3);
    req.reads = 500;
    req.target = Some(target);
    let runs: Vec<_> = [1, 3]
        .into_iter()
        .map(|t| {
            req.threads = t;
            solve(&model.qubo, &req, &CancelFlag::new(), &|_| {}).unwrap()
        })
        .collect();
    assert_eq!(runs[0].stop, Stop::Target);
    assert!(runs[0].reads < 500);
    assert!(*runs[0].read_energies.last().unwrap() <= target + 1e-9);
    assert_eq!(runs[0].read_energies, runs[1].read_energies);
}

#[test]
fn cancel_and_time_limit_stop_quickly() {
    let m = two_convex_bodies();
    let model = XrayModel::build(XraySpec::of_matrix(&m, 0.005)).unwrap();
    let cancel = CancelFlag::new();
    let c = cancel.clone();
    let q = model.qubo.clone();
    let worker = std::thread::spawn(move || solve(&q, &sa(100_000, 100_000), &c, &|_| {}));
    std::thread::sleep(Duration::from_millis(200));
    let t0 = Instant::now();
    cancel.cancel();
    let r = worker.join().unwrap();
    let waited = t0.elapsed();
    assert!(matches!(r, Err(SolveError::Cancelled(_))));
    // A hang guard, generous for a loaded machine (reads check the flag every sweep).
    assert!(waited < Duration::from_secs(5), "cancel took {waited:?}");

    // Asked to keep them, a cancelled run returns the reads that finished, each
    // with its energy, and says it was cancelled.
    let cancel = CancelFlag::new();
    let c = cancel.clone();
    let q = model.qubo.clone();
    let req = SolveRequest {
        cancel_keeps: true,
        threads: 1,
        ..sa(100_000, 20)
    };
    let worker = std::thread::spawn(move || solve(&q, &req, &c, &|_| {}));
    std::thread::sleep(Duration::from_millis(300));
    cancel.cancel();
    let set = worker.join().unwrap().expect("the finished reads");
    assert_eq!(set.stop, Stop::Cancelled);
    assert!(set.reads > 0 && set.reads < 100_000, "{} reads", set.reads);
    assert_eq!(set.read_energies.len(), set.reads);
    for e in &set.read_energies {
        assert!(set.samples.iter().any(|s| s.energy <= *e + 1e-9));
    }

    // The longest schedule allowed: nothing of it is built ahead, and an
    // annealing read the clock cut short is no answer.
    let mut req = sa(100_000, fleetscope_engines::solve::MAX_SWEEPS);
    req.time_limit = Some(Duration::from_millis(300));
    let t0 = Instant::now();
    let set = solve(&model.qubo, &req, &CancelFlag::new(), &|_| {}).unwrap();
    assert_eq!(set.stop, Stop::TimeLimit);
    assert!(t0.elapsed() < Duration::from_secs(5));
    assert_eq!(set.reads, 0);
    assert!(set.samples.is_empty(), "a half-annealed state was returned");

    // A tabu search the clock cut short still found states: they are kept.
    let mut req = tabu(fleetscope_engines::solve::MAX_SWEEPS);
    req.time_limit = Some(Duration::from_millis(300));
    let set = solve(&model.qubo, &req, &CancelFlag::new(), &|_| {}).unwrap();
    assert_eq!(set.stop, Stop::TimeLimit);
    assert!(!set.samples.is_empty());
}

/// A chain of `n` variables with random weights in [-1, 1).
fn chain(n: usize, seed: u64) -> Qubo {
    let mut rng = fleetscope_engines::solve::Rng::new(seed);
    let mut b = QuboBuilder::new(n);
    for i in 0..n {
        b.add_linear(i, rng.unit() * 2.0 - 1.0);
        if i + 1 < n {
            b.add_coupler(i, i + 1, rng.unit() * 2.0 - 1.0);
        }
    }
    b.build().unwrap()
}

/// On a large model a sweep (SA) or a few dozen moves (tabu) take long: the
/// samplers look at the clock and the flag inside them, not only between them.
/// A time limit of zero is over at the first look, which shows where it is.
#[test]
fn large_models_are_stopped_within_a_sweep_and_a_few_moves() {
    let n = 100_000;
    let q = chain(n, 7);
    let mut req = sa(1, 1000);
    req.time_limit = Some(Duration::ZERO);
    let set = solve(&q, &req, &CancelFlag::new(), &|_| {}).unwrap();
    assert_eq!(set.stop, Stop::TimeLimit);
    assert_eq!(set.reads, 0);
    assert!(
        set.flips < n as u64,
        "{} flip attempts: the sweep ran to its end",
        set.flips
    );

    // Tabu from its random start: the first search's best state is as many
    // flips from the start as the moves it made before the first look.
    let mut req = tabu(0);
    req.reads = 1;
    req.time_limit = Some(Duration::ZERO);
    let set = solve(&q, &req, &CancelFlag::new(), &|_| {}).unwrap();
    assert_eq!(set.stop, Stop::TimeLimit);
    let mut rng = fleetscope_engines::solve::Rng::for_read(req.seed, 0);
    let start: Vec<u8> = (0..n).map(|_| rng.bit()).collect();
    let best = &set.samples[0].state;
    let moved = start.iter().zip(best).filter(|(a, b)| a != b).count();
    let one_look = (1 << 20) / n;
    assert!(
        moved <= one_look + 1,
        "{moved} moves before the first look at the clock"
    );
}

#[test]
fn two_convex_bodies_are_recovered_from_their_sums() {
    let m = two_convex_bodies();
    let model = XrayModel::build(XraySpec::of_matrix(&m, 0.005)).unwrap();
    let req = SolveRequest {
        solver: Solver::Tabu(TabuParams {
            restarts: 100,
            evaluations: Some(2_000_000),
            tenure: None,
        }),
        reads: 2,
        threads: 0,
        ..SolveRequest::default()
    };
    let set = solve(&model.qubo, &req, &CancelFlag::new(), &|_| {}).unwrap();
    assert_eq!(
        model.decode(&set.samples[0].state),
        m,
        "the lowest state found is the picture"
    );
}

/// Every matrix with the heart's sums (Ryser: interchanges connect them all).
fn all_with_heart_sums() -> Vec<BinaryMatrix> {
    let w = walk(&heart(), 64, 100_000, &CancelFlag::new(), &no_progress).unwrap();
    assert_eq!(w.matrices.len(), 1797, "|U(r,c)| of the heart");
    w.matrices
}

#[test]
fn the_heart_needs_its_three_tips() {
    let h = heart();
    let all = all_with_heart_sums();
    let e = laplacian_energy(&h);
    // Without pins another picture with the same sums has less energy …
    let lower = all.iter().filter(|m| laplacian_energy(m) < e).count();
    assert!(lower > 0);
    let model = XrayModel::build(XraySpec::of_matrix(&h, 0.005)).unwrap();
    let set = solve(&model.qubo, &tabu(30), &CancelFlag::new(), &|_| {}).unwrap();
    let best = model.decode(&set.samples[0].state);
    assert_ne!(best, h);
    assert!(
        laplacian_energy(&best) < e,
        "the sampler finds one of the {lower} lower pictures"
    );
    // … with the three tips known, the heart is the one lowest picture, and found.
    let pinned = |m: &BinaryMatrix| HEART_TIPS.iter().all(|&(r, c)| m.get(r, c));
    let min = all.iter().filter(|m| pinned(m)).map(laplacian_energy).min().unwrap();
    let argmin: Vec<_> = all.iter().filter(|m| pinned(m) && laplacian_energy(m) == min).collect();
    assert_eq!(argmin, vec![&h]);
    for mode in [PinMode::Penalty { weight: 1.0 }, PinMode::Eliminate] {
        let mut spec = XraySpec::of_matrix(&h, 0.005);
        spec.pins = HEART_TIPS.iter().map(|&c| (c, true)).collect();
        spec.pin_mode = mode;
        let model = XrayModel::build(spec).unwrap();
        let set = solve(&model.qubo, &tabu(30), &CancelFlag::new(), &|_| {}).unwrap();
        assert_eq!(model.decode(&set.samples[0].state), h, "{mode:?}");
    }
}

/// `repair` (breadth first over Ryser interchanges) against the definition: a
/// fleet is at distance 0; one interchange away from a fleet, at a matrix no
/// fleet realises, the repair needs exactly one step and returns a fleet one
/// interchange away with the same sums.
#[test]
fn repair_finds_a_fleet_at_the_smallest_number_of_interchanges() {
    use fleetscope_engines::solve::{REPAIR_MAX, RepairMiss, repair};
    use fleetscope_engines::tomography::{interchanges, realisations};
    let s = crate::common::classic();
    let mut tried = 0;
    for seed in 0..20 {
        let d = fleetscope_engines::geometry::random_deployment(&s.board, &s.fleet, TouchRule::MayTouch, seed)
            .unwrap()
            .deployment;
        let m = BinaryMatrix::from_deployment(&s.board, &s.fleet, &d).unwrap();
        let (_, same, steps) =
            repair(&m, &s.fleet, TouchRule::MayTouch, 0, REPAIR_MAX).expect("a fleet is its own repair");
        assert_eq!((steps, &same), (0, &m));
        let Some(broken) = interchanges(&m)
            .iter()
            .map(|x| x.apply(&m))
            .find(|b| realisations(b, &s.fleet, 1).is_empty())
        else {
            continue;
        };
        tried += 1;
        assert_eq!(
            repair(&broken, &s.fleet, TouchRule::MayTouch, 0, REPAIR_MAX),
            Err(RepairMiss::NoneWithin),
            "not a fleet itself, and depth 0 searched whole"
        );
        let (_, fixed, steps) = repair(&broken, &s.fleet, TouchRule::MayTouch, 1, REPAIR_MAX)
            .expect("the fleet it came from is one step away");
        assert_eq!(steps, 1);
        assert!(!realisations(&fixed, &s.fleet, 1).is_empty(), "the repair is a fleet");
        assert_eq!(
            (fixed.row_sums(), fixed.col_sums()),
            (broken.row_sums(), broken.col_sums())
        );
        assert!(interchanges(&broken).iter().any(|x| x.apply(&broken) == fixed));
        // Too small a budget finds nothing rather than something wrong, and says it stopped.
        assert_eq!(
            repair(&broken, &s.fleet, TouchRule::MayTouch, 1, 1),
            Err(RepairMiss::Stopped)
        );
    }
    assert!(tried >= 5, "only {tried} fleets had a broken neighbour");
}

/// Figure 8's primitive: the success of each instance is exactly "some returned
/// state is realised by a fleet", decided here again from the samples with the
/// realisation search, and does not depend on the thread count.
#[test]
fn success_rate_counts_instances_whose_samples_hold_a_fleet() {
    use fleetscope_engines::solve::{random_fleet_problems, success_rate};
    use fleetscope_engines::tomography::realisations;
    let problems = random_fleet_problems(4, 1, 0.005).unwrap();
    let request = |threads: usize| {
        move |i: usize| SolveRequest {
            solver: Solver::Tabu(TabuParams {
                restarts: 3,
                ..TabuParams::default()
            }),
            reads: 2,
            seed: 10 + i as u64,
            threads,
            keep: usize::MAX,
            traces: 0,
            ..SolveRequest::default()
        }
    };
    let mut oks = Vec::new();
    let one = success_rate(&problems, 3.0, &request(1), &CancelFlag::new(), &mut |i, ok, set| {
        let p = &problems[i];
        let fleet = p.fleet.as_ref().unwrap();
        let oracle = set
            .samples
            .iter()
            .any(|s| !realisations(&p.model.decode(&s.state), fleet, 1).is_empty());
        assert_eq!(ok, oracle, "instance {i}");
        oks.push(ok);
    })
    .unwrap();
    assert_eq!((one.instances, one.seconds.len(), one.x), (4, 4, 3.0));
    assert_eq!(one.successes, oks.iter().filter(|&&b| b).count());
    let two = success_rate(&problems, 3.0, &request(2), &CancelFlag::new(), &mut |_, _, _| {}).unwrap();
    assert_eq!(one.successes, two.successes);
    let cancelled = CancelFlag::new();
    cancelled.cancel();
    let r = success_rate(&problems, 3.0, &request(1), &cancelled, &mut |_, _, _| {
        panic!("no instance ran")
    });
    assert!(matches!(r, Err(SolveError::Cancelled(_))));
}

/// A cancelled success curve keeps the budgets that finished (the Solver room
/// plots them) instead of dropping the whole run.
#[test]
fn a_cancelled_success_curve_keeps_the_finished_budgets() {
    use fleetscope_engines::solve::{finished_success_curve, random_fleet_problems};
    let problems = random_fleet_problems(2, 3, 0.005).unwrap();
    let cancel = CancelFlag::new();
    let request = |reads: f64, i: usize| SolveRequest {
        reads: reads as usize,
        seed: 1 + i as u64,
        threads: 1,
        ..sa(1, 200)
    };
    // The cancel comes as soon as the first budget's two instances are done.
    let (points, cancelled) = finished_success_curve(&problems, &[1.0, 1_000_000.0], &request, &cancel, &|p| {
        if p.done >= 2 {
            cancel.cancel();
        }
    })
    .unwrap();
    assert!(cancelled);
    assert_eq!(points.len(), 1);
    assert_eq!((points[0].x, points[0].instances), (1.0, 2));
}

/// A run told to stop at the first fleet stops there (within a tabu read) and
/// returns that fleet; the same run without the goal goes on to its end.
#[test]
fn a_run_stops_at_the_first_fleet() {
    use fleetscope_engines::solve::{random_fleet_problems, solve_until};
    let p = &random_fleet_problems(1, 7, 0.005).unwrap()[0];
    let req = SolveRequest {
        solver: Solver::Tabu(TabuParams {
            restarts: 300,
            ..TabuParams::default()
        }),
        reads: 3,
        threads: 1,
        keep: 1000,
        ..SolveRequest::default()
    };
    let goal = |x: &[u8]| p.success(x);
    let set = solve_until(&p.model.qubo, &req, &CancelFlag::new(), &|_| {}, Some(&goal)).unwrap();
    assert_eq!(set.stop, Stop::Goal);
    assert_eq!(set.reads, 1, "the first read found it");
    assert!(set.samples.iter().any(|s| p.success(&s.state)));
    let full = solve(&p.model.qubo, &req, &CancelFlag::new(), &|_| {}).unwrap();
    assert_eq!((full.stop, full.reads), (Stop::Done, 3));
    assert!(full.flips > set.flips, "the goal cut the work short");
}
