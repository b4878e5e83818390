//! Background jobs: run an engine call on its own thread, publish progress
//! through atomics, stream typed updates (live plots), cancel with a flag, and
//! turn a panic into an error message. Dropping a job cancels it.
//!
//! [`Task`] is a job together with its last answer: what every room keeps for
//! each long computation (start, poll each frame, show progress, keep the result).

use crate::run::{CancelFlag, Progress};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Called (throttled) when there is something new to draw.
pub type Repaint = Arc<dyn Fn() + Send + Sync>;

/// A repaint callback that does nothing (command line, tests).
pub fn no_repaint() -> Repaint {
    Arc::new(|| {})
}

/// At most this often a job's typed updates ask for a repaint (10 frames a
/// second: live plots move smoothly).
const REPAINT_EVERY: Duration = Duration::from_millis(100);

/// How often the app redraws while a job runs, to show its progress and
/// elapsed time (progress and notes ask for no frame of their own). A frame
/// costs a software renderer (llvmpipe, on every core) about 0.15 CPU-s at
/// 1280×800: at the 10 frames a second this once was, it took a core from the
/// job it was showing (|U(r,c)| of the two convex bodies took 47 s in the
/// app, 12.6 s on the command line); at one a second the job keeps its core.
pub const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// What a job's work function gets: the cancel flag, a progress sink and a
/// channel for typed updates of type `U`.
pub struct JobCtx<U> {
    cancel: CancelFlag,
    done: AtomicU64,
    total: AtomicU64,
    updates: Sender<U>,
    repaint: Repaint,
    last_repaint: Mutex<Instant>,
    /// What the job is doing now, in words ("setup 2 of 3: Russian 10×10").
    note: Mutex<String>,
    /// When a time limit ends the job, if it has one (the ETA never goes past it).
    deadline: Mutex<Option<Instant>>,
}

impl<U: Send> JobCtx<U> {
    /// The job ends by `limit` from now at the latest (its time limit).
    pub fn time_limit(&self, limit: Duration) {
        if let Ok(mut d) = self.deadline.lock() {
            *d = Some(Instant::now() + limit);
        }
    }

    /// Says what the job is working on (shown next to its progress).
    pub fn note(&self, text: impl Into<String>) {
        if let Ok(mut n) = self.note.lock() {
            *n = text.into();
        }
    }

    pub fn cancel_flag(&self) -> &CancelFlag {
        &self.cancel
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancel.is_cancelled()
    }

    /// Publishes progress (the UI reads it at its own pace: the app redraws
    /// every [`PROGRESS_EVERY`] while a job runs).
    pub fn progress(&self, p: Progress) {
        self.done.store(p.done, Ordering::Relaxed);
        self.total.store(p.total, Ordering::Relaxed);
    }

    /// Sends an update to the UI (a batch of plot points, a better state).
    pub fn send(&self, update: U) {
        let _ = self.updates.send(update);
        self.poke();
    }

    /// Asks for a repaint, at most every [`REPAINT_EVERY`].
    fn poke(&self) {
        if let Ok(mut last) = self.last_repaint.try_lock()
            && last.elapsed() >= REPAINT_EVERY
        {
            *last = Instant::now();
            (self.repaint)();
        }
    }
}

/// A running (or finished) background computation with result `T` and updates `U`.
pub struct Job<T, U = ()> {
    result: Receiver<Result<T, String>>,
    updates: Receiver<U>,
    ctx: Arc<JobCtx<U>>,
    started: Instant,
    finished: bool,
}

impl<T: Send + 'static, U: Send + 'static> Job<T, U> {
    /// Starts `work(ctx)` on a new thread.
    pub fn spawn<F>(repaint: Repaint, work: F) -> Job<T, U>
    where
        F: FnOnce(&JobCtx<U>) -> Result<T, String> + Send + 'static,
    {
        let (tx, rx) = channel();
        let (utx, urx) = channel();
        let ctx = Arc::new(JobCtx {
            cancel: CancelFlag::new(),
            done: AtomicU64::new(0),
            total: AtomicU64::new(0),
            updates: utx,
            repaint,
            last_repaint: Mutex::new(Instant::now() - REPAINT_EVERY),
            note: Mutex::new(String::new()),
            deadline: Mutex::new(None),
        });
        let worker_ctx = ctx.clone();
        std::thread::spawn(move || {
            let result = catch_unwind(AssertUnwindSafe(|| work(&worker_ctx))).unwrap_or_else(|panic| {
                let msg = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown error".into());
                Err(format!("internal error (please report): {msg}"))
            });
            let _ = tx.send(result);
            (worker_ctx.repaint)();
        });
        Job {
            result: rx,
            updates: urx,
            ctx,
            started: Instant::now(),
            finished: false,
        }
    }
}

impl<T, U> Job<T, U> {
    /// The result, once, when the job has finished.
    pub fn poll(&mut self) -> Option<Result<T, String>> {
        if self.finished {
            return None;
        }
        match self.result.try_recv() {
            Ok(r) => {
                self.finished = true;
                Some(r)
            }
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                self.finished = true;
                Some(Err("the job stopped without a result".into()))
            }
        }
    }

    /// Updates sent since the last call, oldest first.
    pub fn drain_updates(&self) -> Vec<U> {
        self.updates.try_iter().collect()
    }

    pub fn cancel(&self) {
        self.ctx.cancel.cancel();
    }

    pub fn is_cancelled(&self) -> bool {
        self.ctx.cancel.is_cancelled()
    }

    pub fn progress(&self) -> Progress {
        Progress {
            done: self.ctx.done.load(Ordering::Relaxed),
            total: self.ctx.total.load(Ordering::Relaxed),
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The job's own words on what it is doing (empty if it said nothing).
    pub fn note(&self) -> String {
        self.ctx.note.lock().map(|n| n.clone()).unwrap_or_default()
    }

    /// Remaining time extrapolated from the finished fraction, never past the
    /// job's time limit (a run the clock will stop says so, not "ETA 1m19s").
    pub fn eta(&self) -> Option<Duration> {
        let p = self.progress();
        let guess = (p.done > 0 && p.total >= p.done)
            .then(|| self.elapsed().mul_f64((p.total - p.done) as f64 / p.done as f64));
        match (guess, self.time_left()) {
            (Some(g), Some(t)) => Some(g.min(t)),
            (g, t) => g.or(t),
        }
    }

    /// Time until the job's time limit, if it has one.
    pub fn time_left(&self) -> Option<Duration> {
        let d = (*self.ctx.deadline.lock().ok()?)?;
        Some(d.saturating_duration_since(Instant::now()))
    }
}

impl<T, U> Drop for Job<T, U> {
    fn drop(&mut self) {
        self.ctx.cancel.cancel();
    }
}

/// A background job together with its last result or error.
pub struct Task<T, U = ()> {
    job: Option<Job<T, U>>,
    pub result: Option<T>,
    pub error: Option<String>,
    /// The last job ended because it was cancelled (its error starts with [`CANCELLED`]).
    cancelled: bool,
    /// Updates a finished job sent last, kept for the next `drain_updates`.
    leftover: Vec<U>,
}

impl<T, U> Default for Task<T, U> {
    fn default() -> Self {
        Task {
            job: None,
            result: None,
            error: None,
            cancelled: false,
            leftover: Vec::new(),
        }
    }
}

/// The message a cancelled job leaves behind.
pub const CANCELLED: &str = "Cancelled.";

impl<T: Send + 'static, U: Send + 'static> Task<T, U> {
    /// Starts `work` on a thread, replacing (and so cancelling) a running one.
    /// The last result stays until the new one arrives.
    pub fn start<F>(&mut self, repaint: Repaint, work: F)
    where
        F: FnOnce(&JobCtx<U>) -> Result<T, String> + Send + 'static,
    {
        self.error = None;
        self.cancelled = false;
        self.leftover.clear();
        self.job = Some(Job::spawn(repaint, work));
    }
}

impl<T, U> Task<T, U> {
    /// Takes in a finished job's answer; true when a new result arrived.
    pub fn poll(&mut self) -> bool {
        let Some(job) = &mut self.job else { return false };
        let Some(r) = job.poll() else { return false };
        let cancelled = job.is_cancelled();
        let job_note = job.note();
        // Every update was sent before the result: keep the ones not read yet.
        self.leftover.extend(job.drain_updates());
        self.job = None;
        match r {
            Ok(v) => {
                self.result = Some(v);
                true
            }
            // The flag, not the message, says what happened: whatever error a
            // cancelled engine call returned, the run was cancelled.
            // What the job said last (a search's solutions so far) stays
            // with it: a cancel does not throw away what was found.
            Err(_) if cancelled => {
                let note = job_note.trim().trim_end_matches('.').to_string();
                self.error = Some(if note.is_empty() {
                    CANCELLED.into()
                } else {
                    format!("{CANCELLED} When it stopped: {note}.")
                });
                self.cancelled = true;
                false
            }
            // Engines word their errors to be prefixed ("line 3: …"); shown on
            // its own, an error is a sentence.
            Err(e) => {
                self.error = Some(crate::quote::sentence(&e));
                false
            }
        }
    }

    /// Updates the job sent since the last call (including the last ones of a
    /// job that has just finished).
    pub fn drain_updates(&mut self) -> Vec<U> {
        let mut out = std::mem::take(&mut self.leftover);
        if let Some(job) = &self.job {
            out.extend(job.drain_updates());
        }
        out
    }

    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    pub fn job(&self) -> Option<&Job<T, U>> {
        self.job.as_ref()
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
        self.cancelled = false;
        self.leftover.clear();
    }

    /// Was the last run cancelled?
    pub fn was_cancelled(&self) -> bool {
        self.cancelled
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait<T, U>(task: &mut Task<T, U>) {
        let t0 = Instant::now();
        while task.is_running() {
            task.poll();
            assert!(t0.elapsed() < Duration::from_secs(10));
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn result_updates_and_panics() {
        let mut t: Task<u32, u32> = Task::default();
        t.start(no_repaint(), |ctx| {
            for i in 0..3 {
                ctx.send(i);
            }
            Ok(7)
        });
        let mut got = Vec::new();
        let t0 = Instant::now();
        while t.is_running() {
            got.extend(t.drain_updates());
            t.poll();
            assert!(t0.elapsed() < Duration::from_secs(10));
        }
        assert_eq!(t.result, Some(7));
        assert!(got.len() <= 3);

        t.start(no_repaint(), |_| panic!("boom"));
        wait(&mut t);
        assert!(t.error.as_deref().unwrap().contains("boom"));
        assert_eq!(t.result, Some(7), "the last answer stays");
    }

    /// A cancelled job keeps what it said last (a search's solutions so far)
    /// after "Cancelled.": the count found before Cancel was thrown away.
    #[test]
    fn a_cancelled_job_keeps_its_last_words() {
        let mut t: Task<(), ()> = Task::default();
        t.start(no_repaint(), |ctx| {
            ctx.note("28,672 nodes, 14,154 solutions so far");
            while !ctx.is_cancelled() {
                std::thread::sleep(Duration::from_millis(2));
            }
            Err("stopped".into())
        });
        let t0 = Instant::now();
        while t.job().is_some_and(|j| j.note().is_empty()) {
            assert!(t0.elapsed() < Duration::from_secs(10));
            std::thread::sleep(Duration::from_millis(2));
        }
        t.cancel();
        wait(&mut t);
        assert!(t.was_cancelled());
        assert_eq!(
            t.error.as_deref(),
            Some("Cancelled. When it stopped: 28,672 nodes, 14,154 solutions so far.")
        );
    }

    /// A job with a time limit never shows an ETA past it (a slow start once
    /// showed "ETA 1m19s" for a run the clock ended 2 s later).
    #[test]
    fn the_eta_stops_at_the_time_limit() {
        let job: Job<(), ()> = Job::spawn(no_repaint(), |ctx| {
            ctx.time_limit(Duration::from_secs(2));
            ctx.progress(Progress {
                done: 1,
                total: 1_000_000,
            });
            while !ctx.is_cancelled() {
                std::thread::sleep(Duration::from_millis(5));
            }
            Ok(())
        });
        let t0 = Instant::now();
        while job.progress().done == 0 {
            assert!(t0.elapsed() < Duration::from_secs(10));
            std::thread::sleep(Duration::from_millis(2));
        }
        std::thread::sleep(Duration::from_millis(50));
        let eta = job.eta().expect("an ETA");
        assert!(eta <= Duration::from_secs(2), "{eta:?}");
        assert_eq!(job.time_left().map(|t| t <= Duration::from_secs(2)), Some(true));
    }

    #[test]
    fn cancel_is_reported_as_cancelled() {
        let mut t: Task<()> = Task::default();
        t.start(no_repaint(), |ctx| {
            while !ctx.is_cancelled() {
                std::thread::sleep(Duration::from_millis(1));
            }
            Err("stopped".into())
        });
        t.cancel();
        wait(&mut t);
        assert!(t.was_cancelled());
    }
}
