//! UI tests of the Puzzles room's Logic panel: Hint highlights and applies a
//! step, a wrong Try mark is named, Explain lists steps and shows the grid at
//! a step, and the list shows each puzzle's grade.

use crate::common::*;

use crate::puzzles::{H, current};
use egui_kittest::kittest::Queryable;
use fleetscope::puzzle::deduce;
use fleetscope::puzzle::{ExactRequest, Puzzle};
use fleetscope::run::CancelFlag;
use fleetscope::ui::room::Room;

const QUEENS: &str = "LinkedIn Queens 1";

/// The example opened, with its list grades worked out.
fn on(name: &str) -> H {
    let mut h = crate::puzzles::on(name);
    wait_until(&mut h, |r| !r.room.busy());
    h
}

fn solution(p: &Puzzle) -> fleetscope::geometry::BinaryMatrix {
    let r = p.solve_exact(ExactRequest::new(2, 1), &CancelFlag::new()).unwrap();
    assert!(r.is_unique());
    r.examples[0].clone()
}

#[test]
fn a_hint_highlights_its_cells_and_apply_fills_them_as_one_take_back() {
    let mut h = on(QUEENS);
    let p = current(&h);
    let model = p.model().unwrap();
    // The first step the ladder takes from the givens (an independent call).
    let deduce::Step::Deduce(first) = deduce::next_step(&model, &deduce::start(&model).unwrap(), deduce::TOP_TIER)
    else {
        panic!("the example has a first step")
    };
    h.key_press(egui::Key::H);
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    wait_for_text(&mut h, &first.sentence);
    let (decided, _) = h.state().room.hint_cells();
    let want: Vec<usize> = first.decided.iter().map(|(c, _)| *c).collect();
    assert_eq!(decided, want, "the decided cells are highlighted");
    h.get_by_label("Apply (Shift+H)").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    let a = h.state().room.answer().expect("the step is on the grid");
    assert_eq!(a.source, "your answer");
    let cols = a.grid.cols();
    for &(c, v) in &first.decided {
        assert_eq!(a.grid.get(c / cols, c % cols), v, "cell {c} filled as the step says");
        let open = a.undecided.as_ref().is_some_and(|u| u.get(c / cols, c % cols));
        assert!(!open, "cell {c} is decided");
    }
    // Backspace takes the whole step back.
    h.key_press(egui::Key::Backspace);
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    let a = h.state().room.answer().expect("an answer");
    assert!(first.decided.iter().all(|&(c, _)| !a.grid.get(c / cols, c % cols)));
}

#[test]
fn a_wrong_try_mark_is_named_by_the_hint() {
    let mut h = on(QUEENS);
    let p = current(&h);
    let sol = solution(&p);
    let (rows, cols) = p.size();
    let (r, c) = (0..rows * cols)
        .map(|i| (i / cols, i % cols))
        .find(|&(r, c)| !sol.get(r, c))
        .unwrap();
    h.get_by_label("Try (P)").click();
    h.run_steps(2);
    let at = h.state().room.cell_center(r, c).unwrap();
    click_at(&mut h, at);
    wait_until(&mut h, |r| !r.room.busy());
    h.get_by_label("Hint (H)").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    wait_for_text(
        &mut h,
        &format!("Your queen at row {}, col {} is not in the solution", r + 1, c + 1),
    );
    // The wrong mark is highlighted as the reason.
    let (_, reasons) = h.state().room.hint_cells();
    assert_eq!(reasons, vec![r * cols + c]);
}

#[test]
fn explain_lists_the_steps_and_a_click_shows_the_grid_at_that_step() {
    let mut h = on(QUEENS);
    let p = current(&h);
    let model = p.model().unwrap();
    let ex = deduce::explain(&model);
    assert!(ex.steps.len() >= 3);
    h.get_by_label("Explain").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    wait_for_text(&mut h, &format!("Grade: {}", ex.grade.name()));
    let third = format!("3. Tier {}: {}", ex.steps[2].rule.tier(), ex.steps[2].sentence);
    h.get_by_label(&third).click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    let a = h.state().room.answer().expect("the grid at step 3");
    assert_eq!(a.source, "step 3 of the logical solution");
    let mut state = deduce::start(&model).unwrap();
    for d in &ex.steps[..3] {
        deduce::apply(&mut state, d);
    }
    let cols = model.cols;
    for (i, v) in state.iter().enumerate() {
        let (r, c) = (i / cols, i % cols);
        let open = a.undecided.as_ref().is_some_and(|u| u.get(r, c));
        assert_eq!(open, v.is_none(), "cell {i} open as at step 3");
        assert_eq!(a.grid.get(r, c), *v == Some(true), "cell {i} as at step 3");
    }
    // Partial answers are not judged on the lines they have not filled yet.
    assert!(h.query_by_label_contains("(red: marks that clash").is_none());
    // A click on the grid while a step is shown edits nothing.
    let at = h.state().room.cell_center(7, 7).unwrap();
    click_at(&mut h, at);
    assert_eq!(current(&h), p, "the puzzle is unchanged");
    // On a step, H shows the next one.
    h.key_press(egui::Key::H);
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    assert_eq!(
        h.state().room.answer().unwrap().source,
        "step 4 of the logical solution"
    );
}

#[test]
fn the_list_shows_each_puzzles_grade() {
    let mut h = on(QUEENS);
    wait_until(&mut h, |r| !r.room.busy());
    let p = current(&h);
    let grade = deduce::explain(&p.model().unwrap()).grade;
    let (rows, cols) = p.size();
    let entry = format!("{QUEENS}  (Queens {rows}×{cols})");
    let t0 = std::time::Instant::now();
    while list_grade(&h, &entry).as_deref() != Some(grade.name()) {
        assert!(t0.elapsed().as_secs() < 30, "no grade beside '{entry}'");
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    // Max chess asks for an optimum, which the ladder does not grade: "-".
    assert_eq!(list_grade(&h, "Max chess 5×5  (Max chess 5×5)").as_deref(), Some("-"));
}

#[test]
fn apply_asks_for_the_next_step_and_fills_it_in_one_press() {
    let mut h = on(QUEENS);
    let p = current(&h);
    let model = p.model().unwrap();
    let mut state = deduce::start(&model).unwrap();
    for press in 1..=2 {
        let deduce::Step::Deduce(step) = deduce::next_step(&model, &state, deduce::TOP_TIER) else {
            panic!("the example has a step {press}")
        };
        h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::H);
        h.run_steps(2);
        wait_until(&mut h, |r| !r.room.busy());
        h.run_steps(2);
        wait_until(&mut h, |r| !r.room.busy());
        let a = h
            .state()
            .room
            .answer()
            .unwrap_or_else(|| panic!("press {press} filled the step in"));
        assert_eq!(a.source, "your answer");
        assert!(h.state().room.trying(), "applied steps are the user's marks");
        let cols = a.grid.cols();
        for &(c, v) in &step.decided {
            let open = a.undecided.as_ref().is_some_and(|u| u.get(c / cols, c % cols));
            assert!(
                !open && a.grid.get(c / cols, c % cols) == v,
                "press {press}: cell {c} as the step says"
            );
        }
        deduce::apply(&mut state, &step);
    }
}

#[test]
fn explain_keeps_the_setter_in_view() {
    let mut h = on(QUEENS);
    h.get_by_label("Explain").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    wait_for_text(&mut h, "Grade:");
    let seen = visible_texts(&h);
    for text in ["Setter", "Certify clues"] {
        assert!(
            seen.iter().any(|(t, _)| t == text),
            "'{text}' is still in view with the steps listed"
        );
    }
}

/// "(2,6)" or "(2, 6)": a cell written the old way.
fn bare_pair(s: &str) -> bool {
    let b = s.as_bytes();
    (0..b.len()).any(|i| {
        if b[i] != b'(' {
            return false;
        }
        let rest = &s[i + 1..];
        let Some(end) = rest.find(')') else { return false };
        let inner: String = rest[..end].chars().filter(|c| !c.is_whitespace()).collect();
        let mut parts = inner.split(',');
        matches!((parts.next(), parts.next(), parts.next()), (Some(a), Some(b), None)
            if !a.is_empty() && !b.is_empty() && a.chars().all(|c| c.is_ascii_digit()) && b.chars().all(|c| c.is_ascii_digit()))
    })
}

/// Cells are "row r, col c" in the explanation, the hints and the broken
/// rules, as everywhere in the app.
#[test]
fn cells_are_named_row_and_col_everywhere_in_the_logic() {
    let mut h = on(QUEENS);
    h.get_by_label("Explain").click();
    h.run_steps(2);
    wait_until(&mut h, |r| !r.room.busy());
    wait_for_text(&mut h, "Grade:");
    let p = current(&h);
    let ex = deduce::explain(&p.model().unwrap());
    let first = format!("1. Tier {}: {}", ex.steps[0].rule.tier(), ex.steps[0].sentence);
    assert!(first.contains("row ") && first.contains(", col "), "{first}");
    for (k, d) in ex.steps.iter().enumerate() {
        assert!(!bare_pair(&d.sentence), "step {}: {}", k + 1, d.sentence);
    }
    assert!(h.query_by_label(&first).is_some(), "the list shows '{first}'");
    // A broken rule in Try mode.
    h.get_by_label("Try (P)").click();
    h.run_steps(2);
    for (r, c) in [(0, 0), (1, 1)] {
        let at = h.state().room.cell_center(r, c).unwrap();
        click_at(&mut h, at);
    }
    wait_until(&mut h, |r| !r.room.busy());
    let a = h.state().room.answer().unwrap();
    assert!(!a.broken.is_empty());
    for v in &a.broken {
        assert!(!bare_pair(&v.message), "{}", v.message);
    }
}
