//! Background jobs: run an engine call on its own thread, publish progress
//! through atomics, cancel with a flag, and turn a panic into an error message.
//! Dropping a job cancels it.

use crate::cover::{CancelFlag, Progress};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

/// Called (throttled) when there is something new to draw.
pub type Repaint = Arc<dyn Fn() + Send + Sync>;

const REPAINT_EVERY: Duration = Duration::from_millis(40);

pub struct Job<T> {
    rx: Receiver<Result<T, String>>,
    cancel: CancelFlag,
    done: Arc<AtomicU64>,
    total: Arc<AtomicU64>,
    started: Instant,
    finished: bool,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work(cancel, progress)` on a new thread.
    pub fn spawn<F>(repaint: Repaint, work: F) -> Job<T>
    where
        F: FnOnce(&CancelFlag, &(dyn Fn(Progress) + Sync)) -> Result<T, String> + Send + 'static,
    {
        let (tx, rx) = channel();
        let cancel = CancelFlag::new();
        let done = Arc::new(AtomicU64::new(0));
        let total = Arc::new(AtomicU64::new(0));
        let (c, d, t) = (cancel.clone(), done.clone(), total.clone());
        std::thread::spawn(move || {
            let last = std::sync::Mutex::new(Instant::now());
            let progress = |p: Progress| {
                d.store(p.done, Ordering::Relaxed);
                t.store(p.total, Ordering::Relaxed);
                if let Ok(mut l) = last.try_lock()
                    && l.elapsed() >= REPAINT_EVERY
                {
                    *l = Instant::now();
                    repaint();
                }
            };
            let result = catch_unwind(AssertUnwindSafe(|| work(&c, &progress))).unwrap_or_else(|panic| {
                let msg = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown error".into());
                Err(format!("internal error (please report): {msg}"))
            });
            let _ = tx.send(result);
            repaint();
        });
        Job {
            rx,
            cancel,
            done,
            total,
            started: Instant::now(),
            finished: false,
        }
    }

    /// The result, once, when the job has finished.
    pub fn poll(&mut self) -> Option<Result<T, String>> {
        if self.finished {
            return None;
        }
        match self.rx.try_recv() {
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

    pub fn cancel(&self) {
        self.cancel.cancel();
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancel.is_cancelled()
    }

    pub fn progress(&self) -> Progress {
        Progress {
            done: self.done.load(Ordering::Relaxed),
            total: self.total.load(Ordering::Relaxed),
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Remaining time extrapolated from the finished fraction.
    pub fn eta(&self) -> Option<Duration> {
        let p = self.progress();
        (p.done > 0 && p.total >= p.done).then(|| self.elapsed().mul_f64((p.total - p.done) as f64 / p.done as f64))
    }
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}
