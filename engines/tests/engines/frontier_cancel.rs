//! Ctrl+C on a frontier count of a large board: between two looks at the
//! flag the counter writes at most a few megabytes of fresh memory, however
//! large its layers grow.

use fleetscope_engines::cover::{FleetCover, FrontierError, FrontierOptions, frontier_count, frontier_input};
use fleetscope_engines::geometry::{Board, Observations, TouchRule};
use std::cell::Cell;

/// Minor page faults of the calling thread so far. With transparent huge
/// pages off each maps 4 KiB, so their count is the fresh memory written.
#[allow(unsafe_code)] // libc's getrusage
fn thread_page_faults() -> u64 {
    // SAFETY: getrusage only fills the struct it is given.
    unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_THREAD, &mut usage);
        usage.ru_minflt as u64
    }
}

/// The classic fleet on 64×64 (a window of 257 cells): by cell 15 a layer
/// holds millions of states and its index hundreds of megabytes. Writing it
/// in one go (as the index was, and the buffers copied on growing) kept a
/// cancelled count busy for hundreds of milliseconds; written a slice at a
/// time, no stretch between two looks reaches 48 MiB (the largest is setting
/// the counter up). Counted in page faults of the counting thread, not time.
#[cfg(target_os = "linux")]
#[test]
#[allow(unsafe_code)] // libc's prctl
fn a_large_frontier_count_looks_at_the_flag_every_few_megabytes() {
    // Only for this process: every fault is then one 4 KiB page.
    // SAFETY: a flag of the calling process; the other tests of this binary
    // run without huge pages, which changes their speed, not their results.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
    let setup = crate::common::classic();
    let board = Board::square("64×64", 64, 64);
    let cover = FleetCover::new(&board, &setup.fleet, TouchRule::MayTouch, &Observations::default()).unwrap();
    let input = frontier_input(&cover);
    let stop = Cell::new(false);
    let last = Cell::new(thread_page_faults());
    let (widest, looks) = (Cell::new(0u64), Cell::new(0u64));
    let cancel = || {
        let now = thread_page_faults();
        widest.set(widest.get().max(now - last.get()));
        last.set(now);
        looks.set(looks.get() + 1);
        stop.get()
    };
    let out = frontier_count(input, &FrontierOptions::default(), &cancel, &|done, _| {
        stop.set(done >= 16);
    });
    assert!(matches!(out, Err(FrontierError::Cancelled(_))), "{out:?}");
    let pages = widest.get();
    assert!(
        pages * 4096 < 48 << 20,
        "{} MiB written between two of {} looks at the flag",
        pages / 256,
        looks.get()
    );
}
