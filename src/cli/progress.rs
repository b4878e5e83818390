//! Progress on stderr while a command works: a bar when the total is known,
//! a spinner with elapsed time otherwise. Hidden for JSON output or when
//! stderr is not a terminal (scripts see only the result).

use crate::puzzle::SearchProgress;
use crate::solve::SolveUpdate;
use indicatif::{ProgressBar, ProgressStyle};
use std::sync::Mutex;
use std::time::Duration;

fn shown(json: bool) -> bool {
    !json && std::io::IsTerminal::is_terminal(&std::io::stderr())
}

/// A bar counting `unit`s.
pub fn bar(json: bool, unit: &str) -> ProgressBar {
    if !shown(json) {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(1);
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit}, ETA {{eta}}");
    bar.set_style(ProgressStyle::with_template(&template).expect("a valid template"));
    bar
}

/// A spinner with elapsed time and a message, for work without a known total.
pub fn spinner(json: bool, what: &str) -> ProgressBar {
    if !shown(json) {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("a valid template"));
    bar.set_message(what.to_string());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// A bar over a sampler's reads with the lowest energy so far; feed it the
/// run's live updates.
pub struct ReadsBar {
    bar: ProgressBar,
    best: Mutex<f64>,
}

impl ReadsBar {
    pub fn new(json: bool, reads: usize) -> ReadsBar {
        let bar = if shown(json) {
            let b = ProgressBar::new(reads as u64);
            b.set_style(
                ProgressStyle::with_template("{bar:40} {pos}/{len} reads, ETA {eta} {msg} (Ctrl+C stops)")
                    .expect("a valid template"),
            );
            b
        } else {
            ProgressBar::hidden()
        };
        ReadsBar {
            bar,
            best: Mutex::new(f64::INFINITY),
        }
    }

    pub fn update(&self, u: &SolveUpdate) {
        match u {
            SolveUpdate::Final { .. } => self.bar.inc(1),
            SolveUpdate::Best { energy, .. } => {
                let mut best = self.best.lock().unwrap_or_else(|e| e.into_inner());
                if *energy < *best {
                    *best = *energy;
                    self.bar.set_message(format!("best energy {energy}"));
                }
            }
            SolveUpdate::Trace { .. } => {}
        }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// A spinner for an exact search: nodes, solutions and (when the search can
/// tell) the share of the tree explored.
pub fn search_spinner(json: bool) -> ProgressBar {
    spinner(json, "searching (Ctrl+C stops)")
}

/// What a search spinner shows for one report.
pub fn search_message(p: SearchProgress) -> String {
    format!("{} (Ctrl+C stops)", p.describe())
}

/// Notes of a run (a capped default, dropped states) on stderr.
pub fn print_notes(notes: &[String]) {
    for n in notes {
        eprintln!("note: {n}");
    }
}
