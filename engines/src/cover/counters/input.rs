//! A setup as the counters see it, and what is asked of them.

use super::Engine;
use super::frontier::frontier_input;
use crate::cover::{FleetCover, window_width};
use crate::geometry::{Board, Fleet, Observations, TouchRule};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// What to count with, and under which rule and observations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct CountRequest {
    pub engine: Engine,
    /// Worker threads; 0 = all cores.
    pub threads: usize,
    pub rule: TouchRule,
    pub observations: Observations,
}

/// A setup as counters see it; the frontier window is worked out once, when first asked.
pub struct CountInput<'a> {
    pub board: &'a Board,
    pub fleet: &'a Fleet,
    pub req: &'a CountRequest,
    pub cover: &'a FleetCover,
    window: OnceLock<usize>,
}

impl<'a> CountInput<'a> {
    pub fn new(board: &'a Board, fleet: &'a Fleet, req: &'a CountRequest, cover: &'a FleetCover) -> CountInput<'a> {
        CountInput {
            board,
            fleet,
            req,
            cover,
            window: OnceLock::new(),
        }
    }

    /// Playable cells (after the observations).
    pub fn cells(&self) -> usize {
        self.cover.index.len()
    }

    /// Ships to place.
    pub fn ships(&self) -> usize {
        self.cover.placements.len()
    }

    /// The frontier counter's window: the cells its states span.
    pub fn window(&self) -> usize {
        *self.window.get_or_init(|| window_width(&frontier_input(self.cover)))
    }

    /// Whether hits must be covered.
    pub fn has_hits(&self) -> bool {
        !self.cover.hits.is_empty()
    }

    /// The product of the placement counts (which bounds the count) when it
    /// reaches 2^127: then a count in 128 bits might not fit.
    pub fn may_overflow(&self) -> Option<f64> {
        let bound: f64 = self.cover.placements.iter().map(|p| p.len() as f64).product();
        (bound >= 2f64.powi(127)).then_some(bound)
    }
}
