//! Files a request names (a model file) are read by the caller: the app and the
//! command line read the disk with the session's limits, a test or a web front
//! end hands over what it has. The run layer itself never opens a file.

use std::path::Path;

/// Reads the files a request names; errors are whole messages naming the file.
pub trait ReadFiles {
    /// The file's bytes (a binary model).
    fn read_bytes(&self, path: &Path) -> Result<Vec<u8>, String>;
    /// The file as UTF-8 text.
    fn read_text(&self, path: &Path) -> Result<String, String>;
}

/// No files at all: every read is refused (fuzzing, requests that name none).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoFiles;

impl ReadFiles for NoFiles {
    fn read_bytes(&self, path: &Path) -> Result<Vec<u8>, String> {
        Err(format!("{}: no files can be read here", crate::quote::path(path)))
    }

    fn read_text(&self, path: &Path) -> Result<String, String> {
        self.read_bytes(path).map(|_| String::new())
    }
}
