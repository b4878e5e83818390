//! UI tests of what the Puzzles room says about the open puzzle: Anneal held
//! back with the QUBO's refusal, and large counts with separators.

use crate::common::*;

use egui_kittest::kittest::{NodeT, Queryable};
use fleetscope::puzzle::{Puzzle, QuboOptions};
use fleetscope::ui::room::Command;

const ANNEAL: &str = "Anneal in the Solver room (A)";

/// The room opened on a puzzle of its own, its background counts finished.
fn on_puzzle(name: &str, text: &str) -> crate::puzzles::H {
    let mut s = session_of(&["classic"]);
    s.puzzles.puzzles.push(fleetscope::session::NamedPuzzle {
        name: name.into(),
        puzzle: Puzzle::parse(text).unwrap(),
    });
    s.puzzles.active = s.puzzles.puzzles.len() - 1;
    let mut h = room_harness(fleetscope::ui::rooms::puzzles::PuzzlesRoom::default(), s);
    h.run_steps(3);
    wait_until(&mut h, |r| {
        use fleetscope::ui::room::Room;
        !r.room.busy()
    });
    h
}

fn takuzu(extra: &str) -> String {
    format!("takuzu 6x6\n{extra}grid\n1..01.\n..0..1\n.0.1..\n....1.\n1..1..\n..1..0\n")
}

fn sent_to_solver(h: &crate::puzzles::H) -> bool {
    h.state()
        .commands
        .iter()
        .any(|c| matches!(c, Command::SwitchRoomTab("solver", _)))
}

/// Takuzu with runs of up to 3 alike: its windows allow 1 to 3 ones, which
/// the paper's QUBO cannot hold without slack variables. Anneal is held
/// back, its hover text giving the QUBO builder's own reason, and A says it.
#[test]
fn anneal_is_held_back_where_the_qubo_cannot_be_built() {
    let text = takuzu("max-run 3\n");
    let why = Puzzle::parse(&text)
        .unwrap()
        .qubo(QuboOptions::default())
        .expect_err("the QUBO builder refuses it");
    let mut h = on_puzzle("Long runs", &text);
    let button = h.get_by_label(ANNEAL);
    assert!(button.accesskit_node().is_disabled(), "Anneal is held back");
    let hover = button.accesskit_node().description().unwrap_or_default().to_string();
    assert!(hover.starts_with("Its QUBO cannot be built"), "{hover}");
    assert!(
        hover.contains(why.trim_end_matches('.')),
        "the builder's reason: {hover}"
    );
    h.key_press(egui::Key::A);
    h.run_steps(2);
    assert!(!sent_to_solver(&h), "A does not open the Solver room");
    assert!(
        h.state().status.starts_with("Its QUBO cannot be built"),
        "{}",
        h.state().status
    );

    // The same puzzle with the usual runs anneals.
    let mut h = on_puzzle("Usual runs", &takuzu(""));
    assert!(!h.get_by_label(ANNEAL).accesskit_node().is_disabled());
    h.get_by_label(ANNEAL).click();
    h.run_steps(2);
    assert!(sent_to_solver(&h));
}

/// A blank 8×8 Queens has 5,242 solutions: the lens stops at 1,000, and
/// Repair lists the edits that cut the count from "1,000+" (with a separator).
#[test]
fn repair_names_a_count_past_the_cap_with_a_separator() {
    let mut h = on_puzzle("Blank queens", "queens 8x8\n");
    h.get_by_label("Repair").click();
    h.run_steps(2);
    wait_until(&mut h, |r| {
        use fleetscope::ui::room::Room;
        !r.room.busy()
    });
    wait_for_text(&mut h, "from 1,000+ solutions");
}
