//! Prompts: the small windows that ask something before the work goes on
//! (unsaved changes, restoring a recovery copy, a typed path, a problem, the
//! session to reopen). Every one is an egui modal, so they all look and behave
//! the same: centred, the window behind dimmed and out of reach of the pointer,
//! and no shortcut acting while one is up ([`super::shortcuts::keyboard_free`]
//! asks [`is_up`]).

use egui::text::{CCursor, CCursorRange};
use egui::{Context, Id, Response, Ui};

/// Where the pass number of the last pass that showed a prompt is kept.
fn shown_id() -> Id {
    Id::unique("fleetscope_prompt_shown")
}

/// Shows the prompt `title` for this frame; returns what `add_contents` returned.
pub fn show<R>(ctx: &Context, title: &str, add_contents: impl FnOnce(&mut Ui) -> R) -> R {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| d.insert_temp(shown_id(), pass));
    egui::Modal::new(Id::unique(("prompt", title)))
        .show(ctx, |ui| {
            ui.set_max_width(460.0);
            ui.heading(title);
            ui.add_space(4.0);
            add_contents(ui)
        })
        .inner
}

/// Is a prompt up? True from the pass that first shows it (prompts are drawn
/// before the rooms read their keys) and while any modal was on top in the
/// last pass (a modal a room shows after reading its keys).
pub fn is_up(ctx: &Context) -> bool {
    let pass = ctx.cumulative_pass_nr();
    let shown_now = ctx.data(|d| d.get_temp::<u64>(shown_id())) == Some(pass);
    shown_now || ctx.memory(|m| m.top_modal_layer().is_some())
}

/// A one-line text field that takes the keyboard with the proposed file
/// name selected when `take_focus` is set (the pass its prompt opens), so
/// typing replaces the name and keeps its folder; `take_focus` is cleared.
pub fn text_field(ui: &mut Ui, text: &mut String, hint: &str, take_focus: &mut bool) -> Response {
    let mut out = egui::TextEdit::singleline(text)
        .desired_width(420.0)
        .hint_text(hint)
        .show(ui);
    if std::mem::take(take_focus) {
        out.response.request_focus();
        out.state.cursor.set_char_range(Some(name_selected(text)));
        out.state.store(ui.ctx(), out.response.id);
    }
    out.response.response
}

/// The proposed path's file name selected and its folder kept, so a typed
/// name replaces the name only (a path ending in a separator, a folder, gets
/// the cursor at its end): with the whole path selected, typing a name
/// dropped the folder shown and the file was looked for in the working folder.
fn name_selected(text: &str) -> CCursorRange {
    let start = text
        .rfind(['/', std::path::MAIN_SEPARATOR])
        .map_or(0, |i| text[..=i].chars().count());
    CCursorRange::two(CCursor::new(start), CCursor::end_of_str(text))
}

/// Enter in a prompt's text field: it loses focus with Enter pressed.
pub fn entered(ui: &Ui, field: &Response) -> bool {
    field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
}

/// Escape in a prompt: its harmless answer (Cancel, Keep editing, Start fresh).
pub fn escaped(ui: &Ui) -> bool {
    ui.input(|i| i.key_pressed(egui::Key::Escape))
}
