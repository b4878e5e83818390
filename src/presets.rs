//! Presets shipped with the app (boards, fleets, sample deployments), embedded at build time.

use crate::session::{SessionError, Setup, parse_setup};

include!(concat!(env!("OUT_DIR"), "/presets.rs"));

/// Keys of all presets (file names without `.ron`).
pub fn keys() -> Vec<&'static str> {
    PRESET_FILES.iter().map(|(k, _)| *k).collect()
}

/// Parses the preset with the given key; `None` when there is no such preset.
pub fn load(key: &str) -> Option<Result<Setup, SessionError>> {
    PRESET_FILES
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(k, text)| parse_setup(text, &format!("preset '{k}'")))
}

/// Every preset, parsed. A broken preset is a build defect; tests check all of them.
pub fn all() -> Vec<(&'static str, Setup)> {
    PRESET_FILES
        .iter()
        .filter_map(|(k, text)| parse_setup(text, k).ok().map(|s| (*k, s)))
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::presets;

    // A setup edit (in the run layer) on a preset: the ships stay with their pieces.
    #[test]
    fn removing_and_swapping_pieces_keeps_ships_attached() {
        let mut s = presets::load("csp-sample-4x4").unwrap().unwrap();
        let before = s.deployment.occupancy(&s.fleet);
        s.swap_pieces(0, 3);
        assert_eq!(s.fleet.pieces[0].name, "Three");
        let after: std::collections::HashMap<_, _> = s
            .deployment
            .occupancy(&s.fleet)
            .into_iter()
            .map(|(c, p)| (c, s.fleet.pieces[p].name.clone()))
            .collect();
        for (c, p) in before {
            let name = ["One", "Two A", "Two B", "Three"][p];
            assert_eq!(after[&c], name);
        }
        s.remove_piece(1);
        assert_eq!(s.fleet.pieces.len(), 3);
        assert_eq!(s.deployment.ships.len(), 3);
        assert!(s.validate().is_ok());
    }
}
