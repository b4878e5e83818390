//! Reading and writing whole text files with the limits every input has:
//! regular files only (a FIFO or a device would block or never end), at most
//! [`MAX_FILE_BYTES`], valid UTF-8 (a leading byte-order mark is dropped), and
//! writes that are atomic like session saves and never larger than what the
//! reader takes back.

use super::SessionError;
use super::atomic::write_atomic;
use std::io::Read;
use std::path::Path;

/// The largest file Fleetscope reads (sessions, models, puzzles).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The file's text; refuses files over the limit without reading them whole.
pub fn read_text(path: &Path) -> Result<String, SessionError> {
    let bytes = read_bytes(path)?;
    let mut text = String::from_utf8(bytes).map_err(|e| SessionError::Invalid {
        what: crate::quote::path(path),
        message: format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..3);
    }
    Ok(text)
}

/// The file's bytes (a binary model), with the same limits as [`read_text`].
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, SessionError> {
    let rerr = |source| SessionError::Read {
        path: path.into(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(rerr)?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a folder"
        } else {
            "not a regular file (a pipe or a device)"
        };
        return Err(rerr(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("it is {what}"),
        )));
    }
    let file = std::fs::File::open(path).map_err(rerr)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(rerr)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(SessionError::TooLarge {
            path: path.into(),
            limit: MAX_FILE_BYTES,
        });
    }
    Ok(bytes)
}

/// Writes `text` atomically (temp file, fsync, rename); refuses text over
/// [`MAX_FILE_BYTES`], which [`read_text`] would not read back.
pub fn write_text(path: &Path, text: &str) -> Result<(), SessionError> {
    write_atomic(path, text.as_bytes())
}

/// Writes `bytes` atomically (a binary model), like [`write_text`].
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), SessionError> {
    write_atomic(path, bytes)
}

/// Refuses an output path that is one of the inputs (the write would replace
/// what the command reads); paths are compared as files, links followed.
pub fn check_not_input(out: &Path, inputs: &[&Path]) -> Result<(), SessionError> {
    use std::os::unix::fs::MetadataExt;
    let Ok(o) = std::fs::metadata(out) else { return Ok(()) };
    for input in inputs {
        if let Ok(i) = std::fs::metadata(input)
            && (i.dev(), i.ino()) == (o.dev(), o.ino())
        {
            return Err(SessionError::Write {
                path: out.into(),
                source: std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!(
                        "it is the input {}: write the output to another file",
                        crate::quote::path(input)
                    ),
                ),
            });
        }
    }
    Ok(())
}

/// Makes the folder an export writes into: it may exist already, its parent
/// must (a mistyped path is refused, not created with every folder above it).
pub fn create_folder(dir: &Path) -> Result<(), SessionError> {
    let write_error = |source| SessionError::Write {
        path: dir.into(),
        source,
    };
    if dir.is_dir() {
        return Ok(());
    }
    let parent = dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !parent.is_dir() {
        return Err(write_error(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("its parent folder {} does not exist", crate::quote::path(parent)),
        )));
    }
    std::fs::create_dir(dir).map_err(write_error)
}

/// The disk, read with the limits and messages of [`read_bytes`] and
/// [`read_text`]: how the app and the command line hand files to the run layer.
#[derive(Clone, Copy, Debug, Default)]
pub struct DiskFiles;

impl fleetscope_run::files::ReadFiles for DiskFiles {
    fn read_bytes(&self, path: &Path) -> Result<Vec<u8>, String> {
        read_bytes(path).map_err(|e| e.to_string())
    }

    fn read_text(&self, path: &Path) -> Result<String, String> {
        read_text(path).map_err(|e| e.to_string())
    }
}
