//! UI tests: every room driven headless through egui_kittest, alone on a session
//! (`RoomHost`) or inside the whole app.

mod app;
mod boards;
mod common;
mod counter;
mod generate_dialog;
mod plots;
mod prompts;
mod puzzle_logic;
mod puzzle_setter;
mod puzzle_status;
mod puzzle_view;
mod puzzles;
mod rooms;
mod solver;
mod solver_hardware;
mod solver_params;
mod solver_settings;
mod solver_stop;
mod tomography;
