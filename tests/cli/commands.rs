//! The command line: presets, show, and exit code 2 with a one-line reason on bad input.

use crate::common::*;

#[test]
fn presets_lists_every_preset() {
    let out = fleetscope(&["presets"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for key in fleetscope::presets::keys() {
        assert!(text.contains(key), "{key} missing from:\n{text}");
    }
}

#[test]
fn show_prints_board_and_xray() {
    let out = fleetscope(&["show", "csp-sample-4x4"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // Row 0 of the sample solution: water, water, then the first 2-ship (symbol B).
    assert!(text.contains(". . B B  | 2"), "{text}");
    assert!(text.contains("1 3 2 2"), "{text}");
    let hex = String::from_utf8(fleetscope(&["show", "hex2008-blue"]).stdout).unwrap();
    assert_eq!(hex.matches('#').count(), 5, "{hex}");
    assert_eq!(hex.matches('.').count(), 79, "{hex}");
}

#[test]
fn show_reads_session_files() {
    let out = fleetscope(&["show", concat!(env!("CARGO_MANIFEST_DIR"), "/saves/example.ron")]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let out = fleetscope(&["show", "no-such-preset"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no-such-preset"));

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, "(version: 1, setups: [").unwrap();
    let out = fleetscope(&["show", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("line 1"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn xray_all_reproduces_figure_3() {
    // The paper's 2×5 example: 10 matrices; the two fleets (destroyer + submarine) have the least ‖ΔA‖².
    let out = fleetscope(&["xray", "all", "--json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["matrices"], "10");
    let list = v["list"].as_array().unwrap();
    assert_eq!(list.len(), 10);
    let fleets: Vec<bool> = list.iter().map(|m| m["fleet"].as_bool().unwrap()).collect();
    assert_eq!(
        fleets,
        [true, true, false, false, false, false, false, false, false, false]
    );
    assert!(list[1]["energy"].as_u64() < list[2]["energy"].as_u64());
    // Sums no matrix has: exit 2 with a reason.
    let bad = fleetscope(&["xray", "all", "--rows", "3,0", "--cols", "1,1"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(!String::from_utf8(bad.stderr).unwrap().is_empty());
}
