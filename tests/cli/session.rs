//! Session files: round trip, atomic save, clear errors for bad files, recovery copies.

use fleetscope::presets;
use fleetscope::session::{self, FORMAT_VERSION, RecentFiles, Recovery, RecoveryStore, Session, SessionError};
use std::fs;

fn sample() -> Session {
    let mut s = Session::with_setup(presets::load("classic").unwrap().unwrap());
    s.setups.push(presets::load("hex2008-green").unwrap().unwrap());
    s.setups[1].deployment =
        fleetscope::geometry::random_deployment(&s.setups[1].board, &s.setups[1].fleet, s.setups[1].rules.touch, 3)
            .unwrap()
            .deployment;
    s.active = 1;
    s
}

#[test]
fn save_then_load_gives_the_same_session() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.ron");
    let s = sample();
    session::save(&path, &s).unwrap();
    assert_eq!(session::load(&path).unwrap(), s);
    // No temp file is left behind.
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
}

#[test]
fn not_ron_is_a_syntax_error_with_a_position() {
    let err = session::parse_session("version: 1\nthis is not ron", "x.ron").unwrap_err();
    match err {
        SessionError::Syntax { line, col, .. } => assert!(line >= 1 && col >= 1),
        other => panic!("expected a syntax error, got {other}"),
    }
}

#[test]
fn truncated_file_is_reported() {
    let text = session::to_ron(&sample()).unwrap();
    let cut = &text[..text.len() * 2 / 3];
    let err = session::parse_session(cut, "cut.ron").unwrap_err();
    let msg = err.to_string();
    assert!(matches!(err, SessionError::Syntax { .. }), "{msg}");
    assert!(msg.starts_with("cut.ron: line "), "{msg}");
}

#[test]
fn wrong_and_missing_fields_are_named() {
    let text = session::to_ron(&sample()).unwrap();
    let renamed = text.replacen("setups:", "setupz:", 1);
    let msg = session::parse_session(&renamed, "w.ron").unwrap_err().to_string();
    assert!(msg.contains("setupz"), "{msg}");
    let bad_type = text.replacen("rows: 10", "rows: \"ten\"", 1);
    let msg = session::parse_session(&bad_type, "t.ron").unwrap_err().to_string();
    assert!(msg.contains("line"), "{msg}");
}

#[test]
fn newer_version_is_refused_with_a_clear_message() {
    let text = session::to_ron(&sample()).unwrap();
    let newer = text.replacen(&format!("version: {FORMAT_VERSION}"), "version: 99", 1);
    let err = session::parse_session(&newer, "n.ron").unwrap_err();
    assert!(matches!(err, SessionError::NewerVersion { found: 99, .. }), "{err}");
    assert!(err.to_string().contains("newer"));
}

#[test]
fn invalid_contents_are_named() {
    let mut s = sample();
    s.active = 7;
    let text = session::to_ron(&s).unwrap();
    let msg = session::parse_session(&text, "a.ron").unwrap_err().to_string();
    assert!(msg.contains("active"), "{msg}");
    let text = session::to_ron(&sample()).unwrap().replacen("rows: 10", "rows: 100", 1);
    let msg = session::parse_session(&text, "b.ron").unwrap_err().to_string();
    assert!(msg.contains("setup 1") && msg.contains("100"), "{msg}");
}

/// A session may not hold values the room and the command line refuse: a
/// walk of 2⁶⁴ − 1 interchanges, chain strengths that are not numbers.
#[test]
fn values_the_command_line_refuses_are_refused_in_a_session() {
    let text = session::to_ron(&sample()).unwrap();
    for (from, to, says) in [
        ("walk_k: 3", "walk_k: 18446744073709551615", "walk_k must be 1 to 16"),
        (
            "stealth_iterations: 3000",
            "stealth_iterations: 0",
            "stealth_iterations must be 1",
        ),
        ("strengths: \"\"", "strengths: \"NaN,inf,-1\"", "hardware strengths"),
    ] {
        assert!(text.contains(from), "{from}");
        let msg = session::parse_session(&text.replacen(from, to, 1), "v.ron")
            .unwrap_err()
            .to_string();
        assert!(msg.contains(says), "{to}: {msg}");
    }
}

#[test]
fn failed_save_cleans_up_its_temp_file() {
    let dir = tempfile::tempdir().unwrap();
    // A folder in the way of the temp file's rename target makes the save fail late.
    let blocked = dir.path().join("sub");
    fs::create_dir(&blocked).unwrap();
    fs::create_dir(blocked.join("x.ron")).unwrap();
    fs::write(blocked.join("x.ron").join("inside"), "").unwrap();
    assert!(session::save(&blocked.join("x.ron"), &sample()).is_err());
    let leftovers: Vec<_> = fs::read_dir(&blocked)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "temp file removed: {leftovers:?}");
    let missing_dir = dir.path().join("no/such/dir/s.ron");
    assert!(matches!(
        session::save(&missing_dir, &sample()),
        Err(SessionError::Write { .. })
    ));
}

/// A copy left by a finished instance is offered; a running instance's copy
/// is neither offered to nor removed by another.
#[test]
fn recovery_copies_are_one_per_instance() {
    let dir = tempfile::tempdir().unwrap();
    let rec_dir = dir.path().join("rec");
    // An instance that has ended (no such process) and this running test.
    let gone = RecoveryStore::for_process(&rec_dir, 999_999_999);
    let me = RecoveryStore::new(&rec_dir);
    assert!(me.read().is_none());
    let rec = Recovery {
        session: sample(),
        file: Some("saves/x.ron".into()),
    };
    gone.write(&rec).unwrap();
    me.write(&Recovery {
        session: sample(),
        file: None,
    })
    .unwrap();
    // Another instance starting now sees the finished one's copy, not ours.
    let other = RecoveryStore::for_process(&rec_dir, 999_999_998);
    assert_eq!(other.read().unwrap().unwrap(), rec);
    // This instance clearing its own copy leaves the finished one's in place …
    me.clear();
    assert!(other.read().is_some());
    // … until someone who was offered it answers.
    other.clear();
    assert!(RecoveryStore::for_process(&rec_dir, 999_999_997).read().is_none());
}

/// The recent files list: written atomically into a folder it makes, read
/// back as written; paths that are not absolute and a damaged file are left
/// out rather than stopping a start.
#[test]
fn the_recent_list_keeps_absolute_paths_only() {
    let dir = tempfile::tempdir().unwrap();
    let store = RecentFiles::new(dir.path().join("state/recent.ron"));
    assert!(store.read().is_empty(), "no file yet");
    let list = vec![dir.path().join("a.ron"), dir.path().join("b c.ron")];
    store.write(&list).unwrap();
    assert_eq!(store.read(), list);
    std::fs::write(store.path(), "[\"saves/walk1.ron\", \"/abs/walk2.ron\"]").unwrap();
    assert_eq!(store.read(), vec![std::path::PathBuf::from("/abs/walk2.ron")]);
    std::fs::write(store.path(), "[\"cut short").unwrap();
    assert!(store.read().is_empty());
    let relative = std::path::Path::new("saves/walk1.ron");
    let absolute = session::absolute_path(relative);
    assert!(
        absolute.is_absolute() && absolute.ends_with(relative),
        "{}",
        absolute.display()
    );
}

#[test]
fn every_preset_and_the_example_session_load() {
    for key in presets::keys() {
        presets::load(key).unwrap().unwrap_or_else(|e| panic!("{key}: {e}"));
    }
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/saves/example.ron");
    let s = session::load(std::path::Path::new(example)).unwrap();
    assert!(s.setups.len() >= 2);
}

#[test]
fn the_tomography_image_is_saved_as_readable_lines() {
    let mut s = sample();
    s.tomography.subject = session::TomographySubject::Image;
    s.tomography.image = fleetscope::geometry::BinaryMatrix::parse("#.\n.#\n##").unwrap();
    let text = session::to_ron(&s).unwrap();
    assert!(text.contains("\"#.\"") && text.contains("\"##\""), "{text}");
    assert_eq!(session::parse_session(&text, "img.ron").unwrap(), s);
    // Ragged rows are refused with a reason, not a panic.
    let ragged = text.replacen("\"##\"", "\"###\"", 1);
    let msg = session::parse_session(&ragged, "r.ron").unwrap_err().to_string();
    assert!(msg.contains("different lengths"), "{msg}");
    // Files written before the Tomography room existed still load (its settings default).
    let old = text.replace(&text[text.find("tomography:").unwrap()..text.rfind(')').unwrap()], "");
    assert!(session::parse_session(&old, "old.ron").is_ok(), "{old}");
}

/// Version 1 kept the touch rule in the Counter and Tomography rooms. Loading such
/// a session gives every setup the Counter's rule (its counts read as before) and
/// keeps the Tomography room's own rule as its override where it differed; the
/// session is written back as the current version with the rules in the setups.
#[test]
fn version_1_sessions_give_their_counter_rule_to_every_setup() {
    let setup = "(name: \"x\", board: (name: \"b\", shape: Square(rows: 4, cols: 4)), \
                 fleet: (name: \"f\", lattice: Square, pieces: [(name: \"a\", cells: [(0, 0)])]))";
    let text =
        format!("(version: 1, setups: [{setup}, {setup}], counter: (rule: NoTouch), tomography: (rule: MayTouch))");
    let s = session::parse_session(&text, "old.ron").unwrap();
    assert_eq!(s.version, FORMAT_VERSION);
    for x in &s.setups {
        assert_eq!(x.rules.touch, fleetscope::geometry::TouchRule::NoTouch);
    }
    assert_eq!(s.counter.touch_override, None);
    assert_eq!(
        s.tomography.touch_override,
        Some(fleetscope::geometry::TouchRule::MayTouch)
    );
    let written = session::to_ron(&s).unwrap();
    assert!(!written.contains("legacy"), "{written}");
    assert_eq!(session::parse_session(&written, "new.ron").unwrap(), s);

    // The same rule in both rooms: no override.
    let text = format!("(version: 1, setups: [{setup}], counter: (rule: NoTouch), tomography: (rule: NoTouch))");
    assert_eq!(
        session::parse_session(&text, "old.ron")
            .unwrap()
            .tomography
            .touch_override,
        None
    );
}

/// A small session as a file holds it, with `extra` fields added to the
/// session and `setup` fields to its one setup.
fn small_session(extra: &str, setup: &str) -> String {
    format!(
        "(version: 2, {extra} setups: [(name: \"S\", board: (name: \"b\", shape: Square(rows: 4, cols: 4), \
         islands: []), fleet: (name: \"f\", lattice: Square, allow_mirror: false, pieces: [(name: \"P\", \
         cells: [(0, 0), (0, 1)])]), {setup})])"
    )
}

#[test]
fn the_small_session_loads() {
    session::parse_session(&small_session("", ""), "s.ron").unwrap();
    let pinned = small_session("solver: (pins: [((63, 63), true)]),", "");
    session::parse_session(&pinned, "s.ron").unwrap();
}

/// A setup's name with a line break is quoted escaped where the message
/// names the setup too, so the error stays one line.
#[test]
fn a_bad_setup_name_keeps_the_error_on_one_line() {
    let text = small_session("", "").replace("name: \"S\"", "name: \"Two\\nlines\"");
    let msg = session::parse_session(&text, "n.ron").unwrap_err().to_string();
    assert!(!msg.contains('\n'), "{msg}");
    assert!(msg.contains("setup 1 ('Two\\u{a}lines')"), "{msg}");
}

/// Known cells are cells of a picture (at most 64×64), counted from 1 in the
/// message without wrapping.
#[test]
fn known_cells_off_every_picture_are_named_from_1() {
    for (pin, says) in [
        ("((18446744073709551615, 0), true)", "row 18446744073709551616, col 1"),
        ("((64, 0), false)", "row 65, col 1"),
        ("((0, 1048575), false)", "row 1, col 1048576"),
    ] {
        let text = small_session(&format!("solver: (pins: [{pin}]),"), "");
        let msg = session::parse_session(&text, "p.ron").unwrap_err().to_string();
        assert!(msg.contains(says) && msg.contains("64×64"), "{pin}: {msg}");
    }
}

/// Ships the rooms could not have placed: a rotation the lattice lacks, a
/// mirror the fleet forbids, a sunk ship off the board.
#[test]
fn ships_no_room_could_place_are_refused() {
    for (setup, says) in [
        (
            "deployment: (ships: [(piece: 0, rotation: 255, mirrored: false, anchor: (0, 0))])",
            "rotation 255",
        ),
        (
            "deployment: (ships: [(piece: 0, rotation: 4, mirrored: false, anchor: (0, 0))])",
            "rotation 4",
        ),
        (
            "deployment: (ships: [(piece: 0, rotation: 0, mirrored: true, anchor: (0, 0))])",
            "mirrored",
        ),
        (
            "observations: (misses: [], hits: [], sunk: [(piece: 0, rotation: 200, mirrored: true, anchor: (1, 1))])",
            "rotation 200",
        ),
        (
            "observations: (misses: [], hits: [], sunk: [(piece: 0, rotation: 0, mirrored: false, anchor: (4000, 4000))])",
            "off the board",
        ),
    ] {
        let text = small_session("", setup);
        let msg = session::parse_session(&text, "d.ron").unwrap_err().to_string();
        assert!(msg.contains(says), "{setup}: {msg}");
    }
    let fine = small_session(
        "",
        "deployment: (ships: [(piece: 0, rotation: 3, mirrored: false, anchor: (1, 1))])",
    );
    session::parse_session(&fine, "d.ron").unwrap();
}

/// A saved embedding's chains are checked as far as they can be without the
/// model: a qubit the graph has no label for, one in two chains, an empty
/// chain; and the strategy lab names each strategy once.
#[test]
fn saved_chains_and_lab_strategies_are_checked() {
    for (extra, says) in [
        (
            "solver: (hardware: (embedding: Some((target: \"pegasus:2\", chains: [[4294967295]])))),",
            "qubit 4294967295",
        ),
        (
            "solver: (hardware: (embedding: Some((target: \"pegasus:2\", chains: [[1, 2], [2]])))),",
            "qubit 2 is in the chains of 0 and 1",
        ),
        (
            "solver: (hardware: (embedding: Some((target: \"pegasus:2\", chains: [[1], []])))),",
            "variable 1 has no chain",
        ),
        (
            "counter: (lab: (strategies: [Random, ShipDensity, Random])),",
            "Random twice",
        ),
    ] {
        let text = small_session(extra, "");
        let msg = session::parse_session(&text, "e.ron").unwrap_err().to_string();
        assert!(msg.contains(says), "{extra}: {msg}");
    }
    let fine = small_session("counter: (lab: (strategies: [])),", "");
    session::parse_session(&fine, "e.ron").unwrap();
}

/// Each sampler's settings are read and stored by kind, where files have
/// always kept them (so a saved session reads back as it was written).
#[test]
fn sampler_settings_are_kept_by_kind() {
    use fleetscope::session::SamplerKind;
    use fleetscope::solve::{ParamValue, Solver};
    let mut s = sample();
    let kinds: Vec<SamplerKind> = s.solver.all_settings().iter().map(Solver::kind).collect();
    assert_eq!(kinds, SamplerKind::ALL);
    for &kind in SamplerKind::ALL {
        assert_eq!(s.solver.settings_of(kind), kind.default_solver(), "{kind}");
        let mut changed = s.solver.settings_of(kind);
        let first = kind.params()[0].name;
        changed.set(first, ParamValue::Count(7)).unwrap();
        s.solver.set_settings(changed.clone());
        assert_eq!(s.solver.settings_of(kind), changed, "{kind}");
    }
    assert!(s.solver.other_samplers.is_empty(), "SA and tabu keep their own fields");
    assert_eq!((s.solver.anneal.sweeps, s.solver.tabu.restarts), (7, 7));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.ron");
    session::save(&path, &s).unwrap();
    assert_eq!(session::load(&path).unwrap(), s);
}

/// A β range saved before β had limits (any 0 < hot ≤ cold) still opens, at
/// the nearest allowed values; one the old rules refused is still refused.
#[test]
fn a_beta_range_from_before_the_limits_opens_within_them() {
    let mut s = sample();
    s.solver.anneal.beta = Some((1e-9, 1e7));
    let text = session::to_ron(&s).unwrap();
    let loaded = session::parse_session(&text, "old.ron").unwrap();
    assert_eq!(loaded.solver.anneal.beta, Some((1e-6, 1e6)));
    s.solver.anneal.beta = Some((2.0, 1.0));
    let msg = session::parse_session(&session::to_ron(&s).unwrap(), "bad.ron")
        .unwrap_err()
        .to_string();
    assert!(msg.contains("β"), "{msg}");
}
