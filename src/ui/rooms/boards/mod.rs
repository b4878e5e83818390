//! Room "Boards": pick or edit a setup's board and fleet, place ships by hand or at random.

mod canvas;
mod fleet_editor;
mod place_tool;
mod rules_editor;

use super::super::room::{Room, RoomCtx};
use super::super::shortcuts::Shortcut;
use crate::geometry::{Board, Lattice, random_deployment};
use crate::presets;
use crate::textview::piece_symbol;
use crate::ui::document::Document;
use crate::ui::widgets::board_view::BoardView;
use crate::ui::widgets::layout::{side_panel_default, side_panel_range, side_panel_scroll};
use crate::ui::widgets::palette;
use crate::ui::widgets::setup_picker::setup_picker;
use egui::{Key, Ui};
use fleet_editor::FleetEditor;
pub use place_tool::PlaceTool;

pub const ID: &str = "boards";

pub const PLACE_TOOL: Shortcut = Shortcut::key("Tool: place and move ships", Key::P);
pub const ISLANDS_TOOL: Shortcut = Shortcut::key("Tool: islands (click or drag)", Key::I);
pub const CELLS_TOOL: Shortcut = Shortcut::key("Tool: hex cells (click or drag)", Key::C);
pub const ROTATE: Shortcut = Shortcut::key("Rotate the ship in hand (or right-click)", Key::R);
pub const MIRROR: Shortcut = Shortcut::key("Mirror the ship in hand (when the fleet allows)", Key::M);
pub const DELETE: Shortcut =
    Shortcut::key("Remove the selected ship", Key::Delete).or(egui::Modifiers::NONE, Key::Backspace);
pub const DROP: Shortcut = Shortcut::key("Put the ship in hand down", Key::Escape);
const SHORTCUTS: [Shortcut; 7] = [PLACE_TOOL, ISLANDS_TOOL, CELLS_TOOL, ROTATE, MIRROR, DELETE, DROP];

/// What a click on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Place,
    Islands,
    Cells,
}

/// A message about the last edit that stays until the next change (an undo
/// clears it): which ships an edit removed.
struct Notice {
    text: String,
    revision: u64,
}

pub struct BoardsRoom {
    view: BoardView,
    tool: Tool,
    place: PlaceTool,
    fleet_editor: FleetEditor,
    stroke: Option<canvas::Stroke>,
    /// Where the pointer was when the stroke last painted.
    stroke_from: Option<egui::Pos2>,
    rows: u32,
    cols: u32,
    hex_radius: i32,
    seen_dims: Option<(u32, u32)>,
    /// Why the ghost cannot go where it is (shown above the board).
    reason: Option<String>,
    notice: Option<Notice>,
}

impl Default for BoardsRoom {
    fn default() -> Self {
        BoardsRoom {
            view: BoardView::default(),
            tool: Tool::Place,
            place: PlaceTool::default(),
            fleet_editor: FleetEditor::default(),
            stroke: None,
            stroke_from: None,
            rows: 10,
            cols: 10,
            hex_radius: 5,
            seen_dims: None,
            reason: None,
            notice: None,
        }
    }
}

const GUIDE: &str = "A session holds setups: a board, a fleet and where its ships are. Pick the setup at the top; \
Add preset adds a shipped setup (classic 10×10, the Russian fleet, the 2008 hexagonal halves, the CSP sample), \
Replace by preset swaps the current one (Ctrl+Z brings it back), Duplicate keeps a copy.

Board: resize a square board or start a hexagon. Tools: Place ships (P), Islands (I: click or drag), \
Cells (C, hex boards: add cells at the faint frontier or remove cells). Ships that no longer fit after an edit \
are removed and named above the board; Ctrl+Z brings them back.

Fleet: rename a piece (click its name), reorder, remove, redraw its shape or add a piece on a small grid. \
Allow mirror images adds reflected orientations.

Rules: whether ships may touch. Placement, Random fleet and every room follow them (a room may override them \
for one computation and says so).

Ships: pick a ship in the list; a ghost follows the pointer (green: fits, red: why not, e.g. it touches \
another ship where ships may not touch). R or right-click \
rotates, M mirrors, a click places it and the next unplaced ship is picked up. Press on a placed ship and drag \
to move it; Delete removes the selected ship; Esc puts the ship in hand down. Random fleet places every ship \
with the shown seed, uniformly over every deployment the rules allow. Square boards show the X-ray (row and column sums) on the edges.";

impl Room for BoardsRoom {
    fn id(&self) -> &'static str {
        ID
    }
    fn title(&self) -> &'static str {
        "Boards"
    }
    fn tooltip(&self) -> &'static str {
        "Edit boards and fleets, place ships"
    }
    fn guide(&self) -> &'static str {
        GUIDE
    }
    fn shortcuts(&self) -> &'static [Shortcut] {
        &SHORTCUTS
    }
    fn reset(&mut self) {
        *self = BoardsRoom::default();
    }

    fn menu_title(&self) -> Option<&'static str> {
        Some("Tools")
    }

    fn menu(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        let hex = ctx.doc.session.setup().board.lattice() == Lattice::Hex;
        for (tool, s, enabled) in [
            (Tool::Place, PLACE_TOOL, true),
            (Tool::Islands, ISLANDS_TOOL, true),
            (Tool::Cells, CELLS_TOOL, hex),
        ] {
            if ui
                .add_enabled(enabled, s.button(ui).selected(self.tool == tool))
                .clicked()
            {
                self.tool = tool;
                ui.close();
            }
        }
    }

    fn ui(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        // Keep the size fields in step with the board after undo or a preset.
        let dims = ctx.doc.session.setup().board.dims();
        if dims != self.seen_dims {
            if let Some((r, c)) = dims {
                (self.rows, self.cols) = (r, c);
            }
            self.seen_dims = dims;
        }
        if self
            .notice
            .as_ref()
            .is_some_and(|n| n.revision != ctx.doc.revision && self.stroke.is_none())
        {
            self.notice = None;
        }
        egui::Panel::left("boards_side")
            .resizable(true)
            .default_size(side_panel_default(ui))
            .size_range(side_panel_range(ui))
            .show(ui, |ui| {
                side_panel_scroll(ui, |ui| self.side_panel(ui, ctx));
            });
        egui::CentralPanel::default().show(ui, |ui| self.board_area(ui, ctx));
    }
}

impl BoardsRoom {
    /// The layout of the board as last drawn (tests find cells with it).
    pub fn board_layout(&self) -> Option<crate::ui::widgets::layout::CellLayout> {
        self.view.last_layout
    }

    /// The piece in hand, if any.
    pub fn selected_piece(&self) -> Option<usize> {
        self.place.selected
    }

    /// The removed-ships message, while it applies.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_ref().map(|n| n.text.as_str())
    }

    /// Says which ships an edit removed; `doc` is after the edit.
    fn removed(&mut self, doc: &Document, names: Vec<String>) {
        if names.is_empty() {
            return;
        }
        let mut all: Vec<String> = match self.notice.take() {
            // Within one stroke the names add up.
            Some(n) if self.stroke.is_some() => n
                .text
                .trim_start_matches("Removed ")
                .split(" (")
                .next()
                .unwrap_or("")
                .split(", ")
                .map(String::from)
                .collect(),
            _ => Vec::new(),
        };
        for n in names {
            if !all.contains(&n) {
                all.push(n);
            }
        }
        self.notice = Some(Notice {
            text: format!("Removed {} (no longer fit; Ctrl+Z brings them back)", all.join(", ")),
            revision: doc.revision,
        });
    }

    /// Setup first, then what a person does most (placing ships, the rules), then
    /// the editors: at 1280×800 the ship list and Random fleet need no scrolling.
    fn side_panel(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        ui.heading("Setup");
        self.setup_controls(ui, ctx);
        ui.separator();
        ui.heading("Ships");
        self.ship_list(ui, ctx);
        ui.separator();
        ui.heading("Rules");
        if let Some(line) = rules_editor::rules_editor(ui, ctx.doc) {
            ctx.status(line);
        }
        ui.separator();
        egui::CollapsingHeader::new(egui::RichText::new("Board").heading())
            .default_open(true)
            .show(ui, |ui| self.board_editor(ui, ctx.doc));
        egui::CollapsingHeader::new(egui::RichText::new("Fleet").heading())
            .default_open(true)
            .show(ui, |ui| {
                self.fleet_editor.show(ui, ctx.doc);
                let removed = std::mem::take(&mut self.fleet_editor.removed);
                self.removed(ctx.doc, removed);
            });
    }

    fn setup_controls(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        let doc = &mut *ctx.doc;
        if setup_picker(ui, "boards_setup", doc) {
            self.place = PlaceTool::default();
            self.view.reset();
        }
        ui.horizontal_wrapped(|ui| {
            ui.menu_button("Add preset", |ui| {
                for (_key, setup) in presets::all() {
                    if ui.button(&setup.name).on_hover_text(&setup.description).clicked() {
                        doc.edit(|s| {
                            s.active = s.add_setup(setup.clone());
                        });
                        self.place = PlaceTool::default();
                        self.view.reset();
                    }
                }
            })
            .response
            .on_hover_text("Add a shipped setup to the session and show it");
            ui.menu_button("Replace by preset", |ui| {
                for (_key, setup) in presets::all() {
                    if ui.button(&setup.name).on_hover_text(&setup.description).clicked() {
                        doc.edit(|s| {
                            let mut setup = setup.clone();
                            setup.name = s.unique_name(&setup.name, Some(s.active));
                            *s.setup_mut() = setup;
                        });
                        self.place = PlaceTool::default();
                        self.view.reset();
                    }
                }
            })
            .response
            .on_hover_text("Replace this setup by a shipped one (Ctrl+Z brings it back)");
            if ui
                .button("Duplicate")
                .on_hover_text("Add a copy of this setup to the session")
                .clicked()
            {
                doc.edit(|s| {
                    let mut copy = s.setup().clone();
                    copy.name = format!("{} (copy)", copy.name);
                    s.active = s.add_setup(copy);
                });
            }
            let can_delete = doc.session.setups.len() > 1;
            if ui
                .add_enabled(can_delete, egui::Button::new("Delete"))
                .on_hover_text("Remove this setup from the session (Ctrl+Z brings it back)")
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
        let lattice = doc.session.setup().board.lattice();
        let square = doc.session.setup().board.dims().is_some();
        ui.label(crate::textview::describe_board(doc.session.setup()));
        ui.horizontal(|ui| {
            ui.add(egui::DragValue::new(&mut self.rows).range(1..=64).prefix("rows "));
            ui.add(egui::DragValue::new(&mut self.cols).range(1..=64).prefix("cols "));
            let label = if square { "Resize" } else { "New square board" };
            if ui
                .button(label)
                .on_hover_text("Square board of this size; ships that no longer fit are removed")
                .clicked()
            {
                let (rows, cols) = (self.rows, self.cols);
                let mut removed = Vec::new();
                doc.edit(|s| {
                    let setup = s.setup_mut();
                    let mut b = setup.board.clone();
                    if b.dims().is_some() {
                        b.resize(rows, cols);
                    } else {
                        b = Board::square(&format!("{rows}×{cols}"), rows, cols);
                    }
                    removed = setup.set_board(b);
                    let unique = s.unique_name(&s.setup().name, Some(s.active));
                    s.setup_mut().name = unique;
                });
                self.removed(doc, removed);
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
                let mut removed = Vec::new();
                doc.edit(|s| {
                    removed = s.setup_mut().set_board(Board::hexagon(&format!("hexagon r{r}"), r));
                    let unique = s.unique_name(&s.setup().name, Some(s.active));
                    s.setup_mut().name = unique;
                });
                self.removed(doc, removed);
            }
        });
        ui.horizontal(|ui| {
            ui.label("Tool:");
            ui.selectable_value(&mut self.tool, Tool::Place, "Place ships")
                .on_hover_text("P: place and move ships");
            ui.selectable_value(&mut self.tool, Tool::Islands, "Islands")
                .on_hover_text("I: click or drag to toggle islands");
            if lattice == Lattice::Hex {
                ui.selectable_value(&mut self.tool, Tool::Cells, "Cells")
                    .on_hover_text("C: click or drag to add/remove hex cells");
            }
        });
        let mut show_xray = doc.session.boards.show_xray;
        if square
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

    fn ship_list(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        let doc = &mut *ctx.doc;
        ui.label("Pick a ship, click the board to place it. R or right-click rotates, M mirrors; drag a ship to move it, Delete removes it.");
        let mut pick = None;
        {
            let setup = doc.session.setup();
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
                // One line each, however long the name: "placed" never rewraps
                // the list and moves the buttons below it under the pointer.
                let row = egui::Button::selectable(
                    selected,
                    egui::RichText::new(text.clone()).color(palette::ship_color(&setup.fleet, i)),
                )
                .truncate();
                if ui
                    .add(row)
                    .on_hover_text(format!("{text}: pick it up, a click on the board places it"))
                    .clicked()
                {
                    pick = Some(i);
                }
            }
        }
        if let Some(i) = pick {
            self.place.select(doc.session.setup(), i);
            self.tool = Tool::Place;
        }
        let mut status = None;
        ui.horizontal(|ui| {
            let seed = doc.session.boards.random_seed;
            if ui
                .button("Random fleet")
                .on_hover_text("Place every ship at random with this seed")
                .clicked()
            {
                status = Some(self.random_fleet(doc, seed));
            }
            let mut typed = seed;
            if ui.add(egui::DragValue::new(&mut typed).prefix("seed ")).changed() {
                doc.edit(|s| s.boards.random_seed = typed);
            }
            if ui
                .small_button("Next seed")
                .on_hover_text("Increase the seed and place again")
                .clicked()
            {
                status = Some(self.random_fleet(doc, seed.wrapping_add(1)));
            }
        });
        if ui.button("Clear ships").clicked() {
            doc.edit(|s| s.setup_mut().deployment.ships.clear());
            self.place = PlaceTool::default();
        }
        if let Some(status) = status {
            ctx.status(status);
        }
    }

    /// Places every ship at random with `seed` under the setup's rules (and keeps
    /// the seed); returns the status line.
    fn random_fleet(&mut self, doc: &mut Document, seed: u64) -> String {
        let setup = doc.session.setup();
        let rule = setup.rules.touch;
        match random_deployment(&setup.board, &setup.fleet, rule, seed) {
            Ok(draw) => {
                doc.edit(|s| {
                    s.boards.random_seed = seed;
                    s.setup_mut().deployment = draw.deployment;
                });
                self.place = PlaceTool::default();
                if draw.uniform {
                    format!(
                        "Random fleet with seed {seed}: uniform over every deployment where {}",
                        rule.describe()
                    )
                } else {
                    format!(
                        "Random fleet with seed {seed} ({}): {}",
                        rule.describe(),
                        crate::textview::not_uniform_note(draw.tries)
                    )
                }
            }
            Err(e) => e.to_string(),
        }
    }
}
