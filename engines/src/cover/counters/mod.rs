//! The exact counters, one adapter file each, and the list that names them: a
//! counter is its file here plus two lines below (its `mod` and its list
//! line). The list makes [`Engine`] (the names sessions and the command line
//! use, `auto` first); `auto` picks among the counters by the ranks they give
//! themselves ([`Counter::suits`]).

mod clusters;
mod dlx;
mod fast;
mod frontier;
mod input;

pub use clusters::cluster_frame;
pub use frontier::frontier_input;
pub use input::{CountInput, CountRequest};

use super::CountError;
use crate::run::{CancelFlag, Progress};

use serde::{Deserialize, Serialize};

/// What is asked of a counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// The number of deployments.
    Count,
    /// The number and, per cell, the deployments that occupy it.
    Occupancy,
}

/// How well a counter suits a setup, for `auto`: the lowest rank wins (ties
/// go to the list's order), and `why` is the sentence the result shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suitability {
    pub rank: u8,
    pub why: String,
}

/// `auto`'s policy, read top to bottom: each counter ranks itself on this
/// scale for a setup (measured on `bench count` and `bench hunt`).
pub mod rank {
    /// The cluster counter on a plain board past 128 cells when its whole run
    /// (the same on any board size) is quick.
    pub const QUICK_CLUSTERS: u8 = 0;
    /// The frontier counter on a window of at most 30 cells (the 2008 hex
    /// halves: 0.02–0.03 CPU-s against the bitboard's 0.07).
    pub const NARROW_WINDOW: u8 = 1;
    /// The bitboard counter for at most six ships on at most 128 cells (classic
    /// 10×10: 0.02 CPU-s against the frontier's 0.5); for a map, only before
    /// the first hit (after it the frontier prunes better).
    pub const FEW_SHIPS: u8 = 2;
    /// The frontier counter on a window of at most 400 cells (many ships: the
    /// Russian fleet in under a second against many minutes).
    pub const WINDOW: u8 = 3;
    /// The bitboard counter's map on at most 128 cells when the window is wide.
    pub const BITBOARD_MAP: u8 = 4;
    /// Dancing links: anything, slowly.
    pub const LAST_RESORT: u8 = 9;
}

/// Which occupancy maps a counter makes itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Maps {
    /// Every input it counts.
    Any,
    /// Only on rectangles (the cluster counter).
    Rectangles,
}

/// What a counter can do, declared once: the dispatcher, `auto`'s
/// fallbacks, the Counter room and the command line read it.
#[derive(Clone, Copy, Debug)]
pub struct Capabilities {
    /// Counts past 2^128 are reported exactly (or refused by the counter
    /// itself); without it a setup whose placements multiply past 2^127 is
    /// refused before the counter runs.
    pub past_u128: bool,
    /// The occupancy maps it makes.
    pub occupancy: Maps,
    /// Visits every deployment one by one (the room warns when that takes hours;
    /// a map is made this way only when the bitboard counter cannot make it).
    pub enumerates: bool,
    /// Where a setup it refuses, or cannot finish (`CountError::Invalid`), goes
    /// when the bitboard counter cannot take it either (`None`: the error stands).
    pub falls_back_to: Option<Engine>,
}

/// One exact counter, as `auto`, the Counter room and the command line see it.
pub trait Counter: Sync {
    /// The name the command line and the result use (`fast`, `dlx-plain`).
    fn name(&self) -> &'static str;
    /// One line for the room's tooltip.
    fn help(&self) -> &'static str;
    fn capabilities(&self) -> Capabilities;
    /// Why it cannot take `input` (`None`: it can); the sentence starts the
    /// result's note when another counter takes over.
    fn refuses(&self, input: &CountInput) -> Option<String> {
        let _ = input;
        None
    }
    /// How well it suits `input` for `question`; `None`: `auto` never picks it there.
    fn suits(&self, input: &CountInput, question: Question) -> Option<Suitability> {
        let _ = (input, question);
        None
    }
    /// The result's note when it was asked for by name.
    fn chosen_note(&self, input: &CountInput) -> Option<String> {
        let _ = input;
        None
    }
    /// The result's note when `next` takes over because of `why` (a refusal or a stop).
    fn hand_over_note(&self, why: &str, next: Engine) -> String {
        format!("{why}: counted with {}", next.name())
    }
    /// Labelled deployments; `Err(CountError::Invalid)`: it cannot finish here
    /// (the dispatcher hands over when `falls_back_to` says where).
    fn count(
        &self,
        input: &CountInput,
        cancel: &CancelFlag,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<u128, CountError>;
    /// Labelled deployments and, per playable cell (in `cover.index` order),
    /// those that occupy it; asked only where `capabilities().occupancy` allows.
    fn occupancy(
        &self,
        input: &CountInput,
        cancel: &CancelFlag,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<(u128, Vec<u128>), CountError>;
}

/// Makes [`Engine`] from the list: `Auto`, then one variant per line (its
/// name is the serde name sessions save; the order is `ALL`'s, the order the
/// room and the command line show).
macro_rules! counters {
    ($($(#[$doc:meta])* $variant:ident = $counter:expr,)+) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
        pub enum Engine {
            /// The fastest engine for the setup (see `auto.rs`); the result says which ran and why.
            #[default]
            Auto,
            $($(#[$doc])* $variant,)+
        }

        impl Engine {
            pub const ALL: [Engine; 1 + [$(stringify!($variant)),+].len()] = [Engine::Auto, $(Engine::$variant),+];

            /// The counter behind a name (`None` for `Auto`, which picks one).
            pub fn counter(self) -> Option<&'static dyn Counter> {
                match self {
                    Engine::Auto => None,
                    $(Engine::$variant => Some(&$counter),)+
                }
            }
        }
    };
}

counters! {
    /// The bitboard counter (boards of at most 128 playable cells; DLX beyond).
    Fast = fast::Fast,
    /// The frontier (transfer-matrix) counter: cost grows with the board's width.
    Frontier = frontier::Frontier,
    /// The cluster counter: a few pieces on a plain board of any size (cost
    /// grows with the pieces, not the board).
    Clusters = clusters::Clusters,
    /// Dancing links with the last-item shortcut.
    Dlx = dlx::Dlx::SHORTCUT,
    /// Dancing links exactly as Knuth's Algorithm X/C branches (no shortcut).
    DlxPlain = dlx::Dlx::PLAIN,
}

impl Engine {
    /// The name the command line, sessions' readers and results use.
    pub fn name(self) -> &'static str {
        match self.counter() {
            Some(c) => c.name(),
            None => "auto",
        }
    }

    /// One line for the room's tooltip.
    pub fn help(self) -> &'static str {
        match self.counter() {
            Some(c) => c.help(),
            None => "Picks the fastest exact engine for the setup and says which and why",
        }
    }

    /// Every name, `auto` first, in the list's order (what the command line accepts).
    pub fn names() -> impl Iterator<Item = &'static str> {
        Engine::ALL.into_iter().map(Engine::name)
    }

    /// Every counter with its name, in the list's order.
    pub fn counters() -> impl Iterator<Item = (Engine, &'static dyn Counter)> {
        Engine::ALL.into_iter().filter_map(|e| Some((e, e.counter()?)))
    }
}
