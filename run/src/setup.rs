//! A board, a fleet and its deployment, with the hunt's shots: what every
//! room studies and every request about a fleet names. Its edits ([`ops`])
//! keep the deployment consistent; [`Setup::validate`] is what a session file
//! or a preset is checked against.

mod ops;

use crate::geometry::{Board, Deployment, Fleet, Observations, Rules, TouchRule};
use serde::{Deserialize, Serialize};

/// A board, a fleet and the fleet's current deployment: one thing to study.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub board: Board,
    pub fleet: Fleet,
    /// The rules of the game (whether ships may touch); every room uses them.
    #[serde(default)]
    pub rules: Rules,
    #[serde(default)]
    pub deployment: Deployment,
    /// Shots seen so far in the Counter room's hunt mode.
    #[serde(default)]
    pub observations: Observations,
}

/// A name printed by `show`, `count` and the app: no control or invisible
/// characters (a name holding a terminal escape could rewrite the screen).
pub fn check_name(what: &str, name: &str) -> Result<(), String> {
    match name.chars().find(|&c| crate::quote::hidden(c)) {
        Some(c) => Err(format!(
            "{what} '{}' holds the control character {}: names are plain text",
            crate::quote::excerpt(name),
            c.escape_unicode()
        )),
        None => Ok(()),
    }
}

impl Setup {
    pub fn validate(&self) -> Result<(), String> {
        check_name("the setup's name", &self.name)?;
        check_name("the board's name", &self.board.name)?;
        check_name("the fleet's name", &self.fleet.name)?;
        for p in &self.fleet.pieces {
            check_name("a piece's name", &p.name)?;
        }
        self.board.validate().map_err(|e| format!("board: {e}"))?;
        self.fleet
            .validate(self.board.lattice())
            .map_err(|e| format!("fleet: {e}"))?;
        self.deployment
            .validate(&self.fleet)
            .map_err(|e| format!("deployment: {e}"))?;
        // Every ship on playable cells, none over another (ships that touch load under
        // any rule: the Boards room says when they break the setup's).
        let mut placed = Deployment::default();
        for ship in &self.deployment.ships {
            placed
                .check(&self.board, &self.fleet, TouchRule::MayTouch, ship)
                .map_err(|e| {
                    format!(
                        "deployment: the {}: {}",
                        self.fleet.pieces[ship.piece].name,
                        crate::textview::place_error(self.board.lattice(), &e)
                    )
                })?;
            placed.place(*ship);
        }
        let o = &self.observations;
        if let Some(c) = o.hits.iter().find(|c| o.misses.contains(c)) {
            return Err(format!("observations: cell {c} is marked both hit and miss"));
        }
        if let Some(c) = o.hits.iter().chain(&o.misses).find(|c| !self.board.is_playable(**c)) {
            return Err(format!(
                "observations: shot cell {c} is not a playable cell of the board"
            ));
        }
        for s in &o.sunk {
            let Some(p) = self.fleet.pieces.get(s.piece) else {
                return Err(format!(
                    "observations: a sunk ship refers to piece {}, but the fleet has {}",
                    s.piece,
                    self.fleet.pieces.len()
                ));
            };
            if !s.anchor.in_range() {
                return Err(format!(
                    "observations: the sunk {} lies out of range at {}",
                    p.name, s.anchor
                ));
            }
            s.check_orientation(&self.fleet)
                .map_err(|e| format!("observations: sunk: {e}"))?;
            // On playable cells, as the Counter room marks a sinking (other ships aside).
            Deployment::default()
                .check(&self.board, &self.fleet, TouchRule::MayTouch, s)
                .map_err(|e| {
                    format!(
                        "observations: the sunk {}: {}",
                        p.name,
                        crate::textview::place_error(self.board.lattice(), &e)
                    )
                })?;
        }
        Ok(())
    }
}
