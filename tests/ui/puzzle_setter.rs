//! UI tests of the Puzzles room's setter tools: the lens counts after an
//! edit, Repair lists edits and one click applies one as one undo step, and
//! the Generate dialog adds a unique puzzle of the grade asked for.

use crate::common::*;

use crate::puzzles::{H, current};
use egui_kittest::kittest::{NodeT, Queryable};
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
    let spec = made.puzzle.ladder().unwrap();
    assert_eq!(deduce::explain_spec(&spec, &CancelFlag::new()).grade, Grade::Medium);
    assert!(made.name.ends_with("#1"), "{}", made.name);
    // The seed moves on past the puzzle made: the next run makes a new one.
    h.get_by_label("Generate").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    let next = h.state().doc.session.puzzles.current().unwrap();
    assert!(next.name.ends_with("#2"), "{}", next.name);
}

/// The dialog's drop-down on the row of `row` showing `value`, or (`open`)
/// the item of its open list: the list's grades and *New puzzle*'s family
/// show such words too, further away.
fn dialog_choice<'h>(h: &'h H, row: &str, value: &'h str) -> egui_kittest::Node<'h> {
    nearest(h, row, h.query_all_by_value(value))
}

fn dialog_item<'h>(h: &'h H, row: &str, item: &'h str) -> egui_kittest::Node<'h> {
    nearest(h, row, h.query_all_by_label(item))
}

fn nearest<'h>(h: &'h H, row: &str, nodes: impl Iterator<Item = egui_kittest::Node<'h>>) -> egui_kittest::Node<'h> {
    let top = h.get_by_label(row).rect().top();
    nodes
        .filter(|n| n.accesskit_node().role() != egui::accesskit::Role::Label)
        .min_by(|a, b| (a.rect().top() - top).abs().total_cmp(&(b.rect().top() - top).abs()))
        .expect("the dialog's choice")
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
    // Families by their names (the dialog's list: *New puzzle* has one too).
    dialog_choice(&h, "Family", "Queens").click();
    h.run_steps(2);
    assert!(h.query_by_label("star-battle").is_none(), "no command-line ids");
    h.get_by_label("Star Battle").click();
    h.run_steps(2);
    dialog_choice(&h, "Grade", "Medium").click();
    h.run_steps(2);
    dialog_item(&h, "Grade", "Easy").click();
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
    dialog_choice(&h, "Grade", "Easy").click();
    h.run_steps(2);
    dialog_item(&h, "Grade", "Fiendish").click();
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

/// The room opened on a puzzle of its own (not one of the examples), its
/// background counts finished.
fn on_puzzle(name: &str, text: &str) -> H {
    let mut s = session_of(&["classic"]);
    s.puzzles.puzzles.push(fleetscope::session::NamedPuzzle {
        name: name.into(),
        puzzle: Puzzle::parse(text).unwrap(),
    });
    s.puzzles.active = s.puzzles.puzzles.len() - 1;
    let mut h = room_harness(fleetscope::ui::rooms::puzzles::PuzzlesRoom::default(), s);
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    h
}

/// A blank 8×8 Queens has 5,242 solutions: the lens stops at 1,000, whose
/// differing cells leave out row 1 cols 3–8. Each other cell is then checked
/// exactly in the background, and the outline is every cell where two of
/// all the solutions differ, said to be exact.
#[test]
fn past_the_cap_the_outline_is_checked_cell_by_cell() {
    let mut h = on_puzzle("Blank queens", "queens 8x8\n");
    let lens = h.state().room.lens().expect("counted").clone();
    assert!(lens.capped && !lens.differing.contains(&7));
    let p = current(&h);
    let all = p
        .solve_exact(ExactRequest::new(1_000_000, 1_000_000), &CancelFlag::new())
        .unwrap();
    let first = &all.examples[0];
    let want: Vec<usize> = (0..64)
        .filter(|&c| {
            all.examples
                .iter()
                .any(|g| g.get(c / 8, c % 8) != first.get(c / 8, c % 8))
        })
        .collect();
    assert!(want.contains(&7));
    assert_eq!(
        h.state().room.outlined(),
        want,
        "every cell where solutions differ is outlined"
    );
    wait_for_text(&mut h, "Outlines exact: every cell settled");
    assert!(h.query_by_label_contains("1,000+ solutions").is_some());
}

/// A board that no single edit makes unique: with region moves only, Repair
/// lists the moves that cut the count most, with their counts; a click
/// applies one (the lens recounts lower) and Undo takes it back.
#[test]
fn repair_lists_cuts_of_the_kinds_ticked_and_a_click_walks_the_count_down() {
    let text = "queens 8x8\nregions\naaaaacee\naaaaacce\nadddbccc\ndddbbbcc\ndddbbbfc\nddddbbfg\ndhhdggfg\nhhhhgggg\n";
    let mut h = on_puzzle("Stuck queens", text);
    let before = current(&h);
    assert_eq!(h.state().room.lens().map(|l| l.count), Some(50));
    for kind in ["Givens", "Blocked cells"] {
        h.get_by_label(kind).click();
        h.run_steps(1);
    }
    h.get_by_label("Repair").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    wait_for_text(
        &mut h,
        "No single edit makes it unique. The edits that cut the count most, from 50 solutions",
    );
    assert!(h.query_by_label_contains("give a").is_none(), "givens were unticked");
    let first = h
        .query_all_by_label_contains(" solutions")
        .find(|n| n.accesskit_node().label().is_some_and(|l| l.starts_with("Move ")))
        .expect("a region move cuts the count");
    let label = first.accesskit_node().label().unwrap();
    let listed: u64 = label
        .rsplit(": ")
        .next()
        .and_then(|s| s.strip_suffix(" solutions"))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a count in '{label}'"));
    first.click();
    h.run_steps(3);
    wait_until(&mut h, |r| !r.room.busy());
    assert_ne!(current(&h), before);
    assert_eq!(
        count(&current(&h)),
        listed,
        "the count listed is the count after the move"
    );
    assert!(listed < 50);
    assert_eq!(
        h.state().room.lens().map(|l| l.count),
        Some(listed),
        "the lens recounted"
    );
    assert!(h.state_mut().doc.undo(), "a cut is one undo step");
    assert_eq!(current(&h), before);
}

/// An empty 16×16 Binairo: its count once found no solution before the
/// lens's time limit ("not known", "uniqueness unknown"); counted line by
/// line it reaches the lens's cap at once, so the Setter knows it is not
/// unique, the list grades it so, and a Hint says its open cells can never
/// be decided by reasoning.
#[test]
fn an_empty_large_grid_gets_bounded_answers() {
    let mut h = on_puzzle("Empty Binairo", "binairo 16x16\n");
    let lens = h.state().room.lens().expect("the lens counted").clone();
    assert!(lens.capped && !lens.timed_out, "{lens:?}");
    // The grade comes from a job of its own: frames until the list shows it.
    let t0 = std::time::Instant::now();
    while list_grade(&h, "Empty Binairo").as_deref() != Some("not unique") {
        assert!(t0.elapsed().as_secs() < 30, "the list's grade of the empty board");
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.key_press(egui::Key::H);
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    wait_for_text(&mut h, "can never be decided");
}

/// A blank 10×10 Star Battle has far more than 1,000 solutions, and so has
/// every puzzle one given away from it: the lens stops at 1,000 and so does
/// every recount. Repair says that no edit brings the count below 1,000 (it
/// used to say that none cuts its "1000+ solutions", which every given does).
#[test]
fn past_the_cap_repair_says_no_edit_brings_the_count_below_it() {
    let blank = fleetscope::puzzle::edit::blank("star-battle", 10, 10).unwrap();
    let mut h = on_puzzle("Blank star battle", &blank.to_text());
    assert!(h.state().room.lens().expect("counted").capped);
    // The oracle: each given leaves at least 1,000 solutions.
    let (rows, cols) = blank.size();
    for cell in 0..rows * cols {
        let mut p = blank.clone();
        fleetscope::puzzle::edit::apply(
            &mut p,
            fleetscope::puzzle::vocab::Tool::Given,
            (cell / cols, cell % cols),
        )
        .unwrap();
        assert_ne!(p, blank);
        assert_eq!(count(&p), 1000, "a given at cell {cell} leaves fewer than 1,000");
    }
    h.get_by_label("Repair").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    wait_for_text(
        &mut h,
        "No single edit of the kinds ticked makes this puzzle unique or brings its count below 1,000",
    );
    for (t, _) in painted_texts(&h) {
        assert!(!t.contains("or cuts its"), "'{t}'");
    }
}

/// Sets the dialog's number field on the row `row` (as a screen reader does).
fn set_dialog_number(h: &mut H, row: &str, value: usize) {
    nearest(h, row, h.query_all_by_role(egui::accesskit::Role::SpinButton)).set_value_accesskit(value as f64);
    h.run_steps(2);
}

/// The dialog's drop-down on the row `row` (its value may show elsewhere too).
fn dialog_combo<'h>(h: &'h H, row: &str) -> egui_kittest::Node<'h> {
    nearest(h, row, h.query_all_by_role(egui::accesskit::Role::ComboBox))
}

/// Every generator is in the dialog's list, draws its own options, and
/// makes a unique puzzle of its family at a small size.
#[test]
fn every_generator_in_the_dialog_makes_a_puzzle() {
    use fleetscope::puzzle::families::generator;
    use fleetscope::puzzle::generate::{Recipe, words};
    let mut h = on("Rullo (article example)");
    h.get_by_label("Generate...").click();
    h.run_steps(2);
    let mut grade = "Medium";
    for word in words() {
        let title = Recipe::title_of(word);
        dialog_combo(&h, "Family").click();
        h.run_steps(2);
        dialog_item(&h, "Family", title).click();
        h.run_steps(2);
        let recipe = Recipe::of_family(word).unwrap();
        for spec in recipe.specs() {
            assert!(
                h.query_by_label(spec.label).is_some(),
                "{word}: the row '{}'",
                spec.label
            );
        }
        let want = if recipe.out_of_reach(Grade::Easy).is_some() {
            "Medium"
        } else {
            "Easy"
        };
        if want != grade {
            dialog_combo(&h, "Grade").click();
            h.run_steps(2);
            dialog_item(&h, "Grade", want).click();
            h.run_steps(2);
            grade = want;
        }
        let size = generator(word).unwrap().info().sample_size();
        set_dialog_number(&mut h, "Size", size);
        let before = h.state().doc.session.puzzles.puzzles.len();
        h.get_by_label("Generate").click();
        h.run_steps(2);
        wait_until(&mut h, |r| !r.room.busy());
        let shelf = &h.state().doc.session.puzzles;
        assert_eq!(shelf.puzzles.len(), before + 1, "{word}: the puzzle joins the list");
        let made = shelf.current().unwrap();
        let name = format!("{title} {size}×{size} {want}");
        assert!(made.name.starts_with(&name), "{word}: {} is a {name}", made.name);
        assert_eq!(made.puzzle.size(), (size, size));
        assert_eq!(count(&made.puzzle), 1, "{word}: unique");
    }
}
