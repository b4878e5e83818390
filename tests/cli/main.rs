//! Tests of what goes in and out without a window: the command line (the built
//! binary), session files, the shipped presets and the hardening cases.

mod commands;
mod common;
mod count_sizes;
mod fuzz_seeds;
mod hardening;
mod hardening_formats;
mod hardware_commands;
mod messages;
mod messages_round2;
mod messages_round3;
mod messages_round4;
mod output_files;
mod presets;
mod puzzle_commands;
mod rules;
mod session;
mod solve_commands;
