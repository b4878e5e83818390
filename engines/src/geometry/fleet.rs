use super::{GeometryError, Lattice, Piece};
use serde::{Deserialize, Serialize};

/// An ordered list of pieces. Pieces of the same shape are still distinct ships.
/// Most pieces a fleet may have.
pub const MAX_PIECES: usize = 512;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fleet {
    pub name: String,
    pub lattice: Lattice,
    pub pieces: Vec<Piece>,
    /// Whether mirror images count as orientations of a piece.
    #[serde(default)]
    pub allow_mirror: bool,
}

impl Fleet {
    /// The colour index of piece `i`: its own, or its place in the fleet.
    pub fn colour_of(&self, i: usize) -> usize {
        self.pieces.get(i).and_then(|p| p.colour).map_or(i, usize::from)
    }

    /// Gives every piece its current colour for good (before a reorder or a
    /// removal shifts the places), and a new piece the first colour not in use.
    pub fn pin_colours(&mut self) {
        let mut used: Vec<usize> = Vec::new();
        for i in 0..self.pieces.len() {
            let c = match self.pieces[i].colour {
                Some(c) => usize::from(c),
                None => {
                    let mut c = i;
                    // A piece added after others were pinned may collide: take a free one.
                    while used.contains(&c) {
                        c += 1;
                    }
                    c
                }
            };
            used.push(c);
            self.pieces[i].colour = u16::try_from(c).ok();
        }
    }

    /// Straight ships of the given lengths on a lattice.
    pub fn straight(name: &str, lattice: Lattice, ships: &[(&str, usize)]) -> Fleet {
        Fleet {
            name: name.into(),
            lattice,
            pieces: ships.iter().map(|(n, l)| Piece::straight(n, *l, lattice)).collect(),
            allow_mirror: false,
        }
    }

    pub fn validate(&self, board_lattice: Lattice) -> Result<(), GeometryError> {
        if self.pieces.len() > MAX_PIECES {
            return Err(GeometryError::TooMany {
                what: "pieces in a fleet",
                count: self.pieces.len(),
                max: MAX_PIECES,
            });
        }
        for p in &self.pieces {
            if self.lattice != board_lattice {
                return Err(GeometryError::LatticeMismatch {
                    name: p.name.clone(),
                    piece: self.lattice.name(),
                    board: board_lattice.name(),
                });
            }
            p.validate(self.lattice)?;
        }
        Ok(())
    }

    /// The ship lengths when every piece is a straight ship on the square lattice
    /// (the puzzle solver and the X-ray tools need that); otherwise which piece is not.
    pub fn straight_lengths(&self) -> Result<Vec<usize>, String> {
        if self.lattice != Lattice::Square {
            return Err(format!(
                "the fleet '{}' is hexagonal; X-ray tools need square ships",
                self.name
            ));
        }
        self.pieces
            .iter()
            .map(|p| {
                let span = |f: fn(&super::Coord) -> i32| {
                    let (lo, hi) = p
                        .cells
                        .iter()
                        .map(f)
                        .fold((i32::MAX, i32::MIN), |(a, b), v| (a.min(v), b.max(v)));
                    (hi - lo + 1) as usize
                };
                let (rows, cols) = (span(|c| c.0), span(|c| c.1));
                if rows.min(cols) == 1 && rows.max(cols) == p.len() {
                    Ok(p.len())
                } else {
                    Err(format!("piece '{}' is not a straight ship", p.name))
                }
            })
            .collect()
    }

    /// Total number of cells of all pieces.
    pub fn total_cells(&self) -> usize {
        self.pieces.iter().map(Piece::len).sum()
    }
}
