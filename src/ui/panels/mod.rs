//! One module per room of the app.

pub mod boards;
pub mod counter;
mod fleet_editor;
mod place_tool;
