//! The desktop app (eframe/egui). Thin: view state, jobs, drawing; no algorithms.

mod app;
pub mod document;
mod files;
pub mod panels;
pub mod widgets;

pub use app::{App, Room};
pub use files::{DialogKind, PathPrompt};

/// Opens the main window and runs until it is closed.
/// `open`: a session file to open at start; `setup`: which of its setups (1-based) to show;
/// `room`: the room to open in.
pub fn run_app(open: Option<std::path::PathBuf>, setup: Option<usize>, room: Option<Room>) -> eframe::Result {
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
        Box::new(|cc| {
            let recovery_dir = eframe::storage_dir("fleetscope").map(|d| d.join("recovery"));
            let mut app = App::new(recovery_dir.map(crate::session::RecoveryStore::new));
            if let Some(storage) = cc.storage {
                app.load_prefs(storage);
            }
            if let Some(path) = &open
                && app.open_path(path)
                && let Some(n) = setup
            {
                app.doc.session.active = n.clamp(1, app.doc.session.setups.len()) - 1;
            }
            if let Some(r) = room {
                app.room = r;
            }
            Ok(Box::new(app))
        }),
    )
}
