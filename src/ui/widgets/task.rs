//! A background job together with its last result or error: the pattern every
//! room repeats (start, poll each frame, show progress, keep the answer).

use super::job_progress::job_progress;
use crate::cover::{CancelFlag, Progress};
use crate::jobs::{Job, Repaint};
use egui::Ui;
use std::sync::Arc;

pub struct Task<T> {
    job: Option<Job<T>>,
    pub result: Option<T>,
    pub error: Option<String>,
}

impl<T> Default for Task<T> {
    fn default() -> Self {
        Task {
            job: None,
            result: None,
            error: None,
        }
    }
}

impl<T: Send + 'static> Task<T> {
    /// Starts `work` on a thread, replacing (and so cancelling) a running one.
    pub fn start<F>(&mut self, ui: &Ui, work: F)
    where
        F: FnOnce(&CancelFlag, &(dyn Fn(Progress) + Sync)) -> Result<T, String> + Send + 'static,
    {
        let ctx = ui.ctx().clone();
        let repaint: Repaint = Arc::new(move || ctx.request_repaint());
        self.error = None;
        self.job = Some(Job::spawn(repaint, work));
    }

    /// Takes in a finished job's answer; true when a new result arrived.
    pub fn poll(&mut self) -> bool {
        let Some(job) = &mut self.job else { return false };
        let Some(r) = job.poll() else { return false };
        let cancelled = job.is_cancelled();
        self.job = None;
        match r {
            Ok(v) => {
                self.result = Some(v);
                true
            }
            Err(_) if cancelled => {
                self.error = Some("Cancelled.".into());
                false
            }
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }

    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    pub fn cancel(&self) {
        if let Some(j) = &self.job {
            j.cancel();
        }
    }

    /// Forgets the job (cancelling it) and the answer.
    pub fn clear(&mut self) {
        self.job = None;
        self.result = None;
        self.error = None;
    }

    /// A progress bar while running, the error in red otherwise.
    pub fn status_ui(&self, ui: &mut Ui, unit: &str) {
        if let Some(job) = &self.job {
            job_progress(ui, job, unit, ui.available_width().min(360.0));
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }
}
