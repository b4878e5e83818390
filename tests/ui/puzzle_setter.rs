//! UI tests of the Puzzles room's setter tools: the lens counts after an
//! edit, Repair lists edits and one click applies one as one undo step, and
//! the Generate dialog adds a unique puzzle of the grade asked for.

use crate::common::*;

use crate::puzzles::{H, current};
use egui_kittest::kittest::Queryable;
use fleetscope::puzzle::deduce::{self, Grade};
use fleetscope::puzzle::{ExactRequest, Puzzle};
use fleetscope::run::CancelFlag;
use fleetscope::ui::room::Room;

fn on(name: &str) -> H {
    let mut h = crate::puzzles::on(name);
    wait_until(&mut h, |r| !r.room.busy());
    h
}

fn count(p: &Puzzle) -> u64 {
    p.solve_exact(ExactRequest::new(1000, 0), &CancelFlag::new())
        .unwrap()
        .count
}

#[test]
fn the_lens_counts_and_a_repair_is_one_undo_step() {
    let mut h = on("Coloured chess 4×4");
    let before = current(&h);
    let lens = h.state().room.lens().expect("the lens has counted").clone();
    assert_eq!(lens.count, count(&before), "the lens count is the exact count");
    assert!(lens.count >= 2 && !lens.differing.is_empty());
    wait_for_text(&mut h, &format!("Solutions: {} solutions", lens.count));
    h.get_by_label("Repair").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    wait_for_text(&mut h, "edits make it unique");
    h.query_all_by_label_contains("give a piece at")
        .next()
        .expect("a given repairs it")
        .click();
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    let after = current(&h);
    assert_ne!(after, before);
    assert_eq!(count(&after), 1, "the repaired puzzle is unique");
    assert_eq!(h.state().room.lens().map(|l| l.count), Some(1), "the lens recounted");
    assert!(h.state_mut().doc.undo(), "a repair is one undo step");
    assert_eq!(current(&h), before);
}

#[test]
fn the_generate_dialog_adds_a_unique_puzzle_of_the_grade_asked_for() {
    let mut h = on("Rullo (article example)");
    let n = h.state().doc.session.puzzles.puzzles.len();
    h.get_by_label("Generate...").click();
    h.run_steps(2);
    h.get_by_label("Generate").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    let shelf = &h.state().doc.session.puzzles;
    assert_eq!(shelf.puzzles.len(), n + 1, "the puzzle joins the list");
    let made = shelf.current().unwrap();
    assert!(made.name.starts_with("Queens 8×8 Medium"), "{}", made.name);
    assert_eq!(count(&made.puzzle), 1);
    let spec = made.puzzle.as_family().ladder().unwrap();
    assert_eq!(deduce::explain_spec(&spec, &CancelFlag::new()).grade, Grade::Medium);
    assert!(made.name.ends_with("#1"), "{}", made.name);
    // The seed moves on past the puzzle made: the next run makes a new one.
    h.get_by_label("Generate").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    let next = h.state().doc.session.puzzles.current().unwrap();
    assert!(next.name.ends_with("#2"), "{}", next.name);
}

#[test]
fn the_generate_dialog_stands_clear_of_the_grid_and_speaks_plainly() {
    let mut h = on("LinkedIn Queens 1");
    let (a, b) = (
        h.state().room.cell_center(0, 0).unwrap(),
        h.state().room.cell_center(7, 7).unwrap(),
    );
    let board = egui::Rect::from_two_pos(a, b).expand((b.x - a.x) / 14.0);
    h.get_by_label("Generate...").click();
    h.run_steps(3);
    for label in [
        "Family",
        "Size",
        "Grade",
        "Seed",
        "How many",
        "Drafts per puzzle",
        "Generate",
    ] {
        let r = h.get_by_label(label).rect();
        assert!(!r.intersects(board), "'{label}' of the dialog lies over the grid");
    }
    // Families by their names.
    h.get_by_value("Queens").click();
    h.run_steps(2);
    assert!(h.query_by_label("star-battle").is_none(), "no command-line ids");
    h.get_by_label("Star Battle").click();
    h.run_steps(2);
    h.get_by_value("Medium").click();
    h.run_steps(2);
    h.get_by_label("Easy").click();
    h.run_steps(2);
    // Out of reach: a sentence that names the dialog's own option, wrapped inside it.
    let (text, r) = painted_texts(&h)
        .into_iter()
        .find(|(t, _)| t.contains("is Easy"))
        .expect("why Easy is out of reach");
    assert!(text.starts_with("No board"), "{text}");
    assert!(text.contains("Tick 'may cut holes'") && !text.contains("--"), "{text}");
    let left = h.get_by_label("Family").rect().left();
    assert!(r.right() <= left + 310.0, "the message runs out of the dialog: {r:?}");
    assert!(r.height() > 30.0, "the message wraps: {r:?}");
    // A grade never found with these options is said before the search.
    h.get_by_value("Star Battle").click();
    h.run_steps(2);
    h.get_by_label("Queens").click();
    h.run_steps(2);
    h.get_by_value("Easy").click();
    h.run_steps(2);
    h.get_by_label("Fiendish").click();
    h.run_steps(2);
    wait_for_text(&mut h, "drafts in a row come no nearer");
    assert!(h.query_by_label_contains("Tick 'any shape'").is_some());
}

/// Counts of one read in the singular: "its one clue is needed", not "each
/// of the 1 clues".
#[test]
fn one_clue_is_counted_in_the_singular() {
    let mut s = session_of(&["classic"]);
    s.puzzles.puzzles.push(fleetscope::session::NamedPuzzle {
        name: "4 queens, one given".into(),
        puzzle: Puzzle::parse("n-queens 4x4\nqueens 1,2\n").unwrap(),
    });
    s.puzzles.active = s.puzzles.puzzles.len() - 1;
    let mut h = room_harness(fleetscope::ui::rooms::puzzles::PuzzlesRoom::default(), s);
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    h.get_by_label("Certify clues").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    wait_for_text(&mut h, "Minimal: its one clue is needed (without it,");
    for (t, _) in painted_texts(&h) {
        assert!(!t.contains("(s)") && !t.contains(" of the 1 "), "'{t}'");
    }
}

/// Max chess has no regions to move: Repair lists givens and blocked cells
/// (it used to stop with an internal error).
#[test]
fn repair_on_max_chess_lists_edits() {
    let mut h = on("Max chess 5×5");
    h.get_by_label("Repair").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    wait_for_text(&mut h, "edits make it unique");
    assert!(h.query_by_label_contains("internal error").is_none());
    h.query_all_by_label_contains("give a piece at")
        .next()
        .expect("a given repairs it");
}
