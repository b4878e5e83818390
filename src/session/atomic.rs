//! Atomic writes: the bytes go to a temp file beside the target, which is
//! fsynced and renamed over it, and the folder is fsynced. A symlink is written
//! through (its target is replaced, the link stays); a target that exists but
//! is not a regular file (a device, a folder) is refused; an existing target's
//! permissions are kept. Temp files left by processes that died mid-save are
//! removed on the next save in that folder.

use super::SessionError;
use super::process::is_running;
use std::fs::{self, File};
use std::io::Write;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Symlinks followed at most (a loop of links is an error, not a hang).
const MAX_LINKS: usize = 40;

fn io_error(kind: std::io::ErrorKind, msg: impl Into<String>) -> std::io::Error {
    std::io::Error::new(kind, msg.into())
}

/// The file a write to `path` lands in: symlinks followed.
fn resolve(path: &Path) -> std::io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io_error(
        std::io::ErrorKind::InvalidInput,
        "too many levels of symbolic links",
    ))
}

/// The part of a file name its temp files start with: the name, cut at 180 bytes
/// so that `.NAME.tmp-PID-N` stays within the 255 bytes a file name may have.
fn temp_stem(name: &str) -> &str {
    let mut end = name.len().min(180);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    &name[..end]
}

/// `.NAME.tmp-PID-N`: the temp file of one write by this process.
fn temp_name(name: &str) -> String {
    static N: AtomicU64 = AtomicU64::new(0);
    let name = temp_stem(name);
    format!(
        ".{name}.tmp-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// Removes `.NAME.tmp-PID…` files in `dir` whose process is gone.
fn remove_stale_temps(dir: &Path, name: &str) {
    let prefix = format!(".{}.tmp-", temp_stem(name));
    let Ok(entries) = fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let file = e.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix(&prefix) else {
            continue;
        };
        let pid: Option<i32> = rest.split('-').next().and_then(|p| p.parse().ok());
        if let Some(pid) = pid
            && pid as u32 != std::process::id()
            && !is_running(pid as u32)
        {
            let _ = fs::remove_file(e.path());
        }
    }
}

/// Creates the temp file with the target's permissions from the start (a new
/// target gets the usual 0666 less the umask): a save killed midway never
/// leaves a copy of a private file readable by others.
fn create_temp(tmp: &Path, existing: Option<&fs::Metadata>) -> std::io::Result<File> {
    let mode = existing.map_or(0o666, |m| m.permissions().mode() & 0o7777);
    let f = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(mode)
        .open(tmp)?;
    if let Some(m) = existing {
        f.set_permissions(m.permissions())?;
    }
    Ok(f)
}

pub(super) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SessionError> {
    let werr = |source| SessionError::Write {
        path: path.into(),
        source,
    };
    let limit = super::MAX_FILE_BYTES;
    if bytes.len() as u64 > limit {
        return Err(werr(io_error(
            std::io::ErrorKind::InvalidInput,
            format!(
                "{} bytes is over the {limit}-byte limit of files Fleetscope reads back: not written",
                bytes.len()
            ),
        )));
    }
    let target = resolve(path).map_err(werr)?;
    let existing = fs::metadata(&target).ok();
    if let Some(m) = &existing
        && !m.is_file()
    {
        return Err(werr(io_error(
            std::io::ErrorKind::InvalidInput,
            "it exists and is not a regular file: not replaced",
        )));
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::env::current_dir().map_err(werr)?,
    };
    let name = target
        .file_name()
        .ok_or_else(|| werr(io_error(std::io::ErrorKind::InvalidInput, "the path names no file")))?
        .to_string_lossy()
        .into_owned();
    remove_stale_temps(&dir, &name);
    let tmp = dir.join(temp_name(&name));
    let result = (|| {
        let mut f = create_temp(&tmp, existing.as_ref())?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, &target)?;
        // The rename is durable only once the folder is on disk too.
        File::open(&dir)?.sync_all()
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map_err(werr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symlinks_permissions_devices_and_stale_temps() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.ron");
        fs::write(&real, "old").unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o600)).unwrap();
        let link = dir.path().join("link.ron");
        std::os::unix::fs::symlink("real.ron", &link).unwrap();
        // A dead process's temp file (pid 1 is alive; a huge pid is not).
        let stale = dir.path().join(".real.ron.tmp-999999999-0");
        fs::write(&stale, "half").unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link).unwrap().file_type().is_symlink(),
            "the link stays"
        );
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        assert_eq!(fs::metadata(&real).unwrap().permissions().mode() & 0o777, 0o600);
        assert!(!stale.exists(), "stale temp files are removed");
        let leftovers: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().contains(".tmp-"))
            .collect();
        assert!(leftovers.is_empty());
        // The temp file of a private file is private before a byte is written.
        let tmp = dir.path().join(temp_name("real.ron"));
        let f = create_temp(&tmp, Some(&fs::metadata(&real).unwrap())).unwrap();
        assert_eq!(f.metadata().unwrap().permissions().mode() & 0o777, 0o600);
        drop(f);
        fs::remove_file(&tmp).unwrap();
        // Nothing over the read limit is written.
        let big = vec![b' '; super::super::MAX_FILE_BYTES as usize + 1];
        let e = write_atomic(&real, &big).unwrap_err();
        assert!(e.to_string().contains("limit of files Fleetscope reads back"), "{e}");
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        let e = write_atomic(Path::new("/dev/null"), b"x").unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        use std::os::unix::fs::FileTypeExt;
        assert!(fs::metadata("/dev/null").unwrap().file_type().is_char_device());
        // The longest names a file may have are written too (the temp name is cut).
        for len in [244, 255] {
            let long = dir.path().join(format!(
                "{}.ron",
                "é".repeat((len - 4) / 2) + &"x".repeat((len - 4) % 2)
            ));
            write_atomic(&long, b"long").unwrap();
            write_atomic(&long, b"again").unwrap();
            assert_eq!(fs::read_to_string(&long).unwrap(), "again");
        }
    }
}
