use super::{Board, Coord, Fleet, GeometryError, TouchRule};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use thiserror::Error;

/// One piece of the fleet put on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedShip {
    /// Index of the piece in the fleet.
    pub piece: usize,
    pub rotation: u8,
    #[serde(default)]
    pub mirrored: bool,
    /// Where the oriented shape's first (smallest) cell goes.
    pub anchor: Coord,
}

/// Ships placed by hand or at random; each piece at most once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Deployment {
    pub ships: Vec<PlacedShip>,
}

/// Why a ship cannot go where it was asked to.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlaceError {
    #[error("off the board at {0}")]
    OffBoard(Coord),
    #[error("on an island at {0}")]
    Island(Coord),
    #[error("overlaps the {name} at {cell}")]
    Overlap { name: String, cell: Coord },
    #[error("touches the {name} at {cell}: ships may not touch in this setup")]
    Touches { name: String, cell: Coord },
}

impl PlacedShip {
    /// The ship turned and mirrored as the fleet allows: a rotation the lattice
    /// has, a mirror only in a fleet of mirrored pieces (what the rooms offer).
    pub fn check_orientation(&self, fleet: &Fleet) -> Result<(), GeometryError> {
        let name = || {
            fleet
                .pieces
                .get(self.piece)
                .map_or_else(String::new, |p| p.name.clone())
        };
        let count = fleet.lattice.rotation_count();
        if self.rotation >= count {
            return Err(GeometryError::BadRotation {
                name: name(),
                rotation: self.rotation,
                lattice: fleet.lattice.name(),
                count,
            });
        }
        if self.mirrored && !fleet.allow_mirror {
            return Err(GeometryError::MirrorNotAllowed(name()));
        }
        Ok(())
    }

    /// The board cells this ship covers.
    pub fn cells(&self, fleet: &Fleet) -> Vec<Coord> {
        fleet.pieces[self.piece]
            .transformed(fleet.lattice, self.rotation, self.mirrored)
            .into_iter()
            .map(|d| self.anchor + d)
            .collect()
    }
}

impl Deployment {
    pub fn ship_of(&self, piece: usize) -> Option<&PlacedShip> {
        self.ships.iter().find(|s| s.piece == piece)
    }

    /// Which piece covers each occupied cell.
    pub fn occupancy(&self, fleet: &Fleet) -> HashMap<Coord, usize> {
        let mut map = HashMap::new();
        for s in &self.ships {
            for c in s.cells(fleet) {
                map.insert(c, s.piece);
            }
        }
        map
    }

    /// Whether `ship` may go on the board next to the other ships (itself excluded)
    /// under the touch rule.
    pub fn check(&self, board: &Board, fleet: &Fleet, rule: TouchRule, ship: &PlacedShip) -> Result<(), PlaceError> {
        let others: HashMap<Coord, usize> = self
            .ships
            .iter()
            .filter(|s| s.piece != ship.piece)
            .flat_map(|s| s.cells(fleet).into_iter().map(move |c| (c, s.piece)))
            .collect();
        for c in ship.cells(fleet) {
            if !board.contains(c) {
                return Err(PlaceError::OffBoard(c));
            }
            if board.is_island(c) {
                return Err(PlaceError::Island(c));
            }
            if let Some(&p) = others.get(&c) {
                return Err(PlaceError::Overlap {
                    name: fleet.pieces[p].name.clone(),
                    cell: c,
                });
            }
        }
        if rule == TouchRule::NoTouch {
            for c in ship.cells(fleet) {
                for step in fleet.lattice.touching() {
                    if let Some(&p) = others.get(&(c + step)) {
                        return Err(PlaceError::Touches {
                            name: fleet.pieces[p].name.clone(),
                            cell: c + step,
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// The first two ships that touch (names of their pieces), if any.
    pub fn touching_pair(&self, fleet: &Fleet) -> Option<(String, String)> {
        self.touching(fleet)
            .0
            .first()
            .map(|&(p, q)| (fleet.pieces[p].name.clone(), fleet.pieces[q].name.clone()))
    }

    /// Every pair of placed ships that touch (pieces, smaller first, in order)
    /// and the cells where they do (a cell next to another ship's cell).
    pub fn touching(&self, fleet: &Fleet) -> (Vec<(usize, usize)>, Vec<Coord>) {
        let owner = self.occupancy(fleet);
        let steps = fleet.lattice.touching();
        let mut pairs = std::collections::BTreeSet::new();
        let mut cells = std::collections::BTreeSet::new();
        for (c, &p) in &owner {
            for &step in &steps {
                if let Some(&q) = owner.get(&(*c + step))
                    && q != p
                {
                    pairs.insert((p.min(q), p.max(q)));
                    cells.insert(*c);
                }
            }
        }
        (pairs.into_iter().collect(), cells.into_iter().collect())
    }

    /// Every touching pair in words: "the Carrier and the Battleship, the Cruiser and the Destroyer".
    pub fn touching_words(&self, fleet: &Fleet) -> Option<String> {
        let (pairs, _) = self.touching(fleet);
        if pairs.is_empty() {
            return None;
        }
        let name = |p: usize| fleet.pieces[p].name.as_str();
        let shown: Vec<String> = pairs
            .iter()
            .map(|&(p, q)| format!("the {} and the {}", name(p), name(q)))
            .collect();
        Some(shown.join(", "))
    }

    /// Puts `ship` on the board, replacing the same piece's earlier position.
    pub fn place(&mut self, ship: PlacedShip) {
        self.remove(ship.piece);
        self.ships.push(ship);
        self.ships.sort_by_key(|s| s.piece);
    }

    pub fn remove(&mut self, piece: usize) {
        self.ships.retain(|s| s.piece != piece);
    }

    /// Drops ships that no longer fit (after a board or fleet edit): off the board, on
    /// an island or overlapping. Ships that touch are kept under any rule (the Boards
    /// room says when they break it); returns the dropped pieces.
    pub fn prune(&mut self, board: &Board, fleet: &Fleet) -> Vec<usize> {
        self.ships.retain(|s| s.piece < fleet.pieces.len());
        let mut kept = Deployment::default();
        let mut removed = Vec::new();
        for s in self.ships.clone() {
            if kept.check(board, fleet, TouchRule::MayTouch, &s).is_ok() {
                kept.place(s);
            } else {
                removed.push(s.piece);
            }
        }
        *self = kept;
        removed
    }

    /// Every ship refers to a piece, no piece twice, each turned as the fleet
    /// allows (positions on the board are not checked).
    pub fn validate(&self, fleet: &Fleet) -> Result<(), GeometryError> {
        let mut seen = vec![false; fleet.pieces.len()];
        for (i, s) in self.ships.iter().enumerate() {
            if s.piece >= fleet.pieces.len() {
                return Err(GeometryError::UnknownPiece {
                    index: i,
                    piece: s.piece,
                    pieces: fleet.pieces.len(),
                });
            }
            if std::mem::replace(&mut seen[s.piece], true) {
                return Err(GeometryError::PlacedTwice(fleet.pieces[s.piece].name.clone()));
            }
            if !s.anchor.in_range() {
                return Err(GeometryError::CoordOutOfRange {
                    cell: s.anchor,
                    max: super::coord::MAX_COORD,
                });
            }
            s.check_orientation(fleet)?;
        }
        Ok(())
    }

    /// No two ships touch, not even diagonally (the no-touch rule).
    pub fn ships_apart(&self, fleet: &Fleet) -> bool {
        self.touching_pair(fleet).is_none()
    }

    /// Row and column sums of the occupied cells of a square board (its X-ray).
    pub fn xray(&self, board: &Board, fleet: &Fleet) -> Option<(Vec<u32>, Vec<u32>)> {
        let (rows, cols) = board.dims()?;
        let mut row_sums = vec![0; rows as usize];
        let mut col_sums = vec![0; cols as usize];
        for c in self.occupancy(fleet).keys() {
            if board.contains(*c) {
                row_sums[c.0 as usize] += 1;
                col_sums[c.1 as usize] += 1;
            }
        }
        Some((row_sums, col_sums))
    }
}
