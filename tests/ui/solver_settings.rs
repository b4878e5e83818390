//! The Solver room's settings fields show what a session holds and change only
//! what the user changes: a valid value outside what a field offers to drag to
//! is kept as it is (no edit, no unsaved mark).

use crate::common::*;

use egui_kittest::kittest::Queryable;

use fleetscope::qubo::PinMode;
use fleetscope::session::{SamplerKind, Session};
use fleetscope::ui::room::Room;
use fleetscope::ui::rooms::solver::SolverRoom;

/// Valid settings at the far ends of what the checks allow.
fn far_settings(sampler: SamplerKind) -> Session {
    let mut s = session_of(&["classic"]);
    let v = &mut s.solver;
    v.sampler = sampler;
    v.anneal.sweeps = 2_000_000;
    v.anneal.beta = Some((1e-6, 1e6));
    v.tabu.restarts = 5_000_000;
    v.tabu.tenure = Some(0);
    v.tabu.evaluations = Some(5_000_000_000);
    v.epsilon = 20.0;
    v.pin_mode = PinMode::Penalty { weight: 1e-4 };
    assert_eq!(v.validate(), Ok(()), "the settings are valid");
    s
}

#[test]
fn showing_the_solver_room_leaves_valid_settings_as_they_are() {
    for &sampler in SamplerKind::ALL {
        let s = far_settings(sampler);
        let mut h = room_harness(SolverRoom::default(), s.clone());
        h.run_steps(3);
        wait_until(&mut h, |r| !r.room.busy());
        let doc = &h.state().doc;
        assert_eq!(doc.session.solver, s.solver, "{sampler}: the settings changed");
        assert!(!doc.dirty, "{sampler}: marked unsaved");
        assert!(!doc.can_undo(), "{sampler}: an undo step");
    }
}

/// An auto box turns a setting the model chooses into a number and back, one
/// undo step each.
#[test]
fn an_auto_box_gives_a_number_and_takes_it_back() {
    let mut s = session_of(&["classic"]);
    s.solver.sampler = SamplerKind::Tabu;
    let mut h = room_harness(SolverRoom::default(), s);
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    assert_eq!(h.state().doc.session.solver.tabu.tenure, None);
    // The first auto box is the tenure's (the list's order).
    h.get_all_by_label("auto").next().expect("an auto box").click();
    h.run_steps(2);
    let tabu = &h.state().doc.session.solver.tabu;
    assert!(tabu.tenure.is_some_and(|t| t > 0), "{tabu:?}");
    assert_eq!(tabu.evaluations, None, "only the ticked one changed");
    h.state_mut().doc.undo();
    h.run_steps(2);
    assert_eq!(h.state().doc.session.solver.tabu.tenure, None);
}

/// The Hardware tab likewise: a time limit under the second its field drags
/// from stays as the session has it.
#[test]
fn showing_the_hardware_tab_leaves_valid_settings_as_they_are() {
    let mut s = far_settings(SamplerKind::Anneal);
    s.solver.hardware.time_limit = Some(0.5);
    assert_eq!(s.solver.validate(), Ok(()), "the settings are valid");
    let mut h = room_harness(SolverRoom::default(), s.clone());
    h.state_mut().room.set_tab("hardware");
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    let doc = &h.state().doc;
    assert_eq!(doc.session.solver.hardware, s.solver.hardware, "the settings changed");
    assert!(!doc.dirty && !doc.can_undo(), "an edit");
}
