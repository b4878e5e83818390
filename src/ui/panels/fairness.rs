//! Fairness what-if of the Counter room: the count with each island removed and
//! with each cell made an island, as a table and as a colour map on the board.

use crate::cover::{CountRequest, WhatIf, count_deployments, what_if};
use crate::geometry::Coord;
use crate::jobs::{Job, Repaint};
use crate::textview::thousands;
use crate::ui::document::Document;
use crate::ui::widgets::board_view::{BoardView, Decorations};
use crate::ui::widgets::job_progress::job_progress;
use crate::ui::widgets::palette;
use egui::Ui;
use std::collections::HashMap;
use std::sync::Arc;

/// The baseline count and every variant.
#[derive(Clone, Debug)]
pub struct Fairness {
    pub setup: String,
    pub base: u128,
    pub rows: Vec<WhatIf>,
}

#[derive(Default)]
pub struct FairnessMode {
    pub view: BoardView,
    job: Option<Job<Fairness>>,
    pub result: Option<Fairness>,
    pub error: Option<String>,
}

impl FairnessMode {
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    fn start(&mut self, ui: &Ui, doc: &Document) {
        let ctx = ui.ctx().clone();
        let repaint: Repaint = Arc::new(move || ctx.request_repaint());
        let setup = doc.session.setup().clone();
        let c = &doc.session.counter;
        let req = CountRequest {
            engine: c.engine,
            threads: c.threads,
            rule: c.rule,
            ..Default::default()
        };
        self.error = None;
        self.job = Some(Job::spawn(repaint, move |cancel, progress| {
            let base =
                count_deployments(&setup.board, &setup.fleet, &req, cancel, &|_| {}).map_err(|e| e.to_string())?;
            let rows = what_if(&setup.board, &setup.fleet, &req, cancel, progress).map_err(|e| e.to_string())?;
            Ok(Fairness {
                setup: setup.name.clone(),
                base: base.labelled,
                rows,
            })
        }));
    }

    pub fn show(&mut self, ui: &mut Ui, doc: &mut Document) {
        if let Some(job) = &mut self.job
            && let Some(r) = job.poll()
        {
            let cancelled = job.is_cancelled();
            self.job = None;
            match r {
                Ok(f) => self.result = Some(f),
                Err(_) if cancelled => self.error = Some("Cancelled.".into()),
                Err(e) => self.error = Some(e),
            }
        }
        ui.horizontal(|ui| {
            let running = self.job.is_some();
            if ui
                .add_enabled(!running, egui::Button::new("Run what-if"))
                .on_hover_text("Count again with each island removed and with each cell made an island")
                .clicked()
            {
                self.start(ui, doc);
            }
            if ui.add_enabled(running, egui::Button::new("Cancel what-if")).clicked()
                && let Some(j) = &self.job
            {
                j.cancel();
            }
            if let Some(job) = &self.job {
                job_progress(ui, job, "variants", 260.0);
            }
            if let Some(e) = &self.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
        });
        let Some(f) = &self.result else {
            ui.label("Run the what-if to see how much each island and each cell changes the count.");
            return;
        };
        ui.label(format!(
            "{}: {} deployments as the board stands. Green: more deployments, red: fewer.",
            f.setup,
            thousands(f.base)
        ));
        let base = f.base.max(1) as f64;
        let by_cell: HashMap<Coord, &WhatIf> = f.rows.iter().map(|r| (r.cell, r)).collect();
        ui.columns(2, |cols| {
            egui::ScrollArea::vertical()
                .id_salt("whatif_table")
                .show(&mut cols[0], |ui| {
                    egui::Grid::new("whatif").striped(true).num_columns(3).show(ui, |ui| {
                        ui.strong("Change");
                        ui.strong("Deployments");
                        ui.strong("Ratio");
                        ui.end_row();
                        let mut rows: Vec<&WhatIf> = f.rows.iter().collect();
                        rows.sort_by_key(|r| (!r.was_island, std::cmp::Reverse(r.labelled)));
                        for r in rows {
                            let what = if r.was_island { "remove island" } else { "make island" };
                            ui.label(format!("{what} {}", r.cell));
                            ui.label(thousands(r.labelled));
                            ui.label(format!("{:.4}", r.labelled as f64 / base));
                            ui.end_row();
                        }
                    });
                });
            let board = doc.session.setup().board.clone();
            let fill = |c: Coord| match by_cell.get(&c) {
                Some(r) => palette::ratio(r.labelled as f64 / base),
                None => palette::WATER,
            };
            let deco = Decorations::fill_only(&fill);
            let resp = self.view.show(&mut cols[1], &board, &deco);
            if let Some(r) = resp.hovered.and_then(|c| by_cell.get(&c)) {
                let what = if r.was_island {
                    "without this island"
                } else {
                    "with an island here"
                };
                resp.response.on_hover_text_at_pointer(format!(
                    "{} {what}: {} ({:.4}×)",
                    r.cell,
                    thousands(r.labelled),
                    r.labelled as f64 / base
                ));
            }
        });
    }
}
