use serde::{Deserialize, Serialize};

/// A cell of a lattice.
///
/// Square lattice: `(row, col)`, row 0 at the top.
/// Hexagonal lattice: cube coordinates `(x, y)` with the implied `z = -x - y`
/// (the convention of the hex seed: the board's centre is the origin).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default)]
pub struct Coord(pub i32, pub i32);

impl Coord {
    /// The third cube coordinate of a hex cell.
    pub fn z(self) -> i32 {
        -self.0 - self.1
    }
}

impl std::ops::Add for Coord {
    type Output = Coord;
    fn add(self, o: Coord) -> Coord {
        Coord(self.0 + o.0, self.1 + o.1)
    }
}

impl std::ops::Sub for Coord {
    type Output = Coord;
    fn sub(self, o: Coord) -> Coord {
        Coord(self.0 - o.0, self.1 - o.1)
    }
}

impl std::fmt::Display for Coord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.0, self.1)
    }
}

/// Coordinates in files must lie within ±this (far beyond any board, and far
/// from the ends of i32, so sums of coordinates never wrap).
pub const MAX_COORD: i32 = 1 << 12;

impl Coord {
    /// Within ±[`MAX_COORD`] on both axes.
    pub fn in_range(self) -> bool {
        self.0.abs() <= MAX_COORD && self.1.abs() <= MAX_COORD
    }
}
