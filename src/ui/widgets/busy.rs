//! A quiet "working…" mark for values still being computed. Unlike egui's
//! spinner it does not repaint every frame: on a software renderer a spinner
//! alone keeps a core busy and slows the jobs it waits for.

use egui::{Response, Ui};

pub fn busy(ui: &mut Ui) -> Response {
    ui.weak("working…")
}
