//! The command line: the same engines as the app, headless.

mod count;
mod cputime;
mod show;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "fleetscope", version = crate::VERSION, about = "A lab for Battleship-style fleets. Without a subcommand the app window opens.")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Open this session file in the app.
    #[arg(long, value_name = "FILE")]
    pub open: Option<std::path::PathBuf>,
    /// Make this setup (1-based) of the opened session the active one.
    #[arg(long, value_name = "N", requires = "open")]
    pub setup: Option<usize>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the presets shipped with the app.
    Presets,
    /// Print a board and fleet as text: a preset key or a session file (.ron).
    Show {
        /// Preset key (see `fleetscope presets`) or path to a session file.
        source: String,
    },
    /// Count every deployment of a fleet (a preset or a session's active setup).
    Count {
        source: String,
        /// dlx (dancing links with the last-item shortcut), dlx-plain, or fast (bitboards).
        #[arg(long, default_value = "fast")]
        engine: String,
        /// Worker threads (0 = all cores).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Ships may not touch, not even diagonally.
        #[arg(long)]
        no_touch: bool,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Benchmarks: median CPU and wall seconds over several runs.
    Bench {
        #[command(subcommand)]
        what: BenchCommand,
    },
    /// Write a new session file made of presets or other sessions' active setups.
    NewSession {
        /// Where to write the session (refuses to overwrite without --force).
        out: std::path::PathBuf,
        /// Preset keys or session files, one setup each.
        #[arg(required = true)]
        sources: Vec<String>,
        /// Place every fleet at random with this seed (seed + i for the i-th setup).
        #[arg(long)]
        random: Option<u64>,
        /// Overwrite `out` if it exists.
        #[arg(long)]
        force: bool,
    },
}

#[derive(Subcommand, Debug)]
pub enum BenchCommand {
    /// Time the counting engines on the presets.
    Count {
        #[arg(long, default_value_t = 5)]
        runs: usize,
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Also time the DLX engines (tens of CPU seconds each run).
        #[arg(long)]
        dlx: bool,
    },
}

/// Exit code for bad input (unknown names, unreadable files).
pub const EXIT_BAD_INPUT: u8 = 2;

/// Runs a subcommand, printing results to stdout and a one-line reason to stderr on failure.
pub fn run(command: Command) -> ExitCode {
    let result = match command {
        Command::Presets => {
            print!("{}", show::presets_table());
            Ok(())
        }
        Command::Show { source } => show::show(&source).map(|text| print!("{text}")),
        Command::Count {
            source,
            engine,
            threads,
            no_touch,
            json,
        } => count::count(&source, &engine, threads, no_touch, json),
        Command::Bench {
            what: BenchCommand::Count { runs, threads, dlx },
        } => count::bench(runs, threads, dlx),
        Command::NewSession {
            out,
            sources,
            random,
            force,
        } => show::new_session(&out, &sources, random, force),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(reason) => {
            eprintln!("fleetscope: {reason}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

pub use cputime::fmt_duration;
pub use show::resolve_source;
