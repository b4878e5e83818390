//! Placing ships by hand: a ghost follows the pointer, R or right-click rotates,
//! M mirrors, a click places (and picks up the next unplaced ship), pressing
//! on a ship picks it up (drag to move), Delete removes the selected ship,
//! Escape puts the ship in hand down.

use crate::geometry::{Coord, PlaceError, PlacedShip};
use crate::session::Setup;

/// The hand-placement state of the Boards room.
#[derive(Clone, Debug, Default)]
pub struct PlaceTool {
    /// The selected piece (outlined on the board; Delete removes its ship).
    pub selected: Option<usize>,
    /// The selected piece is in hand: a ghost follows the pointer and a click places it.
    pub armed: bool,
    pub rotation: u8,
    pub mirrored: bool,
    /// Which cell of the piece (index into `Piece::cells`) sits under the pointer.
    pub grab: usize,
    /// A placed ship picked up by a press, hidden from the board until released.
    pub dragging: Option<usize>,
}

impl PlaceTool {
    /// Selects a piece, taking its current orientation when it is on the board.
    pub fn select(&mut self, setup: &Setup, piece: usize) {
        self.selected = Some(piece);
        self.armed = true;
        let len = setup.fleet.pieces[piece].len();
        self.grab = len / 2;
        if let Some(s) = setup.deployment.ship_of(piece) {
            self.rotation = s.rotation;
            self.mirrored = s.mirrored;
        }
    }

    pub fn rotate(&mut self, setup: &Setup) {
        self.rotation = (self.rotation + 1) % setup.fleet.lattice.rotation_count();
    }

    pub fn mirror(&mut self, setup: &Setup) {
        if setup.fleet.allow_mirror {
            self.mirrored = !self.mirrored;
        }
    }

    /// The piece in hand with its grab cell at `at` (none when nothing is in hand).
    pub fn ghost(&self, setup: &Setup, at: Coord) -> Option<PlacedShip> {
        if !self.armed && self.dragging.is_none() {
            return None;
        }
        let piece = self.selected?;
        let p = setup.fleet.pieces.get(piece)?;
        let grab = self.grab.min(p.len().saturating_sub(1));
        let offset = p.oriented_cell(setup.fleet.lattice, self.rotation, self.mirrored, grab);
        Some(PlacedShip {
            piece,
            rotation: self.rotation,
            mirrored: self.mirrored,
            anchor: at - offset,
        })
    }

    /// Whether the ghost at `at` may be placed, and why not.
    pub fn check(&self, setup: &Setup, at: Coord) -> Option<(PlacedShip, Result<(), PlaceError>)> {
        let ghost = self.ghost(setup, at)?;
        Some((
            ghost,
            setup
                .deployment
                .check(&setup.board, &setup.fleet, setup.rules.touch, &ghost),
        ))
    }

    /// A press on `at`: picks up the ship there, if any.
    pub fn press(&mut self, setup: &Setup, at: Coord) -> bool {
        let Some(ship) = setup
            .deployment
            .ships
            .iter()
            .find(|s| s.cells(&setup.fleet).contains(&at))
        else {
            return false;
        };
        let piece = &setup.fleet.pieces[ship.piece];
        let grab = (0..piece.len())
            .find(|&i| ship.anchor + piece.oriented_cell(setup.fleet.lattice, ship.rotation, ship.mirrored, i) == at)
            .unwrap_or(0);
        self.selected = Some(ship.piece);
        self.armed = true;
        self.rotation = ship.rotation;
        self.mirrored = ship.mirrored;
        self.grab = grab;
        self.dragging = Some(ship.piece);
        true
    }

    /// After a ship was put down at a click: the next unplaced ship comes into
    /// hand, or the hand is empty when every ship is placed. After a drag the
    /// moved ship stays selected but out of hand.
    pub fn placed(&mut self, setup: &Setup, piece: usize, by_drag: bool) {
        if by_drag {
            self.selected = Some(piece);
            self.armed = false;
            return;
        }
        match PlaceTool::next_unplaced(setup, piece) {
            Some(n) => self.select(setup, n),
            None => *self = PlaceTool::default(),
        }
    }

    /// The next piece without a ship, after `after` in fleet order.
    pub fn next_unplaced(setup: &Setup, after: usize) -> Option<usize> {
        let n = setup.fleet.pieces.len();
        (1..=n)
            .map(|k| (after + k) % n)
            .find(|&p| setup.deployment.ship_of(p).is_none())
    }
}
