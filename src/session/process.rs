//! Whether another instance's process still runs: stale temp files and
//! recovery copies are named by the process id that wrote them.

/// Is process `pid` running? kill with signal 0 sends nothing; it only asks.
/// A process we may not signal (EPERM) still exists, so only "no such
/// process" (ESRCH) reads as gone.
#[allow(unsafe_code)] // libc's kill
pub(super) fn is_running(pid: u32) -> bool {
    // SAFETY: kill(pid, 0) sends no signal; it only reports whether pid exists.
    let r = unsafe { libc::kill(pid as i32, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}
