//! Edits of a setup that keep its deployment consistent with board and fleet.

use super::Setup;
use crate::geometry::{Board, Coord, Fleet, Piece};

impl Setup {
    /// Replaces the board; ships that no longer fit are removed (their names are
    /// returned). A change of lattice also replaces the fleet with the default
    /// fleet of the new lattice. The setup is renamed after its fleet and board.
    pub fn set_board(&mut self, board: Board) -> Vec<String> {
        if board.lattice() != self.fleet.lattice {
            self.fleet = Fleet::straight(
                "Classic fleet",
                board.lattice(),
                &[
                    ("Carrier", 5),
                    ("Battleship", 4),
                    ("Submarine", 3),
                    ("Cruiser", 3),
                    ("Destroyer", 2),
                ],
            );
            self.deployment.ships.clear();
        }
        self.board = board;
        self.name = format!("{} on {}", self.fleet.name, self.board.name);
        // The preset's words (counts, sample positions) no longer describe it.
        self.description.clear();
        self.prune_observations();
        self.prune_ships()
    }

    /// Removes ships that no longer fit; returns their names.
    fn prune_ships(&mut self) -> Vec<String> {
        let removed = self.deployment.prune(&self.board, &self.fleet);
        removed.into_iter().map(|p| self.fleet.pieces[p].name.clone()).collect()
    }

    /// Forgets shots on cells that are no longer playable.
    fn prune_observations(&mut self) {
        let board = &self.board;
        self.observations.hits.retain(|c| board.is_playable(*c));
        self.observations.misses.retain(|c| board.is_playable(*c));
    }

    /// Makes `c` an island (or water); returns the names of the ships removed.
    pub fn set_island(&mut self, c: Coord, island: bool) -> Vec<String> {
        if !self.board.contains(c) || self.board.is_island(c) == island {
            return Vec::new();
        }
        self.board.toggle_island(c);
        self.prune_observations();
        self.prune_ships()
    }

    /// Adds or removes a hex cell; returns the names of the ships removed.
    pub fn set_hex_cell(&mut self, c: Coord, present: bool) -> Vec<String> {
        if self.board.contains(c) == present {
            return Vec::new();
        }
        self.board.toggle_hex_cell(c);
        self.prune_observations();
        self.prune_ships()
    }

    pub fn add_piece(&mut self, piece: Piece) {
        self.fleet.pieces.push(piece);
        self.fleet.pin_colours();
    }

    /// Removes piece `i` and its ship; later ships keep pointing at their pieces.
    pub fn remove_piece(&mut self, i: usize) {
        if i >= self.fleet.pieces.len() {
            return;
        }
        self.fleet.pin_colours();
        self.fleet.pieces.remove(i);
        self.deployment.remove(i);
        for s in &mut self.deployment.ships {
            if s.piece > i {
                s.piece -= 1;
            }
        }
    }

    /// Swaps pieces `i` and `j` in the fleet order.
    pub fn swap_pieces(&mut self, i: usize, j: usize) {
        let n = self.fleet.pieces.len();
        if i >= n || j >= n || i == j {
            return;
        }
        self.fleet.pin_colours();
        self.fleet.pieces.swap(i, j);
        for s in &mut self.deployment.ships {
            if s.piece == i {
                s.piece = j;
            } else if s.piece == j {
                s.piece = i;
            }
        }
        self.deployment.ships.sort_by_key(|s| s.piece);
    }

    /// Replaces piece `i`; its ship is removed if the new shape no longer fits.
    pub fn set_piece(&mut self, i: usize, piece: Piece) {
        if i < self.fleet.pieces.len() {
            let shape_changed = self.fleet.pieces[i].cells != piece.cells;
            let colour = self.fleet.pieces[i].colour;
            self.fleet.pieces[i] = Piece { colour, ..piece };
            if shape_changed {
                self.deployment.remove(i);
            }
        }
    }

    pub fn set_allow_mirror(&mut self, allow: bool) {
        self.fleet.allow_mirror = allow;
        if !allow {
            self.deployment.ships.retain(|s| !s.mirrored);
        }
    }
}
