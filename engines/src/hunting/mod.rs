//! The strategy lab: hunting strategies (random, hunt/target, parity,
//! DataGenetics' per-ship density, and the exact posterior's players) played
//! against the same hidden fleets, random or adversarial, with the exact
//! maps shared between games; the statistics of shots to sink the fleet.

mod adversary;
mod arena;
mod lab;
mod maps;
mod players;
mod stats;
mod strategy;

pub use arena::{Arena, GameRecord, play};
pub use lab::{Hiders, LabReport, LabRequest, MAX_GAMES, hidden_fleets, run_lab, run_lab_watched};
pub use maps::MapSource;
pub use players::{StrategyKind, pick};
pub use stats::{ShotStats, cumulative_share, quantile, t_975};
pub use strategy::{Strategy, StrategyInfo, View};
