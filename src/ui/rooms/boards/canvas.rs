//! The Boards room's board: drawing the setup with the ghost of the ship in
//! hand, the room's keys, and what a click or drag does with each tool.

use super::{BoardsRoom, CELLS_TOOL, DELETE, DROP, ISLANDS_TOOL, MIRROR, PLACE_TOOL, PlaceTool, ROTATE, Tool};
use crate::geometry::{Coord, Lattice, TouchRule};
use crate::textview::{cell_label, place_error};
use crate::ui::document::Document;
use crate::ui::room::RoomCtx;
use crate::ui::widgets::board_view::{BoardResponse, Decorations};
use crate::ui::widgets::palette;
use egui::{Color32, Ui};

/// A drag that paints islands or hex cells: the state every touched cell gets.
#[derive(Clone, Copy, Debug)]
pub(super) enum Stroke {
    Island(bool),
    Cell(bool),
}

impl BoardsRoom {
    pub(super) fn board_area(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        self.keys(ui, ctx.doc);
        // The cell under the pointer, only while the pointer is over the board's area
        // (a pointer over the side panel or outside the window names no cell).
        let hover = ui
            .ctx()
            .pointer_latest_pos()
            .filter(|p| self.view.contains(*p) && ui.input(|i| i.pointer.has_pointer()))
            .and_then(|p| self.view.last_layout.map(|l| l.cell_at(p)));
        // While cells are added or removed (a drag, or clicks with the Cells tool while
        // the pointer is over the board), the view stays where it is: the cell does not
        // move under the pointer. It fits the board again when the pointer leaves.
        let over_board = ui.ctx().pointer_latest_pos().is_some_and(|p| self.view.contains(p));
        self.view.hold = self.stroke.is_some() || (self.tool == Tool::Cells && over_board);
        let resp = {
            let setup = ctx.doc.session.setup();
            let mut shown = setup.deployment.clone();
            if let Some(p) = self.place.dragging {
                shown.remove(p);
            }
            let occ = shown.occupancy(&setup.fleet);
            let fill = |c: Coord| {
                if setup.board.is_island(c) {
                    palette::ISLAND
                } else if let Some(p) = occ.get(&c) {
                    palette::ship_color(&setup.fleet, *p)
                } else {
                    palette::WATER
                }
            };
            let mut overlay: Vec<(Coord, Color32)> = Vec::new();
            self.reason = None;
            if self.tool == Tool::Place
                && let Some(at) = hover
                && let Some((ghost, ok)) = self.place.check(setup, at)
            {
                let color = if ok.is_ok() {
                    palette::GHOST_OK
                } else {
                    palette::GHOST_BAD
                };
                overlay = ghost.cells(&setup.fleet).into_iter().map(|c| (c, color)).collect();
                if let Err(e) = ok {
                    self.reason = Some(format!(
                        "{} cannot go here: {}",
                        setup.fleet.pieces[ghost.piece].name,
                        place_error(setup.board.lattice(), &e)
                    ));
                }
            }
            let outlined: Vec<Coord> = match (self.place.selected, self.place.dragging) {
                (Some(p), None) => setup
                    .deployment
                    .ship_of(p)
                    .map(|s| s.cells(&setup.fleet))
                    .unwrap_or_default(),
                _ => Vec::new(),
            };
            let extra = if self.tool == Tool::Cells {
                setup.board.hex_frontier()
            } else {
                Vec::new()
            };
            let xray = setup.deployment.xray(&setup.board, &setup.fleet);
            let edge_sums = xray
                .as_ref()
                .filter(|_| ctx.doc.session.boards.show_xray)
                .map(|(r, c)| (r.as_slice(), c.as_slice()));
            ui.horizontal(|ui| {
                match hover.filter(|c| setup.board.contains(*c)) {
                    Some(c) => ui.label(cell_label(setup.board.lattice(), c)),
                    None => ui.label(""),
                };
                if let Some(r) = &self.reason {
                    ui.colored_label(ui.visuals().error_fg_color, r);
                } else if let Some(n) = &self.notice {
                    ui.colored_label(ui.visuals().warn_fg_color, &n.text);
                }
            });
            // Under the no-touch rule, where placed ships touch is outlined.
            let touching: Vec<(Coord, Color32)> = if setup.rules.touch == TouchRule::NoTouch {
                // Red, not orange: it must show on the orange and yellow ships.
                let warn = ui.visuals().error_fg_color;
                setup
                    .deployment
                    .touching(&setup.fleet)
                    .1
                    .into_iter()
                    .map(|c| (c, warn))
                    .collect()
            } else {
                Vec::new()
            };
            let deco = Decorations {
                extra: &extra,
                overlay: &overlay,
                outlined: &outlined,
                outlines: &touching,
                edge_sums,
                ..Decorations::fill_only(&fill)
            };
            self.view.show(ui, &setup.board, &deco)
        };
        self.pointer(ui, ctx, &resp);
    }

    fn keys(&mut self, ui: &Ui, doc: &mut Document) {
        let setup = doc.session.setup();
        if ROTATE.pressed(ui) {
            self.place.rotate(setup);
        }
        if MIRROR.pressed(ui) {
            self.place.mirror(setup);
        }
        if DELETE.pressed(ui)
            && let Some(p) = self.place.selected
        {
            doc.edit(|s| s.setup_mut().deployment.remove(p));
            self.place = PlaceTool::default();
        }
        if DROP.pressed(ui) {
            self.place = PlaceTool::default();
        }
        if PLACE_TOOL.pressed(ui) {
            self.tool = Tool::Place;
        }
        if ISLANDS_TOOL.pressed(ui) {
            self.tool = Tool::Islands;
        }
        if CELLS_TOOL.pressed(ui) && doc.session.setup().board.lattice() == Lattice::Hex {
            self.tool = Tool::Cells;
        }
    }

    fn pointer(&mut self, ui: &Ui, ctx: &mut RoomCtx<'_>, resp: &BoardResponse) {
        let (pressed, released, down) = ui.input(|i| {
            (
                i.pointer.primary_pressed(),
                i.pointer.primary_released(),
                i.pointer.primary_down(),
            )
        });
        let over = resp.response.hovered();
        let at = resp.hovered;
        let doc = &mut *ctx.doc;
        if resp.response.secondary_clicked() && self.tool == Tool::Place {
            self.place.rotate(doc.session.setup());
        }
        match self.tool {
            Tool::Place => {
                if pressed
                    && over
                    && let Some(c) = at
                {
                    self.place.press(doc.session.setup(), c);
                }
                if released {
                    let dragging = self.place.dragging.take();
                    let checked = at
                        .filter(|_| over || dragging.is_some())
                        .and_then(|c| self.place.check(doc.session.setup(), c));
                    if let Some((ghost, ok)) = checked {
                        match ok {
                            Ok(()) => {
                                let unmoved = doc.session.setup().deployment.ship_of(ghost.piece) == Some(&ghost);
                                doc.edit(|s| s.setup_mut().deployment.place(ghost));
                                self.place.placed(doc.session.setup(), ghost.piece, dragging.is_some());
                                let setup = ctx.doc.session.setup();
                                // Replaces any "not placed" line from an earlier try.
                                let mut cells = ghost.cells(&setup.fleet);
                                cells.sort();
                                let lattice = setup.board.lattice();
                                let place = match (cells.first(), cells.last()) {
                                    (Some(a), Some(b)) if a != b => {
                                        format!("{} to {}", cell_label(lattice, *a), cell_label(lattice, *b))
                                    }
                                    (Some(a), _) => cell_label(lattice, *a),
                                    _ => String::new(),
                                };
                                let line = format!(
                                    "{} {} {place}",
                                    setup.fleet.pieces[ghost.piece].name,
                                    match (dragging.is_some(), unmoved) {
                                        (true, true) => "selected (R rotates, Delete removes):",
                                        (true, false) => "moved to",
                                        _ => "placed:",
                                    },
                                );
                                ctx.status(line);
                            }
                            Err(e) if over => {
                                let setup = doc.session.setup();
                                let msg = format!(
                                    "{} not placed: {}",
                                    setup.fleet.pieces[ghost.piece].name,
                                    place_error(setup.board.lattice(), &e)
                                );
                                ctx.status(msg);
                            }
                            Err(_) => {}
                        }
                    }
                }
            }
            Tool::Islands | Tool::Cells => {
                if pressed
                    && over
                    && let Some(c) = at
                {
                    let board = &doc.session.setup().board;
                    let stroke = if self.tool == Tool::Islands {
                        board.contains(c).then(|| Stroke::Island(!board.is_island(c)))
                    } else {
                        Some(Stroke::Cell(!board.contains(c)))
                    };
                    if stroke.is_some() {
                        doc.checkpoint();
                        self.stroke = stroke;
                    }
                }
                let (origin, latest) = ui.input(|i| (i.pointer.press_origin(), i.pointer.latest_pos()));
                if pressed {
                    self.stroke_from = origin;
                }
                if let (Some(stroke), Some(to)) = (self.stroke, latest)
                    && (down || pressed)
                {
                    // Every cell the pointer crossed since the last frame.
                    let from = self.stroke_from.unwrap_or(to);
                    for c in self.view.cells_along(from, to) {
                        let mut removed = Vec::new();
                        match stroke {
                            Stroke::Island(v) => doc.mutate(|s| removed = s.setup_mut().set_island(c, v)),
                            Stroke::Cell(v) => doc.mutate(|s| removed = s.setup_mut().set_hex_cell(c, v)),
                        }
                        self.removed(doc, removed);
                        if let Some(n) = &mut self.notice {
                            n.revision = doc.revision;
                        }
                    }
                    self.stroke_from = Some(to);
                }
                if released && self.stroke.take().is_some() {
                    self.stroke_from = None;
                    doc.end_stroke();
                }
            }
        }
    }
}
