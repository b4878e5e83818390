//! The active-setup drop-down, the same in every room that works on a setup.

use crate::ui::document::Document;
use egui::Ui;

/// A combo box of the session's setups; picking one changes the view, not the
/// work (no unsaved mark). Returns true when the active setup changed.
pub fn setup_picker(ui: &mut Ui, id: &str, doc: &mut Document) -> bool {
    let mut active = doc.session.active;
    egui::ComboBox::new(id, "setup")
        .selected_text(doc.session.setup().name.as_str())
        .width(200.0)
        .show_ui(ui, |ui| {
            for (i, s) in doc.session.setups.iter().enumerate() {
                ui.selectable_value(&mut active, i, &s.name);
            }
        })
        .response
        .on_hover_text("The setup (board, fleet and placed ships) the rooms work on");
    if active != doc.session.active {
        doc.set_view(|s| s.active = active);
        return true;
    }
    false
}
