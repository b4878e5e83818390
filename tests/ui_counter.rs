//! UI test (egui_kittest): count a small board, then cancel a long count.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fleetscope::cover::Engine;
use fleetscope::ui::{App, Room};
use std::time::{Duration, Instant};

fn wait_until(h: &mut Harness<'_, App>, done: impl Fn(&App) -> bool) {
    let t0 = Instant::now();
    while !done(h.state()) {
        assert!(t0.elapsed() < Duration::from_secs(120), "timed out waiting for the job");
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run();
}

#[test]
fn count_a_small_board_and_cancel_a_long_one() {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 860.0))
        .build_ui_state(|ui, app: &mut App| app.show(ui), App::new(None));
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
