use super::{Coord, GeometryError, Lattice};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashSet};

/// A named ship shape: any connected set of cells of one lattice.
/// Most cells a piece may have.
pub const MAX_PIECE_CELLS: usize = 256;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    pub name: String,
    pub cells: Vec<Coord>,
    /// Which of the app's ship colours this piece wears, so that it keeps its
    /// colour when pieces are reordered or removed (none: its place in the fleet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<u16>,
}

/// One distinct image of a piece under rotation (and mirroring, when allowed).
///
/// `cells` are sorted and translated so that the first cell is the origin; this
/// canonical form makes two images equal exactly when they coincide after a shift.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Orientation {
    pub rotation: u8,
    pub mirrored: bool,
    pub cells: Vec<Coord>,
}

/// Sorts cells and shifts them so that the smallest one sits at the origin.
pub fn normalize(mut cells: Vec<Coord>) -> Vec<Coord> {
    cells.sort();
    if let Some(&first) = cells.first() {
        for c in &mut cells {
            *c = *c - first;
        }
    }
    cells
}

impl Piece {
    pub fn new(name: &str, cells: Vec<Coord>) -> Piece {
        Piece {
            name: name.into(),
            cells,
            colour: None,
        }
    }

    /// A straight ship of `len` cells along the lattice's first axis.
    pub fn straight(name: &str, len: usize, lattice: Lattice) -> Piece {
        let cells = (0..len as i32)
            .map(|i| match lattice {
                Lattice::Square => Coord(0, i),
                Lattice::Hex => Coord(i, 0),
            })
            .collect();
        Piece::new(name, cells)
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The piece's cells after mirroring (optional) and `rotation` steps, in canonical form.
    pub fn transformed(&self, lattice: Lattice, rotation: u8, mirrored: bool) -> Vec<Coord> {
        let cells = self
            .cells
            .iter()
            .map(|&c| {
                let c = if mirrored { lattice.mirror(c) } else { c };
                lattice.rotate_by(c, rotation)
            })
            .collect();
        normalize(cells)
    }

    /// Where cell `i` of the piece lands inside [`Piece::transformed`]'s canonical form.
    pub fn oriented_cell(&self, lattice: Lattice, rotation: u8, mirrored: bool, i: usize) -> Coord {
        let t = |c: Coord| lattice.rotate_by(if mirrored { lattice.mirror(c) } else { c }, rotation);
        let min = self.cells.iter().map(|&c| t(c)).min().unwrap_or_default();
        t(self.cells[i]) - min
    }

    /// The distinct orientations, in order of (mirrored, rotation); duplicates removed,
    /// so a straight ship on the square lattice has 2, not 4.
    pub fn orientations(&self, lattice: Lattice, allow_mirror: bool) -> Vec<Orientation> {
        let mut seen: HashSet<Vec<Coord>> = HashSet::new();
        let mut out = Vec::new();
        let mirrors: &[bool] = if allow_mirror { &[false, true] } else { &[false] };
        for &mirrored in mirrors {
            for rotation in 0..lattice.rotation_count() {
                let cells = self.transformed(lattice, rotation, mirrored);
                if seen.insert(cells.clone()) {
                    out.push(Orientation {
                        rotation,
                        mirrored,
                        cells,
                    });
                }
            }
        }
        out
    }

    /// Non-empty, no repeated cell, connected through shared edges.
    pub fn validate(&self, lattice: Lattice) -> Result<(), GeometryError> {
        if self.cells.is_empty() {
            return Err(GeometryError::EmptyPiece(self.name.clone()));
        }
        if self.cells.len() > MAX_PIECE_CELLS {
            return Err(GeometryError::TooMany {
                what: "cells in a piece",
                count: self.cells.len(),
                max: MAX_PIECE_CELLS,
            });
        }
        if let Some(c) = self.cells.iter().find(|c| !c.in_range()) {
            return Err(GeometryError::CoordOutOfRange {
                cell: *c,
                max: super::coord::MAX_COORD,
            });
        }
        let mut set = BTreeSet::new();
        for &c in &self.cells {
            if !set.insert(c) {
                return Err(GeometryError::DuplicateCell {
                    name: self.name.clone(),
                    cell: c,
                });
            }
        }
        let mut reached = BTreeSet::from([self.cells[0]]);
        let mut stack = vec![self.cells[0]];
        while let Some(c) = stack.pop() {
            for s in lattice.steps() {
                let n = c + *s;
                if set.contains(&n) && reached.insert(n) {
                    stack.push(n);
                }
            }
        }
        if reached.len() != set.len() {
            return Err(GeometryError::DisconnectedPiece(self.name.clone()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn straight_square_ship_has_two_orientations() {
        let p = Piece::straight("s", 4, Lattice::Square);
        assert_eq!(p.orientations(Lattice::Square, false).len(), 2);
        assert_eq!(p.orientations(Lattice::Square, true).len(), 2);
        assert_eq!(
            Piece::straight("one", 1, Lattice::Square)
                .orientations(Lattice::Square, true)
                .len(),
            1
        );
    }

    #[test]
    fn l_tetromino_has_eight_with_mirrors() {
        let l = Piece::new("L", vec![Coord(0, 0), Coord(1, 0), Coord(2, 0), Coord(2, 1)]);
        assert_eq!(l.orientations(Lattice::Square, false).len(), 4);
        assert_eq!(l.orientations(Lattice::Square, true).len(), 8);
    }

    #[test]
    fn disconnected_and_duplicate_cells_are_rejected() {
        let p = Piece::new("gap", vec![Coord(0, 0), Coord(0, 2)]);
        assert_eq!(
            p.validate(Lattice::Square),
            Err(GeometryError::DisconnectedPiece("gap".into()))
        );
        // On the hex lattice (0,0) and (1,-1) are neighbours, on the square lattice they are not.
        let d = Piece::new("diag", vec![Coord(0, 0), Coord(1, -1)]);
        assert!(d.validate(Lattice::Hex).is_ok());
        assert!(d.validate(Lattice::Square).is_err());
        let twice = Piece::new("twice", vec![Coord(0, 0), Coord(0, 0)]);
        assert!(matches!(
            twice.validate(Lattice::Square),
            Err(GeometryError::DuplicateCell { .. })
        ));
    }
}
