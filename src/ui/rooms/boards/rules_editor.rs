//! The setup's rules in the Boards room: whether ships may touch (every room and
//! command plays by it) and a warning when the placed fleet breaks it.

use crate::geometry::TouchRule;
use crate::ui::document::Document;
use egui::Ui;

/// Returns a status line when the rule was changed (the old one would be stale).
pub fn rules_editor(ui: &mut Ui, doc: &mut Document) -> Option<String> {
    let mut status = None;
    let mut touch = doc.session.setup().rules.touch;
    ui.horizontal(|ui| {
        ui.radio_value(&mut touch, TouchRule::MayTouch, "Ships may touch")
            .on_hover_text("Ships only may not overlap (the classic game, the tomography paper)");
        ui.radio_value(&mut touch, TouchRule::NoTouch, "Ships may not touch")
            .on_hover_text("Not even at a corner (the Russian game, Battleship puzzles)");
    });
    if touch != doc.session.setup().rules.touch {
        doc.edit(|s| s.setup_mut().rules.touch = touch);
        status = Some(format!(
            "'{}' now plays where {}: every room follows (Ctrl+Z undoes)",
            doc.session.setup().name,
            touch.describe()
        ));
    }
    let setup = doc.session.setup();
    if touch == TouchRule::NoTouch
        && let Some(pairs) = setup.deployment.touching_words(&setup.fleet)
    {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "These placed ships touch (outlined on the board): {pairs}. The placed fleet breaks this rule: \
                 move them, or place at random."
            ),
        );
    }
    ui.label(
        egui::RichText::new(
            "Placement, Random fleet, the Counter, Tomography and the Solver follow these rules; \
             a room may override them for one computation and says so.",
        )
        .small()
        .weak(),
    );
    status
}
