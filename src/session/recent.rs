//! The sessions opened or saved last, for *File → Open recent* and the
//! *Welcome back* prompt. The paths are absolute (canonical where the file
//! exists), so the app started from any folder (a desktop launcher starts in
//! the home folder) finds them, and the list is one small RON file rewritten
//! atomically each time it changes, so a crash or a killed app loses nothing.

use super::atomic::write_atomic;
use super::{SessionError, read_text};
use std::path::{Path, PathBuf};

/// The file that keeps the list.
#[derive(Clone, Debug)]
pub struct RecentFiles {
    path: PathBuf,
}

impl RecentFiles {
    pub fn new(path: impl Into<PathBuf>) -> RecentFiles {
        RecentFiles { path: path.into() }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The list as last written, newest first. A missing or damaged file is
    /// an empty list (the list saves typing, it never stops a start), and a
    /// path that is not absolute is left out (it would depend on the folder
    /// the app starts in).
    pub fn read(&self) -> Vec<PathBuf> {
        let Ok(text) = read_text(&self.path) else {
            return Vec::new();
        };
        let list: Vec<PathBuf> = ron::from_str(&text).unwrap_or_default();
        list.into_iter().filter(|p| p.is_absolute()).collect()
    }

    /// Replaces the list (atomically, like a save).
    pub fn write(&self, list: &[PathBuf]) -> Result<(), SessionError> {
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| SessionError::Write {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let text = ron::to_string(list).map_err(|e| SessionError::Encode(e.to_string()))?;
        write_atomic(&self.path, text.as_bytes())
    }
}

/// Where `path` is, whatever folder the app was started in: canonical (links
/// and `..` resolved) when it exists, else absolute against the current folder.
pub fn absolute_path(path: &Path) -> PathBuf {
    std::fs::canonicalize(path)
        .or_else(|_| std::path::absolute(path))
        .unwrap_or_else(|_| path.to_path_buf())
}
