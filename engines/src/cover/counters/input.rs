//! A setup as the counters see it.

use crate::cover::count::CountRequest;
use crate::cover::{FleetCover, frontier_input, window_width};
use crate::geometry::{Board, Fleet};
use std::sync::OnceLock;

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
}
