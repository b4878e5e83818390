//! UI tests (egui_kittest, headless) of the Boards room on its own harness.

use crate::common::*;

use egui::{Key, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fleetscope::geometry::Coord;
use fleetscope::session::Session;
use fleetscope::ui::room::RoomHost;
use fleetscope::ui::rooms::boards::BoardsRoom;

type H = Harness<'static, RoomHost<BoardsRoom>>;

fn boards_on(session: Session) -> H {
    let mut h = room_harness(BoardsRoom::default(), session);
    h.run_steps(2);
    h
}

fn cell_pos(h: &H, c: Coord) -> Pos2 {
    h.state().room.board_layout().expect("board drawn").center(c)
}

fn click_cell(h: &mut H, c: Coord) {
    let p = cell_pos(h, c);
    click_at(h, p);
}

#[test]
fn place_rotate_undo_redo_and_the_hand_empties() {
    let mut h = boards_on(session_of(&["csp-sample-4x4"]));
    h.state_mut().doc.edit(|s| s.setup_mut().deployment.ships.clear());
    h.run_steps(2);
    // One (1), Two A (2), Two B (2), Three (3) on 4×4.
    h.get_by_label("A One (1)").click();
    h.run_steps(2);
    click_cell(&mut h, Coord(0, 0));
    assert_eq!(
        h.state().room.selected_piece(),
        Some(1),
        "the next ship comes into hand"
    );
    click_cell(&mut h, Coord(1, 1));
    let setup = h.state().doc.session.setup().clone();
    let two_a = setup.deployment.ship_of(1).unwrap().cells(&setup.fleet);
    assert_eq!(two_a.len(), 2);
    assert!(two_a.contains(&Coord(1, 1)));
    // Rotate the next one (R) and place it vertically.
    h.key_press(Key::R);
    h.run_steps(2);
    click_cell(&mut h, Coord(2, 3));
    let setup = h.state().doc.session.setup().clone();
    let two_b = setup.deployment.ship_of(2).expect("placed").cells(&setup.fleet);
    assert!(two_b.iter().all(|c| c.1 == 3), "vertical: {two_b:?}");
    // The last ship: afterwards nothing is in hand, so a click places nothing more.
    h.key_press(Key::R);
    h.run_steps(2);
    click_cell(&mut h, Coord(3, 1));
    let placed = h.state().doc.session.setup().deployment.ships.clone();
    assert_eq!(placed.len(), 4, "all four placed");
    assert_eq!(h.state().room.selected_piece(), None, "the hand is empty");
    click_cell(&mut h, Coord(0, 3));
    assert_eq!(
        h.state().doc.session.setup().deployment.ships,
        placed,
        "a further click moves nothing"
    );

    // Undo removes the last ship, redo brings it back (the room harness has no
    // app shortcuts: undo through the document).
    h.state_mut().doc.undo();
    h.run_steps(2);
    assert_eq!(h.state().doc.session.setup().deployment.ships.len(), 3);
    h.state_mut().doc.redo();
    h.run_steps(2);
    assert_eq!(h.state().doc.session.setup().deployment.ships, placed);
}

#[test]
fn an_illegal_spot_places_nothing_and_says_why() {
    let mut h = boards_on(session_of(&["classic"]));
    h.get_by_label("A Carrier (5)").click();
    h.run_steps(2);
    click_cell(&mut h, Coord(2, 4));
    let d = h.state().doc.session.setup().deployment.clone();
    assert_eq!(d.ships.len(), 1);
    // The Battleship is in hand; over the Carrier it cannot go.
    let p = cell_pos(&h, Coord(2, 5));
    h.hover_at(p);
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("Battleship cannot go here: overlaps the Carrier at row 3, col")
            .is_some(),
        "the reason names the cell as the hover line does"
    );
    click_at(&mut h, p);
    assert_eq!(h.state().doc.session.setup().deployment, d);
    // Clicking the Carrier picks it up and puts it back: nothing moved.
    assert_eq!(h.state().doc.session.setup().deployment, d);
    h.get_by_label("B Battleship (4)").click();
    h.run_steps(2);
    // Hanging off the right edge, the Battleship is refused and the status line says why.
    click_cell(&mut h, Coord(6, 9));
    assert_eq!(h.state().doc.session.setup().deployment, d);
    assert!(
        h.state().status.contains("Battleship not placed"),
        "{}",
        h.state().status
    );
    // Placed elsewhere, the earlier refusal no longer stands in the status line.
    click_cell(&mut h, Coord(6, 4));
    assert_eq!(h.state().doc.session.setup().deployment.ships.len(), 2);
    assert!(
        h.state()
            .status
            .starts_with("Battleship placed: row 7, col 3 to row 7, col 6"),
        "the status line follows the placement: {}",
        h.state().status
    );
}

#[test]
fn resizing_names_the_removed_ships_until_undo_and_renames_the_setup() {
    let mut session = session_of(&["classic"]);
    let setup = session.setup_mut();
    setup.deployment = fleetscope::geometry::random_deployment(&setup.board, &setup.fleet, setup.rules.touch, 7)
        .unwrap()
        .deployment;
    let mut h = boards_on(session);
    let before = h.state().doc.session.setup().deployment.ships.len();
    assert_eq!(before, 5);
    set_size(&mut h, 3, 3);
    h.get_by_label("Resize").click();
    h.run_steps(2);
    let notice = h
        .state()
        .room
        .notice()
        .expect("a notice names the removed ships")
        .to_string();
    let left = h.state().doc.session.setup().deployment.ships.len();
    assert!(left < before);
    assert!(notice.contains("Carrier"), "{notice}");
    assert!(h.query_by_label(&notice).is_some(), "the notice is on screen");
    assert_eq!(h.state().doc.session.setup().name, "Classic fleet on 3×3");
    assert!(
        h.state().doc.session.setup().description.is_empty(),
        "the preset's description no longer fits"
    );
    h.state_mut().doc.undo();
    h.run_steps(2);
    assert!(h.state().room.notice().is_none(), "undo clears the notice");
    assert_eq!(h.state().doc.session.setup().deployment.ships.len(), before);
}

/// Sets the rows and cols fields as a screen reader would.
fn set_size(h: &mut H, rows: u32, cols: u32) {
    h.get_by_label("rows").set_value_accesskit(rows as f64);
    h.run_steps(2);
    h.get_by_label("cols").set_value_accesskit(cols as f64);
    h.run_steps(2);
}

#[test]
fn presets_are_added_as_new_setups_with_unique_names() {
    let mut h = boards_on(session_of(&["classic"]));
    h.get_by_label("Duplicate").click();
    h.run_steps(2);
    menu_item(&mut h, "Add preset", "Classic 10×10");
    let names: Vec<String> = h.state().doc.session.setups.iter().map(|s| s.name.clone()).collect();
    assert_eq!(names, ["Classic 10×10", "Classic 10×10 (copy)", "Classic 10×10 (2)"]);
    assert_eq!(h.state().doc.session.active, 2, "the added preset is shown");
    // Replacing keeps the count and asks nothing (undo brings the old one back).
    menu_item(&mut h, "Replace by preset", "Russian 10×10");
    assert_eq!(h.state().doc.session.setups.len(), 3);
    assert_eq!(h.state().doc.session.setup().fleet.pieces.len(), 10);
    h.state_mut().doc.undo();
    assert_eq!(h.state().doc.session.setup().name, "Classic 10×10 (2)");
}

#[test]
fn hovering_names_cells_counted_from_one() {
    let mut h = boards_on(session_of(&["classic"]));
    h.hover_at(cell_pos(&h, Coord(2, 4)));
    h.run_steps(2);
    assert!(h.query_by_label("row 3, col 5").is_some());
    let mut h = boards_on(session_of(&["hex2008-blue"]));
    let c = h.state().doc.session.setup().board.playable_cells()[0];
    h.hover_at(cell_pos(&h, c));
    h.run_steps(2);
    let label = format!("(x {}, y {}, z {})", c.0, c.1, -c.0 - c.1);
    assert!(h.query_by_label(&label).is_some(), "missing {label}");
}

/// A fast drag (one frame from the first cell to the last) paints every cell
/// in between, the first one included.
#[test]
fn a_fast_drag_paints_every_cell_it_crosses() {
    let mut h = boards_on(session_of(&["classic"]));
    h.get_by_label("Islands").click();
    h.run_steps(2);
    let (a, b) = (cell_pos(&h, Coord(4, 0)), cell_pos(&h, Coord(4, 9)));
    h.hover_at(a);
    h.run_steps(1);
    h.drag_at(a);
    h.hover_at(b);
    h.run_steps(1);
    h.drop_at(b);
    h.run_steps(2);
    let islands = h.state().doc.session.setup().board.islands.clone();
    let expect: std::collections::BTreeSet<Coord> = (0..10).map(|c| Coord(4, c)).collect();
    assert_eq!(islands, expect);
}

#[test]
fn islands_paint_as_one_stroke() {
    let mut h = boards_on(session_of(&["classic"]));
    h.get_by_label("Islands").click();
    h.run_steps(2);
    let (a, b, c) = (
        cell_pos(&h, Coord(0, 0)),
        cell_pos(&h, Coord(0, 1)),
        cell_pos(&h, Coord(0, 2)),
    );
    h.hover_at(a);
    h.run_steps(2);
    h.drag_at(a);
    h.run_steps(2);
    h.hover_at(b);
    h.run_steps(2);
    h.hover_at(c);
    h.run_steps(2);
    h.drop_at(c);
    h.run_steps(2);
    let islands = h.state().doc.session.setup().board.islands.clone();
    assert_eq!(islands.len(), 3, "{islands:?}");
    h.state_mut().doc.undo();
    assert!(h.state().doc.session.setup().board.islands.is_empty(), "one undo step");
}

/// The Russian preset keeps ships apart: a ship next to another is refused with
/// the reason, the rule shows in the room, switching it is one undo step, and a
/// random fleet keeps whichever rule is set.
#[test]
fn the_setups_rule_governs_placement_and_random_fleets() {
    let mut h = boards_on(session_of(&["russian"]));
    h.state_mut().doc.edit(|s| s.setup_mut().deployment.ships.clear());
    h.run_steps(2);
    assert!(h.query_by_label("Ships may not touch").is_some());
    h.get_by_label("A Battleship (4)").click();
    h.run_steps(2);
    // The pointer holds the ship by its third cell: it lies on row 1, columns 1 to 4.
    click_cell(&mut h, Coord(0, 2));
    let d = h.state().doc.session.setup().deployment.clone();
    assert_eq!(d.ships.len(), 1);
    // The next ship in hand, one row down: its cells touch the Battleship.
    let p = cell_pos(&h, Coord(1, 1));
    h.hover_at(p);
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("touches the Battleship: ships may not touch in this setup")
            .is_some(),
        "the ghost says why"
    );
    click_at(&mut h, p);
    assert_eq!(h.state().doc.session.setup().deployment, d, "nothing placed");

    // Random fleets keep the rule.
    for _ in 0..3 {
        h.get_by_label("Next seed").click();
        h.run_steps(2);
        let s = h.state().doc.session.setup().clone();
        assert_eq!(s.deployment.ships.len(), 10);
        assert!(
            s.deployment.ships_apart(&s.fleet),
            "a random Russian fleet keeps ships apart"
        );
    }

    // Ships may touch: one click, one undo step.
    h.get_by_label("Ships may touch").click();
    h.run_steps(2);
    assert_eq!(
        h.state().doc.session.setup().rules.touch,
        fleetscope::geometry::TouchRule::MayTouch
    );
    h.state_mut().doc.undo();
    h.run_steps(2);
    assert_eq!(
        h.state().doc.session.setup().rules.touch,
        fleetscope::geometry::TouchRule::NoTouch
    );
}

/// At 1280×800 the placement hint reads at normal size above the ship list, the
/// Russian fleet's ten ships and *Random fleet* need no scrolling, and each fleet
/// row keeps its buttons on its own line.
#[test]
fn at_1280x800_ships_and_random_fleet_are_in_view() {
    for (w, h_px) in [(1280.0, 800.0), (1024.0, 700.0)] {
        let mut h = room_harness_sized(BoardsRoom::default(), session_of(&["russian"]), egui::vec2(w, h_px));
        h.run_steps(3);
        let random = h.get_by_label("Random fleet").rect();
        assert!(random.max.y <= h_px, "{w}×{h_px}: Random fleet at {random:?}");
        let last_ship = h.get_by_label_contains("Boat 4 (1)").rect();
        assert!(last_ship.max.y <= h_px, "{w}×{h_px}: the last ship at {last_ship:?}");
        let hint = h.get_by_label_contains("Pick a ship, click the board").rect();
        assert!(hint.max.y < last_ship.min.y, "the hint comes before the list");
        // Fleet rows: the piece's menu sits on its piece's line.
        let name = h.get_by_label("Battleship").rect();
        let menu = h.get_all_by_label("…").next().expect("a piece menu").rect();
        assert!((name.center().y - menu.center().y).abs() < 6.0, "{name:?} {menu:?}");
    }
}

/// With the hex Cells tool, a click that adds a cell beyond the outermost one leaves
/// the view where it is (before, the view fitted the larger board at once and every
/// cell moved under the pointer).
#[test]
fn the_cells_tool_keeps_the_view_still_while_the_pointer_is_on_the_board() {
    let mut h = boards_on(session_of(&["hex2008-blue"]));
    h.get_by_label("Cells").click();
    h.run_steps(2);
    let cells = h.state().doc.session.setup().board.playable_cells();
    let leftmost = *cells.iter().min_by_key(|c| (c.0, c.1)).unwrap();
    let other = *cells.iter().max_by_key(|c| (c.0, c.1)).unwrap();
    let before = cell_pos(&h, other);
    let beyond = Coord(leftmost.0 - 1, leftmost.1);
    // A click where the pointer stays afterwards (as a mouse does).
    let at = cell_pos(&h, beyond);
    click_in_place(&mut h, at);
    h.run_steps(2);
    assert!(
        h.state().doc.session.setup().board.playable_cells().contains(&beyond),
        "added"
    );
    assert_eq!(cell_pos(&h, other), before, "the view held still");
}

/// The side panel keeps the width it was given, whatever it holds: placing
/// the fleet marks each ship "placed" without rewrapping the list above the
/// buttons, and a long ship name neither widens the panel nor moves the board.
#[test]
fn the_side_panel_stays_put_when_the_fleet_is_placed_or_renamed() {
    let mut s = session_of(&["classic"]);
    s.setup_mut().deployment.ships.clear();
    let mut h = boards_on(s);
    let board = h.state().room.board_layout().unwrap();
    let before = h.get_by_label("Random fleet").rect();
    h.get_by_label("Random fleet").click();
    h.run_steps(3);
    assert_eq!(
        h.state().doc.session.setup().deployment.ships.len(),
        5,
        "the fleet is placed"
    );
    assert_eq!(
        h.get_by_label("Random fleet").rect(),
        before,
        "the button moved under the pointer"
    );
    h.state_mut()
        .doc
        .edit(|s| s.setup_mut().fleet.pieces[0].name = "Aircraft carrier of the royal line and of the fleet".into());
    h.run_steps(3);
    assert_eq!(
        h.get_by_label("Random fleet").rect(),
        before,
        "a long name moved the buttons"
    );
    assert_eq!(
        h.state().room.board_layout().unwrap(),
        board,
        "a long name moved the board"
    );
}
