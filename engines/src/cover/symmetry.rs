//! Symmetries of a counting problem, found automatically: lattice isometries that
//! map the board, its islands, the hits and every piece's placements onto
//! themselves. Counters use them to place the first ship once per orbit.

use super::FleetCover;
use crate::geometry::{Coord, Lattice};
use std::collections::{BTreeSet, HashMap, HashSet};

/// A symmetry as a permutation of playable-cell indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    pub cell_map: Vec<u32>,
}

fn linear(lattice: Lattice, c: Coord, mirrored: bool, rotation: u8) -> Coord {
    lattice.rotate_by(if mirrored { lattice.mirror(c) } else { c }, rotation)
}

/// Every symmetry of the problem, the identity first.
pub fn board_symmetries(cover: &FleetCover) -> Vec<Symmetry> {
    let board = &cover.board;
    let lattice = board.lattice();
    let all: BTreeSet<Coord> = board.cells().into_iter().collect();
    let Some(&min) = all.iter().next() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for mirrored in [false, true] {
        for rotation in 0..lattice.rotation_count() {
            let img: BTreeSet<Coord> = all.iter().map(|&c| linear(lattice, c, mirrored, rotation)).collect();
            let shift = min - *img.iter().next().unwrap();
            let map = |c: Coord| linear(lattice, c, mirrored, rotation) + shift;
            if all.iter().any(|&c| !all.contains(&map(c)))
                || board.islands.iter().any(|&c| !board.islands.contains(&map(c)))
            {
                continue;
            }
            let cell_map: Vec<u32> = cover
                .index
                .cells()
                .iter()
                .map(|&c| cover.index.index_of(map(c)).expect("playable maps to playable"))
                .collect();
            let hits: HashSet<u32> = cover.hits.iter().copied().collect();
            if cover.hits.iter().any(|h| !hits.contains(&cell_map[*h as usize])) {
                continue;
            }
            let keeps_placements = cover.placements.iter().all(|list| {
                let set: HashSet<Vec<u32>> = list.iter().map(|p| p.cells.clone()).collect();
                list.iter().all(|p| {
                    let mut img: Vec<u32> = p.cells.iter().map(|&c| cell_map[c as usize]).collect();
                    img.sort_unstable();
                    set.contains(&img)
                })
            });
            if keeps_placements {
                out.push(Symmetry { cell_map });
            }
        }
    }
    out
}

/// Orbits of a list of cell sets under the symmetries: (representative, orbit size).
pub fn orbit_representatives(cells: &[Vec<u32>], syms: &[Symmetry]) -> Vec<(usize, u64)> {
    let index: HashMap<&Vec<u32>, usize> = cells.iter().enumerate().map(|(i, c)| (c, i)).collect();
    let mut seen = vec![false; cells.len()];
    let mut reps = Vec::new();
    for i in 0..cells.len() {
        if seen[i] {
            continue;
        }
        let mut orbit = BTreeSet::new();
        for s in syms {
            let mut img: Vec<u32> = cells[i].iter().map(|&c| s.cell_map[c as usize]).collect();
            img.sort_unstable();
            if let Some(&j) = index.get(&img) {
                orbit.insert(j);
            }
        }
        for &j in &orbit {
            seen[j] = true;
        }
        reps.push((i, orbit.len() as u64));
    }
    reps
}
