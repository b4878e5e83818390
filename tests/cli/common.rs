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
