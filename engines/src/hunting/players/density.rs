//! *per-ship density*: DataGenetics' "probability density" player: every
//! ship not sunk is laid in every place it still fits (over no miss and no
//! sunk ship, nor, under the no-touch rule, beside one), each ship separately,
//! places through unexplained hits weighted heavily; the cell covered most wins.

use crate::cover::CountError;
use crate::geometry::{Coord, fleet_placements};
use crate::hunting::strategy::{Strategy, StrategyInfo, View, no_cell};
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

pub const DENSITY: StrategyInfo = StrategyInfo {
    key: "density",
    title: "per-ship density",
    help: "DataGenetics' player: each ship laid everywhere it still fits, separately; places through open hits \
           weigh more; the cell covered most",
    exact: false,
    new: |_| Box::new(ShipDensity),
};

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
