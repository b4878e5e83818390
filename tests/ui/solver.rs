//! UI tests (egui_kittest) of the Solver room on its own harness: a run to the
//! end with plots and judged results, a run cancelled, the model's errors.

use crate::common::*;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use fleetscope::geometry::random_deployment;
use fleetscope::session::{SamplerKind, Session, SolverSource};
use fleetscope::ui::room::{Command, Room, RoomHost, RoomMessage};
use fleetscope::ui::rooms::solver::SolverRoom;

type H = Harness<'static, RoomHost<SolverRoom>>;

pub fn placed_classic() -> Session {
    let mut s = session_of(&["classic"]);
    let setup = s.setup().clone();
    s.setup_mut().deployment = random_deployment(&setup.board, &setup.fleet, setup.rules.touch, 11)
        .unwrap()
        .deployment;
    s
}

fn solver_on(session: Session) -> H {
    let mut h = room_harness(SolverRoom::default(), session);
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    h
}

#[test]
fn a_tabu_run_finishes_with_plots_and_a_fleet() {
    let mut s = placed_classic();
    s.solver.sampler = SamplerKind::Tabu;
    s.solver.reads = 4;
    s.solver.tabu.restarts = 100;
    let mut h = solver_on(s);
    let m = h.state().room.model().expect("a model");
    assert_eq!(m.stats.variables, 100);
    h.get_by_label("Start run").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.is_solving());
    let r = h.state().room.result().expect("a result");
    assert_eq!(r.set.reads, 4);
    assert_eq!(
        h.state().room.live_finals(),
        4,
        "the histogram got every read's final energy"
    );
    assert_eq!(r.success, Some(true), "tabu with 100 restarts finds a fleet here");
    assert!(h.query_by_label_contains("Success").is_some());
    // The chosen state can go to the Tomography room and, being a fleet, to Boards.
    let k = r
        .judged
        .iter()
        .position(|j| j.picture.as_ref().is_some_and(|(_, v)| v.fleet.is_some()))
        .unwrap();
    h.get_by_label(&format!("#{}", k + 1)).click();
    h.run_steps(2);
    h.get_by_label("To Boards").click();
    h.run_steps(2);
    assert_eq!(h.state().doc.session.setups.len(), 2, "the fleet was added as a setup");
    h.get_by_label("To Tomography").click();
    h.run_steps(2);
    assert!(
        h.state()
            .commands
            .iter()
            .any(|c| matches!(c, Command::Deliver("tomography", RoomMessage::ExploreFleet(_)))),
        "the fleet (not a bare matrix) was sent to the Tomography room"
    );
}

#[test]
fn a_long_run_is_cancelled_quickly() {
    let mut s = placed_classic();
    s.solver.reads = 1_000_000;
    s.solver.anneal.sweeps = 10_000;
    let mut h = solver_on(s);
    h.get_by_label("Start run").click();
    h.run_steps(3);
    assert!(h.state().room.is_solving());
    // Live updates arrive while it runs (the first reads finish long before the last).
    wait_until(&mut h, |r| r.room.live_finals() > 0);
    assert!(h.state().room.is_solving());
    // The best state so far shows while the run goes on.
    h.run_steps(2);
    assert!(h.state().room.best_so_far_energy().is_some());
    assert!(h.query_by_label_contains("Best so far: energy").is_some());
    let t0 = std::time::Instant::now();
    h.get_by_label("Cancel run").click();
    h.run_steps(1);
    wait_until(&mut h, |r| !r.room.is_solving());
    // A hang guard, generous for a loaded machine (reads check the flag every sweep).
    assert!(t0.elapsed() < std::time::Duration::from_secs(10));
    // The reads that finished are kept and judged, and the result says it was cancelled.
    let r = h.state().room.result().expect("the finished reads are kept");
    assert_eq!(r.set.stop, fleetscope::solve::Stop::Cancelled);
    assert!(r.set.reads >= 1 && r.states_judged >= 1);
    assert!(
        h.query_by_label_contains("cancelled: the reads that finished are kept")
            .is_some()
    );
}

/// A run goes on through edits that do not change its model (a hunt shot that is
/// not a known cell, a rename); an edit that does change it stops the run, keeps
/// the reads that finished and says so.
#[test]
fn a_run_survives_unrelated_edits_and_an_edit_to_its_model_keeps_what_finished() {
    let mut s = placed_classic();
    s.solver.reads = 1_000_000;
    s.solver.anneal.sweeps = 10_000;
    let mut h = solver_on(s);
    h.get_by_label("Start run").click();
    h.run_steps(3);
    wait_until(&mut h, |r| r.room.live_finals() > 0);
    h.state_mut().doc.edit(|x| {
        x.setup_mut()
            .observations
            .misses
            .insert(fleetscope::geometry::Coord(0, 0));
        x.setup_mut().name = "Renamed".into();
    });
    h.run_steps(3);
    assert!(
        h.state().room.is_solving(),
        "a hunt shot and a rename leave the model as it was"
    );
    assert!(h.state().room.stale_note().is_none());
    // Now the model changes (ε): the run stops with its finished reads.
    h.state_mut().doc.edit(|x| x.solver.epsilon = 0.01);
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.is_solving());
    let r = h.state().room.result().expect("the finished reads are kept");
    assert_eq!(r.set.stop, fleetscope::solve::Stop::Cancelled);
    assert!(r.set.reads >= 1);
    assert!(h.state().room.stale_note().unwrap().contains("the run was stopped"));
}

#[test]
fn an_unplaced_fleet_and_a_bad_file_are_explained() {
    let mut h = solver_on(session_of(&["classic"]));
    assert!(h.state().room.model_error().unwrap().contains("place the whole fleet"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.coo");
    std::fs::write(&path, "0 0 1\n0 1 x\n").unwrap();
    h.state_mut().doc.edit(|s| {
        s.solver.source = SolverSource::File;
        s.solver.file = Some(path.clone());
    });
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    let e = h.state().room.model_error().unwrap().to_string();
    assert!(e.contains("line 2"), "{e}");
    // A good file loads, and a run on it reports no picture to judge.
    std::fs::write(&path, "0 0 -1\n1 1 -1\n0 1 3\n").unwrap();
    h.state_mut().doc.edit(|s| s.solver.reads = 5);
    h.run_steps(2);
    h.get_by_label("Reload the file").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    assert_eq!(h.state().room.model().unwrap().stats.variables, 2);
    h.get_by_label("Start run").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.is_solving());
    let r = h.state().room.result().unwrap();
    assert_eq!(r.success, None);
    assert_eq!(r.judged[0].energy, -1.0);
}

#[test]
fn typed_sums_build_their_model_and_explain_bad_ships() {
    let mut s = session_of(&["classic"]);
    s.solver.source = SolverSource::Sums;
    s.solver.rows = "2,3".into();
    s.solver.cols = "1,1,1,1,1".into();
    s.solver.ships = "2,3".into();
    s.solver.sampler = SamplerKind::Tabu;
    s.solver.reads = 4;
    let mut h = solver_on(s);
    let m = h.state().room.model().expect("a model");
    assert_eq!(
        (m.stats.variables, m.describe.as_str()),
        (10, "the typed sums; ships may touch")
    );
    h.get_by_label("Start run").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.is_solving());
    assert_eq!(h.state().room.result().expect("a result").success, Some(true));
    for (ships, says) in [
        ("6", "Ships: a length of 6 does not fit (1 to 5)"),
        ("2,2", "The ships cover 4 cells but the sums ask for 5 ones"),
        ("2,x", "Ships: 'x' is not a whole number ≥ 0"),
    ] {
        h.state_mut().doc.edit(|s| s.solver.ships = ships.into());
        h.run_steps(2);
        wait_until(&mut h, |r| !r.room.busy());
        assert_eq!(h.state().room.model_error(), Some(says), "ships {ships}");
        // The old run's results stay, marked as the old model's (nothing is dropped silently).
        assert!(h.state().room.result().is_some());
        assert_eq!(
            h.state().room.stale_note(),
            Some("These results are of the model before the last edit (or of another setup's).")
        );
    }
}

#[test]
fn image_pins_enter_the_model_with_the_image_values() {
    use fleetscope::qubo::PinMode;
    use fleetscope::tomography::{heart, laplacian_energy};
    let mut s = session_of(&["classic"]);
    s.tomography.image = heart();
    s.solver.source = SolverSource::Image;
    // The first pin's value is the image's, whatever was stored; the second is off the image.
    s.solver.pins = vec![((0, 0), true), ((40, 40), true)];
    s.solver.pin_mode = PinMode::Eliminate;
    let h = solver_on(s.clone());
    let m = h.state().room.model().expect("a model");
    assert_eq!(
        m.stats.variables,
        81 - 1,
        "one pin lies on the 9×9 image and is removed"
    );
    let expected = s.solver.epsilon * laplacian_energy(&heart()) as f64;
    assert!((m.original_energy.unwrap() - expected).abs() < 1e-9);
    let problem = m.problem.xray().expect("an X-ray model");
    assert_eq!(problem.model.spec.pins, vec![((0, 0), heart().get(0, 0))]);
}

#[test]
fn export_writes_the_model_exactly_and_refuses_a_folder() {
    use fleetscope::qubo::ModelFormat;
    let mut h = solver_on(placed_classic());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("model.coo");
    h.state_mut().room.set_export_path(path.to_str().unwrap());
    h.run_steps(2);
    h.get_by_label("Export model").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    assert_eq!(h.state().room.export_error(), None);
    let written = ModelFormat::Coo.read(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        &written,
        h.state().room.model().unwrap().problem.qubo(),
        "COO keeps every coefficient"
    );
    // The file it just wrote is no file to warn about; another one is.
    h.run_steps(2);
    assert!(h.query_by_label_contains("This file exists").is_none());
    let other = dir.path().join("other.coo");
    std::fs::write(&other, "0 0 1.0\n").unwrap();
    h.state_mut().room.set_export_path(other.to_str().unwrap());
    h.run_steps(2);
    assert!(h.query_by_label_contains("This file exists").is_some());
    // A folder named like a model file is refused with a message.
    let folder = dir.path().join("folder.coo");
    std::fs::create_dir(&folder).unwrap();
    h.state_mut().room.set_export_path(folder.to_str().unwrap());
    h.run_steps(2);
    h.get_by_label("Export model").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    assert!(
        h.state().room.export_error().is_some(),
        "writing over a folder fails with a message"
    );
    assert!(folder.is_dir(), "the folder is untouched");
}

/// The Experiments tab: Figure 8 and the ε sweep run in the background and their
/// tables show exactly the success counts the engine's success curve gives for
/// the same instances, budgets and seeds.
#[test]
fn figure8_and_the_epsilon_sweep_match_the_engine() {
    use fleetscope::run::CancelFlag;
    use fleetscope::solve::{Solver, random_fleet_problems, success_curve};
    use fleetscope::study::sampling::rate_request;
    let mut s = session_of(&["classic"]);
    s.solver.experiment_fleets = 3;
    s.solver.experiment_reads = "2".into();
    s.solver.experiment_restarts = "3".into();
    s.solver.experiment_epsilons = "0.02".into();
    s.solver.sampler = SamplerKind::Tabu;
    s.solver.reads = 1;
    s.solver.seed = 5;
    s.solver.threads = 1;
    let settings = s.solver.clone();
    let mut h = solver_on(s);
    h.state_mut().room.set_tab("experiments");
    h.run_steps(3);
    h.get_by_label("Run Figure 8").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    h.get_by_label("Run ε sweep").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    h.run_steps(2);
    // The same curves from the engine.
    let cancel = CancelFlag::new();
    let (seed, fleets) = (settings.seed, settings.experiment_fleets);
    let problems = random_fleet_problems(fleets, seed, settings.epsilon).unwrap();
    let sa = success_curve(
        &problems,
        &[2.0],
        &|r, i| rate_request(Solver::Anneal(settings.anneal.clone()), r as usize, seed + i as u64, 1),
        &cancel,
        &|_| {},
    )
    .unwrap();
    let tabu = |restarts: usize| fleetscope::solve::TabuParams {
        restarts,
        ..settings.tabu.clone()
    };
    let tabu_curve = success_curve(
        &problems,
        &[3.0],
        &|r, i| rate_request(Solver::Tabu(tabu(r as usize)), 1, seed + i as u64, 1),
        &cancel,
        &|_| {},
    )
    .unwrap();
    let eps_problems = random_fleet_problems(fleets, seed, 0.02).unwrap();
    let eps = success_curve(
        &eps_problems,
        &[0.02],
        &|_, i| rate_request(Solver::Tabu(settings.tabu.clone()), 1, seed + i as u64, 1),
        &cancel,
        &|_| {},
    )
    .unwrap();
    for (what, p) in [("SA", &sa[0]), ("tabu", &tabu_curve[0]), ("ε", &eps[0])] {
        let label = format!("{}/{} ({:.1}%)", p.successes, p.instances, 100.0 * p.rate());
        assert!(
            h.query_all_by_label(&label).next().is_some(),
            "{what}: the table shows {label}"
        );
    }
}

/// Where no file dialog service exists, *Browse…* asks for the path in a window
/// (before, it did nothing); the typed path becomes the model file.
#[test]
fn browse_without_a_dialog_service_asks_for_the_path() {
    let mut s = session_of(&["classic"]);
    s.solver.source = SolverSource::File;
    let mut h = solver_on(s);
    h.get_all_by_label("Browse…")
        .next()
        .expect("the model file's Browse…")
        .click();
    let t0 = std::time::Instant::now();
    while h.query_by_label("Open from path").is_none() {
        assert!(
            t0.elapsed() < std::time::Duration::from_secs(20),
            "no typed-path window"
        );
        h.run_steps(1);
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.coo");
    std::fs::write(&path, "0 0 -1.0\n").unwrap();
    // The window's field has the keyboard.
    h.run_steps(2);
    h.event(egui::Event::Text(path.to_str().unwrap().to_string()));
    h.run_steps(1);
    h.get_by_label("Open").click();
    h.run_steps(3);
    assert_eq!(h.state().doc.session.solver.file.as_deref(), Some(path.as_path()));
}

/// *Stop at the first success* ends a run at the first read that returns a fleet.
#[test]
fn a_run_can_stop_at_the_first_fleet() {
    let mut s = placed_classic();
    s.solver.sampler = SamplerKind::Tabu;
    s.solver.reads = 50;
    s.solver.tabu.restarts = 300;
    s.solver.threads = 1;
    s.solver.until_success = true;
    let mut h = solver_on(s);
    h.get_by_label("Start run").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.is_solving());
    let r = h.state().room.result().expect("a result");
    assert_eq!(r.set.stop, fleetscope::solve::Stop::Goal);
    assert_eq!(r.success, Some(true));
    assert!(r.set.reads < 50);
    // The 50 reads ran as one batch; those after the first success are left
    // out, of the summary, the histogram and the traces alike.
    let last = r.set.stopped_at.expect("the read that stopped the run");
    assert_eq!(r.set.reads, last + 1, "every read up to it finished");
    assert_eq!(r.set.dropped, 49 - last);
    let reads = r.set.reads;
    assert_eq!(
        h.state().room.live_finals(),
        reads,
        "the histogram shows the reads counted"
    );
    let traced = h.state().room.live_traces();
    assert!(!traced.is_empty() && traced.iter().all(|&k| k <= last), "{traced:?}");
    let summary = h.state().room.result().unwrap().summary();
    let count = if reads == 1 {
        "1 read in".to_string()
    } else {
        format!("{reads} reads in")
    };
    assert!(summary.starts_with(&format!("tabu: {count}")), "{summary}");
    assert!(
        summary.contains(&format!(
            "read {}; the {} reads run beside it are left out",
            last + 1,
            49 - last
        )),
        "{summary}"
    );
    h.get_by_label(&summary);
}

/// Ticking *Stop at the first success* also sets the budget that gets there
/// (tabu, 2,000 restarts a read, a 60 s time limit when there was none) in
/// one edit that one undo takes back; a run says what ran.
#[test]
fn stopping_at_the_first_success_sets_the_budget_that_gets_there() {
    let mut s = placed_classic();
    s.solver.reads = 20;
    s.solver.threads = 1;
    let before = s.solver.clone();
    assert_eq!(before.sampler, SamplerKind::Anneal);
    let mut h = solver_on(s);
    h.get_by_label("Stop at the first success").click();
    h.run_steps(2);
    let now = h.state().doc.session.solver.clone();
    assert!(now.until_success);
    assert_eq!(now.sampler, SamplerKind::Tabu);
    assert_eq!(now.tabu.restarts, 2000);
    assert_eq!(now.time_limit, Some(60.0));
    h.get_by_label("Start run").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.is_solving());
    assert_eq!(h.state().room.result().expect("a result").success, Some(true));
    h.get_by_label_contains("Ran tabu (2,000 restarts");
    h.get_by_label_contains("stopping at the first success, time limit 60 s");
    h.state_mut().doc.undo();
    h.run_steps(2);
    assert_eq!(
        h.state().doc.session.solver,
        before,
        "one undo takes the whole change back"
    );
}

/// The Hardware tab: Embed on a small graph (typed sums, 10 variables onto
/// Chimera C4), the verdicts shown, a two-point sweep whose figures equal the
/// engine's, and an edit that changes the model's interactions marks the
/// embedding as the old model's and holds Simulate back.
#[test]
fn the_hardware_tab_embeds_simulates_and_notices_a_new_model() {
    use fleetscope::run::CancelFlag;
    use fleetscope::study::hardware::{HardwarePlan, hardware_report, parse_strengths, target_graph};
    let mut s = session_of(&["classic"]);
    s.solver.source = SolverSource::Sums;
    s.solver.rows = "2,3".into();
    s.solver.cols = "1,1,1,1,1".into();
    s.solver.ships = "2,3".into();
    s.solver.hardware.target = "chimera:4".into();
    s.solver.hardware.reads = 20;
    s.solver.hardware.strengths = "0.5x,2x".into();
    let mut h = solver_on(s);
    h.state_mut().room.set_tab("hardware");
    h.run_steps(3);
    h.get_by_label("Embed").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    h.run_steps(2);
    let hw = h.state().room.hardware();
    let e = hw
        .embedding()
        .unwrap_or_else(|| panic!("an embedding: {:?}", hw.embed_error()));
    assert_eq!(e.summary.embedded.chains.len(), 10);
    assert!(
        h.query_by_label_contains("Chimera C4: ").is_some(),
        "the figures are shown"
    );
    assert!(h.query_by_label_contains("Logical model").is_some());
    h.get_by_label("Simulate").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    h.run_steps(2);
    let hw = h.state().room.hardware();
    let shown = &hw
        .sweep()
        .unwrap_or_else(|| panic!("a sweep: {:?}", hw.sweep_error()))
        .report;
    assert_eq!(shown.points.len(), 2);
    // The same sweep from the study layer (threads never change a result).
    let problem = &h.state().room.model().unwrap().problem;
    let mut plan = HardwarePlan::new(problem, 20);
    plan.strengths = parse_strengths("0.5x,2x", shown.default_strength).unwrap();
    let chains = &hw.embedding().unwrap().summary.embedded.chains;
    let engine = hardware_report(
        problem,
        chains,
        &target_graph("chimera:4", &CancelFlag::new()).unwrap(),
        &plan,
        &CancelFlag::new(),
        &|_| {},
    )
    .unwrap();
    assert_eq!(shown.points, engine.points);
    let cell = format!("{:.2} %", 100.0 * engine.points[0].chain_break_rate);
    assert!(h.query_all_by_label(&cell).next().is_some(), "the table shows {cell}");
    // The embedding is kept with the session, and a room opened on it shows it again.
    let saved = h
        .state()
        .doc
        .session
        .solver
        .hardware
        .embedding
        .clone()
        .expect("saved with the session");
    assert_eq!(&saved.chains, chains);
    let mut again = solver_on(h.state().doc.session.clone());
    again.state_mut().room.set_tab("hardware");
    again.run_steps(3);
    wait_until(&mut again, |r| !r.room.busy());
    again.run_steps(2);
    let back = again.state().room.hardware().embedding().expect("restored");
    assert_eq!(&back.summary.embedded.chains, chains);
    assert!(back.origin.contains("saved with the session"));
    // Other sums on the same grid: the same interactions, other coefficients;
    // the embedding still fits and its figures follow the model.
    let before = hw.embedding().unwrap().summary.logical.clone();
    h.state_mut().doc.edit(|x| {
        x.solver.rows = "3,2".into();
        x.solver.cols = "2,1,1,0,1".into();
    });
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    h.run_steps(2);
    assert!(h.query_by_label_contains("interactions changed").is_none());
    let now = &h.state().room.hardware().embedding().unwrap().summary;
    let problem = &h.state().room.model().unwrap().problem;
    let (expect, _) = fleetscope::study::hardware::logical_precision(
        problem,
        fleetscope::hardware::ADVANTAGE,
        fleetscope::hardware::DEFAULT_PRECISION,
    );
    assert_eq!(now.logical, expect);
    assert_ne!(
        now.logical, before,
        "the figures are the new model's (the fields follow the sums)"
    );
    // Another grid is another set of interactions: the embedding no longer fits.
    h.state_mut().doc.edit(|x| {
        x.solver.rows = "2,3,1".into();
        x.solver.cols = "1,1,1,1,2".into();
    });
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    h.run_steps(2);
    assert!(h.query_by_label_contains("interactions changed").is_some());
    assert!(h.get_by_label("Simulate").accesskit_node().is_disabled());
}
