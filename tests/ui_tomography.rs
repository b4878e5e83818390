//! UI test (egui_kittest): in the Tomography room, apply a subreflection and a
//! Ryser interchange, step back and forward; the X-ray never changes.

mod common;
use common::*;

use egui_kittest::kittest::Queryable;
use fleetscope::cover::{CancelFlag, TouchRule};
use fleetscope::geometry::random_deployment;
use fleetscope::tomography::{BinaryMatrix, XRay, subreflections};
use fleetscope::ui::{App, Room};

fn current(app: &App) -> BinaryMatrix {
    app.tomography
        .explorer
        .as_ref()
        .expect("a matrix is shown")
        .current()
        .clone()
}

#[test]
fn subreflection_and_interchange_keep_the_xray() {
    let mut h = harness();
    h.run();
    // A classic fleet that has at least one subreflection (found with the engine).
    let setup = h.state().doc.session.setup().clone();
    let deployment = (0..200)
        .filter_map(|seed| random_deployment(&setup.board, &setup.fleet, seed).ok())
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
    h.state_mut()
        .doc
        .edit(|s| s.setup_mut().deployment = deployment.clone());
    h.get_by_label("Tomography").click();
    h.run_steps(3);
    assert_eq!(h.state().room, Room::Tomography);
    wait_until(&mut h, |a| !a.tomography.is_running());
    let start = BinaryMatrix::from_deployment(&setup.board, &setup.fleet, &deployment).unwrap();
    assert_eq!(current(h.state()), start);
    let xray = XRay::of(&start);

    // A subreflection: a different fleet, same X-ray.
    h.get_all_by_label_contains("Flip ")
        .next()
        .expect("a subreflection button")
        .click();
    h.run_steps(3);
    let reflected = current(h.state());
    assert_ne!(reflected, start);
    assert_eq!(XRay::of(&reflected), xray);
    let ex = h.state().tomography.explorer.as_ref().unwrap();
    assert!(ex.derived.realisation.is_some(), "a subreflection gives a fleet");
    assert_eq!(ex.steps(), (1, 0));

    // An interchange: another matrix, same X-ray.
    wait_until(&mut h, |a| !a.tomography.is_running());
    h.get_all_by_label_contains("Swap rows")
        .next()
        .expect("an interchange button")
        .click();
    h.run_steps(3);
    let swapped = current(h.state());
    assert_ne!(swapped, reflected);
    assert_eq!(XRay::of(&swapped), xray);
    assert_eq!(h.state().tomography.explorer.as_ref().unwrap().steps(), (2, 0));

    // History: back twice to the fleet, forward once to the reflection.
    h.get_by_label("Back").click();
    h.run_steps(2);
    h.get_by_label("Back").click();
    h.run_steps(2);
    assert_eq!(current(h.state()), start);
    h.get_by_label("Forward").click();
    h.run_steps(2);
    assert_eq!(current(h.state()), reflected);
    wait_until(&mut h, |a| !a.tomography.is_running());
}

#[test]
fn clicking_two_ones_on_the_board_applies_their_interchange() {
    let mut h = harness();
    h.run();
    h.state_mut().doc.edit(|s| {
        s.tomography.subject = fleetscope::session::TomographySubject::Image;
        s.tomography.image = BinaryMatrix::parse("10\n01").unwrap();
    });
    h.get_by_label("Tomography").click();
    h.run_steps(3);
    wait_until(&mut h, |a| !a.tomography.is_running());
    let layout = h
        .state()
        .tomography
        .explorer
        .as_ref()
        .unwrap()
        .view
        .last_layout
        .unwrap();
    for cell in [(0, 0), (1, 1)] {
        let p = layout.center(fleetscope::geometry::Coord(cell.0, cell.1));
        h.hover_at(p);
        h.run_steps(1);
        h.drag_at(p);
        h.drop_at(p);
        h.run_steps(2);
    }
    assert_eq!(current(h.state()), BinaryMatrix::parse("01\n10").unwrap());
    let ex = h.state().tomography.explorer.as_ref().unwrap();
    assert_eq!(ex.derived.xray, XRay::of(&BinaryMatrix::parse("10\n01").unwrap()));
    assert_eq!(ex.steps(), (1, 0));
}

#[test]
fn painting_the_image_is_one_undo_step_and_restarts_the_room() {
    use egui::{Key, Modifiers};
    let mut h = harness();
    h.run_steps(1);
    h.state_mut().doc.edit(|s| {
        s.tomography.subject = fleetscope::session::TomographySubject::Image;
        s.tomography.image = BinaryMatrix::zeros(3, 3);
    });
    h.get_by_label("Tomography").click();
    h.run_steps(3);
    h.get_by_label("Paint the image").click();
    h.run_steps(2);
    let layout = h.state().tomography.image.view.last_layout.expect("the image is drawn");
    let cells: Vec<_> = (0..3)
        .map(|c| layout.center(fleetscope::geometry::Coord(0, c)))
        .collect();
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
    let subject = h.state().tomography.subject.clone().expect("a subject");
    assert_eq!(subject.source, painted, "the room follows the edited image");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(2);
    assert_eq!(
        h.state().doc.session.tomography.image,
        BinaryMatrix::zeros(3, 3),
        "one stroke, one undo"
    );
    wait_until(&mut h, |a| !a.tomography.is_running());
}

#[test]
fn stealth_results_go_when_the_setup_changes() {
    let mut h = harness();
    h.run();
    h.state_mut().doc.edit(|s| s.tomography.stealth_iterations = 20);
    h.get_by_label("Tomography").click();
    h.run_steps(3);
    // Let the side panel's counts arrive (its width settles) before clicking a tab.
    wait_until(&mut h, |a| !a.tomography.is_running());
    h.get_by_label("Stealth search").click();
    h.run_steps(2);
    wait_for_label(&mut h, "Search");
    h.get_by_label("Search").click();
    h.run_steps(2);
    wait_until(&mut h, |a| !a.tomography.is_running());
    assert!(h.state().tomography.stealth.task.result.is_some());
    // Another setup (a 4×4 board, another fleet): the old fleets must not be shown on it.
    let small = fleetscope::presets::load("csp-sample-4x4").unwrap().unwrap();
    h.state_mut().doc.edit(|s| {
        s.setups.push(small);
        s.active = 1;
    });
    h.run_steps(3);
    assert!(h.state().tomography.stealth.task.result.is_none());
    wait_until(&mut h, |a| !a.tomography.is_running());
}
