//! Reusable widgets: the board view and its geometry.

pub mod board_view;
pub mod layout;
pub mod palette;
