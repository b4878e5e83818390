//! "Walk within k": every matrix within k interchanges of the current one, the
//! histogram of their |ΔA|² with the fitted Gaussian, and where the fleets lie.

use super::Subject;
use super::explorer::Explorer;
use crate::geometry::BinaryMatrix;
use crate::jobs::Task;
use crate::textview::thousands;
use crate::tomography::{WalkEnergies, XRay, fleets_with_xray, island_cells, walk_energies};
use crate::ui::document::Document;
use crate::ui::room::repaint;
use crate::ui::widgets::job_controls::{JobLabels, job_controls};
use crate::ui::widgets::plot_style::{compact_ticks, key};
use egui::{Color32, Ui};
use egui_plot::{Bar, BarChart, Line, LineStyle, Plot, VLine};
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
    pub fn clear(&mut self) {
        *self = WalkPanel::default();
    }

    /// The last finished walk.
    pub fn result(&self) -> Option<&WalkEnergies> {
        self.task.result.as_ref()
    }

    fn start(&mut self, ui: &Ui, subject: &Subject, from: BinaryMatrix, k: usize) {
        let lengths = subject.lengths().ok().filter(|_| subject.fleet_complete(&from));
        let (islands, rule) = (island_cells(&subject.board), subject.rule);
        self.from = Some(from.clone());
        self.task.start(repaint(ui), move |job| {
            let cancel = job.cancel_flag();
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
            walk_energies(&from, k, fleets.as_ref(), MAX_MATRICES, cancel, &|p| job.progress(p))
                .map_err(|e| e.to_string())
        });
    }

    pub fn show(&mut self, ui: &mut Ui, doc: &mut Document, subject: &Subject, ex: &Explorer) {
        let mut k = doc.session.tomography.walk_k;
        ui.add(
            egui::DragValue::new(&mut k)
                .range(1..=crate::tomography::MAX_WALK_K)
                .prefix("k = "),
        )
        .on_hover_text("How many interchanges away from the current matrix (each step multiplies the work)");
        if k != doc.session.tomography.walk_k {
            doc.edit(|s| s.tomography.walk_k = k);
        }
        let labels = JobLabels {
            start: "Start walk",
            start_hover: "Visit every matrix within k interchanges of the current matrix",
            cancel: "Cancel walk",
            unit: "levels",
        };
        if job_controls(ui, &self.task, &labels, true) {
            self.start(ui, subject, ex.current().clone(), k);
        }
        let Some(w) = &self.task.result else {
            ui.label(
                "Press Start walk to see how the Laplacian energy is spread over nearby matrices (paper, Figure 5).",
            );
            return;
        };
        if self.from.as_ref() != Some(ex.current()) {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "This walk started from another matrix of the history; press Start walk to start from the current one.",
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
        match subject.lengths() {
            Ok(_) if subject.fleet_complete(self.from.as_ref().unwrap_or(ex.current())) => {
                let mut distinct = w.fleet_energies.clone();
                distinct.dedup();
                ui.label(format!(
                    "Fleets met: {}{}",
                    w.fleet_energies.len(),
                    if distinct.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " at |ΔA|² {} (dashed red lines)",
                            distinct
                                .iter()
                                .map(|e| format!("{e} ({:+.1} σ)", z(*e, w)))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    }
                ));
            }
            Ok(_) => {
                ui.label("Fleets met: not applicable (the fleet is not completely placed).");
            }
            Err(e) => {
                ui.label(format!("Fleets met: not applicable ({e})."));
            }
        }
        plot(ui, w);
    }
}

fn z(e: u64, w: &WalkEnergies) -> f64 {
    (e as f64 - w.mean) / w.sd.max(1e-9)
}

fn plot(ui: &mut Ui, w: &WalkEnergies) {
    let step = w.step.max(1) as f64;
    let bars: Vec<Bar> = w
        .histogram
        .iter()
        .map(|&(e, n)| Bar::new(e as f64, n as f64).width(step * 0.9))
        .collect();
    let tallest = w.histogram.iter().map(|b| b.1).max().unwrap_or(1) as f64;
    let total = w.matrices as f64;
    let (lo, hi) = (
        w.histogram.first().map_or(0.0, |b| b.0 as f64),
        w.histogram.last().map_or(1.0, |b| b.0 as f64),
    );
    // The fitted normal density scaled to the counts: bins are `step` wide.
    let gauss: Vec<[f64; 2]> = (0..=400)
        .map(|i| {
            let x = lo + (hi - lo) * i as f64 / 400.0;
            let sd = w.sd.max(1e-9);
            let y = total * step / (sd * (2.0 * std::f64::consts::PI).sqrt())
                * (-(x - w.mean).powi(2) / (2.0 * sd * sd)).exp();
            [x, y]
        })
        .collect();
    let mut fleet_lines = w.fleet_energies.clone();
    fleet_lines.dedup();
    let has_fleets = !fleet_lines.is_empty();
    // A new walk is a new plot: its bounds are fitted afresh.
    // Room below the plot for its key.
    let height = (ui.available_height() - 40.0).max(160.0);
    compact_ticks(Plot::new(("energy_histogram", w.k, w.matrices, w.start)), ui)
        .height(height)
        .x_axis_label(format!("|ΔA|² (bins of {})", w.step))
        .y_axis_label("matrices")
        .default_y_bounds(0.0, tallest * 1.15)
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
    let mut entries = vec![
        ("matrices", Color32::from_rgb(90, 140, 200)),
        ("Gaussian fit", Color32::from_rgb(240, 200, 80)),
    ];
    if has_fleets {
        entries.push(("fleets (dashed)", Color32::from_rgb(230, 70, 60)));
    }
    entries.push(("current matrix", Color32::from_rgb(90, 200, 120)));
    key(ui, &entries);
}
