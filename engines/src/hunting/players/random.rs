//! *random*: any cell not shot yet.

use crate::cover::CountError;
use crate::geometry::Coord;
use crate::hunting::strategy::{Strategy, StrategyInfo, View, no_cell};
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

pub const RANDOM: StrategyInfo = StrategyInfo {
    key: "random",
    title: "random",
    help: "Any cell not shot yet",
    exact: false,
    new: |_| Box::new(RandomPlayer),
};

struct RandomPlayer;

impl Strategy for RandomPlayer {
    fn next_shot(&mut self, view: &View<'_>, rng: &mut ChaCha8Rng) -> Result<Coord, CountError> {
        view.unshot().choose(rng).copied().ok_or_else(no_cell)
    }
}
