//! UI test (egui_kittest): count a small board, then cancel a long count.

mod common;
use common::*;

use egui_kittest::kittest::Queryable;
use fleetscope::cover::Engine;
use fleetscope::ui::Room;

#[test]
fn count_a_small_board_and_cancel_a_long_one() {
    let mut h = harness();
    h.run();
    // A 5×5 board with the classic fleet: 80,848 labelled deployments (exact oracle).
    h.state_mut().doc.edit(|s| s.setup_mut().board.resize(5, 5));
    h.get_by_label("Counter").click();
    h.run();
    assert_eq!(h.state().room, Room::Counter);
    h.get_by_label("Start").click();
    h.run();
    wait_until(&mut h, |a| !a.counter.is_running());
    let last = h.state().counter.last.clone().expect("a result card");
    assert_eq!(last.result.labelled, 80_848);
    assert_eq!(last.result.distinct_layouts, 40_424);
    assert!(
        h.query_by_label("80,848").is_some(),
        "the card shows the count with separators"
    );

    // A long count (plain DLX on 10×10) cancelled right away: no number, a message.
    h.state_mut().doc.edit(|s| {
        s.setup_mut().board.resize(10, 10);
        s.counter.engine = Engine::DlxPlain;
    });
    h.run();
    h.get_by_label("Start").click();
    h.run();
    assert!(h.state().counter.is_running());
    h.get_by_label("Cancel").click();
    h.run();
    wait_until(&mut h, |a| !a.counter.is_running());
    assert_eq!(h.state().counter.error.as_deref(), Some("Cancelled."));
    assert_eq!(
        h.state().counter.last.as_ref().unwrap().result.labelled,
        80_848,
        "the earlier card stays"
    );
}

#[test]
fn hunt_mode_marks_shots_and_updates_the_heat_map() {
    use fleetscope::cover::{CancelFlag, CountRequest, count_deployments};
    use fleetscope::geometry::Coord;
    let mut h = harness();
    h.run();
    h.state_mut().doc.edit(|s| s.setup_mut().board.resize(5, 5));
    h.get_by_label("Counter").click();
    h.run();
    h.get_by_label("Hunt").click();
    h.run_steps(2); // a spinner repaints while the heat map is computed
    wait_until(&mut h, |a| !a.counter.hunt.is_running());
    assert_eq!(h.state().counter.hunt.heat.as_ref().unwrap().total, 80_848);

    // Left-click (2, 2): a miss; right-click (0, 0): a hit.
    let layout = h.state().counter.hunt.view.last_layout.unwrap();
    let (miss, hit) = (layout.center(Coord(2, 2)), layout.center(Coord(0, 0)));
    h.hover_at(miss);
    h.run();
    h.drag_at(miss);
    h.drop_at(miss);
    h.run_steps(2);
    h.hover_at(hit);
    h.run_steps(2);
    h.event(egui::Event::PointerButton {
        pos: hit,
        button: egui::PointerButton::Secondary,
        pressed: true,
        modifiers: Default::default(),
    });
    h.event(egui::Event::PointerButton {
        pos: hit,
        button: egui::PointerButton::Secondary,
        pressed: false,
        modifiers: Default::default(),
    });
    h.run_steps(2);
    let obs = h.state().doc.session.setup().observations.clone();
    assert_eq!(obs.misses.iter().copied().collect::<Vec<_>>(), vec![Coord(2, 2)]);
    assert_eq!(obs.hits.iter().copied().collect::<Vec<_>>(), vec![Coord(0, 0)]);
    wait_until(&mut h, |a| !a.counter.hunt.is_running());
    let heat = h.state().counter.hunt.heat.clone().unwrap();
    let setup = h.state().doc.session.setup().clone();
    let req = CountRequest {
        engine: Engine::Dlx,
        threads: 1,
        observations: obs,
        ..Default::default()
    };
    let expect = count_deployments(&setup.board, &setup.fleet, &req, &CancelFlag::new(), &|_| {})
        .unwrap()
        .labelled;
    assert_eq!(heat.total, expect);
    assert!(heat.cells.iter().all(|(c, _)| *c != Coord(2, 2)), "a miss is water");
    assert_eq!(
        heat.cells.iter().find(|c| c.0 == Coord(0, 0)).unwrap().1,
        expect,
        "a hit is always occupied"
    );
}

#[test]
fn fairness_what_if_runs_in_the_background() {
    let mut h = harness();
    h.run();
    h.state_mut().doc.edit(|s| {
        let setup = s.setup_mut();
        setup.board.resize(4, 4);
        setup.board.toggle_island(fleetscope::geometry::Coord(1, 1));
        setup.fleet.pieces.truncate(2);
        setup.fleet.pieces[0].cells.truncate(3);
        setup.deployment.ships.clear();
    });
    h.get_by_label("Counter").click();
    h.run();
    h.get_by_label("Fairness").click();
    h.run();
    h.get_by_label("Run what-if").click();
    h.run_steps(2);
    wait_until(&mut h, |a| !a.counter.fairness.is_running());
    let f = h.state().counter.fairness.result.clone().expect("what-if done");
    assert_eq!(f.rows.len(), 1 + 15, "one island, fifteen water cells");
    let removed = &f.rows[0];
    assert!(
        removed.was_island && removed.labelled > f.base,
        "removing the only island adds room"
    );
    assert!(
        f.rows[1..].iter().all(|r| r.labelled <= f.base),
        "a new island never adds room"
    );
}
