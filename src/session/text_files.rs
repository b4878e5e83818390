//! Reading and writing whole text files with the limits every input has:
//! at most [`MAX_FILE_BYTES`], valid UTF-8 (a leading byte-order mark is
//! dropped), and writes that are atomic like session saves.

use super::SessionError;
use super::atomic::write_atomic;
use std::io::Read;
use std::path::Path;

/// The largest file Fleetscope reads (sessions, models, puzzles).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The file's text; refuses files over the limit without reading them whole.
pub fn read_text(path: &Path) -> Result<String, SessionError> {
    let rerr = |source| SessionError::Read {
        path: path.into(),
        source,
    };
    let file = std::fs::File::open(path).map_err(rerr)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(rerr)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(SessionError::TooLarge {
            path: path.into(),
            limit: MAX_FILE_BYTES,
        });
    }
    let mut text = String::from_utf8(bytes).map_err(|e| SessionError::Invalid {
        what: path.display().to_string(),
        message: format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..3);
    }
    Ok(text)
}

/// Writes `text` atomically (temp file, fsync, rename).
pub fn write_text(path: &Path, text: &str) -> Result<(), SessionError> {
    write_atomic(path, text.as_bytes())
}
