//! Ctrl+C on the command line: the first press cancels the running engine
//! call (which then stops within a fraction of a second and the command says
//! "cancelled"); a second press ends the process at once.
//!
//! The handler is installed as every command starts, so no command dies by the
//! signal. There is deliberately no timer that ends a slow command for it: such
//! an exit could cut a file write short, and it would hide work that does not
//! look at the flag from the tests that time Ctrl+C.

use crate::run::CancelFlag;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

static FLAG: OnceLock<CancelFlag> = OnceLock::new();
static PRESSED: AtomicBool = AtomicBool::new(false);

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
