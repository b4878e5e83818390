//! The key of an exact occupancy map, the same in Hunt and in Play's peek:
//! the fixed 0–100 % colour scale, the shot symbols, and the outline of the
//! best next shot (magenta, a colour the scale never uses).

use super::board_view::Mark;
use super::palette;
use egui::Ui;

/// One row: the scale from 0 % to 100 % "of `of` put a ship there", hit
/// and miss, and the best next shot's outline.
pub fn heat_legend(ui: &mut Ui, of: &str) {
    ui.horizontal(|ui| {
        ui.label("0%");
        let (rect, _) = ui.allocate_exact_size(egui::vec2(160.0, 14.0), egui::Sense::hover());
        let steps = 40;
        for i in 0..steps {
            let t = i as f32 / (steps - 1) as f32;
            let x0 = rect.left() + rect.width() * i as f32 / steps as f32;
            let x1 = rect.left() + rect.width() * (i + 1) as f32 / steps as f32;
            let r = egui::Rect::from_min_max(egui::pos2(x0, rect.top()), egui::pos2(x1 + 0.5, rect.bottom()));
            ui.painter().rect_filled(r, 0.0, palette::heat(t));
        }
        ui.label(format!("100% of {of} put a ship there"));
        ui.separator();
        mark_swatch(ui, Mark::Hit, palette::SHOT_HIT);
        ui.label("hit");
        mark_swatch(ui, Mark::Miss, palette::SHOT_MISS);
        ui.label("miss");
        ui.separator();
        let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
        ui.painter().rect_stroke(
            rect.shrink(1.0),
            0.0,
            egui::Stroke::new(2.0, palette::BEST_SHOT),
            egui::StrokeKind::Inside,
        );
        ui.label("best next shot");
    });
}

fn mark_swatch(ui: &mut Ui, mark: Mark, fill: egui::Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
    let p = ui.painter();
    p.rect_filled(rect, 0.0, fill);
    let c = rect.center();
    let r = 4.5;
    match mark {
        Mark::Hit => {
            let s = egui::Stroke::new(2.0, palette::HIT);
            p.line_segment([c + egui::vec2(-r, -r), c + egui::vec2(r, r)], s);
            p.line_segment([c + egui::vec2(-r, r), c + egui::vec2(r, -r)], s);
        }
        Mark::Miss => {
            p.circle_stroke(c, r * 0.8, egui::Stroke::new(1.5, palette::MISS));
        }
    }
}
