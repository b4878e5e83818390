//! UI tests (egui_kittest, headless): the Boards room and the file workflow.

mod common;
use common::*;

use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fleetscope::geometry::Coord;
use fleetscope::ui::App;

fn cell_pos(h: &Harness<'_, App>, c: Coord) -> Pos2 {
    h.state().boards.view.last_layout.expect("board drawn").center(c)
}

/// Press and release the primary button on a cell, as a click.
fn click_cell(h: &mut Harness<'_, App>, c: Coord) {
    let p = cell_pos(h, c);
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    h.run();
}

fn open_menu_item(h: &mut Harness<'_, App>, menu: &str, item: &str) {
    h.get_by_label(menu).click();
    h.run();
    h.get_by_label(item).click();
    h.run();
}

#[test]
fn place_rotate_undo_redo_save_and_load() {
    let mut h = harness();
    h.run();
    // Load the classic preset (replaces the default setup; the same board here).
    h.get_by_label("Load preset").click();
    h.run();
    h.get_by_label("Classic 10×10").click();
    h.run();
    assert_eq!(h.state().doc.session.setup().name, "Classic 10×10");

    // Place the Carrier horizontally with its middle cell on (2, 4).
    h.get_by_label("A Carrier (5)").click();
    h.run();
    click_cell(&mut h, Coord(2, 4));
    let d = h.state().doc.session.setup().deployment.clone();
    assert_eq!(d.ships.len(), 1);
    let carrier = d.ship_of(0).unwrap().cells(&h.state().doc.session.setup().fleet);
    assert_eq!(carrier, (2..7).map(|c| Coord(2, c)).collect::<Vec<_>>());

    // The Battleship is selected next; rotate it (R) and place it vertically.
    assert_eq!(h.state().boards.place.selected, Some(1));
    h.key_press(Key::R);
    h.run();
    click_cell(&mut h, Coord(6, 8));
    let setup = h.state().doc.session.setup().clone();
    let battleship = setup
        .deployment
        .ship_of(1)
        .expect("battleship placed")
        .cells(&setup.fleet);
    assert!(battleship.iter().all(|c| c.1 == 8), "vertical: {battleship:?}");
    assert!(battleship.contains(&Coord(6, 8)));

    // An illegal spot (overlapping the Carrier) places nothing.
    click_cell(&mut h, Coord(2, 5));
    assert_eq!(h.state().doc.session.setup().deployment.ships.len(), 2);

    // Undo removes the Battleship, redo brings it back.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(h.state().doc.session.setup().deployment.ship_of(1).is_none());
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(h.state().doc.session.setup().deployment, setup.deployment);
    assert!(h.state().doc.dirty);

    // Save through the typed-path window (no dialogs in tests).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ui.ron");
    open_menu_item(&mut h, "File", "Save to path…");
    h.state_mut().files.prompt.as_mut().unwrap().text = path.display().to_string();
    h.run();
    h.get_by_label("Save").click();
    h.run();
    assert!(!h.state().doc.dirty);
    assert!(h.state().doc.title().starts_with("ui.ron"));
    let saved = h.state().doc.session.clone();

    // Change something, then open the saved file: the discard question comes first.
    h.get_by_label("Clear ships").click();
    h.run();
    assert!(h.state().doc.session.setup().deployment.ships.is_empty());
    open_menu_item(&mut h, "File", "Open path…");
    h.state_mut().files.prompt.as_mut().unwrap().text = path.display().to_string();
    h.run();
    h.get_by_label("Open").click();
    h.run();
    h.get_by_label("Discard changes").click();
    h.run();
    assert_eq!(h.state().doc.session, saved);
    assert!(!h.state().doc.dirty);
}

#[test]
fn a_bad_file_shows_an_error_and_keeps_the_session() {
    let mut h = harness();
    h.run();
    let before = h.state().doc.session.clone();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.ron");
    std::fs::write(&path, "(version: 1, setups: [(name: \"x\"").unwrap();
    open_menu_item(&mut h, "File", "Open path…");
    h.state_mut().files.prompt.as_mut().unwrap().text = path.display().to_string();
    h.run();
    h.get_by_label("Open").click();
    h.run();
    let err = h.state().files.error.clone().expect("error shown");
    assert!(err.contains("line 1"), "{err}");
    assert_eq!(h.state().doc.session, before);
    h.get_by_label("OK").click();
    h.run();
    assert!(h.state().files.error.is_none());
}

#[test]
fn islands_paint_and_undo_as_one_stroke() {
    let mut h = harness();
    h.run();
    h.get_by_label("Islands").click();
    h.run();
    let (a, b, c) = (
        cell_pos(&h, Coord(0, 0)),
        cell_pos(&h, Coord(0, 1)),
        cell_pos(&h, Coord(0, 2)),
    );
    h.hover_at(a);
    h.run();
    h.drag_at(a);
    h.run();
    h.hover_at(b);
    h.run();
    h.hover_at(c);
    h.run();
    h.drop_at(c);
    h.run();
    let islands = h.state().doc.session.setup().board.islands.clone();
    assert_eq!(islands.len(), 3, "{islands:?}");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(h.state().doc.session.setup().board.islands.is_empty());
}
