//! The Hardware tab's sweep plot: chain breaks, broken reads and success
//! against chain strength (as multiples of D-Wave's default, marked at 1),
//! and the table of every point.

use crate::study::hardware::HardwareReport;
use crate::ui::widgets::plot_style::{compact_ticks, key};
use egui::{Color32, Ui};
use egui_plot::{Line, MarkerShape, Plot, Points, VLine};

const BREAKS: Color32 = Color32::from_rgb(230, 110, 90);
const BROKEN_READS: Color32 = Color32::from_rgb(240, 180, 80);
const SUCCESS: Color32 = Color32::from_rgb(110, 200, 120);

pub fn sweep_plot(ui: &mut Ui, r: &HardwareReport) {
    let x = |s: f64| s / r.default_strength;
    let series: Vec<(&str, Vec<[f64; 2]>, Color32)> = [
        (
            "chains broken (%)",
            r.points
                .iter()
                .map(|p| [x(p.strength), 100.0 * p.chain_break_rate])
                .collect(),
            BREAKS,
        ),
        (
            "reads with a broken chain (%)",
            r.points
                .iter()
                .map(|p| [x(p.strength), 100.0 * p.reads_broken])
                .collect(),
            BROKEN_READS,
        ),
    ]
    .into_iter()
    .chain(r.goal.map(|_| {
        (
            "reads that are a success (%)",
            r.points
                .iter()
                .map(|p| [x(p.strength), 100.0 * p.success.unwrap_or(0.0)])
                .collect(),
            SUCCESS,
        )
    }))
    .collect();
    compact_ticks(Plot::new("hardware_sweep"), ui)
        .height(220.0)
        .allow_scroll(false)
        .allow_zoom(false)
        .x_axis_label("chain strength (× D-Wave's default)")
        .y_axis_label("%")
        .default_y_bounds(0.0, 105.0)
        .show(ui, |p| {
            p.vline(VLine::new("D-Wave's default", 1.0).color(Color32::GRAY));
            for (name, pts, color) in &series {
                p.line(Line::new(*name, pts.clone()).color(*color));
                p.points(
                    Points::new(*name, pts.clone())
                        .color(*color)
                        .radius(4.0)
                        .shape(MarkerShape::Circle),
                );
            }
        });
    let mut entries: Vec<(&str, Color32)> = series.iter().map(|(n, _, c)| (*n, *c)).collect();
    entries.push(("D-Wave's default", Color32::GRAY));
    key(ui, &entries);
    match r.goal {
        Some(g) => ui.weak(format!(
            "A success is {g}, judged on the answer read back from the chains."
        )),
        None => ui.weak("A model file: nothing to judge against, so the energies say how well it went."),
    };
    egui::Grid::new("hardware_sweep_table").striped(true).show(ui, |ui| {
        for h in [
            "strength",
            "× default",
            "chains broken",
            "reads broken",
            "success",
            "best energy",
            "mean energy",
            "terms below precision",
        ] {
            crate::ui::widgets::table::num_heading(ui, h);
        }
        ui.end_row();
        for p in &r.points {
            crate::ui::widgets::table::num(ui, format!("{:.4}", p.strength));
            crate::ui::widgets::table::num(ui, format!("{:.2}", x(p.strength)));
            crate::ui::widgets::table::num(ui, format!("{:.2} %", 100.0 * p.chain_break_rate));
            crate::ui::widgets::table::num(ui, format!("{:.1} %", 100.0 * p.reads_broken));
            crate::ui::widgets::table::num(ui, p.success.map_or("–".into(), |s| format!("{:.1} %", 100.0 * s)));
            crate::ui::widgets::table::num(ui, format!("{:.6}", p.best_energy));
            crate::ui::widgets::table::num(ui, format!("{:.6}", p.mean_energy));
            crate::ui::widgets::table::num(ui, format!("{} of {}", p.precision.below, p.precision.terms))
                .on_hover_text(p.precision.verdict());
            ui.end_row();
        }
    });
}
