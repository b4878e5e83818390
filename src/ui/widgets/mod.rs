//! Reusable widgets: the board view and its geometry.

pub mod board_view;
pub mod job_progress;
pub mod layout;
pub mod palette;
pub mod rule_picker;
pub mod task;
