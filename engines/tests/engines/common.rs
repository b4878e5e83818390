//! The fleets the engine tests share, built from geometry alone (the app's presets
//! are session files, which the engines do not read).

use fleetscope_engines::geometry::{Board, Fleet, Lattice};

/// A board and a fleet, shaped like the app's `Setup` for the tests that used one.
pub struct Setup {
    pub board: Board,
    pub fleet: Fleet,
}

/// The classic fleet (5, 4, 3, 3, 2) on 10×10, as the `classic` preset ships it.
pub fn classic() -> Setup {
    let ships = [
        ("Carrier", 5),
        ("Battleship", 4),
        ("Submarine", 3),
        ("Cruiser", 3),
        ("Destroyer", 2),
    ];
    Setup {
        board: Board::square("10×10", 10, 10),
        fleet: Fleet::straight("Classic fleet", Lattice::Square, &ships),
    }
}

/// The Russian fleet (4, 3, 3, 2, 2, 2, 1, 1, 1, 1), as the `russian` preset ships it.
pub fn russian_fleet() -> Fleet {
    let ships = [
        ("Battleship", 4),
        ("Cruiser 1", 3),
        ("Cruiser 2", 3),
        ("Destroyer 1", 2),
        ("Destroyer 2", 2),
        ("Destroyer 3", 2),
        ("Boat 1", 1),
        ("Boat 2", 1),
        ("Boat 3", 1),
        ("Boat 4", 1),
    ];
    Fleet::straight("Russian fleet", Lattice::Square, &ships)
}

/// The Russian fleet on 10×10.
pub fn russian() -> Setup {
    Setup {
        board: Board::square("10×10", 10, 10),
        fleet: russian_fleet(),
    }
}
