//! The desktop app (eframe/egui). Thin: view state, jobs, drawing; no algorithms.
//!
//! Start reading at [`room`] (what a room is and how it talks to the app), then
//! [`rooms`] (the list of rooms, one folder each) and [`app`] (the window that
//! hosts them).

mod app;
pub mod document;
mod files;
mod help;
pub(crate) mod prompt;
pub mod room;
pub mod rooms;
pub mod shortcuts;
pub mod widgets;
mod workflow;

pub use app::App;
pub use files::{DialogKind, PathPrompt};
pub use workflow::{AUTOSAVE_EVERY, default_session};

/// Opens the main window and runs until it is closed.
/// `open`: a session file to open at start; `setup`: which of its setups (1-based) to show;
/// `room`: the id of the room to open in (checked by [`check_room`]).
pub fn run_app(open: Option<std::path::PathBuf>, setup: Option<usize>, room: Option<String>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Fleetscope")
            .with_app_id("fleetscope")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([640.0, 420.0]),
        ..Default::default()
    };
    eframe::run_native(
        "fleetscope",
        options,
        Box::new(move |cc| {
            let dir = eframe::storage_dir("fleetscope");
            let mut app = App::new(
                dir.as_ref()
                    .map(|d| crate::session::RecoveryStore::new(d.join("recovery"))),
                dir.as_ref()
                    .map(|d| crate::session::RecentFiles::new(d.join("recent.ron"))),
            );
            if let Some(storage) = cc.storage {
                app.load_prefs(storage);
            }
            app.start_with(open, setup, room);
            Ok(Box::new(app))
        }),
    )
}

/// `Err` with the list of rooms when `id` names none (for `--room`).
pub fn check_room(id: &str) -> Result<(), String> {
    let ids: Vec<&str> = rooms::all().iter().map(|r| r.id()).collect();
    if ids.contains(&id) {
        Ok(())
    } else {
        Err(format!("there is no room '{id}'; the rooms are {}", ids.join(", ")))
    }
}
