//! Serde shapes of the engine types a request or result holds that do not
//! derive serde themselves yet (`#[serde(remote = …)]`): the compiler checks
//! each against the real type, so a field added there fails the build here
//! until it is added too. Once the engines derive them, these go.

use crate::hardware::Ranges;
use crate::puzzle::deduce::Grade;
use crate::puzzle::{Elimination, QuboOptions};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
#[serde(remote = "Elimination")]
pub(crate) enum EliminationDef {
    Givens,
    Forced,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "QuboOptions", deny_unknown_fields)]
pub(crate) struct QuboOptionsDef {
    #[serde(with = "EliminationDef")]
    elimination: Elimination,
    epsilon: f64,
    diagonal_penalty: Option<f64>,
    placements: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Grade")]
pub(crate) enum GradeDef {
    Easy,
    Medium,
    Hard,
    Fiendish,
    NeedsSearch,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Ranges", deny_unknown_fields)]
pub(crate) struct RangesDef {
    h: (f64, f64),
    j: (f64, f64),
}
