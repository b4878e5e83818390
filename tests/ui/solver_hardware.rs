//! The Hardware tab follows its target graph: an embedding made on one graph
//! is never shown, simulated or exported as if it were on another.

use crate::common::*;

use egui_kittest::kittest::Queryable;
use fleetscope::session::SolverSource;
use fleetscope::ui::room::Room;
use fleetscope::ui::rooms::solver::SolverRoom;

const CHIMERA: &str = "Chimera C4 (128 qubits, for tests)";
const PEGASUS: &str = "Pegasus P4 (264 qubits, for tests)";

/// Embed on Chimera C4, switch to Pegasus P4: the embedding, its figures and
/// verdicts and the session's copy go, the status line says so; an undo
/// brings the target and its embedding back together, and the status line says that.
#[test]
fn another_target_graph_clears_the_embedding() {
    let mut s = session_of(&["classic"]);
    s.solver.source = SolverSource::Sums;
    s.solver.rows = "2,3".into();
    s.solver.cols = "1,1,1,1,1".into();
    s.solver.ships = "2,3".into();
    s.solver.hardware.target = "chimera:4".into();
    let mut h = room_harness(SolverRoom::default(), s);
    h.state_mut().room.set_tab("hardware");
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy() && r.room.model().is_some());
    h.get_by_label("Embed").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    let hw = h.state().room.hardware();
    assert!(hw.embedding().is_some(), "an embedding: {:?}", hw.embed_error());
    assert!(h.query_by_label_contains("Chimera C4: ").is_some());
    assert!(h.state().doc.session.solver.hardware.embedding.is_some());

    h.get_by_value(CHIMERA).click();
    h.run_steps(2);
    h.get_by_label(PEGASUS).click();
    h.run_steps(3);
    let solver = &h.state().doc.session.solver;
    assert_eq!(solver.hardware.target, "pegasus:4");
    assert!(
        h.state().room.hardware().embedding().is_none(),
        "the old embedding is gone"
    );
    assert!(solver.hardware.embedding.is_none(), "the session's copy is gone");
    assert!(
        h.query_by_label_contains("Chimera C4: ").is_none(),
        "its figures are gone"
    );
    assert!(
        h.query_by_label_contains("Logical model").is_none(),
        "its verdicts are gone"
    );
    h.get_by_label("Embed the model first.");
    let status = &h.state().status;
    assert!(
        status.starts_with("Cleared the embedding made for Chimera C4") && status.contains(PEGASUS),
        "{status}"
    );
    // One undo step: the target and its embedding come back together.
    h.state_mut().doc.undo();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    assert_eq!(h.state().doc.session.solver.hardware.target, "chimera:4");
    let hw = h.state().room.hardware();
    let back = hw
        .embedding()
        .unwrap_or_else(|| panic!("the embedding on Chimera C4 again: {:?}", hw.embed_error()));
    assert_eq!(back.summary.target.family.spec(), "chimera:4,4,4");
    // The status line tells of the undo, not of a clearing that did not happen.
    let status = &h.state().status;
    assert_eq!(status, &format!("Back to {CHIMERA} and its embedding."));
}
