use super::{BitSet, Board, BoardIndex, Coord, Fleet, Piece};

/// One way to put one piece on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Index of the piece in its fleet.
    pub piece: usize,
    pub rotation: u8,
    pub mirrored: bool,
    /// Where the orientation's first (smallest) cell lands.
    pub anchor: Coord,
    /// Playable-cell indices (see [`BoardIndex`]), ascending.
    pub cells: Vec<u32>,
    pub bits: BitSet,
}

impl Placement {
    /// The cells as one `u128` when the board has at most 128 playable cells.
    pub fn mask128(&self) -> Option<u128> {
        self.bits.to_u128()
    }

    /// The playable cells that touch this placement from outside (its halo under
    /// the no-touch rule), ascending.
    pub fn halo(&self, index: &BoardIndex, lattice: crate::geometry::Lattice) -> Vec<u32> {
        let mut h = std::collections::BTreeSet::new();
        for &i in &self.cells {
            for d in lattice.touching() {
                if let Some(j) = index.index_of(index.coord(i) + d)
                    && !self.bits.contains(j)
                {
                    h.insert(j);
                }
            }
        }
        h.into_iter().collect()
    }
}

/// Every placement of one piece: each distinct orientation, translated so that all
/// its cells are playable. Distinct (orientation, anchor) pairs give distinct cell sets.
pub fn piece_placements(board: &Board, index: &BoardIndex, fleet: &Fleet, piece_index: usize) -> Vec<Placement> {
    let piece: &Piece = &fleet.pieces[piece_index];
    let mut out = Vec::new();
    for o in piece.orientations(fleet.lattice, fleet.allow_mirror) {
        for &anchor in index.cells() {
            let mut cells: Vec<u32> = Vec::with_capacity(o.cells.len());
            let fits = o.cells.iter().all(|&d| match index.index_of(anchor + d) {
                Some(i) if board.is_playable(anchor + d) => {
                    cells.push(i);
                    true
                }
                _ => false,
            });
            if fits {
                cells.sort_unstable();
                let mut bits = BitSet::with_capacity(index.len());
                cells.iter().for_each(|&i| bits.insert(i));
                out.push(Placement {
                    piece: piece_index,
                    rotation: o.rotation,
                    mirrored: o.mirrored,
                    anchor,
                    cells,
                    bits,
                });
            }
        }
    }
    out
}

/// Placements of every piece of the fleet, one list per piece.
pub fn fleet_placements(board: &Board, fleet: &Fleet) -> Vec<Vec<Placement>> {
    let index = BoardIndex::new(board);
    (0..fleet.pieces.len())
        .map(|p| piece_placements(board, &index, fleet, p))
        .collect()
}
