use super::Coord;
use serde::{Deserialize, Serialize};

/// The two lattices a board can live on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lattice {
    Square,
    Hex,
}

const SQUARE_STEPS: [Coord; 4] = [Coord(-1, 0), Coord(0, 1), Coord(1, 0), Coord(0, -1)];
const SQUARE_DIAGONALS: [Coord; 4] = [Coord(-1, -1), Coord(-1, 1), Coord(1, -1), Coord(1, 1)];
const HEX_STEPS: [Coord; 6] = [
    Coord(1, -1),
    Coord(1, 0),
    Coord(0, 1),
    Coord(-1, 1),
    Coord(-1, 0),
    Coord(0, -1),
];

impl Lattice {
    /// Number of rotations in the lattice's rotation group (4 or 6).
    pub fn rotation_count(self) -> u8 {
        match self {
            Lattice::Square => 4,
            Lattice::Hex => 6,
        }
    }

    /// One rotation step: 90° on the square lattice; 60° on the hex lattice,
    /// `(x, y, z) -> (-y, -z, -x)` as in "Analysis of (hexagonal) Battleship".
    pub fn rotate(self, c: Coord) -> Coord {
        match self {
            Lattice::Square => Coord(c.1, -c.0),
            Lattice::Hex => Coord(-c.1, -c.z()),
        }
    }

    /// `steps` rotation steps.
    pub fn rotate_by(self, mut c: Coord, steps: u8) -> Coord {
        for _ in 0..steps % self.rotation_count() {
            c = self.rotate(c);
        }
        c
    }

    /// A reflection: columns reversed on the square lattice, `x <-> y` on the hex lattice.
    pub fn mirror(self, c: Coord) -> Coord {
        match self {
            Lattice::Square => Coord(c.0, -c.1),
            Lattice::Hex => Coord(c.1, c.0),
        }
    }

    /// Edge-sharing neighbour offsets (4 or 6); they define connectivity of pieces.
    pub fn steps(self) -> &'static [Coord] {
        match self {
            Lattice::Square => &SQUARE_STEPS,
            Lattice::Hex => &HEX_STEPS,
        }
    }

    /// Offsets of every cell that touches a cell, corners included (8 or 6).
    pub fn touching(self) -> Vec<Coord> {
        match self {
            Lattice::Square => SQUARE_STEPS.iter().chain(&SQUARE_DIAGONALS).copied().collect(),
            Lattice::Hex => HEX_STEPS.to_vec(),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Lattice::Square => "square",
            Lattice::Hex => "hexagonal",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_turn_is_identity() {
        for lattice in [Lattice::Square, Lattice::Hex] {
            for c in [Coord(0, 0), Coord(3, -1), Coord(-2, 5)] {
                assert_eq!(lattice.rotate_by(c, lattice.rotation_count()), c);
                let mut d = c;
                for _ in 0..lattice.rotation_count() {
                    d = lattice.rotate(d);
                }
                assert_eq!(d, c);
                assert_eq!(lattice.mirror(lattice.mirror(c)), c);
            }
        }
    }

    #[test]
    fn hex_rotation_keeps_neighbours_neighbours() {
        for s in Lattice::Hex.steps() {
            assert!(Lattice::Hex.steps().contains(&Lattice::Hex.rotate(*s)));
        }
        // One step is not the identity, two steps are not either (no 120° symmetry of a vector).
        assert_ne!(Lattice::Hex.rotate(Coord(1, 0)), Coord(1, 0));
    }
}
