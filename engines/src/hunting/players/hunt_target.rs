//! - *hunt/target*: random until a hit, then the unshot neighbours of the hits
//!   not yet explained by a sunk ship, most recent first (a stack), as in
//!   DataGenetics' Battleship study.
//! - *hunt/target with parity*: the same, hunting only on a pattern every
//!   ship must touch (a checkerboard; on hex boards two of three colours)
//!   while every ship afloat has two cells or more.

use crate::cover::{CountError, Shot};
use crate::geometry::{Coord, Lattice};
use crate::hunting::strategy::{Strategy, StrategyInfo, View, no_cell};
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

pub const PLAIN: StrategyInfo = StrategyInfo {
    key: "hunt-target",
    title: "hunt/target",
    help: "Random until a hit, then the neighbours of the hits not yet sunk",
    exact: false,
    new: |_| Box::new(HuntTarget::new(false)),
};

pub const PARITY: StrategyInfo = StrategyInfo {
    key: "parity",
    title: "hunt/target, parity",
    help: "Hunt/target hunting only on a checkerboard (two of three colours on hex)",
    exact: false,
    new: |_| Box::new(HuntTarget::new(true)),
};

/// Hunt at random (on the parity pattern, if asked), target the neighbours of
/// open hits, most recent first.
struct HuntTarget {
    parity: bool,
    stack: Vec<Coord>,
    /// History entries already read.
    seen: usize,
}

impl HuntTarget {
    fn new(parity: bool) -> HuntTarget {
        HuntTarget {
            parity,
            stack: Vec::new(),
            seen: 0,
        }
    }
}

/// Whether a cell is on the hunting pattern every ship of two or more cells
/// touches: a checkerboard; on hex, the cells off one colour of three.
fn on_pattern(lattice: Lattice, c: Coord) -> bool {
    match lattice {
        Lattice::Square => (c.0 + c.1).rem_euclid(2) == 0,
        Lattice::Hex => (c.0 - c.1).rem_euclid(3) != 0,
    }
}

impl Strategy for HuntTarget {
    fn next_shot(&mut self, view: &View<'_>, rng: &mut ChaCha8Rng) -> Result<Coord, CountError> {
        for &(c, shot) in &view.history[self.seen..] {
            if shot != Shot::Miss {
                for d in view.fleet.lattice.steps() {
                    self.stack.push(Coord(c.0 + d.0, c.1 + d.1));
                }
            }
        }
        self.seen = view.history.len();
        let mut unshot: BTreeSet<Coord> = view.worth_shooting().into_iter().collect();
        if unshot.is_empty() {
            unshot = view.unshot().into_iter().collect();
        }
        if view.open_hits().is_empty() {
            self.stack.clear();
        }
        while let Some(c) = self.stack.pop() {
            if unshot.contains(&c) {
                return Ok(c);
            }
        }
        let lattice = view.fleet.lattice;
        // The pattern holds only while every ship afloat has two cells or more.
        let sunk: BTreeSet<usize> = view.observations.sunk.iter().map(|s| s.piece).collect();
        let smallest_afloat = (0..view.fleet.pieces.len())
            .filter(|i| !sunk.contains(i))
            .map(|i| view.fleet.pieces[i].cells.len())
            .min()
            .unwrap_or(0);
        let pool: Vec<Coord> = if self.parity && smallest_afloat >= 2 {
            let on: Vec<Coord> = unshot.iter().copied().filter(|&c| on_pattern(lattice, c)).collect();
            if on.is_empty() {
                unshot.iter().copied().collect()
            } else {
                on
            }
        } else {
            unshot.iter().copied().collect()
        };
        pool.choose(rng).copied().ok_or_else(no_cell)
    }
}
