//! - *exact, most likely*: the exact posterior over whole deployments (the
//!   occupancy map given every shot, sinkings included); the cell most
//!   deployments cover.
//! - *exact, information*: the same posterior; the cell whose answer is most
//!   uncertain (hit probability nearest ½: the largest expected information
//!   from its hit or miss), ties to the most likely.

use crate::cover::{CountError, Occupancy};
use crate::geometry::{Coord, Observations};
use crate::hunting::maps::MapSource;
use crate::hunting::strategy::{Strategy, StrategyInfo, View, no_cell};
use rand_chacha::ChaCha8Rng;

pub const LIKELY: StrategyInfo = StrategyInfo {
    key: "exact",
    title: "exact, most likely cell",
    help: "The exact posterior over whole deployments (sinkings included): the cell most deployments cover",
    exact: true,
    new: |maps| {
        Box::new(Exact {
            maps,
            information: false,
        })
    },
};

pub const INFORMATION: StrategyInfo = StrategyInfo {
    key: "information",
    title: "exact, most information",
    help: "The exact posterior: the cell whose answer is most uncertain (hit chance nearest ½)",
    exact: true,
    new: |maps| {
        Box::new(Exact {
            maps,
            information: true,
        })
    },
};

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
