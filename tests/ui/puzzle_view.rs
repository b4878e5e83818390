//! UI tests of how the puzzle grid reads: touching regions in clearly
//! different colours on every shipped puzzle and on boards of regions of any
//! shape, region letters on request, and hints outlined without changing a
//! cell's colour. Read from what the grid paints.

use crate::common::*;

use egui::{Color32, Pos2, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fleetscope::puzzle::Puzzle;
use fleetscope::puzzle::region_colours::touching_regions;
use fleetscope::puzzle::render::cell_marks;
use fleetscope::ui::widgets::palette;
use fleetscope::ui::widgets::puzzle_grid::{self, Overlay};
use rand::{Rng, SeedableRng};
use std::cell::Cell;
use std::rc::Rc;

/// Where a grid was drawn: its board rectangle and cell side.
type Drawn = Rc<Cell<Option<(Rect, f32)>>>;

/// The puzzle drawn alone (with `reasons` as a hint's reasons); the harness
/// and where its board is.
fn drawn(p: &Puzzle, reasons: Vec<usize>) -> (Harness<'static, ()>, Rect, f32) {
    let at: Drawn = Rc::new(Cell::new(None));
    let (puzzle, seen) = (p.clone(), Rc::clone(&at));
    let mut h = Harness::builder()
        .with_size(egui::vec2(900.0, 900.0))
        .build_ui(move |ui| {
            let overlay = Overlay {
                reasons: &reasons,
                ..Default::default()
            };
            let r = puzzle_grid::show(ui, &puzzle, &overlay, 40.0);
            seen.set(Some((r.board, r.cell)));
        });
    h.run_steps(2);
    let (board, cell) = at.get().expect("the grid was drawn");
    (h, board, cell)
}

fn centre(board: Rect, cell: f32, i: usize, cols: usize) -> Pos2 {
    board.min + egui::vec2(((i % cols) as f32 + 0.5) * cell, ((i / cols) as f32 + 0.5) * cell)
}

/// The colour a person sees in each cell's middle: the topmost filled
/// rectangle of about a cell's size painted over it.
fn seen_fills(h: &Harness<'_, ()>, board: Rect, cell: f32, cells: usize, cols: usize) -> Vec<Color32> {
    let rects: Vec<(Rect, Color32)> = painted(h)
        .into_iter()
        .filter_map(|s| match s {
            egui::Shape::Rect(r) if r.fill != Color32::TRANSPARENT && r.rect.width() > cell * 0.8 => {
                Some((r.rect, r.fill))
            }
            _ => None,
        })
        .filter(|(r, _)| r.width() < cell * 1.2)
        .collect();
    (0..cells)
        .map(|i| {
            let p = centre(board, cell, i, cols);
            let over: Vec<Color32> = rects.iter().filter(|(r, _)| r.contains(p)).map(|(_, c)| *c).collect();
            // Translucent paint on top mixes with what is under it.
            over.iter().fold(Color32::TRANSPARENT, |under, &top| blend(under, top))
        })
        .collect()
}

fn blend(under: Color32, top: Color32) -> Color32 {
    let a = top.a() as f32 / 255.0;
    // egui colours are premultiplied.
    let mix = |u: u8, t: u8| (t as f32 + u as f32 * (1.0 - a)).round().min(255.0) as u8;
    Color32::from_rgb(
        mix(under.r(), top.r()),
        mix(under.g(), top.g()),
        mix(under.b(), top.b()),
    )
}

/// Every pair of touching regions of `p` is painted at least
/// `palette::REGION_CONTRAST` apart (OKLab), and black ink reads on each.
fn assert_regions_apart(p: &Puzzle, what: &str) {
    let (rows, cols) = p.size();
    let (_, regions) = cell_marks(p);
    if regions.is_empty() {
        return;
    }
    let (h, board, cell) = drawn(p, Vec::new());
    let fills = seen_fills(&h, board, cell, rows * cols, cols);
    let mut of_region = std::collections::HashMap::new();
    for (i, k) in regions.iter().enumerate() {
        if let Some(k) = k {
            let before = of_region.insert(*k as usize, fills[i]);
            assert!(
                before.is_none_or(|b| b == fills[i]),
                "{what}: region {k} has two colours"
            );
        }
    }
    for (a, near) in touching_regions(rows, cols, &regions).iter().enumerate() {
        for &b in near {
            let (ca, cb) = (of_region[&a], of_region[&b]);
            let d = palette::perceptual_distance(ca, cb);
            assert!(
                d >= palette::REGION_CONTRAST,
                "{what}: touching regions {a} and {b} are {d:.3} apart ({ca:?}, {cb:?})"
            );
        }
    }
    for c in of_region.values() {
        assert!(
            palette::contrast(Color32::BLACK, *c) >= 7.0,
            "{what}: black on {c:?} is hard to read"
        );
    }
}

/// A Queens puzzle of `n`×`n` cells in `k` regions: grown from `k` seeds
/// into connected regions, or (any shape) each cell in a region at random.
fn random_board(n: usize, k: usize, connected: bool, seed: u64) -> Puzzle {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut region: Vec<Option<usize>> = vec![None; n * n];
    let mut cells: Vec<usize> = (0..n * n).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.random_range(0..=i));
    }
    for (r, &c) in cells.iter().take(k).enumerate() {
        region[c] = Some(r);
    }
    if connected {
        while region.iter().any(Option::is_none) {
            let i = rng.random_range(0..n * n);
            if region[i].is_some() {
                continue;
            }
            let (r, c) = (i / n, i % n);
            let near: Vec<usize> = [(0, 1), (2, 1), (1, 0), (1, 2)]
                .iter()
                .filter_map(|&(dr, dc)| {
                    let (r2, c2) = ((r + dr).checked_sub(1)?, (c + dc).checked_sub(1)?);
                    (r2 < n && c2 < n).then_some(r2 * n + c2)
                })
                .filter_map(|j| region[j])
                .collect();
            if !near.is_empty() {
                region[i] = Some(near[rng.random_range(0..near.len())]);
            }
        }
    } else {
        for r in region.iter_mut().filter(|r| r.is_none()) {
            *r = Some(rng.random_range(0..k));
        }
    }
    let letters: String = region
        .chunks(n)
        .map(|row| {
            row.iter()
                .map(|r| fleetscope::puzzle::vocab::region_letter(r.unwrap() as u16))
                .collect::<String>()
                + "\n"
        })
        .collect();
    Puzzle::parse(&format!("queens {n}x{n}\nregions\n{letters}")).expect("a queens board")
}

#[test]
fn touching_regions_get_clearly_different_colours() {
    for p in &session_of(&["classic"]).puzzles.puzzles {
        assert_regions_apart(&p.puzzle, &p.name);
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let p = Puzzle::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
            assert_regions_apart(&p, &path.display().to_string());
        }
    }
    for seed in 0..6 {
        for n in [5, 8, 11, 16, 24] {
            assert_regions_apart(
                &random_board(n, n, true, seed),
                &format!("connected {n}×{n}, seed {seed}"),
            );
        }
        // Regions of any shape touch nearly every other: each its own colour.
        for n in [6, 8, 10, 12, 16] {
            assert_regions_apart(
                &random_board(n, n, false, seed),
                &format!("any shape {n}×{n}, seed {seed}"),
            );
        }
    }
}

#[test]
fn a_hints_reasons_are_outlined_and_keep_their_regions_colour() {
    let p = Puzzle::parse(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/linkedin-queens-1.txt"),
        )
        .unwrap(),
    )
    .unwrap();
    let (rows, cols) = p.size();
    let (h, board, cell) = drawn(&p, Vec::new());
    let plain = seen_fills(&h, board, cell, rows * cols, cols);
    let reasons: Vec<usize> = (0..cols).collect();
    let (h, board, cell) = drawn(&p, reasons.clone());
    let hinted = seen_fills(&h, board, cell, rows * cols, cols);
    for &i in &reasons {
        assert_eq!(hinted[i], plain[i], "cell {i} keeps its region's colour under a hint");
    }
    // The reasons are outlined instead: a stroke around each of them.
    let strokes: Vec<egui::Shape> = painted(&h)
        .into_iter()
        .filter(|s| {
            matches!(
                s,
                egui::Shape::LineSegment { .. } | egui::Shape::Rect(_) | egui::Shape::Path(_)
            )
        })
        .collect();
    for &i in &reasons {
        let c = centre(board, cell, i, cols);
        let around = strokes.iter().any(|s| {
            let r = s.visual_bounding_rect();
            r.width() < cell * 1.1
                && r.height() < cell * 1.1
                && r.expand(1.0).contains(c + egui::vec2(cell * 0.4, 0.0))
                && !r.contains(c + egui::vec2(cell * 0.55, 0.0))
        });
        assert!(around, "cell {i} is outlined");
    }
}

#[test]
fn region_letters_show_on_request() {
    let mut h = crate::puzzles::on("LinkedIn Queens 1");
    let p = crate::puzzles::current(&h);
    let (_, regions) = cell_marks(&p);
    let letter_at = |h: &crate::puzzles::H, row: usize, col: usize| {
        let c = h.state().room.cell_center(row, col).unwrap();
        let k = regions[row * p.size().1 + col].unwrap();
        let want = fleetscope::puzzle::vocab::region_letter(k).to_string();
        painted_texts(h)
            .iter()
            .any(|(t, r)| *t == want && (r.center() - c).length() < 30.0)
    };
    assert!(!letter_at(&h, 0, 0), "no letters at first");
    h.get_by_label("Region letters").click();
    h.run_steps(2);
    for (row, col) in [(0, 0), (3, 5), (7, 7)] {
        assert!(
            letter_at(&h, row, col),
            "row {row}, col {col} shows its region's letter"
        );
    }
}

/// The default session with `extra` more puzzles, opened on `name`, in a
/// window of `size`.
fn room_at(size: egui::Vec2, name: &str, extra: usize) -> crate::puzzles::H {
    let mut s = session_of(&["classic"]);
    let first = s.puzzles.puzzles[0].clone();
    for k in 0..extra {
        s.puzzles.puzzles.push(fleetscope::session::NamedPuzzle {
            name: format!("Extra puzzle {k}"),
            ..first.clone()
        });
    }
    s.puzzles.active = s
        .puzzles
        .puzzles
        .iter()
        .position(|p| p.name == name)
        .expect("an example");
    let mut h = room_harness_sized(fleetscope::ui::rooms::puzzles::PuzzlesRoom::default(), s, size);
    h.run_steps(4);
    h
}

#[test]
fn the_grid_and_the_list_use_a_large_window() {
    let mut h = room_at(egui::vec2(1920.0, 1080.0), "LinkedIn Queens 1", 40);
    wait_until(&mut h, |r| !fleetscope::ui::room::Room::busy(&r.room));
    let (a, b) = (
        h.state().room.cell_center(0, 0).unwrap(),
        h.state().room.cell_center(7, 0).unwrap(),
    );
    let side = (b.y - a.y) / 7.0 * 8.0;
    assert!(
        side >= 0.6 * 1080.0,
        "the 8×8 grid is {side} points high in a 1080-point window"
    );
    // The list shows as many puzzles as the height allows, not a fixed box
    // of about fourteen: the ten examples and a dozen more at least.
    let rows = visible_texts(&h)
        .iter()
        .filter(|(t, _)| t.starts_with("Extra puzzle"))
        .count();
    assert!(rows >= 12, "the list shows 10 + {rows} puzzles at 1080 points high");
}

#[test]
fn the_grid_stays_put_while_editing_and_trying() {
    for size in [egui::vec2(1024.0, 700.0), egui::vec2(1280.0, 800.0)] {
        let mut h = room_at(size, "LinkedIn Queens 1", 0);
        let before = h.state().room.cell_center(7, 7).unwrap();
        // A given adds "The given ones stay." to the rules above the grid.
        h.get_by_label("given").click();
        h.run_steps(2);
        click_at(&mut h, before);
        h.run_steps(2);
        let Puzzle::Queens(q) = crate::puzzles::current(&h) else {
            panic!("queens")
        };
        assert!(!q.given.is_empty(), "the click placed a given");
        assert_eq!(
            h.state().room.cell_center(7, 7).unwrap(),
            before,
            "{size:?}: a given moved the grid"
        );
        // Try mode keeps the tools and clue fields where they were.
        h.key_press(egui::Key::P);
        h.run_steps(3);
        assert!(h.state().room.trying());
        assert_eq!(
            h.state().room.cell_center(7, 7).unwrap(),
            before,
            "{size:?}: Try moved the grid"
        );
    }
}

#[test]
fn battleship_givens_are_drawn_as_bimaru_glyphs() {
    let p = Puzzle::parse(
        "battleship 6x6\nships 1 2 3 1\nrows - - - - - -\ncols - - - - - -\ngrid\n\
         o.x...\n......\nn.wme.\ns.....\n......\n..*...\n",
    )
    .unwrap();
    let (h, board, cell) = drawn(&p, Vec::new());
    let cell_rect = |r: usize, c: usize| {
        Rect::from_min_size(
            board.min + egui::vec2(c as f32 * cell, r as f32 * cell),
            egui::vec2(cell, cell),
        )
    };
    let shapes = painted(&h);
    let in_cell = |r: usize, c: usize| -> Vec<&egui::Shape> {
        let cr = cell_rect(r, c).expand(0.5);
        shapes
            .iter()
            .filter(|s| {
                let b = s.visual_bounding_rect();
                b.is_positive() && cr.contains_rect(b) && b.width() < cell * 0.95
            })
            .collect()
    };
    // No letters on the board.
    for (t, r) in painted_texts(&h) {
        assert!(
            !board.intersects(r) || t.trim().is_empty(),
            "'{t}' is written on the board"
        );
    }
    // A submarine: a circle in the middle of its cell.
    assert!(
        in_cell(0, 0).iter().any(|s| matches!(s, egui::Shape::Circle(c)
            if (c.center - cell_rect(0, 0).center()).length() < 1.0 && c.fill != Color32::TRANSPARENT)),
        "the submarine is a circle"
    );
    // Ends rounded on the side away from the ship, a middle part square.
    let corners = |r: usize, c: usize| -> [bool; 4] {
        let rect = in_cell(r, c)
            .into_iter()
            .find_map(|s| match s {
                egui::Shape::Rect(x) if x.fill != Color32::TRANSPARENT && x.rect.width() > cell * 0.5 => {
                    Some(x.clone())
                }
                _ => None,
            })
            .unwrap_or_else(|| panic!("row {}, col {}: a ship part", r + 1, c + 1));
        let k = rect.corner_radius;
        [k.nw > 0, k.ne > 0, k.sw > 0, k.se > 0]
    };
    assert_eq!(corners(2, 0), [true, true, false, false], "top end: rounded above");
    assert_eq!(corners(3, 0), [false, false, true, true], "bottom end: rounded below");
    assert_eq!(
        corners(2, 2),
        [true, false, true, false],
        "left end: rounded on the left"
    );
    assert_eq!(
        corners(2, 4),
        [false, true, false, true],
        "right end: rounded on the right"
    );
    assert_eq!(corners(2, 3), [false; 4], "a middle part is square");
    // Water: waves (lines), no fill.
    assert!(
        in_cell(0, 2)
            .iter()
            .filter(|s| matches!(s, egui::Shape::Path(_) | egui::Shape::LineSegment { .. }))
            .count()
            >= 2,
        "water is drawn as waves"
    );
}
