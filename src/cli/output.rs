//! Files a command writes: a file already there is replaced only when the
//! command is told so with `--force` (a mistyped name would otherwise cost
//! a session, a model or an embedding found in minutes).

use std::path::Path;

/// Refuses to write `file` over anything already there unless `force`;
/// checked before the work, so that a refusal costs nothing.
pub fn check_new_file(file: &Path, force: bool) -> Result<(), String> {
    // A link, even one that leads nowhere, counts as there.
    if force || std::fs::symlink_metadata(file).is_err() {
        return Ok(());
    }
    Err(format!(
        "{} is already there (use --force to overwrite it, or choose another name)",
        crate::quote::path(file)
    ))
}

/// [`check_new_file`] for every file an export into a folder would write.
pub fn check_new_files<'a>(files: impl IntoIterator<Item = &'a Path>, force: bool) -> Result<(), String> {
    files.into_iter().try_for_each(|f| check_new_file(f, force))
}
