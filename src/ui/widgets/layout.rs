//! Where cells of either lattice sit on screen, and which cell a point falls in.
//!
//! Board units: a square cell is 1×1 with `(row, col)` at `(col, row)`; a hex cell
//! is a flat-topped hexagon of circumradius 1 with centre `(1.5 x, -√3 (y + x/2))`,
//! which puts the upper (Blue) half of the 2008 board on top.

use crate::geometry::{Coord, Lattice};
use egui::{Pos2, Rect, Vec2, vec2};

const SQRT3: f32 = 1.732_050_8;

/// Width every room's left panel starts at; the user may drag it between
/// the bounds below. Its contents wrap, so it never jumps with its text.
pub const SIDE_PANEL_WIDTH: f32 = 340.0;
pub const SIDE_PANEL_MIN: f32 = 260.0;
pub const SIDE_PANEL_MAX: f32 = 640.0;

/// The width a side panel starts at in this window: a quarter of it (so at
/// 1920 pixels the lists and labels get room), never below
/// [`SIDE_PANEL_WIDTH`] nor above [`side_panel_max`].
pub fn side_panel_default(ui: &egui::Ui) -> f32 {
    let window = ui.ctx().content_rect().width();
    (window * 0.25)
        .max(SIDE_PANEL_WIDTH)
        .min(side_panel_max(ui).max(SIDE_PANEL_WIDTH))
}

/// The widths a side panel may take in this window: from a little under a
/// quarter of it (so a panel sized in a small window widens when the window
/// is maximised, instead of keeping its remembered width) to
/// [`side_panel_max`].
pub fn side_panel_range(ui: &egui::Ui) -> std::ops::RangeInclusive<f32> {
    let max = side_panel_max(ui);
    let min = (ui.ctx().content_rect().width() * 0.22).max(SIDE_PANEL_MIN).min(max);
    min..=max
}

/// The widest a left panel may grow in this window: 40 % of it (so at 1024
/// pixels the plots and boards keep most of the room), within the bounds above.
pub fn side_panel_max(ui: &egui::Ui) -> f32 {
    (ui.available_width() * 0.4).clamp(SIDE_PANEL_MIN, SIDE_PANEL_MAX)
}

/// The contents of a side panel, scrolling up and down, at the panel's
/// width whatever they hold: egui sizes a panel by what was drawn in it, so a
/// line wider than the panel (a long ship name marked "placed", a long
/// source name) widened it and moved the board beside it under the pointer.
/// Here the panel is as wide as the user made it; a line wider is cut at its
/// edge.
pub fn side_panel_scroll<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    egui::ScrollArea::vertical()
        .auto_shrink([false, true])
        .show(ui, |ui| {
            let width = ui.available_width();
            let top = ui.cursor().min;
            let mut inner = ui.new_child(
                egui::UiBuilder::new()
                    .max_rect(Rect::from_min_size(top, vec2(width, f32::INFINITY)))
                    .layout(egui::Layout::top_down(egui::Align::Min)),
            );
            let r = add(&mut inner);
            let used = inner.min_rect();
            ui.allocate_rect(
                Rect::from_min_size(top, vec2(width, used.height())),
                egui::Sense::hover(),
            );
            r
        })
        .inner
}

/// A row of one height whatever it holds (a key, a question, a line of
/// text, or nothing), so a board below stays put when it comes and goes.
/// What does not fit is cut at the panel's edge rather than widening it.
pub fn fixed_row(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), 20.0), egui::Sense::hover());
    let mut row = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .layout(egui::Layout::left_to_right(egui::Align::Center)),
    );
    row.shrink_clip_rect(rect);
    add(&mut row);
}

/// Maps board units to screen points: `screen = origin + scale * unit`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellLayout {
    pub lattice: Lattice,
    pub origin: Pos2,
    pub scale: f32,
}

impl CellLayout {
    /// Centre of a cell in board units.
    pub fn unit_center(lattice: Lattice, c: Coord) -> Vec2 {
        match lattice {
            Lattice::Square => vec2(c.1 as f32 + 0.5, c.0 as f32 + 0.5),
            Lattice::Hex => vec2(1.5 * c.0 as f32, -SQRT3 * (c.1 as f32 + 0.5 * c.0 as f32)),
        }
    }

    /// Bounding box of the given cells in board units.
    pub fn unit_bounds(lattice: Lattice, cells: impl IntoIterator<Item = Coord>) -> Rect {
        let half = match lattice {
            Lattice::Square => vec2(0.5, 0.5),
            Lattice::Hex => vec2(1.0, SQRT3 / 2.0),
        };
        let mut r = Rect::NOTHING;
        for c in cells {
            let p = Self::unit_center(lattice, c).to_pos2();
            r = r.union(Rect::from_min_max(p - half, p + half));
        }
        r
    }

    pub fn center(&self, c: Coord) -> Pos2 {
        self.origin + Self::unit_center(self.lattice, c) * self.scale
    }

    /// Corner points of a cell's outline on screen (shrunk by `inset` points).
    pub fn outline(&self, c: Coord, inset: f32) -> Vec<Pos2> {
        let p = self.center(c);
        match self.lattice {
            Lattice::Square => {
                let h = (self.scale / 2.0 - inset).max(0.5);
                vec![p + vec2(-h, -h), p + vec2(h, -h), p + vec2(h, h), p + vec2(-h, h)]
            }
            Lattice::Hex => {
                let r = (self.scale - inset).max(0.5);
                (0..6)
                    .map(|k| {
                        let a = std::f32::consts::PI / 3.0 * k as f32;
                        p + vec2(r * a.cos(), r * a.sin())
                    })
                    .collect()
            }
        }
    }

    /// The cell under a screen point (on any lattice position, board or not).
    pub fn cell_at(&self, p: Pos2) -> Coord {
        let u = (p - self.origin) / self.scale;
        match self.lattice {
            Lattice::Square => Coord(u.y.floor() as i32, u.x.floor() as i32),
            Lattice::Hex => {
                let x = u.x / 1.5;
                let y = -u.y / SQRT3 - x / 2.0;
                cube_round(x, y)
            }
        }
    }
}

/// Nearest hex cell to fractional cube coordinates (x, y, -x-y).
fn cube_round(x: f32, y: f32) -> Coord {
    let z = -x - y;
    let (mut rx, mut ry, rz) = (x.round(), y.round(), z.round());
    let (dx, dy, dz) = ((rx - x).abs(), (ry - y).abs(), (rz - z).abs());
    if dx > dy && dx > dz {
        rx = -ry - rz;
    } else if dy > dz {
        ry = -rx - rz;
    }
    Coord(rx as i32, ry as i32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;

    #[test]
    fn centers_map_back_to_their_cells() {
        for lattice in [Lattice::Square, Lattice::Hex] {
            let layout = CellLayout {
                lattice,
                origin: pos2(10.0, 20.0),
                scale: 17.0,
            };
            for a in -6..6 {
                for b in -6..6 {
                    let c = Coord(a, b);
                    assert_eq!(layout.cell_at(layout.center(c)), c);
                    assert_eq!(layout.cell_at(layout.center(c) + vec2(3.0, -2.0)), c);
                }
            }
        }
    }
}
