//! A progress bar for a background job: parts done, elapsed time, ETA.

use crate::jobs::Job;
use egui::Ui;

pub fn job_progress<T: Send + 'static>(ui: &mut Ui, job: &Job<T>, unit: &str, width: f32) {
    let p = job.progress();
    let frac = if p.total > 0 {
        p.done as f32 / p.total as f32
    } else {
        0.0
    };
    let eta = job
        .eta()
        .map(|d| format!(", ETA {}", crate::cli::fmt_duration(d)))
        .unwrap_or_default();
    let text = format!(
        "{}/{} {unit}, {:.1} s{eta}",
        p.done,
        p.total,
        job.elapsed().as_secs_f64()
    );
    ui.add(egui::ProgressBar::new(frac).desired_width(width).text(text));
}
