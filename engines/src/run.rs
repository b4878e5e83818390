//! Run control shared by every engine: a cancel flag, progress counts, the one
//! `Cancelled` error, and the worker pools long calls run on.
//!
//! Engines take `&CancelFlag` and, where progress can be told, a sink such as
//! `&(dyn Fn(Progress) + Sync)`; the app's jobs and the command line supply them.
//! Nothing here knows about the UI.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use thiserror::Error;

/// The wall clock every layer reads (deadlines, run starts, UI timers): the
/// one place a front end without `std::time` (a web build) swaps it.
pub use std::time::Instant;

/// Shared flag a caller sets to stop a long call; engines check it often
/// enough to stop within about 100 ms. A flag may also carry a deadline (a
/// time limit): past it, the flag reads as set, and [`CancelFlag::timed_out`]
/// tells the engines that can stop with what they found (the exact puzzle
/// solvers) that it was the clock, not the user.
#[derive(Clone, Debug, Default)]
pub struct CancelFlag {
    flag: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

impl CancelFlag {
    pub fn new() -> CancelFlag {
        CancelFlag::default()
    }
    /// The same flag (a cancel of either is seen by both) that also reads as
    /// set once `limit` has passed from now.
    pub fn with_time_limit(&self, limit: Duration) -> CancelFlag {
        let at = Instant::now().checked_add(limit);
        CancelFlag {
            flag: self.flag.clone(),
            deadline: match (self.deadline, at) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
        }
    }
    /// Time until the deadline, if the flag has one (a caller sharing out its
    /// time limit between steps).
    pub fn time_left(&self) -> Option<Duration> {
        self.deadline.map(|d| d.saturating_duration_since(Instant::now()))
    }
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }
    /// Stop now: cancelled, or past the deadline.
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed) || self.timed_out()
    }
    /// Past the deadline (and not cancelled by the caller): the work stops
    /// with what it has.
    pub fn timed_out(&self) -> bool {
        !self.flag.load(Ordering::Relaxed) && self.deadline.is_some_and(|d| Instant::now() >= d)
    }
    /// `Err(Cancelled)` once the flag is set: `cancel.check()?` in loops.
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.is_cancelled() { Err(Cancelled) } else { Ok(()) }
    }
}

/// The caller asked a long call to stop. Every error type of a cancellable
/// engine call wraps this one in a `Cancelled` variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("cancelled")]
pub struct Cancelled;

/// Finished and total units of a long call (what a unit is depends on the call).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Progress {
    pub done: u64,
    pub total: u64,
}

/// A progress sink that ignores everything.
pub fn no_progress(_: Progress) {}

/// The most worker threads a call may ask for: four per core. The core count
/// is read once (it costs file reads of the cgroup limits, per call ~20 µs).
pub fn max_threads() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    4 * *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The shared worker pool with `threads` workers (0 = one per core). Pools are
/// built once per size and kept, so repeated calls (a what-if over 80 board
/// variants, every hunt shot) start no threads. More than [`max_threads`] is refused.
pub fn pool(threads: usize) -> Result<Arc<rayon::ThreadPool>, String> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();
    let max = max_threads();
    if threads > max {
        return Err(format!(
            "{threads} threads asked for, but at most {max} (4 per core) are allowed"
        ));
    }
    let threads = if threads == 0 { max / 4 } else { threads };
    let mut pools = POOLS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(p) = pools.get(&threads) {
        return Ok(p.clone());
    }
    let p = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(move |i| format!("fleetscope-{threads}-{i}"))
        .build()
        .map(Arc::new)
        .map_err(|e| format!("cannot start {threads} worker threads: {e}"))?;
    pools.insert(threads, p.clone());
    Ok(p)
}

/// User + system CPU seconds used by the process so far (all threads), for
/// honest timings on a loaded machine. Without `getrusage` (not Unix) it falls
/// back to wall seconds since the first call (differences are what callers read).
#[cfg(unix)]
#[allow(unsafe_code)] // libc's getrusage
pub fn process_cpu_seconds() -> f64 {
    // SAFETY: an all-zero `rusage` is a valid value of this plain C struct.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage only writes into the struct we pass, which lives for the call.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) } != 0 {
        return 0.0;
    }
    let t = |tv: libc::timeval| tv.tv_sec as f64 + tv.tv_usec as f64 * 1e-6;
    t(u.ru_utime) + t(u.ru_stime)
}

/// Wall seconds since the first call: the stand-in for CPU time without `getrusage`.
#[cfg(not(unix))]
pub fn process_cpu_seconds() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}

/// A clock of the calling thread's CPU time: what one piece of work on one
/// thread cost, unaffected by other load on the machine (which stretches wall
/// time). Without a thread clock (not Unix) it falls back to wall time.
pub struct ThreadCpuClock {
    #[cfg(unix)]
    start: f64,
    #[cfg(not(unix))]
    start: Instant,
}

#[cfg(unix)]
#[allow(unsafe_code)] // libc's clock_gettime
fn thread_cpu_seconds() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime only writes into the struct we pass.
    if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } != 0 {
        return 0.0;
    }
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

impl ThreadCpuClock {
    pub fn start() -> ThreadCpuClock {
        #[cfg(unix)]
        return ThreadCpuClock {
            start: thread_cpu_seconds(),
        };
        #[cfg(not(unix))]
        return ThreadCpuClock { start: Instant::now() };
    }

    /// Seconds since `start` (on the same thread).
    pub fn seconds(&self) -> f64 {
        #[cfg(unix)]
        return thread_cpu_seconds() - self.start;
        #[cfg(not(unix))]
        return self.start.elapsed().as_secs_f64();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pools_are_shared_and_bounded() {
        let a = pool(2).unwrap();
        let b = pool(2).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(a.current_num_threads(), 2);
        let err = pool(max_threads() + 1).unwrap_err();
        assert!(err.contains("at most"), "{err}");
    }

    #[test]
    fn a_deadline_reads_as_a_stop_and_says_it_was_the_clock() {
        let c = CancelFlag::new();
        let timed = c.with_time_limit(Duration::ZERO);
        assert!(timed.is_cancelled() && timed.timed_out());
        assert!(!c.is_cancelled(), "the parent has no deadline");
        let later = c.with_time_limit(Duration::from_secs(3600));
        assert!(!later.is_cancelled());
        c.cancel();
        assert!(
            later.is_cancelled() && !later.timed_out(),
            "a cancel is seen through the child"
        );
        assert!(!timed.timed_out(), "a cancel is a cancel, even past the deadline");
    }

    #[test]
    fn check_reports_cancel() {
        let c = CancelFlag::new();
        assert!(c.check().is_ok());
        c.clone().cancel();
        assert_eq!(c.check(), Err(Cancelled));
    }
}
