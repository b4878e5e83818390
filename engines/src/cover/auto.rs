//! Which exact engine counts a setup fastest: the counter that ranks itself
//! lowest for it.
//!
//! Measured on this project's benchmarks (`bench count`, `bench hunt`): the
//! bitboard counter wins for a few ships on at most 128 cells (classic 10×10:
//! 0.02 CPU-s against the frontier's 0.5), because its cost grows with the
//! deployments of the last ships it does not enumerate; the frontier counter
//! wins as soon as there are many ships (the Russian fleet: under a second
//! against many minutes), because its cost grows with the board's width; both
//! beat dancing links, which stays for boards past 128 cells with wide windows.
//! The policy, read top to bottom, is `counters::rank`.

use super::counters::{CountInput, Engine, Question, Suitability};

/// The engine `auto` picks for `question`, and why (one sentence for the
/// user): the counter that ranks itself lowest ([`Counter::suits`], the
/// policy in `counters::rank`), ties to the list's first.
///
/// [`Counter::suits`]: super::counters::Counter::suits
pub fn choose(input: &CountInput, question: Question) -> (Engine, String) {
    let mut best: Option<(Engine, Suitability)> = None;
    for (engine, counter) in Engine::counters() {
        if let Some(s) = counter.suits(input, question)
            && best.as_ref().is_none_or(|b| s.rank < b.1.rank)
        {
            best = Some((engine, s));
        }
    }
    let (engine, s) = best.expect("dancing links suit every setup");
    (engine, s.why)
}
