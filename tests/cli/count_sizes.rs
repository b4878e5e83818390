//! `count --sizes`: the classic fleet's sequence against the published
//! counts, labelled and distinct; a fleet too large for the cluster counter
//! is counted size by size; bad ranges are refused with one line.

use crate::common::*;

#[test]
fn the_classic_sequence_is_printed_one_size_a_line() {
    let j = json_of(&["count", "classic", "--sizes", "5..=7", "--json"]);
    assert_eq!(j["engine"], "clusters");
    let sizes = j["sizes"].as_array().unwrap();
    let labelled: Vec<&str> = sizes.iter().map(|s| s["labelled"].as_str().unwrap()).collect();
    assert_eq!(labelled, ["80848", "6687136", "124757096"]);
    // Two ships of length 3: each layout is counted twice when ships are distinct.
    assert_eq!(sizes[0]["distinct_layouts"], "40424");
    let out = fleetscope(&["count", "classic", "--sizes", "9..11"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("6,788,392,256") && text.contains("30,093,975,536"),
        "{text}"
    );
    assert!(!text.contains("108,166,477,824"), "11 is past 9..11: {text}");
}

#[test]
fn many_ships_are_counted_size_by_size_and_bad_ranges_refused() {
    let j = json_of(&["count", "russian", "--sizes", "4..=5", "--json"]);
    assert_ne!(j["engine"], "clusters");
    assert_eq!(j["sizes"].as_array().unwrap().len(), 2);
    for (sizes, says) in [
        ("0..4", "--sizes"),
        ("5..5", "--sizes"),
        ("3..99", "--sizes"),
        ("a..b", "--sizes"),
        ("5", "--sizes"),
    ] {
        let o = fleetscope(&["count", "classic", "--sizes", sizes]);
        assert_eq!(o.status.code(), Some(2), "{sizes}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{sizes}: {err}");
    }
    let o = fleetscope(&["count", "russian", "--sizes", "4..5", "--engine", "clusters"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("at most"));
}

#[test]
fn auto_counts_a_large_board_with_the_clusters_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.ron");
    let p = path.to_str().unwrap();
    assert!(fleetscope(&["new-session", p, "classic"]).status.success());
    let text = std::fs::read_to_string(&path).unwrap();
    let text = text
        .replacen("rows: 10,", "rows: 20,", 1)
        .replacen("cols: 10,", "cols: 20,", 1);
    std::fs::write(&path, text).unwrap();
    let j = json_of(&["count", p, "--json"]);
    assert_eq!(j["engine"], "clusters");
    assert_eq!(j["labelled"], "137408668491984");
    assert!(j["note"].as_str().unwrap().contains("cluster counter"));
}
