//! The Solver room's Export panel: the model as COO or `.qubo`, written atomically off
//! the UI thread.

use super::*;

impl SolverRoom {
    pub(super) fn export_ui(&mut self, ui: &mut Ui) {
        ui.heading("Export");
        let format = self.export_format.get_or_insert(ModelFormat::Coo);
        let before = *format;
        ui.horizontal(|ui| {
            ui.radio_value(format, ModelFormat::Coo, "COO")
                .on_hover_text("dimod's coo: i j bias per line");
            ui.radio_value(format, ModelFormat::Qbsolv, ".qubo")
                .on_hover_text("qbsolv's format");
        });
        let format = *format;
        // The file name follows the format (never .qubo text in a .coo file).
        if format != before {
            let p = std::path::Path::new(self.export_path.trim());
            if p.extension().is_some() {
                self.export_path = p.with_extension(format.name()).display().to_string();
            }
        }
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.export_path)
                    .desired_width(170.0)
                    .hint_text(format!("model.{}", format.name())),
            );
            let suggested = std::path::PathBuf::from(format!("model.{}", format.name()));
            if let Some(p) = self
                .export_picker
                .browse(ui, true, ("QUBO model", &[format.name()]), Some(&suggested))
            {
                self.export_path = p.display().to_string();
            }
        });
        let ext_ok = std::path::Path::new(self.export_path.trim())
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(format.name()));
        if !self.export_path.trim().is_empty() && !ext_ok {
            ui.weak(format!("The file name should end in .{}", format.name()));
        }
        let path = std::path::Path::new(self.export_path.trim());
        // The file this panel wrote is not warned about, until the path changes.
        if self.exported.as_deref().is_some_and(|p| p != path) {
            self.exported = None;
        }
        if ext_ok && path.is_file() && self.exported.as_deref() != Some(path) {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "This file exists: Export model replaces it.",
            );
        }
        let can = self.model().is_some() && ext_ok && !self.export.is_running();
        if ui
            .add_enabled(can, egui::Button::new("Export model"))
            .on_hover_text("Write the model to the file (atomically)")
            .clicked()
            && let Some(m) = self.model()
        {
            let text = format.write(m.problem.qubo());
            let path = std::path::PathBuf::from(self.export_path.trim());
            // A model read from a file is never written over by its own export.
            let input = match &m.problem {
                Problem::Plain { name, .. } => Some(std::path::PathBuf::from(name)),
                _ => None,
            };
            self.export_writing = Some(path.clone());
            self.export.start(repaint(ui), move |_| {
                let inputs: Vec<&std::path::Path> = input.iter().map(|p| p.as_path()).collect();
                crate::session::check_not_input(&path, &inputs).map_err(|e| e.to_string())?;
                crate::session::write_text(&path, &text).map_err(|e| e.to_string())?;
                Ok(format!("Exported the model to {}", path.display()))
            });
        }
        if let Some(e) = &self.export.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }
}
