//! Cells of the app's tables: numbers right-aligned in their column, so
//! their digits line up by place value (a count of 80,848 over one of
//! 1,032 reads as larger at a glance), with their column headings.

use egui::{Layout, Response, Ui, WidgetText};

/// A number in a table cell, against the column's right edge.
pub fn num(ui: &mut Ui, text: impl Into<WidgetText>) -> Response {
    ui.with_layout(Layout::right_to_left(egui::Align::Center), |ui| ui.label(text))
        .inner
}

/// The heading of a column of numbers, right-aligned like them.
pub fn num_heading(ui: &mut Ui, text: &str) -> Response {
    ui.with_layout(Layout::right_to_left(egui::Align::Center), |ui| ui.strong(text))
        .inner
}
