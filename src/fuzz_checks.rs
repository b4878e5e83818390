//! The properties the fuzz targets check, one `check_<target>` per target, so that
//! `cargo test` replays seed files through the very checks that `cargo fuzz` runs (the
//! `fuzz/` crate's targets only call these). The session checks live here because only
//! this crate reads sessions; the engine formats' checks live in the engines crate and
//! are re-exported, so every target is here under one name. Each takes any bytes and
//! panics only when a property fails.

use crate::session::{parse_session, parse_setup, to_ron};
use crate::solve::{Problem, solve};
use crate::study::model::named_image;
use crate::study::{ModelRecipe, ModelSource};

pub use fleetscope_engines::fuzz_checks::*;

/// A one-setup session that [`check_solver_settings`] puts the fuzzed settings in.
const SETUP: &str = r#"(name: "x", board: (name: "b", shape: Square(rows: 4, cols: 4)), fleet: (name: "f", lattice: Square, pieces: [(name: "a", cells: [(0, 0)])]))"#;

/// Session and preset files: any text is refused with an error or loads as a
/// valid session that saves and loads back the same and can be shown (what
/// `fleetscope show` prints must not hang or allocate by coordinates); a lone
/// setup is read and shown the same way.
pub fn check_session(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(s) = parse_session(text, "fuzz") {
        let again = to_ron(&s).expect("a loaded session encodes");
        let back = parse_session(&again, "round trip").expect("a saved session loads");
        assert_eq!(back, s);
        for setup in &s.setups {
            let _ = crate::textview::render(setup);
        }
    }
    if let Ok(setup) = parse_setup(text, "fuzz") {
        let _ = crate::textview::render(&setup);
    }
}

/// The Solver room's settings inside a session: `data` is the `solver: (…)`
/// field of a small session. Settings that load make a run plan whose request
/// is refused with a message or runs (at most 4 reads, a tenth of a second,
/// one thread) on the heart image's model without a panic, giving finite energies.
pub fn check_solver_settings(data: &[u8]) {
    let Ok(field) = std::str::from_utf8(data) else { return };
    let text = format!("(version: 2, setups: [{SETUP}], solver: {field})");
    let Ok(session) = parse_session(&text, "fuzz") else {
        return;
    };
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
    let Ok(model) = recipe.build(&fleetscope_run::files::NoFiles) else {
        return;
    };
    let problem: &Problem = &model.problem;
    let mut plan = s.run_plan();
    plan.reads = plan.reads.min(4);
    plan.time_limit = Some(0.1);
    plan.threads = 1;
    let Ok(req) = plan.request(problem) else { return };
    let cancel = crate::run::CancelFlag::new();
    if let Ok(set) = solve(problem.qubo(), &req, &cancel, &|_| {}) {
        assert!(
            set.samples.iter().all(|x| x.energy.is_finite()),
            "a sample's energy is not finite"
        );
    }
}
