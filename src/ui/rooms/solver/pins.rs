//! Pinning cells of the Tomography room's image: a click pins or unpins a cell (to its
//! value in the image).

use super::*;

impl SolverRoom {
    /// The image with its pins; a click pins or unpins a cell (to its value in the image).
    pub(super) fn pin_editor(&mut self, ui: &mut Ui, doc: &mut Document) {
        if doc.session.tomography.subject != TomographySubject::Image && doc.session.tomography.image.ones() == 0 {
            ui.label("Draw an image in the Tomography room (Image) to solve it here.");
        }
        let img = doc.session.tomography.image.clone();
        let pins = pins_on(&doc.session.solver.pins, &img);
        let board = crate::geometry::Board::square("image", img.rows() as u32, img.cols() as u32);
        let fill = picture_fill(&img);
        let marks: Vec<(Coord, Mark)> = pins
            .iter()
            .map(|&((r, c), v)| (Coord(r as i32, c as i32), if v { Mark::Hit } else { Mark::Miss }))
            .collect();
        ui.label("The image: click a cell to pin it (a known cell: cross = ship, ring = water); click again to unpin.");
        let resp = ui
            .allocate_ui(vec2(ui.available_width().min(260.0), 200.0), |ui| {
                self.pin_view.show(
                    ui,
                    &board,
                    &Decorations {
                        marks: &marks,
                        ..Decorations::fill_only(&fill)
                    },
                )
            })
            .inner;
        if resp.response.clicked()
            && let Some(c) = resp.hovered.filter(|c| board.contains(*c))
        {
            let cell = (c.0 as usize, c.1 as usize);
            doc.edit(|s| {
                let pins = &mut s.solver.pins;
                match pins.iter().position(|p| p.0 == cell) {
                    Some(k) => {
                        pins.remove(k);
                    }
                    None => pins.push((cell, img.get(cell.0, cell.1))),
                }
            });
        }
    }
}
