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
    /// The subject the running search works on, and the one the results were found for.
    running_for: Option<Subject>,
    found_for: Option<Subject>,
    /// Why a search stopped or its results belong to another setup.
    pub note: Option<String>,
}

/// What a search depends on: the board, the fleet and the rule (not where the
/// fleet is placed, nor the matrix explored).
fn same_search(a: &Subject, b: &Subject) -> bool {
    a.board == b.board && a.fleet == b.fleet && a.rule == b.rule
}

impl StealthPanel {
    /// The subject changed. A search that does not depend on what changed goes
    /// on; otherwise it stops, and results already found stay with a note.
    pub fn subject_changed(&mut self, new: &Subject) {
        let why = |old: &Subject| {
            if old.name == new.name {
                format!("the board, fleet or rule of '{}' changed", old.name)
            } else {
                format!("another setup is open ('{}')", new.name)
            }
        };
        if let Some(old) = self.running_for.as_ref().filter(|old| !same_search(old, new)) {
            self.note = Some(format!(
                "Search stopped: {} (it searched '{}'). Search again for this one.",
                why(old),
                old.name
            ));
            self.task.cancel();
            self.running_for = None;
        }
        if let Some(old) = self.found_for.as_ref().filter(|old| !same_search(old, new)) {
            self.note = Some(format!(
                "These fleets were found for '{}' ({}); they can go to Boards but not to the Matrix tab. \
                 Search again for this setup.",
                old.name,
                why(old)
            ));
        }
    }

    /// Takes in a finished search.
    pub fn poll(&mut self) {
        if self.task.poll() {
            self.found_for = self.running_for.take();
            self.note = None;
        } else if !self.task.is_running() {
            self.running_for = None;
        }
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
                    .range(10..=crate::tomography::MAX_STEALTH_MOVES)
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
            self.note = None;
            self.running_for = Some(subject.clone());
            self.task.start(repaint(ui), move |job| {
                stealth_search(&req, job.cancel_flag(), &|p| job.progress(p)).map_err(|e| e.to_string())
            });
        }
        if let Some(n) = &self.note {
            ui.colored_label(ui.visuals().warn_fg_color, n);
        }
        let (Some(found), Some(found_for)) = (&self.task.result, &self.found_for) else {
            ui.label("A fleet is stealthy when many fleets share its X-ray: the X-ray then says little about it.");
            return None;
        };
        let current = same_search(found_for, subject);
        let mut explore = None;
        let mut add = None;
        ui.columns(2, |cols| {
            egui::Grid::new("stealth_results")
                .striped(true)
                .show(&mut cols[0], |ui| {
                    ui.strong("#");
                    crate::ui::widgets::table::num_heading(ui, "Fleet matrices sharing");
                    crate::ui::widgets::table::num_heading(ui, "Labelled");
                    ui.strong("");
                    ui.end_row();
                    for (i, f) in found.iter().enumerate() {
                        if ui.selectable_label(self.picked == i, format!("{}", i + 1)).clicked() {
                            self.picked = i;
                        }
                        crate::ui::widgets::table::num(ui, thousands(f.fleet_matrices));
                        crate::ui::widgets::table::num(ui, thousands(f.labelled_fleets));
                        ui.horizontal(|ui| {
                            if ui
                                .add_enabled(current, egui::Button::new("Explore"))
                                .on_hover_text("Open it in the Matrix tab")
                                .on_disabled_hover_text("Found for another board, fleet or rule")
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
                                    found_for.name,
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
                thumbnail(ui, size, found_for, &f.matrix, Some(&f.deployment));
            }
        });
        if let Some((d, label, description)) = add {
            add_setup(ctx, found_for, d, &label, description);
        }
        explore
    }
}
