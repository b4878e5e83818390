//! Draws a puzzle of any family as a grid: regions as colours (touching
//! regions never alike, a letter in each cell on request), the puzzle's own
//! marks (numbers, trees, pieces, givens, links) in ink that reads on the
//! cell's colour, the counts along the edges, an answer on top, and outlines
//! for what is pointed out (broken rules, a hint's cells), which never change
//! the colour a cell's region reads by. Reports the cell under a click or a
//! drag, for the editors.

use super::palette;
use crate::geometry::BinaryMatrix;
use crate::puzzle::Puzzle;
use crate::puzzle::region_colours::colour_regions;
use crate::puzzle::render::{cell_marks, edge_labels, links};
use crate::puzzle::vocab::CellMark;
use crate::puzzle::vocab::{AnswerGlyph, region_letter};
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2, pos2, vec2};

/// What to draw on top of the puzzle.
#[derive(Default)]
pub struct Overlay<'a> {
    /// An answer (solution or sample): its 1 cells are drawn as the family's symbol.
    pub answer: Option<&'a BinaryMatrix>,
    /// Cells of a clash (row-major indices): outlined in red.
    pub broken: &'a [usize],
    /// Cells of a line or region short of (or over) its count: outlined in orange.
    pub weak: &'a [usize],
    /// A cell waiting for the second end of a link.
    pub pending: Option<(usize, usize)>,
    /// Cells of the answer not decided yet (drawn blank, not as 0).
    pub undecided: Option<&'a BinaryMatrix>,
    /// The ship of each cell (row-major; 0: none): only a ship's own cells join.
    pub ships: Option<&'a [u16]>,
    /// A deduction's cells (hint or explained step): the cells it decides
    /// (outlined in green) and the cells it reasons from (dashed blue outline).
    pub decided: &'a [usize],
    pub reasons: &'a [usize],
    /// Cells where two solutions differ (the setter's lens), or an edit's cells: outlined in purple.
    pub ambiguous: &'a [usize],
    /// Write each cell's region letter in its corner.
    pub region_letters: bool,
}

/// Where the pointer acted this frame.
pub struct GridResponse {
    pub clicked: Option<(usize, usize)>,
    /// A right click (Try: mark a cell empty).
    pub secondary_clicked: Option<(usize, usize)>,
    /// The cell under a held primary button (for painting strokes).
    pub dragged: Option<(usize, usize)>,
    pub drag_started: bool,
    /// The cell the drag began in (the pointer has left it by the time egui
    /// calls it a drag).
    pub drag_origin: Option<(usize, usize)>,
    pub drag_stopped: bool,
    pub hovered: Option<(usize, usize)>,
    /// Where the board was drawn and its cell side (tests click cells with it).
    pub board: Rect,
    pub cell: f32,
}

const BROKEN: Color32 = Color32::from_rgb(230, 60, 60);
const DECIDED: Color32 = Color32::from_rgb(80, 220, 120);
const AMBIGUOUS: Color32 = Color32::from_rgb(200, 110, 255);
const REASON: Color32 = Color32::from_rgb(70, 140, 255);
/// Under every outline, so it stands out on light region colours and dark cells alike.
const HALO: Color32 = Color32::from_gray(10);
const WEAK: Color32 = Color32::from_rgb(240, 160, 40);

/// A clash: a rule naming one or two cells of which the answer marks at least
/// one (two queens on a diagonal, tents touching, a broken '=' link). Other
/// broken rules are about a line, region or group as a whole.
pub fn is_clash(v: &crate::puzzle::Violation, answer: &BinaryMatrix) -> bool {
    let cols = answer.cols();
    v.cells.len() <= 2 && v.cells.iter().any(|&i| answer.get(i / cols, i % cols))
}

/// The cells of broken rules: clashes (red) and the rest (orange), so a clash
/// stays visible among the counts.
pub fn broken_cells(violations: &[crate::puzzle::Violation], answer: &BinaryMatrix) -> (Vec<usize>, Vec<usize>) {
    let (mut clash, mut whole) = (Vec::new(), Vec::new());
    for v in violations {
        if is_clash(v, answer) {
            clash.extend(&v.cells);
        } else {
            whole.extend(&v.cells);
        }
    }
    (clash, whole)
}

/// The fill of each region number: touching regions get palette colours
/// at least `palette::REGION_CONTRAST` apart (see `puzzle::region_colours`).
pub fn region_fills(rows: usize, cols: usize, regions: &[Option<u16>]) -> Vec<Color32> {
    let distance = |a: usize, b: usize| palette::perceptual_distance(palette::REGIONS[a], palette::REGIONS[b]);
    colour_regions(
        rows,
        cols,
        regions,
        palette::REGIONS.len(),
        &distance,
        palette::REGION_CONTRAST,
    )
    .into_iter()
    .map(|k| palette::REGIONS[k])
    .collect()
}

/// Draws the puzzle in the space given (`max` bounds the cell size).
pub fn show(ui: &mut Ui, puzzle: &Puzzle, overlay: &Overlay<'_>, max_cell: f32) -> GridResponse {
    let (rows, cols) = puzzle.size();
    let (labels_r, labels_c) = edge_labels(puzzle);
    let margin = 28.0;
    let avail = ui.available_size();
    let cell = ((avail.x - margin - 8.0) / cols as f32)
        .min((avail.y.max(200.0) - margin - 8.0) / rows as f32)
        .clamp(6.0, max_cell);
    let size = vec2(cols as f32 * cell + margin, rows as f32 * cell + margin);
    let (rect, response) = ui.allocate_exact_size(size, Sense::click_and_drag());
    let painter = ui.painter_at(rect.expand(2.0));
    let origin = rect.min + vec2(margin, margin);
    let cell_rect =
        |r: usize, c: usize| Rect::from_min_size(origin + vec2(c as f32 * cell, r as f32 * cell), Vec2::splat(cell));
    let (marks, regions) = cell_marks(puzzle);
    let fills = region_fills(rows, cols, &regions);
    let text = ui.visuals().text_color();
    let font = FontId::proportional((cell * 0.55).max(8.0));
    // Edge counts.
    for (r, l) in labels_r.iter().enumerate() {
        painter.text(
            pos2(rect.min.x + margin / 2.0, origin.y + (r as f32 + 0.5) * cell),
            Align2::CENTER_CENTER,
            l,
            FontId::proportional(12.0),
            text,
        );
    }
    for (c, l) in labels_c.iter().enumerate() {
        painter.text(
            pos2(origin.x + (c as f32 + 0.5) * cell, rect.min.y + margin / 2.0),
            Align2::CENTER_CENTER,
            l,
            FontId::proportional(12.0),
            text,
        );
    }
    for r in 0..rows {
        for c in 0..cols {
            let i = r * cols + c;
            let cr = cell_rect(r, c);
            let one = overlay.answer.is_some_and(|m| m.get(r, c));
            let region = regions.get(i).copied().flatten();
            let fill = match (&marks[i], region) {
                (CellMark::Hole, _) => Color32::from_gray(25),
                (_, Some(k)) => fills[k as usize],
                _ => Color32::from_gray(70),
            };
            let ink = palette::ink_on(fill);
            painter.rect_filled(cr.shrink(0.5), 0.0, fill);
            if overlay.region_letters
                && let Some(k) = region.filter(|_| !matches!(marks[i], CellMark::Hole))
            {
                painter.text(
                    cr.left_top() + vec2(cell * 0.1 + 2.0, cell * 0.06 + 1.0),
                    Align2::LEFT_TOP,
                    region_letter(k).to_string(),
                    FontId::proportional((cell * 0.28).max(8.0)),
                    faded(ink, fill),
                );
            }
            let open = overlay.undecided.is_some_and(|u| u.get(r, c));
            let lit = one || open || overlay.answer.is_none();
            draw_mark(&painter, cr, &marks[i], (ink, fill), lit, &font, puzzle);
            // A given queen or star shows as one even with no answer on the grid.
            let given_shown = overlay.answer.is_none() && matches!(marks[i], CellMark::GivenOne);
            if one || given_shown {
                let joins = overlay
                    .answer
                    .map_or([false; 4], |m| ship_joins(m, overlay.ships, r, c));
                draw_answer(&painter, cr, &marks[i], puzzle, joins, (ink, fill));
            } else if overlay.answer.is_some()
                && puzzle.answer_glyph() == AnswerGlyph::Digits
                && !matches!(marks[i], CellMark::Digit(_))
                && !overlay.undecided.is_some_and(|u| u.get(r, c))
            {
                // Binary answers show their 0s too: a person reads both digits.
                painter.text(
                    cr.center(),
                    Align2::CENTER_CENTER,
                    "0",
                    FontId::monospace(cell * 0.6),
                    faded(ink, fill),
                );
            } else if overlay.undecided.is_some_and(|u| !u.get(r, c)) {
                // A cell decided empty (a partial answer), as people mark it on paper:
                // a number struck out, a dot elsewhere.
                match marks[i] {
                    CellMark::Number(_) => {
                        let y = cr.center().y;
                        painter.line_segment(
                            [pos2(cr.left() + cell * 0.2, y), pos2(cr.right() - cell * 0.2, y)],
                            Stroke::new(2.0, faded(ink, fill)),
                        );
                    }
                    CellMark::Empty => {
                        painter.circle_filled(cr.center(), (cell * 0.08).max(1.5), faded(ink, fill));
                    }
                    CellMark::Piece(_, false) => {
                        // Below the piece letter, which names what the cell allows.
                        let at = cr.center() + vec2(0.0, cell * 0.3);
                        painter.circle_filled(at, (cell * 0.08).max(1.5), faded(ink, fill));
                    }
                    _ => {}
                }
            }
            if let CellMark::Ship(letter) = marks[i] {
                draw_ship_given(&painter, cr, letter);
            }
        }
    }
    // Region borders: thick where the region changes.
    if !regions.is_empty() {
        let thick = Stroke::new(2.5, Color32::from_gray(15));
        for r in 0..rows {
            for c in 0..cols {
                let k = regions[r * cols + c];
                let cr = cell_rect(r, c);
                if c + 1 < cols && regions[r * cols + c + 1] != k {
                    painter.line_segment([cr.right_top(), cr.right_bottom()], thick);
                }
                if r + 1 < rows && regions[(r + 1) * cols + c] != k {
                    painter.line_segment([cr.left_bottom(), cr.right_bottom()], thick);
                }
            }
        }
    }
    let board = Rect::from_min_size(origin, vec2(cols as f32 * cell, rows as f32 * cell));
    painter.rect_stroke(
        board,
        0.0,
        Stroke::new(2.0, Color32::from_gray(15)),
        StrokeKind::Outside,
    );
    for ((a, b), (c, d), opposite) in links(puzzle) {
        let mid = cell_rect(a, b).center().lerp(cell_rect(c, d).center(), 0.5);
        let radius = (cell * 0.2).max(4.0);
        painter.circle_filled(mid, radius, Color32::from_gray(230));
        painter.text(
            mid,
            Align2::CENTER_CENTER,
            if opposite { "×" } else { "=" },
            FontId::proportional(radius * 1.8),
            Color32::BLACK,
        );
        if (a as i64 - c as i64).abs() + (b as i64 - d as i64).abs() > 1 {
            // A long-distance link: a thin line shows which cells it joins.
            painter.line_segment(
                [cell_rect(a, b).center(), cell_rect(c, d).center()],
                Stroke::new(1.0, Color32::from_gray(200)),
            );
        }
    }
    // Outlines, last on top: weak counts, clashes, a deduction's cells (the
    // cells it reasons from dashed), where solutions differ.
    for (cells, inset, width, colour, dashed) in [
        (overlay.weak, 1.5, 1.5, WEAK, false),
        (overlay.broken, 2.0, 2.5, BROKEN, false),
        (overlay.reasons, 2.5, 2.0, REASON, true),
        (overlay.decided, 2.0, 3.0, DECIDED, false),
        (overlay.ambiguous, 4.5, 2.0, AMBIGUOUS, false),
    ] {
        for &i in cells.iter().filter(|&&i| i < rows * cols) {
            outline(
                &painter,
                cell_rect(i / cols, i % cols).shrink(inset),
                width,
                colour,
                dashed,
            );
        }
    }
    if let Some((r, c)) = overlay.pending {
        painter.rect_stroke(
            cell_rect(r, c).shrink(1.0),
            2.0,
            Stroke::new(2.5, palette::SELECTED),
            StrokeKind::Inside,
        );
    }
    let at = |p: Option<Pos2>| {
        let p = p?;
        if !board.contains(p) {
            return None;
        }
        let v = (p - origin) / cell;
        Some(((v.y as usize).min(rows - 1), (v.x as usize).min(cols - 1)))
    };
    let pointer = response.interact_pointer_pos();
    GridResponse {
        clicked: if response.clicked() { at(pointer) } else { None },
        secondary_clicked: if response.secondary_clicked() {
            at(pointer)
        } else {
            None
        },
        dragged: if response.dragged() { at(pointer) } else { None },
        drag_started: response.drag_started(),
        drag_origin: if response.drag_started() {
            at(ui.input(|i| i.pointer.press_origin()))
        } else {
            None
        },
        drag_stopped: response.drag_stopped(),
        hovered: at(response.hover_pos()),
        board,
        cell,
    }
}

/// A highlight around a cell: a dark halo under the colour, so it shows on
/// light region colours and dark cells alike; `dashed` for a second kind.
fn outline(painter: &egui::Painter, rect: Rect, width: f32, colour: Color32, dashed: bool) {
    let corners = [
        rect.left_top(),
        rect.right_top(),
        rect.right_bottom(),
        rect.left_bottom(),
        rect.left_top(),
    ];
    if dashed {
        let dash = (rect.width() / 5.0).max(3.0);
        let gap = dash * 0.6;
        painter.extend(egui::Shape::dashed_line(
            &corners,
            Stroke::new(width + 2.0, HALO),
            dash,
            gap,
        ));
        painter.extend(egui::Shape::dashed_line(
            &corners,
            Stroke::new(width, colour),
            dash,
            gap,
        ));
    } else {
        painter.rect_stroke(rect, 1.0, Stroke::new(width + 2.0, HALO), StrokeKind::Middle);
        painter.rect_stroke(rect, 1.0, Stroke::new(width, colour), StrokeKind::Middle);
    }
}

/// Ink half way to the fill: a mark that is there but not the point (a
/// number struck out, a dot, a region letter).
fn faded(ink: Color32, fill: Color32) -> Color32 {
    ink.lerp_to_gamma(fill, 0.45)
}

/// `lit`: the cell is part of the answer, or there is no answer (marks at full strength).
fn draw_mark(
    painter: &egui::Painter,
    cr: Rect,
    mark: &CellMark,
    (ink, fill): (Color32, Color32),
    lit: bool,
    font: &FontId,
    puzzle: &Puzzle,
) {
    let light = ink;
    match mark {
        CellMark::Empty | CellMark::Hole => {}
        CellMark::Number(n) => {
            // Rullo: a kept number is circled in the answer; the others fade.
            let colour = if puzzle.answer_glyph() == AnswerGlyph::KeptNumber && !lit {
                faded(ink, fill)
            } else {
                light
            };
            painter.text(cr.center(), Align2::CENTER_CENTER, n.to_string(), font.clone(), colour);
        }
        CellMark::Tree => {
            let c = cr.center();
            let h = cr.height() * 0.3;
            painter.circle_filled(c - vec2(0.0, h * 0.3), h * 0.8, Color32::from_rgb(40, 150, 60));
            painter.rect_filled(
                Rect::from_center_size(c + vec2(0.0, h * 0.7), vec2(h * 0.3, h * 0.8)),
                0.0,
                Color32::from_rgb(110, 70, 30),
            );
        }
        CellMark::Piece(letter, given) => {
            let colour = if lit || *given { light } else { faded(ink, fill) };
            let f = if *given {
                FontId::monospace(font.size)
            } else {
                font.clone()
            };
            painter.text(cr.center(), Align2::CENTER_CENTER, letter.to_string(), f, colour);
            if *given {
                painter.rect_stroke(cr.shrink(3.0), 2.0, Stroke::new(1.0, light), StrokeKind::Inside);
            }
        }
        CellMark::GivenOne => {
            painter.rect_stroke(cr.shrink(3.0), 2.0, Stroke::new(1.5, light), StrokeKind::Inside);
        }
        CellMark::Digit(v) => {
            painter.text(
                cr.center(),
                Align2::CENTER_CENTER,
                if *v { "1" } else { "0" },
                FontId::monospace(font.size * 1.1),
                palette::SELECTED,
            );
        }
        // Drawn over the answer, so a given stays a given in a solution.
        CellMark::Ship(_) => {}
    }
}

/// A Battleship given as Bimaru puzzles print it: a circle for a
/// submarine, a ship's end rounded on the side away from the ship, a square
/// for a middle part, a smaller rounded square for a ship part of unknown
/// kind, waves for water.
fn draw_ship_given(painter: &egui::Painter, cr: Rect, letter: char) {
    let s = cr.height();
    let c = cr.center();
    let fill = palette::SELECTED;
    let part = cr.shrink(s * 0.16);
    let round = (s * 0.34).min(255.0) as u8;
    // The corners rounded for an end: those on the side the ship does not go on.
    let end = |nw: bool, ne: bool, sw: bool, se: bool| egui::CornerRadius {
        nw: if nw { round } else { 0 },
        ne: if ne { round } else { 0 },
        sw: if sw { round } else { 0 },
        se: if se { round } else { 0 },
    };
    match letter {
        'o' => {
            painter.circle_filled(c, s * 0.34, fill);
        }
        // Top end: the ship goes down, the top is rounded.
        'n' => {
            painter.rect_filled(part, end(true, true, false, false), fill);
        }
        's' => {
            painter.rect_filled(part, end(false, false, true, true), fill);
        }
        // Left end: the ship goes right.
        'w' => {
            painter.rect_filled(part, end(true, false, true, false), fill);
        }
        'e' => {
            painter.rect_filled(part, end(false, true, false, true), fill);
        }
        'm' => {
            painter.rect_filled(part, 0.0, fill);
        }
        '*' => {
            painter.rect_filled(cr.shrink(s * 0.26), (s * 0.1).min(255.0) as u8, fill);
        }
        _ => water(painter, cr),
    }
}

/// Water: two short waves across the cell.
fn water(painter: &egui::Painter, cr: Rect) {
    let s = cr.height();
    let stroke = Stroke::new((s * 0.05).clamp(1.0, 3.0), palette::MISS);
    for dy in [-0.13, 0.13] {
        let y = cr.center().y + dy * s;
        let points: Vec<Pos2> = (0..=16)
            .map(|k| {
                let t = k as f32 / 16.0;
                let x = cr.left() + s * (0.22 + 0.56 * t);
                pos2(x, y + (t * std::f32::consts::TAU * 1.5).sin() * s * 0.05)
            })
            .collect();
        painter.add(egui::Shape::line(points, stroke));
    }
}

/// Which orthogonal neighbours of (r, c) belong to the same ship: up, right,
/// down, left (a ship's segments join across those sides). Without `ships`
/// every marked neighbour joins.
fn ship_joins(m: &BinaryMatrix, ships: Option<&[u16]>, r: usize, c: usize) -> [bool; 4] {
    let cols = m.cols();
    let same =
        |r2: usize, c2: usize| m.get(r2, c2) && ships.is_none_or(|s| s.get(r2 * cols + c2) == s.get(r * cols + c));
    [
        r > 0 && same(r - 1, c),
        c + 1 < cols && same(r, c + 1),
        r + 1 < m.rows() && same(r + 1, c),
        c > 0 && same(r, c - 1),
    ]
}

/// One segment of a ship: joined to its neighbours with no gap, rounded where
/// the ship ends, so a solution reads as ships (a lone cell is a submarine's circle).
fn ship_segment(painter: &egui::Painter, cr: Rect, joins: [bool; 4]) {
    let s = cr.height();
    let hull = Color32::from_rgb(200, 200, 210);
    let [up, right, down, left] = joins;
    if !joins.contains(&true) {
        painter.circle_filled(cr.center(), s * 0.36, hull);
        return;
    }
    let inset = s * 0.14;
    let rect = Rect::from_min_max(
        pos2(
            if left { cr.min.x } else { cr.min.x + inset },
            if up { cr.min.y } else { cr.min.y + inset },
        ),
        pos2(
            if right { cr.max.x } else { cr.max.x - inset },
            if down { cr.max.y } else { cr.max.y - inset },
        ),
    );
    // A corner is rounded when neither of its two sides joins on.
    let round = (s * 0.36).min(255.0) as u8;
    let corner = |a: bool, b: bool| if a || b { 0 } else { round };
    let radius = egui::CornerRadius {
        nw: corner(up, left),
        ne: corner(up, right),
        sw: corner(down, left),
        se: corner(down, right),
    };
    painter.rect_filled(rect, radius, hull);
}

/// An answer's 1 in a cell, as the family draws it; `joins` says which
/// neighbours are 1 too (ships join across them). On a region's light colour
/// the symbol is in dark ink; on a dark cell, gold or white.
fn draw_answer(
    painter: &egui::Painter,
    cr: Rect,
    mark: &CellMark,
    puzzle: &Puzzle,
    joins: [bool; 4],
    (ink, fill): (Color32, Color32),
) {
    let c = cr.center();
    let s = cr.height();
    let on_light = palette::luminance(fill) > palette::luminance(ink);
    let gold = if on_light { ink } else { Color32::from_rgb(255, 210, 60) };
    match puzzle.answer_glyph() {
        AnswerGlyph::Star => star(painter, c, s * 0.38, gold),
        AnswerGlyph::Disc => {
            let (body, rim) = if on_light {
                (ink, Color32::from_gray(235))
            } else {
                (ink, Color32::BLACK)
            };
            painter.circle_filled(c, s * 0.3, body);
            painter.circle_stroke(c, s * 0.3, Stroke::new(1.5, rim));
        }
        AnswerGlyph::Tent => {
            let h = s * 0.3;
            painter.add(egui::Shape::convex_polygon(
                vec![c + vec2(0.0, -h), c + vec2(h, h), c + vec2(-h, h)],
                Color32::from_rgb(230, 140, 40),
                Stroke::NONE,
            ));
        }
        AnswerGlyph::KeptNumber => {
            painter.circle_stroke(c, s * 0.4, Stroke::new(2.0, ink));
        }
        AnswerGlyph::PieceRing => {
            painter.circle_stroke(c, s * 0.42, Stroke::new(2.5, gold));
        }
        AnswerGlyph::Digits => {
            // Givens draw their own digit; the answer's digits are white.
            if !matches!(mark, CellMark::Digit(_)) {
                painter.text(c, Align2::CENTER_CENTER, "1", FontId::monospace(s * 0.6), ink);
            }
        }
        AnswerGlyph::Block => ship_segment(painter, cr, joins),
    }
}

/// A five-pointed star (the default fonts have no ★): a pentagon and five spikes,
/// each convex.
fn star(painter: &egui::Painter, c: Pos2, outer: f32, fill: Color32) {
    let inner = outer * 0.42;
    let at = |k: f32, r: f32| {
        let a = -std::f32::consts::FRAC_PI_2 + k * std::f32::consts::PI / 5.0;
        c + vec2(a.cos() * r, a.sin() * r)
    };
    let pentagon: Vec<Pos2> = (0..5).map(|k| at(2.0 * k as f32 + 1.0, inner)).collect();
    painter.add(egui::Shape::convex_polygon(pentagon, fill, Stroke::NONE));
    for k in 0..5 {
        let tip = at(2.0 * k as f32, outer);
        let left = at(2.0 * k as f32 - 1.0, inner);
        let right = at(2.0 * k as f32 + 1.0, inner);
        painter.add(egui::Shape::convex_polygon(vec![tip, right, left], fill, Stroke::NONE));
    }
}

#[cfg(test)]
mod tests {
    use super::ship_joins;
    use crate::geometry::BinaryMatrix;

    #[test]
    fn a_solution_is_drawn_as_joined_ships() {
        // A cruiser across the top, a submarine below it on the left.
        let m = BinaryMatrix::parse("0111\n0000\n1000").unwrap();
        assert_eq!(
            ship_joins(&m, None, 0, 1),
            [false, true, false, false],
            "bow: joins right only"
        );
        assert_eq!(
            ship_joins(&m, None, 0, 2),
            [false, true, false, true],
            "middle: both sides"
        );
        assert_eq!(
            ship_joins(&m, None, 0, 3),
            [false, false, false, true],
            "stern at the edge"
        );
        assert_eq!(ship_joins(&m, None, 2, 0), [false; 4], "a submarine stands alone");
    }

    #[test]
    fn touching_ships_are_drawn_apart() {
        // A submarine on top of a cruiser, in one column: four cells, two ships.
        let m = BinaryMatrix::parse("1\n1\n1\n1").unwrap();
        let ids = [1, 2, 2, 2];
        assert_eq!(ship_joins(&m, Some(&ids), 0, 0), [false; 4], "the submarine alone");
        assert_eq!(
            ship_joins(&m, Some(&ids), 1, 0),
            [false, false, true, false],
            "the cruiser's bow"
        );
        assert_eq!(
            ship_joins(&m, None, 1, 0),
            [true, false, true, false],
            "without ships: one line"
        );
    }
}
