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

/// Keys for typing `c` as a keyboard sends them, queued without a frame between.
fn queue_typed<S>(h: &mut egui_kittest::Harness<'_, S>, text: &str) {
    for c in text.chars() {
        let key = match c {
            ' ' => egui::Key::Space,
            '-' => egui::Key::Minus,
            '\n' => egui::Key::Enter,
            c => egui::Key::from_name(&c.to_ascii_uppercase().to_string()).expect("a key"),
        };
        h.key_down(key);
        if c != '\n' {
            h.event(egui::Event::Text(c.to_string()));
        }
        h.key_up(key);
    }
}

/// Typing in the Text tab's editor, then clicking Apply with the keys still
/// queued (a fast typist, or a busy frame: keys and the press in one frame or
/// the next): no room key acts on the letters typed ("a" is Anneal), and
/// the Grid tab clicked next stays in the room.
#[test]
fn keys_typed_into_the_text_editor_never_act_as_room_keys() {
    use egui::accesskit::Role;
    for same_frame in [true, false] {
        let mut h = on_puzzle("Usual runs", &takuzu(""));
        h.get_by_label("Text").click();
        h.run_steps(2);
        let editor = h
            .query_all_by_role(Role::MultilineTextInput)
            .next()
            .expect("the text editor")
            .rect();
        click_in_place(&mut h, editor.center());
        h.run_steps(1);
        queue_typed(&mut h, "\nmax-run 3");
        if !same_frame {
            h.run_steps(1);
        }
        let apply = h.get_by_label("Apply").rect().center();
        h.hover_at(apply);
        for pressed in [true, false] {
            h.event(egui::Event::PointerButton {
                pos: apply,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            });
            h.run_steps(1);
        }
        h.run_steps(2);
        assert!(
            !sent_to_solver(&h),
            "typed letters opened the Solver room (same frame: {same_frame})"
        );
        let grid = h.get_by_label("Grid").rect().center();
        click_in_place(&mut h, grid);
        h.run_steps(2);
        assert!(
            !sent_to_solver(&h),
            "the Grid click opened the Solver room (same frame: {same_frame})"
        );
    }
}
