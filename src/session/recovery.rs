use super::io::write_atomic;
use super::{Session, SessionError, parse_session, to_ron};
use serde::{Deserialize, Serialize};
use std::fs;
use std::path::{Path, PathBuf};

/// What the autosave keeps: the unsaved session and the file it belongs to.
#[derive(Clone, Debug, PartialEq)]
pub struct Recovery {
    pub session: Session,
    /// The file the session was opened from or last saved to, if any.
    pub file: Option<PathBuf>,
}

#[derive(Serialize, Deserialize)]
struct RecoveryHeader {
    file: Option<PathBuf>,
}

/// A recovery copy in a fixed folder, written while the session has unsaved
/// changes and offered on the next start.
#[derive(Clone, Debug)]
pub struct RecoveryStore {
    dir: PathBuf,
}

impl RecoveryStore {
    pub fn new(dir: impl Into<PathBuf>) -> RecoveryStore {
        RecoveryStore { dir: dir.into() }
    }

    fn session_path(&self) -> PathBuf {
        self.dir.join("recovery.ron")
    }

    fn header_path(&self) -> PathBuf {
        self.dir.join("recovery-origin.ron")
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes the recovery copy (atomically, like a save).
    pub fn write(&self, recovery: &Recovery) -> Result<(), SessionError> {
        fs::create_dir_all(&self.dir).map_err(|source| SessionError::Write {
            path: self.dir.clone(),
            source,
        })?;
        let header = ron::to_string(&RecoveryHeader {
            file: recovery.file.clone(),
        })
        .map_err(|e| SessionError::Encode(e.to_string()))?;
        write_atomic(&self.header_path(), header.as_bytes())?;
        write_atomic(&self.session_path(), to_ron(&recovery.session)?.as_bytes())
    }

    /// The recovery copy, if one was left behind. A damaged copy is reported, not hidden.
    pub fn read(&self) -> Option<Result<Recovery, SessionError>> {
        let path = self.session_path();
        if !path.exists() {
            return None;
        }
        let read = || -> Result<Recovery, SessionError> {
            let text = super::read_text(&path)?;
            let session = parse_session(&text, "the recovery copy")?;
            let file = fs::read_to_string(self.header_path())
                .ok()
                .and_then(|t| ron::from_str::<RecoveryHeader>(&t).ok())
                .and_then(|h| h.file);
            Ok(Recovery { session, file })
        };
        Some(read())
    }

    /// Removes the recovery copy (after a save, or when the user discards it).
    pub fn clear(&self) {
        let _ = fs::remove_file(self.session_path());
        let _ = fs::remove_file(self.header_path());
    }
}
