use crate::presets;
use crate::session::{self, Setup};
use crate::textview;
use std::path::Path;

/// Key, name and board of every preset, one per line.
pub fn presets_table() -> String {
    presets::all()
        .iter()
        .map(|(key, s)| format!("{key:<16} {:<30} {}\n", s.name, textview::describe_board(s)))
        .collect()
}

/// A preset key or a session file (its active setup). Errors are one line.
pub fn resolve_source(source: &str) -> Result<Setup, String> {
    if let Some(result) = presets::load(source) {
        return result.map_err(|e| e.to_string());
    }
    let path = Path::new(source);
    if path.exists() || source.ends_with(".ron") {
        let s = session::load(path).map_err(|e| e.to_string())?;
        return Ok(s.setup().clone());
    }
    Err(format!(
        "'{}' is neither a preset (try `fleetscope presets`) nor a session file",
        crate::quote::path(source)
    ))
}

pub fn show(source: &str) -> Result<String, String> {
    resolve_source(source).map(|s| textview::render(&s))
}

/// Builds a session from sources and saves it atomically.
pub fn new_session(out: &Path, sources: &[String], random: Option<u64>, force: bool) -> Result<(), String> {
    super::output::check_new_file(out, force)?;
    if let Some(seed) = random {
        let sources_words = textview::count(sources.len(), "source", "sources");
        crate::study::seeds::check_run_of("--random", seed, sources.len(), &sources_words)?;
    }
    let mut setups = Vec::new();
    for (i, src) in sources.iter().enumerate() {
        let mut setup = resolve_source(src)?;
        if let Some(seed) = random {
            let seed = seed + i as u64;
            let draw = crate::geometry::random_deployment(&setup.board, &setup.fleet, setup.rules.touch, seed)
                .map_err(|e| format!("{src}: {e}"))?;
            if !draw.uniform {
                eprintln!("note: {src}: {}", crate::textview::not_uniform_note(draw.tries));
            }
            setup.deployment = draw.deployment;
        }
        setups.push(setup);
    }
    let inputs: Vec<&Path> = sources.iter().map(Path::new).collect();
    session::check_not_input(out, &inputs).map_err(|e| e.to_string())?;
    let mut s = session::Session::with_setup(setups.remove(0));
    s.setups.extend(setups);
    session::save(out, &s).map_err(|e| e.to_string())?;
    println!(
        "wrote {} ({})",
        crate::quote::path(out),
        crate::textview::count(s.setups.len(), "setup", "setups")
    );
    Ok(())
}
