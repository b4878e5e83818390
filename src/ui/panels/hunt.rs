//! Hunt mode of the Counter room: mark misses and hits, see the exact share of
//! consistent deployments that occupy each cell, and the best next shot.

use crate::cover::{CountRequest, Occupancy, occupancy};
use crate::geometry::Coord;
use crate::jobs::{Job, Repaint};
use crate::session::Setup;
use crate::ui::document::Document;
use crate::ui::widgets::board_view::{BoardView, Decorations};
use crate::ui::widgets::palette;
use egui::{Color32, Ui};
use std::sync::Arc;

#[derive(Default)]
pub struct HuntMode {
    pub view: BoardView,
    job: Option<Job<Occupancy>>,
    /// The setup and request the heat map below belongs to.
    computed_for: Option<(Setup, CountRequest)>,
    pub heat: Option<Occupancy>,
    pub error: Option<String>,
}

impl HuntMode {
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// Starts a new heat-map job when the board, fleet, shots or rule changed.
    fn refresh(&mut self, ui: &Ui, doc: &Document) {
        let setup = doc.session.setup();
        let req = CountRequest {
            engine: doc.session.counter.engine,
            threads: doc.session.counter.threads,
            rule: doc.session.counter.rule,
            observations: setup.observations.clone(),
        };
        let key = (setup.clone(), req.clone());
        if self.computed_for.as_ref() == Some(&key) {
            return;
        }
        self.computed_for = Some(key);
        let ctx = ui.ctx().clone();
        let repaint: Repaint = Arc::new(move || ctx.request_repaint());
        let (board, fleet) = (setup.board.clone(), setup.fleet.clone());
        self.error = None;
        // Replacing the job drops (and so cancels) the previous one.
        self.job = Some(Job::spawn(repaint, move |cancel, progress| {
            occupancy(&board, &fleet, &req, cancel, progress).map_err(|e| e.to_string())
        }));
    }

    fn poll(&mut self) {
        if let Some(job) = &mut self.job
            && let Some(r) = job.poll()
        {
            self.job = None;
            match r {
                Ok(h) => self.heat = Some(h),
                Err(e) => {
                    self.heat = None;
                    self.error = Some(e);
                }
            }
        }
    }

    pub fn show(&mut self, ui: &mut Ui, doc: &mut Document) {
        self.poll();
        self.refresh(ui, doc);
        let setup = doc.session.setup().clone();
        let obs = &setup.observations;
        ui.horizontal(|ui| {
            ui.label("Left-click: miss (water) · right-click: hit (ship) · click again to clear.");
            if ui.button("Clear shots").clicked() {
                doc.edit(|s| s.setup_mut().observations = Default::default());
            }
        });
        let heat = self.heat.as_ref();
        let max = heat
            .map(|h| h.cells.iter().map(|c| c.1).max().unwrap_or(0))
            .unwrap_or(0);
        let best = heat.and_then(|h| h.best_shot(&obs.hits));
        ui.horizontal(|ui| {
            match heat {
                Some(h) if h.total == 0 => {
                    ui.colored_label(ui.visuals().error_fg_color, "No deployment fits these shots.");
                }
                Some(h) => {
                    ui.label(format!(
                        "{} deployments fit the shots.",
                        crate::textview::thousands(h.total)
                    ));
                    if let Some(b) = best {
                        let n = h.cells.iter().find(|c| c.0 == b).map(|c| c.1).unwrap_or(0);
                        ui.strong(format!(
                            "Best next shot: {} (hits in {:.1}% of them)",
                            describe(&setup, b),
                            100.0 * n as f64 / h.total as f64
                        ));
                    }
                }
                None => {}
            }
            if self.job.is_some() {
                ui.spinner();
                ui.label("updating…");
            }
            if let Some(e) = &self.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
        });
        let cell_heat: std::collections::HashMap<Coord, u128> =
            heat.map(|h| h.cells.iter().copied().collect()).unwrap_or_default();
        let fill = |c: Coord| {
            if setup.board.is_island(c) {
                palette::ISLAND
            } else if obs.misses.contains(&c) {
                Color32::from_gray(40)
            } else if obs.hits.contains(&c) {
                Color32::from_rgb(230, 30, 30)
            } else {
                match cell_heat.get(&c) {
                    Some(&n) if max > 0 => palette::heat(n as f32 / max as f32),
                    _ => palette::WATER,
                }
            }
        };
        let outlined: Vec<Coord> = best.into_iter().collect();
        let deco = Decorations {
            fill: &fill,
            extra: &[],
            overlay: &[],
            outlined: &outlined,
            edge_sums: None,
        };
        let resp = self.view.show(ui, &setup.board, &deco);
        if let Some(c) = resp.hovered.filter(|c| setup.board.is_playable(*c)) {
            let share = match (cell_heat.get(&c), heat) {
                (Some(&n), Some(h)) if h.total > 0 => {
                    format!("{:.2}% ({} of {})", 100.0 * n as f64 / h.total as f64, n, h.total)
                }
                _ => "no estimate".into(),
            };
            resp.response
                .clone()
                .on_hover_text_at_pointer(format!("{}: {share}", describe(&setup, c)));
            let primary = resp.response.clicked();
            let secondary = resp.response.secondary_clicked();
            if primary || secondary {
                doc.edit(|s| {
                    let o = &mut s.setup_mut().observations;
                    let (was_miss, was_hit) = (o.misses.remove(&c), o.hits.remove(&c));
                    if primary && !was_miss {
                        o.misses.insert(c);
                    }
                    if secondary && !was_hit {
                        o.hits.insert(c);
                    }
                });
            }
        }
    }
}

fn describe(setup: &Setup, c: Coord) -> String {
    match setup.board.dims() {
        Some(_) => format!("row {}, col {}", c.0, c.1),
        None => format!("(x {}, y {}, z {})", c.0, c.1, c.z()),
    }
}
