//! Shared by the UI tests: a harness around the whole app, one around a
//! single room on a given session, waiting for background jobs, and clicks.
#![allow(dead_code)]

use egui::{Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fleetscope::session::Session;
use fleetscope::ui::App;
use fleetscope::ui::room::{Room, RoomHost};
use std::time::{Duration, Instant};

const SIZE: Vec2 = egui::vec2(1280.0, 860.0);

/// The app in a 1280×860 window, without a recovery store.
pub fn harness() -> Harness<'static, App> {
    harness_of(App::new(None, None))
}

/// This app in a 1280×860 window.
pub fn harness_of(app: App) -> Harness<'static, App> {
    Harness::builder()
        .with_size(SIZE)
        .build_ui_state(|ui, app: &mut App| app.show(ui), app)
}

/// One room on `session`, without the rest of the app.
pub fn room_harness<R: Room>(room: R, session: Session) -> Harness<'static, RoomHost<R>> {
    room_harness_sized(room, session, SIZE)
}

/// One room in a window of the given size (the small screens people use).
pub fn room_harness_sized<R: Room>(room: R, session: Session, size: Vec2) -> Harness<'static, RoomHost<R>> {
    Harness::builder()
        .with_size(size)
        .build_ui_state(|ui, host: &mut RoomHost<R>| host.show(ui), RoomHost::new(room, session))
}

/// A session made of presets, the first one active.
pub fn session_of(presets: &[&str]) -> Session {
    let mut setups = presets
        .iter()
        .map(|k| fleetscope::presets::load(k).expect("a preset").expect("valid"));
    let mut s = Session::with_setup(setups.next().expect("one preset at least"));
    for setup in setups {
        s.setups.push(setup);
    }
    s
}

/// Steps frames until `done` holds (background jobs finish on their threads).
pub fn wait_until<S>(h: &mut Harness<'_, S>, done: impl Fn(&S) -> bool) {
    let t0 = Instant::now();
    while !done(h.state()) {
        assert!(t0.elapsed() < Duration::from_secs(120), "timed out waiting for the job");
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    h.run_steps(2);
}

/// Steps frames until a widget with this label is on screen (panels settle over a few frames).
pub fn wait_for_label<S>(h: &mut Harness<'_, S>, label: &str) {
    let t0 = Instant::now();
    while h.query_by_label(label).is_none() {
        assert!(t0.elapsed() < Duration::from_secs(20), "'{label}' never appeared");
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Steps frames until some label contains `text`.
pub fn wait_for_text<S>(h: &mut Harness<'_, S>, text: &str) {
    let t0 = Instant::now();
    while h.query_by_label_contains(text).is_none() {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "no label containing '{text}' appeared"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Types `text` (letters) as a keyboard does: each key is pressed, types its
/// character and is released.
pub fn type_keys<S>(h: &mut Harness<'_, S>, text: &str) {
    for c in text.chars() {
        let key = egui::Key::from_name(&c.to_ascii_uppercase().to_string()).expect("a letter key");
        h.key_down(key);
        h.event(egui::Event::Text(c.to_string()));
        h.key_up(key);
        h.run_steps(1);
    }
    h.run_steps(1);
}

/// The grade the puzzle list shows beside the puzzle whose entry starts with
/// `name` (the grade is a label of its own, on the entry's first line).
pub fn list_grade<S>(h: &Harness<'_, S>, name: &str) -> Option<String> {
    use egui_kittest::kittest::NodeT;
    let entry = h
        .query_all_by_label_contains(name)
        .find(|n| n.accesskit_node().label().is_some_and(|l| l.starts_with(name)))?
        .rect();
    h.query_all_by_label_contains("")
        .filter(|n| {
            let r = n.rect();
            r.left() >= entry.right() - 1.0 && (r.top() - entry.top()).abs() < 4.0
        })
        .find_map(|n| {
            let node = n.accesskit_node();
            node.label().or_else(|| node.value())
        })
}

/// Press and release the primary button at a point, as a click.
pub fn click_at<S>(h: &mut Harness<'_, S>, p: Pos2) {
    h.hover_at(p);
    h.run_steps(1);
    h.drag_at(p);
    h.run_steps(1);
    h.drop_at(p);
    h.run_steps(2);
}

/// A click where the pointer stays afterwards, as a mouse does (press and
/// release with no drag and no pointer leaving).
pub fn click_in_place<S>(h: &mut Harness<'_, S>, p: Pos2) {
    h.hover_at(p);
    h.run_steps(1);
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: p,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        h.run_steps(1);
    }
}

/// A right-click at a point.
pub fn right_click_at<S>(h: &mut Harness<'_, S>, p: Pos2) {
    h.hover_at(p);
    h.run_steps(1);
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: p,
            button: egui::PointerButton::Secondary,
            pressed,
            modifiers: Default::default(),
        });
    }
    h.run_steps(2);
}

/// Opens a menu and clicks one of its items.
pub fn menu_item<S>(h: &mut Harness<'_, S>, menu: &str, item: &str) {
    h.get_by_label(menu).click();
    h.run_steps(2);
    h.get_by_label(item).click();
    h.run_steps(2);
}

/// Every shape painted last frame, nested groups flattened, in paint order.
pub fn painted<S>(h: &Harness<'_, S>) -> Vec<egui::Shape> {
    fn flatten(shape: &egui::Shape, out: &mut Vec<egui::Shape>) {
        match shape {
            egui::Shape::Vec(v) => v.iter().for_each(|s| flatten(s, out)),
            s => out.push(s.clone()),
        }
    }
    let mut out = Vec::new();
    for c in &h.output().shapes {
        flatten(&c.shape, &mut out);
    }
    out
}

/// Every text painted last frame with the rectangle it covers on screen.
pub fn painted_texts<S>(h: &Harness<'_, S>) -> Vec<(String, egui::Rect)> {
    painted(h)
        .into_iter()
        .filter_map(|s| match s {
            egui::Shape::Text(t) => Some((t.galley.text().to_string(), t.visual_bounding_rect())),
            _ => None,
        })
        .collect()
}

/// The texts painted last frame that can be seen (inside their clip rectangle).
pub fn visible_texts<S>(h: &Harness<'_, S>) -> Vec<(String, egui::Rect)> {
    fn walk(shape: &egui::Shape, clip: egui::Rect, out: &mut Vec<(String, egui::Rect)>) {
        match shape {
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, clip, out)),
            egui::Shape::Text(t) => {
                let r = t.visual_bounding_rect();
                if clip.contains_rect(r) {
                    out.push((t.galley.text().to_string(), r));
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for c in &h.output().shapes {
        walk(&c.shape, c.clip_rect, &mut out);
    }
    out
}
