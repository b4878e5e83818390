//! The words every part of the puzzle kernel shares: limits, region letters,
//! the chess pieces, wrapped edges, the editor's tools, what a cell shows and
//! how an answer is drawn. It names no other puzzle module, so the model, the
//! text form, the families and the editor can all stand on it.

use serde::{Deserialize, Serialize};

/// Largest number in a count or target.
pub const MAX_COUNT: u32 = 1_000_000;

/// Most ships a Battleship puzzle may have.
pub const MAX_SHIPS: usize = 512;

/// Most regions a puzzle may have (the text form names them with one character).
pub const MAX_REGIONS: usize = 62;

/// The region id of a cell in no region (a hole).
pub const NO_REGION: u16 = u16::MAX;

/// Region ids as letters (a–z, A–Z, then digits), for grids.
pub fn region_char(id: usize) -> char {
    const CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    CHARS.get(id).map_or('?', |&b| b as char)
}

/// The letter a region has in the text form.
pub fn region_letter(k: u16) -> char {
    region_char(k as usize)
}

/// Which edges of the board wrap around (for diagonals and touching).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Wrap {
    #[default]
    None,
    /// Left and right edges meet.
    Cylinder,
    /// Both pairs of edges meet.
    Torus,
}

impl Wrap {
    pub fn name(self) -> &'static str {
        match self {
            Wrap::None => "none",
            Wrap::Cylinder => "cylinder",
            Wrap::Torus => "torus",
        }
    }

    pub fn parse(s: &str) -> Option<Wrap> {
        [Wrap::None, Wrap::Cylinder, Wrap::Torus]
            .into_iter()
            .find(|w| w.name() == s)
    }

    /// The cell `(r + dr, c + dc)` on this board, if there is one.
    pub fn step(self, rows: usize, cols: usize, r: usize, c: usize, dr: i64, dc: i64) -> Option<(usize, usize)> {
        let (mut nr, mut nc) = (r as i64 + dr, c as i64 + dc);
        if self == Wrap::Torus {
            nr = nr.rem_euclid(rows as i64);
        }
        if self != Wrap::None {
            nc = nc.rem_euclid(cols as i64);
        }
        ((0..rows as i64).contains(&nr) && (0..cols as i64).contains(&nc)).then_some((nr as usize, nc as usize))
    }
}

/// A chess piece (the Chess family; not a fleet's `geometry::Piece`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Piece {
    Queen,
    Rook,
    Bishop,
    Knight,
    King,
}

impl Piece {
    pub const ALL: [Piece; 5] = [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight, Piece::King];

    pub fn letter(self) -> char {
        match self {
            Piece::Queen => 'Q',
            Piece::Rook => 'R',
            Piece::Bishop => 'B',
            Piece::Knight => 'N',
            Piece::King => 'K',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Piece::Queen => "queen",
            Piece::Rook => "rook",
            Piece::Bishop => "bishop",
            Piece::Knight => "knight",
            Piece::King => "king",
        }
    }

    pub fn from_letter(c: char) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.letter() == c.to_ascii_uppercase())
    }
}

/// What a click on a cell does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tool {
    /// Paint the cell into this region (Queens, Star Battle, Coloured Chess, Binary).
    Region(u16),
    /// Take the cell off the board or put it back (Queens).
    Hole,
    /// Cycle the cell's given: a queen or piece on and off; Binary: 0 → 1 → none;
    /// Battleship: water → ship → none.
    Given,
    /// Plant or remove a tree (Tents).
    Tree,
    /// The cell's number (Rullo).
    Number(u32),
    /// The piece the cell allows (Chess); `None`: nothing stands there.
    Piece(Option<Piece>),
    /// Link the cell to the one clicked before: '=' or 'x' (Binary), see [`toggle_link`].
    Link { opposite: bool },
}

impl Tool {
    pub fn label(self) -> String {
        match self {
            Tool::Region(k) => format!("region {}", region_letter(k)),
            Tool::Hole => "hole".into(),
            Tool::Given => "given".into(),
            Tool::Tree => "tree".into(),
            Tool::Number(n) => format!("number {n}"),
            Tool::Piece(Some(p)) => format!("piece {}", p.letter()),
            Tool::Piece(None) => "no piece".into(),
            Tool::Link { opposite: false } => "= link".into(),
            Tool::Link { opposite: true } => "x link".into(),
        }
    }
}

/// What stands in a cell of the puzzle itself (before any answer).
#[derive(Clone, Debug, PartialEq)]
pub enum CellMark {
    Empty,
    /// Not part of the board.
    Hole,
    Number(u32),
    Tree,
    /// The piece the cell allows, and whether it is pre-placed.
    Piece(char, bool),
    /// A pre-placed queen or star.
    GivenOne,
    /// A given 0 or 1 (Binary).
    Digit(bool),
    /// A given Battleship cell (its letter: x water, * ship, o n s w e m).
    Ship(char),
}

/// How the grid draws an answer's 1 (and whether it shows the 0s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerGlyph {
    /// A queen's disc.
    Disc,
    /// A star (Star Battle).
    Star,
    /// A tent beside its tree.
    Tent,
    /// The number is kept (circled); the numbers not kept fade (Rullo).
    KeptNumber,
    /// A ring around the piece standing there (chess pieces).
    PieceRing,
    /// The digits 1 and 0 are both written (Takuzu, Binairo, Tango).
    Digits,
    /// A ship segment (Battleship).
    Block,
}
