//! UI tests of the prompts (unsaved changes, recovery, typed path, problem,
//! welcome back): each is a modal centred over the dimmed window that keeps the
//! pointer and the keyboard from the rooms behind it.

use crate::common::*;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fleetscope::session::{Recovery, RecoveryStore, Session};
use fleetscope::ui::App;
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
    let mut h = harness_of(App::new(Some(RecoveryStore::new(dir))));
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
