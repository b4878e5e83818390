//! Ship-preserving subreflections (the tomography paper, Definitions 2.2–2.5): flip a block of
//! the matrix whose sums are palindromic, so that the X-ray is kept, and keep only
//! flips that carry whole ships along — a different fleet with the same X-ray.
//!
//! The paper writes the symmetry condition as "the column sums of Ã and J_pÃ agree",
//! which holds for every block; Proposition 2.3 needs the column sums of Ã read
//! left to right to equal them read right to left, and that is what is tested here.

use super::realisations;
use crate::cover::CountError;
use crate::geometry::BinaryMatrix;
use crate::geometry::TouchRule;
use crate::geometry::{Board, Coord, Deployment, Fleet, PlacedShip, fleet_placements};
use crate::run::CancelFlag;
use std::collections::{HashMap, HashSet};

/// Which way a block is flipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReflectionAxis {
    /// Left to right (the paper's horizontal subreflection; needs palindromic column sums).
    Horizontal,
    /// Up to down (vertical subreflection; needs palindromic row sums).
    Vertical,
}

/// A contiguous block of rows `top..top+rows` and columns `left..left+cols`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    pub top: usize,
    pub left: usize,
    pub rows: usize,
    pub cols: usize,
}

impl Block {
    pub fn contains(&self, r: usize, c: usize) -> bool {
        (self.top..self.top + self.rows).contains(&r) && (self.left..self.left + self.cols).contains(&c)
    }

    /// Where cell (r, c) of the block goes when the block is flipped.
    pub fn mirror(&self, r: usize, c: usize, axis: ReflectionAxis) -> (usize, usize) {
        match axis {
            ReflectionAxis::Horizontal => (r, 2 * self.left + self.cols - 1 - c),
            ReflectionAxis::Vertical => (2 * self.top + self.rows - 1 - r, c),
        }
    }
}

/// A subreflection that turns one fleet into another with the same X-ray.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subreflection {
    pub block: Block,
    pub axis: ReflectionAxis,
    /// The matrix after the flip.
    pub result: BinaryMatrix,
    /// The fleet after the flip (ships inside the block mirrored, the rest kept).
    pub fleet: Deployment,
}

/// The block's sums along the flip are palindromic, so the flip keeps the X-ray.
pub fn is_sum_symmetric(m: &BinaryMatrix, b: Block, axis: ReflectionAxis) -> bool {
    let sums: Vec<usize> = match axis {
        ReflectionAxis::Horizontal => (b.left..b.left + b.cols)
            .map(|c| (b.top..b.top + b.rows).filter(|&r| m.get(r, c)).count())
            .collect(),
        ReflectionAxis::Vertical => (b.top..b.top + b.rows)
            .map(|r| (b.left..b.left + b.cols).filter(|&c| m.get(r, c)).count())
            .collect(),
    };
    sums.iter().eq(sums.iter().rev())
}

/// `m` with the block flipped.
pub fn reflect(m: &BinaryMatrix, b: Block, axis: ReflectionAxis) -> BinaryMatrix {
    let mut out = m.clone();
    for r in b.top..b.top + b.rows {
        for c in b.left..b.left + b.cols {
            let (r2, c2) = b.mirror(r, c, axis);
            out.set(r2, c2, m.get(r, c));
        }
    }
    out
}

/// Every block of the matrix, smallest area first.
fn blocks(rows: usize, cols: usize) -> Vec<Block> {
    let mut out = Vec::new();
    for h in 1..=rows {
        for w in 1..=cols {
            for top in 0..=rows - h {
                for left in 0..=cols - w {
                    out.push(Block {
                        top,
                        left,
                        rows: h,
                        cols: w,
                    });
                }
            }
        }
    }
    out.sort_by_key(|b| (b.rows * b.cols, b.rows, b.top, b.left));
    out
}

/// Every distinct fleet matrix reachable from `m` by one subreflection that is
/// non-bisecting for one of its first `realisation_limit` fleet realisations. The
/// new fleet must still fit the board (islands) and the touch rule. Each result is
/// reported once, with the smallest block that gives it.
pub fn subreflections(
    board: &Board,
    fleet: &Fleet,
    m: &BinaryMatrix,
    rule: TouchRule,
    realisation_limit: usize,
    cancel: &CancelFlag,
) -> Result<Vec<Subreflection>, CountError> {
    let invalid = CountError::Invalid;
    let (rows, cols) = board
        .dims()
        .ok_or_else(|| invalid("subreflections need a square board".into()))?;
    if (rows as usize, cols as usize) != (m.rows(), m.cols()) {
        return Err(invalid(format!(
            "the matrix is {}×{} but the board is {rows}×{cols}",
            m.rows(),
            m.cols()
        )));
    }
    let reals = realisations(m, fleet, realisation_limit);
    let ship_cells: Vec<Vec<Vec<Coord>>> = reals
        .iter()
        .map(|d| d.ships.iter().map(|s| s.cells(fleet)).collect())
        .collect();
    let mut placement_of: HashMap<(usize, Vec<Coord>), PlacedShip> = HashMap::new();
    for list in fleet_placements(board, fleet) {
        for p in list {
            let ship = PlacedShip {
                piece: p.piece,
                rotation: p.rotation,
                mirrored: p.mirrored,
                anchor: p.anchor,
            };
            let mut cells = ship.cells(fleet);
            cells.sort();
            placement_of.entry((p.piece, cells)).or_insert(ship);
        }
    }
    let mut seen: HashSet<BinaryMatrix> = HashSet::from([m.clone()]);
    let mut out = Vec::new();
    for (n, b) in blocks(m.rows(), m.cols()).into_iter().enumerate() {
        if n % 1024 == 0 {
            cancel.check()?;
        }
        for axis in [ReflectionAxis::Horizontal, ReflectionAxis::Vertical] {
            if !is_sum_symmetric(m, b, axis) {
                continue;
            }
            let result = reflect(m, b, axis);
            if seen.contains(&result) {
                continue;
            }
            let found = reals.iter().zip(&ship_cells).find_map(|(real, cells)| {
                reflect_fleet(real, cells, b, axis, &placement_of)
                    .filter(|d| rule == TouchRule::MayTouch || d.ships_apart(fleet))
            });
            if let Some(fleet_after) = found {
                seen.insert(result.clone());
                out.push(Subreflection {
                    block: b,
                    axis,
                    result,
                    fleet: fleet_after,
                });
            }
        }
    }
    Ok(out)
}

/// The realisation with every ship inside the block mirrored; `None` if the block
/// cuts a ship or a mirrored ship has no placement on the board.
fn reflect_fleet(
    real: &Deployment,
    cells: &[Vec<Coord>],
    b: Block,
    axis: ReflectionAxis,
    placement_of: &HashMap<(usize, Vec<Coord>), PlacedShip>,
) -> Option<Deployment> {
    let mut out = Deployment::default();
    let mut moved = false;
    for (ship, cells) in real.ships.iter().zip(cells) {
        let inside = cells.iter().filter(|c| b.contains(c.0 as usize, c.1 as usize)).count();
        if inside == 0 {
            out.place(*ship);
            continue;
        }
        if inside < cells.len() {
            return None;
        }
        let mut mirrored: Vec<Coord> = cells
            .iter()
            .map(|c| {
                let (r, c) = b.mirror(c.0 as usize, c.1 as usize, axis);
                Coord(r as i32, c as i32)
            })
            .collect();
        mirrored.sort();
        out.place(*placement_of.get(&(ship.piece, mirrored))?);
        moved = true;
    }
    moved.then_some(out)
}
