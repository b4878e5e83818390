//! Fleet realisations of a binary matrix: every way to cut its ones into the
//! fleet's ships (a run of ones may hold several ships end to end). An exact
//! cover in which both the ships and the one-cells are primary items.

use crate::cover::{Dlx, ExactCover};
use crate::geometry::BinaryMatrix;
use crate::geometry::{Board, Coord, Deployment, Fleet, PlacedShip, fleet_placements};
use crate::run::CancelFlag;
use std::ops::ControlFlow;

/// One way to read the matrix as the fleet.
pub type Realisation = Deployment;

fn problem(m: &BinaryMatrix, fleet: &Fleet) -> Option<(ExactCover, Vec<PlacedShip>)> {
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
    let mut options = Vec::new();
    let mut ships = Vec::new();
    for (piece, list) in fleet_placements(&board, fleet).into_iter().enumerate() {
        for p in list {
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

/// Up to `limit` realisations of `m` as `fleet` (straight or any-shaped pieces).
pub fn realisations(m: &BinaryMatrix, fleet: &Fleet, limit: usize) -> Vec<Realisation> {
    let Some((ec, ships)) = problem(m, fleet) else {
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

/// The number of realisations (ships labelled).
pub fn count_realisations(m: &BinaryMatrix, fleet: &Fleet) -> u128 {
    match problem(m, fleet) {
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
