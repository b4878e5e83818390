//! One module per room of the app.

pub mod boards;
pub mod counter;
pub mod fairness;
mod fleet_editor;
pub mod hunt;
mod place_tool;
pub mod tomography;
