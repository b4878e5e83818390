use super::{Coord, GeometryError, Lattice};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Largest side of a square board.
pub const MAX_SQUARE_SIDE: u32 = 64;

/// Most cells a hex board may have (a hexagon of radius 57).
pub const MAX_HEX_CELLS: usize = 10_000;
/// Hex cells must lie within this many steps of each other on either axis.
pub const MAX_HEX_SPAN: usize = 128;

/// The cells a board is made of, before islands are taken away.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum BoardShape {
    /// An m×n rectangle of the square lattice; cells `(row, col)`.
    Square { rows: u32, cols: u32 },
    /// Any set of hexagonal cells in cube coordinates `(x, y)`.
    Hex { cells: BTreeSet<Coord> },
}

/// A board: a shape and its islands (cells where nothing may be placed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    pub name: String,
    pub shape: BoardShape,
    #[serde(default)]
    pub islands: BTreeSet<Coord>,
}

impl Board {
    pub fn square(name: &str, rows: u32, cols: u32) -> Board {
        Board {
            name: name.into(),
            shape: BoardShape::Square { rows, cols },
            islands: BTreeSet::new(),
        }
    }

    /// A regular hexagon of the given radius (radius 0 is one cell).
    pub fn hexagon(name: &str, radius: i32) -> Board {
        let mut cells = BTreeSet::new();
        for x in -radius..=radius {
            for y in -radius..=radius {
                if (x + y).abs() <= radius {
                    cells.insert(Coord(x, y));
                }
            }
        }
        Board {
            name: name.into(),
            shape: BoardShape::Hex { cells },
            islands: BTreeSet::new(),
        }
    }

    pub fn lattice(&self) -> Lattice {
        match self.shape {
            BoardShape::Square { .. } => Lattice::Square,
            BoardShape::Hex { .. } => Lattice::Hex,
        }
    }

    /// `(rows, cols)` of a square board.
    pub fn dims(&self) -> Option<(u32, u32)> {
        match self.shape {
            BoardShape::Square { rows, cols } => Some((rows, cols)),
            BoardShape::Hex { .. } => None,
        }
    }

    /// Whether `c` is a cell of the board (islands included).
    pub fn contains(&self, c: Coord) -> bool {
        match &self.shape {
            BoardShape::Square { rows, cols } => c.0 >= 0 && c.1 >= 0 && (c.0 as u32) < *rows && (c.1 as u32) < *cols,
            BoardShape::Hex { cells } => cells.contains(&c),
        }
    }

    pub fn is_island(&self, c: Coord) -> bool {
        self.islands.contains(&c)
    }

    /// A cell where a ship may go.
    pub fn is_playable(&self, c: Coord) -> bool {
        self.contains(c) && !self.is_island(c)
    }

    /// Every cell, islands included, in a fixed order (row-major for square boards).
    pub fn cells(&self) -> Vec<Coord> {
        match &self.shape {
            BoardShape::Square { rows, cols } => (0..*rows as i32)
                .flat_map(|r| (0..*cols as i32).map(move |c| Coord(r, c)))
                .collect(),
            BoardShape::Hex { cells } => cells.iter().copied().collect(),
        }
    }

    /// Cells where ships may go, in the order of [`Board::cells`].
    pub fn playable_cells(&self) -> Vec<Coord> {
        self.cells().into_iter().filter(|c| !self.is_island(*c)).collect()
    }

    /// Checks sizes and that every island is on the board.
    pub fn validate(&self) -> Result<(), GeometryError> {
        match &self.shape {
            BoardShape::Square { rows, cols } => {
                let ok = |s: &u32| (1..=MAX_SQUARE_SIDE).contains(s);
                if !ok(rows) || !ok(cols) {
                    return Err(GeometryError::BoardSize {
                        rows: *rows,
                        cols: *cols,
                        max: MAX_SQUARE_SIDE,
                    });
                }
            }
            BoardShape::Hex { cells } => {
                if cells.is_empty() {
                    return Err(GeometryError::EmptyBoard);
                }
                if cells.len() > MAX_HEX_CELLS {
                    return Err(GeometryError::TooMany {
                        what: "hex cells",
                        count: cells.len(),
                        max: MAX_HEX_CELLS,
                    });
                }
                if let Some(c) = cells.iter().find(|c| !c.in_range()) {
                    return Err(GeometryError::CoordOutOfRange {
                        cell: *c,
                        max: super::coord::MAX_COORD,
                    });
                }
                // Cells spread far apart make every picture of the board huge.
                let span = |f: fn(&Coord) -> i32| {
                    let (lo, hi) = (
                        cells.iter().map(f).min().unwrap_or(0),
                        cells.iter().map(f).max().unwrap_or(0),
                    );
                    (hi - lo) as usize
                };
                let (sx, sy) = (span(|c| c.0), span(|c| c.1));
                if sx > MAX_HEX_SPAN || sy > MAX_HEX_SPAN {
                    return Err(GeometryError::TooMany {
                        what: "the extent of the hex cells (in cells)",
                        count: sx.max(sy),
                        max: MAX_HEX_SPAN,
                    });
                }
            }
        }
        match self.islands.iter().find(|c| !self.contains(**c)) {
            Some(c) => Err(GeometryError::IslandOffBoard(*c)),
            None => Ok(()),
        }
    }

    /// Resizes a square board, dropping islands that fall outside. No-op on hex boards.
    pub fn resize(&mut self, new_rows: u32, new_cols: u32) {
        if let BoardShape::Square { rows, cols } = &mut self.shape {
            *rows = new_rows.clamp(1, MAX_SQUARE_SIDE);
            *cols = new_cols.clamp(1, MAX_SQUARE_SIDE);
            self.name = format!("{rows}×{cols}");
        }
        let kept: BTreeSet<Coord> = self.islands.iter().copied().filter(|c| self.contains(*c)).collect();
        self.islands = kept;
    }

    /// Turns a playable cell into an island and back.
    pub fn toggle_island(&mut self, c: Coord) {
        if !self.contains(c) {
            return;
        }
        if !self.islands.remove(&c) {
            self.islands.insert(c);
        }
    }

    /// Adds a cell to (or, when present, removes it from) a hex board.
    pub fn toggle_hex_cell(&mut self, c: Coord) {
        if let BoardShape::Hex { cells } = &mut self.shape {
            if !cells.remove(&c) {
                cells.insert(c);
            } else {
                self.islands.remove(&c);
            }
        }
    }

    /// Hex cells that touch the board but are not on it: where a cell can be added.
    pub fn hex_frontier(&self) -> Vec<Coord> {
        let BoardShape::Hex { cells } = &self.shape else {
            return Vec::new();
        };
        let mut out = BTreeSet::new();
        for c in cells {
            for s in Lattice::Hex.steps() {
                let n = *c + *s;
                if !cells.contains(&n) {
                    out.insert(n);
                }
            }
        }
        out.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexagon_has_centred_hexagonal_number_of_cells() {
        for r in 0..6 {
            assert_eq!(Board::hexagon("h", r).cells().len() as i32, 1 + 3 * r * (r + 1));
        }
    }

    #[test]
    fn resize_drops_islands_outside() {
        let mut b = Board::square("b", 5, 5);
        b.toggle_island(Coord(4, 4));
        b.toggle_island(Coord(1, 1));
        b.resize(3, 3);
        assert_eq!(b.islands.iter().copied().collect::<Vec<_>>(), vec![Coord(1, 1)]);
        assert!(b.validate().is_ok());
    }

    #[test]
    fn bad_sizes_are_reported() {
        let b = Board::square("b", 0, 65);
        assert!(matches!(b.validate(), Err(GeometryError::BoardSize { .. })));
    }
}
