//! Where one game is played: the board, fleet, rule and shared exact maps
//! (`Arena`), one strategy's game against one hidden fleet (`play`), and the
//! exact player's score, which the lab and the adversarial hiders both use.

use super::maps::MapSource;
use super::players::StrategyKind;
use super::strategy::View;
use crate::cover::{CountError, HuntGame, Shot};
use crate::geometry::{Board, Coord, Deployment, Fleet, TouchRule};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// One game's shots, in order, with the answers.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub shots: Vec<(Coord, Shot)>,
    pub won: bool,
}

/// Where games are played: the board, the fleet, the rule, and the exact
/// maps every game of a run shares.
pub struct Arena<'a> {
    pub board: &'a Board,
    pub fleet: &'a Fleet,
    pub rule: TouchRule,
    pub maps: &'a MapSource,
}

/// Plays `kind` against `hidden` until the fleet is sunk (or `max_shots`).
pub fn play(
    arena: &Arena<'_>,
    kind: StrategyKind,
    hidden: &Deployment,
    seed: u64,
    max_shots: usize,
) -> Result<GameRecord, CountError> {
    let mut game = HuntGame::new(arena.fleet, hidden);
    let mut player = kind.player(arena.maps);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut history = Vec::new();
    while !game.won() && history.len() < max_shots {
        let view = View {
            board: arena.board,
            fleet: arena.fleet,
            rule: arena.rule,
            observations: &game.observations,
            history: &history,
        };
        let c = player.next_shot(&view, &mut rng)?;
        let shot = game.shoot(c);
        history.push((c, shot));
    }
    Ok(GameRecord {
        won: game.won(),
        shots: history,
    })
}

/// Shots the exact player needs against `hidden`.
pub(super) fn exact_shots(arena: &Arena<'_>, hidden: &Deployment, max_shots: usize) -> Result<usize, CountError> {
    Ok(play(arena, StrategyKind::ExactLikely, hidden, 0, max_shots)?
        .shots
        .len())
}
