//! Recovery copies: while a session has unsaved changes, the app keeps a copy
//! in a fixed folder, one per running instance (named by its process id), so
//! two instances never overwrite or delete each other's. On start, a copy
//! left by an instance that is no longer running is offered.

use super::atomic::write_atomic;
use super::process::is_running;
use super::{Session, SessionError, parse_session, read_text, to_ron};
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

/// The recovery copies in one folder; this instance writes its own.
#[derive(Clone, Debug)]
pub struct RecoveryStore {
    dir: PathBuf,
    pid: u32,
    /// A copy of a finished instance that was offered (removed once answered).
    offered: std::sync::Arc<std::sync::Mutex<Option<u32>>>,
}

impl RecoveryStore {
    pub fn new(dir: impl Into<PathBuf>) -> RecoveryStore {
        RecoveryStore::for_process(dir, std::process::id())
    }

    /// A store writing as process `pid` (tests pretend to be other instances).
    pub fn for_process(dir: impl Into<PathBuf>, pid: u32) -> RecoveryStore {
        RecoveryStore {
            dir: dir.into(),
            pid,
            offered: Default::default(),
        }
    }

    fn session_path(&self, pid: u32) -> PathBuf {
        self.dir.join(format!("recovery-{pid}.ron"))
    }

    fn header_path(&self, pid: u32) -> PathBuf {
        self.dir.join(format!("recovery-{pid}-origin.ron"))
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes this instance's recovery copy (atomically, like a save).
    pub fn write(&self, recovery: &Recovery) -> Result<(), SessionError> {
        fs::create_dir_all(&self.dir).map_err(|source| SessionError::Write {
            path: self.dir.clone(),
            source,
        })?;
        let header = ron::to_string(&RecoveryHeader {
            file: recovery.file.clone(),
        })
        .map_err(|e| SessionError::Encode(e.to_string()))?;
        write_atomic(&self.header_path(self.pid), header.as_bytes())?;
        write_atomic(&self.session_path(self.pid), to_ron(&recovery.session)?.as_bytes())
    }

    /// The newest copy left by an instance that is no longer running, if any.
    /// A damaged copy is reported, not hidden.
    pub fn read(&self) -> Option<Result<Recovery, SessionError>> {
        let mut left: Vec<(std::time::SystemTime, u32)> = fs::read_dir(&self.dir)
            .ok()?
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let pid: u32 = name.strip_prefix("recovery-")?.strip_suffix(".ron")?.parse().ok()?;
                let when = e.metadata().and_then(|m| m.modified()).ok()?;
                (pid != self.pid && !is_running(pid)).then_some((when, pid))
            })
            .collect();
        left.sort();
        let (_, pid) = left.pop()?;
        *self.offered.lock().unwrap_or_else(|e| e.into_inner()) = Some(pid);
        let path = self.session_path(pid);
        let read = || -> Result<Recovery, SessionError> {
            let text = read_text(&path)?;
            let session = parse_session(&text, "the recovery copy")?;
            let file = fs::read_to_string(self.header_path(pid))
                .ok()
                .and_then(|t| ron::from_str::<RecoveryHeader>(&t).ok())
                .and_then(|h| h.file);
            Ok(Recovery { session, file })
        };
        Some(read())
    }

    /// Removes this instance's copy (after a save) and the offered copy of a
    /// finished instance (once restored or discarded).
    pub fn clear(&self) {
        let offered = self.offered.lock().unwrap_or_else(|e| e.into_inner()).take();
        for pid in std::iter::once(self.pid).chain(offered) {
            let _ = fs::remove_file(self.session_path(pid));
            let _ = fs::remove_file(self.header_path(pid));
        }
    }
}
