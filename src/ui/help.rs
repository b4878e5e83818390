//! The Help window: a short guide per room, every keyboard shortcut, and About.

use super::room::Room;
use super::shortcuts::{APP, Shortcut};
use egui::{Context, Ui};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HelpPage {
    #[default]
    Guide,
    Shortcuts,
    About,
}

#[derive(Default)]
pub struct Help {
    pub open: bool,
    pub page: HelpPage,
    /// The room whose guide is shown.
    pub room: usize,
}

impl Help {
    pub fn show_page(&mut self, page: HelpPage, room: usize) {
        self.open = true;
        self.page = page;
        self.room = room;
    }

    pub fn window(&mut self, ctx: &Context, rooms: &[Box<dyn Room>]) {
        if !self.open {
            return;
        }
        let mut open = self.open;
        // Open at the right, below the menu bar: the room tabs stay clickable.
        let right = ctx.content_rect().right();
        egui::Window::new("Help")
            .open(&mut open)
            .default_pos(egui::pos2((right - 560.0).max(0.0), 48.0))
            .default_width(520.0)
            .default_height(420.0)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut self.page, HelpPage::Guide, "Guide");
                    ui.selectable_value(&mut self.page, HelpPage::Shortcuts, "Keyboard shortcuts");
                    ui.selectable_value(&mut self.page, HelpPage::About, "About");
                });
                ui.separator();
                egui::ScrollArea::vertical().show(ui, |ui| match self.page {
                    HelpPage::Guide => self.guide(ui, rooms),
                    HelpPage::Shortcuts => shortcuts(ui, rooms),
                    HelpPage::About => about(ui),
                });
            });
        self.open = open;
    }

    fn guide(&mut self, ui: &mut Ui, rooms: &[Box<dyn Room>]) {
        ui.horizontal_wrapped(|ui| {
            for (i, r) in rooms.iter().enumerate() {
                ui.selectable_value(&mut self.room, i, r.title());
            }
        });
        if let Some(room) = rooms.get(self.room) {
            ui.heading(room.title());
            for paragraph in room.guide().split("\n\n") {
                ui.label(paragraph.trim());
                ui.add_space(4.0);
            }
        }
    }
}

/// Every shortcut in one grid (so the columns line up), a heading row per room.
fn shortcuts(ui: &mut Ui, rooms: &[Box<dyn Room>]) {
    egui::Grid::new("keys").striped(true).num_columns(2).show(ui, |ui| {
        let section = |ui: &mut Ui, title: &str, list: &[Shortcut]| {
            ui.strong(title);
            ui.end_row();
            for s in list {
                ui.monospace(s.text(ui.ctx()));
                ui.label(s.label);
                ui.end_row();
            }
        };
        section(ui, "Everywhere", &APP);
        for r in rooms {
            if !r.shortcuts().is_empty() {
                section(ui, r.title(), r.shortcuts());
            }
        }
    });
    ui.add_space(6.0);
    ui.label(
        "Keys act only when the keyboard is free: never while a prompt is up (it answers Enter and Esc \
         itself), and while a text field has the keyboard only Ctrl+N, Ctrl+O, Ctrl+S, Ctrl+Shift+S and \
         Ctrl+Q do (the field keeps its letters and its own Ctrl+Z). After a click inside a window (a \
         dialog, a shape editor) the room's own keys wait until you click back in the room or the window \
         closes; keys with Ctrl, and F1, still act.",
    );
    ui.label("On boards: the mouse wheel zooms, a middle-button drag pans. Rooms without keys of their own use the buttons and menus.");
}

fn about(ui: &mut Ui) {
    ui.heading("Fleetscope");
    ui.label(format!("Version {}", crate::VERSION));
    ui.label("A lab for Battleship-style fleets on square and hexagonal boards, and for the grid puzzles of the QUBO papers.");
    ui.label(
        "Boards: edit boards, fleets and their rules; place ships. Counter: count every deployment exactly, hunt \
         and fairness maps. Tomography: X-rays, Ryser interchanges, fleets sharing an X-ray. Solver: QUBO models \
         sampled by simulated annealing and tabu search, judged exactly, exported for D-Wave's tools. Puzzles: \
         Queens, Star Battle, Tents, chess pieces, Takuzu, Binairo, Tango, Rullo and Battleship puzzles, each with \
         an editor, an exact solver and its QUBO.",
    );
}
