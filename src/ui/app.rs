//! The main window: menu bar, room tabs, status bar, and the file workflow.

use super::document::Document;
use super::files::{DialogKind, FileUi, Pending};
use super::panels::boards::BoardsRoom;
use super::panels::counter::CounterRoom;
use super::panels::tomography::TomographyRoom;
use crate::presets;
use crate::session::{self, Recovery, RecoveryStore, Session};
use egui::{Key, KeyboardShortcut, Modifiers, Ui};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The rooms of the app (later issues add more).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Room {
    Boards,
    Counter,
    Tomography,
}

const AUTOSAVE_EVERY: Duration = Duration::from_secs(4);
const RECENT_MAX: usize = 8;

pub struct App {
    pub doc: Document,
    pub room: Room,
    pub boards: BoardsRoom,
    pub counter: CounterRoom,
    pub tomography: TomographyRoom,
    pub files: FileUi,
    /// One-line message in the status bar.
    pub status: String,
    recovery: Option<RecoveryStore>,
    autosaved_revision: u64,
    last_autosave: Instant,
    title_sent: String,
    show_about: bool,
}

fn default_session() -> Session {
    let setup = presets::load("classic")
        .and_then(Result::ok)
        .expect("the classic preset is valid (tested)");
    Session::with_setup(setup)
}

fn shortcut(mods: Modifiers, key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(mods, key)
}

impl App {
    /// A new app with the classic preset; `recovery` is where unsaved work is kept
    /// (`None` in tests). A recovery copy left by an earlier run is offered.
    pub fn new(recovery: Option<RecoveryStore>) -> App {
        let mut files = FileUi::default();
        if let Some(store) = &recovery {
            files.recovery_offer = store.read();
        }
        App {
            doc: Document::new(default_session(), None),
            room: Room::Boards,
            boards: BoardsRoom::default(),
            counter: CounterRoom::default(),
            tomography: TomographyRoom::default(),
            files,
            status: String::new(),
            recovery,
            autosaved_revision: 0,
            last_autosave: Instant::now(),
            title_sent: String::new(),
            show_about: false,
        }
    }

    pub fn load_prefs(&mut self, storage: &dyn eframe::Storage) {
        if let Some(recent) = eframe::get_value::<Vec<PathBuf>>(storage, "recent_files") {
            self.files.recent = recent;
        }
    }

    // ---- file workflow -------------------------------------------------

    /// Replaces the session by the file's; on error the open session is untouched.
    pub fn open_path(&mut self, path: &Path) -> bool {
        match session::load(path) {
            Ok(s) => {
                self.doc = Document::new(s, Some(path.to_path_buf()));
                self.after_load();
                self.status = format!("Opened {}", path.display());
                self.remember(path);
                true
            }
            Err(e) => {
                self.files.error = Some(format!("Could not open the session.\n\n{e}"));
                false
            }
        }
    }

    /// Saves to `path` (atomically) and makes it the document's file.
    pub fn save_to(&mut self, path: &Path) -> bool {
        match session::save(path, &self.doc.session) {
            Ok(()) => {
                self.doc.file = Some(path.to_path_buf());
                self.doc.dirty = false;
                if let Some(r) = &self.recovery {
                    r.clear();
                }
                self.status = format!("Saved {}", path.display());
                self.remember(path);
                true
            }
            Err(e) => {
                self.files.error = Some(format!("Could not save the session.\n\n{e}"));
                false
            }
        }
    }

    fn remember(&mut self, path: &Path) {
        let p = path.to_path_buf();
        self.files.recent.retain(|q| q != &p);
        self.files.recent.insert(0, p);
        self.files.recent.truncate(RECENT_MAX);
    }

    fn after_load(&mut self) {
        self.boards = BoardsRoom::default();
        self.counter = CounterRoom::default();
        self.tomography = TomographyRoom::default();
        self.autosaved_revision = self.doc.revision;
    }

    pub fn new_session(&mut self) {
        self.doc = Document::new(default_session(), None);
        self.after_load();
        if let Some(r) = &self.recovery {
            r.clear();
        }
        self.status = "New session".into();
    }

    pub fn save(&mut self) {
        match self.doc.file.clone() {
            Some(p) => {
                self.save_to(&p);
            }
            None => self.files.start_dialog(DialogKind::Save),
        }
    }

    /// Runs an action that would drop unsaved work only after the user agrees.
    fn guarded(&mut self, action: Pending) {
        if self.doc.dirty {
            self.files.confirm = Some(action);
        } else {
            self.run_pending(action);
        }
    }

    fn run_pending(&mut self, action: Pending) {
        match action {
            Pending::New => self.new_session(),
            Pending::Open => self.files.start_dialog(DialogKind::Open),
            Pending::OpenPath(p) => {
                self.open_path(&p);
            }
            Pending::Quit => {
                if let Some(r) = &self.recovery {
                    r.clear();
                }
                self.doc.dirty = false;
                self.files.quitting = true;
            }
        }
    }

    fn autosave(&mut self) {
        let Some(store) = &self.recovery else { return };
        if !self.doc.dirty
            || self.doc.revision == self.autosaved_revision
            || self.last_autosave.elapsed() < AUTOSAVE_EVERY
        {
            return;
        }
        self.last_autosave = Instant::now();
        self.autosaved_revision = self.doc.revision;
        let rec = Recovery {
            session: self.doc.session.clone(),
            file: self.doc.file.clone(),
        };
        if let Err(e) = store.write(&rec) {
            self.status = format!("Autosave failed: {e}");
        }
    }

    // ---- drawing ---------------------------------------------------------

    /// Draws the whole app into `ui` (the eframe entry point and the UI tests call this).
    pub fn show(&mut self, ui: &mut Ui) {
        self.handle_shortcuts(ui);
        self.poll_dialogs();
        egui::Panel::top("menu_bar").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status_bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(&self.status);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.label(self.doc.title().trim_end_matches(" — Fleetscope"));
                });
            });
        });
        match self.room {
            Room::Boards => self.boards.show(ui, &mut self.doc, &mut self.status),
            Room::Counter => self.counter.show(ui, &mut self.doc),
            Room::Tomography => self.tomography.show(ui, &mut self.doc, &mut self.status),
        }
        self.windows(ui);
        self.autosave();
        if self.files.dialog_running() {
            ui.ctx().request_repaint_after(Duration::from_millis(100));
        }
        let title = self.doc.title();
        if title != self.title_sent {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title_sent = title;
        }
    }

    fn handle_shortcuts(&mut self, ui: &mut Ui) {
        let cmd = Modifiers::COMMAND;
        let cmd_shift = Modifiers::COMMAND | Modifiers::SHIFT;
        let (save_as, save, open, new, redo, redo_y, undo) = ui.input_mut(|i| {
            (
                i.consume_shortcut(&shortcut(cmd_shift, Key::S)),
                i.consume_shortcut(&shortcut(cmd, Key::S)),
                i.consume_shortcut(&shortcut(cmd, Key::O)),
                i.consume_shortcut(&shortcut(cmd, Key::N)),
                i.consume_shortcut(&shortcut(cmd_shift, Key::Z)),
                i.consume_shortcut(&shortcut(cmd, Key::Y)),
                i.consume_shortcut(&shortcut(cmd, Key::Z)),
            )
        });
        if save_as {
            self.files.start_dialog(DialogKind::Save);
        } else if save {
            self.save();
        }
        if open {
            self.guarded(Pending::Open);
        }
        if new {
            self.guarded(Pending::New);
        }
        if redo || redo_y {
            self.doc.redo();
        } else if undo {
            self.doc.undo();
        }
    }

    fn poll_dialogs(&mut self) {
        if let Some((kind, path)) = self.files.poll_dialog() {
            match kind {
                DialogKind::Open => {
                    self.open_path(&path);
                }
                DialogKind::Save => {
                    self.save_to(&path);
                }
            }
        }
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.add(egui::Button::new("New").shortcut_text("Ctrl+N")).clicked() {
                    self.guarded(Pending::New);
                }
                if ui.add(egui::Button::new("Open…").shortcut_text("Ctrl+O")).clicked() {
                    self.guarded(Pending::Open);
                }
                if ui
                    .button("Open path…")
                    .on_hover_text("Type the path of a session file")
                    .clicked()
                {
                    self.files.prompt_path(DialogKind::Open, "");
                }
                ui.menu_button("Open recent", |ui| {
                    if self.files.recent.is_empty() {
                        ui.label("(none yet)");
                    }
                    for p in self.files.recent.clone() {
                        if ui.button(p.display().to_string()).clicked() {
                            self.guarded(Pending::OpenPath(p));
                        }
                    }
                });
                ui.separator();
                if ui.add(egui::Button::new("Save").shortcut_text("Ctrl+S")).clicked() {
                    self.save();
                }
                if ui
                    .add(egui::Button::new("Save As…").shortcut_text("Ctrl+Shift+S"))
                    .clicked()
                {
                    self.files.start_dialog(DialogKind::Save);
                }
                if ui
                    .button("Save to path…")
                    .on_hover_text("Type the path to save to")
                    .clicked()
                {
                    self.files.prompt_path(DialogKind::Save, "");
                }
                ui.separator();
                if ui.button("Quit").clicked() {
                    ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                }
            });
            ui.menu_button("Edit", |ui| {
                if ui
                    .add_enabled(self.doc.can_undo(), egui::Button::new("Undo").shortcut_text("Ctrl+Z"))
                    .clicked()
                {
                    self.doc.undo();
                }
                if ui
                    .add_enabled(
                        self.doc.can_redo(),
                        egui::Button::new("Redo").shortcut_text("Ctrl+Shift+Z"),
                    )
                    .clicked()
                {
                    self.doc.redo();
                }
            });
            ui.menu_button("Help", |ui| {
                if ui.button("About Fleetscope").clicked() {
                    self.show_about = true;
                }
            });
            ui.separator();
            ui.selectable_value(&mut self.room, Room::Boards, "Boards")
                .on_hover_text("Edit boards and fleets, place ships");
            ui.selectable_value(&mut self.room, Room::Counter, "Counter")
                .on_hover_text("Count every deployment of the fleet");
            ui.selectable_value(&mut self.room, Room::Tomography, "Tomography")
                .on_hover_text("X-rays, interchanges, subreflections, fleets sharing an X-ray");
        });
    }

    fn windows(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if let Some(action) = self.files.path_prompt_window(&ctx) {
            match action {
                (DialogKind::Open, p) => self.guarded(Pending::OpenPath(p)),
                (DialogKind::Save, p) => {
                    self.save_to(&p);
                }
            }
        }
        if let Some(confirmed) = self.files.confirm_window(&ctx) {
            self.run_pending(confirmed);
        }
        if let Some(recover) = self.files.recovery_window(&ctx) {
            match recover {
                Some(rec) => {
                    self.doc = Document::new(rec.session, rec.file);
                    self.after_load();
                    self.doc.dirty = true;
                    self.status = "Recovered unsaved work".into();
                }
                None => {
                    if let Some(r) = &self.recovery {
                        r.clear();
                    }
                }
            }
        }
        self.files.error_window(&ctx);
        if self.show_about {
            egui::Window::new("About Fleetscope")
                .collapsible(false)
                .open(&mut self.show_about)
                .show(&ctx, |ui| {
                    ui.heading("Fleetscope");
                    ui.label(format!("Version {}", crate::VERSION));
                    ui.label("A lab for Battleship-style fleets on square and hexagonal boards.");
                });
        }
        // Closing the window with unsaved work asks first.
        if ctx.input(|i| i.viewport().close_requested()) && self.doc.dirty && !self.files.quitting {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.files.confirm = Some(Pending::Quit);
        }
        if self.files.quitting {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, "recent_files", &self.files.recent);
    }

    fn on_exit(&mut self) {
        if !self.doc.dirty
            && let Some(r) = &self.recovery
        {
            r.clear();
        }
    }
}
