//! The Run tab says what a run is doing and why it stopped: "going" while no
//! read has reported, and a cancel before any read finished is said as a
//! cancel, not blamed on a time limit that was never set.

use crate::common::*;
use crate::solver_params::{room_with_model, small_sums};

use egui_kittest::kittest::Queryable;
use fleetscope::session::SamplerKind;

#[test]
fn a_run_cancelled_before_any_read_finished_says_so() {
    let mut s = small_sums(SamplerKind::Anneal);
    // One read far too long to finish before the cancel; no time limit.
    s.solver.anneal.sweeps = 100_000_000;
    s.solver.reads = 1;
    s.solver.time_limit = None;
    let mut h = room_with_model(s);
    h.get_by_label("Press Start run to sample the model; the plots follow the run as it goes.");
    h.get_by_label("Start run").click();
    h.run_steps(2);
    assert!(h.state().room.is_solving(), "the run is going");
    assert!(
        h.query_by_label_contains("Press Start run").is_none(),
        "the Run tab does not ask for Start while the run goes"
    );
    h.get_by_label("Cancel run").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.is_solving());
    h.run_steps(2);
    let result = h.state().room.result().expect("a cancelled run keeps its result");
    assert!(result.set.samples.is_empty(), "no read finished");
    h.get_by_label("Cancelled before any read finished.");
    assert!(
        h.query_by_label_contains("within the time limit").is_none(),
        "no time limit was set, so none is blamed"
    );
}
