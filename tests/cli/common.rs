//! Shared by the command-line tests: run the built binary.

use std::process::{Command, Output};

/// Runs `fleetscope` with these arguments and waits for it.
pub fn fleetscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fleetscope"))
        .args(args)
        .output()
        .expect("binary runs")
}

/// Runs `fleetscope`, expects success and one JSON object on stdout.
pub fn json_of(args: &[&str]) -> serde_json::Value {
    let out = fleetscope(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// Runs `fleetscope`, sends it SIGINT (Ctrl+C) after `wait`, and returns what
/// it printed with the time from the signal to its exit.
#[allow(unsafe_code)] // libc's kill, to send Ctrl+C
pub fn interrupted(args: &[&str], wait: std::time::Duration) -> (Output, std::time::Duration) {
    let child = Command::new(env!("CARGO_BIN_EXE_fleetscope"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("binary runs");
    std::thread::sleep(wait);
    let sent = std::time::Instant::now();
    // SAFETY: sends SIGINT to our own child process.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let out = child.wait_with_output().expect("the child ends");
    (out, sent.elapsed())
}

/// Runs `fleetscope`, killing it (and failing) if it has not ended after
/// `limit`: a hang is the failure, not a slow run.
pub fn run_within(args: &[&str], limit: std::time::Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fleetscope"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("binary runs");
    let start = std::time::Instant::now();
    while child.try_wait().expect("the child can be waited for").is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("{args:?} still running after {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().expect("the child ends")
}
