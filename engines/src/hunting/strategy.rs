//! Hunting strategies: how a player picks the next cell. Each is a small
//! type behind [`Strategy`], described once by a [`StrategyInfo`] in its file
//! under `players/`; [`StrategyKind`] (the list in `players/mod.rs`) names them
//! for the lab, the command line and the Counter room.
//!
//! Under the no-touch rule every player but *random* knows that the cells
//! around a sunk ship are water and never fires there ([`View::worth_shooting`]).

use super::maps::MapSource;
use crate::cover::{CountError, Shot};
use crate::geometry::{Board, Coord, Fleet, Observations, TouchRule};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

/// The game as a player sees it.
pub struct View<'a> {
    pub board: &'a Board,
    pub fleet: &'a Fleet,
    pub rule: TouchRule,
    pub observations: &'a Observations,
    /// Every shot so far with its answer, in order.
    pub history: &'a [(Coord, Shot)],
}

impl View<'_> {
    /// Playable cells not shot yet, in the board's order.
    pub fn unshot(&self) -> Vec<Coord> {
        let o = self.observations;
        self.board
            .playable_cells()
            .into_iter()
            .filter(|c| !o.hits.contains(c) && !o.misses.contains(c))
            .collect()
    }

    /// Unshot cells worth a shot: under the no-touch rule, not next to a sunk
    /// ship (those are water); all of them otherwise.
    pub fn worth_shooting(&self) -> Vec<Coord> {
        let beside_sunk = self.beside_sunk();
        self.unshot().into_iter().filter(|c| !beside_sunk.contains(c)).collect()
    }

    /// Under the no-touch rule, the cells around the ships announced sunk.
    pub fn beside_sunk(&self) -> BTreeSet<Coord> {
        if self.rule != TouchRule::NoTouch {
            return BTreeSet::new();
        }
        let steps = self.fleet.lattice.touching();
        self.observations
            .sunk
            .iter()
            .flat_map(|s| s.cells(self.fleet))
            .flat_map(|c| steps.iter().map(move |d| Coord(c.0 + d.0, c.1 + d.1)))
            .collect()
    }

    /// Hits not explained by a ship announced sunk.
    pub fn open_hits(&self) -> BTreeSet<Coord> {
        let sunk: BTreeSet<Coord> = self
            .observations
            .sunk
            .iter()
            .flat_map(|s| s.cells(self.fleet))
            .collect();
        self.observations
            .hits
            .iter()
            .copied()
            .filter(|c| !sunk.contains(c))
            .collect()
    }
}

/// A way to pick the next shot.
pub trait Strategy: Send {
    /// The next cell to fire at (never one shot before).
    fn next_shot(&mut self, view: &View<'_>, rng: &mut ChaCha8Rng) -> Result<Coord, CountError>;
}

/// One strategy, described once: the lab, the command line, the Counter room
/// and sessions read everything about it from here.
#[derive(Clone, Copy)]
pub struct StrategyInfo {
    /// The short name used on the command line.
    pub key: &'static str,
    /// The name shown in tables and plots.
    pub title: &'static str,
    /// One sentence for the Counter room's tooltip.
    pub help: &'static str,
    /// Whether it asks the exact posterior (its games cost maps).
    pub exact: bool,
    /// A fresh player; exact players read maps from the source.
    pub new: for<'a> fn(&'a MapSource) -> Box<dyn Strategy + 'a>,
}

pub(super) fn no_cell() -> CountError {
    CountError::Invalid("no cell left to shoot".into())
}
