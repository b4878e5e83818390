//! UI tests (egui_kittest) of the Tomography room on its own harness: moves
//! that keep the X-ray, history, painting, and numbers that follow the matrix.

use crate::common::*;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use fleetscope::geometry::{BinaryMatrix, Coord, TouchRule, random_deployment};
use fleetscope::run::CancelFlag;
use fleetscope::session::{Session, TomographySubject};
use fleetscope::tomography::{XRay, count_matrices, fleets_with_xray, island_cells, subreflections};
use fleetscope::ui::room::{Room, RoomHost, RoomMessage};
use fleetscope::ui::rooms::tomography::TomographyRoom;

type H = Harness<'static, RoomHost<TomographyRoom>>;

fn tomography_on(session: Session) -> H {
    let mut h = room_harness(TomographyRoom::default(), session);
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    h
}

fn current(h: &H) -> BinaryMatrix {
    h.state().room.explorer().expect("a matrix is shown").current().clone()
}

fn image_session(image: &str) -> Session {
    let mut s = session_of(&["classic"]);
    s.tomography.subject = TomographySubject::Image;
    s.tomography.image = BinaryMatrix::parse(image).unwrap();
    s
}

#[test]
fn subreflection_and_interchange_keep_the_xray() {
    // A classic fleet that has at least one subreflection (found with the engine).
    let mut session = session_of(&["classic"]);
    let setup = session.setup().clone();
    let deployment = (0..200)
        .filter_map(|seed| {
            random_deployment(&setup.board, &setup.fleet, setup.rules.touch, seed)
                .ok()
                .map(|d| d.deployment)
        })
        .find(|d| {
            let m = BinaryMatrix::from_deployment(&setup.board, &setup.fleet, d).unwrap();
            !subreflections(
                &setup.board,
                &setup.fleet,
                &m,
                TouchRule::MayTouch,
                64,
                &CancelFlag::new(),
            )
            .unwrap()
            .is_empty()
        })
        .expect("some random fleet has a subreflection");
    session.setup_mut().deployment = deployment.clone();
    let mut h = tomography_on(session);
    let start = BinaryMatrix::from_deployment(&setup.board, &setup.fleet, &deployment).unwrap();
    assert_eq!(current(&h), start);
    let xray = XRay::of(&start);

    // A subreflection: a different fleet, same X-ray.
    h.get_all_by_label_contains("Flip ")
        .next()
        .expect("a subreflection button")
        .click();
    h.run_steps(3);
    let reflected = current(&h);
    assert_ne!(reflected, start);
    assert_eq!(XRay::of(&reflected), xray);
    wait_until(&mut h, |r| !r.room.busy());
    let ex = h.state().room.explorer().unwrap();
    assert!(!ex.derived().unwrap().cuts.is_empty(), "a subreflection gives a fleet");
    assert_eq!(ex.steps(), (1, 0));

    // An interchange: another matrix, same X-ray.
    h.get_all_by_label_contains("Swap rows")
        .next()
        .expect("an interchange button")
        .click();
    h.run_steps(3);
    let swapped = current(&h);
    assert_ne!(swapped, reflected);
    assert_eq!(XRay::of(&swapped), xray);
    assert_eq!(h.state().room.explorer().unwrap().steps(), (2, 0));

    // History: back twice to the fleet, forward once to the reflection.
    h.get_by_label("Back").click();
    h.run_steps(2);
    h.get_by_label("Back").click();
    h.run_steps(2);
    assert_eq!(current(&h), start);
    h.get_by_label("Forward").click();
    h.run_steps(2);
    assert_eq!(current(&h), reflected);
    wait_until(&mut h, |r| !r.room.busy());
}

#[test]
fn clicking_two_ones_on_the_board_applies_their_interchange() {
    let mut h = tomography_on(image_session("10\n01"));
    let layout = h.state().room.explorer().unwrap().view.last_layout.unwrap();
    for cell in [(0, 0), (1, 1)] {
        click_at(&mut h, layout.center(Coord(cell.0, cell.1)));
        wait_until(&mut h, |r| !r.room.busy());
    }
    assert_eq!(current(&h), BinaryMatrix::parse("01\n10").unwrap());
    assert_eq!(h.state().room.explorer().unwrap().steps(), (1, 0));
}

#[test]
fn painting_the_image_is_one_undo_step_and_restarts_the_room() {
    let mut h = tomography_on(image_session("...\n...\n..."));
    h.get_by_label("Paint the image").click();
    h.run_steps(2);
    let layout = h.state().room.image_layout().expect("the image is drawn");
    let cells: Vec<_> = (0..3).map(|c| layout.center(Coord(0, c))).collect();
    h.hover_at(cells[0]);
    h.run_steps(1);
    h.drag_at(cells[0]);
    h.run_steps(1);
    for &p in &cells[1..] {
        h.hover_at(p);
        h.run_steps(1);
    }
    h.drop_at(cells[2]);
    h.run_steps(2);
    let painted = BinaryMatrix::parse("###\n...\n...").unwrap();
    assert_eq!(h.state().doc.session.tomography.image, painted);
    assert_eq!(
        h.state().room.subject().unwrap().source,
        painted,
        "the room follows the edited image"
    );
    h.state_mut().doc.undo();
    h.run_steps(2);
    assert_eq!(
        h.state().doc.session.tomography.image,
        BinaryMatrix::zeros(3, 3),
        "one stroke, one undo"
    );
    wait_until(&mut h, |r| !r.room.busy());
}

/// A stealth search depends on the board, fleet and rule only: moving a ship
/// lets it run on; another setup stops it, and what it found stays, marked as
/// found for the setup it was, never drawn on the new board.
#[test]
fn stealth_results_stay_with_the_setup_they_were_found_for() {
    let mut session = session_of(&["classic", "csp-sample-4x4"]);
    session.tomography.stealth_iterations = 100_000;
    let mut h = tomography_on(session);
    h.get_by_label("Stealth search").click();
    h.run_steps(2);
    wait_for_label(&mut h, "Search");
    h.get_by_label("Search").click();
    h.run_steps(2);
    assert!(h.state().room.stealth().task.is_running());
    // Move a ship: the search does not depend on where the fleet is placed.
    let setup = h.state().doc.session.setup().clone();
    let moved = random_deployment(&setup.board, &setup.fleet, setup.rules.touch, 77)
        .unwrap()
        .deployment;
    h.state_mut().doc.edit(|s| s.setup_mut().deployment = moved);
    h.run_steps(3);
    assert!(h.state().room.stealth().task.is_running(), "the search runs on");
    assert!(h.state().room.stealth().note.is_none());
    // Another setup: the search stops and says so.
    h.state_mut().doc.set_view(|s| s.active = 1);
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    let note = h.state().room.stealth().note.clone().expect("a note");
    assert!(note.contains("Search stopped"), "{note}");

    // A finished search, then a switch: the fleets stay, marked as another setup's.
    h.state_mut().doc.set_view(|s| s.active = 0);
    h.state_mut().doc.edit(|s| s.tomography.stealth_iterations = 20);
    h.run_steps(3);
    h.get_by_label("Search").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    assert!(h.state().room.stealth().found().is_some());
    assert!(h.state().room.stealth().note.is_none());
    h.state_mut().doc.set_view(|s| s.active = 1);
    h.run_steps(3);
    assert!(h.state().room.stealth().found().is_some(), "what was found stays");
    wait_for_text(&mut h, "These fleets were found for 'Classic");
    assert!(
        h.get_all_by_label("Explore").all(|n| n.accesskit_node().is_disabled()),
        "another setup's fleets cannot be explored on this board"
    );
}

/// Every count shown must belong to the matrix shown: after Explore opens a
/// fleet with other sums, |U(r,c)| and the fleets sharing them follow.
#[test]
fn numbers_follow_an_explored_matrix_with_new_sums() {
    let session = session_of(&["classic"]);
    let setup = session.setup().clone();
    let mut h = tomography_on(session);
    let first = h
        .state()
        .room
        .shared()
        .info()
        .expect("counts for the fleet")
        .xray
        .clone();
    // Another fleet, with other sums, arrives as another room would send it.
    let other = (1..100)
        .filter_map(|seed| {
            random_deployment(&setup.board, &setup.fleet, setup.rules.touch, seed)
                .ok()
                .map(|d| d.deployment)
        })
        .map(|d| BinaryMatrix::from_deployment(&setup.board, &setup.fleet, &d).unwrap())
        .find(|m| XRay::of(m) != first)
        .unwrap();
    let mut ctx_commands = Vec::new();
    {
        let host = h.state_mut();
        let mut ctx = fleetscope::ui::room::RoomCtx::new(&mut host.doc, &mut ctx_commands);
        host.room.receive(RoomMessage::Explore(other.clone()), &mut ctx);
    }
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy() && r.room.shared().info().is_some());
    assert_eq!(current(&h), other);
    let x = XRay::of(&other);
    let info = h.state().room.shared().info().unwrap();
    assert_eq!(info.xray, x, "the counts are for the matrix shown");
    assert_eq!(info.all_matrices, count_matrices(&x).unwrap().to_string());
    let lengths = setup.fleet.straight_lengths().unwrap();
    let oracle = fleets_with_xray(
        &x,
        &lengths,
        &island_cells(&setup.board),
        TouchRule::MayTouch,
        10,
        &CancelFlag::new(),
    )
    .unwrap();
    let shown = info.fleets.as_ref().unwrap();
    assert_eq!(shown.fleet_matrices, oracle.fleet_matrices);
    assert_eq!(shown.labelled_fleets, oracle.labelled_fleets);
    // The card on screen shows those numbers.
    let text = fleetscope::textview::thousands(oracle.labelled_fleets);
    assert!(h.query_by_label(&text).is_some(), "labelled fleets {text} on screen");
}

#[test]
fn the_walk_bins_by_the_step_of_the_energies_and_says_when_fleets_do_not_apply() {
    let mut s = session_of(&["classic"]);
    let setup = s.setup().clone();
    s.setup_mut().deployment = random_deployment(&setup.board, &setup.fleet, setup.rules.touch, 5)
        .unwrap()
        .deployment;
    let mut h = tomography_on(s);
    h.get_by_label("Walk").click();
    h.run_steps(2);
    h.get_by_label("k =").set_value_accesskit(2.0);
    h.run_steps(2);
    h.get_by_label("Start walk").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy() && r.room.walk().result().is_some());
    let w = h.state().room.walk().result().unwrap().clone();
    assert!(w.matrices > 1);
    assert!(w.step >= 2, "one X-ray: energies share a parity (step {})", w.step);
    assert!(w.histogram.windows(2).all(|b| b[1].0 - b[0].0 == w.step));
    assert_eq!(w.histogram.iter().map(|b| b.1).sum::<usize>(), w.matrices);

    // A fleet with an L-shaped piece: the fleet marks do not apply, and it says so.
    let mut s = session_of(&["classic"]);
    let piece = &mut s.setup_mut().fleet.pieces[4];
    piece.cells = vec![Coord(0, 0), Coord(0, 1), Coord(1, 1)];
    s.setup_mut().deployment.ships.clear();
    let setup = s.setup().clone();
    s.setup_mut().deployment = random_deployment(&setup.board, &setup.fleet, setup.rules.touch, 3)
        .unwrap()
        .deployment;
    let mut h = tomography_on(s);
    h.get_by_label("Walk").click();
    h.run_steps(2);
    h.get_by_label("k =").set_value_accesskit(1.0);
    h.run_steps(2);
    h.get_by_label("Start walk").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy() && r.room.walk().result().is_some());
    assert!(h.query_by_label_contains("Fleets met: not applicable").is_some());
}

#[test]
fn a_unique_fleet_reads_in_the_singular() {
    // One ship of length 3 in a 1×3 board: one fleet matrix.
    let mut s = session_of(&["classic"]);
    let setup = s.setup_mut();
    setup.board.resize(1, 3);
    setup.fleet.pieces.truncate(1);
    setup.fleet.pieces[0].cells.truncate(3);
    setup.deployment = random_deployment(&setup.board, &setup.fleet, setup.rules.touch, 1)
        .unwrap()
        .deployment;
    let mut h = tomography_on(s);
    h.get_by_label("Gallery").click();
    h.run_steps(2);
    wait_for_text(&mut h, "1 fleet matrix shares this X-ray");
}

/// "Fleet?" follows the touch rule: a fleet whose ships touch is no fleet
/// when ships may not touch.
#[test]
fn fleet_yes_follows_the_touch_rule() {
    let mut s = session_of(&["classic"]);
    let setup = s.setup().clone();
    let touching = (0..500)
        .filter_map(|seed| {
            random_deployment(&setup.board, &setup.fleet, setup.rules.touch, seed)
                .ok()
                .map(|d| d.deployment)
        })
        .find(|d| !d.ships_apart(&setup.fleet))
        .expect("a random fleet with touching ships");
    s.setup_mut().deployment = touching;
    let mut h = tomography_on(s.clone());
    assert!(
        h.state().room.explorer().unwrap().derived().unwrap().cuts.first() == Some(&s.setup().deployment),
        "step 0 shows the fleet as placed"
    );
    h.state_mut()
        .doc
        .edit(|x| x.tomography.touch_override = Some(TouchRule::NoTouch));
    h.run_steps(3);
    wait_until(&mut h, |r| {
        !r.room.busy() && r.room.explorer().is_some_and(|e| e.derived().is_some())
    });
    let d = h.state().room.explorer().unwrap().derived().unwrap();
    // Unless another cut of the same ones keeps the ships apart.
    for r in &d.cuts {
        assert!(r.ships_apart(&setup.fleet));
    }
}

/// Step 0 of the Matrix tab and the gallery's "#1" draw the fleet as placed in
/// Boards, with its own ships (not another cut of the same ones), and the other
/// cuts are offered apart: "Other cut" steps through them.
#[test]
fn the_placed_fleet_is_shown_with_its_own_ships_and_other_cuts_apart() {
    let mut s = session_of(&["classic"]);
    let setup = s.setup().clone();
    // A fleet whose ones can be cut another way: two ships end to end in a line.
    let placed = (0..2000)
        .filter_map(|seed| {
            random_deployment(&setup.board, &setup.fleet, setup.rules.touch, seed)
                .ok()
                .map(|d| d.deployment)
        })
        .find(|d| {
            let m = BinaryMatrix::from_deployment(&setup.board, &setup.fleet, d).unwrap();
            let look = |x: &fleetscope::geometry::Deployment| {
                let mut ships: Vec<Vec<_>> = x
                    .ships
                    .iter()
                    .map(|s| {
                        let mut c = s.cells(&setup.fleet);
                        c.sort();
                        c
                    })
                    .collect();
                ships.sort();
                ships
            };
            fleetscope::tomography::realisations(&m, &setup.fleet, 64)
                .iter()
                .any(|r| look(r) != look(d))
        })
        .expect("a random classic fleet with a second cut");
    s.setup_mut().deployment = placed.clone();
    let mut h = tomography_on(s);
    wait_until(&mut h, |r| {
        !r.room.busy() && r.room.explorer().is_some_and(|e| e.derived().is_some())
    });
    let d = h.state().room.explorer().unwrap().derived().unwrap();
    assert_eq!(d.cuts.first(), Some(&placed), "the first cut is the fleet as placed");
    assert!(d.cuts.len() > 1);
    assert!(h.query_by_label("Yes: the fleet as placed").is_some());
    h.get_by_label_contains("Other cut (1 of").click();
    h.run_steps(3);
    assert_eq!(h.state().room.explorer().unwrap().cut, 1);
    assert!(h.query_by_label("Yes (ships coloured)").is_some());
}

/// A |U(r,c)| of dozens of digits reads in e-notation (the exact value on hover),
/// so it cannot widen the side panel; short numbers are grouped in threes.
#[test]
fn a_huge_count_reads_short_with_the_exact_value_on_hover() {
    // A 12×12 checkerboard: every line sums to 6, and 6.4e28 matrices share that.
    let image: String = (0..12)
        .map(|r| {
            (0..12)
                .map(|c| if (r + c) % 2 == 0 { '#' } else { '.' })
                .collect::<String>()
                + "\n"
        })
        .collect();
    let mut h = tomography_on(image_session(&image));
    wait_until(&mut h, |r| !r.room.busy());
    let x = XRay::of(&BinaryMatrix::parse(&image).unwrap());
    let exact = count_matrices(&x).unwrap().to_string();
    assert!(exact.len() > 15, "{exact}");
    let short = fleetscope::textview::short_number(&exact);
    assert!(short.contains('e') && short.len() < 12, "{short}");
    assert!(h.query_by_label(&short).is_some(), "{short} is shown");
    assert!(h.query_by_label(&exact).is_none(), "the exact value is not a label");
}

/// A quick click (press and release within one frame) paints its cell.
#[test]
fn a_quick_click_paints_the_image() {
    let mut h = tomography_on(image_session("...\n...\n..."));
    h.get_by_label("Paint the image").click();
    h.run_steps(2);
    let p = h
        .state()
        .room
        .image_layout()
        .expect("the image is drawn")
        .center(Coord(1, 1));
    h.hover_at(p);
    h.run_steps(1);
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: p,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    h.run_steps(2);
    assert_eq!(
        h.state().doc.session.tomography.image,
        BinaryMatrix::parse("...\n.#.\n...").unwrap()
    );
}

/// A fleet solved in another room arrives as a fleet, not as a bare image:
/// on an image subject with the same board and fleet it switches to the fleet;
/// on another board it becomes a setup of its own, drawn with its own ships.
#[test]
fn a_fleet_from_another_room_is_studied_as_a_fleet() {
    let mut session = image_session("1100\n0011\n1000\n0000");
    let classic = session.setup().clone();
    let mut solved = classic.clone();
    solved.name = "Solved fleet".into();
    solved.deployment = random_deployment(&classic.board, &classic.fleet, classic.rules.touch, 5)
        .unwrap()
        .deployment;
    session.setups[0].deployment = Default::default();
    let mut h = tomography_on(session);
    let deliver = |h: &mut H, setup: fleetscope::session::Setup| {
        let mut commands = Vec::new();
        let host = h.state_mut();
        let mut ctx = fleetscope::ui::room::RoomCtx::new(&mut host.doc, &mut commands);
        host.room.receive(RoomMessage::ExploreFleet(Box::new(setup)), &mut ctx);
    };
    deliver(&mut h, solved.clone());
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    let expected = BinaryMatrix::from_deployment(&classic.board, &classic.fleet, &solved.deployment).unwrap();
    assert_eq!(h.state().doc.session.tomography.subject, TomographySubject::Fleet);
    assert_eq!(
        h.state().doc.session.setups.len(),
        1,
        "same board and fleet: no new setup"
    );
    assert_eq!(current(&h), expected);
    assert!(
        h.state().room.subject().unwrap().fleet.is_some(),
        "studied with its fleet"
    );

    // On an 8×8 board it is a setup of its own, with its ships as placed.
    let mut small = solved.clone();
    small.board = fleetscope::geometry::Board::square("solved", 8, 8);
    small.deployment = random_deployment(&small.board, &small.fleet, small.rules.touch, 9)
        .unwrap()
        .deployment;
    deliver(&mut h, small.clone());
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    let s = &h.state().doc.session;
    assert_eq!(s.setups.len(), 2);
    assert_eq!(s.active, 1);
    let subject = h.state().room.subject().unwrap();
    assert_eq!(
        subject.placed.as_ref(),
        Some(&small.deployment),
        "drawn with its own ships"
    );
}

/// Ticking *Paint the image* changes how the room is used, not the session.
#[test]
fn ticking_paint_leaves_the_session_saved() {
    let mut h = tomography_on(image_session("1100\n0011\n1000\n0000"));
    assert!(!h.state().doc.dirty);
    h.get_by_label("Paint the image").click();
    h.run_steps(3);
    assert!(h.state().room.painting(), "the box is ticked");
    assert!(!h.state().doc.dirty, "ticking the box is no unsaved change");
    h.get_by_label("Paint the image").click();
    h.run_steps(3);
    assert!(!h.state().doc.dirty);
}

/// A placed fleet that breaks the setup's no-touch rule is no fleet here, and
/// the card says why.
#[test]
fn a_fleet_breaking_the_no_touch_rule_says_why_it_is_none() {
    let mut session = session_of(&["classic"]);
    let setup = session.setup().clone();
    let touching = (0..500)
        .filter_map(|seed| {
            random_deployment(&setup.board, &setup.fleet, TouchRule::MayTouch, seed)
                .ok()
                .map(|d| d.deployment)
        })
        .find(|d| d.touching_pair(&setup.fleet).is_some())
        .expect("some random fleet has touching ships");
    session.setup_mut().deployment = touching;
    session.setup_mut().rules.touch = TouchRule::NoTouch;
    let mut h = tomography_on(session);
    wait_for_text(
        &mut h,
        "No: the ones split into the fleet's ships only with ships touching (as placed: the ",
    );
}

/// |U(r, c)| of the two convex bodies takes seconds. While it counts, the
/// card shows the work done, not an ETA extrapolated to the programme's step
/// limit (which grew from 4 to 6 minutes for a count of seconds), and a
/// Cancel that stops it; *Count again* starts it once more.
#[test]
fn the_count_of_all_matrices_has_a_cancel_and_no_made_up_eta() {
    let mut s = session_of(&["classic"]);
    s.tomography.subject = TomographySubject::Image;
    s.tomography.image = fleetscope::tomography::two_convex_bodies();
    let mut h = room_harness(TomographyRoom::default(), s);
    h.run_steps(3);
    let t0 = std::time::Instant::now();
    while h.state().room.shared().counting().is_none_or(|p| p.done == 0) {
        assert!(
            t0.elapsed() < std::time::Duration::from_secs(60),
            "the count never reported progress"
        );
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.run_steps(2);
    let shown: Vec<String> = visible_texts(&h).into_iter().map(|(t, _)| t).collect();
    assert!(shown.iter().any(|t| t.contains("M steps so far")), "{shown:?}");
    assert!(
        h.query_by_label_contains("ETA").is_none(),
        "no ETA for a count of unknown length"
    );
    h.get_by_label("Cancel count").click();
    h.run_steps(1);
    wait_until(&mut h, |r| !r.room.shared().is_running());
    wait_for_text(&mut h, "Cancelled.");
    assert!(h.state().room.shared().info().is_none());
    h.get_by_label("Count again").click();
    h.run_steps(2);
    assert!(h.state().room.shared().is_running(), "counting again");
}
