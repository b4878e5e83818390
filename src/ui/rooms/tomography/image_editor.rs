//! The image editor: size, presets (the paper's two convex bodies and heart), and
//! painting cells with the mouse (one undo step per stroke).

use super::Subject;
use crate::geometry::Coord;
use crate::geometry::{BinaryMatrix, MAX_SIDE};
use crate::tomography::image_presets;
use crate::ui::document::Document;
use crate::ui::widgets::board_view::{BoardView, Decorations};
use crate::ui::widgets::palette;
use egui::{Color32, Ui};

#[derive(Default)]
pub struct ImageEditor {
    /// Clicks paint the image instead of picking interchanges.
    pub painting: bool,
    /// The value a drag is painting.
    stroke: Option<bool>,
    /// Where the pointer was when the stroke last painted.
    stroke_from: Option<egui::Pos2>,
    pub view: BoardView,
}

impl ImageEditor {
    pub fn settings(&mut self, ui: &mut Ui, doc: &mut Document) {
        let img = doc.session.tomography.image.clone();
        let (mut rows, mut cols) = (img.rows(), img.cols());
        let (r1, r2) = ui
            .horizontal(|ui| {
                (
                    ui.add(egui::DragValue::new(&mut rows).range(1..=MAX_SIDE).prefix("rows "))
                        .on_hover_text("Rows of the image (drag or type)"),
                    ui.add(egui::DragValue::new(&mut cols).range(1..=MAX_SIDE).prefix("cols "))
                        .on_hover_text("Columns of the image (drag or type)"),
                )
            })
            .inner;
        // A drag on a size is one undo step, like a paint stroke.
        if r1.drag_started() || r2.drag_started() {
            doc.checkpoint();
        }
        if (rows, cols) != (img.rows(), img.cols()) {
            if r1.dragged() || r2.dragged() {
                doc.mutate(|s| s.tomography.image = img.resized(rows, cols));
            } else {
                doc.edit(|s| s.tomography.image = img.resized(rows, cols));
            }
        }
        if r1.drag_stopped() || r2.drag_stopped() {
            doc.end_stroke();
        }
        ui.horizontal_wrapped(|ui| {
            for (name, m) in image_presets() {
                if ui
                    .button(name)
                    .on_hover_text("Replace the image by this preset")
                    .clicked()
                {
                    doc.edit(|s| s.tomography.image = m);
                }
            }
            if ui.button("Clear").on_hover_text("All zeros").clicked() {
                doc.edit(|s| s.tomography.image = BinaryMatrix::zeros(rows, cols));
            }
        });
        ui.checkbox(&mut self.painting, "Paint the image")
            .on_hover_text("Click or drag on the Matrix tab to set or clear cells (Ctrl+Z undoes a stroke)");
        if !self.painting && self.stroke.take().is_some() {
            doc.end_stroke();
        }
    }

    /// Draws the image and paints it with the mouse.
    pub fn paint(&mut self, ui: &mut Ui, doc: &mut Document, subject: &Subject) {
        ui.label("Painting: click or drag to set cells; start on a set cell to clear. Untick \"Paint the image\" to explore.");
        let img = &subject.source;
        let fill = |c: Coord| {
            if img.get(c.0 as usize, c.1 as usize) {
                Color32::from_rgb(200, 200, 210)
            } else {
                palette::WATER
            }
        };
        let (rs, cs) = (img.row_sums(), img.col_sums());
        let deco = Decorations {
            edge_sums: Some((&rs, &cs)),
            ..Decorations::fill_only(&fill)
        };
        let resp = self.view.show(ui, &subject.board, &deco);
        let (pressed, released, down) = ui.input(|i| {
            (
                i.pointer.primary_pressed(),
                i.pointer.primary_released(),
                i.pointer.primary_down(),
            )
        });
        // A press and release within one frame leave no press origin: the pointer's
        // place is where the click was.
        let (origin, latest) = ui.input(|i| {
            (
                i.pointer.press_origin().or(i.pointer.latest_pos()),
                i.pointer.latest_pos(),
            )
        });
        let start = origin
            .map(|p| self.view.cells_along(p, p))
            .and_then(|v| v.first().copied())
            .filter(|c| subject.board.contains(*c));
        if pressed
            && resp.response.hovered()
            && let Some(c) = start
        {
            doc.checkpoint();
            self.stroke = Some(!img.get(c.0 as usize, c.1 as usize));
            self.stroke_from = origin;
        }
        if let (Some(v), Some(to)) = (self.stroke, latest)
            && (down || pressed)
        {
            // Every cell the pointer crossed since the last frame.
            let from = self.stroke_from.unwrap_or(to);
            let cells: Vec<_> = self
                .view
                .cells_along(from, to)
                .into_iter()
                .filter(|c| subject.board.contains(*c))
                .collect();
            doc.mutate(|s| {
                for c in &cells {
                    s.tomography.image.set(c.0 as usize, c.1 as usize, v);
                }
            });
            self.stroke_from = Some(to);
        }
        if released && self.stroke.take().is_some() {
            self.stroke_from = None;
            doc.end_stroke();
        }
    }
}
