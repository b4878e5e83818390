//! Shared by the UI tests: a harness around the whole app, and a wait for jobs.

use egui_kittest::Harness;
use fleetscope::ui::App;
use std::time::{Duration, Instant};

/// The app in a 1280×860 window, without a recovery store.
pub fn harness() -> Harness<'static, App> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 860.0))
        .build_ui_state(|ui, app: &mut App| app.show(ui), App::new(None))
}

/// Steps frames until `done` holds (background jobs finish on their threads).
#[allow(dead_code)]
pub fn wait_until(h: &mut Harness<'_, App>, done: impl Fn(&App) -> bool) {
    let t0 = Instant::now();
    while !done(h.state()) {
        assert!(t0.elapsed() < Duration::from_secs(120), "timed out waiting for the job");
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run_steps(2);
}

/// Steps frames until a widget with this label is on screen (panels settle over a few frames).
#[allow(dead_code)]
pub fn wait_for_label(h: &mut Harness<'_, App>, label: &str) {
    use egui_kittest::kittest::Queryable;
    let t0 = Instant::now();
    while h.query_by_label(label).is_none() {
        assert!(t0.elapsed() < Duration::from_secs(20), "'{label}' never appeared");
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
}
