//! A "Browse…" button for any file: the system dialog runs on a helper thread
//! (the window keeps drawing); where there is no dialog service the typed path
//! next to the button is the way in.

use egui::Ui;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

#[derive(Default)]
pub struct PathPicker {
    pending: Option<(std::time::Instant, Receiver<Option<PathBuf>>)>,
    /// The last dialog came back empty at once: there is no dialog service
    /// here (show a hint to type the path).
    pub no_dialog: bool,
}

impl PathPicker {
    /// Draws the button; returns the path once the user picked one.
    /// `save`: a save dialog proposing `suggested`; `filter`: (name, extensions).
    pub fn browse(
        &mut self,
        ui: &mut Ui,
        save: bool,
        filter: (&str, &[&str]),
        suggested: Option<&Path>,
    ) -> Option<PathBuf> {
        let running = self.pending.is_some();
        if ui
            .add_enabled(!running, egui::Button::new("Browse…"))
            .on_hover_text("Pick the file with the system dialog (or type the path)")
            .clicked()
        {
            let (tx, rx) = channel();
            let (name, exts) = (
                filter.0.to_string(),
                filter.1.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            );
            let suggested = suggested.map(Path::to_path_buf);
            std::thread::spawn(move || {
                let mut d = rfd::FileDialog::new().add_filter(&name, &exts);
                if let Some(p) = &suggested {
                    if let Some(dir) = p.parent().filter(|d| !d.as_os_str().is_empty()) {
                        d = d.set_directory(dir);
                    }
                    if let Some(f) = p.file_name() {
                        d = d.set_file_name(f.to_string_lossy());
                    }
                }
                let _ = tx.send(if save { d.save_file() } else { d.pick_file() });
            });
            self.pending = Some((std::time::Instant::now(), rx));
        }
        let (started, rx) = self.pending.as_ref()?;
        match rx.try_recv() {
            Ok(p) => {
                self.no_dialog = p.is_none() && started.elapsed() < std::time::Duration::from_millis(400);
                self.pending = None;
                p
            }
            Err(TryRecvError::Empty) => {
                ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
                None
            }
            Err(TryRecvError::Disconnected) => {
                self.pending = None;
                None
            }
        }
    }
}
