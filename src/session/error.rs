use std::path::PathBuf;
use thiserror::Error;

/// Why a session or preset could not be read or written.
#[derive(Debug, Error)]
pub enum SessionError {
    #[error("cannot read {}: {source}", crate::quote::path(.path))]
    Read { path: PathBuf, source: std::io::Error },
    #[error("{} is larger than {limit} bytes: not read", crate::quote::path(.path))]
    TooLarge { path: PathBuf, limit: u64 },
    #[error("cannot write {}: {source}", crate::quote::path(.path))]
    Write { path: PathBuf, source: std::io::Error },
    #[error("{what}: line {line}, column {col}: {message}")]
    Syntax {
        what: String,
        line: usize,
        col: usize,
        message: String,
    },
    #[error("{what} was written by a newer Fleetscope (format version {found}; this build reads up to {supported})")]
    NewerVersion { what: String, found: u32, supported: u32 },
    #[error("{what}: format version {found} is not valid (versions start at 1)")]
    BadVersion { what: String, found: u32 },
    #[error("{what}: {message}")]
    Invalid { what: String, message: String },
    #[error("cannot encode the session as RON: {0}")]
    Encode(String),
}
