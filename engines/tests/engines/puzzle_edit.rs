//! Grid edits of the Puzzles room's editor: every family's blank puzzle is
//! valid, toggles undo themselves, painted regions and links survive the text
//! form, and tools that do not fit a family say so.

use fleetscope_engines::puzzle::edit::{apply, blank, toggle_link, tools};
use fleetscope_engines::puzzle::vocab::Tool;
use fleetscope_engines::puzzle::{FAMILIES, Puzzle};

#[test]
fn every_family_has_a_valid_blank_puzzle_and_its_tools_apply() {
    for (key, _) in FAMILIES.iter() {
        let p = blank(key, 5, 6).unwrap_or_else(|e| panic!("{key}: {e}"));
        assert_eq!(p.size(), (5, 6), "{key}");
        p.validate().unwrap_or_else(|e| panic!("{key}: {e}"));
        for tool in tools(&p) {
            if matches!(tool, Tool::Link { .. }) {
                continue;
            }
            let mut q = p.clone();
            apply(&mut q, tool, (2, 3)).unwrap_or_else(|e| panic!("{key} {tool:?}: {e}"));
            q.validate().unwrap_or_else(|e| panic!("{key} after {tool:?}: {e}"));
            assert_eq!(
                Puzzle::parse(&q.to_text()).unwrap().to_text(),
                q.to_text(),
                "{key} {tool:?}"
            );
        }
    }
}

#[test]
fn toggles_undo_themselves() {
    let p = blank("tents", 4, 4).unwrap();
    let mut q = p.clone();
    apply(&mut q, Tool::Tree, (1, 2)).unwrap();
    assert_ne!(q, p);
    apply(&mut q, Tool::Tree, (1, 2)).unwrap();
    assert_eq!(q, p);
    // Binary givens cycle 0 → 1 → none.
    let p = blank("takuzu", 4, 4).unwrap();
    let mut q = p.clone();
    for _ in 0..3 {
        apply(&mut q, Tool::Given, (0, 0)).unwrap();
    }
    assert_eq!(q, p);
    // A link made twice is gone; made with the other sign it flips.
    let mut q = p.clone();
    toggle_link(&mut q, (0, 0), (0, 1), false).unwrap();
    toggle_link(&mut q, (0, 1), (0, 0), true).unwrap();
    let text = q.to_text();
    assert!(text.contains("1,1x1,2") || text.contains("1,2x1,1"), "{text}");
    toggle_link(&mut q, (0, 0), (0, 1), true).unwrap();
    assert_eq!(q, p);
}

#[test]
fn painted_regions_change_the_solution_count() {
    // Four queens on 4×4 with regions: painting changes what the solver sees.
    let mut q = blank("queens", 4, 4).unwrap();
    let none = q.solve_exact(Default::default(), &Default::default()).unwrap().count;
    for r in 0..4 {
        for c in 0..4 {
            apply(&mut q, Tool::Region((r / 2 * 2 + c / 2) as u16), (r, c)).unwrap();
        }
    }
    let text = q.to_text();
    assert!(text.contains("regions"), "{text}");
    let with = q.solve_exact(Default::default(), &Default::default()).unwrap().count;
    assert!(with <= none);
    assert_eq!(Puzzle::parse(&text).unwrap(), q);
}

#[test]
fn tools_that_do_not_fit_are_refused_with_the_family_named() {
    let mut p = blank("rullo", 3, 3).unwrap();
    let e = apply(&mut p, Tool::Tree, (0, 0)).unwrap_err();
    assert!(e.contains("tree") && e.contains("rullo"), "{e}");
    let e = apply(&mut p, Tool::Number(0), (0, 0)).unwrap_err();
    assert!(e.contains("1 to 999"), "{e}");
    let e = apply(&mut p, Tool::Number(3), (3, 0)).unwrap_err();
    assert!(e.contains("outside"), "{e}");
    let e = toggle_link(&mut p, (0, 0), (0, 1), false).unwrap_err();
    assert!(e.contains("no links"), "{e}");
}

#[test]
fn clue_lines_read_and_write_every_family_with_clues() {
    use fleetscope_engines::puzzle::edit::{clues, set_clue};
    for (key, _) in FAMILIES.iter() {
        let p = blank(key, 4, 4).unwrap();
        for (keyword, text) in clues(&p) {
            // Writing back what is shown changes nothing.
            assert_eq!(set_clue(&p, keyword, &text).unwrap(), p, "{key} {keyword}");
        }
    }
    let p = blank("tents", 3, 4).unwrap();
    let q = set_clue(&p, "rows", "1 0 1").unwrap();
    assert_eq!(clues(&q)[0].1, "1 0 1");
    let e = set_clue(&p, "rows", "1 0").unwrap_err();
    assert!(e.contains("rows"), "{e}");
    assert_eq!(e.matches("`rows`").count(), 1, "the clue is named once: {e}");
    let e = set_clue(&p, "ships", "3 2").unwrap_err();
    assert!(e.contains("no `ships`"), "{e}");
    let b = blank("battleship", 4, 4).unwrap();
    let b2 = set_clue(&b, "ships", "3 2 1").unwrap();
    assert_eq!(clues(&b2)[0].1, "3 2 1");
    let t = blank("tango", 4, 4).unwrap();
    assert_eq!(set_clue(&t, "ones-rows", "2 2 2 2").unwrap().family(), "tango");
}

/// N-queens has no regions: its editor offers no Region tool (painting one made
/// a different, usually unsolvable family), Queens with regions does.
#[test]
fn n_queens_offers_no_region_tool() {
    let n = Puzzle::parse("n-queens 6x6\n").unwrap();
    assert!(
        !tools(&n).iter().any(|t| matches!(t, Tool::Region(_))),
        "{:?}",
        tools(&n)
    );
    // Nor does the engine paint one if asked: the puzzle stays an N-queens.
    let mut m = n.clone();
    assert!(
        apply(&mut m, Tool::Region(4), (0, 0))
            .unwrap_err()
            .contains("no regions")
    );
    assert_eq!(m, n);
    let q = Puzzle::parse(include_str!("../../../puzzles/linkedin-queens-1.txt")).unwrap();
    assert!(tools(&q).iter().any(|t| matches!(t, Tool::Region(_))));
}
