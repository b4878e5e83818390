//! Reading the command line. Two things clap does not do by itself:
//!
//! - A negative number is a value, not an unknown option: `--stars -1` reaches
//!   the check that says what `--stars` may be, and a range or list such as
//!   `--sizes -1..3` reaches its reader, and `--target -inf` its number
//!   parser. (Options taking a path do not take a
//!   value starting with a hyphen: `-o --json` still says `-o` needs a value.)
//! - A mistake is one line naming it, as every other error of the command
//!   line is, not clap's block of error, tip and usage.

use super::{Cli, EXIT_BAD_INPUT};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, Command, CommandFactory, FromArgMatches};
use std::any::TypeId;
use std::ffi::OsString;
use std::process::ExitCode;

/// The command line's definition as it is parsed (see the module comment).
pub fn command() -> Command {
    tolerant(Cli::command())
}

fn tolerant(cmd: Command) -> Command {
    cmd.mut_args(|a| {
        if !a.get_action().takes_values() || a.is_positional() {
            return a;
        }
        // Text, and real numbers too: `-inf` is a number clap does not know as
        // one; a sampler's setting may be a range (`--beta -1,2`).
        let id = a.get_value_parser().type_id();
        let text =
            id == TypeId::of::<String>() || id == TypeId::of::<f64>() || id == TypeId::of::<crate::solve::ParamValue>();
        a.allow_negative_numbers(true).allow_hyphen_values(text)
    })
    .mut_subcommands(tolerant)
}

/// Parses `args` (the program name first).
pub fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let matches = command().try_get_matches_from(args)?;
    Cli::from_arg_matches(&matches)
}

/// Shows a parse error (help and the version as clap shows them) and gives
/// the exit code.
pub fn report(e: &clap::Error) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::from(e.exit_code().clamp(0, 255) as u8)
        }
        _ => {
            eprintln!("fleetscope: {}", crate::quote::clean_message(&one_line(e)));
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

/// A parse error in one line: clap's first line, with its tip if it has one;
/// a negative number for an option taking a count says so in words.
pub fn one_line(e: &clap::Error) -> String {
    if matches!(e.kind(), ErrorKind::InvalidValue | ErrorKind::ValueValidation)
        && let (Some(ContextValue::String(arg)), Some(ContextValue::String(value))) =
            (e.get(ContextKind::InvalidArg), e.get(ContextKind::InvalidValue))
        && value.starts_with('-')
        && takes_a_count(arg)
    {
        let name = arg.split_whitespace().next().unwrap_or(arg);
        return format!("{name} takes a whole number, 0 or more, not {value}");
    }
    let text = e.render().to_string();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("the command line is not understood");
    let mut first = first.strip_prefix("error: ").unwrap_or(first).to_string();
    // "the following required arguments were not provided:" lists them below.
    if first.ends_with(':') {
        let named: Vec<&str> = lines.clone().take_while(|l| !l.starts_with("Usage:")).collect();
        first = format!("{first} {}", named.join(", "));
    }
    match lines.find_map(|l| l.strip_prefix("tip: ")) {
        Some(tip) => format!("{first} ({tip})"),
        None => first.to_string(),
    }
}

/// Does the option named in an error ("--stars <STARS>") take an unsigned
/// whole number anywhere in the command line?
fn takes_a_count(named: &str) -> bool {
    let long = named.split_whitespace().next().unwrap_or(named).trim_start_matches('-');
    let unsigned = [
        TypeId::of::<usize>(),
        TypeId::of::<u64>(),
        TypeId::of::<u32>(),
        TypeId::of::<u16>(),
        TypeId::of::<u8>(),
    ];
    fn any_arg(cmd: &Command, f: &dyn Fn(&Arg) -> bool) -> bool {
        cmd.get_arguments().any(f) || cmd.get_subcommands().any(|s| any_arg(s, f))
    }
    any_arg(&command(), &|a| {
        a.get_long() == Some(long) && unsigned.iter().any(|t| a.get_value_parser().type_id() == *t)
    })
}
