//! The main window: menu bar with the room tabs, status bar, the open room,
//! and the one place where rooms' commands and file events are applied.

use super::document::Document;
use super::help::{Help, HelpPage};
use super::room::{Command, FileAction, Room, RoomCtx, downcast, downcast_mut};
use super::rooms;
use super::shortcuts;
use super::workflow::{FileEvent, Workflow, default_session};
use crate::session::{RecentFiles, RecoveryStore};
use egui::Ui;
use std::path::PathBuf;
use std::time::Duration;

pub struct App {
    pub doc: Document,
    rooms: Vec<Box<dyn Room>>,
    current: usize,
    pub workflow: Workflow,
    /// One-line message in the status bar, and when it was set (it fades after a while).
    pub status: String,
    status_since: crate::run::Instant,
    /// The document's revision when the status was set: an edit since (an
    /// undo among them) makes it old news.
    status_revision: u64,
    commands: Vec<Command>,
    help: Help,
    /// Setup (1-based) and room to show once the session given at start has loaded.
    startup: Option<(Option<usize>, Option<String>)>,
    title_sent: String,
}

impl App {
    /// A new app with the classic preset; `recovery` is where unsaved work is
    /// kept, `recent` where the recent files list is (`None` in tests). A
    /// recovery copy left by an earlier run is offered, else the last session.
    pub fn new(recovery: Option<RecoveryStore>, recent: Option<RecentFiles>) -> App {
        App {
            doc: Document::new(default_session(), None),
            rooms: rooms::all(),
            current: 0,
            workflow: Workflow::new(recovery, recent),
            status: String::new(),
            status_since: crate::run::Instant::now(),
            status_revision: 0,
            commands: Vec::new(),
            help: Help::default(),
            startup: None,
            title_sent: String::new(),
        }
    }

    /// Takes over the recent list earlier versions kept in eframe's storage
    /// (written only on a clean quit, with paths as typed) when there is no
    /// list of our own yet: the files found from here, made absolute.
    pub fn load_prefs(&mut self, storage: &dyn eframe::Storage) {
        if self.workflow.recent.is_empty()
            && let Some(old) = eframe::get_value::<Vec<PathBuf>>(storage, "recent_files")
        {
            let found = old
                .iter()
                .filter(|p| p.is_file())
                .map(|p| crate::session::absolute_path(p));
            self.workflow.adopt_recent(found.collect());
        }
    }

    /// What the command line asked for: open `path` (in the background), then
    /// show its setup `setup` (1-based) in room `room` (over the saved room).
    pub fn start_with(&mut self, open: Option<PathBuf>, setup: Option<usize>, room: Option<String>) {
        if let Some(r) = &room {
            self.open_room(r);
        }
        if let Some(path) = open {
            // A file named on the command line is what the user wants now.
            self.workflow.files.reopen_offer = None;
            self.startup = Some((setup, room));
            self.send(Command::File(FileAction::OpenPath(path)));
        }
    }

    /// Queues a command as a room would (applied in the next frame).
    pub fn send(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// The ids of the rooms, in tab order.
    pub fn room_ids(&self) -> Vec<&'static str> {
        self.rooms.iter().map(|r| r.id()).collect()
    }

    /// Opens a room by id; false if there is none.
    pub fn open_room(&mut self, id: &str) -> bool {
        match self.rooms.iter().position(|r| r.id() == id) {
            Some(i) => {
                self.current = i;
                true
            }
            None => false,
        }
    }

    /// The ids of a room's tabs (empty for a room without tabs or an unknown id).
    pub fn room_tabs(&self, id: &str) -> &'static [&'static str] {
        self.rooms.iter().find(|r| r.id() == id).map_or(&[], |r| r.tabs())
    }

    /// Opens a room and one of its tabs, as clicking them would; false for an unknown room.
    pub fn open_tab(&mut self, id: &str, tab: &str) -> bool {
        let found = self.open_room(id);
        if found {
            self.rooms[self.current].set_tab(tab);
        }
        found
    }

    /// The id of the open room.
    pub fn current_room(&self) -> &'static str {
        self.rooms[self.current].id()
    }

    /// The room of type `R` (every room type is in the list exactly once).
    pub fn room<R: Room>(&self) -> &R {
        self.rooms
            .iter()
            .find_map(|r| downcast::<R>(r.as_ref()))
            .expect("every room type is in rooms::all")
    }

    pub fn room_mut<R: Room>(&mut self) -> &mut R {
        self.rooms
            .iter_mut()
            .find_map(|r| downcast_mut::<R>(r.as_mut()))
            .expect("every room type is in rooms::all")
    }

    /// Some room or file operation is working in the background.
    pub fn busy(&self) -> bool {
        self.rooms.iter().any(|r| r.busy()) || self.workflow.busy()
    }

    /// Draws the whole app into `ui` (the eframe entry point and the UI tests call this).
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.apply_commands(&ctx);
        // The prompts first: while one is up, no shortcut acts in this frame.
        let events = self.workflow.frame(&mut self.doc, &ctx);
        self.apply_file_events(events);
        self.global_shortcuts(ui);
        self.expire_status(&ctx);
        egui::Panel::top("menu_bar").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status_bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(&self.status);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.label(self.doc.title().trim_end_matches(" — Fleetscope"));
                });
            });
        });
        {
            let room = &mut self.rooms[self.current];
            let mut rctx = RoomCtx::new(&mut self.doc, &mut self.commands);
            room.ui(ui, &mut rctx);
        }
        self.apply_commands(&ctx);
        self.remember_view();
        self.help.window(&ctx, &self.rooms);
        self.close_requests(&ctx);
        if self.rooms.iter().any(|r| r.busy()) {
            ctx.request_repaint_after(crate::jobs::PROGRESS_EVERY);
        }
        let title = self.doc.title();
        if title != self.title_sent {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title_sent = title;
        }
    }

    fn global_shortcuts(&mut self, ui: &Ui) {
        use shortcuts::*;
        // Most specific first: Ctrl+Shift+S before Ctrl+S, Ctrl+Shift+Z before Ctrl+Z.
        if SAVE_AS.pressed(ui) {
            self.send(Command::File(FileAction::SaveAs));
        } else if SAVE.pressed(ui) {
            self.send(Command::File(FileAction::Save));
        }
        if OPEN.pressed(ui) {
            self.send(Command::File(FileAction::Open));
        }
        if NEW.pressed(ui) {
            self.send(Command::File(FileAction::New));
        }
        if QUIT.pressed(ui) {
            self.send(Command::File(FileAction::Quit));
        }
        if REDO.pressed(ui) {
            self.doc.redo();
        } else if UNDO.pressed(ui) && !self.rooms[self.current].own_undo(ui) {
            self.doc.undo();
        }
        if HELP.pressed(ui) {
            self.send(Command::ShowHelp);
        }
    }

    fn set_status(&mut self, text: String) {
        self.status = crate::quote::sentence(&text);
        self.status_since = crate::run::Instant::now();
        self.status_revision = self.doc.revision;
    }

    /// A status line is news for a while, then it goes; it goes at once when
    /// the session is edited after it (so it never describes something that
    /// has changed since: "Repair applied" after an undo).
    fn expire_status(&mut self, ctx: &egui::Context) {
        const SHOWN: Duration = Duration::from_secs(12);
        if self.status.is_empty() {
            return;
        }
        if self.doc.revision != self.status_revision {
            self.status.clear();
            return;
        }
        let age = self.status_since.elapsed();
        if age >= SHOWN {
            self.status.clear();
        } else {
            ctx.request_repaint_after(SHOWN - age);
        }
    }

    /// Applies what the rooms asked for this frame.
    fn apply_commands(&mut self, ctx: &egui::Context) {
        let mut events = Vec::new();
        for command in std::mem::take(&mut self.commands) {
            match command {
                Command::Status(s) => self.set_status(s),
                Command::SwitchRoom(id) => {
                    self.open_room(id);
                }
                Command::SwitchRoomTab(id, tab) => {
                    self.open_tab(id, tab);
                }
                Command::AddSetup(setup) => {
                    let setup = *setup;
                    let mut name = String::new();
                    self.doc.edit(|s| {
                        let i = s.add_setup(setup);
                        name = s.setups[i].name.clone();
                    });
                    self.set_status(format!("Added setup '{name}' (see Boards)"));
                }
                Command::Deliver(id, message) => {
                    if self.open_room(id) {
                        let mut rctx = RoomCtx::new(&mut self.doc, &mut self.commands);
                        self.rooms[self.current].receive(message, &mut rctx);
                    }
                }
                Command::File(action) => self.workflow.request(action, &mut self.doc, ctx, &mut events),
                Command::ShowHelp => self.help.show_page(HelpPage::Guide, self.current),
            }
        }
        self.apply_file_events(events);
    }

    fn apply_file_events(&mut self, events: Vec<FileEvent>) {
        for e in events {
            match e {
                FileEvent::Status(s) => self.set_status(s),
                FileEvent::Replaced => self.after_replace(),
            }
        }
    }

    /// A new document: rooms start over on it, in the room and tabs it was saved with.
    fn after_replace(&mut self) {
        for r in &mut self.rooms {
            r.reset();
        }
        let view = self.doc.session.view.clone();
        for r in &mut self.rooms {
            if let Some(tab) = view.tabs.get(r.id()) {
                r.set_tab(tab);
            }
        }
        if !view.room.is_empty() {
            self.open_room(&view.room);
        }
        if let Some((setup, room)) = self.startup.take() {
            if let Some(n) = setup {
                let n = n.clamp(1, self.doc.session.setups.len()) - 1;
                self.doc.set_view(|s| s.active = n);
            }
            if let Some(r) = room {
                self.open_room(&r);
            }
        }
    }

    /// Keeps the open room and tab in the session (not an unsaved change).
    fn remember_view(&mut self) {
        let room = &self.rooms[self.current];
        let (id, tab) = (room.id(), room.tab());
        let view = &self.doc.session.view;
        let tab_changed = tab.is_some_and(|t| view.tabs.get(id).map(String::as_str) != Some(t));
        if view.room != id || tab_changed {
            self.doc.set_view(|s| {
                s.view.room = id.to_string();
                if let Some(t) = tab {
                    s.view.tabs.insert(id.to_string(), t.to_string());
                }
            });
        }
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        use shortcuts::*;
        let file = |a: FileAction| Command::File(a);
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.add(NEW.button(ui)).clicked() {
                    self.commands.push(file(FileAction::New));
                }
                if ui.add(OPEN.button(ui)).clicked() {
                    self.commands.push(file(FileAction::Open));
                }
                if ui
                    .button("Open path…")
                    .on_hover_text("Type the path of a session file")
                    .clicked()
                {
                    self.commands.push(file(FileAction::OpenTyped));
                }
                ui.menu_button("Open recent", |ui| {
                    if self.workflow.recent.is_empty() {
                        ui.label("(none yet)");
                    }
                    for p in self.workflow.recent.clone() {
                        if ui.button(p.display().to_string()).clicked() {
                            self.commands.push(file(FileAction::OpenPath(p)));
                        }
                    }
                });
                ui.separator();
                if ui.add(SAVE.button(ui)).clicked() {
                    self.commands.push(file(FileAction::Save));
                }
                if ui.add(SAVE_AS.button(ui)).clicked() {
                    self.commands.push(file(FileAction::SaveAs));
                }
                if ui
                    .button("Save to path…")
                    .on_hover_text("Type the path to save to")
                    .clicked()
                {
                    let current = self.doc.file.clone();
                    self.workflow
                        .files
                        .prompt_path(super::DialogKind::Save, "", current.as_deref());
                }
                ui.separator();
                if ui.add(QUIT.button(ui)).clicked() {
                    self.commands.push(file(FileAction::Quit));
                }
            });
            ui.menu_button("Edit", |ui| {
                if ui.add_enabled(self.doc.can_undo(), UNDO.button(ui)).clicked() {
                    self.doc.undo();
                }
                if ui.add_enabled(self.doc.can_redo(), REDO.button(ui)).clicked() {
                    self.doc.redo();
                }
            });
            ui.menu_button("Help", |ui| {
                if ui.add(HELP.button(ui)).clicked() {
                    self.help.show_page(HelpPage::Guide, self.current);
                }
                if ui.button("Keyboard shortcuts").clicked() {
                    self.help.show_page(HelpPage::Shortcuts, self.current);
                }
                if ui.button("About Fleetscope").clicked() {
                    self.help.show_page(HelpPage::About, self.current);
                }
            });
            ui.separator();
            for (i, r) in self.rooms.iter().enumerate() {
                if ui
                    .selectable_label(self.current == i, r.title())
                    .on_hover_text(r.tooltip())
                    .clicked()
                {
                    self.current = i;
                }
            }
            // The open room's own menu comes after the tabs, so the tabs never move.
            let room = &mut self.rooms[self.current];
            if let Some(title) = room.menu_title() {
                ui.separator();
                ui.menu_button(title, |ui| {
                    let mut rctx = RoomCtx::new(&mut self.doc, &mut self.commands);
                    room.menu(ui, &mut rctx);
                });
            }
        });
    }

    /// Closing the window with unsaved work asks first; a confirmed quit closes it.
    fn close_requests(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested()) && self.doc.dirty && !self.workflow.quitting {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.send(Command::File(FileAction::Quit));
        }
        if self.workflow.quitting {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn on_exit(&mut self) {
        self.workflow.on_exit(&self.doc);
    }
}
