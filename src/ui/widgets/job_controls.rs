//! The one control for long work: Start and Cancel buttons, a progress bar
//! with elapsed time and ETA while the task runs, and its error afterwards.

use crate::jobs::{Job, Task};
use crate::textview::{fmt_duration, thousands};
use egui::Ui;

/// Labels of a [`job_controls`] row.
pub struct JobLabels<'a> {
    pub start: &'a str,
    pub start_hover: &'a str,
    pub cancel: &'a str,
    /// What the progress counts ("parts", "variants"); empty for a bare bar.
    pub unit: &'a str,
}

/// Start and Cancel on one line, progress and error below. Returns true when
/// Start was clicked (the caller starts the job); Cancel is handled here.
pub fn job_controls<T, U>(ui: &mut Ui, task: &Task<T, U>, labels: &JobLabels<'_>, can_start: bool) -> bool {
    let running = task.is_running();
    let mut start = false;
    ui.horizontal(|ui| {
        start = ui
            .add_enabled(can_start && !running, egui::Button::new(labels.start))
            .on_hover_text(labels.start_hover)
            .clicked();
        if ui
            .add_enabled(running, egui::Button::new(labels.cancel))
            .on_hover_text("Stop the running job (within a fraction of a second)")
            .clicked()
        {
            task.cancel();
        }
    });
    task_status(ui, task, labels.unit);
    start
}

/// The progress bar of a running task and the error of the last run.
pub fn task_status<T, U>(ui: &mut Ui, task: &Task<T, U>, unit: &str) {
    if let Some(job) = task.job() {
        progress_bar(ui, job, unit, ui.available_width().min(360.0));
    }
    if let Some(e) = &task.error {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
}

/// Parts done, elapsed time and ETA of a running job.
pub fn progress_bar<T, U>(ui: &mut Ui, job: &Job<T, U>, unit: &str, width: f32) {
    let p = job.progress();
    let frac = if p.total > 0 {
        p.done as f32 / p.total as f32
    } else {
        0.0
    };
    let limited = job.time_left().is_some_and(|t| job.eta() == Some(t));
    let eta = job
        .eta()
        .map(|d| {
            let by = if limited { " (time limit)" } else { "" };
            format!(", ETA {}{by}", fmt_duration(d))
        })
        .unwrap_or_default();
    let counts = if p.total > 0 && !unit.is_empty() {
        format!("{}/{} {unit}, ", thousands(p.done as u128), thousands(p.total as u128))
    } else {
        String::new()
    };
    let note = job.note();
    let text = format!("{counts}{}{eta}", fmt_duration(job.elapsed()));
    // Not animated: an animated bar repaints every frame (see widgets::busy). The
    // whole text on hover, where the bar is too narrow for it.
    ui.add(egui::ProgressBar::new(frac).desired_width(width).text(text.clone()))
        .on_hover_text(text);
    // The job's own words (a search's nodes and solutions so far) wrap below the
    // bar: inside it a narrow panel cut them off.
    if !note.is_empty() {
        ui.add(egui::Label::new(egui::RichText::new(note).small()).wrap());
    }
}
