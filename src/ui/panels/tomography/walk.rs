//! "Walk within k": every matrix within k interchanges of the current one, the
//! histogram of their |ΔA|² with the fitted Gaussian, and where the fleets lie.

use super::Subject;
use super::explorer::Explorer;
use crate::textview::thousands;
use crate::tomography::{BinaryMatrix, WalkEnergies, XRay, fleets_with_xray, island_cells, walk_energies};
use crate::ui::document::Document;
use crate::ui::widgets::task::Task;
use egui::{Color32, Ui};
use egui_plot::{Bar, BarChart, Legend, Line, LineStyle, Plot, VLine};
use std::collections::HashSet;

/// Walks stop with a message past this many matrices (memory).
const MAX_MATRICES: usize = 5_000_000;
/// Fleet matrices kept to mark the fleets a walk meets.
const MAX_FLEETS: usize = 1_000_000;

#[derive(Default)]
pub struct WalkPanel {
    pub task: Task<WalkEnergies>,
    /// The matrix the walk started from.
    from: Option<BinaryMatrix>,
}

impl WalkPanel {
    fn start(&mut self, ui: &Ui, subject: &Subject, from: BinaryMatrix, k: usize) {
        let lengths = subject.lengths().ok().filter(|_| subject.fleet_complete());
        let (islands, rule) = (island_cells(&subject.board), subject.rule);
        self.from = Some(from.clone());
        self.task.start(ui, move |cancel, progress| {
            // Every fleet matrix with this X-ray, to mark the fleets the walk meets.
            let fleets: Option<HashSet<BinaryMatrix>> = match lengths {
                Some(l) => Some(
                    fleets_with_xray(&XRay::of(&from), &l, &islands, rule, MAX_FLEETS, cancel)
                        .map_err(|e| e.to_string())?
                        .examples
                        .into_iter()
                        .collect(),
                ),
                None => None,
            };
            walk_energies(&from, k, fleets.as_ref(), MAX_MATRICES, cancel, progress).map_err(|e| e.to_string())
        });
    }

    pub fn show(&mut self, ui: &mut Ui, doc: &mut Document, subject: &Subject, ex: &Explorer) {
        let mut k = doc.session.tomography.walk_k;
        ui.horizontal(|ui| {
            ui.add(egui::DragValue::new(&mut k).range(1..=8).prefix("k = "))
                .on_hover_text("How many interchanges away from the current matrix (each step multiplies the work)");
            let running = self.task.is_running();
            if ui
                .add_enabled(!running, egui::Button::new("Walk"))
                .on_hover_text("Visit every matrix within k interchanges of the current matrix")
                .clicked()
            {
                self.start(ui, subject, ex.current().clone(), k);
            }
            if ui.add_enabled(running, egui::Button::new("Cancel walk")).clicked() {
                self.task.cancel();
            }
        });
        if k != doc.session.tomography.walk_k {
            doc.edit(|s| s.tomography.walk_k = k);
        }
        self.task.status_ui(ui, "levels");
        let Some(w) = &self.task.result else {
            ui.label("Press Walk to see how the Laplacian energy is spread over nearby matrices (paper, Figure 5).");
            return;
        };
        if self.from.as_ref() != Some(ex.current()) {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "This walk started from another matrix of the history; press Walk to start from the current one.",
            );
        }
        ui.label(format!(
            "{} matrices within {} interchanges (by distance: {}); |ΔA|² mean {:.2}, standard deviation {:.2}; start {} ({:+.2} σ)",
            thousands(w.matrices as u128),
            w.k,
            w.by_distance.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", "),
            w.mean,
            w.sd,
            w.start,
            z(w.start, w),
        ));
        if subject.fleet.is_some() {
            let mut distinct = w.fleet_energies.clone();
            distinct.dedup();
            ui.label(format!(
                "Fleets met: {} at |ΔA|² {} (dashed red lines)",
                w.fleet_energies.len(),
                distinct
                    .iter()
                    .map(|e| format!("{e} ({:+.1} σ)", z(*e, w)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        plot(ui, w);
    }
}

fn z(e: u64, w: &WalkEnergies) -> f64 {
    (e as f64 - w.mean) / w.sd.max(1e-9)
}

fn plot(ui: &mut Ui, w: &WalkEnergies) {
    let bars: Vec<Bar> = w
        .histogram
        .iter()
        .map(|&(e, n)| Bar::new(e as f64, n as f64).width(1.0))
        .collect();
    let total = w.matrices as f64;
    let (lo, hi) = (
        w.histogram.first().map_or(0.0, |b| b.0 as f64),
        w.histogram.last().map_or(1.0, |b| b.0 as f64),
    );
    // The fitted normal density scaled to the counts (bins of width 1).
    let gauss: Vec<[f64; 2]> = (0..=400)
        .map(|i| {
            let x = lo + (hi - lo) * i as f64 / 400.0;
            let sd = w.sd.max(1e-9);
            let y =
                total / (sd * (2.0 * std::f64::consts::PI).sqrt()) * (-(x - w.mean).powi(2) / (2.0 * sd * sd)).exp();
            [x, y]
        })
        .collect();
    let mut fleet_lines = w.fleet_energies.clone();
    fleet_lines.dedup();
    Plot::new("energy_histogram")
        .legend(Legend::default())
        .x_axis_label("|ΔA|²")
        .y_axis_label("matrices")
        .show(ui, |p| {
            p.bar_chart(BarChart::new("matrices", bars).color(Color32::from_rgb(90, 140, 200)));
            p.line(
                Line::new("Gaussian fit", gauss)
                    .color(Color32::from_rgb(240, 200, 80))
                    .width(2.0),
            );
            for e in fleet_lines {
                p.vline(
                    VLine::new("fleets", e as f64)
                        .color(Color32::from_rgb(230, 70, 60))
                        .style(LineStyle::dashed_loose()),
                );
            }
            p.vline(VLine::new("current matrix", w.start as f64).color(Color32::from_rgb(90, 200, 120)));
        });
}
