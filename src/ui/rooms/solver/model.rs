//! How the Solver room words its model's settings (the model itself is built by
//! the study layer: `study::ModelRecipe`).

use crate::qubo::PinMode;

/// How known cells enter the model, for the settings panel.
pub fn pin_mode_label(m: PinMode) -> String {
    match m {
        PinMode::Penalty { weight } => format!("penalty terms (weight {weight})"),
        PinMode::Eliminate => "removed from the model".into(),
    }
}
