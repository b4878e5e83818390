//! Keyboard shortcuts, each declared once with the text its menu item and the
//! Help window show. The app's own are here; a room declares its keys in its
//! own module and lists them in [`super::room::Room::shortcuts`].

use egui::{Button, Context, Id, Key, KeyboardShortcut, LayerId, Modifiers, Order, Ui};

/// A key (with an optional second key that does the same) and what it does.
#[derive(Clone, Copy, Debug)]
pub struct Shortcut {
    pub label: &'static str,
    pub keys: KeyboardShortcut,
    pub alt: Option<KeyboardShortcut>,
    /// It acts while a text field has the keyboard too (the file commands:
    /// Ctrl+S saves what is being typed; a field keeps letters and Ctrl+Z).
    pub in_text_fields: bool,
}

/// Whether the keyboard is free for shortcuts: no prompt is up (a prompt
/// answers its own keys) and no widget has the keyboard (a text field being
/// typed in, a number being edited). Every shortcut goes through this gate.
pub fn keyboard_free(ctx: &Context) -> bool {
    !super::prompt::is_up(ctx) && !ctx.egui_wants_keyboard_input()
}

/// Whether the user's last click was inside a window (a dialog, a shape
/// editor) still open: keys typed there are meant for it, not for the room
/// behind it, even where no field takes them. A click in the room's panels
/// ends this, as the window closing does; a click in a popup (a drop-down's
/// list) leaves it as it was.
pub fn in_window(ctx: &Context) -> bool {
    let id = Id::unique("shortcuts_clicked_in");
    let mut window: Option<LayerId> = ctx.data(|d| d.get_temp(id)).flatten();
    let presses: Vec<egui::Pos2> = ctx.input(|i| {
        i.events
            .iter()
            .filter_map(|e| match e {
                egui::Event::PointerButton { pos, pressed: true, .. } => Some(*pos),
                _ => None,
            })
            .collect()
    });
    for pos in presses {
        match ctx.layer_id_at(pos) {
            Some(layer) if layer.order == Order::Middle => window = Some(layer),
            Some(layer) if layer.order != Order::Background => {}
            _ => window = None,
        }
    }
    window = window.filter(|layer| ctx.memory(|m| m.areas().is_visible(layer)));
    ctx.data_mut(|d| d.insert_temp(id, window));
    window.is_some()
}

impl Shortcut {
    pub const fn new(label: &'static str, modifiers: Modifiers, key: Key) -> Shortcut {
        Shortcut {
            label,
            keys: KeyboardShortcut::new(modifiers, key),
            alt: None,
            in_text_fields: false,
        }
    }

    /// A plain key (no modifiers), as the room tools use.
    pub const fn key(label: &'static str, key: Key) -> Shortcut {
        Shortcut::new(label, Modifiers::NONE, key)
    }

    pub const fn or(self, modifiers: Modifiers, key: Key) -> Shortcut {
        Shortcut {
            alt: Some(KeyboardShortcut::new(modifiers, key)),
            ..self
        }
    }

    /// Acts while a text field has the keyboard too (never while a prompt is up).
    pub const fn in_text_fields(self) -> Shortcut {
        Shortcut {
            in_text_fields: true,
            ..self
        }
    }

    /// The keys as the menus show them ("Ctrl+S", "Ctrl+Shift+Z or Ctrl+Y").
    pub fn text(&self, ctx: &Context) -> String {
        let mut s = ctx.format_shortcut(&self.keys);
        if let Some(alt) = &self.alt {
            s = format!("{s} or {}", ctx.format_shortcut(alt));
        }
        s
    }

    /// Was it pressed this frame, with the keyboard free ([`keyboard_free`])
    /// and, for a typed key, no window clicked in ([`in_window`])? Consumes
    /// the key press.
    pub fn pressed(&self, ui: &Ui) -> bool {
        let ctx = ui.ctx();
        // Asked first, every time: each click is seen, whatever the keys.
        let away = in_window(ctx);
        let free = keyboard_free(ctx) || (self.in_text_fields && !super::prompt::is_up(ctx));
        free && !(self.typed() && away)
            && ui.input_mut(|i| i.consume_shortcut(&self.keys) || self.alt.is_some_and(|a| i.consume_shortcut(&a)))
    }

    /// A key a user may type in a window (a letter, Esc, Backspace): it waits
    /// while they work there ([`in_window`]). Ctrl shortcuts and function
    /// keys (F1) act anywhere.
    fn typed(&self) -> bool {
        let name = self.keys.logical_key.name();
        let function_key = name.len() > 1 && name.starts_with('F') && name[1..].bytes().all(|b| b.is_ascii_digit());
        !(self.keys.modifiers.command || self.keys.modifiers.ctrl || function_key)
    }

    /// A menu button with the label and the keys.
    pub fn button(&self, ui: &Ui) -> Button<'static> {
        Button::new(self.label).shortcut_text(self.text(ui.ctx()))
    }
}

const CMD: Modifiers = Modifiers::COMMAND;
const CMD_SHIFT: Modifiers = Modifiers::COMMAND.plus(Modifiers::SHIFT);

pub const NEW: Shortcut = Shortcut::new("New", CMD, Key::N).in_text_fields();
pub const OPEN: Shortcut = Shortcut::new("Open…", CMD, Key::O).in_text_fields();
pub const SAVE: Shortcut = Shortcut::new("Save", CMD, Key::S).in_text_fields();
pub const SAVE_AS: Shortcut = Shortcut::new("Save As…", CMD_SHIFT, Key::S).in_text_fields();
pub const QUIT: Shortcut = Shortcut::new("Quit", CMD, Key::Q).in_text_fields();
pub const UNDO: Shortcut = Shortcut::new("Undo", CMD, Key::Z);
pub const REDO: Shortcut = Shortcut::new("Redo", CMD_SHIFT, Key::Z).or(CMD, Key::Y);
pub const HELP: Shortcut = Shortcut::new("Guide to this room", Modifiers::NONE, Key::F1);

/// The app's shortcuts in menu order (rooms add their own).
pub const APP: [Shortcut; 8] = [NEW, OPEN, SAVE, SAVE_AS, QUIT, UNDO, REDO, HELP];
