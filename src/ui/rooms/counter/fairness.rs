//! Fairness what-if of the Counter room: the count with each island removed and
//! with each cell made an island, as a table and as a colour map on the board.

use crate::cover::{CountRequest, WhatIf, count_deployments, what_if};
use crate::geometry::{Board, Coord, Fleet, TouchRule};
use crate::jobs::Task;
use crate::run::no_progress;
use crate::textview::{cell_label, significant, thousands};
use crate::ui::document::Document;
use crate::ui::room::repaint;
use crate::ui::widgets::board_view::{BoardView, Decorations};
use crate::ui::widgets::job_controls::{JobLabels, job_controls};
use crate::ui::widgets::palette;
use egui::Ui;
use egui_extras::{Column, TableBuilder};
use std::collections::HashMap;

/// The baseline count and every variant.
#[derive(Clone, Debug)]
pub struct Fairness {
    pub setup: String,
    /// The touch rule it was counted under.
    pub rule: TouchRule,
    /// The board and fleet the variants were made from (the map is drawn on the board).
    pub board: Board,
    pub fleet: Fleet,
    pub base: u128,
    pub rows: Vec<WhatIf>,
}

/// The least width that holds the table and the map side by side.
const WIDE: f32 = 820.0;

#[derive(Default)]
pub struct FairnessMode {
    pub view: BoardView,
    task: Task<Fairness>,
    /// The cell under the pointer, in the table or on the map: the other one shows it too.
    linked: Option<Coord>,
}

impl FairnessMode {
    pub fn is_running(&self) -> bool {
        self.task.is_running()
    }

    pub fn result(&self) -> Option<&Fairness> {
        self.task.result.as_ref()
    }

    fn start(&mut self, ui: &Ui, doc: &Document) {
        let setup = doc.session.setup().clone();
        let req: CountRequest = super::request(doc);
        let rule = super::rule_choice(doc);
        self.task.start(repaint(ui), move |job| {
            let cancel = job.cancel_flag();
            let base =
                count_deployments(&setup.board, &setup.fleet, &req, cancel, &no_progress).map_err(|e| e.to_string())?;
            let rows =
                what_if(&setup.board, &setup.fleet, &req, cancel, &|p| job.progress(p)).map_err(|e| e.to_string())?;
            Ok(Fairness {
                rule: rule.rule,
                setup: setup.name.clone(),
                board: setup.board.clone(),
                fleet: setup.fleet.clone(),
                base: base.labelled,
                rows,
            })
        });
    }

    pub fn show(&mut self, ui: &mut Ui, doc: &Document) {
        self.task.poll();
        let labels = JobLabels {
            start: "Run what-if",
            start_hover: "Count again with each island removed and with each cell made an island",
            cancel: "Cancel what-if",
            unit: "variants",
        };
        if job_controls(ui, &self.task, &labels, true) {
            self.start(ui, doc);
        }
        let Some(f) = &self.task.result else {
            ui.label("Run the what-if to see how much each island and each cell changes the count.");
            return;
        };
        super::stale_note(ui, doc, &f.setup, (&f.board, &f.fleet), f.rule, "what-if");
        ui.label(format!(
            "{}: {} deployments as the board stands ({}). Green: more deployments, red: fewer.",
            f.setup,
            thousands(f.base),
            f.rule.describe()
        ));
        let base = f.base.max(1) as f64;
        // The strongest colour goes to the largest change on this board.
        let span = f
            .rows
            .iter()
            .map(|r| (r.labelled.max(1) as f64 / base).ln().abs())
            .fold(0.0, f64::max);
        let by_cell: HashMap<Coord, &WhatIf> = f.rows.iter().map(|r| (r.cell, r)).collect();
        let mut rows: Vec<&WhatIf> = f.rows.iter().collect();
        rows.sort_by_key(|r| (!r.was_island, std::cmp::Reverse(r.labelled)));
        let linked = self.linked.take();
        let hovered = std::cell::Cell::new(None);
        let table = |ui: &mut Ui| {
            TableBuilder::new(ui)
                .id_salt("whatif_table")
                .striped(true)
                .column(Column::auto().at_least(120.0))
                .column(Column::auto().at_least(110.0))
                .column(Column::auto().at_least(60.0))
                .header(22.0, |mut h| {
                    h.col(|ui| {
                        ui.strong("Change");
                    });
                    h.col(|ui| {
                        ui.strong("Deployments");
                    });
                    h.col(|ui| {
                        ui.strong("Ratio");
                    });
                })
                .body(|body| {
                    body.rows(20.0, rows.len(), |mut row| {
                        let r = rows[row.index()];
                        row.set_selected(linked == Some(r.cell));
                        let what = if r.was_island { "remove island" } else { "make island" };
                        row.col(|ui| {
                            ui.add(
                                egui::Label::new(format!("{what} {}", cell_label(f.board.lattice(), r.cell)))
                                    .wrap_mode(egui::TextWrapMode::Extend),
                            );
                        });
                        row.col(|ui| {
                            ui.add(egui::Label::new(thousands(r.labelled)).wrap_mode(egui::TextWrapMode::Extend));
                        });
                        row.col(|ui| {
                            ui.label(significant(r.labelled as f64 / base));
                        });
                        if row.response().contains_pointer() {
                            hovered.set(Some(r.cell));
                        }
                    });
                });
        };
        let view = &mut self.view;
        let mut map = |ui: &mut Ui| {
            ui.label(format!(
                "Colour: the count after the change over the count now; full red or green at ×{:.3} or ×{:.3}.",
                (-span).exp(),
                span.exp()
            ));
            let board = &f.board;
            let fill = |c: Coord| match by_cell.get(&c) {
                Some(r) => palette::ratio(r.labelled as f64 / base, span),
                None => palette::WATER,
            };
            let outlined: Vec<Coord> = linked.into_iter().collect();
            let deco = Decorations {
                outlined: &outlined,
                ..Decorations::fill_only(&fill)
            };
            let resp = view.show(ui, board, &deco);
            if resp.response.hovered() && resp.hovered.is_some_and(|c| by_cell.contains_key(&c)) {
                hovered.set(resp.hovered);
            }
            if let Some(r) = resp.hovered.and_then(|c| by_cell.get(&c)) {
                let what = if r.was_island {
                    "without this island"
                } else {
                    "with an island here"
                };
                resp.response.on_hover_text_at_pointer(format!(
                    "{} {what}: {} ({}×)",
                    cell_label(f.board.lattice(), r.cell),
                    thousands(r.labelled),
                    significant(r.labelled as f64 / base)
                ));
            }
        };
        // Side by side where both fit; on a narrow window the map goes above the
        // table (side by side, the map covered the ratios at 1024 pixels).
        if ui.available_width() >= WIDE {
            ui.columns(2, |cols| {
                table(&mut cols[0]);
                map(&mut cols[1]);
            });
        } else {
            let size = egui::vec2(ui.available_width(), (ui.available_height() * 0.45).max(200.0));
            ui.allocate_ui(size, map);
            table(ui);
        }
        let hovered = hovered.get();
        self.linked = hovered;
        if hovered != linked {
            ui.ctx().request_repaint();
        }
    }

    /// The cell the table and the map both mark (under the pointer in one of them).
    pub fn linked(&self) -> Option<Coord> {
        self.linked
    }
}
