//! One module per room of the app.

pub mod boards;
mod fleet_editor;
mod place_tool;
