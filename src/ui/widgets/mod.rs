//! Reusable widgets: the board view and its geometry, colours, and the
//! controls every room shares (job controls, setup and rule pickers).

pub mod board_view;
pub mod busy;
pub mod heat_legend;
pub mod job_controls;
pub mod layout;
pub mod palette;
pub mod param_field;
pub mod path_picker;
pub mod plot_style;
pub mod puzzle_grid;
pub mod qubit_view;
pub mod rule_picker;
pub mod setup_picker;
pub mod table;
pub mod ticks;
