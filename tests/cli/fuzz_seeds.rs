//! The fuzz targets' checks (`fleetscope::fuzz_checks`) replayed on seed files and on
//! deterministic mutations of them (truncations, replaced bytes), so the properties the
//! fuzzers assert hold on every `cargo test`, error paths included, and not only when
//! someone fuzzes by hand with nightly. A failure lists each seed and mutation that panicked.
//! `fuzz/seeds/README.md` says where the committed seeds come from.

use fleetscope::fuzz_checks::*;
use fleetscope::puzzle::data::DATA_SETS;
use std::collections::BTreeSet;
use std::path::Path;

/// One input: where it came from (file and mutation) and its bytes.
type Input = (String, Vec<u8>);

/// Seeds up to this size are cut at every length; longer ones at this many lengths.
const ALL_PREFIXES_UP_TO: usize = 128;
/// How many positions of each seed get one byte replaced.
const REPLACED_POSITIONS: usize = 32;
/// What a replaced byte becomes, in turn: digits, signs, brackets, separators, quotes,
/// a line break, a NUL and a byte that is never UTF-8.
const REPLACEMENTS: &[u8] = b"09-.e()[]{},:\"\n \0\xffx";

/// The files of `dir` (from the repository's root) whose names end with `ext`, sorted by
/// name; none there fails, so a moved folder cannot empty the replay unseen.
fn files(dir: &str, ext: &str) -> Vec<Input> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut found: Vec<Input> = std::fs::read_dir(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.is_file() && p.to_string_lossy().ends_with(ext) && !p.to_string_lossy().ends_with(".md"))
        .map(|p| {
            (
                format!("{dir}/{}", p.file_name().unwrap().to_string_lossy()),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    found.sort();
    assert!(!found.is_empty(), "no seed ending with '{ext}' in {dir}");
    found
}

/// The committed seeds of one fuzz target, `fuzz/seeds/<target>/`.
fn committed(target: &str) -> Vec<Input> {
    files(&format!("fuzz/seeds/{target}"), "")
}

/// The seed and its mutations: cut at every length (at evenly spaced lengths for a long
/// seed), and one byte replaced at evenly spaced positions.
fn with_mutations((name, seed): &Input) -> Vec<Input> {
    let mut out = vec![(name.clone(), seed.clone())];
    let n = seed.len();
    let cuts: BTreeSet<usize> = if n <= ALL_PREFIXES_UP_TO {
        (0..n).collect()
    } else {
        (0..ALL_PREFIXES_UP_TO).map(|i| i * n / ALL_PREFIXES_UP_TO).collect()
    };
    out.extend(
        cuts.into_iter()
            .map(|len| (format!("{name} cut to {len} bytes"), seed[..len].to_vec())),
    );
    let positions: BTreeSet<usize> = (0..REPLACED_POSITIONS.min(n))
        .map(|i| i * n / REPLACED_POSITIONS.min(n))
        .collect();
    for (k, at) in positions.into_iter().enumerate() {
        let byte = REPLACEMENTS[k % REPLACEMENTS.len()];
        if seed[at] != byte {
            let mut changed = seed.clone();
            changed[at] = byte;
            out.push((format!("{name} with byte {at} set to {byte:#04x}"), changed));
        }
    }
    out
}

/// Runs `check` on every seed and every mutation of each; fails listing the inputs it
/// panicked on.
fn replay(check: fn(&[u8]), seeds: &[Input]) {
    let inputs: Vec<Input> = seeds.iter().flat_map(with_mutations).collect();
    let panicked: Vec<&str> = inputs
        .iter()
        .filter(|(_, bytes)| std::panic::catch_unwind(|| check(bytes)).is_err())
        .map(|(name, _)| name.as_str())
        .collect();
    assert!(
        panicked.is_empty(),
        "the check panicked on {} of {} inputs:\n{}",
        panicked.len(),
        inputs.len(),
        panicked.join("\n")
    );
    eprintln!("{} seeds, {} inputs", seeds.len(), inputs.len());
}

/// The seeds named `ok-…` must load, so the replay runs each round trip at least once.
fn the_ok_seeds_load(seeds: &[Input], loads: impl Fn(&[u8]) -> bool) {
    let ok: Vec<&Input> = seeds
        .iter()
        .filter(|(name, _)| name.rsplit('/').next().unwrap().starts_with("ok-"))
        .collect();
    assert!(!ok.is_empty(), "no ok- seed");
    for (name, bytes) in ok {
        assert!(loads(bytes), "{name} does not load");
    }
}

fn session_files() -> Vec<Input> {
    let mut seeds = files("saves", ".ron");
    seeds.extend(files("assets/presets", ".ron"));
    seeds.extend(files("tests/data/regressions", ".ron"));
    seeds.extend(committed("session"));
    seeds
}

#[test]
fn session_seeds_replay_through_the_fuzz_check() {
    let seeds = session_files();
    for (name, bytes) in &seeds {
        let text = std::str::from_utf8(bytes).unwrap();
        if name.starts_with("saves/") || name.starts_with("fuzz/") {
            fleetscope::session::parse_session(text, name).unwrap();
        } else if name.starts_with("assets/") {
            fleetscope::session::parse_setup(text, name).unwrap();
        }
    }
    replay(check_session, &seeds);
}

/// The `solver: (…)` field of a session file, brackets matched outside strings.
fn solver_field(text: &str) -> Option<&str> {
    let start = text.find("solver:")? + "solver:".len();
    let open = start + text[start..].find(|c: char| !c.is_whitespace())?;
    if !text[open..].starts_with('(') {
        return None;
    }
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, c) in text[open..].char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '(' if !in_string => depth += 1,
            ')' if !in_string => {
                depth -= 1;
                if depth == 0 {
                    return Some(&text[open..=open + i]);
                }
            }
            _ => {}
        }
    }
    None
}

#[test]
fn solver_settings_seeds_replay_through_the_fuzz_check() {
    let mut fields: BTreeSet<(String, Vec<u8>)> = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for (name, bytes) in session_files().into_iter().chain(committed("solver_settings")) {
        let text = String::from_utf8(bytes).unwrap();
        let field = if name.starts_with("fuzz/seeds/solver_settings/") {
            text.trim()
        } else {
            match solver_field(&text) {
                Some(field) => field,
                None => continue,
            }
        };
        if seen.insert(field.to_string()) {
            fields.insert((format!("{name} (its solver field)"), field.as_bytes().to_vec()));
        }
    }
    let fields: Vec<Input> = fields.into_iter().collect();
    assert!(fields.len() >= 3, "solver fields found: {fields:?}");
    replay(check_solver_settings, &fields);
}

#[test]
fn puzzle_seeds_replay_through_the_fuzz_check() {
    let examples = files("puzzles", ".txt");
    for (name, bytes) in &examples {
        fleetscope::puzzle::Puzzle::parse(std::str::from_utf8(bytes).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let mut seeds = examples;
    seeds.extend(files("tests/data/regressions/formats", ".txt"));
    replay(check_puzzle, &seeds);
}

#[test]
fn qubo_coo_seeds_replay_through_the_fuzz_check() {
    replay(check_qubo_coo, &files("tests/data/regressions/formats", ".coo"));
}

#[test]
fn qubo_qbsolv_seeds_replay_through_the_fuzz_check() {
    let seeds = committed("qubo_qbsolv");
    let qbsolv = fleetscope::qubo::ModelFormat::parse("qubo").unwrap();
    the_ok_seeds_load(&seeds, |b| std::str::from_utf8(b).is_ok_and(|t| qbsolv.read(t).is_ok()));
    replay(check_qubo_qbsolv, &seeds);
}

#[test]
fn bqm_seeds_replay_through_the_fuzz_check() {
    let seeds = committed("bqm");
    the_ok_seeds_load(&seeds, |b| fleetscope::qubo::read_bqm(b).is_ok());
    replay(check_bqm, &seeds);
}

#[test]
fn embedding_seeds_replay_through_the_fuzz_check() {
    let seeds = committed("embedding");
    the_ok_seeds_load(&seeds, |b| {
        std::str::from_utf8(b).is_ok_and(|t| fleetscope::hardware::embedding_from_json(t, 3).is_ok())
    });
    replay(check_embedding, &seeds);
}

/// Each line of a data-set file, led by the byte that picks its own data set (the
/// check's input) and, unmutated, by every other set's byte.
#[test]
fn records_seeds_replay_through_the_fuzz_check() {
    let mut own = Vec::new();
    let mut others = Vec::new();
    for (name, bytes) in files("tests/data/regressions/formats/records", ".jsonl") {
        let file = name.rsplit('/').next().unwrap();
        let set = DATA_SETS
            .iter()
            .position(|(f, _)| *f == file)
            .unwrap_or_else(|| panic!("{name}: no such data set"));
        for (i, line) in String::from_utf8(bytes).unwrap().lines().enumerate() {
            for pick in 0..DATA_SETS.len() {
                let input = [&[pick as u8], line.as_bytes()].concat();
                let label = format!("{name} line {} read as {}", i + 1, DATA_SETS[pick].0);
                if pick == set {
                    own.push((label, input));
                } else {
                    others.push((label, input));
                }
            }
        }
    }
    replay(check_records, &own);
    for (name, input) in &others {
        assert!(
            std::panic::catch_unwind(|| check_records(input)).is_ok(),
            "the check panicked on {name}"
        );
    }
}
