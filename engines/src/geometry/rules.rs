//! Rules of the game shared by every engine: whether ships may touch, and what
//! shots have revealed so far.

use super::{Coord, PlacedShip};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Whether ships may touch each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum TouchRule {
    /// Ships only may not overlap (the game of the hex DLX blog and of the tomography paper).
    #[default]
    MayTouch,
    /// Ships may not touch, not even diagonally (Bimaru, the Russian game).
    NoTouch,
}

/// What is known from shots: water (misses), ship cells (hits), and ships the
/// game announced as sunk (a given piece at a given place).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Observations {
    pub misses: BTreeSet<Coord>,
    pub hits: BTreeSet<Coord>,
    #[serde(default)]
    pub sunk: Vec<PlacedShip>,
}

impl Observations {
    pub fn is_empty(&self) -> bool {
        self.misses.is_empty() && self.hits.is_empty() && self.sunk.is_empty()
    }

    /// Forgets the shot at `c` (and a sinking that covered it).
    pub fn clear_cell(&mut self, c: Coord, fleet: &super::Fleet) {
        self.misses.remove(&c);
        self.hits.remove(&c);
        self.sunk.retain(|s| !s.cells(fleet).contains(&c));
    }
}
