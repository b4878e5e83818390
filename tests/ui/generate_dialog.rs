//! UI tests of the Puzzles room's Generate dialog as a new user meets it:
//! room keys wait while the user works in it, it opens clear of the Logic
//! buttons, and it checks each field as it is typed.

use crate::common::*;

use crate::puzzles::H;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use fleetscope::session::Session;
use fleetscope::ui::room::Room;
use fleetscope::ui::rooms::puzzles::PuzzlesRoom;

const QUEENS: &str = "LinkedIn Queens 1";

/// The room on the Queens example in a window of this size, its background work done.
fn on_sized(size: egui::Vec2) -> H {
    let mut s: Session = session_of(&["classic"]);
    s.puzzles.active = s
        .puzzles
        .puzzles
        .iter()
        .position(|p| p.name == QUEENS)
        .expect("an example");
    let mut h = room_harness_sized(PuzzlesRoom::default(), s, size);
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    h
}

/// Opens the dialog with its button and waits until its window is drawn.
fn open_dialog(h: &mut H) {
    h.get_by_label("Generate...").click();
    h.run_steps(3);
    wait_for_label(h, "Drafts per puzzle");
    h.run_steps(2);
}

/// The dialog's window on screen.
fn dialog_rect(h: &H) -> egui::Rect {
    h.query_all_by_label("Generate puzzles")
        .find(|n| n.accesskit_node().role() == Role::Window)
        .expect("the dialog's window")
        .rect()
}

/// The dialog's number field on the row `row` (nearest to its label), set
/// as a screen reader does.
fn set_number(h: &mut H, row: &str, value: f64) {
    let top = h.get_by_label(row).rect().top();
    h.query_all_by_role(Role::SpinButton)
        .min_by(|a, b| (a.rect().top() - top).abs().total_cmp(&(b.rect().top() - top).abs()))
        .expect("a number field")
        .set_value_accesskit(value);
    h.run_steps(3);
}

fn generate_enabled(h: &H) -> bool {
    !h.get_by_label("Generate").accesskit_node().is_disabled()
}

#[test]
fn room_keys_wait_while_the_user_works_in_a_window() {
    let mut h = on_sized(egui::vec2(1280.0, 860.0));
    open_dialog(&mut h);
    // A click on the dialog where no field takes keys, then the room's Try key.
    let at = h.get_by_label("Family").rect().center();
    click_at(&mut h, at);
    h.key_press(egui::Key::P);
    h.run_steps(2);
    assert!(!h.state().room.trying(), "P typed in the dialog left the room alone");
    // Back in the room, the same key acts.
    let at = h.get_by_label("Solve").rect().center();
    click_at(&mut h, at);
    h.key_press(egui::Key::P);
    h.run_steps(2);
    assert!(h.state().room.trying(), "P in the room toggles Try");
    // Back in the dialog the key waits again, until the dialog closes.
    let at = h.get_by_label("Seed").rect().center();
    click_at(&mut h, at);
    h.key_press(egui::Key::P);
    h.run_steps(2);
    assert!(h.state().room.trying(), "P typed in the dialog left Try on");
    h.get_by_label("Close window").click();
    h.run_steps(3);
    assert!(h.query_by_label("Drafts per puzzle").is_none(), "the dialog closed");
    h.key_press(egui::Key::P);
    h.run_steps(2);
    assert!(!h.state().room.trying(), "with the dialog closed, P acts");
}

#[test]
fn the_dialog_opens_clear_of_the_logic_buttons() {
    for size in [egui::vec2(1280.0, 800.0), egui::vec2(1920.0, 1080.0)] {
        let mut h = on_sized(size);
        let buttons: Vec<(&str, egui::Rect)> = ["Hint (H)", "Apply (Shift+H)", "Explain"]
            .into_iter()
            .map(|b| (b, h.get_by_label(b).rect()))
            .collect();
        open_dialog(&mut h);
        let dialog = dialog_rect(&h);
        assert!(dialog.width() > 100.0 && dialog.height() > 100.0, "{dialog:?}");
        for (b, r) in buttons {
            assert!(
                !dialog.intersects(r),
                "at {size:?} the dialog {dialog:?} lies over '{b}' {r:?}"
            );
            assert_eq!(h.get_by_label(b).rect(), r, "'{b}' stays where it was");
        }
        let generate = h.get_by_label("Generate...").rect();
        assert!(
            !dialog.intersects(generate),
            "at {size:?} the dialog hides its own button"
        );
    }
}

#[test]
fn bad_fields_are_said_as_they_are_typed_and_hold_generate_back() {
    let mut h = on_sized(egui::vec2(1280.0, 860.0));
    open_dialog(&mut h);
    assert!(generate_enabled(&h), "the defaults are good");
    set_number(&mut h, "Size", 40.0);
    let said = h
        .query_all_by_label_contains("cells a side, not 40")
        .next()
        .map(|n| {
            let node = n.accesskit_node();
            node.label().or_else(|| node.value()).unwrap_or_default().to_string()
        })
        .expect("the size is said to be out of range before Generate is pressed");
    assert!(said.starts_with("A generated"), "a sentence: {said:?}");
    assert!(!generate_enabled(&h), "Generate waits for a good size");
    set_number(&mut h, "Size", 8.0);
    assert!(h.query_by_label_contains("cells a side").is_none(), "the message goes");
    assert!(generate_enabled(&h));
    // Seeds that would run past the largest: the command line's own check.
    set_number(&mut h, "How many", 2.0);
    set_number(&mut h, "Seed", u64::MAX as f64);
    assert!(
        h.query_by_label_contains("the seeds would run past the largest")
            .is_some(),
        "the seed and the count are checked together"
    );
    assert!(!generate_enabled(&h));
    set_number(&mut h, "How many", 1.0);
    assert!(h.query_by_label_contains("run past").is_none());
    assert!(generate_enabled(&h));
}

/// In the whole app, with the user working in the dialog: Ctrl shortcuts
/// still act (Undo), the room's own letters wait.
#[test]
fn ctrl_shortcuts_still_act_while_the_user_works_in_a_window() {
    use egui::{Key, Modifiers};
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().open_room("puzzles");
    h.run_steps(3);
    let before = h.state().doc.session.puzzles.puzzles.len();
    h.state_mut().doc.edit(|s| {
        let copy = s.puzzles.puzzles[0].clone();
        s.puzzles.puzzles.push(copy);
    });
    h.run_steps(2);
    h.state_mut().room_mut::<PuzzlesRoom>().open_generate();
    h.run_steps(3);
    wait_for_label(&mut h, "Drafts per puzzle");
    let at = h.get_by_label("Family").rect().center();
    click_at(&mut h, at);
    h.key_press(Key::P);
    h.run_steps(2);
    assert!(!h.state().room::<PuzzlesRoom>().trying(), "the room's letter waits");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(2);
    assert_eq!(
        h.state().doc.session.puzzles.puzzles.len(),
        before,
        "Ctrl+Z undid the edit"
    );
}

/// A size typed far past the limits is held as typed, so the message names
/// it; and the message appearing leaves the dialog's top and its fields where
/// they were (it does not grow upwards under the pointer).
#[test]
fn a_size_out_of_range_is_named_as_typed_and_the_fields_stay_put() {
    let mut h = on_sized(egui::vec2(1280.0, 800.0));
    open_dialog(&mut h);
    let top = dialog_rect(&h).top();
    let seed = h.get_by_label("Seed").rect();
    let count = h.get_by_label("How many").rect();
    set_number(&mut h, "Size", 999.0);
    let said = h
        .query_all_by_label_contains("cells a side, not 999.")
        .next()
        .map(|n| {
            let node = n.accesskit_node();
            node.label().or_else(|| node.value()).unwrap_or_default().to_string()
        })
        .expect("the size typed is named");
    assert!(
        said.starts_with("A generated ") && said.contains(" puzzle is "),
        "{said:?}"
    );
    assert!(!generate_enabled(&h));
    assert_eq!(dialog_rect(&h).top(), top, "the dialog's top stays put");
    assert_eq!(h.get_by_label("Seed").rect(), seed, "Seed stays under the pointer");
    assert_eq!(h.get_by_label("How many").rect(), count);
    // A count past the limits is named as typed too.
    set_number(&mut h, "How many", 999.0);
    set_number(&mut h, "Size", 8.0);
    assert!(
        h.query_by_label_contains("'How many' must be 1 to 50, not 999.")
            .is_some(),
        "the count typed is named"
    );
    assert_eq!(h.get_by_label("Seed").rect(), seed);
}
