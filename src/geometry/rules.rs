//! Rules of the game shared by every engine: whether ships may touch, and what
//! shots have revealed so far.

use super::Coord;
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

/// What is known from shots: water (misses) and ship cells (hits).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Observations {
    pub misses: BTreeSet<Coord>,
    pub hits: BTreeSet<Coord>,
}

impl Observations {
    pub fn is_empty(&self) -> bool {
        self.misses.is_empty() && self.hits.is_empty()
    }
}
