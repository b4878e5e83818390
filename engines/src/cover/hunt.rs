//! A game of hunting a hidden fleet, for benchmarks and tests: shots reveal
//! hit or miss, and the exact player shoots the cell most deployments cover.

use crate::geometry::{Board, Coord, Deployment, Fleet, Observations, PlacedShip};
use std::collections::BTreeSet;

/// What a shot revealed, as the game announces it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shot {
    Hit,
    Miss,
    /// The hit was the last cell of this piece.
    Sunk(usize),
}

/// A hidden deployment and the shots fired at it.
#[derive(Clone, Debug)]
pub struct HuntGame {
    ships: Vec<(PlacedShip, Vec<Coord>)>,
    ship_cells: BTreeSet<Coord>,
    pub observations: Observations,
    pub shots: usize,
}

impl HuntGame {
    pub fn new(fleet: &Fleet, hidden: &Deployment) -> HuntGame {
        HuntGame {
            ships: hidden.ships.iter().map(|s| (*s, s.cells(fleet))).collect(),
            ship_cells: hidden.occupancy(fleet).into_keys().collect(),
            // The game announces every sinking.
            observations: Observations {
                sinkings_announced: true,
                ..Observations::default()
            },
            shots: 0,
        }
    }

    /// Fires at `c` (a cell not shot before) and records the answer; a
    /// sinking is recorded too (the piece and where it lay).
    pub fn shoot(&mut self, c: Coord) -> Shot {
        self.shots += 1;
        if !self.ship_cells.contains(&c) {
            self.observations.misses.insert(c);
            return Shot::Miss;
        }
        self.observations.hits.insert(c);
        let hits = &self.observations.hits;
        match self.ships.iter().find(|(_, cells)| cells.contains(&c)) {
            Some((ship, cells)) if cells.iter().all(|x| hits.contains(x)) => {
                self.observations.sunk.push(*ship);
                Shot::Sunk(ship.piece)
            }
            _ => Shot::Hit,
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

/// Where piece `piece` can have sunk: its placements on hit cells only, not
/// on a ship already marked sunk (the player names the ship the game announced).
pub fn sinking_candidates(board: &Board, fleet: &Fleet, obs: &Observations, piece: usize) -> Vec<PlacedShip> {
    let taken: BTreeSet<Coord> = obs.sunk.iter().flat_map(|s| s.cells(fleet)).collect();
    let mut hits_only = board.clone();
    for c in board.playable_cells() {
        if !obs.hits.contains(&c) || taken.contains(&c) {
            hits_only.islands.insert(c);
        }
    }
    let index = crate::geometry::BoardIndex::new(&hits_only);
    crate::geometry::piece_placements(&hits_only, &index, fleet, piece)
        .into_iter()
        .map(|p| PlacedShip {
            piece,
            rotation: p.rotation,
            mirrored: p.mirrored,
            anchor: p.anchor,
        })
        .collect()
}
