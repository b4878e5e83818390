//! Ctrl+C on the command line: the first press cancels the running engine
//! call (which then stops within a fraction of a second and the command says
//! "cancelled"); a second press ends the process at once.
//!
//! The handler is installed as every command starts, so no command dies by the
//! signal. Should one still be busy [`BACKSTOP`] after the first press (work
//! that does not look at the flag), it is ended as a cancel all the same.

use crate::run::CancelFlag;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

static FLAG: OnceLock<CancelFlag> = OnceLock::new();
static PRESSED: AtomicBool = AtomicBool::new(false);

/// How long a command may take to end after Ctrl+C before it is ended for it.
/// Every command is meant to end within 100 ms; this only keeps the promise of
/// "cancelled" and exit code 2 where some work does not look at the flag.
pub const BACKSTOP: Duration = Duration::from_secs(1);

/// The process's cancel flag, set by Ctrl+C (the handler is installed on first use).
pub fn ctrl_c_flag() -> CancelFlag {
    FLAG.get_or_init(|| {
        let _ = ctrlc::set_handler(|| {
            if PRESSED.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
            if let Some(f) = FLAG.get() {
                f.cancel();
            }
            std::thread::spawn(|| {
                std::thread::sleep(BACKSTOP);
                eprintln!("fleetscope: cancelled");
                std::process::exit(i32::from(super::EXIT_BAD_INPUT));
            });
        });
        CancelFlag::new()
    })
    .clone()
}

/// `Err("cancelled")` once Ctrl+C was pressed: `cancelled(&flag)?` between
/// steps of a command.
pub fn cancelled(flag: &CancelFlag) -> Result<(), String> {
    flag.check().map_err(|e| e.to_string())
}
