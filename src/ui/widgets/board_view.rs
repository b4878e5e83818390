//! Draws a board of either lattice to scale, with zoom (wheel), pan (middle drag)
//! and the cell under the pointer. It knows nothing about what the cells mean:
//! callers pass colours and overlays and read back the hovered cell.

use super::layout::CellLayout;
use super::palette;
use crate::geometry::{Board, Coord};
use egui::{Align2, Color32, FontId, PointerButton, Rect, Response, Sense, Shape, Stroke, Ui, Vec2, vec2};

/// View state kept between frames: zoom factor and pan offset.
#[derive(Clone, Debug)]
pub struct BoardView {
    pub zoom: f32,
    pub pan: Vec2,
    /// Layout of the last frame (tests use it to find where cells are on screen).
    pub last_layout: Option<CellLayout>,
    /// Keep the last layout even if the board's extent changes (during a drag
    /// that adds or removes cells, so the cell under the pointer stays put).
    pub hold: bool,
    last_rect: Option<Rect>,
    /// Where the board's cells lay on screen last frame: the wheel zooms
    /// only over them, not over the empty space beside the board.
    last_board_rect: Option<Rect>,
}

impl Default for BoardView {
    fn default() -> Self {
        BoardView {
            zoom: 1.0,
            pan: Vec2::ZERO,
            last_layout: None,
            hold: false,
            last_rect: None,
            last_board_rect: None,
        }
    }
}

/// What to draw on top of the plain board.
pub struct Decorations<'a> {
    /// Fill of each board cell.
    pub fill: &'a dyn Fn(Coord) -> Color32,
    /// Cells off the board drawn faintly (where a hex cell may be added).
    pub extra: &'a [Coord],
    /// Translucent cells drawn over everything (a ghost ship), on or off the board.
    pub overlay: &'a [(Coord, Color32)],
    /// Cells with a highlighted outline (the selected ship).
    pub outlined: &'a [Coord],
    /// Cells outlined in a colour of their own (interchange partners).
    pub outlines: &'a [(Coord, Color32)],
    /// Symbols on cells (shots in hunt mode).
    pub marks: &'a [(Coord, Mark)],
    /// Row sums (right edge) and column sums (bottom edge) of a square board.
    pub edge_sums: Option<(&'a [u32], &'a [u32])>,
}

impl<'a> Decorations<'a> {
    /// Just a colour per cell: no overlays, outlines or sums.
    pub fn fill_only(fill: &'a dyn Fn(Coord) -> Color32) -> Decorations<'a> {
        Decorations {
            fill,
            extra: &[],
            overlay: &[],
            outlined: &[],
            outlines: &[],
            marks: &[],
            edge_sums: None,
        }
    }
}

/// A symbol drawn on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A shot that hit a ship: a cross.
    Hit,
    /// A shot into water: a ring.
    Miss,
}

/// The view's response and the cell under the pointer.
pub struct BoardResponse {
    pub response: Response,
    pub hovered: Option<Coord>,
    pub layout: CellLayout,
}

const EDGE_MARGIN: f32 = 26.0;

impl BoardView {
    /// The cells under a straight pointer movement from `from` to `to` (so a
    /// fast drag paints every cell it crosses, not only where frames sampled it).
    pub fn cells_along(&self, from: egui::Pos2, to: egui::Pos2) -> Vec<Coord> {
        let Some(layout) = self.last_layout else {
            return Vec::new();
        };
        let steps = ((to - from).length() / (layout.scale * 0.25).max(1.0)).ceil().max(1.0) as usize;
        let mut out: Vec<Coord> = Vec::new();
        for k in 0..=steps {
            let c = layout.cell_at(from + (to - from) * (k as f32 / steps as f32));
            if out.last() != Some(&c) {
                out.push(c);
            }
        }
        out
    }

    /// Whether `p` lies in the area the view drew last frame.
    pub fn contains(&self, p: egui::Pos2) -> bool {
        self.last_rect.is_some_and(|r| r.contains(p))
    }

    pub fn reset(&mut self) {
        self.zoom = 1.0;
        self.pan = Vec2::ZERO;
    }

    pub fn show(&mut self, ui: &mut Ui, board: &Board, deco: &Decorations<'_>) -> BoardResponse {
        let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
        let before = (self.zoom, self.pan);
        self.handle_zoom_pan(ui, &response, rect);
        let moved = before != (self.zoom, self.pan);
        // Held, the cells keep their place on screen even if the area around them
        // changes (a line of text appearing above): they stay under the pointer. A
        // zoom or pan still applies.
        let layout = match (self.hold && !moved, self.last_layout) {
            (true, Some(l)) => l,
            _ => self.fit(board, deco, rect),
        };
        self.last_layout = Some(layout);
        self.last_rect = Some(rect);
        let unit = CellLayout::unit_bounds(
            layout.lattice,
            board.cells().into_iter().chain(deco.extra.iter().copied()),
        );
        self.last_board_rect = Some(Rect::from_min_max(
            layout.origin + unit.min.to_vec2() * layout.scale,
            layout.origin + unit.max.to_vec2() * layout.scale,
        ));
        let painter = ui.painter_at(rect);

        let cells = board.cells();
        let inset = (layout.scale * 0.04).clamp(0.5, 2.0);
        for &c in deco.extra {
            painter.add(Shape::convex_polygon(
                layout.outline(c, inset),
                palette::FRONTIER,
                Stroke::NONE,
            ));
        }
        for &c in &cells {
            painter.add(Shape::convex_polygon(
                layout.outline(c, inset),
                (deco.fill)(c),
                Stroke::NONE,
            ));
        }
        for &c in deco.outlined {
            painter.add(Shape::closed_line(
                layout.outline(c, inset),
                Stroke::new(2.0, palette::SELECTED),
            ));
        }
        for &(c, color) in deco.outlines {
            painter.add(Shape::closed_line(
                layout.outline(c, inset + 1.0),
                Stroke::new(2.5, color),
            ));
        }
        for &(c, mark) in deco.marks {
            let p = layout.center(c);
            let r = layout.scale * 0.28;
            match mark {
                Mark::Hit => {
                    let s = Stroke::new((layout.scale * 0.12).clamp(1.5, 5.0), palette::HIT);
                    painter.line_segment([p + vec2(-r, -r), p + vec2(r, r)], s);
                    painter.line_segment([p + vec2(-r, r), p + vec2(r, -r)], s);
                }
                Mark::Miss => {
                    painter.circle_stroke(
                        p,
                        r * 0.8,
                        Stroke::new((layout.scale * 0.08).clamp(1.0, 3.0), palette::MISS),
                    );
                }
            }
        }
        for &(c, color) in deco.overlay {
            painter.add(Shape::convex_polygon(
                layout.outline(c, inset),
                color,
                Stroke::new(1.0, Color32::WHITE),
            ));
        }
        if let (Some((rows, cols)), Some((row_sums, col_sums))) = (board.dims(), deco.edge_sums) {
            let font = FontId::proportional((layout.scale * 0.45).clamp(9.0, 18.0));
            let color = ui.visuals().strong_text_color();
            for (r, s) in row_sums.iter().enumerate().take(rows as usize) {
                let p = layout.center(Coord(r as i32, cols as i32 - 1)) + vec2(layout.scale * 0.5 + 4.0, 0.0);
                painter.text(p, Align2::LEFT_CENTER, s.to_string(), font.clone(), color);
            }
            for (c, s) in col_sums.iter().enumerate().take(cols as usize) {
                let p = layout.center(Coord(rows as i32 - 1, c as i32)) + vec2(0.0, layout.scale * 0.5 + 3.0);
                painter.text(p, Align2::CENTER_TOP, s.to_string(), font.clone(), color);
            }
        }
        let hovered = response.hover_pos().map(|p| layout.cell_at(p));
        BoardResponse {
            response,
            hovered,
            layout,
        }
    }

    fn handle_zoom_pan(&mut self, ui: &Ui, response: &Response, rect: Rect) {
        let over_board = match (response.hover_pos(), self.last_board_rect) {
            (Some(p), Some(board)) => board.expand(8.0).contains(p),
            _ => true,
        };
        if response.hovered() && over_board {
            let (scroll, pinch) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let factor = pinch * (scroll * 0.002).exp();
            if (factor - 1.0).abs() > 1e-4 {
                let new_zoom = (self.zoom * factor).clamp(0.2, 12.0);
                // Keep the point under the pointer where it is.
                if let Some(p) = response.hover_pos() {
                    let from_center = p - rect.center() - self.pan;
                    self.pan -= from_center * (new_zoom / self.zoom - 1.0);
                }
                self.zoom = new_zoom;
            }
        }
        if response.dragged_by(PointerButton::Middle) {
            self.pan += response.drag_delta();
        }
    }

    fn fit(&self, board: &Board, deco: &Decorations<'_>, rect: Rect) -> CellLayout {
        let lattice = board.lattice();
        let bounds = CellLayout::unit_bounds(lattice, board.cells().into_iter().chain(deco.extra.iter().copied()));
        let margin = if deco.edge_sums.is_some() { EDGE_MARGIN } else { 6.0 };
        let avail = (rect.size() - vec2(margin + 6.0, margin + 6.0)).max(vec2(10.0, 10.0));
        let fit = (avail.x / bounds.width().max(1e-3)).min(avail.y / bounds.height().max(1e-3));
        let scale = fit * self.zoom;
        let target = rect.center() - vec2(margin, margin) * 0.5 + self.pan;
        CellLayout {
            lattice,
            origin: target - bounds.center().to_vec2() * scale,
            scale,
        }
    }
}
