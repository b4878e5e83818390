//! The Solver room's sampler fields: their limits come from the settings'
//! descriptions (the tooltip says them), a number typed past them is clamped
//! with a note saying so, and turning auto off starts from what auto comes to
//! on the model.

use crate::common::*;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use fleetscope::session::{SamplerKind, Session, SolverSource};
use fleetscope::solve::ParamValue;
use fleetscope::ui::room::{Room, RoomHost};
use fleetscope::ui::rooms::solver::SolverRoom;

pub type H = Harness<'static, RoomHost<SolverRoom>>;

/// Typed sums of a 2×5 grid: a model of 10 variables, built in a moment.
pub fn small_sums(sampler: SamplerKind) -> Session {
    let mut s = session_of(&["classic"]);
    s.solver.source = SolverSource::Sums;
    s.solver.rows = "2,3".into();
    s.solver.cols = "1,1,1,1,1".into();
    s.solver.ships = "2,3".into();
    s.solver.sampler = sampler;
    s
}

/// The room with its model built (the build is a background job: step until it is done).
pub fn room_with_model(s: Session) -> H {
    let mut h = room_harness(SolverRoom::default(), s);
    h.run_steps(2);
    wait_until(&mut h, |r| {
        !r.room.busy() && (r.room.model().is_some() || r.room.model_error().is_some())
    });
    let room = &h.state().room;
    assert!(room.model().is_some(), "a model: {:?}", room.model_error());
    h
}

/// The "auto" box on the row of the field labelled `label` (every box reads "auto").
fn auto_box_of(h: &H, label: &str) -> egui::Pos2 {
    let row = h
        .query_all_by_label(label)
        .map(|n| n.rect())
        .find(|r| {
            h.query_all_by_label("auto")
                .any(|a| (a.rect().center().y - r.center().y).abs() < 6.0)
        })
        .unwrap_or_else(|| panic!("no '{label}' row with an auto box"));
    h.query_all_by_label("auto")
        .map(|a| a.rect())
        .find(|a| (a.center().y - row.center().y).abs() < 6.0 && a.left() >= row.left())
        .expect("the row's auto box")
        .center()
}

/// Types `text` into the number field labelled `label` and presses Enter.
pub fn type_into(h: &mut H, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run_steps(2);
    h.get_by_label(label).type_text(text);
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
}

#[test]
fn a_beta_typed_past_its_limit_is_clamped_with_a_note() {
    let mut s = small_sums(SamplerKind::Anneal);
    s.solver.anneal.beta = Some((0.1, 10.0));
    let mut h = room_with_model(s);
    type_into(&mut h, "β hot", "1e9");
    assert_eq!(
        h.state().doc.session.solver.anneal.beta,
        Some((1e6, 1e6)),
        "clamped (cold moves along)"
    );
    // β cold was pushed up along with it, and the note says so.
    h.get_by_label("The β hot field takes at most 1e6, so 1e9 became 1e6.");
    h.get_by_label("β cold went up from 10 to 1e6 to stay at least β hot.");
    // A number inside the range is taken as it is, and the note goes.
    type_into(&mut h, "β hot", "0.5");
    assert_eq!(h.state().doc.session.solver.anneal.beta, Some((0.5, 1e6)));
    assert!(
        h.query_by_label_contains("field takes at").is_none(),
        "the note stays after a good number"
    );
    type_into(&mut h, "β cold", "0.25");
    assert_eq!(h.state().doc.session.solver.anneal.beta, Some((0.5, 0.5)));
    h.get_by_label("The β cold field takes at least 0.5 (β hot), so 0.25 became 0.5.");
    assert_eq!(h.state().doc.session.solver.validate(), Ok(()));
}

#[test]
fn a_count_typed_past_its_limit_is_clamped_with_a_note() {
    let mut s = small_sums(SamplerKind::Tabu);
    s.solver.tabu.tenure = Some(3);
    let mut h = room_with_model(s);
    type_into(&mut h, "tenure", "5000000");
    assert_eq!(h.state().doc.session.solver.tabu.tenure, Some(1 << 20));
    h.get_by_label("The tenure field takes at most 1,048,576, so 5,000,000 became 1,048,576.");
    type_into(&mut h, "restarts", "-4");
    assert_eq!(h.state().doc.session.solver.tabu.restarts, 0);
    h.get_by_label("The restarts field takes at least 0, so -4 became 0.");
}

#[test]
fn a_fields_tooltip_states_its_range() {
    let mut s = small_sums(SamplerKind::Anneal);
    s.solver.anneal.beta = Some((0.1, 10.0));
    let mut h = room_with_model(s);
    let at = h.get_by_label("β hot").rect().center();
    h.hover_at(at);
    wait_for_text(&mut h, "Range: 1e-6 to 1e6.");
    let at = h.get_by_label("sweeps").rect().center();
    h.hover_at(at);
    wait_for_text(&mut h, "Range: 1 to 100,000,000.");
}

/// Turning auto off gives what auto comes to on this model: the β range
/// dwave-samplers would choose, the tenure min(20, n/4) and n·max(200, 3n)
/// evaluations for the 10 variables (not fixed numbers from the description).
#[test]
fn turning_auto_off_starts_from_the_models_value() {
    let mut h = room_with_model(small_sums(SamplerKind::Anneal));
    let beta = h.state().room.model().unwrap().beta.expect("the model's β");
    let at = auto_box_of(&h, "β range");
    click_at(&mut h, at);
    assert_eq!(h.state().doc.session.solver.anneal.beta, Some(beta));
    assert_ne!(Some(beta), Some((0.1, 10.0)), "the description's start would pass too");

    let mut h = room_with_model(small_sums(SamplerKind::Tabu));
    assert_eq!(h.state().room.model().unwrap().stats.variables, 10);
    let at = auto_box_of(&h, "evaluations");
    click_at(&mut h, at);
    let tabu = &h.state().doc.session.solver.tabu;
    assert_eq!(
        (tabu.tenure, tabu.evaluations),
        (None, Some(2_000)),
        "only the evaluations' box"
    );
    let at = auto_box_of(&h, "tenure");
    click_at(&mut h, at);
    assert_eq!(h.state().doc.session.solver.tabu.tenure, Some(2));
    let m = h.state().room.model().unwrap();
    assert_eq!(m.model_value(SamplerKind::Tabu, "tenure"), Some(ParamValue::Count(2)));
}

/// A β hot typed above β cold (inside the limits) pushes β cold up, and the note says so.
#[test]
fn beta_cold_pushed_up_by_beta_hot_is_said() {
    let mut s = small_sums(SamplerKind::Anneal);
    s.solver.anneal.beta = Some((0.1, 10.0));
    let mut h = room_with_model(s);
    type_into(&mut h, "β hot", "20");
    assert_eq!(h.state().doc.session.solver.anneal.beta, Some((20.0, 20.0)));
    h.get_by_label("β cold went up from 10 to 20 to stay at least β hot.");
}

/// A tenure the model cannot run (not below its variables) is said before the
/// run, in the engine's words as a sentence, and Start run waits; a good
/// tenure clears it.
#[test]
fn a_tenure_the_model_cannot_run_is_said_before_the_run() {
    let mut s = small_sums(SamplerKind::Tabu);
    s.solver.tabu.tenure = Some(3);
    let mut h = room_with_model(s);
    let start_enabled = |h: &H| !h.get_by_label("Start run").accesskit_node().is_disabled();
    assert!(start_enabled(&h));
    type_into(&mut h, "tenure", "10");
    assert_eq!(h.state().doc.session.solver.tabu.tenure, Some(10));
    let said: Vec<_> = h
        .query_all_by_label("The tenure must be below the 10 variables.")
        .collect();
    assert_eq!(said.len(), 1, "said once, before any run");
    assert!(!start_enabled(&h), "Start run waits for a tenure the model can run");
    type_into(&mut h, "tenure", "9");
    assert!(h.query_by_label_contains("must be below").is_none(), "the message goes");
    assert!(start_enabled(&h));
}

/// With the placed fleet's model (whose long source row widens the panel's
/// layout) a clamp note wraps inside the side panel at 1280×800.
#[test]
fn a_clamp_note_wraps_inside_the_side_panel() {
    let mut s = crate::solver::placed_classic();
    s.solver.source = SolverSource::Fleet;
    s.solver.sampler = SamplerKind::Anneal;
    let mut h = room_harness_sized(SolverRoom::default(), s, egui::vec2(1280.0, 800.0));
    h.run_steps(2);
    wait_until(&mut h, |r| {
        !r.room.busy() && (r.room.model().is_some() || r.room.model_error().is_some())
    });
    let room = &h.state().room;
    assert!(room.model().is_some(), "a model: {:?}", room.model_error());
    type_into(&mut h, "sweeps", "200000000");
    let note = h
        .get_by_label_contains("The sweeps field takes at most 100,000,000")
        .rect();
    // The central panel starts right of the side panel: its Run tab.
    let central = h.get_by_label("Run").rect().left();
    assert!(
        note.right() < central,
        "the note {note:?} runs past the panel's edge at {central}"
    );
}
