//! Room "Boards": pick or edit a setup's board and fleet, place ships by hand or at random.

use super::fleet_editor::FleetEditor;
use super::place_tool::PlaceTool;
use crate::geometry::{Board, Coord, random_deployment};
use crate::presets;
use crate::textview::piece_symbol;
use crate::ui::document::Document;
use crate::ui::widgets::board_view::{BoardView, Decorations};
use crate::ui::widgets::palette;
use egui::{Color32, Key, Ui};

/// What a click on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Place,
    Islands,
    Cells,
}

/// A drag that paints islands or hex cells: the state every touched cell gets.
#[derive(Clone, Copy, Debug)]
enum Stroke {
    Island(bool),
    Cell(bool),
}

pub struct BoardsRoom {
    pub view: BoardView,
    pub tool: Tool,
    pub place: PlaceTool,
    pub fleet_editor: FleetEditor,
    stroke: Option<Stroke>,
    rows: u32,
    cols: u32,
    hex_radius: i32,
    seen_dims: Option<(u32, u32)>,
    /// Why the ghost cannot go where it is (shown next to the board).
    pub reason: Option<String>,
}

impl Default for BoardsRoom {
    fn default() -> Self {
        BoardsRoom {
            view: BoardView::default(),
            tool: Tool::Place,
            place: PlaceTool::default(),
            fleet_editor: FleetEditor::default(),
            stroke: None,
            rows: 10,
            cols: 10,
            hex_radius: 5,
            seen_dims: None,
            reason: None,
        }
    }
}

impl BoardsRoom {
    pub fn show(&mut self, ui: &mut Ui, doc: &mut Document, status: &mut String) {
        // Keep the size fields in step with the board after undo or a preset.
        let dims = doc.session.setup().board.dims();
        if dims != self.seen_dims {
            if let Some((r, c)) = dims {
                (self.rows, self.cols) = (r, c);
            }
            self.seen_dims = dims;
        }
        egui::Panel::left("boards_side")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.side_panel(ui, doc, status));
            });
        egui::CentralPanel::default().show(ui, |ui| self.board_area(ui, doc, status));
    }

    fn side_panel(&mut self, ui: &mut Ui, doc: &mut Document, status: &mut String) {
        ui.heading("Setup");
        self.setup_picker(ui, doc);
        ui.separator();
        ui.heading("Board");
        self.board_editor(ui, doc);
        ui.separator();
        egui::CollapsingHeader::new(egui::RichText::new("Fleet").heading())
            .default_open(true)
            .show(ui, |ui| {
                self.fleet_editor.show(ui, doc);
            });
        ui.separator();
        ui.heading("Ships");
        self.ship_list(ui, doc, status);
    }

    fn setup_picker(&mut self, ui: &mut Ui, doc: &mut Document) {
        let names: Vec<String> = doc.session.setups.iter().map(|s| s.name.clone()).collect();
        let mut active = doc.session.active;
        egui::ComboBox::new("setup_combo", "active")
            .selected_text(names[active].clone())
            .width(200.0)
            .show_ui(ui, |ui| {
                for (i, n) in names.iter().enumerate() {
                    ui.selectable_value(&mut active, i, n);
                }
            });
        if active != doc.session.active {
            doc.edit(|s| s.active = active);
            self.place = PlaceTool::default();
        }
        ui.horizontal(|ui| {
            ui.menu_button("Load preset", |ui| {
                for (_key, setup) in presets::all() {
                    if ui.button(&setup.name).on_hover_text(&setup.description).clicked() {
                        doc.edit(|s| *s.setup_mut() = setup.clone());
                        self.place = PlaceTool::default();
                        self.view.reset();
                    }
                }
            })
            .response
            .on_hover_text("Replace this setup by a preset (undo brings it back)");
            if ui
                .button("Duplicate")
                .on_hover_text("Add a copy of this setup to the session")
                .clicked()
            {
                doc.edit(|s| {
                    let mut copy = s.setup().clone();
                    copy.name = format!("{} (copy)", copy.name);
                    s.setups.push(copy);
                    s.active = s.setups.len() - 1;
                });
            }
            let can_delete = doc.session.setups.len() > 1;
            if ui
                .add_enabled(can_delete, egui::Button::new("Delete"))
                .on_hover_text("Remove this setup from the session")
                .clicked()
            {
                doc.edit(|s| {
                    s.setups.remove(s.active);
                    s.active = s.active.min(s.setups.len() - 1);
                });
                self.place = PlaceTool::default();
            }
        });
        let setup = doc.session.setup();
        if !setup.description.is_empty() {
            ui.label(egui::RichText::new(&setup.description).small().weak());
        }
    }

    fn board_editor(&mut self, ui: &mut Ui, doc: &mut Document) {
        let board = doc.session.setup().board.clone();
        ui.label(crate::textview::describe_board(doc.session.setup()));
        ui.horizontal(|ui| {
            ui.add(egui::DragValue::new(&mut self.rows).range(1..=64).prefix("rows "));
            ui.add(egui::DragValue::new(&mut self.cols).range(1..=64).prefix("cols "));
            let label = if board.dims().is_some() {
                "Resize"
            } else {
                "New square board"
            };
            if ui
                .button(label)
                .on_hover_text("Square board of this size; ships that no longer fit are removed")
                .clicked()
            {
                let (rows, cols) = (self.rows, self.cols);
                doc.edit(|s| {
                    let setup = s.setup_mut();
                    let mut b = setup.board.clone();
                    if b.dims().is_some() {
                        b.resize(rows, cols);
                    } else {
                        b = Board::square(&format!("{rows}×{cols}"), rows, cols);
                    }
                    setup.set_board(b);
                });
            }
        });
        ui.horizontal(|ui| {
            ui.add(
                egui::DragValue::new(&mut self.hex_radius)
                    .range(1..=12)
                    .prefix("radius "),
            );
            if ui
                .button("New hexagon")
                .on_hover_text("Replace the board by a regular hexagon of this radius")
                .clicked()
            {
                let r = self.hex_radius;
                doc.edit(|s| {
                    s.setup_mut().set_board(Board::hexagon(&format!("hexagon r{r}"), r));
                });
            }
        });
        ui.horizontal(|ui| {
            ui.label("Tool:");
            ui.selectable_value(&mut self.tool, Tool::Place, "Place ships")
                .on_hover_text("P: place and move ships");
            ui.selectable_value(&mut self.tool, Tool::Islands, "Islands")
                .on_hover_text("I: click or drag to toggle islands");
            if board.lattice() == crate::geometry::Lattice::Hex {
                ui.selectable_value(&mut self.tool, Tool::Cells, "Cells")
                    .on_hover_text("C: click or drag to add/remove hex cells");
            }
        });
        let mut show_xray = doc.session.boards.show_xray;
        if board.dims().is_some()
            && ui
                .checkbox(&mut show_xray, "Show X-ray (row and column sums)")
                .changed()
        {
            doc.edit(|s| s.boards.show_xray = show_xray);
        }
        if ui
            .button("Fit view")
            .on_hover_text("Reset zoom and pan (wheel zooms, middle-drag pans)")
            .clicked()
        {
            self.view.reset();
        }
    }

    fn ship_list(&mut self, ui: &mut Ui, doc: &mut Document, status: &mut String) {
        let setup = doc.session.setup().clone();
        for (i, p) in setup.fleet.pieces.iter().enumerate() {
            let placed = setup.deployment.ship_of(i).is_some();
            let text = format!(
                "{} {} ({}){}",
                piece_symbol(i),
                p.name,
                p.len(),
                if placed { " - placed" } else { "" }
            );
            let selected = self.place.selected == Some(i);
            if ui
                .selectable_label(selected, egui::RichText::new(text).color(palette::piece_color(i)))
                .clicked()
            {
                self.place.select(&setup, i);
                self.tool = Tool::Place;
            }
        }
        ui.label(
            egui::RichText::new(
                "Click to place · R or right-click rotates · M mirrors · drag a ship to move it · Delete removes",
            )
            .small()
            .weak(),
        );
        ui.horizontal(|ui| {
            let mut seed = doc.session.boards.random_seed;
            if ui
                .button("Random fleet")
                .on_hover_text("Place every ship at random with this seed")
                .clicked()
            {
                match random_deployment(&setup.board, &setup.fleet, seed) {
                    Ok(d) => {
                        doc.edit(|s| s.setup_mut().deployment = d);
                        *status = format!("Random fleet with seed {seed}");
                    }
                    Err(e) => *status = e.to_string(),
                }
            }
            if ui.add(egui::DragValue::new(&mut seed).prefix("seed ")).changed() {
                doc.edit(|s| s.boards.random_seed = seed);
            }
            if ui
                .small_button("Next seed")
                .on_hover_text("Increase the seed and place again")
                .clicked()
            {
                let next = seed.wrapping_add(1);
                if let Ok(d) = random_deployment(&setup.board, &setup.fleet, next) {
                    doc.edit(|s| {
                        s.boards.random_seed = next;
                        s.setup_mut().deployment = d;
                    });
                    *status = format!("Random fleet with seed {next}");
                }
            }
        });
        if ui.button("Clear ships").clicked() {
            doc.edit(|s| s.setup_mut().deployment.ships.clear());
        }
    }

    fn board_area(&mut self, ui: &mut Ui, doc: &mut Document, status: &mut String) {
        self.keys(ui, doc);
        let setup = doc.session.setup().clone();
        let hidden = self.place.dragging;
        let mut shown = setup.deployment.clone();
        if let Some(p) = hidden {
            shown.remove(p);
        }
        let occ = shown.occupancy(&setup.fleet);
        let fill = |c: Coord| {
            if setup.board.is_island(c) {
                palette::ISLAND
            } else if let Some(p) = occ.get(&c) {
                palette::piece_color(*p)
            } else {
                palette::WATER
            }
        };
        let hover = ui
            .ctx()
            .pointer_latest_pos()
            .and_then(|p| self.view.last_layout.map(|l| l.cell_at(p)));
        let mut overlay: Vec<(Coord, Color32)> = Vec::new();
        self.reason = None;
        if self.tool == Tool::Place
            && let Some(at) = hover
            && let Some((ghost, ok)) = self.place.check(&setup, at)
            && (self.place.dragging.is_some()
                || setup
                    .deployment
                    .ship_of(ghost.piece)
                    .is_none_or(|s| !s.cells(&setup.fleet).contains(&at)))
        {
            let color = if ok.is_ok() {
                palette::GHOST_OK
            } else {
                palette::GHOST_BAD
            };
            overlay = ghost.cells(&setup.fleet).into_iter().map(|c| (c, color)).collect();
            if let Err(e) = ok {
                self.reason = Some(format!("{} cannot go here: {e}", setup.fleet.pieces[ghost.piece].name));
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
            .filter(|_| doc.session.boards.show_xray)
            .map(|(r, c)| (r.as_slice(), c.as_slice()));
        ui.horizontal(|ui| {
            match hover.filter(|c| setup.board.contains(*c)) {
                Some(c) if setup.board.dims().is_some() => ui.label(format!("row {}, col {}", c.0, c.1)),
                Some(c) => ui.label(format!("cell (x {}, y {}, z {})", c.0, c.1, c.z())),
                None => ui.label(""),
            };
            if let Some(r) = &self.reason {
                ui.colored_label(ui.visuals().error_fg_color, r);
            }
        });
        let deco = Decorations {
            fill: &fill,
            extra: &extra,
            overlay: &overlay,
            outlined: &outlined,
            edge_sums,
        };
        let resp = self.view.show(ui, &setup.board, &deco);
        self.pointer(ui, doc, &resp, status);
    }

    fn keys(&mut self, ui: &Ui, doc: &mut Document) {
        if ui.ctx().egui_wants_keyboard_input() {
            return;
        }
        let setup = doc.session.setup().clone();
        let (r, m, del, esc, p, i, c) = ui.input(|inp| {
            (
                inp.key_pressed(Key::R),
                inp.key_pressed(Key::M),
                inp.key_pressed(Key::Delete) || inp.key_pressed(Key::Backspace),
                inp.key_pressed(Key::Escape),
                inp.key_pressed(Key::P) && inp.modifiers.is_none(),
                inp.key_pressed(Key::I) && inp.modifiers.is_none(),
                inp.key_pressed(Key::C) && inp.modifiers.is_none(),
            )
        });
        if r {
            self.place.rotate(&setup);
        }
        if m {
            self.place.mirror(&setup);
        }
        if del && let Some(p) = self.place.selected {
            doc.edit(|s| s.setup_mut().deployment.remove(p));
        }
        if esc {
            self.place = PlaceTool::default();
        }
        if p {
            self.tool = Tool::Place;
        }
        if i {
            self.tool = Tool::Islands;
        }
        if c && setup.board.lattice() == crate::geometry::Lattice::Hex {
            self.tool = Tool::Cells;
        }
    }

    fn pointer(
        &mut self,
        ui: &Ui,
        doc: &mut Document,
        resp: &crate::ui::widgets::board_view::BoardResponse,
        status: &mut String,
    ) {
        let (pressed, released, down) = ui.input(|i| {
            (
                i.pointer.primary_pressed(),
                i.pointer.primary_released(),
                i.pointer.primary_down(),
            )
        });
        let over = resp.response.hovered();
        let at = resp.hovered;
        let setup = doc.session.setup().clone();
        if resp.response.secondary_clicked() && self.tool == Tool::Place {
            self.place.rotate(&setup);
        }
        match self.tool {
            Tool::Place => {
                if pressed
                    && over
                    && let Some(c) = at
                {
                    self.place.press(&setup, c);
                }
                if released {
                    let dragging = self.place.dragging.take();
                    if (over || dragging.is_some())
                        && let Some(c) = at
                        && let Some((ghost, ok)) = self.place.check(&setup, c)
                    {
                        match ok {
                            Ok(()) => {
                                doc.edit(|s| s.setup_mut().deployment.place(ghost));
                                if dragging.is_none() {
                                    let next = PlaceTool::next_unplaced(doc.session.setup(), ghost.piece);
                                    if let Some(n) = next {
                                        self.place.select(doc.session.setup(), n);
                                    }
                                }
                            }
                            Err(e) if over => {
                                *status = format!("{} not placed: {e}", setup.fleet.pieces[ghost.piece].name);
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
                    let stroke = if self.tool == Tool::Islands {
                        setup
                            .board
                            .contains(c)
                            .then(|| Stroke::Island(!setup.board.is_island(c)))
                    } else {
                        Some(Stroke::Cell(!setup.board.contains(c)))
                    };
                    if stroke.is_some() {
                        doc.checkpoint();
                        self.stroke = stroke;
                    }
                }
                if let (Some(stroke), Some(c)) = (self.stroke, at)
                    && (down || pressed)
                {
                    let removed = match stroke {
                        Stroke::Island(v) => {
                            let mut n = 0;
                            doc.mutate(|s| n = s.setup_mut().set_island(c, v));
                            n
                        }
                        Stroke::Cell(v) => {
                            let mut n = 0;
                            doc.mutate(|s| n = s.setup_mut().set_hex_cell(c, v));
                            n
                        }
                    };
                    if removed > 0 {
                        *status = format!("{removed} ship(s) removed: they no longer fit");
                    }
                }
                if released && self.stroke.take().is_some() {
                    doc.end_stroke();
                }
            }
        }
    }
}
