//! A fleet on a board as a generalised exact-cover instance ("Analysis of (hexagonal) Battleship"'s
//! formulation): one primary item per piece, one secondary item per cell; hits
//! are extra primary items, misses are removed cells; under the no-touch rule a
//! placement also gives its halo cells the shared colour "halo" (Algorithm C).

use super::dlx::{ExactCover, OptionItems};
use crate::geometry::{Board, BoardIndex, Fleet, Observations, Placement, TouchRule, fleet_placements};
use std::collections::BTreeSet;

/// The instance with the placements behind its options.
#[derive(Clone, Debug)]
pub struct FleetCover {
    /// The board with misses turned into islands.
    pub board: Board,
    pub index: BoardIndex,
    /// Placements per piece that survive the observations and rule.
    pub placements: Vec<Vec<Placement>>,
    /// Halo (touching playable cells outside the piece) of each placement, per piece.
    pub halos: Vec<Vec<Vec<u32>>>,
    /// Hit cells as playable-cell indices.
    pub hits: Vec<u32>,
    pub rule: TouchRule,
}

impl FleetCover {
    pub fn new(board: &Board, fleet: &Fleet, rule: TouchRule, obs: &Observations) -> Result<FleetCover, String> {
        board.validate().map_err(|e| e.to_string())?;
        fleet.validate(board.lattice()).map_err(|e| e.to_string())?;
        if let Some(c) = obs.hits.iter().find(|c| obs.misses.contains(c)) {
            return Err(format!("cell {c} is marked both hit and miss"));
        }
        if let Some(c) = obs.hits.iter().chain(&obs.misses).find(|c| !board.is_playable(**c)) {
            return Err(format!("observed cell {c} is not a playable cell of the board"));
        }
        let mut board = board.clone();
        board.islands.extend(obs.misses.iter().copied());
        let index = BoardIndex::new(&board);
        let hits: Vec<u32> = obs.hits.iter().filter_map(|c| index.index_of(*c)).collect();
        // A sunk ship's piece has exactly one placement left: where it sank.
        let mut sunk: Vec<Option<BTreeSet<u32>>> = vec![None; fleet.pieces.len()];
        for s in &obs.sunk {
            let name = fleet.pieces.get(s.piece).map(|p| p.name.as_str()).ok_or_else(|| {
                format!(
                    "a sunk ship refers to piece {}, but the fleet has {}",
                    s.piece,
                    fleet.pieces.len()
                )
            })?;
            if sunk[s.piece].is_some() {
                return Err(format!("the {name} is marked sunk twice"));
            }
            let cells: Option<BTreeSet<u32>> = s.cells(fleet).iter().map(|c| index.index_of(*c)).collect();
            let cells = cells.ok_or_else(|| format!("the sunk {name} lies off the playable cells"))?;
            sunk[s.piece] = Some(cells);
        }
        let mut placements = Vec::new();
        let mut halos = Vec::new();
        for (piece, list) in fleet_placements(&board, fleet).into_iter().enumerate() {
            let mut kept = Vec::new();
            let mut kept_halos = Vec::new();
            for p in list {
                if let Some(cells) = &sunk[piece]
                    && !(p.cells.len() == cells.len() && p.cells.iter().all(|c| cells.contains(c)))
                {
                    continue;
                }
                let halo: Vec<u32> = match rule {
                    TouchRule::MayTouch => Vec::new(),
                    TouchRule::NoTouch => p.halo(&index, fleet.lattice),
                };
                // A hit next to this ship would need another ship touching it.
                if halo.iter().any(|j| hits.contains(j)) {
                    continue;
                }
                // Where sinkings are announced, a ship not announced sunk has a cell not hit yet.
                if obs.sinkings_announced && sunk[piece].is_none() && p.cells.iter().all(|c| hits.contains(c)) {
                    continue;
                }
                kept.push(p);
                kept_halos.push(halo);
            }
            placements.push(kept);
            halos.push(kept_halos);
        }
        Ok(FleetCover {
            board,
            index,
            placements,
            halos,
            hits,
            rule,
        })
    }

    /// The exact-cover instance; option `k` is `self.option_placement(k)`.
    pub fn exact_cover(&self) -> ExactCover {
        let n_pieces = self.placements.len();
        let n_hits = self.hits.len();
        // Item numbering: pieces, hits, then every playable cell that is not a hit.
        let mut cell_item = vec![u32::MAX; self.index.len()];
        let mut next = (n_pieces + n_hits) as u32;
        for (i, slot) in cell_item.iter_mut().enumerate() {
            if let Some(h) = self.hits.iter().position(|&x| x == i as u32) {
                *slot = (n_pieces + h) as u32;
            } else {
                *slot = next;
                next += 1;
            }
        }
        let mut options = Vec::new();
        for (piece, list) in self.placements.iter().enumerate() {
            for (k, p) in list.iter().enumerate() {
                let mut items: OptionItems = vec![(piece as u32, 0)];
                items.extend(p.cells.iter().map(|&c| (cell_item[c as usize], 0)));
                items.extend(self.halos[piece][k].iter().map(|&c| (cell_item[c as usize], 1)));
                options.push(items);
            }
        }
        ExactCover {
            n_primary: n_pieces + n_hits,
            n_secondary: next as usize - n_pieces - n_hits,
            options,
        }
    }

    /// (piece, placement index) of option `k` of [`FleetCover::exact_cover`].
    pub fn option_placement(&self, mut k: usize) -> (usize, usize) {
        for (piece, list) in self.placements.iter().enumerate() {
            if k < list.len() {
                return (piece, k);
            }
            k -= list.len();
        }
        panic!("option index out of range")
    }

    /// Placements per piece (after observations and rule).
    pub fn placement_counts(&self) -> Vec<usize> {
        self.placements.iter().map(Vec::len).collect()
    }
}
