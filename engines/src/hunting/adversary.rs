//! Adversarial hiders: a fleet the exact player needs long for, made longer
//! by moving one ship at a time to another place the rules allow and keeping
//! the move when the exact player needs no fewer shots (a hill climb; the
//! exact player is deterministic, so a fleet's score is exact).

use super::arena::{Arena, exact_shots};
use crate::cover::CountError;
use crate::geometry::{Deployment, PlacedShip, fleet_placements};
use crate::run::CancelFlag;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Improves `hidden` (which takes `shots`) by `steps` single-ship moves.
pub(super) fn harden(
    arena: &Arena<'_>,
    mut hidden: Deployment,
    mut shots: usize,
    steps: usize,
    max_shots: usize,
    rng: &mut ChaCha8Rng,
    cancel: &CancelFlag,
) -> Result<Deployment, CountError> {
    let (board, fleet) = (arena.board, arena.fleet);
    let places = fleet_placements(board, fleet);
    for _ in 0..steps {
        cancel.check()?;
        let piece = rng.random_range(0..fleet.pieces.len());
        let list = &places[piece];
        if list.is_empty() {
            continue;
        }
        let p = &list[rng.random_range(0..list.len())];
        let ship = PlacedShip {
            piece,
            rotation: p.rotation,
            mirrored: p.mirrored,
            anchor: p.anchor,
        };
        if hidden.check(board, fleet, arena.rule, &ship).is_err() {
            continue;
        }
        let mut moved = hidden.clone();
        moved.place(ship);
        let n = exact_shots(arena, &moved, max_shots)?;
        if n >= shots {
            hidden = moved;
            shots = n;
        }
    }
    Ok(hidden)
}
