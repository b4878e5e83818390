//! UI tests (egui_kittest) of the Puzzles room: exact solving, grid edits with
//! undo, trying an answer by hand, the text tab, answers coming back from the
//! Solver room; and the Solver room sampling a puzzle's QUBO.

use crate::common::*;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fleetscope::geometry::BinaryMatrix;
use fleetscope::puzzle::Puzzle;
use fleetscope::session::{SamplerKind, Session, SolverSource};
use fleetscope::ui::room::{Command, Room, RoomHost, RoomMessage};
use fleetscope::ui::rooms::puzzles::PuzzlesRoom;
use fleetscope::ui::rooms::solver::SolverRoom;

pub type H = Harness<'static, RoomHost<PuzzlesRoom>>;

/// The default session opened on the example puzzle called `name`.
pub fn on(name: &str) -> H {
    let mut s = session_of(&["classic"]);
    s.puzzles.active = s
        .puzzles
        .puzzles
        .iter()
        .position(|p| p.name == name)
        .expect("an example");
    let mut h = room_harness(PuzzlesRoom::default(), s);
    h.run_steps(3);
    h
}

pub fn current(h: &H) -> Puzzle {
    h.state().doc.session.puzzles.current().unwrap().puzzle.clone()
}

#[test]
fn exact_solve_of_the_rullo_example_is_unique_and_shows_the_articles_answer() {
    let mut h = on("Rullo (article example)");
    h.get_by_label("Solve exactly (S)").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    wait_for_text(&mut h, "1 solution: unique");
    let a = h.state().room.answer().expect("the solution is shown");
    assert_eq!(a.grid, BinaryMatrix::parse("1010\n0111\n0010\n1100").unwrap());
    assert!(h.query_by_label_contains("every rule holds").is_some());
}

#[test]
fn planting_a_tree_is_one_undo_step() {
    let mut h = on("Tents 6×6");
    let before = current(&h);
    let Puzzle::Tents(t) = &before else { panic!("tents") };
    assert!(!t.trees.contains(&(0, 0)));
    let p = h.state().room.cell_center(0, 0).expect("the grid was drawn");
    click_at(&mut h, p);
    let Puzzle::Tents(t) = current(&h) else { panic!("tents") };
    assert!(t.trees.contains(&(0, 0)), "the click planted a tree");
    assert!(h.state_mut().doc.undo());
    assert_eq!(current(&h), before);
}

#[test]
fn painting_a_region_by_dragging_is_one_undo_step() {
    let mut h = on("LinkedIn Queens 1");
    let before = current(&h);
    h.get_by_label("region").click();
    h.run_steps(2);
    let (a, b) = (
        h.state().room.cell_center(7, 0).unwrap(),
        h.state().room.cell_center(7, 3).unwrap(),
    );
    h.hover_at(a);
    h.run_steps(1);
    h.drag_at(a);
    h.run_steps(1);
    for k in 1..=6 {
        h.hover_at(a + (b - a) * (k as f32 / 6.0));
        h.run_steps(1);
    }
    h.drop_at(b);
    h.run_steps(2);
    let Puzzle::Queens(q) = current(&h) else {
        panic!("queens")
    };
    assert!(
        (0..4).all(|c| q.regions[7 * 8 + c] == 0),
        "cells (8,1)..(8,4) are region a: {:?}",
        &q.regions[56..]
    );
    assert!(h.state_mut().doc.undo());
    assert_eq!(current(&h), before, "one undo takes back the whole stroke");
}

#[test]
fn trying_an_answer_lists_the_broken_rules() {
    let mut h = on("8 queens");
    h.get_by_label("Try (P)").click();
    h.run_steps(2);
    for (r, c) in [(0, 0), (1, 1)] {
        let p = h.state().room.cell_center(r, c).unwrap();
        click_at(&mut h, p);
    }
    wait_until(&mut h, |r| !r.room.busy());
    let a = h.state().room.answer().expect("an answer");
    assert!(a.grid.get(0, 0) && a.grid.get(1, 1));
    assert!(
        a.broken
            .iter()
            .any(|v| v.message.contains("row 1, col 1") && v.message.contains("row 2, col 2")),
        "{:?}",
        a.broken
    );
    assert!(h.query_by_label_contains("(red: marks that clash").is_some());
    // The puzzle itself did not change.
    assert_eq!(h.state().doc.revision, 0);
    // Solving while trying keeps the user's answer; Backspace takes back the last mark.
    h.key_press(egui::Key::S);
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    assert_eq!(h.state().room.solved().expect("solved").result.count, 92);
    assert_eq!(h.state().room.answer().expect("kept").source, "your answer");
    h.key_press(egui::Key::Backspace);
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    let a = h.state().room.answer().expect("an answer");
    assert!(a.grid.get(0, 0) && !a.grid.get(1, 1), "the second mark was taken back");
}

#[test]
fn the_text_tab_applies_valid_text_and_names_errors() {
    let mut h = on("8 queens");
    h.get_by_label("Text").click();
    h.run_steps(2);
    h.state_mut().room.set_text("n-queens 5x5\n");
    h.get_by_label("Apply").click();
    h.run_steps(2);
    assert_eq!(current(&h).size(), (5, 5));
    h.state_mut().room.set_text("n-queens 5x5\ncolour red\n");
    h.get_by_label("Apply").click();
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("colour").is_some(),
        "the error names the bad keyword"
    );
    assert_eq!(current(&h).size(), (5, 5));
}

#[test]
fn anneal_opens_the_solver_on_the_puzzle_and_answers_come_back() {
    let mut h = on("Tango 6×6");
    h.get_by_label("Anneal in the Solver room (A)").click();
    h.run_steps(2);
    assert_eq!(h.state().doc.session.solver.source, SolverSource::Puzzle);
    assert!(
        h.state()
            .commands
            .iter()
            .any(|c| matches!(c, Command::SwitchRoomTab("solver", "run")))
    );
    // An answer from the Solver room: all zeros breaks the balance rules.
    let grid = BinaryMatrix::zeros(6, 6);
    let host = h.state_mut();
    let mut cmds = Vec::new();
    let mut ctx = fleetscope::ui::room::RoomCtx::new(&mut host.doc, &mut cmds);
    host.room
        .receive(RoomMessage::PuzzleAnswer(grid, "test answer".into()), &mut ctx);
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    let a = h.state().room.answer().expect("the answer is shown");
    assert!(!a.broken.is_empty());
    assert!(h.query_by_label_contains("Test answer: ").is_some(), "a sentence");
}

#[test]
fn the_solver_room_samples_a_puzzle_and_judges_the_answers() {
    let mut s: Session = session_of(&["classic"]);
    s.puzzles.active = s
        .puzzles
        .puzzles
        .iter()
        .position(|p| p.name == "Rullo (article example)")
        .unwrap();
    s.solver.source = SolverSource::Puzzle;
    s.solver.sampler = SamplerKind::Tabu;
    s.solver.reads = 8;
    s.solver.threads = 1;
    let mut h = room_harness(SolverRoom::default(), s);
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    assert_eq!(h.state().room.model().expect("a model").stats.variables, 16);
    h.get_by_label("Start run").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.is_solving());
    let r = h.state().room.result().expect("a result");
    assert_eq!(r.success, Some(true));
    assert!(h.query_by_label_contains("solves the puzzle").is_some());
    let first = r.judged[0].puzzle.as_ref().expect("a puzzle verdict");
    assert!(first.violations.is_empty());
    h.get_by_label("Show in Puzzles").click();
    h.run_steps(2);
    assert!(
        h.state()
            .commands
            .iter()
            .any(|c| matches!(c, Command::Deliver("puzzles", RoomMessage::PuzzleAnswer(..))))
    );
}

/// The list's Import and Export: a puzzle file goes in as a new puzzle (one
/// undo step), the open puzzle goes out as text that reads back the same, and a
/// bad file is refused naming it.
#[test]
fn import_and_export_puzzle_files_from_the_list() {
    let mut h = on("Tents 6×6");
    let before = h.state().doc.session.puzzles.puzzles.len();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rullo-article.txt");
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/rullo-article.txt")).unwrap();
    std::fs::write(&file, &text).unwrap();
    h.state_mut().room.set_file_path(file.to_str().unwrap());
    h.run_steps(2);
    h.get_by_label("Import").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    h.run_steps(2);
    let shelf = &h.state().doc.session.puzzles;
    assert_eq!(shelf.puzzles.len(), before + 1);
    let added = shelf.current().unwrap();
    assert_eq!(added.name, "rullo-article");
    assert_eq!(added.puzzle, Puzzle::parse(&text).unwrap());
    // Once more: the name stays unique.
    h.get_by_label("Import").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    h.run_steps(2);
    assert_eq!(
        h.state().doc.session.puzzles.current().unwrap().name,
        "rullo-article (2)"
    );
    assert!(h.state_mut().doc.undo(), "an import is one undo step");
    assert_eq!(h.state().doc.session.puzzles.puzzles.len(), before + 1);

    // Export the open puzzle; the file reads back as the same puzzle.
    let out = dir.path().join("out.txt");
    h.state_mut().room.set_file_path(out.to_str().unwrap());
    h.run_steps(2);
    h.get_by_label("Export").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(Puzzle::parse(&written).unwrap(), current(&h));
    // Another file already there is named before Export replaces it; the
    // file Export itself just wrote is not.
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("This file exists").is_none(),
        "warned about the file just written"
    );
    h.state_mut().room.set_file_path(file.to_str().unwrap());
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("This file exists").is_some(),
        "no warning before replacing a file"
    );

    // A file that is not a puzzle: nothing is added, the message names the file.
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "tents 3x3\nnot a grid\n").unwrap();
    let count = h.state().doc.session.puzzles.puzzles.len();
    h.state_mut().room.set_file_path(bad.to_str().unwrap());
    h.run_steps(2);
    h.get_by_label("Import").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    h.run_steps(2);
    assert_eq!(h.state().doc.session.puzzles.puzzles.len(), count);
    assert!(
        h.query_by_label_contains("bad.txt").is_some(),
        "the error names the file"
    );
}

/// Try mode takes the givens as part of the answer: marking the solution's other
/// ones gives an answer where every rule holds, and a given cannot be toggled.
#[test]
fn trying_an_answer_counts_the_givens() {
    let mut h = on("Takuzu 6×6");
    let puzzle = current(&h);
    let solution = puzzle
        .solve_exact(
            fleetscope::puzzle::ExactRequest::new(2, 1),
            &fleetscope::run::CancelFlag::new(),
        )
        .unwrap()
        .examples
        .remove(0);
    let givens = puzzle.model().unwrap().fixed;
    let given = |r: usize, c: usize| givens.iter().any(|f| f.cell == r * 6 + c);
    h.get_by_label("Try (P)").click();
    h.run_steps(2);
    for r in 0..6 {
        for c in 0..6 {
            if solution.get(r, c) && !given(r, c) {
                let p = h.state().room.cell_center(r, c).unwrap();
                click_at(&mut h, p);
            }
        }
    }
    wait_until(&mut h, |r| !r.room.busy());
    let a = h.state().room.answer().expect("an answer");
    assert_eq!(a.grid, solution);
    assert!(a.broken.is_empty(), "{:?}", a.broken);
    // A click on a given changes nothing.
    let f = &givens[0];
    let p = h.state().room.cell_center(f.cell / 6, f.cell % 6).unwrap();
    click_at(&mut h, p);
    wait_until(&mut h, |r| !r.room.busy());
    assert_eq!(h.state().room.answer().unwrap().grid, solution);
}

/// Solving exactly while trying: the answer stays, the room says so and offers the
/// solution; one click ends Try mode and shows it (before, "1 solution: unique"
/// showed nothing until Solve was pressed again).
#[test]
fn solving_while_trying_offers_the_solution() {
    let mut h = on("Takuzu 6×6");
    h.get_by_label("Try (P)").click();
    h.run_steps(2);
    let p = h.state().room.cell_center(0, 1).unwrap();
    click_at(&mut h, p);
    h.key_press(egui::Key::S);
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    assert_eq!(h.state().room.answer().unwrap().source, "your answer");
    h.get_by_label("Show the solution").click();
    h.run_steps(3);
    let a = h.state().room.answer().expect("the solution is shown");
    assert!(a.source.starts_with("solution 1"), "{}", a.source);
    assert!(a.broken.is_empty());
    assert!(h.query_by_label("Try (P)").is_some());
    // The answer tried by hand was put aside, not lost: Try brings it back.
    assert!(h.query_by_label_contains("Your answer is put aside").is_some());
    let mine = h.state().room.answer().unwrap().grid.clone();
    h.key_press(egui::Key::P);
    h.run_steps(3);
    let back = h.state().room.answer().expect("the tried answer is back");
    assert_eq!(back.source, "your answer");
    assert_ne!(back.grid, mine, "not the solution");
    let tried = back.grid.clone();
    // Escape clears it (once no job is running: Escape would cancel that
    // first); one Backspace brings it back.
    wait_until(&mut h, |r| !r.room.busy());
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(h.state().room.answer().is_none());
    assert!(h.state().status.contains("Backspace brings it back"));
    h.key_press(egui::Key::Backspace);
    h.run_steps(3);
    assert_eq!(h.state().room.answer().map(|a| a.grid.clone()), Some(tried));
}

/// Try mode shows clashes first: after one queen the lines that still need a
/// queen are summed up, not outlined as broken (before, every row, column and
/// region was orange from the first mark).
#[test]
fn trying_shows_clashes_and_sums_up_what_still_needs_marks() {
    let mut h = on("8 queens");
    h.get_by_label("Try (P)").click();
    h.run_steps(2);
    let p = h.state().room.cell_center(0, 0).unwrap();
    click_at(&mut h, p);
    wait_until(&mut h, |r| !r.room.busy());
    // A sentence: "Your answer: …", not "your answer: …".
    assert!(h.query_by_label_contains("Your answer: no clash so far;").is_some());
    assert!(h.query_by_label_contains("(red: marks that clash").is_none());
    let p = h.state().room.cell_center(1, 1).unwrap();
    click_at(&mut h, p);
    wait_until(&mut h, |r| !r.room.busy());
    assert!(h.query_by_label_contains("(red: marks that clash").is_some());
    assert!(h.query_by_label_contains("more wait for more marks").is_some());
}

/// Each puzzle's own rules show beside its grid (what Rullo, Max chess or a
/// Battleship puzzle asks), with its counts and options.
#[test]
fn the_rules_of_each_puzzle_show_beside_its_grid() {
    for (name, says) in [
        ("Max chess 5×5", "Place as many pieces as you can."),
        ("Coloured chess 4×4", "Place exactly one piece in each coloured region."),
        (
            "8 queens",
            "Place queens: 1 in each row, 1 in each column. No two share a diagonal.",
        ),
        ("Takuzu 6×6", "No two rows are the same, nor two columns."),
        ("Tango 6×6", "Cells joined by '=' are equal, by 'x' different."),
        ("Tents 6×6", "Pitch one tent next to each tree"),
    ] {
        let h = on(name);
        assert!(h.query_by_label_contains(says).is_some(), "{name}: expected '{says}'");
    }
}

/// Opening another puzzle neither stops a running solve nor throws a finished
/// one away: the running one says what it works on, a finished one comes back
/// with its puzzle.
#[test]
fn a_solve_waits_for_its_puzzle() {
    let mut h = on("Rullo (article example)");
    h.get_by_label("Solve exactly (S)").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    wait_for_text(&mut h, "1 solution: unique");
    let rullo = h.state().doc.session.puzzles.active;
    let queens = h
        .state()
        .doc
        .session
        .puzzles
        .puzzles
        .iter()
        .position(|p| p.name == "8 queens")
        .unwrap();
    h.state_mut().doc.set_view(|s| s.puzzles.active = queens);
    h.run_steps(3);
    assert!(
        h.state().room.solved().is_none(),
        "the Rullo solve is not shown on the queens"
    );
    h.state_mut().doc.set_view(|s| s.puzzles.active = rullo);
    h.run_steps(3);
    assert!(
        h.state().room.solved().is_some_and(|s| s.result.is_unique()),
        "the Rullo solve is back with its puzzle"
    );
    wait_until(&mut h, |r| !r.room.busy());
    assert!(
        h.state()
            .room
            .answer()
            .is_some_and(|a| a.source.starts_with("solution 1")),
        "and its solution is on the grid again"
    );

    // A long solve (16 queens, up to 100,000 solutions) goes on while another puzzle is open.
    let sixteen = fleetscope::puzzle::Puzzle::parse(include_str!("../../puzzles/n-queens-16.txt")).unwrap();
    h.state_mut().doc.edit(|s| {
        s.puzzles.puzzles.push(fleetscope::session::NamedPuzzle {
            name: "16 queens".into(),
            puzzle: sixteen,
        });
        s.puzzles.active = s.puzzles.puzzles.len() - 1;
    });
    h.run_steps(3);
    h.get_by_label("Solve exactly (S)").click();
    h.run_steps(2);
    // The search says how far it got, below its progress bar.
    wait_for_text(&mut h, "solutions so far");
    h.state_mut().doc.set_view(|s| s.puzzles.active = queens);
    h.run_steps(3);
    assert!(h.state().room.busy(), "the 16-queens solve runs on");
    assert!(h.query_by_label_contains("Still solving '16 queens'").is_some());
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
}

/// In Try mode a 0/1 cell has three states: blank (undecided), 1, then 0, and
/// back to blank; blank cells are not judged as zeros.
#[test]
fn a_takuzu_cell_can_be_left_undecided() {
    let mut h = on("Takuzu 6×6");
    h.get_by_label("Try (P)").click();
    h.run_steps(2);
    // (0, 1) is not given.
    let p = h.state().room.cell_center(0, 1).unwrap();
    let state = |h: &H| {
        let a = h.state().room.answer().expect("an answer");
        (
            a.grid.get(0, 1),
            a.undecided.as_ref().expect("Try keeps undecided cells").get(0, 1),
        )
    };
    click_at(&mut h, p);
    assert_eq!(state(&h), (true, false), "first a 1");
    let undecided = h.state().room.answer().unwrap().undecided.clone().unwrap();
    assert_eq!(
        undecided.ones(),
        36 - 12 - 1,
        "every cell but the 12 givens and this one is blank"
    );
    click_at(&mut h, p);
    assert_eq!(state(&h), (false, false), "then a decided 0");
    click_at(&mut h, p);
    assert_eq!(state(&h), (false, true), "then blank again");
    // Backspace steps back through the states.
    h.key_press(egui::Key::Backspace);
    h.run_steps(3);
    assert_eq!(state(&h), (false, false));
}

/// A Try answer stays with its puzzle: open another puzzle, come back, and Try
/// brings the marks back.
#[test]
fn a_try_answer_waits_for_its_puzzle() {
    let mut h = on("Takuzu 6×6");
    let takuzu = h.state().doc.session.puzzles.active;
    h.get_by_label("Try (P)").click();
    h.run_steps(2);
    let p = h.state().room.cell_center(0, 1).unwrap();
    click_at(&mut h, p);
    wait_until(&mut h, |r| !r.room.busy());
    let mine = h.state().room.answer().unwrap().grid.clone();
    h.state_mut().doc.set_view(|s| s.puzzles.active = 0);
    h.run_steps(3);
    assert!(h.state().room.answer().is_none());
    h.state_mut().doc.set_view(|s| s.puzzles.active = takuzu);
    h.run_steps(3);
    assert!(h.query_by_label_contains("Your answer is put aside").is_some());
    h.key_press(egui::Key::P);
    h.run_steps(3);
    let back = h.state().room.answer().expect("the answer is back");
    assert_eq!((back.source.as_str(), &back.grid), ("your answer", &mine));
}

/// Errors shown on their own read as sentences: a capital letter first,
/// whatever the engine or the file reader wrote (they word theirs to be
/// prefixed).
#[test]
fn errors_start_with_a_capital_letter() {
    let mut h = on("8 queens");
    let starts_upper = |t: &str| t.chars().next().is_some_and(char::is_uppercase);
    // A reader's error in the Text tab.
    h.get_by_label("Text").click();
    h.run_steps(2);
    h.state_mut().room.set_text("n-queens 5x5\ncolour red\n");
    h.get_by_label("Apply").click();
    h.run_steps(2);
    let (text, _) = painted_texts(&h)
        .into_iter()
        .find(|(t, _)| t.contains("colour"))
        .expect("the error names the bad keyword");
    assert!(starts_upper(&text), "'{text}'");
    // A job's error: a file that is not there.
    h.get_by_label("Grid").click();
    h.state_mut().room.set_file_path("/nonexistent/puzzle.txt");
    h.run_steps(2);
    h.get_by_label("Import").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    let (text, _) = painted_texts(&h)
        .into_iter()
        .find(|(t, _)| t.contains("/nonexistent/puzzle.txt") && !t.starts_with('/'))
        .expect("the import error names the file");
    assert!(starts_upper(&text), "'{text}'");
}

/// A solve cancelled says "Cancelled." under Solve; once another puzzle is
/// open (picked or made) that word, about the puzzle before, goes.
#[test]
fn a_cancelled_solve_says_so_only_while_its_puzzle_is_open() {
    let mut s = session_of(&["classic"]);
    s.puzzles.puzzles.push(fleetscope::session::NamedPuzzle {
        name: "Blank star battle".into(),
        puzzle: fleetscope::puzzle::edit::blank("star-battle", 16, 16).unwrap(),
    });
    s.puzzles.active = s.puzzles.puzzles.len() - 1;
    let mut h = room_harness(PuzzlesRoom::default(), s);
    h.run_steps(3);
    h.get_by_label("Solve exactly (S)").click();
    h.run_steps(1);
    // The Solve panel's Cancel (the Setter may show its own, right of the grid).
    h.query_all_by_label("Cancel")
        .min_by(|a, b| a.rect().left().total_cmp(&b.rect().left()))
        .expect("Cancel")
        .click();
    h.run_steps(2);
    wait_for_text(&mut h, "Cancelled.");
    h.state_mut().doc.set_view(|s| s.puzzles.active = 0);
    h.run_steps(3);
    assert!(
        h.query_by_label("Cancelled.").is_none(),
        "the cancel of another puzzle's solve is still said"
    );
}

/// The lines under Solve and under the grid are sentences: "Solution 1 of
/// the exact solver: every rule holds.", "Optimum 6: …" (they began in
/// lower case, being made to follow other words).
#[test]
fn solve_reports_start_with_a_capital() {
    let mut h = on("Rullo (article example)");
    h.get_by_label("Solve exactly (S)").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    wait_for_text(&mut h, "Solution 1 of the exact solver: every rule holds.");
    let mut h = on("Max chess 5×5");
    h.get_by_label("Solve exactly (S)").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    let best = h.state().room.solved().unwrap().result.best.expect("an optimum");
    wait_for_text(&mut h, &format!("Optimum {best}: "));
    assert!(h.query_by_label_contains(&format!("optimum {best}: ")).is_none());
}

/// Every text painted last frame whose galley was cut short ("…") or that
/// runs out of its clip rectangle sideways (up and down, a list scrolls).
fn cut_texts<S>(h: &Harness<'_, S>) -> Vec<String> {
    fn walk(shape: &egui::Shape, clip: egui::Rect, out: &mut Vec<String>) {
        match shape {
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, clip, out)),
            egui::Shape::Text(t) => {
                let r = t.visual_bounding_rect();
                let sideways = r.is_finite() && (r.left() < clip.left() - 0.5 || r.right() > clip.right() + 0.5);
                if t.galley.elided || sideways {
                    out.push(t.galley.text().to_string());
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for c in &h.output().shapes {
        walk(&c.shape, c.clip_rect, &mut out);
    }
    out
}

/// At 1280×800 the list names each puzzle in full with its grade (they were
/// cut to "not uni…", "Medi…"), and a 16×16 puzzle's count fields show all
/// their numbers.
#[test]
fn nothing_is_cut_off_at_1280_by_800() {
    let mut s = session_of(&["classic"]);
    for (name, side) in [("New binairo 16×16", 16), ("Binairo 14×14 Medium #1", 14)] {
        s.puzzles.puzzles.push(fleetscope::session::NamedPuzzle {
            name: name.into(),
            puzzle: fleetscope::puzzle::edit::blank("binairo", side, side).unwrap(),
        });
    }
    s.puzzles.active = s.puzzles.puzzles.len() - 2;
    let names: Vec<String> = s.puzzles.puzzles.iter().map(|p| p.name.clone()).collect();
    let mut h = room_harness_sized(PuzzlesRoom::default(), s, egui::vec2(1280.0, 800.0));
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    h.run_steps(3);
    let cut = cut_texts(&h);
    for name in &names {
        assert!(
            painted_texts(&h).iter().any(|(t, _)| t.contains(name.as_str())),
            "'{name}' is not in the list"
        );
        assert!(
            !cut.iter().any(|t| t.contains(name.as_str())),
            "'{name}' is cut: {cut:?}"
        );
    }
    let eights = vec!["8"; 16].join(" ");
    assert_eq!(
        painted_texts(&h).iter().filter(|(t, _)| *t == eights).count(),
        2,
        "the ones-rows and ones-cols fields"
    );
    assert!(!cut.contains(&eights), "the count fields cut their numbers: {cut:?}");
    assert!(
        !cut.iter().any(|t| t.contains("not uni") || t.contains("Medi")),
        "{cut:?}"
    );
}

/// The side panels start wider in a wide window (they kept 340 points at 1920).
#[test]
fn side_panels_start_wider_in_a_wide_window() {
    let left_of_grid_tab = |size: egui::Vec2| {
        let mut h = room_harness_sized(PuzzlesRoom::default(), session_of(&["classic"]), size);
        h.run_steps(3);
        h.get_by_label("Grid").rect().left()
    };
    let narrow = left_of_grid_tab(egui::vec2(1280.0, 800.0));
    let wide = left_of_grid_tab(egui::vec2(1920.0, 1080.0));
    assert!(wide > narrow + 100.0, "the left panel is {narrow} and {wide} wide");
}

/// A panel first shown in a 1280-wide window widens when the window is
/// maximised to 1920 (it kept its remembered 340 points).
#[test]
fn side_panels_widen_when_the_window_does() {
    let mut h = room_harness_sized(
        PuzzlesRoom::default(),
        session_of(&["classic"]),
        egui::vec2(1280.0, 800.0),
    );
    h.run_steps(3);
    let narrow = h.get_by_label("Grid").rect().left();
    h.set_size(egui::vec2(1920.0, 1080.0));
    h.run_steps(3);
    let wide = h.get_by_label("Grid").rect().left();
    assert!(
        wide >= 0.22 * 1920.0,
        "the left panel stayed at {narrow} → {wide} points in a 1920 window"
    );
}

/// An 8×8 grid at 1280×800 takes the height there is: under it stays only
/// the room for its hover line and the answer's report (it left ~180 points).
#[test]
fn the_grid_fills_the_height_at_1280_by_800() {
    let mut s = session_of(&["classic"]);
    s.puzzles.active = s
        .puzzles
        .puzzles
        .iter()
        .position(|p| p.name == "LinkedIn Queens 1")
        .unwrap();
    let mut h = room_harness_sized(PuzzlesRoom::default(), s, egui::vec2(1280.0, 800.0));
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    let (a, b) = (
        h.state().room.cell_center(0, 0).unwrap(),
        h.state().room.cell_center(7, 7).unwrap(),
    );
    let cell = (b.y - a.y) / 7.0;
    let bottom = b.y + cell / 2.0;
    assert!(
        800.0 - bottom < 130.0,
        "{} points unused under the grid",
        800.0 - bottom
    );
}

/// *New puzzle* names families as Generate does ("Star Battle", not
/// "star-battle"), and so does the puzzle it makes.
#[test]
fn new_puzzle_names_families_as_people_do() {
    let mut h = on("LinkedIn Queens 1");
    h.get_by_value("Queens").click();
    h.run_steps(2);
    assert!(h.query_by_label("star-battle").is_none(), "a command-line word");
    h.get_by_label("Star Battle").click();
    h.run_steps(2);
    h.get_by_label("Make").click();
    h.run_steps(2);
    let made = h.state().doc.session.puzzles.current().unwrap();
    assert!(made.name.starts_with("New Star Battle 8×8"), "{}", made.name);
}
