//! A family's own rules for the ladder, on top of its model's: the ones no
//! count, "not both" or link expresses (a fleet's ships, Takuzu's distinct
//! lines, Tents' one tent per tree). The family hands them over with its model.

use super::{Contradiction, Deduction, State};
use crate::puzzle::model::PuzzleModel;

/// Rules a family adds to its model's, read from the ladder's state.
pub trait FamilyRules: Send + Sync {
    /// The first deduction of this tier (1 or 2) from `state`; it must decide
    /// at least one open cell.
    fn deduce(&self, model: &PuzzleModel, state: &State, tier: u8) -> Option<Deduction>;
    /// A rule of the family that `state` already breaks.
    fn broken(&self, model: &PuzzleModel, state: &State) -> Option<Contradiction>;
}

/// What the ladder reasons on: the family's model and its own rules.
pub struct LadderSpec {
    pub model: PuzzleModel,
    pub rules: Option<Box<dyn FamilyRules>>,
}

impl LadderSpec {
    /// A model whose rules say everything.
    pub fn plain(model: PuzzleModel) -> LadderSpec {
        LadderSpec { model, rules: None }
    }
}
