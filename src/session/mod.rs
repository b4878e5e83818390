//! The session: everything the user works on, saved and loaded as RON.
//!
//! This module is the only place that reads or writes files. Saves are atomic
//! (temp file, fsync, rename); a file that cannot be read leaves the open
//! session untouched and yields an error naming line, column and what was expected.

mod atomic;
mod error;
mod io;
mod plans;
mod process;
mod recent;
mod recovery;
mod text_files;
mod types;

pub use error::SessionError;
pub use fleetscope_run::setup::{Setup, check_name};
pub use io::{load, parse_session, parse_setup, save, to_ron};
pub use recent::{RecentFiles, absolute_path};
pub use recovery::{Recovery, RecoveryStore};
pub use text_files::{
    DiskFiles, MAX_FILE_BYTES, check_not_input, create_folder, read_bytes, read_text, write_bytes, write_text,
};
pub use types::{
    BoardsSettings, CounterSettings, FORMAT_VERSION, HardwareSettings, LabSettings, NamedPuzzle, PlaySettings,
    PuzzleShelf, SamplerKind, SavedEmbedding, Session, SolverSettings, SolverSource, TomographySettings,
    TomographySubject, ViewState,
};
