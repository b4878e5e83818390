//! The touch-rule choice, worded the same in every room.

use crate::geometry::TouchRule;
use egui::Ui;

/// Two radio buttons: ships may touch (the classic game) or may not (Bimaru, the Russian game).
pub fn rule_picker(ui: &mut Ui, rule: &mut TouchRule) {
    ui.radio_value(rule, TouchRule::MayTouch, "Ships may touch")
        .on_hover_text("Ships only may not overlap (the game of the hex DLX blog and of the tomography paper)");
    ui.radio_value(rule, TouchRule::NoTouch, "Ships may not touch")
        .on_hover_text("Not even diagonally (house rule, Bimaru)");
}
