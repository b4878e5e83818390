//! The room framework: what every room of the app is, and how a room asks the
//! app for things it does not own (the status line, another room, files).
//!
//! A room draws itself in [`Room::ui`] and changes the session only through
//! [`RoomCtx::doc`] (so undo covers it). Everything else is a [`Command`] sent
//! with [`RoomCtx::send`]; the app applies the commands once per frame, after
//! the room has drawn. Adding a room is a folder under `rooms/` and one line in
//! [`super::rooms::all`].

use super::document::Document;
use super::shortcuts::Shortcut;
use crate::geometry::BinaryMatrix;
use crate::jobs::Repaint;
use crate::session::Setup;
use egui::Ui;
use std::any::Any;
use std::path::PathBuf;
use std::sync::Arc;

/// One room of the app.
pub trait Room: Any {
    /// Stable id, used in session files and by `--room`.
    fn id(&self) -> &'static str;
    /// The name on the room's tab.
    fn title(&self) -> &'static str;
    /// One line about the room, shown when hovering its tab.
    fn tooltip(&self) -> &'static str;
    /// Draws the room (side panel and central area) for one frame.
    fn ui(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>);
    /// Background work is running (the app keeps repainting).
    fn busy(&self) -> bool {
        false
    }
    /// Ctrl+Z for the room's own marks (Try mode in Puzzles) rather than the
    /// session: true when the room took it back.
    fn own_undo(&mut self, _ui: &Ui) -> bool {
        false
    }
    /// Forgets everything derived from the session (after New or Open).
    fn reset(&mut self);
    /// The open tab inside the room, saved in the session.
    fn tab(&self) -> Option<&'static str> {
        None
    }
    /// Opens a tab by the id [`Room::tab`] returned (unknown ids are ignored).
    fn set_tab(&mut self, _tab: &str) {}
    /// The ids of every tab, in order (the all-rooms test visits each).
    fn tabs(&self) -> &'static [&'static str] {
        &[]
    }
    /// A message from another room (see [`RoomMessage`]).
    fn receive(&mut self, _message: RoomMessage, _ctx: &mut RoomCtx<'_>) {}
    /// The title of the room's own menu in the menu bar (shown while the room
    /// is open), or `None` for no menu.
    fn menu_title(&self) -> Option<&'static str> {
        None
    }
    /// The items of the room's own menu.
    fn menu(&mut self, _ui: &mut Ui, _ctx: &mut RoomCtx<'_>) {}
    /// A short guide for the Help window (a few paragraphs, plain text).
    fn guide(&self) -> &'static str;
    /// The room's keyboard shortcuts, for menus and Help.
    fn shortcuts(&self) -> &'static [Shortcut] {
        &[]
    }
}

/// Something one room hands to another.
#[derive(Clone, Debug, PartialEq)]
pub enum RoomMessage {
    /// Study this matrix (Tomography opens it in the Matrix tab).
    Explore(BinaryMatrix),
    /// Study this fleet (a setup holding it as placed): Tomography explores it
    /// as a fleet, on the open setup when that has the same board and fleet,
    /// else as a new setup.
    ExploreFleet(Box<Setup>),
    /// Show this answer (and the rules it breaks) on the open puzzle; the text
    /// says where it came from.
    PuzzleAnswer(BinaryMatrix, String),
}

/// What the app does with the open session's file.
#[derive(Clone, Debug, PartialEq)]
pub enum FileAction {
    New,
    Open,
    /// Open a session from a typed path (the window asks for it after the guard).
    OpenTyped,
    OpenPath(PathBuf),
    Save,
    SaveAs,
    SaveTo(PathBuf),
    Quit,
}

/// A request from a room to the app.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Show this line in the status bar.
    Status(String),
    /// Open another room.
    SwitchRoom(&'static str),
    /// Open another room on one of its tabs (where the work handed to it shows).
    SwitchRoomTab(&'static str, &'static str),
    /// Add a setup to the session (one undo step) and say so.
    AddSetup(Box<Setup>),
    /// Open a room and hand it a message.
    Deliver(&'static str, RoomMessage),
    /// A file action (guarded: unsaved work is never dropped silently).
    File(FileAction),
    /// Open the Help window on the current room's guide.
    ShowHelp,
}

/// What a room gets each frame: the document and the command queue.
pub struct RoomCtx<'a> {
    pub doc: &'a mut Document,
    commands: &'a mut Vec<Command>,
}

impl<'a> RoomCtx<'a> {
    pub fn new(doc: &'a mut Document, commands: &'a mut Vec<Command>) -> RoomCtx<'a> {
        RoomCtx { doc, commands }
    }

    pub fn send(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// Shorthand for `send(Command::Status(..))`.
    pub fn status(&mut self, text: impl Into<String>) {
        self.send(Command::Status(text.into()));
    }
}

/// A repaint callback for jobs started from this frame's context.
pub fn repaint(ui: &Ui) -> Repaint {
    let ctx = ui.ctx().clone();
    Arc::new(move || ctx.request_repaint())
}

/// Downcasts a room to its concrete type (tests and the app's accessors).
pub fn downcast<R: Room>(room: &dyn Room) -> Option<&R> {
    (room as &dyn Any).downcast_ref::<R>()
}

/// Mutable [`downcast`].
pub fn downcast_mut<R: Room>(room: &mut dyn Room) -> Option<&mut R> {
    (room as &mut dyn Any).downcast_mut::<R>()
}

/// One room on a session without the rest of the app: the harness of the
/// room tests. Status lines and added setups are applied as the app would;
/// every command stays in `commands` for the test to read.
pub struct RoomHost<R: Room> {
    pub doc: Document,
    pub room: R,
    pub commands: Vec<Command>,
    pub status: String,
}

impl<R: Room> RoomHost<R> {
    pub fn new(room: R, session: crate::session::Session) -> RoomHost<R> {
        RoomHost {
            doc: Document::new(session, None),
            room,
            commands: Vec::new(),
            status: String::new(),
        }
    }

    /// Draws the room for one frame and applies what it asked for.
    pub fn show(&mut self, ui: &mut Ui) {
        let before = self.commands.len();
        let mut ctx = RoomCtx::new(&mut self.doc, &mut self.commands);
        self.room.ui(ui, &mut ctx);
        let sent: Vec<Command> = self.commands[before..].to_vec();
        for c in sent {
            match c {
                Command::Status(s) => self.status = crate::quote::sentence(&s),
                Command::AddSetup(setup) => self.doc.edit(|s| {
                    let setup = *setup;
                    s.add_setup(setup);
                }),
                Command::Deliver(id, message) if id == self.room.id() => {
                    let mut ctx = RoomCtx::new(&mut self.doc, &mut self.commands);
                    self.room.receive(message, &mut ctx);
                }
                _ => {}
            }
        }
    }
}
