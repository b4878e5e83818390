//! Hunting strategies: how a player picks the next cell. Each is a small
//! type behind [`Strategy`]; [`StrategyKind`] lists them for the lab, the
//! command line and the Counter room.
//!
//! - *random*: any cell not shot yet.
//! - *hunt/target*: random until a hit, then the unshot neighbours of the hits
//!   not yet explained by a sunk ship, most recent first (a stack), as in
//!   DataGenetics' Battleship study.
//! - *hunt/target with parity*: the same, hunting only on a pattern every
//!   ship must touch (a checkerboard; on hex boards two of three colours)
//!   while every ship afloat has two cells or more.
//!
//! Under the no-touch rule every player but *random* knows that the cells
//! around a sunk ship are water and never fires there (the density player
//! lays no ship there either).
//! - *per-ship density*: DataGenetics' "probability density" player: every
//!   ship not sunk is laid in every place it still fits (over no miss and no
//!   sunk ship), each ship separately, places through unexplained hits
//!   weighted heavily; the cell covered most wins.
//! - *exact, most likely*: the exact posterior over whole deployments (the
//!   occupancy map given every shot, sinkings included); the cell most
//!   deployments cover.
//! - *exact, information*: the same posterior; the cell whose answer is most
//!   uncertain (hit probability nearest ½: the largest expected information
//!   from its hit or miss), ties to the most likely.

use super::maps::MapSource;
use crate::cover::{CountError, Occupancy, Shot};
use crate::geometry::{Board, Coord, Fleet, Lattice, Observations, TouchRule, fleet_placements};
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
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

/// Every strategy the lab knows, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum StrategyKind {
    Random,
    HuntTarget,
    HuntTargetParity,
    ShipDensity,
    ExactLikely,
    ExactInformation,
}

impl StrategyKind {
    pub const ALL: [StrategyKind; 6] = [
        StrategyKind::Random,
        StrategyKind::HuntTarget,
        StrategyKind::HuntTargetParity,
        StrategyKind::ShipDensity,
        StrategyKind::ExactLikely,
        StrategyKind::ExactInformation,
    ];

    /// The short name used on the command line.
    pub fn key(self) -> &'static str {
        match self {
            StrategyKind::Random => "random",
            StrategyKind::HuntTarget => "hunt-target",
            StrategyKind::HuntTargetParity => "parity",
            StrategyKind::ShipDensity => "density",
            StrategyKind::ExactLikely => "exact",
            StrategyKind::ExactInformation => "information",
        }
    }

    /// The name shown in tables and plots.
    pub fn title(self) -> &'static str {
        match self {
            StrategyKind::Random => "random",
            StrategyKind::HuntTarget => "hunt/target",
            StrategyKind::HuntTargetParity => "hunt/target, parity",
            StrategyKind::ShipDensity => "per-ship density",
            StrategyKind::ExactLikely => "exact, most likely cell",
            StrategyKind::ExactInformation => "exact, most information",
        }
    }

    pub fn parse(text: &str) -> Result<StrategyKind, String> {
        StrategyKind::ALL
            .into_iter()
            .find(|k| k.key() == text.trim())
            .ok_or_else(|| {
                let names: Vec<&str> = StrategyKind::ALL.iter().map(|k| k.key()).collect();
                format!(
                    "unknown strategy '{}' (expected {})",
                    crate::quote::clean_message(text),
                    names.join(", ")
                )
            })
    }

    /// Whether it asks the exact posterior (its games cost maps).
    pub fn is_exact(self) -> bool {
        matches!(self, StrategyKind::ExactLikely | StrategyKind::ExactInformation)
    }

    /// A fresh player of this kind; exact players read maps from `maps`.
    pub fn player<'a>(self, maps: &'a MapSource) -> Box<dyn Strategy + 'a> {
        match self {
            StrategyKind::Random => Box::new(RandomPlayer),
            StrategyKind::HuntTarget => Box::new(HuntTarget::new(false)),
            StrategyKind::HuntTargetParity => Box::new(HuntTarget::new(true)),
            StrategyKind::ShipDensity => Box::new(ShipDensity),
            StrategyKind::ExactLikely => Box::new(Exact {
                maps,
                information: false,
            }),
            StrategyKind::ExactInformation => Box::new(Exact {
                maps,
                information: true,
            }),
        }
    }
}

fn no_cell() -> CountError {
    CountError::Invalid("no cell left to shoot".into())
}

struct RandomPlayer;

impl Strategy for RandomPlayer {
    fn next_shot(&mut self, view: &View<'_>, rng: &mut ChaCha8Rng) -> Result<Coord, CountError> {
        view.unshot().choose(rng).copied().ok_or_else(no_cell)
    }
}

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

/// DataGenetics' per-ship probability density.
struct ShipDensity;

/// How much more a place through an open hit weighs (per hit it covers).
const THROUGH_HIT: u64 = 100;

impl Strategy for ShipDensity {
    fn next_shot(&mut self, view: &View<'_>, rng: &mut ChaCha8Rng) -> Result<Coord, CountError> {
        let o = view.observations;
        let open = view.open_hits();
        let sunk_pieces: BTreeSet<usize> = o.sunk.iter().map(|s| s.piece).collect();
        let mut sunk_cells: BTreeSet<Coord> = o.sunk.iter().flat_map(|s| s.cells(view.fleet)).collect();
        sunk_cells.extend(view.beside_sunk());
        let index = crate::geometry::BoardIndex::new(view.board);
        let mut density = vec![0u64; index.len()];
        for (piece, list) in fleet_placements(view.board, view.fleet).into_iter().enumerate() {
            if sunk_pieces.contains(&piece) {
                continue;
            }
            for p in list {
                let cells: Vec<Coord> = p.cells.iter().map(|&i| index.coord(i)).collect();
                if cells.iter().any(|c| o.misses.contains(c) || sunk_cells.contains(c)) {
                    continue;
                }
                let through = cells.iter().filter(|c| open.contains(c)).count() as u32;
                let w = THROUGH_HIT.saturating_pow(through);
                for &i in &p.cells {
                    density[i as usize] = density[i as usize].saturating_add(w);
                }
            }
        }
        let mut unshot = view.worth_shooting();
        if unshot.is_empty() {
            unshot = view.unshot();
        }
        let best = unshot
            .iter()
            .map(|c| density[index.index_of(*c).expect("a board cell") as usize])
            .max()
            .ok_or_else(no_cell)?;
        let ties: Vec<Coord> = unshot
            .into_iter()
            .filter(|c| density[index.index_of(*c).expect("a board cell") as usize] == best)
            .collect();
        ties.choose(rng).copied().ok_or_else(no_cell)
    }
}

/// The exact posterior's players.
struct Exact<'a> {
    maps: &'a MapSource,
    information: bool,
}

impl Strategy for Exact<'_> {
    fn next_shot(&mut self, view: &View<'_>, rng: &mut ChaCha8Rng) -> Result<Coord, CountError> {
        let _ = rng;
        let map = self.maps.map(view.observations)?;
        pick(&map, view.observations, self.information).ok_or_else(no_cell)
    }
}

/// The cell an exact player fires at: the most likely (ties to the first in
/// the board's order), or the one whose hit probability is nearest ½.
pub fn pick(map: &Occupancy, obs: &Observations, information: bool) -> Option<Coord> {
    if !information {
        return map.best_shot(&obs.hits);
    }
    let total = map.total.max(1) as f64;
    map.cells
        .iter()
        .filter(|(c, _)| !obs.hits.contains(c))
        .map(|&(c, n)| {
            let p = n as f64 / total;
            ((p - 0.5).abs(), std::cmp::Reverse(n), c)
        })
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)))
        .map(|(_, _, c)| c)
}
