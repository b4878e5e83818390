use super::Coord;
use thiserror::Error;

/// Why a board, piece or fleet is not usable.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GeometryError {
    #[error("board size {rows}×{cols} is out of range: each side must be from 1 to {max}")]
    BoardSize { rows: u32, cols: u32, max: u32 },
    #[error("the board has no cells")]
    EmptyBoard,
    #[error("island {0} is not a cell of the board")]
    IslandOffBoard(Coord),
    #[error("piece '{0}' has no cells")]
    EmptyPiece(String),
    #[error("piece '{name}' lists cell {cell} twice")]
    DuplicateCell { name: String, cell: Coord },
    #[error("piece '{0}' is not connected: every cell must share an edge with another")]
    DisconnectedPiece(String),
    #[error("piece '{name}' lives on the {piece} lattice but the board is {board}")]
    LatticeMismatch {
        name: String,
        piece: &'static str,
        board: &'static str,
    },
    #[error("ship #{index} refers to piece {piece}, but the fleet has {pieces} pieces")]
    UnknownPiece { index: usize, piece: usize, pieces: usize },
    #[error("the {name} has rotation {rotation}: a piece on the {lattice} lattice turns {count} ways (0 to {})", count - 1)]
    BadRotation {
        name: String,
        rotation: u8,
        lattice: &'static str,
        count: u8,
    },
    #[error("the {0} is mirrored but the fleet does not allow mirrored pieces")]
    MirrorNotAllowed(String),
    #[error("piece '{0}' is placed twice")]
    PlacedTwice(String),
    #[error("could not place piece '{0}': no free position is left for it")]
    NoRoom(String),
    #[error("cell {cell} is out of range: coordinates must lie within ±{max}")]
    CoordOutOfRange { cell: Coord, max: i32 },
    #[error("{what}: {count} is over the limit of {max}")]
    TooMany {
        what: &'static str,
        count: usize,
        max: usize,
    },
}
