//! The exact posterior for the exact players, shared by every game of a run:
//! the early positions of a game (a few misses, a first hit) recur across
//! games and cost the most, so each map is kept once made (up to a memory
//! bound) and read back by any game that reaches the same shots. A map after
//! a miss, with no hit yet, is made from the map before it when that one is
//! kept (see `occupancy_after_miss`).

use crate::cover::{CountError, CountRequest, Engine, Occupancy, occupancy, occupancy_after_miss};
use crate::geometry::{Board, Coord, Fleet, Observations, TouchRule};
use crate::run::CancelFlag;
use crate::run::ThreadCpuClock;
use std::collections::HashMap;
use std::sync::Mutex;

/// Maps kept at most (a 10×10 map is about 2 KB).
const MAX_KEPT: usize = 50_000;
/// Maps quicker than this are not kept (they are cheaper to make again).
const KEEP_ABOVE_SECONDS: f64 = 0.002;

/// The shots that decide a map, in a canonical order.
type Key = (Vec<Coord>, Vec<Coord>, Vec<(usize, u8, bool, Coord)>);

/// Exact occupancy maps of one board, fleet and rule.
pub struct MapSource {
    board: Board,
    fleet: Fleet,
    rule: TouchRule,
    cancel: CancelFlag,
    kept: Mutex<HashMap<Key, std::sync::Arc<Occupancy>>>,
    /// The CPU seconds of every map made (each on one thread).
    timings: Mutex<Vec<f64>>,
}

impl MapSource {
    pub fn new(board: &Board, fleet: &Fleet, rule: TouchRule, cancel: &CancelFlag) -> MapSource {
        MapSource {
            board: board.clone(),
            fleet: fleet.clone(),
            rule,
            cancel: cancel.clone(),
            kept: Mutex::new(HashMap::new()),
            timings: Mutex::new(Vec::new()),
        }
    }

    /// The exact map after these shots (read back if made before).
    pub fn map(&self, obs: &Observations) -> Result<std::sync::Arc<Occupancy>, CountError> {
        let mut sunk: Vec<(usize, u8, bool, Coord)> = obs
            .sunk
            .iter()
            .map(|s| (s.piece, s.rotation, s.mirrored, s.anchor))
            .collect();
        sunk.sort();
        let key: Key = (
            obs.misses.iter().copied().collect(),
            obs.hits.iter().copied().collect(),
            sunk,
        );
        if let Some(m) = self.kept.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Ok(m.clone());
        }
        let clock = ThreadCpuClock::start();
        let map = match self.after_a_kept_miss(obs)? {
            Some(map) => map,
            None => occupancy(&self.board, &self.fleet, &self.request(obs), &self.cancel, &|_| {})?,
        };
        let map = std::sync::Arc::new(map);
        let seconds = clock.seconds();
        self.timings.lock().unwrap_or_else(|e| e.into_inner()).push(seconds);
        if seconds > KEEP_ABOVE_SECONDS {
            let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            if kept.len() < MAX_KEPT {
                kept.insert(key, map.clone());
            }
        }
        Ok(map)
    }

    fn request(&self, obs: &Observations) -> CountRequest {
        CountRequest {
            engine: Engine::Auto,
            threads: 1,
            rule: self.rule,
            observations: obs.clone(),
        }
    }

    /// Misses only, and the map without one of them is kept: this map from it.
    fn after_a_kept_miss(&self, obs: &Observations) -> Result<Option<Occupancy>, CountError> {
        if !obs.hits.is_empty() || !obs.sunk.is_empty() {
            return Ok(None);
        }
        for &miss in &obs.misses {
            let mut before_obs = obs.clone();
            before_obs.misses.remove(&miss);
            let key: Key = (before_obs.misses.iter().copied().collect(), Vec::new(), Vec::new());
            let before = self.kept.lock().unwrap_or_else(|e| e.into_inner()).get(&key).cloned();
            if let Some(before) = before {
                let req = self.request(&before_obs);
                return occupancy_after_miss(&self.board, &self.fleet, &req, &before, miss, &self.cancel);
            }
        }
        Ok(None)
    }

    /// The seconds each map made so far took (maps read back are not in it).
    pub fn timings(&self) -> Vec<f64> {
        self.timings.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}
