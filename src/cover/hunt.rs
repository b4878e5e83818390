//! A game of hunting a hidden fleet, for benchmarks and tests: shots reveal
//! hit or miss, and the exact player shoots the cell most deployments cover.

use crate::geometry::{Board, Coord, Deployment, Fleet, Observations};
use std::collections::BTreeSet;

/// What a shot revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shot {
    Hit,
    Miss,
}

/// A hidden deployment and the shots fired at it.
#[derive(Clone, Debug)]
pub struct HuntGame {
    ship_cells: BTreeSet<Coord>,
    pub observations: Observations,
    pub shots: usize,
}

impl HuntGame {
    pub fn new(fleet: &Fleet, hidden: &Deployment) -> HuntGame {
        HuntGame {
            ship_cells: hidden.occupancy(fleet).into_keys().collect(),
            observations: Observations::default(),
            shots: 0,
        }
    }

    /// Fires at `c` (a cell not shot before) and records the answer.
    pub fn shoot(&mut self, c: Coord) -> Shot {
        self.shots += 1;
        if self.ship_cells.contains(&c) {
            self.observations.hits.insert(c);
            Shot::Hit
        } else {
            self.observations.misses.insert(c);
            Shot::Miss
        }
    }

    /// Every ship cell has been hit.
    pub fn won(&self) -> bool {
        self.observations.hits.len() == self.ship_cells.len()
    }

    /// Playable cells not shot yet.
    pub fn unshot(&self, board: &Board) -> Vec<Coord> {
        board
            .playable_cells()
            .into_iter()
            .filter(|c| !self.observations.hits.contains(c) && !self.observations.misses.contains(c))
            .collect()
    }
}
