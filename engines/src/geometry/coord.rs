use serde::{Deserialize, Serialize};

/// A cell of a lattice.
///
/// Square lattice: `(row, col)`, row 0 at the top.
/// Hexagonal lattice: cube coordinates `(x, y)` with the implied `z = -x - y`
/// (the convention of "Analysis of (hexagonal) Battleship": the board's centre
/// is the origin).
///
/// Reading one from a file checks [`Coord::in_range`], so a coordinate out of
/// range is reported with its line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default)]
#[serde(try_from = "(i32, i32)")]
pub struct Coord(pub i32, pub i32);

impl TryFrom<(i32, i32)> for Coord {
    type Error = String;
    fn try_from((a, b): (i32, i32)) -> Result<Coord, String> {
        let c = Coord(a, b);
        if c.in_range() {
            Ok(c)
        } else {
            Err(format!(
                "cell ({a}, {b}) is out of range: coordinates must lie within ±{MAX_COORD}"
            ))
        }
    }
}

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
        self.0.unsigned_abs() <= MAX_COORD as u32 && self.1.unsigned_abs() <= MAX_COORD as u32
    }
}
