//! Stealth search: fleets whose X-ray many other fleets share, so that the X-ray
//! alone says little about where the ships are. Simulated annealing over
//! deployments; each move relocates one ship, and a fleet is scored by the exact
//! number of fleet matrices with its X-ray (the puzzle solver).

use super::{XRay, fleets_with_xray, island_cells};
use crate::cover::CountError;
use crate::geometry::BinaryMatrix;
use crate::geometry::TouchRule;
use crate::geometry::{Board, Deployment, Fleet, PlacedShip, fleet_placements, random_deployment};
use crate::run::{CancelFlag, Progress};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Most moves a stealth search is asked to try, in the app, on the command
/// line and in a session (each is an exact count).
pub const MAX_STEALTH_MOVES: u64 = 1_000_000;

/// What to search for.
#[derive(Clone, Debug)]
pub struct StealthRequest {
    pub board: Board,
    pub fleet: Fleet,
    pub rule: TouchRule,
    /// Moves to try (one exact count each).
    pub iterations: u64,
    pub seed: u64,
    /// How many of the best fleets to keep.
    pub keep: usize,
}

/// A fleet and how many fleets share its X-ray.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StealthFleet {
    pub deployment: Deployment,
    pub matrix: BinaryMatrix,
    /// Distinct fleet matrices with this X-ray (this one included).
    pub fleet_matrices: u128,
    pub labelled_fleets: u128,
}

/// The best fleets found, most shared X-ray first (distinct matrices only).
pub fn stealth_search(
    req: &StealthRequest,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<StealthFleet>, CountError> {
    if req.fleet.pieces.is_empty() {
        return Err(CountError::Invalid("the fleet has no ships".into()));
    }
    let lengths = req.fleet.straight_lengths().map_err(CountError::Invalid)?;
    let islands = island_cells(&req.board);
    let placements = fleet_placements(&req.board, &req.fleet);
    let mut rng = ChaCha8Rng::seed_from_u64(req.seed);
    let score = |d: &Deployment| -> Result<Option<StealthFleet>, CountError> {
        if req.rule == TouchRule::NoTouch && !d.ships_apart(&req.fleet) {
            return Ok(None);
        }
        let m = BinaryMatrix::from_deployment(&req.board, &req.fleet, d)
            .ok_or_else(|| CountError::Invalid("stealth search needs a square board".into()))?;
        let shared = fleets_with_xray(&XRay::of(&m), &lengths, &islands, req.rule, 0, cancel)?;
        Ok(Some(StealthFleet {
            deployment: d.clone(),
            matrix: m,
            fleet_matrices: shared.fleet_matrices,
            labelled_fleets: shared.labelled_fleets,
        }))
    };
    let start = random_deployment(&req.board, &req.fleet, req.rule, req.seed)
        .map_err(|e| CountError::Invalid(e.to_string()))?
        .deployment;
    let mut current = score(&start)?.ok_or_else(|| {
        CountError::Invalid("the random start fleet breaks the no-touch rule; try another seed".into())
    })?;
    let mut best: Vec<StealthFleet> = vec![current.clone()];
    for it in 0..req.iterations {
        cancel.check()?;
        progress(Progress {
            done: it,
            total: req.iterations,
        });
        let piece = rng.random_range(0..req.fleet.pieces.len());
        let list = &placements[piece];
        let pick = &list[rng.random_range(0..list.len())];
        let moved = PlacedShip {
            piece,
            rotation: pick.rotation,
            mirrored: pick.mirrored,
            anchor: pick.anchor,
        };
        if current
            .deployment
            .check(&req.board, &req.fleet, req.rule, &moved)
            .is_err()
        {
            continue;
        }
        let mut d = current.deployment.clone();
        d.place(moved);
        let Some(candidate) = score(&d)? else { continue };
        // Temperature on the log of the score, cooling linearly to zero.
        let temperature = 1.5 * (1.0 - it as f64 / req.iterations as f64);
        let delta = (candidate.fleet_matrices as f64).ln() - (current.fleet_matrices as f64).ln();
        if delta >= 0.0 || (temperature > 0.0 && rng.random::<f64>() < (delta / temperature).exp()) {
            current = candidate;
            remember(&mut best, &current, req.keep);
        }
    }
    progress(Progress {
        done: req.iterations,
        total: req.iterations,
    });
    Ok(best)
}

/// Keeps the `keep` best distinct matrices, best first.
fn remember(best: &mut Vec<StealthFleet>, f: &StealthFleet, keep: usize) {
    if best.iter().any(|b| b.matrix == f.matrix) {
        return;
    }
    best.push(f.clone());
    best.sort_by_key(|b| std::cmp::Reverse(b.fleet_matrices));
    best.truncate(keep.max(1));
}
