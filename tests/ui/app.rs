//! UI tests of the whole app: rooms as tabs, the file workflow (background
//! save and open, the unsaved-changes prompt), the saved view, Help.

use crate::common::*;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fleetscope::session::RecentFiles;
use fleetscope::ui::App;
use std::path::Path;

fn type_path(h: &mut Harness<'_, App>, path: &Path) {
    h.state_mut().workflow.files.prompt.as_mut().unwrap().text = path.display().to_string();
    h.run_steps(2);
}

fn save_to(h: &mut Harness<'_, App>, path: &Path) {
    menu_item(h, "File", "Save to path…");
    type_path(h, path);
    h.get_by_label("Save").click();
    h.run_steps(2);
    wait_until(h, |a| !a.workflow.busy() && !a.doc.dirty);
}

#[test]
fn save_and_open_in_the_background_with_the_unsaved_prompt() {
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().doc.edit(|s| s.setup_mut().name = "first".into());
    assert!(h.state().doc.dirty);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ui.ron");
    save_to(&mut h, &path);
    assert!(h.state().doc.title().starts_with("ui.ron"));
    let saved = h.state().doc.session.clone();

    // "Save to path…" now proposes the current file, not session.ron.
    menu_item(&mut h, "File", "Save to path…");
    let proposed = h.state().workflow.files.prompt.as_ref().unwrap().text.clone();
    assert!(proposed.ends_with("ui.ron"), "{proposed}");
    h.get_by_label("Cancel").click();
    h.run_steps(2);

    // Change something, then open the saved file: the question (offering Save) comes
    // first, once; the typed path then opens without asking again.
    h.state_mut().doc.edit(|s| s.setup_mut().name = "changed".into());
    menu_item(&mut h, "File", "Open path…");
    h.run_steps(2);
    assert!(h.query_by_label("Keep editing").is_some());
    h.get_by_label("Discard changes").click();
    h.run_steps(2);
    type_path(&mut h, &path);
    h.get_by_label("Open").click();
    h.run_steps(2);
    assert!(h.query_by_label("Keep editing").is_none(), "asked once");
    wait_until(&mut h, |a| !a.workflow.busy());
    assert_eq!(h.state().doc.session.setups, saved.setups);
    assert!(!h.state().doc.dirty);

    // New with unsaved changes, answer Save: the file is written, then the new session starts.
    h.state_mut().doc.edit(|s| s.setup_mut().name = "kept".into());
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run_steps(2);
    h.get_by_label("Save").click();
    h.run_steps(2);
    wait_until(&mut h, |a| !a.workflow.busy());
    let on_disk = fleetscope::session::load(&path).unwrap();
    assert_eq!(on_disk.setup().name, "kept", "saved before going on");
    assert_eq!(
        h.state().doc.session.setup().name,
        "Classic 10×10",
        "then a new session"
    );
    assert!(h.state().doc.file.is_none());
}

#[test]
fn a_bad_file_shows_an_error_and_keeps_the_session() {
    let mut h = harness();
    h.run_steps(2);
    let before = h.state().doc.session.clone();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.ron");
    std::fs::write(&path, "(version: 1, setups: [(name: \"x\"").unwrap();
    menu_item(&mut h, "File", "Open path…");
    type_path(&mut h, &path);
    h.get_by_label("Open").click();
    h.run_steps(2);
    wait_until(&mut h, |a| !a.workflow.busy());
    let err = h.state().workflow.files.error.clone().expect("error shown");
    assert!(err.contains("line 1"), "{err}");
    assert_eq!(h.state().doc.session, before);
    h.get_by_label("OK").click();
    h.run_steps(2);
    assert!(h.state().workflow.files.error.is_none());
}

#[test]
fn the_open_room_and_tab_are_saved_but_are_not_unsaved_changes() {
    let mut h = harness();
    h.run_steps(2);
    h.get_by_label("Counter").click();
    h.run_steps(2);
    h.get_by_label("Hunt").click();
    h.run_steps(2);
    assert!(!h.state().doc.dirty, "looking around changes nothing");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("view.ron");
    h.state_mut().doc.edit(|s| s.setup_mut().name = "x".into());
    save_to(&mut h, &path);
    let view = fleetscope::session::load(&path).unwrap().view;
    assert_eq!(view.room, "counter");
    assert_eq!(view.tabs.get("counter").map(String::as_str), Some("hunt"));

    // A fresh app opening that file comes back to the same room and tab.
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().start_with(Some(path), None, None);
    h.run_steps(2);
    wait_until(&mut h, |a| !a.workflow.busy() && a.doc.file.is_some());
    assert_eq!(h.state().current_room(), "counter");
    assert!(
        h.query_by_label_contains("Left-click: miss").is_some(),
        "the Hunt tab is open"
    );
}

#[test]
fn switching_rooms_by_tab_and_quitting_a_clean_session() {
    let mut h = harness();
    h.run_steps(2);
    for id in h.state().room_ids() {
        let title = match id {
            "boards" => "Boards",
            "counter" => "Counter",
            "tomography" => "Tomography",
            "solver" => "Solver",
            "puzzles" => "Puzzles",
            other => panic!("a room without a test title: {other}"),
        };
        h.get_by_label(title).click();
        h.run_steps(2);
        assert_eq!(h.state().current_room(), id);
    }
    h.key_press_modifiers(Modifiers::COMMAND, Key::Q);
    h.run_steps(1);
    assert!(h.state().workflow.quitting, "Ctrl+Q quits a session without changes");
}

#[test]
fn help_has_a_guide_per_room_and_every_shortcut() {
    let mut h = harness();
    h.run_steps(2);
    menu_item(&mut h, "Help", "Keyboard shortcuts");
    for text in [
        "Quit",
        "Tool: islands (click or drag)",
        "The previous matrix of the history",
    ] {
        assert!(h.query_by_label(text).is_some(), "missing shortcut '{text}'");
    }
    // F1 opens the guide of the room shown.
    h.get_by_label("Counter").click();
    h.run_steps(2);
    assert_eq!(
        h.state().current_room(),
        "counter",
        "the Help window leaves the tabs free"
    );
    h.key_press(Key::F1);
    h.run_steps(3);
    assert!(h.query_by_label_contains("Counts every deployment").is_some());
}

/// The room tabs stay where they are whichever room is open (a room with its own
/// menu, as Boards' Tools, puts it after the tabs).
#[test]
fn room_tabs_do_not_move_when_a_room_adds_a_menu() {
    let mut h = harness();
    h.run_steps(2);
    let rects = |h: &Harness<'_, App>| -> Vec<egui::Rect> {
        ["Boards", "Counter", "Tomography", "Solver", "Puzzles"]
            .iter()
            .map(|t| h.get_by_label(t).rect())
            .collect()
    };
    h.state_mut().open_room("boards");
    h.run_steps(2);
    assert!(h.query_by_label("Tools").is_some(), "Boards has its own menu");
    let with_menu = rects(&h);
    h.state_mut().open_room("counter");
    h.run_steps(2);
    assert_eq!(rects(&h), with_menu);
}

/// At start the app offers the session last opened or saved; "Reopen" opens it.
#[test]
fn the_last_session_is_offered_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("last.ron");
    let mut saved = session_of(&["russian"]);
    saved.setup_mut().name = "my last work".into();
    fleetscope::session::save(&path, &saved).unwrap();
    let mut h = harness();
    h.state_mut().workflow.recent = vec![dir.path().join("gone.ron")];
    h.state_mut().workflow.offer_last_session();
    h.run_steps(2);
    assert!(h.query_by_label("Reopen").is_none(), "a missing file is not offered");
    h.state_mut().workflow.recent = vec![path.clone()];
    h.state_mut().workflow.offer_last_session();
    h.run_steps(2);
    assert!(h.query_by_label_contains("Reopen your last session").is_some());
    h.get_by_label("Reopen").click();
    h.run_steps(2);
    wait_until(&mut h, |a| !a.workflow.busy() && a.doc.file.is_some());
    assert_eq!(h.state().doc.file.as_deref(), Some(path.as_path()));
    assert_eq!(h.state().doc.session.setup().name, "my last work");
    assert!(h.query_by_label("Reopen").is_none(), "asked once");
}

/// `target` written relative to the current folder, as a user types it.
fn relative_to_here(target: &Path) -> std::path::PathBuf {
    let here = std::env::current_dir().unwrap();
    let mut p = std::path::PathBuf::new();
    for _ in here.components().skip(1) {
        p.push("..");
    }
    p.join(target.strip_prefix("/").unwrap())
}

/// The recent list keeps absolute paths and is written as soon as a file is
/// saved or opened (before, it kept paths as typed and was written only on a
/// clean quit: an app started from another folder offered nothing). A new app
/// reading the list, from wherever it starts, offers the last file and opens it.
#[test]
fn recent_files_are_absolute_and_written_at_once() {
    let state = tempfile::tempdir().unwrap();
    let store = RecentFiles::new(state.path().join("recent.ron"));
    let work = tempfile::tempdir().unwrap();
    let here = work.path().canonicalize().unwrap();
    let mut h = harness_of(App::new(None, Some(store.clone())));
    h.run_steps(2);
    h.state_mut().doc.edit(|s| s.setup_mut().name = "walk".into());
    let typed = relative_to_here(&work.path().join("walk1.ron"));
    assert!(typed.is_relative());
    save_to(&mut h, &typed);
    let walk1 = here.join("walk1.ron");
    assert_eq!(h.state().workflow.recent, vec![walk1.clone()]);
    assert_eq!(store.read(), vec![walk1.clone()], "written when saved, absolute");
    assert_eq!(h.state().doc.file.as_deref(), Some(walk1.as_path()));

    let mut other = session_of(&["russian"]);
    other.setup_mut().name = "the other".into();
    fleetscope::session::save(&here.join("walk2.ron"), &other).unwrap();
    menu_item(&mut h, "File", "Open path…");
    type_path(&mut h, &relative_to_here(&work.path().join("walk2.ron")));
    h.get_by_label("Open").click();
    h.run_steps(2);
    wait_until(&mut h, |a| !a.workflow.busy());
    let walk2 = here.join("walk2.ron");
    assert_eq!(store.read(), vec![walk2.clone(), walk1.clone()], "written when opened");

    let mut h = harness_of(App::new(None, Some(store.clone())));
    wait_for_text(&mut h, "Reopen your last session");
    h.get_by_label("Reopen").click();
    h.run_steps(2);
    wait_until(&mut h, |a| !a.workflow.busy() && a.doc.file.is_some());
    assert_eq!(h.state().doc.file.as_deref(), Some(walk2.as_path()));
    assert_eq!(h.state().doc.session.setup().name, "the other");
}

/// A status line goes once the session is edited after it: it never
/// describes what has changed since ("Random fleet …" after an undo).
#[test]
fn a_status_line_goes_when_the_session_changes_after_it() {
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().open_room("boards");
    h.run_steps(2);
    h.get_by_label("Random fleet").click();
    h.run_steps(3);
    assert!(
        h.state().status.starts_with("Random fleet with seed"),
        "{}",
        h.state().status
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(3);
    assert!(h.state().status.is_empty(), "stale: '{}'", h.state().status);
}

/// A session saved under a typed name without an extension is written as
/// `name.ron` (it was written as `name`, which Open's filter then hides).
#[test]
fn a_typed_name_without_an_extension_is_saved_as_ron() {
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().doc.edit(|s| s.setup_mut().name = "named".into());
    let dir = tempfile::tempdir().unwrap();
    save_to(&mut h, &dir.path().join("s1"));
    assert!(dir.path().join("s1.ron").is_file(), "saved as s1.ron");
    assert!(!dir.path().join("s1").exists(), "nothing written under the bare name");
}
