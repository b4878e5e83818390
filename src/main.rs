use clap::Parser;
use fleetscope::cli::{Cli, run};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(command) => run(command),
        None => match fleetscope::ui::run_app(cli.open, cli.setup) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("fleetscope: cannot open the window: {e}");
                ExitCode::FAILURE
            }
        },
    }
}
