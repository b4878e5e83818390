//! Which touch rule a room computes with, worded the same in every room: the
//! setup's rule (the default, edited in Boards) or another one for this room's
//! computations. The combo always names the rule that applies.

use crate::geometry::{RuleChoice, Rules, TouchRule};
use egui::Ui;

fn label(choice: Option<TouchRule>, setup: Rules) -> String {
    match choice {
        None => format!("Setup's rule: {}", setup.touch.describe()),
        Some(r) => format!("Override: {}", r.describe()),
    }
}

/// A combo box: the setup's rule, or an override; returns the rule that applies.
pub fn rule_override_picker(ui: &mut Ui, id: &str, setup: Rules, over: &mut Option<TouchRule>) -> RuleChoice {
    egui::ComboBox::from_id_salt(id)
        .selected_text(label(*over, setup))
        .show_ui(ui, |ui| {
            ui.selectable_value(over, None, label(None, setup))
                .on_hover_text("The rule the setup carries (change it in Boards)");
            for r in [TouchRule::MayTouch, TouchRule::NoTouch] {
                ui.selectable_value(over, Some(r), label(Some(r), setup))
                    .on_hover_text("Use this rule here instead of the setup's; results say so");
            }
        })
        .response
        .on_hover_text("Whether ships may touch: the setup's rule unless overridden here");
    RuleChoice::new(setup, *over)
}
