//! Rules of the game shared by every engine: whether ships may touch, and what
//! shots have revealed so far.

use super::{Coord, PlacedShip};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Whether ships may touch each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum TouchRule {
    /// Ships only may not overlap (the game of the hex DLX blog and of the tomography paper).
    #[default]
    MayTouch,
    /// Ships may not touch, not even diagonally (Bimaru, the Russian game).
    NoTouch,
}

impl TouchRule {
    /// How a person says it ("ships may not touch").
    pub fn describe(self) -> &'static str {
        match self {
            TouchRule::MayTouch => "ships may touch",
            TouchRule::NoTouch => "ships may not touch",
        }
    }

    /// The word the command line and JSON use ("may-touch", "no-touch").
    pub fn keyword(self) -> &'static str {
        match self {
            TouchRule::MayTouch => "may-touch",
            TouchRule::NoTouch => "no-touch",
        }
    }

    /// Reads a keyword (also "touch", "apart").
    pub fn parse(word: &str) -> Result<TouchRule, String> {
        match word.trim().to_ascii_lowercase().as_str() {
            "may-touch" | "touch" | "maytouch" => Ok(TouchRule::MayTouch),
            "no-touch" | "apart" | "notouch" => Ok(TouchRule::NoTouch),
            _ => Err(format!(
                "unknown touch rule '{}': use may-touch or no-touch",
                crate::quote::excerpt(word)
            )),
        }
    }
}

/// The rules a setup is played under, carried with its board and fleet so every
/// room and command plays the same game. Whether mirror images count belongs to the
/// fleet (`Fleet::allow_mirror`), since it changes which pieces exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    pub touch: TouchRule,
}

impl Rules {
    pub const MAY_TOUCH: Rules = Rules {
        touch: TouchRule::MayTouch,
    };
    pub const NO_TOUCH: Rules = Rules {
        touch: TouchRule::NoTouch,
    };
}

/// The touch rule a computation uses: the setup's, unless the user chose another
/// for this one computation. Results print `describe` so the rule is never hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleChoice {
    pub rule: TouchRule,
    pub overridden: bool,
}

impl RuleChoice {
    pub fn new(setup: Rules, over: Option<TouchRule>) -> RuleChoice {
        RuleChoice {
            rule: over.unwrap_or(setup.touch),
            overridden: over.is_some_and(|o| o != setup.touch),
        }
    }

    /// "ships may not touch (the setup's rule)" or "ships may touch (overriding the
    /// setup's rule)".
    pub fn describe(self) -> String {
        let whose = if self.overridden {
            "overriding the setup's rule"
        } else {
            "the setup's rule"
        };
        format!("{} ({whose})", self.rule.describe())
    }
}

/// What is known from shots: water (misses), ship cells (hits), and ships the
/// game announced as sunk (a given piece at a given place).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Observations {
    pub misses: BTreeSet<Coord>,
    pub hits: BTreeSet<Coord>,
    #[serde(default)]
    pub sunk: Vec<PlacedShip>,
    /// The game announces every sinking: a ship not announced sunk cannot
    /// lie on hit cells only (a hunt recorded by hand may leave sinkings out,
    /// so this is off unless said).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sinkings_announced: bool,
}

impl Observations {
    pub fn is_empty(&self) -> bool {
        self.misses.is_empty() && self.hits.is_empty() && self.sunk.is_empty()
    }

    /// Forgets the shot at `c` (and a sinking that covered it).
    pub fn clear_cell(&mut self, c: Coord, fleet: &super::Fleet) {
        self.misses.remove(&c);
        self.hits.remove(&c);
        self.sunk.retain(|s| !s.cells(fleet).contains(&c));
    }
}
