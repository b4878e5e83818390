//! The stealth search tab: a background job looking for fleets whose X-ray many
//! fleets share, with the best ones listed.

use super::explorer::thumbnail;
use super::{Subject, add_setup};
use crate::geometry::BinaryMatrix;
use crate::jobs::Task;
use crate::textview::thousands;
use crate::tomography::{StealthFleet, StealthRequest, stealth_search};
use crate::ui::room::{RoomCtx, repaint};
use crate::ui::widgets::job_controls::{JobLabels, job_controls};
use egui::{Ui, vec2};

const KEEP: usize = 10;

#[derive(Default)]
pub struct StealthPanel {
    pub task: Task<Vec<StealthFleet>>,
    /// Which result is drawn.
    pub picked: usize,
}

impl StealthPanel {
    pub fn clear(&mut self) {
        *self = StealthPanel::default();
    }

    /// The fleets found by the last search, best first.
    pub fn found(&self) -> Option<&[StealthFleet]> {
        self.task.result.as_deref()
    }

    /// The tab; returns a fleet matrix to explore.
    pub fn show(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>, subject: &Subject) -> Option<BinaryMatrix> {
        let Some(fleet) = subject.fleet.clone() else {
            ui.label("The stealth search needs a fleet: choose \"Placed fleet\".");
            return None;
        };
        if let Err(e) = fleet.straight_lengths() {
            ui.label(format!("The stealth search needs straight ships: {e}."));
            return None;
        }
        let doc = &mut *ctx.doc;
        let mut t = doc.session.tomography.clone();
        ui.horizontal(|ui| {
            ui.add(
                egui::DragValue::new(&mut t.stealth_iterations)
                    .range(10..=1_000_000)
                    .prefix("moves "),
            )
            .on_hover_text("Ship moves to try; each is scored by an exact count of the fleets sharing its X-ray");
            ui.add(egui::DragValue::new(&mut t.stealth_seed).prefix("seed "))
                .on_hover_text("Random seed: the same seed gives the same search");
        });
        if t != doc.session.tomography {
            doc.edit(|s| s.tomography = t.clone());
        }
        let labels = JobLabels {
            start: "Search",
            start_hover: "Simulated annealing over fleets on this board",
            cancel: "Cancel search",
            unit: "moves",
        };
        if job_controls(ui, &self.task, &labels, true) {
            let req = StealthRequest {
                board: subject.board.clone(),
                fleet: fleet.clone(),
                rule: subject.rule,
                iterations: t.stealth_iterations,
                seed: t.stealth_seed,
                keep: KEEP,
            };
            self.picked = 0;
            self.task.start(repaint(ui), move |job| {
                stealth_search(&req, job.cancel_flag(), &|p| job.progress(p)).map_err(|e| e.to_string())
            });
        }
        let Some(found) = &self.task.result else {
            ui.label("A fleet is stealthy when many fleets share its X-ray: the X-ray then says little about it.");
            return None;
        };
        let mut explore = None;
        let mut add = None;
        ui.columns(2, |cols| {
            egui::Grid::new("stealth_results")
                .striped(true)
                .show(&mut cols[0], |ui| {
                    ui.strong("#");
                    ui.strong("Fleet matrices sharing");
                    ui.strong("Labelled");
                    ui.strong("");
                    ui.end_row();
                    for (i, f) in found.iter().enumerate() {
                        if ui.selectable_label(self.picked == i, format!("{}", i + 1)).clicked() {
                            self.picked = i;
                        }
                        ui.label(thousands(f.fleet_matrices));
                        ui.label(thousands(f.labelled_fleets));
                        ui.horizontal(|ui| {
                            if ui
                                .button("Explore")
                                .on_hover_text("Open it in the Matrix tab")
                                .clicked()
                            {
                                explore = Some(f.matrix.clone());
                            }
                            if ui
                                .button("To Boards")
                                .on_hover_text("Add this fleet as a new setup")
                                .clicked()
                            {
                                let description = format!(
                                    "A stealthy fleet on the board of '{}': {} fleet matrices share its X-ray.",
                                    subject.name,
                                    thousands(f.fleet_matrices)
                                );
                                add = Some((f.deployment.clone(), format!("stealthy {}", i + 1), description));
                            }
                        });
                        ui.end_row();
                    }
                });
            if let Some(f) = found.get(self.picked) {
                let ui = &mut cols[1];
                let size = vec2(ui.available_width(), 320.0);
                thumbnail(ui, size, subject, &f.matrix, Some(&f.deployment));
            }
        });
        if let Some((d, label, description)) = add {
            add_setup(ctx, subject, d, &label, description);
        }
        explore
    }
}
