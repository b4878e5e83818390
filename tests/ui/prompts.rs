//! UI tests of the prompts (unsaved changes, recovery, typed path, problem,
//! welcome back): each is a modal centred over the dimmed window that keeps the
//! pointer and the keyboard from the rooms behind it.

use crate::common::*;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fleetscope::session::{Recovery, RecoveryStore, Session};
use fleetscope::ui::App;
use fleetscope::ui::room::Room;
use fleetscope::ui::rooms::puzzles::PuzzlesRoom;
use std::path::Path;

/// An app started where an earlier run, long gone, left a recovery copy of a
/// session whose setup is called `name`.
fn app_after_a_crash(dir: &Path, name: &str) -> (Harness<'static, App>, Session) {
    let mut session = session_of(&["russian"]);
    session.setup_mut().name = name.into();
    let gone = RecoveryStore::for_process(dir, 999_999_999);
    gone.write(&Recovery {
        session: session.clone(),
        file: None,
    })
    .unwrap();
    let mut h = harness_of(App::new(Some(RecoveryStore::new(dir)), None));
    h.run_steps(2);
    (h, session)
}

/// The prompt showing `text` is a modal in the middle of the window, and a
/// click on a room tab behind it neither switches the room nor closes it.
fn assert_modal_prompt(h: &mut Harness<'_, App>, text: &str) {
    wait_for_text(h, text);
    let at = h.get_by_label_contains(text).rect().center();
    let middle = egui::pos2(640.0, 430.0);
    assert!(
        (at.x - middle.x).abs() < 240.0 && (at.y - middle.y).abs() < 160.0,
        "'{text}' is at {at:?}, not in the middle"
    );
    assert!(
        h.ctx.memory(|m| m.top_modal_layer().is_some()),
        "'{text}' is not in a modal"
    );
    let room = h.state().current_room();
    let other = if room == "counter" { "Solver" } else { "Counter" };
    h.get_by_label(other).click();
    h.run_steps(2);
    assert_eq!(h.state().current_room(), room, "a tab behind '{text}' took a click");
    assert!(
        h.query_by_label_contains(text).is_some(),
        "a click behind '{text}' closed it"
    );
}

/// Restore replaces the session at once when it has no unsaved changes, and
/// asks first when it has (before, work done while the prompt showed was
/// dropped without a word).
#[test]
fn restoring_a_recovery_copy_never_drops_edits_silently() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, recovered) = app_after_a_crash(dir.path(), "crashed work");
    assert_modal_prompt(&mut h, "Restore them?");
    h.state_mut().doc.edit(|s| s.setup_mut().name = "meanwhile".into());
    h.get_by_label("Restore").click();
    h.run_steps(2);
    assert_modal_prompt(&mut h, "Save them before restoring");
    h.get_by_label("Keep editing").click();
    h.run_steps(2);
    assert_eq!(h.state().doc.session.setup().name, "meanwhile", "kept");

    let (mut h, _) = app_after_a_crash(dir.path(), "crashed work");
    h.state_mut().doc.edit(|s| s.setup_mut().name = "meanwhile".into());
    h.get_by_label("Restore").click();
    h.run_steps(2);
    h.get_by_label("Discard changes").click();
    h.run_steps(2);
    assert_eq!(h.state().doc.session.setups, recovered.setups, "restored once asked");
    assert!(h.state().doc.dirty, "restored work is unsaved work");
    assert!(
        RecoveryStore::for_process(dir.path(), 1).read().is_some(),
        "the copy stays until the restored work is saved"
    );

    let (mut h, _) = app_after_a_crash(dir.path(), "crashed work");
    h.get_by_label("Restore").click();
    h.run_steps(2);
    assert!(
        h.query_by_label("Keep editing").is_none(),
        "nothing to lose: no question"
    );
    assert_eq!(h.state().doc.session.setups, recovered.setups);
}

/// Unsaved changes, the typed path, a problem and the session to reopen: the
/// same kind of prompt, in the middle of the dimmed window.
#[test]
fn every_prompt_is_a_modal_in_the_middle() {
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().doc.edit(|s| s.setup_mut().name = "edited".into());
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run_steps(2);
    assert_modal_prompt(&mut h, "Save them before starting");
    h.get_by_label("Discard changes").click();
    h.run_steps(2);

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, "(version: 1, setups: [(name: \"x\"").unwrap();
    menu_item(&mut h, "File", "Open path…");
    assert_modal_prompt(&mut h, "Open session from path");
    h.state_mut().workflow.files.prompt.as_mut().unwrap().text = bad.display().to_string();
    h.run_steps(2);
    h.get_by_label("Open").click();
    h.run_steps(2);
    wait_until(&mut h, |a| !a.workflow.busy());
    assert_modal_prompt(&mut h, "Could not open the session");
    h.get_by_label("OK").click();
    h.run_steps(2);

    let last = dir.path().join("last.ron");
    fleetscope::session::save(&last, &session_of(&["classic"])).unwrap();
    h.state_mut().workflow.recent = vec![last];
    h.state_mut().workflow.offer_last_session();
    h.run_steps(2);
    assert_modal_prompt(&mut h, "Reopen your last session");
}

fn puzzles<'h>(h: &'h Harness<'_, App>) -> &'h PuzzlesRoom {
    h.state().room::<PuzzlesRoom>()
}

/// The room did none of what S, A and P do: no solve, the same room, no Try mode.
fn assert_room_keys_did_nothing(h: &mut Harness<'_, App>) {
    h.run_steps(2);
    assert!(
        !puzzles(h).busy() && puzzles(h).solved().is_none(),
        "S solved the puzzle"
    );
    assert_eq!(h.state().current_room(), "puzzles", "A opened the Solver");
    assert!(!puzzles(h).trying(), "P started Try mode");
}

/// The folder of a proposed path, up to and with its last separator.
fn folder_of(path: &str) -> String {
    path.rfind(['/', std::path::MAIN_SEPARATOR])
        .map_or(String::new(), |i| path[..=i].to_string())
}

/// The typed-path prompt (the only way to save where no file dialog exists)
/// takes the keyboard with the proposed file name selected: typing replaces
/// the name and keeps the folder shown (replacing the whole path sent a typed
/// name to the working folder), and the letters that are the Puzzles room's
/// keys do nothing there.
#[test]
fn the_typed_path_prompt_takes_the_keyboard() {
    let mut h = harness();
    h.state_mut().open_room("puzzles");
    h.run_steps(3);
    menu_item(&mut h, "File", "Save to path…");
    wait_for_text(&mut h, "Save session to path");
    let proposed = h.state().workflow.files.prompt.as_ref().unwrap().text.clone();
    assert!(proposed.ends_with(".ron"), "a file name is proposed: {proposed}");
    type_keys(&mut h, "sap");
    let typed = h
        .state()
        .workflow
        .files
        .prompt
        .as_ref()
        .expect("still open")
        .text
        .clone();
    assert_eq!(
        typed,
        format!("{}sap", folder_of(&proposed)),
        "the keys replace the proposed name"
    );
    assert_room_keys_did_nothing(&mut h);
    // Escape closes the prompt, and only that (it also clears an answer in Puzzles).
    h.key_press(Key::Escape);
    h.run_steps(2);
    assert!(h.state().workflow.files.prompt.is_none());

    // The same for Open path…
    menu_item(&mut h, "File", "Open path…");
    wait_for_text(&mut h, "Open session from path");
    let proposed = h.state().workflow.files.prompt.as_ref().unwrap().text.clone();
    type_keys(&mut h, "pas");
    let typed = h.state().workflow.files.prompt.as_ref().unwrap().text.clone();
    assert!(!folder_of(&proposed).is_empty(), "a folder is proposed: {proposed}");
    assert_eq!(typed, format!("{proposed}pas"), "a name typed after the folder shown");
    assert_room_keys_did_nothing(&mut h);
}

/// No shortcut acts while a prompt is up, Ctrl ones included: Ctrl+S does
/// not save behind the Save prompt, Ctrl+Z does not undo, F1 opens no Help;
/// once it is closed they act again.
#[test]
fn no_shortcut_acts_behind_a_prompt() {
    let mut h = harness();
    h.run_steps(2);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kept.ron");
    h.state_mut().doc.edit(|s| s.setup_mut().name = "saved".into());
    menu_item(&mut h, "File", "Save to path…");
    h.state_mut().workflow.files.prompt.as_mut().unwrap().text = path.display().to_string();
    h.run_steps(2);
    h.get_by_label("Save").click();
    h.run_steps(2);
    wait_until(&mut h, |a| !a.workflow.busy() && !a.doc.dirty);
    h.state_mut().doc.edit(|s| s.setup_mut().name = "edited".into());

    menu_item(&mut h, "File", "Save to path…");
    wait_for_text(&mut h, "Save session to path");
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.key_press(Key::F1);
    h.run_steps(3);
    wait_until(&mut h, |a| !a.workflow.busy());
    assert!(h.state().doc.dirty, "Ctrl+S saved behind the prompt");
    assert_eq!(fleetscope::session::load(&path).unwrap().setup().name, "saved");
    assert_eq!(
        h.state().doc.session.setup().name,
        "edited",
        "Ctrl+Z undid behind the prompt"
    );
    assert!(
        h.query_by_label_contains("Counts every deployment").is_none(),
        "F1 opened Help"
    );

    h.get_by_label("Cancel").click();
    h.run_steps(3);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(2);
    assert_eq!(
        h.state().doc.session.setup().name,
        "saved",
        "Ctrl+Z acts once the prompt is gone"
    );
}

/// A prompt without a text field keeps the keys from the room too.
#[test]
fn room_keys_wait_while_a_question_is_up() {
    let mut h = harness();
    h.state_mut().open_room("puzzles");
    h.run_steps(3);
    h.state_mut().doc.edit(|s| s.setup_mut().name = "edited".into());
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    wait_for_text(&mut h, "Save them before starting");
    for key in [Key::S, Key::A, Key::P] {
        h.key_press(key);
        h.run_steps(1);
    }
    assert_room_keys_did_nothing(&mut h);
    assert!(h.query_by_label("Keep editing").is_some(), "the question is still up");
}

/// While a room's text field has the keyboard it keeps its letters and its
/// own Ctrl+Z (the session's undo waits); the file keys still act: Ctrl+S saves.
#[test]
fn a_text_field_keeps_letters_and_undo_but_ctrl_s_saves() {
    let mut h = harness();
    h.run_steps(2);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("typing.ron");
    h.state_mut().doc.edit(|s| s.setup_mut().name = "first".into());
    menu_item(&mut h, "File", "Save to path…");
    h.state_mut().workflow.files.prompt.as_mut().unwrap().text = path.display().to_string();
    h.run_steps(2);
    h.get_by_label("Save").click();
    h.run_steps(2);
    wait_until(&mut h, |a| !a.workflow.busy() && !a.doc.dirty);
    h.state_mut().doc.edit(|s| s.setup_mut().name = "second".into());

    h.state_mut().open_tab("puzzles", "text");
    h.run_steps(3);
    h.get_by_role(egui::accesskit::Role::MultilineTextInput).click();
    h.run_steps(2);
    type_keys(&mut h, "sap");
    assert_room_keys_did_nothing(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(2);
    assert_eq!(
        h.state().doc.session.setup().name,
        "second",
        "Ctrl+Z undid the session, not the field"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run_steps(2);
    wait_until(&mut h, |a| !a.workflow.busy() && !a.doc.dirty);
    assert_eq!(fleetscope::session::load(&path).unwrap().setup().name, "second");
}

/// The recovery prompt's buttons say what they do (and their keys), and
/// Discard asks once more before the copy is deleted: Esc goes back with
/// nothing lost (one click used to delete the copy for good).
#[test]
fn discarding_a_recovery_copy_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = app_after_a_crash(dir.path(), "crashed work");
    let copy_left = || RecoveryStore::for_process(dir.path(), 1).read().is_some();
    assert_modal_prompt(&mut h, "Restore them?");
    for (button, tip) in [("Restore", "; Enter"), ("Discard", "asks first")] {
        let at = h.get_by_label(button).rect().center();
        h.hover_at(at);
        wait_for_text(&mut h, tip);
        h.hover_at(egui::pos2(5.0, 5.0));
        h.run_steps(2);
    }
    h.get_by_label("Discard").click();
    h.run_steps(2);
    assert_modal_prompt(&mut h, "for good?");
    assert!(copy_left(), "nothing is deleted before the second answer");
    h.key_press(Key::Escape);
    h.run_steps(2);
    assert_modal_prompt(&mut h, "Restore them?");
    assert!(copy_left());
    h.get_by_label("Discard").click();
    h.run_steps(2);
    h.get_by_label("Delete them").click();
    h.run_steps(2);
    assert!(h.query_by_label_contains("Restore them?").is_none());
    assert!(!copy_left(), "deleted once confirmed");
}
