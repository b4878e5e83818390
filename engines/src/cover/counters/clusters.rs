//! The cluster counter (`clusters.rs`): a few pieces on a plain board of any
//! size, without shots (cost grows with the pieces, not the board).

use super::{Capabilities, CountInput, Counter, Engine, Maps, Question, Suitability, rank};
use crate::cover::{ClusterCounter, CountError, Frame};
use crate::geometry::{Board, Fleet, Observations};
use crate::run::{CancelFlag, Progress};

/// Past 128 cells the bitboard counter stops; the cluster counter then takes
/// a plain board when its whole run (the same for every board size) is
/// quick, or quicker than the frontier counter would be. The frontier's time
/// roughly doubles with each cell of the board's shorter side (classic fleet,
/// measured: 12×12 2.9 CPU-s and 16×16 110 with ships that may not touch, 4.5
/// and 65 with ships that may), so it is guessed as 3 s × 2.2^(side − 12).
const CLUSTERS_QUICK: f64 = 2.0;

/// `auto` makes occupancy maps (on rectangles) with the cluster counter when
/// its count would take less than this (the classic fleet, ships that may
/// touch: 0.5 CPU-s): their cells make the run a few times longer than a count.
const CLUSTER_OCCUPANCY_QUICK: f64 = 1.0;

/// The plain board the cluster counter needs, or why it cannot count here.
pub fn cluster_frame(board: &Board, fleet: &Fleet, obs: &Observations) -> Result<Frame, String> {
    if !obs.hits.is_empty() || !obs.misses.is_empty() || !obs.sunk.is_empty() {
        return Err("the cluster counter counts boards without shots".into());
    }
    if fleet.pieces.len() > crate::cover::CLUSTER_MAX_PIECES {
        return Err(format!(
            "{} pieces: the cluster counter takes at most {}",
            fleet.pieces.len(),
            crate::cover::CLUSTER_MAX_PIECES
        ));
    }
    Frame::of(board)
        .ok_or_else(|| "the cluster counter counts rectangles and whole hexagons without islands".to_string())
}

pub struct Clusters;

impl Counter for Clusters {
    fn name(&self) -> &'static str {
        "clusters"
    }

    fn help(&self) -> &'static str {
        "A few pieces on a plain board of any size (no islands or shots): the pieces' overlap patterns \
         counted once, then every board size in microseconds"
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            past_u128: true,
            occupancy: Maps::Rectangles,
            enumerates: false,
            falls_back_to: Some(Engine::Frontier),
        }
    }

    fn refuses(&self, input: &CountInput) -> Option<String> {
        cluster_frame(input.board, input.fleet, &input.req.observations).err()
    }

    fn suits(&self, input: &CountInput, question: Question) -> Option<Suitability> {
        let (fleet, req) = (input.fleet, input.req);
        let frame = cluster_frame(input.board, fleet, &req.observations).ok()?;
        let cells = input.cells();
        if cells <= 128 {
            return None;
        }
        let est = ClusterCounter::plan(fleet, req.rule).ok()?.estimated_seconds();
        let pieces = fleet.pieces.len();
        match question {
            Question::Count => {
                let side = match frame {
                    Frame::Rect { rows, cols } => rows.min(cols),
                    Frame::Hexagon { radius } => 2 * radius + 1,
                };
                let frontier = 3.0 * 2.2f64.powi(side - 12);
                (est < CLUSTERS_QUICK || est < frontier).then(|| Suitability {
                    rank: rank::QUICK_CLUSTERS,
                    why: format!(
                        "auto: {pieces} pieces on a plain board of {cells} cells, the cluster counter (about {est:.1} \
                         CPU-s, the same on any board size)"
                    ),
                })
            }
            Question::Occupancy => {
                (matches!(frame, Frame::Rect { .. }) && est < CLUSTER_OCCUPANCY_QUICK).then(|| Suitability {
                    rank: rank::QUICK_CLUSTERS,
                    why: format!(
                        "auto: {pieces} pieces on a plain rectangle of {cells} cells, the cluster counter's map \
                         (about {est:.1} CPU-s for the count)"
                    ),
                })
            }
        }
    }

    fn count(
        &self,
        input: &CountInput,
        cancel: &CancelFlag,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<u128, CountError> {
        let frame = Clusters::frame(input)?;
        let counter = ClusterCounter::new(input.fleet, input.req.rule, cancel, &|done, total| {
            progress(Progress { done, total })
        })?;
        as_count(counter.count(frame)?)
    }

    fn occupancy(
        &self,
        input: &CountInput,
        cancel: &CancelFlag,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<(u128, Vec<u128>), CountError> {
        let frame = Clusters::frame(input)?;
        let Frame::Rect { cols, .. } = frame else {
            return Err(CountError::Invalid(
                "the cluster counter makes maps on rectangles only".into(),
            ));
        };
        let counter = ClusterCounter::new_with_cells(input.fleet, input.req.rule, cancel, &|done, total| {
            progress(Progress { done, total })
        })?;
        let (total, heat) = counter.occupancy(frame, cancel)?;
        let map = input
            .cover
            .index
            .cells()
            .iter()
            .map(|c| as_count(heat[(c.0 * cols + c.1) as usize]))
            .collect::<Result<_, _>>()?;
        Ok((as_count(total)?, map))
    }
}

impl Clusters {
    /// The plain board to count on (the dispatcher asks only after `refuses`).
    fn frame(input: &CountInput) -> Result<Frame, CountError> {
        cluster_frame(input.board, input.fleet, &input.req.observations).map_err(CountError::Invalid)
    }
}

/// A cluster sum as a count (it is never negative when the counter is right).
fn as_count(v: i128) -> Result<u128, CountError> {
    u128::try_from(v).map_err(|_| CountError::Invalid("the cluster sum came out negative".into()))
}
