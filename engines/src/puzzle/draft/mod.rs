//! The drafting kit every generator shares: a family's [`Drafter`] plants a
//! solution and a first draft around it and makes small changes that keep it
//! a solution; `search.rs` is the search that judges the drafts (an exact
//! count and the deduction ladder) and `regions.rs` drafts region boards. It
//! stands on what a family is (`family/`) and names no family.

pub mod regions;
pub mod search;

use crate::puzzle::GenerateError;
use crate::puzzle::family::Rules;
use crate::run::CancelFlag;
use rand_chacha::ChaCha8Rng;

/// A family's way of making drafts.
pub trait Drafter {
    /// The family whose puzzles the drafts are.
    type Family: Rules;
    type Draft: Clone;
    /// The family and size in messages ("8×8 Queens").
    fn what(&self) -> String;
    /// A new draft around a freshly planted solution.
    fn fresh(&self, rng: &mut ChaCha8Rng, cancel: &CancelFlag) -> Result<Self::Draft, GenerateError>;
    /// A small change that keeps the planted solution a solution (`None`: the
    /// draw found none).
    fn mutate(&self, draft: &Self::Draft, rng: &mut ChaCha8Rng) -> Option<Self::Draft>;
    fn puzzle(&self, draft: &Self::Draft) -> Self::Family;
    /// Clues the accepted draft could do without (givens, links, shown counts).
    fn clues(&self, _draft: &Self::Draft) -> usize {
        0
    }
    /// The draft without clue `k` (`k < clues`).
    fn drop_clue(&self, draft: &Self::Draft, _k: usize) -> Self::Draft {
        draft.clone()
    }
    /// Changes one draft gets before a new one is planted.
    fn patience(&self) -> usize;
    /// How the climb to Fiendish may wander: a strict climb stalls on the
    /// long plateaus some families have there.
    fn wander(&self) -> Wander {
        STILL
    }
    /// Nodes (and probes) one count of a draft may take, where a few drafts
    /// would otherwise take minutes: a draft that runs out is judged as far
    /// as a draft can be. A budget, unlike a clock, keeps the search the
    /// same on every machine.
    fn node_budget(&self) -> Option<u64> {
        None
    }
}

/// How a climb may wander (simulated annealing): the chance, cooling to none
/// over a draft's changes, of keeping a change that takes a unique draft
/// farther away, and the changes a draft gets, in multiples of its patience.
#[derive(Clone, Copy, Debug)]
pub struct Wander {
    pub chance: f64,
    pub patience: usize,
}

/// A strict climb.
pub const STILL: Wander = Wander {
    chance: 0.0,
    patience: 1,
};
