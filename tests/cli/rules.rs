//! The setup's rules on the command line: `count`, `xray of` and `solve` use the
//! setup's touch rule unless `--rule` overrides it, and say which they used.

use crate::common::{fleetscope, json_of};
use fleetscope::cover::{CountRequest, count_deployments};
use fleetscope::geometry::{Board, TouchRule};
use fleetscope::run::CancelFlag;
use fleetscope::session::{self, Session};

/// The Russian preset on a 6×6 board (small enough to count in a test).
fn russian_6x6(dir: &std::path::Path) -> (std::path::PathBuf, Session) {
    let mut setup = fleetscope::presets::load("russian").unwrap().unwrap();
    setup.board = Board::square("6×6", 6, 6);
    setup.deployment.ships.clear();
    let s = Session::with_setup(setup);
    let path = dir.join("russian6.ron");
    session::save(&path, &s).unwrap();
    (path, s)
}

fn engine_count(s: &Session, rule: TouchRule) -> String {
    let req = CountRequest {
        rule,
        ..Default::default()
    };
    let setup = s.setup();
    count_deployments(&setup.board, &setup.fleet, &req, &CancelFlag::new(), &|_| {})
        .unwrap()
        .labelled
        .to_string()
}

#[test]
fn count_uses_the_setups_rule_unless_overridden_and_says_which() {
    let dir = tempfile::tempdir().unwrap();
    let (path, s) = russian_6x6(dir.path());
    let path = path.to_str().unwrap();
    let (apart, touching) = (
        engine_count(&s, TouchRule::NoTouch),
        engine_count(&s, TouchRule::MayTouch),
    );
    assert_ne!(apart, touching);

    let v = json_of(&["count", path, "--json"]);
    assert_eq!(
        (v["labelled"].as_str().unwrap(), v["rule"].as_str().unwrap()),
        (apart.as_str(), "no-touch")
    );
    assert_eq!(v["rule_overridden"], false);
    let v = json_of(&["count", path, "--rule", "may-touch", "--json"]);
    assert_eq!(v["labelled"].as_str().unwrap(), touching);
    assert_eq!(v["rule_overridden"], true);

    let text = String::from_utf8(fleetscope(&["count", path]).stdout).unwrap();
    assert!(text.contains("rule: ships may not touch (the setup's rule)"), "{text}");
    let text = String::from_utf8(fleetscope(&["count", path, "--rule", "may-touch"]).stdout).unwrap();
    assert!(
        text.contains("rule: ships may touch (overriding the setup's rule)"),
        "{text}"
    );

    let out = fleetscope(&["count", path, "--rule", "sometimes"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown touch rule 'sometimes'"), "{err}");
}

#[test]
fn show_and_xray_of_name_the_rule_and_a_placed_fleet_that_breaks_it() {
    let dir = tempfile::tempdir().unwrap();
    // The classic preset's random fleet with the rule switched to no-touch:
    // a layout whose ships touch is reported as breaking it.
    let mut setup = fleetscope::presets::load("classic").unwrap().unwrap();
    let touching = (0..200)
        .map(|seed| fleetscope::geometry::random_deployment(&setup.board, &setup.fleet, TouchRule::MayTouch, seed))
        .map(|d| d.unwrap().deployment)
        .find(|d| !d.ships_apart(&setup.fleet))
        .expect("some random classic fleet has ships that touch");
    setup.deployment = touching;
    setup.rules.touch = TouchRule::NoTouch;
    let path = dir.path().join("touching.ron");
    session::save(&path, &Session::with_setup(setup)).unwrap();
    let path = path.to_str().unwrap();

    let text = String::from_utf8(fleetscope(&["show", path]).stdout).unwrap();
    assert!(
        text.contains("rules: ships may not touch (these placed ships touch: the "),
        "{text}"
    );
    let v = json_of(&["xray", "of", path, "--json"]);
    assert_eq!(
        (v["rule"].as_str(), v["placed_fleet_breaks_rule"].as_bool()),
        (Some("no-touch"), Some(true))
    );
    let v = json_of(&["xray", "of", path, "--rule", "may-touch", "--json"]);
    assert_eq!(v["placed_fleet_breaks_rule"], false);
}

/// A piece keeps its colour when the fleet is reordered or a piece before it is
/// removed; a new piece takes a colour no other piece wears.
#[test]
fn colours_follow_the_piece_not_its_place() {
    let mut setup = fleetscope::presets::load("classic").unwrap().unwrap();
    let colour = |s: &fleetscope::session::Setup, name: &str| {
        let i = s.fleet.pieces.iter().position(|p| p.name == name).unwrap();
        s.fleet.colour_of(i)
    };
    let before: Vec<usize> = ["Carrier", "Battleship", "Destroyer"]
        .iter()
        .map(|n| colour(&setup, n))
        .collect();
    setup.swap_pieces(0, 1);
    setup.remove_piece(2);
    let after: Vec<usize> = ["Carrier", "Battleship", "Destroyer"]
        .iter()
        .map(|n| colour(&setup, n))
        .collect();
    assert_eq!(before, after);
    setup.add_piece(fleetscope::geometry::Piece::new(
        "New",
        vec![fleetscope::geometry::Coord(0, 0)],
    ));
    let n = setup.fleet.pieces.len();
    let new = setup.fleet.colour_of(n - 1);
    assert!(
        (0..n - 1).all(|i| setup.fleet.colour_of(i) != new),
        "a colour of its own"
    );
    // Pinned colours survive a save.
    let s = Session::with_setup(setup);
    let back = session::parse_session(&session::to_ron(&s).unwrap(), "x").unwrap();
    assert_eq!(back, s);
}
