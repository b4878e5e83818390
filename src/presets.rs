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
