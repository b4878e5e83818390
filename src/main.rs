// `unsafe` only where libc needs it, item by item.
#![deny(unsafe_code)]

use fleetscope::cli::{Cli, run};
use std::process::ExitCode;

fn main() -> ExitCode {
    restore_sigpipe();
    let cli = match fleetscope::cli::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) => return fleetscope::cli::report_parse_error(&e),
    };
    match cli.command {
        Some(command) => run(command),
        None => run_window(cli),
    }
}

#[cfg(not(feature = "gui"))]
fn run_window(_: Cli) -> ExitCode {
    eprintln!("fleetscope: this build has no window (built without the `gui` feature); see --help");
    ExitCode::from(fleetscope::cli::EXIT_BAD_INPUT)
}

#[cfg(feature = "gui")]
fn run_window(cli: Cli) -> ExitCode {
    if let Some(Err(e)) = cli.room.as_deref().map(fleetscope::ui::check_room) {
        eprintln!("fleetscope: {e}");
        return ExitCode::from(fleetscope::cli::EXIT_BAD_INPUT);
    }
    match fleetscope::ui::run_app(cli.open, cli.setup, cli.room) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fleetscope: cannot open the window: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Behave like a Unix tool when output goes to `head` and the like: end quietly.
#[allow(unsafe_code)] // libc's signal
fn restore_sigpipe() {
    // SAFETY: restoring the default disposition of SIGPIPE, first thing in main, before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
