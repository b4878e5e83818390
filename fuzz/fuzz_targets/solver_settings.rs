//! The Solver room's settings inside a session: the fuzzed text is the
//! `solver: (...)` field of a small session. Settings that load make a run
//! plan whose request either is refused with a message or runs (a few reads,
//! a tenth of a second at most) on a small model without a panic.
#![no_main]
use fleetscope::session::parse_session;
use fleetscope::solve::{Problem, solve};
use fleetscope::study::model::named_image;
use fleetscope::study::{ModelRecipe, ModelSource};
use libfuzzer_sys::fuzz_target;

const SETUP: &str = r#"(name: "x", board: (name: "b", shape: Square(rows: 4, cols: 4)), fleet: (name: "f", lattice: Square, pieces: [(name: "a", cells: [(0, 0)])]))"#;

fuzz_target!(|data: &[u8]| {
    let Ok(field) = std::str::from_utf8(data) else { return };
    let text = format!("(version: 2, setups: [{SETUP}], solver: {field})");
    let Ok(session) = parse_session(&text, "fuzz") else { return };
    let s = &session.solver;
    let recipe = ModelRecipe {
        source: ModelSource::Picture {
            name: "heart".into(),
            picture: named_image("heart").expect("the heart image"),
            pins: s.pins.clone(),
        },
        epsilon: s.epsilon,
        pin_mode: s.pin_mode,
        touch: s.touch_override,
    };
    let Ok(model) = recipe.build(&fleetscope_run::files::NoFiles) else { return };
    let problem: &Problem = &model.problem;
    let mut plan = s.run_plan();
    plan.reads = plan.reads.min(4);
    plan.time_limit = Some(0.1);
    plan.threads = 1;
    let Ok(req) = plan.request(problem) else { return };
    let cancel = fleetscope::run::CancelFlag::new();
    if let Ok(set) = solve(problem.qubo(), &req, &cancel, &|_| {}) {
        assert!(set.samples.iter().all(|x| x.energy.is_finite()));
    }
});
