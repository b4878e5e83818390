//! The fleet editor: add, remove, rename, reorder pieces, draw a piece's shape
//! on a small grid of the same lattice, and the allow-mirror flag.

use crate::geometry::{Board, Coord, Lattice, Piece};
use crate::textview::piece_symbol;
use crate::ui::document::Document;
use crate::ui::widgets::board_view::{BoardView, Decorations};
use crate::ui::widgets::palette;
use egui::Ui;
use std::collections::BTreeSet;

/// A piece being drawn: which fleet slot it replaces (`None` = a new piece).
#[derive(Clone, Debug)]
pub struct PieceDraft {
    pub slot: Option<usize>,
    pub name: String,
    pub cells: BTreeSet<Coord>,
    view: BoardView,
}

#[derive(Default)]
pub struct FleetEditor {
    pub draft: Option<PieceDraft>,
    /// Ships an edit took off the board (a reshaped piece, mirror images turned
    /// off), for the room to name.
    pub removed: Vec<String>,
    renaming: Option<(usize, String)>,
}

/// The drawing canvas of a lattice: 7×7 squares or a hexagon of radius 3.
fn canvas(lattice: Lattice) -> Board {
    match lattice {
        Lattice::Square => Board::square("canvas", 7, 7),
        Lattice::Hex => Board::hexagon("canvas", 3),
    }
}

/// Moves a drawn shape into the canvas (top-left for squares, centred for hexes).
fn to_canvas(lattice: Lattice, cells: &[Coord]) -> BTreeSet<Coord> {
    let min = cells.iter().copied().min().unwrap_or_default();
    let shift = match lattice {
        Lattice::Square => Coord(
            -cells.iter().map(|c| c.0).min().unwrap_or(0),
            -cells.iter().map(|c| c.1).min().unwrap_or(0),
        ),
        Lattice::Hex => Coord(-min.0 - 1, -min.1),
    };
    cells.iter().map(|&c| c + shift).collect()
}

impl FleetEditor {
    pub fn show(&mut self, ui: &mut Ui, doc: &mut Document) {
        let setup = doc.session.setup();
        let lattice = setup.fleet.lattice;
        let mut allow = setup.fleet.allow_mirror;
        if ui
            .checkbox(&mut allow, "Allow mirror images")
            .on_hover_text("Count reflected shapes as extra orientations of a piece")
            .changed()
        {
            let before: Vec<usize> = doc.session.setup().deployment.ships.iter().map(|s| s.piece).collect();
            doc.edit(|s| s.setup_mut().set_allow_mirror(allow));
            let setup = doc.session.setup();
            for p in before {
                if setup.deployment.ship_of(p).is_none() {
                    self.removed.push(setup.fleet.pieces[p].name.clone());
                }
            }
        }
        let n = doc.session.setup().fleet.pieces.len();
        for i in 0..n {
            let piece = doc.session.setup().fleet.pieces[i].clone();
            ui.horizontal(|ui| {
                let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                ui.painter()
                    .rect_filled(rect, 2.0, palette::ship_color(&doc.session.setup().fleet, i));
                ui.label(piece_symbol(i).to_string());
                match &mut self.renaming {
                    Some((j, text)) if *j == i => {
                        let r = ui.add(egui::TextEdit::singleline(text).desired_width(110.0));
                        if r.lost_focus() {
                            let name = text.trim().to_string();
                            if !name.is_empty() {
                                doc.edit(|s| s.setup_mut().fleet.pieces[i].name = name);
                            }
                            self.renaming = None;
                        } else {
                            r.request_focus();
                        }
                    }
                    _ => {
                        if ui.link(&piece.name).on_hover_text("Click to rename").clicked() {
                            self.renaming = Some((i, piece.name.clone()));
                        }
                    }
                }
                ui.weak(format!("({})", piece.len())).on_hover_text("cells");
                // One compact menu keeps the row on one line in a narrow panel.
                ui.menu_button("…", |ui| {
                    if ui.add_enabled(i > 0, egui::Button::new("Move up")).clicked() {
                        doc.edit(|s| s.setup_mut().swap_pieces(i, i - 1));
                        ui.close();
                    }
                    if ui.add_enabled(i + 1 < n, egui::Button::new("Move down")).clicked() {
                        doc.edit(|s| s.setup_mut().swap_pieces(i, i + 1));
                        ui.close();
                    }
                    if ui.button("Edit shape…").clicked() {
                        self.draft = Some(PieceDraft {
                            slot: Some(i),
                            name: piece.name.clone(),
                            cells: to_canvas(lattice, &piece.cells),
                            view: BoardView::default(),
                        });
                        ui.close();
                    }
                    if ui.button("Remove").clicked() {
                        doc.edit(|s| s.setup_mut().remove_piece(i));
                        ui.close();
                    }
                })
                .response
                .on_hover_text("Move, reshape or remove this piece");
            });
        }
        if ui.button("Add piece").on_hover_text("Draw a new piece").clicked() {
            let start = to_canvas(lattice, &[Coord(0, 0)]);
            self.draft = Some(PieceDraft {
                slot: None,
                name: format!("Piece {}", n + 1),
                cells: start,
                view: BoardView::default(),
            });
        }
        self.draft_editor(ui, doc, lattice);
    }

    fn draft_editor(&mut self, ui: &mut Ui, doc: &mut Document, lattice: Lattice) {
        let mut removed_now = Vec::new();
        let Some(draft) = &mut self.draft else { return };
        let mut close = false;
        // A window in view (not at the foot of a long fleet list, below the fold).
        let title = if draft.slot.is_some() {
            "Edit piece"
        } else {
            "New piece"
        };
        let mut open = true;
        egui::Window::new(title)
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .default_pos(ui.ctx().content_rect().center() - egui::vec2(120.0, 160.0))
            .show(ui.ctx(), |ui| {
                ui.label("Click cells to toggle them.");
                ui.horizontal(|ui| {
                    ui.label("Name");
                    ui.text_edit_singleline(&mut draft.name);
                });
                let board = canvas(lattice);
                let cells = draft.cells.clone();
                let fill = move |c: Coord| {
                    if cells.contains(&c) {
                        palette::piece_color(0)
                    } else {
                        palette::WATER
                    }
                };
                let deco = Decorations::fill_only(&fill);
                let resp = ui
                    .allocate_ui(egui::vec2(200.0, 180.0), |ui| draft.view.show(ui, &board, &deco))
                    .inner;
                if resp.response.clicked()
                    && let Some(c) = resp.hovered.filter(|c| board.contains(*c))
                    && !draft.cells.remove(&c)
                {
                    draft.cells.insert(c);
                }
                let piece = Piece::new(draft.name.trim(), draft.cells.iter().copied().collect());
                let valid = piece.validate(lattice);
                if let Err(e) = &valid {
                    ui.colored_label(ui.visuals().error_fg_color, crate::quote::sentence(&e.to_string()));
                } else {
                    let orientations = piece
                        .orientations(lattice, doc.session.setup().fleet.allow_mirror)
                        .len();
                    ui.weak(format!(
                        "{}, {}",
                        crate::textview::count(piece.len(), "cell", "cells"),
                        crate::textview::count(orientations, "orientation", "orientations")
                    ));
                }
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(valid.is_ok() && !piece.name.is_empty(), egui::Button::new("Apply"))
                        .clicked()
                    {
                        let normalized = Piece::new(&piece.name, crate::geometry::normalize(piece.cells.clone()));
                        match draft.slot {
                            Some(i) => {
                                let was_placed = doc.session.setup().deployment.ship_of(i).is_some();
                                doc.edit(|s| s.setup_mut().set_piece(i, normalized));
                                let setup = doc.session.setup();
                                if was_placed && setup.deployment.ship_of(i).is_none() {
                                    removed_now.push(setup.fleet.pieces[i].name.clone());
                                }
                            }
                            None => doc.edit(|s| s.setup_mut().add_piece(normalized)),
                        }
                        close = true;
                    }
                    if ui.button("Cancel").clicked() {
                        close = true;
                    }
                });
            });
        self.removed.extend(removed_now);
        if close || !open {
            self.draft = None;
        }
    }
}
