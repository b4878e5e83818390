//! A "Browse…" button for any file: the system dialog runs on a helper thread
//! (the window keeps drawing); where there is no dialog service a prompt asks
//! for the path instead, as the session dialogs do.

use crate::jobs::{Job, no_repaint};
use egui::Ui;
use std::path::{Path, PathBuf};

#[derive(Default)]
pub struct PathPicker {
    pending: Option<Job<Option<PathBuf>>>,
    /// The last dialog came back empty at once: there is no dialog service
    /// here (show a hint to type the path).
    pub no_dialog: bool,
    /// The typed-path window, open where there is no dialog service: its text.
    typed: Option<String>,
    /// What the window is for ("Open" or "Save"), and the file kind.
    typed_for: (bool, String),
    /// The window just opened: its field takes the keyboard.
    focus_typed: bool,
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
        if let Some(p) = self.typed_path_window(ui) {
            return Some(p);
        }
        let running = self.pending.is_some() || self.typed.is_some();
        if ui
            .add_enabled(!running, egui::Button::new("Browse…"))
            .on_hover_text("Pick the file with the system dialog (or type the path)")
            .clicked()
        {
            if crate::ui::files::no_dialog_service() {
                self.no_dialog = true;
                self.typed = Some(suggested.map(|p| p.display().to_string()).unwrap_or_default());
                self.typed_for = (save, filter.0.to_string());
                self.focus_typed = true;
                return None;
            }
            let (name, exts) = (
                filter.0.to_string(),
                filter.1.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            );
            let suggested = suggested.map(Path::to_path_buf);
            self.pending = Some(Job::spawn(no_repaint(), move |_| {
                let mut d = rfd::FileDialog::new().add_filter(&name, &exts);
                if let Some(p) = &suggested {
                    if let Some(dir) = p.parent().filter(|d| !d.as_os_str().is_empty()) {
                        d = d.set_directory(dir);
                    }
                    if let Some(f) = p.file_name() {
                        d = d.set_file_name(f.to_string_lossy());
                    }
                }
                Ok(if save { d.save_file() } else { d.pick_file() })
            }));
        }
        let dialog = self.pending.as_mut()?;
        match dialog.poll() {
            Some(Ok(p)) => {
                self.no_dialog = p.is_none() && dialog.elapsed() < std::time::Duration::from_millis(400);
                self.pending = None;
                if self.no_dialog {
                    // No dialog service: ask for the path in a window of our own.
                    self.typed = Some(suggested.map(|p| p.display().to_string()).unwrap_or_default());
                    self.typed_for = (save, filter.0.to_string());
                    self.focus_typed = true;
                }
                p
            }
            None => {
                ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
                None
            }
            // The dialog failed (rfd panicked): as if cancelled.
            Some(Err(_)) => {
                self.pending = None;
                None
            }
        }
    }

    /// The typed-path prompt while it is open; the path once confirmed.
    fn typed_path_window(&mut self, ui: &Ui) -> Option<PathBuf> {
        let text = self.typed.as_mut()?;
        let (save, kind) = &self.typed_for;
        let mut result = None;
        let mut close = false;
        let title = if *save { "Save to path" } else { "Open from path" };
        crate::ui::prompt::show(ui.ctx(), title, |ui| {
            ui.label(format!(
                "No file dialog is available here: type the path of the {kind} file."
            ));
            let field = crate::ui::prompt::text_field(ui, text, "path/to/file", &mut self.focus_typed);
            let enter = crate::ui::prompt::entered(ui, &field);
            ui.horizontal(|ui| {
                let ok = ui.button(if *save { "Save" } else { "Open" }).clicked() || enter;
                if ok && !text.trim().is_empty() {
                    result = Some(PathBuf::from(text.trim()));
                    close = true;
                }
                if ui.button("Cancel").on_hover_text("Esc").clicked() || crate::ui::prompt::escaped(ui) {
                    close = true;
                }
            });
        });
        if close {
            self.typed = None;
        }
        result
    }
}
