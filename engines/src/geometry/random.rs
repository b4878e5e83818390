//! Random deployments: uniform over every deployment the rules allow.
//!
//! Rejection sampling: each ship independently takes a placement uniformly from its
//! own list; the draw is kept only if no two ships overlap (or, under the no-touch
//! rule, touch). Every allowed deployment then has the same chance, the product of
//! one over each list's length. The draw stops at the first clash (ships are drawn
//! largest first, as they clash most), so a rejected try costs a few set tests. On
//! a board the fleet barely fits most tries clash; after `UNIFORM_DRAWS` ship draws
//! the draw falls back to placing ships one after another among the places still free,
//! which is fast but not uniform, and says so.

use super::{BitSet, BoardIndex, Placement};
use super::{Board, Deployment, Fleet, GeometryError, PlacedShip, TouchRule, fleet_placements};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Ship draws the rejection sampler may make before falling back to the sequential
/// draw (each is one set test: about 10 ms on classic boards, 0.1 s on 64×64).
pub const UNIFORM_DRAWS: u64 = 2_000_000;

/// A random deployment and how it was drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomDraw {
    pub deployment: Deployment,
    /// Uniform over the allowed deployments (false: the sequential fallback).
    pub uniform: bool,
    /// Tries the rejection sampler made.
    pub tries: u64,
}

/// One placement with the cells no other ship may take: its own, and under the
/// no-touch rule the cells around them.
struct Candidate {
    placement: Placement,
    zone: BitSet,
}

fn ship(p: &Placement) -> PlacedShip {
    PlacedShip {
        piece: p.piece,
        rotation: p.rotation,
        mirrored: p.mirrored,
        anchor: p.anchor,
    }
}

/// Random deployments of one fleet on one board under one rule. The
/// placement lists are made once: drawing many fleets (a strategy lab's
/// thousands of games) then costs a few set tests a fleet, not the lists
/// each time.
pub struct FleetSampler {
    /// Per piece, its placements with their zones.
    cands: Vec<Vec<Candidate>>,
    /// Pieces largest first (they clash most).
    order: Vec<usize>,
    names: Vec<String>,
    cells: usize,
}

impl FleetSampler {
    pub fn new(board: &Board, fleet: &Fleet, rule: TouchRule) -> Result<FleetSampler, GeometryError> {
        let lists = fleet_placements(board, fleet);
        if let Some(p) = lists.iter().position(|l| l.is_empty()) {
            return Err(GeometryError::NoRoom(fleet.pieces[p].name.clone()));
        }
        let index = BoardIndex::new(board);
        let cands: Vec<Vec<Candidate>> = lists
            .into_iter()
            .map(|list| {
                list.into_iter()
                    .map(|placement| {
                        let mut zone = placement.bits.clone();
                        if rule == TouchRule::NoTouch {
                            placement
                                .halo(&index, fleet.lattice)
                                .into_iter()
                                .for_each(|j| zone.insert(j));
                        }
                        Candidate { placement, zone }
                    })
                    .collect()
            })
            .collect();
        let mut order: Vec<usize> = (0..cands.len()).collect();
        order.sort_by_key(|&p| std::cmp::Reverse(fleet.pieces[p].len()));
        Ok(FleetSampler {
            cands,
            order,
            names: fleet.pieces.iter().map(|p| p.name.clone()).collect(),
            cells: board.cells().len(),
        })
    }

    /// A random deployment, reproducible from `seed`: uniform over the allowed
    /// deployments (ships labelled) unless the fleet barely fits (see the
    /// module comment and `RandomDraw::uniform`).
    pub fn draw(&self, seed: u64) -> Result<RandomDraw, GeometryError> {
        let cands = &self.cands;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut taken = BitSet::with_capacity(self.cells);
        let mut picks = vec![0usize; cands.len()];
        let (mut draws, mut tries) = (0u64, 0u64);
        while draws < UNIFORM_DRAWS {
            tries += 1;
            taken.clear();
            let clash = self.order.iter().any(|&p| {
                draws += 1;
                let k = rng.random_range(0..cands[p].len());
                let c = &cands[p][k];
                if c.zone.intersects(&taken) {
                    return true;
                }
                c.placement.cells.iter().for_each(|&i| taken.insert(i));
                picks[p] = k;
                false
            });
            if !clash {
                let mut deployment = Deployment::default();
                for (p, &k) in picks.iter().enumerate() {
                    deployment.place(ship(&cands[p][k].placement));
                }
                return Ok(RandomDraw {
                    deployment,
                    uniform: true,
                    tries,
                });
            }
        }
        sequential(cands, &self.order, self.cells, &mut rng, &self.names).map(|deployment| RandomDraw {
            deployment,
            uniform: false,
            tries,
        })
    }
}

/// A random deployment of the whole fleet under `rule`, reproducible from `seed`:
/// uniform over the allowed deployments (ships labelled) unless the fleet barely
/// fits (see the module comment and `RandomDraw::uniform`). For many draws make
/// a [`FleetSampler`] once.
pub fn random_deployment(
    board: &Board,
    fleet: &Fleet,
    rule: TouchRule,
    seed: u64,
) -> Result<RandomDraw, GeometryError> {
    FleetSampler::new(board, fleet, rule)?.draw(seed)
}

/// Ships one after another, each uniform among the places still allowed; a ship
/// with no room left starts the draw over (up to 1000 times).
fn sequential(
    cands: &[Vec<Candidate>],
    order: &[usize],
    cells: usize,
    rng: &mut ChaCha8Rng,
    names: &[String],
) -> Result<Deployment, GeometryError> {
    let mut stuck = String::new();
    'attempt: for _ in 0..1000 {
        let mut taken = BitSet::with_capacity(cells);
        let mut deployment = Deployment::default();
        for &p in order {
            let free: Vec<&Candidate> = cands[p].iter().filter(|c| !c.zone.intersects(&taken)).collect();
            if free.is_empty() {
                stuck = names[p].clone();
                continue 'attempt;
            }
            let c = free[rng.random_range(0..free.len())];
            c.placement.cells.iter().for_each(|&i| taken.insert(i));
            deployment.place(ship(&c.placement));
        }
        return Ok(deployment);
    }
    Err(GeometryError::NoRoom(stuck))
}
