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
