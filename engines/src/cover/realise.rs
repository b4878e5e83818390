//! Fleet realisations of a binary matrix: every way to cut its ones into the
//! fleet's ships (a run of ones may hold several ships end to end). An exact
//! cover in which both the ships and the one-cells are primary items. Under the
//! no-touch rule a ship must be a whole group of touching ones (ones that touch
//! belong to one ship), so only placements that fill a group are options.

use crate::cover::{Dlx, ExactCover};
use crate::geometry::BinaryMatrix;
use crate::geometry::{Board, Coord, Deployment, Fleet, PlacedShip, TouchRule, fleet_placements};
use crate::run::CancelFlag;
use std::ops::ControlFlow;

/// One way to read the matrix as the fleet.
pub type Realisation = Deployment;

/// For each cell of `m`, the size of its group of touching ones (0 for zeros).
fn group_sizes(m: &BinaryMatrix, fleet: &Fleet) -> Vec<usize> {
    let (rows, cols) = (m.rows(), m.cols());
    let mut size = vec![0usize; rows * cols];
    let mut group = vec![usize::MAX; rows * cols];
    let mut sizes = Vec::new();
    for start in 0..rows * cols {
        if !m.get(start / cols, start % cols) || group[start] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let mut stack = vec![start];
        group[start] = id;
        let mut n = 0;
        while let Some(i) = stack.pop() {
            n += 1;
            let at = Coord((i / cols) as i32, (i % cols) as i32);
            for step in fleet.lattice.touching() {
                let c = at + step;
                if c.0 < 0 || c.1 < 0 || c.0 as usize >= rows || c.1 as usize >= cols {
                    continue;
                }
                let j = c.0 as usize * cols + c.1 as usize;
                if m.get(c.0 as usize, c.1 as usize) && group[j] == usize::MAX {
                    group[j] = id;
                    stack.push(j);
                }
            }
        }
        sizes.push(n);
    }
    for i in 0..rows * cols {
        if group[i] != usize::MAX {
            size[i] = sizes[group[i]];
        }
    }
    size
}

fn problem(m: &BinaryMatrix, fleet: &Fleet, rule: TouchRule) -> Option<(ExactCover, Vec<PlacedShip>)> {
    if m.ones() != fleet.total_cells() || fleet.lattice != crate::geometry::Lattice::Square {
        return None;
    }
    let mut board = Board::square("matrix", m.rows() as u32, m.cols() as u32);
    for r in 0..m.rows() {
        for c in 0..m.cols() {
            if !m.get(r, c) {
                board.islands.insert(Coord(r as i32, c as i32));
            }
        }
    }
    let n_pieces = fleet.pieces.len();
    let groups = (rule == TouchRule::NoTouch).then(|| group_sizes(m, fleet));
    let index = crate::geometry::BoardIndex::new(&board);
    let mut options = Vec::new();
    let mut ships = Vec::new();
    for (piece, list) in fleet_placements(&board, fleet).into_iter().enumerate() {
        for p in list {
            if let Some(sizes) = &groups {
                let c = index.coord(p.cells[0]);
                if sizes[c.0 as usize * m.cols() + c.1 as usize] != p.cells.len() {
                    continue;
                }
            }
            let mut items = vec![(piece as u32, 0)];
            items.extend(p.cells.iter().map(|&c| (n_pieces as u32 + c, 0)));
            options.push(items);
            ships.push(PlacedShip {
                piece,
                rotation: p.rotation,
                mirrored: p.mirrored,
                anchor: p.anchor,
            });
        }
    }
    Some((
        ExactCover {
            n_primary: n_pieces + m.ones(),
            n_secondary: 0,
            options,
        },
        ships,
    ))
}

/// Up to `limit` realisations of `m` as `fleet` (straight or any-shaped pieces)
/// with ships that may touch.
pub fn realisations(m: &BinaryMatrix, fleet: &Fleet, limit: usize) -> Vec<Realisation> {
    realisations_under(m, fleet, TouchRule::MayTouch, limit)
}

/// One realisation of `m` as `fleet` whose ships keep `rule`, if any.
pub fn realisation(m: &BinaryMatrix, fleet: &Fleet, rule: TouchRule) -> Option<Realisation> {
    realisations_under(m, fleet, rule, 1).pop()
}

/// Up to `limit` realisations of `m` as `fleet` whose ships keep `rule`.
pub fn realisations_under(m: &BinaryMatrix, fleet: &Fleet, rule: TouchRule, limit: usize) -> Vec<Realisation> {
    let Some((ec, ships)) = problem(m, fleet, rule) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut dlx = Dlx::new(&ec);
    let _flow = dlx.enumerate(&CancelFlag::new(), &mut |opts| {
        let mut d = Deployment::default();
        for &o in opts {
            d.place(ships[o]);
        }
        out.push(d);
        if out.len() >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    out
}

/// The number of realisations (ships labelled, ships may touch).
pub fn count_realisations(m: &BinaryMatrix, fleet: &Fleet) -> u128 {
    match problem(m, fleet, TouchRule::MayTouch) {
        Some((ec, _)) => Dlx::new(&ec).count(&CancelFlag::new()).unwrap_or(0),
        None => 0,
    }
}

/// One-cells that no ship of the fleet can cover while staying on ones: no
/// realisation can explain them (shown in red in the Tomography room).
pub fn unexplained_cells(m: &BinaryMatrix, fleet: &Fleet) -> Vec<(usize, usize)> {
    let mut board = Board::square("matrix", m.rows() as u32, m.cols() as u32);
    for r in 0..m.rows() {
        for c in 0..m.cols() {
            if !m.get(r, c) {
                board.islands.insert(Coord(r as i32, c as i32));
            }
        }
    }
    let mut covered = vec![false; m.rows() * m.cols()];
    if fleet.lattice == crate::geometry::Lattice::Square {
        let index = crate::geometry::BoardIndex::new(&board);
        for list in fleet_placements(&board, fleet) {
            for p in list {
                for &i in &p.cells {
                    let c = index.cells()[i as usize];
                    covered[c.0 as usize * m.cols() + c.1 as usize] = true;
                }
            }
        }
    }
    m.one_cells()
        .into_iter()
        .filter(|&(r, c)| !covered[r * m.cols() + c])
        .collect()
}
