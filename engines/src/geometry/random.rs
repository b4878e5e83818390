use super::{Board, Deployment, Fleet, GeometryError, PlacedShip, fleet_placements};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random deployment of the whole fleet, reproducible from `seed`.
///
/// Sampling: ships in fleet order, each uniform over the placements that fit next
/// to the ships already placed; if some ship finds no room the draw starts over
/// (up to 1000 times). This is *not* uniform over deployments: earlier ships are
/// placed as if alone, which tilts the law towards layouts where they crowd less.
pub fn random_deployment(board: &Board, fleet: &Fleet, seed: u64) -> Result<Deployment, GeometryError> {
    let placements = fleet_placements(board, fleet);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut stuck = None;
    for _attempt in 0..1000 {
        let mut used = crate::geometry::BitSet::with_capacity(board.cells().len());
        let mut deployment = Deployment::default();
        let mut ok = true;
        for (p, list) in placements.iter().enumerate() {
            let free: Vec<_> = list.iter().filter(|pl| !pl.bits.intersects(&used)).collect();
            if free.is_empty() {
                stuck = Some(fleet.pieces[p].name.clone());
                ok = false;
                break;
            }
            let pick = free[rng.random_range(0..free.len())];
            pick.cells.iter().for_each(|&i| used.insert(i));
            deployment.place(PlacedShip {
                piece: p,
                rotation: pick.rotation,
                mirrored: pick.mirrored,
                anchor: pick.anchor,
            });
        }
        if ok {
            return Ok(deployment);
        }
    }
    Err(GeometryError::NoRoom(stuck.unwrap_or_default()))
}
