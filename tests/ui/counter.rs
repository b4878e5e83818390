//! UI tests (egui_kittest) of the Counter room on its own harness: counts,
//! the setup picker, hunt mode and the fairness what-if.

use crate::common::*;

use egui_kittest::kittest::Queryable;
use fleetscope::cover::{CountRequest, Engine, count_deployments};
use fleetscope::geometry::Coord;
use fleetscope::run::CancelFlag;
use fleetscope::session::Session;
use fleetscope::ui::room::Room;
use fleetscope::ui::rooms::counter::CounterRoom;

/// The classic fleet on a 5×5 board: 80,848 labelled deployments (exact oracle).
fn classic_5x5() -> Session {
    let mut s = session_of(&["classic"]);
    s.setup_mut().board.resize(5, 5);
    s
}

fn counter_on(session: Session) -> egui_kittest::Harness<'static, fleetscope::ui::room::RoomHost<CounterRoom>> {
    let mut h = room_harness(CounterRoom::default(), session);
    h.run_steps(2);
    h
}

#[test]
fn count_a_small_board_and_cancel_a_long_one() {
    let mut h = counter_on(classic_5x5());
    h.get_by_label("Start").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.is_counting());
    let last = h.state().room.last_count().cloned().expect("a result card");
    assert_eq!(last.result.labelled, 80_848);
    assert_eq!(last.result.distinct_layouts, 40_424);
    assert!(
        h.query_by_label("80,848").is_some(),
        "the card shows the count with separators"
    );
    assert!(
        h.query_by_label("ships may touch (the setup's rule)").is_some(),
        "and the rule it was counted under"
    );

    // A long count (plain DLX on 10×10) cancelled right away: no number, a message.
    h.state_mut().doc.edit(|s| {
        s.setup_mut().board.resize(10, 10);
        s.counter.engine = Engine::DlxPlain;
    });
    h.run_steps(2);
    h.get_by_label("Start").click();
    h.run_steps(2);
    assert!(h.state().room.is_counting());
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.is_counting());
    assert_eq!(h.state().room.count_error(), Some("Cancelled."));
    assert_eq!(
        h.state().room.last_count().unwrap().result.labelled,
        80_848,
        "the earlier card stays"
    );
}

#[test]
fn the_counter_has_its_own_setup_picker() {
    // Two setups: the room counts the one picked in its own drop-down.
    let mut session = classic_5x5();
    session.add_setup(fleetscope::presets::load("csp-sample-4x4").unwrap().unwrap());
    let mut h = counter_on(session);
    h.get_by_label("setup").click();
    h.run_steps(2);
    h.get_by_label("CSP sample 4×4").click();
    h.run_steps(2);
    assert_eq!(h.state().doc.session.active, 1);
    assert!(!h.state().doc.dirty, "picking a setup is not an unsaved change");
    h.get_by_label("Start").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.is_counting());
    let card = h.state().room.last_count().unwrap();
    assert_eq!(card.setup, "CSP sample 4×4");
    let s = &h.state().doc.session.setups[1];
    let expect = count_deployments(
        &s.board,
        &s.fleet,
        &CountRequest::default(),
        &CancelFlag::new(),
        &|_| {},
    )
    .unwrap();
    assert_eq!(card.result.labelled, expect.labelled);
}

#[test]
fn hunt_mode_marks_shots_and_updates_the_heat_map() {
    let mut h = counter_on(classic_5x5());
    h.get_by_label("Hunt").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.hunt().is_running());
    assert_eq!(h.state().room.hunt().heat().unwrap().map.total, 80_848);
    assert!(
        h.query_by_label_contains("100% of the deployments").is_some(),
        "a legend with a fixed scale"
    );

    // Left-click (2, 2): a miss; right-click (0, 0): a hit.
    let layout = h.state().room.hunt().view.last_layout.unwrap();
    click_at(&mut h, layout.center(Coord(2, 2)));
    right_click_at(&mut h, layout.center(Coord(0, 0)));
    let obs = h.state().doc.session.setup().observations.clone();
    assert_eq!(obs.misses.iter().copied().collect::<Vec<_>>(), vec![Coord(2, 2)]);
    assert_eq!(obs.hits.iter().copied().collect::<Vec<_>>(), vec![Coord(0, 0)]);
    wait_until(&mut h, |r| {
        !r.room.hunt().is_running() && r.room.hunt().heat().is_some_and(|x| x.shots == obs)
    });
    let heat = h.state().room.hunt().heat().unwrap().clone();
    assert_eq!(heat.shots, obs, "the map belongs to these shots");
    let setup = h.state().doc.session.setup().clone();
    let req = CountRequest {
        engine: Engine::Dlx,
        threads: 1,
        observations: obs,
        ..Default::default()
    };
    let expect = count_deployments(&setup.board, &setup.fleet, &req, &CancelFlag::new(), &|_| {})
        .unwrap()
        .labelled;
    assert_eq!(heat.map.total, expect);
    assert!(heat.map.cells.iter().all(|(c, _)| *c != Coord(2, 2)), "a miss is water");
    assert_eq!(
        heat.map.cells.iter().find(|c| c.0 == Coord(0, 0)).unwrap().1,
        expect,
        "a hit is always occupied"
    );
    // The best-shot line names a cell and the share from the same map, counted from 1.
    let best = heat.map.best_shot(&heat.shots.hits).unwrap();
    let n = heat.map.cells.iter().find(|c| c.0 == best).unwrap().1;
    let line = format!(
        "Best next shot: row {}, col {} (a ship in {:.1}% of them)",
        best.0 + 1,
        best.1 + 1,
        100.0 * n as f64 / expect as f64
    );
    assert!(h.query_by_label(&line).is_some(), "missing: {line}");
}

#[test]
fn fairness_what_if_runs_in_the_background() {
    let mut s = session_of(&["classic"]);
    let setup = s.setup_mut();
    setup.board.resize(4, 4);
    setup.board.toggle_island(Coord(1, 1));
    setup.fleet.pieces.truncate(2);
    setup.fleet.pieces[0].cells.truncate(3);
    setup.deployment.ships.clear();
    let mut h = counter_on(s);
    h.get_by_label("Fairness").click();
    h.run_steps(2);
    h.get_by_label("Run what-if").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.fairness().is_running());
    let f = h.state().room.fairness().result().cloned().expect("what-if done");
    assert_eq!(f.rows.len(), 1 + 15, "one island, fifteen water cells");
    let removed = &f.rows[0];
    assert!(
        removed.was_island && removed.labelled > f.base,
        "removing the only island adds room"
    );
    assert!(
        f.rows[1..].iter().all(|r| r.labelled <= f.base),
        "a new island never adds room"
    );
    // The table names cells as everywhere else: rows and columns from 1.
    h.run_steps(2);
    assert!(h.query_by_label("remove island row 2, col 2").is_some());
    // The table and the map are linked: a row under the pointer marks its
    // cell on the map, a cell under the pointer marks its row.
    let row = h.get_by_label("remove island row 2, col 2").rect().center();
    h.hover_at(row);
    h.run_steps(3);
    assert_eq!(h.state().room.fairness().linked(), Some(Coord(1, 1)));
    let layout = h.state().room.fairness().view.last_layout.expect("map drawn");
    h.hover_at(layout.center(Coord(3, 2)));
    h.run_steps(3);
    assert_eq!(h.state().room.fairness().linked(), Some(Coord(3, 2)));
    // A rule changed afterwards: the table says it no longer holds.
    assert!(h.query_by_label_contains("the rule is now").is_none());
    h.state_mut()
        .doc
        .edit(|s| s.setup_mut().rules.touch = fleetscope::geometry::TouchRule::NoTouch);
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("the rule is now that ships may not touch")
            .is_some()
    );
}

/// A sinking pins that ship: the map then counts the rest of the fleet on the
/// board without its cells (an independent count checks it).
#[test]
fn a_sunk_ship_is_known_exactly() {
    let mut s = classic_5x5();
    s.setup_mut().observations.hits = [Coord(0, 0), Coord(0, 1)].into_iter().collect();
    let mut h = counter_on(s);
    h.get_by_label("Hunt").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.hunt().is_running());
    h.get_by_label("Destroyer").click();
    h.run_steps(2);
    let sunk = h.state().doc.session.setup().observations.sunk.clone();
    assert_eq!(sunk.len(), 1, "one place fits: recorded at once");
    wait_until(&mut h, |r| {
        !r.room.hunt().is_running() && r.room.hunt().heat().is_some_and(|x| x.shots.sunk.len() == 1)
    });
    let total = h.state().room.hunt().heat().unwrap().map.total;
    let setup = h.state().doc.session.setup().clone();
    let mut board = setup.board.clone();
    board.toggle_island(Coord(0, 0));
    board.toggle_island(Coord(0, 1));
    let mut rest = setup.fleet.clone();
    rest.pieces.retain(|p| p.name != "Destroyer");
    let expect = count_deployments(&board, &rest, &CountRequest::default(), &CancelFlag::new(), &|_| {})
        .unwrap()
        .labelled;
    assert_eq!(total, expect);
}

/// *Compare all setups* counts each setup under its own rules (the classic fleet
/// on 7×7 touching, and a copy kept apart), names the rules in a column, and gives
/// ratios that still read when the counts are orders of magnitude apart.
#[test]
fn compare_counts_each_setup_under_its_rules_with_readable_ratios() {
    let mut s = session_of(&["classic", "classic"]);
    for setup in &mut s.setups {
        setup.board.resize(7, 7);
        setup.deployment.ships.clear();
    }
    s.setups[1].name = "Apart".into();
    s.setups[1].rules.touch = fleetscope::geometry::TouchRule::NoTouch;
    let oracle = |i: usize, rule| {
        let setup = &s.setups[i];
        let req = CountRequest {
            rule,
            ..Default::default()
        };
        count_deployments(&setup.board, &setup.fleet, &req, &CancelFlag::new(), &|_| {})
            .unwrap()
            .labelled
    };
    use fleetscope::geometry::TouchRule::{MayTouch, NoTouch};
    let (classic, russian) = (oracle(0, MayTouch), oracle(1, NoTouch));
    let mut h = counter_on(s.clone());
    h.get_by_label("Compare all setups").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.is_counting());
    let rows = h.state().room.comparison().to_vec();
    let count_of = |name: &str| rows.iter().find(|t| t.setup.starts_with(name)).unwrap().result.labelled;
    assert_eq!((count_of("Classic"), count_of("Apart")), (classic, russian));
    assert!(russian > 0 && classic / russian > 100, "{classic} against {russian}");
    assert!(h.query_by_label("ships may not touch (the setup's rule)").is_some());
    assert!(h.query_by_label("ships may touch (the setup's rule)").is_some());
    // The largest is the reference at first: the other ratio is exact to four digits.
    let (big, small) = (classic.max(russian), classic.min(russian));
    let expected = fleetscope::textview::ratio(small, big);
    assert!(expected.contains('e') || expected.starts_with("0."), "{expected}");
    assert!(h.query_by_label(&expected).is_some(), "the ratio {expected} is shown");
    assert!(h.query_by_label("0.0000").is_none(), "no ratio reads as zero");
    // The counts are right-aligned: their last digits line up, their first do not.
    let texts = painted_texts(&h);
    let at = |n: u128| {
        let t = fleetscope::textview::thousands(n);
        texts
            .iter()
            .find(|(x, _)| *x == t)
            .map(|(_, r)| *r)
            .unwrap_or_else(|| panic!("{t} shown"))
    };
    let (a, b) = (at(classic), at(russian));
    assert!((a.right() - b.right()).abs() < 2.0, "right edges {a:?} and {b:?}");
    assert!((a.left() - b.left()).abs() > 5.0, "left edges {a:?} and {b:?}");
    // A setup's rule changed afterwards: its row says so.
    assert!(h.query_by_label("(rule changed since)").is_none());
    h.state_mut()
        .doc
        .edit(|s| s.setups[1].rules.touch = fleetscope::geometry::TouchRule::MayTouch);
    h.run_steps(2);
    assert!(h.query_by_label("(rule changed since)").is_some());
    assert!(
        h.query_by_label_contains("Some setups changed after this comparison")
            .is_some()
    );
}

/// The "where did it sink?" choices follow the shots: a new hit adds the place it
/// opens (before, the list stayed as it was when the ship was named).
#[test]
fn sinking_choices_follow_a_new_hit() {
    let mut s = classic_5x5();
    s.setup_mut().observations.hits = [Coord(0, 0), Coord(0, 1), Coord(0, 2)].into_iter().collect();
    let mut h = counter_on(s);
    h.get_by_label("Hunt").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.hunt().is_running());
    let board = h.state().room.hunt().view.last_layout.unwrap();
    h.get_by_label("Destroyer").click();
    h.run_steps(2);
    assert!(h.query_by_label_contains("Where did the Destroyer sink?").is_some());
    // The question takes a row kept for it: the board stays under the pointer.
    assert_eq!(
        h.state().room.hunt().view.last_layout.unwrap(),
        board,
        "the board moved"
    );
    let vertical = "row 1, col 2 … row 2, col 2";
    assert!(h.query_by_label(vertical).is_none());
    h.state_mut().doc.edit(|x| {
        x.setup_mut().observations.hits.insert(Coord(1, 1));
    });
    h.run_steps(2);
    assert!(h.query_by_label(vertical).is_some(), "the new hit's place is offered");
}

/// Dancing links on a fleet of many ships warn before Start that they visit every
/// deployment (the Russian fleet would not finish in practice).
#[test]
fn dancing_links_on_many_ships_warn_first() {
    let mut s = session_of(&["russian"]);
    s.counter.engine = Engine::Dlx;
    let h = counter_on(s);
    assert!(
        h.query_by_label_contains("Dancing links visit every deployment: with 10 ships")
            .is_some()
    );
    let mut s = session_of(&["classic"]);
    s.counter.engine = Engine::Dlx;
    let h = counter_on(s);
    assert!(
        h.query_by_label_contains("Dancing links visit every deployment")
            .is_none()
    );
}

/// A card counted under one rule says so once the setup's rule changes (it was
/// shown as if it still held).
#[test]
fn a_card_says_when_the_rule_changed_after_it() {
    let mut h = counter_on(classic_5x5());
    h.get_by_label("Start").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.is_counting());
    assert!(h.query_by_label_contains("the rule is now").is_none());
    h.state_mut()
        .doc
        .edit(|s| s.setup_mut().rules.touch = fleetscope::geometry::TouchRule::NoTouch);
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("Made where ships may touch; the rule is now that ships may not touch")
            .is_some()
    );
}

/// At 1024×700 the what-if map goes above its table instead of over the
/// ratios, and every ratio sits inside the window.
#[test]
fn fairness_fits_a_small_window() {
    let mut h = room_harness_sized(
        CounterRoom::default(),
        session_of(&["classic"]),
        egui::vec2(1024.0, 700.0),
    );
    h.run_steps(2);
    h.get_by_label("Fairness").click();
    h.run_steps(2);
    h.get_by_label("Run what-if").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.fairness().is_running());
    h.run_steps(3);
    let ratio = h.get_by_label("Ratio").rect();
    assert!(ratio.right() <= 1024.0, "the Ratio column is in the window: {ratio:?}");
    let map = h.state().room.fairness().view.last_layout.expect("map drawn");
    let last_cell = map.center(Coord(9, 9));
    assert!(
        last_cell.y < ratio.top(),
        "the map ({last_cell:?}) is above the table header ({ratio:?}), not over it"
    );
}

/// The Strategies tab plays the chosen strategies in the background and
/// shows the same games as the engine's lab.
#[test]
fn the_strategy_lab_shows_the_engines_games() {
    use fleetscope::hunting::{Hiders, LabRequest, StrategyKind, run_lab};
    let mut s = session_of(&["csp-sample-4x4"]);
    s.counter.lab.strategies = vec![
        StrategyKind::Random,
        StrategyKind::ShipDensity,
        StrategyKind::ExactLikely,
    ];
    s.counter.lab.games = 5;
    s.counter.lab.seed = 4;
    let setup = s.setup().clone();
    let mut h = counter_on(s);
    h.state_mut().room.set_tab("strategies");
    h.run_steps(2);
    h.get_by_label("Play games").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    h.run_steps(2);
    let shown = &h.state().room.strategies().last().expect("a lab run").report;
    let req = LabRequest {
        strategies: vec![
            StrategyKind::Random,
            StrategyKind::ShipDensity,
            StrategyKind::ExactLikely,
        ],
        games: 5,
        seed: 4,
        hiders: Hiders::Random,
        threads: 1,
        max_shots: 16,
    };
    let engine = run_lab(
        &setup.board,
        &setup.fleet,
        setup.rules.touch,
        &req,
        &CancelFlag::new(),
        &|_| {},
    )
    .unwrap();
    assert_eq!(shown.results, engine.results);
    assert!(
        h.query_all_by_label("per-ship density").count() >= 2,
        "the table names the strategies (beside their checkboxes)"
    );
}

/// Play: you sink a hidden fleet by clicking (here, firing cell by cell) and
/// the exact player's count on the same fleet is shown; the computer hunts
/// the placed fleet shot by shot.
#[test]
fn play_you_hunt_and_the_computer_hunts_your_fleet() {
    use fleetscope::geometry::random_deployment;
    let mut s = session_of(&["csp-sample-4x4"]);
    let setup = s.setup().clone();
    s.setup_mut().deployment = random_deployment(&setup.board, &setup.fleet, setup.rules.touch, 2)
        .unwrap()
        .deployment;
    let mut h = counter_on(s);
    h.state_mut().room.set_tab("play");
    h.run_steps(2);
    h.get_by_label("New game").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    h.run_steps(2);
    assert!(h.state().room.play().game().is_some(), "a fleet was hidden");
    assert_eq!(
        h.state().doc.session.counter.play.seed,
        1,
        "the next game's seed is kept in the session"
    );
    h.get_by_label("peek at the exact map").click();
    h.run_steps(2);
    assert!(
        h.state().doc.session.counter.play.peek,
        "the peek setting is kept in the session"
    );
    assert!(!h.state().doc.can_undo(), "neither is an undo step");
    let corner = |h: &egui_kittest::Harness<'static, fleetscope::ui::room::RoomHost<CounterRoom>>| {
        h.state()
            .room
            .play()
            .view
            .last_layout
            .expect("board drawn")
            .center(Coord(0, 0))
    };
    let before = corner(&h);
    assert!(
        h.query_by_label_contains("Sunk: none").is_some(),
        "the ships afloat are listed"
    );
    'fire: for r in 0..4 {
        for c in 0..4 {
            h.state_mut().room.play_fire(Coord(r, c));
            if h.state().room.play().game().unwrap().hunt.won() {
                break 'fire;
            }
        }
    }
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    h.run_steps(2);
    assert!(
        h.state().room.play().record().is_some(),
        "the exact player played the same fleet"
    );
    assert!(h.query_by_label_contains("Fleet sunk in").is_some());
    assert!(h.query_by_label_contains("Afloat: none").is_some());
    assert_eq!(corner(&h), before, "the board stays put when the game ends");
    // The computer hunts the placed fleet (the peek setting stays).
    h.get_by_label("The computer hunts").click();
    h.run_steps(2);
    assert!(
        h.state().doc.session.counter.play.peek,
        "switching modes keeps the peek setting"
    );
    h.get_by_label("Hunt my fleet").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    h.run_steps(2);
    let before = corner(&h);
    h.get_by_label("Next shot").click();
    h.run_steps(2);
    assert_eq!(h.state().room.play().shown(), 1);
    assert_eq!(corner(&h), before, "the board stays put when the first shot is shown");
    h.get_by_label("To the end").click();
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    let n = h.state().room.play().record().unwrap().shots.len();
    assert_eq!(h.state().room.play().shown(), n);
    assert!(
        h.state().room.play().game().unwrap().hunt.won(),
        "the placed fleet was sunk"
    );
}

/// The colours of the closed outlines painted around `cell` last frame.
fn outline_colours<S>(h: &egui_kittest::Harness<'_, S>, centre: egui::Pos2) -> Vec<egui::Color32> {
    painted(h)
        .into_iter()
        .filter_map(|s| match s {
            egui::Shape::Path(p) if p.closed && p.fill == egui::Color32::TRANSPARENT => {
                let r = egui::Rect::from_points(&p.points);
                let egui::epaint::ColorMode::Solid(c) = p.stroke.color else {
                    return None;
                };
                ((r.center() - centre).length() < 2.0 && p.stroke.width > 0.0).then_some(c)
            }
            _ => None,
        })
        .collect()
}

/// How near a colour comes to the heat scale of the maps (OKLab).
fn nearest_on_scale(c: egui::Color32) -> f64 {
    use fleetscope::ui::widgets::palette;
    (0..=200)
        .map(|i| palette::perceptual_distance(c, palette::heat(i as f32 / 200.0)))
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn the_best_shot_is_outlined_off_the_heat_scale_in_hunt_and_play() {
    let mut h = counter_on(classic_5x5());
    h.get_by_label("Hunt").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.hunt().is_running());
    h.run_steps(2);
    let heat = h.state().room.hunt().heat().unwrap().clone();
    let best = heat.map.best_shot(&heat.shots.hits).unwrap();
    let at = h.state().room.hunt().view.last_layout.unwrap().center(best);
    let hunt = outline_colours(&h, at);
    assert_eq!(hunt.len(), 1, "one outline on the best shot: {hunt:?}");
    let d = nearest_on_scale(hunt[0]);
    assert!(d >= 0.2, "the best shot's outline is {d:.3} from the heat scale");

    // Play's peek: the same key and the same outline.
    let mut s = session_of(&["classic"]);
    s.setup_mut().board.resize(5, 5);
    let mut h = counter_on(s);
    h.state_mut().room.set_tab("play");
    h.run_steps(2);
    h.get_by_label("New game").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    h.get_by_label("peek at the exact map").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    h.run_steps(2);
    for key in ["best next shot", "hit", "miss"] {
        assert!(h.query_by_label(key).is_some(), "Play's key has '{key}'");
    }
    assert!(
        h.query_by_label_contains("100% of the").is_some(),
        "Play's key has the scale"
    );
    // No shot yet: the same map as Hunt's, so the same best shot.
    let layout = h.state().room.play().view.last_layout.unwrap();
    assert_eq!(
        outline_colours(&h, layout.center(best)),
        hunt,
        "the same outline as Hunt"
    );
}

/// Start and Compare count into the Counts tab: they show there, not on the
/// tabs with work of their own.
#[test]
fn start_and_compare_show_on_the_counts_tab_only() {
    let mut h = counter_on(classic_5x5());
    assert!(h.query_by_label("Compare all setups").is_some(), "on Counts");
    for tab in ["Fairness", "Hunt", "Strategies", "Play"] {
        h.get_by_label(tab).click();
        h.run_steps(2);
        assert!(h.query_by_label("Compare all setups").is_none(), "not on {tab}");
        assert!(h.query_by_label("Start").is_none(), "no Start on {tab}");
    }
}

/// A long lab run shows its games so far while it plays (the table and the
/// plot grow as games end), and the games it shows are the engine's.
#[test]
fn a_running_strategy_lab_shows_its_games_so_far() {
    use fleetscope::hunting::StrategyKind;
    let mut s = session_of(&["classic"]);
    s.setup_mut().board.resize(7, 7);
    s.counter.lab.strategies = vec![StrategyKind::HuntTarget, StrategyKind::ExactLikely];
    s.counter.lab.games = 2_000;
    s.counter.threads = 1;
    let mut h = counter_on(s);
    h.state_mut().room.set_tab("strategies");
    h.run_steps(2);
    h.get_by_label("Play games").click();
    h.run_steps(2);
    // Step until some games have ended while the run still plays.
    let t0 = std::time::Instant::now();
    loop {
        h.step();
        let m = h.state().room.strategies();
        if m.is_running() && m.games_so_far() >= 2 {
            break;
        }
        assert!(m.is_running(), "the run ended before any game was shown");
        assert!(t0.elapsed() < std::time::Duration::from_secs(120), "no game ended");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("So far").is_some(),
        "the games so far are said"
    );
    assert!(h.query_all_by_label("hunt/target").count() >= 2, "and tabled");
    h.get_by_label("Cancel games").click();
    wait_until(&mut h, |r| !r.room.busy());
}

/// "Cancelled." describes the count that was cancelled: it goes once the
/// count's settings or the setup change, and stays while they do not.
#[test]
fn a_cancelled_count_message_goes_when_the_setup_or_settings_change() {
    let mut h = counter_on(classic_5x5());
    h.state_mut().doc.edit(|s| {
        s.setup_mut().board.resize(10, 10);
        s.counter.engine = Engine::DlxPlain;
    });
    h.run_steps(2);
    let cancel = |h: &mut egui_kittest::Harness<'static, fleetscope::ui::room::RoomHost<CounterRoom>>| {
        h.get_by_label("Start").click();
        h.run_steps(2);
        h.get_by_label("Cancel").click();
        h.run_steps(2);
        wait_until(h, |r| !r.room.is_counting());
        assert_eq!(h.state().room.count_error(), Some("Cancelled."));
        assert!(h.query_by_label("Cancelled.").is_some());
    };
    cancel(&mut h);
    h.run_steps(3);
    assert_eq!(
        h.state().room.count_error(),
        Some("Cancelled."),
        "nothing changed: it stays"
    );
    // A setting of the count changes.
    h.state_mut().doc.edit(|s| s.counter.threads = 1);
    h.run_steps(2);
    assert_eq!(h.state().room.count_error(), None, "the settings changed");
    assert!(h.query_by_label("Cancelled.").is_none());
    // The setup changes.
    cancel(&mut h);
    h.state_mut().doc.edit(|s| s.setup_mut().board.resize(9, 9));
    h.run_steps(2);
    assert_eq!(h.state().room.count_error(), None, "the setup changed");
}

/// The strategy lab's result line counts its games with separators.
#[test]
fn the_strategy_lab_counts_games_with_separators() {
    use fleetscope::hunting::StrategyKind;
    let mut s = classic_5x5();
    let quick = StrategyKind::ALL
        .into_iter()
        .find(|k| !k.is_exact())
        .expect("a quick strategy");
    s.counter.lab.strategies = vec![quick];
    s.counter.lab.games = 1000;
    let mut h = counter_on(s);
    h.get_by_label("Strategies").click();
    h.run_steps(2);
    h.get_by_label("Play games").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    wait_for_text(&mut h, "1,000 games per strategy");
}
