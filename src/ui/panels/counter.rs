//! Room "Counter": exact deployment counts of the active setup (and of all
//! setups side by side) on background jobs with progress, ETA and cancel.

use super::fairness::FairnessMode;
use super::hunt::HuntMode;
use crate::cover::{CountRequest, CountResult, Engine, count_deployments};
use crate::jobs::{Job, Repaint};
use crate::textview::thousands;
use crate::ui::document::Document;
use crate::ui::widgets::job_progress::job_progress;
use crate::ui::widgets::rule_picker::rule_picker;
use egui::Ui;
use std::sync::Arc;
use std::time::Duration;

/// A finished count with its wall time.
#[derive(Clone, Debug)]
pub struct Timed {
    pub setup: String,
    pub pieces: Vec<String>,
    pub result: CountResult,
    pub seconds: f64,
}

/// What the central area of the room shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CounterMode {
    #[default]
    Count,
    Hunt,
    Fairness,
}

#[derive(Default)]
pub struct CounterRoom {
    pub mode: CounterMode,
    pub hunt: HuntMode,
    pub fairness: FairnessMode,
    job: Option<Job<Vec<Timed>>>,
    /// What the running job is for: one setup, or the comparison of all.
    job_is_compare: bool,
    pub last: Option<Timed>,
    pub compare: Vec<Timed>,
    pub error: Option<String>,
}

fn engine_help(e: Engine) -> &'static str {
    match e {
        Engine::Fast => {
            "Bitboard counter with symmetry and inclusion–exclusion on the last two ships (≤ 128 cells; DLX beyond)"
        }
        Engine::Dlx => "Knuth's dancing links, adding the last ship's remaining options instead of branching",
        Engine::DlxPlain => "Knuth's dancing links exactly as Algorithm X/C branches (slowest; for comparison)",
    }
}

impl CounterRoom {
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    fn start(&mut self, ui: &Ui, doc: &Document, all: bool) {
        let ctx = ui.ctx().clone();
        let repaint: Repaint = Arc::new(move || ctx.request_repaint());
        let s = &doc.session;
        let setups: Vec<_> = if all { s.setups.clone() } else { vec![s.setup().clone()] };
        let req = CountRequest {
            engine: s.counter.engine,
            threads: s.counter.threads,
            rule: s.counter.rule,
            ..Default::default()
        };
        self.error = None;
        self.job_is_compare = all;
        self.job = Some(Job::spawn(repaint, move |cancel, progress| {
            let mut out = Vec::new();
            for setup in setups {
                let t0 = std::time::Instant::now();
                let result = count_deployments(&setup.board, &setup.fleet, &req, cancel, progress)
                    .map_err(|e| format!("{}: {e}", setup.name))?;
                out.push(Timed {
                    setup: setup.name.clone(),
                    pieces: setup.fleet.pieces.iter().map(|p| p.name.clone()).collect(),
                    result,
                    seconds: t0.elapsed().as_secs_f64(),
                });
            }
            Ok(out)
        }));
    }

    fn poll(&mut self) {
        let Some(job) = &mut self.job else { return };
        if let Some(r) = job.poll() {
            let cancelled = job.is_cancelled();
            self.job = None;
            match r {
                Ok(mut v) if self.job_is_compare => {
                    v.sort_by(|a, b| b.result.labelled.cmp(&a.result.labelled));
                    self.compare = v;
                }
                Ok(mut v) => self.last = v.pop(),
                Err(_) if cancelled => self.error = Some("Cancelled.".into()),
                Err(e) => self.error = Some(e),
            }
        }
    }

    pub fn show(&mut self, ui: &mut Ui, doc: &mut Document) {
        self.poll();
        egui::Panel::left("counter_side")
            .resizable(true)
            .default_size(280.0)
            .show(ui, |ui| self.settings(ui, doc));
        egui::CentralPanel::default().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.mode, CounterMode::Count, "Counts")
                    .on_hover_text("Result card and the comparison of setups");
                ui.selectable_value(&mut self.mode, CounterMode::Hunt, "Hunt")
                    .on_hover_text("Mark misses and hits; see where the ships probably are");
                ui.selectable_value(&mut self.mode, CounterMode::Fairness, "Fairness")
                    .on_hover_text("How much each island and each cell changes the count");
            });
            ui.separator();
            match self.mode {
                CounterMode::Count => {
                    egui::ScrollArea::vertical().show(ui, |ui| self.results(ui, doc));
                }
                CounterMode::Hunt => self.hunt.show(ui, doc),
                CounterMode::Fairness => self.fairness.show(ui, doc),
            }
        });
        if self.job.is_some() || self.hunt.is_running() || self.fairness.is_running() {
            ui.ctx().request_repaint_after(Duration::from_millis(100));
        }
    }

    fn settings(&mut self, ui: &mut Ui, doc: &mut Document) {
        ui.heading("Count deployments");
        ui.label(format!("Setup: {}", doc.session.setup().name));
        ui.label(crate::textview::describe_board(doc.session.setup()));
        let mut c = doc.session.counter.clone();
        egui::ComboBox::new("engine_combo", "engine")
            .selected_text(c.engine.name())
            .show_ui(ui, |ui| {
                for e in Engine::ALL {
                    ui.selectable_value(&mut c.engine, e, e.name())
                        .on_hover_text(engine_help(e));
                }
            });
        let all_cores = if c.threads == 0 { " (all cores)" } else { "" };
        ui.add(
            egui::DragValue::new(&mut c.threads)
                .range(0..=256)
                .prefix("threads ")
                .suffix(all_cores),
        );
        rule_picker(ui, &mut c.rule);
        if c != doc.session.counter {
            doc.edit(|s| s.counter = c);
        }
        ui.separator();
        let running = self.job.is_some();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!running, egui::Button::new("Start"))
                .on_hover_text("Count the active setup")
                .clicked()
            {
                self.start(ui, doc, false);
            }
            if ui
                .add_enabled(!running, egui::Button::new("Compare all setups"))
                .on_hover_text("Count every setup of the session, side by side")
                .clicked()
            {
                self.start(ui, doc, true);
            }
            if ui.add_enabled(running, egui::Button::new("Cancel")).clicked()
                && let Some(j) = &self.job
            {
                j.cancel();
            }
        });
        if let Some(job) = &self.job {
            job_progress(ui, job, "parts", ui.available_width());
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }

    fn results(&mut self, ui: &mut Ui, _doc: &Document) {
        if let Some(t) = &self.last {
            ui.heading(&t.setup);
            egui::Grid::new("count_card")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    ui.label("Labelled deployments")
                        .on_hover_text("Every ship is distinct (the number the seeds quote)");
                    ui.label(egui::RichText::new(thousands(t.result.labelled)).strong().size(20.0));
                    ui.end_row();
                    ui.label("Distinct layouts")
                        .on_hover_text("Ships of identical shape are interchangeable");
                    ui.label(egui::RichText::new(thousands(t.result.distinct_layouts)).strong());
                    ui.end_row();
                    ui.label("Engine");
                    ui.label(t.result.engine.name());
                    ui.end_row();
                    ui.label("Time");
                    ui.label(format!("{:.3} s", t.seconds));
                    ui.end_row();
                });
            if let Some(n) = &t.result.note {
                ui.label(n);
            }
            ui.label("Placements per piece:");
            egui::Grid::new("placements").striped(true).show(ui, |ui| {
                for (name, n) in t.pieces.iter().zip(&t.result.placements) {
                    ui.label(name);
                    ui.label(thousands(*n as u128));
                    ui.end_row();
                }
            });
            ui.separator();
        }
        if !self.compare.is_empty() {
            ui.heading("All setups");
            let top = self.compare[0].result.labelled.max(1) as f64;
            egui::Grid::new("compare").striped(true).num_columns(4).show(ui, |ui| {
                ui.strong("Setup");
                ui.strong("Labelled");
                ui.strong("Distinct layouts");
                ui.strong("Ratio to most");
                ui.end_row();
                for t in &self.compare {
                    ui.label(&t.setup);
                    ui.label(thousands(t.result.labelled));
                    ui.label(thousands(t.result.distinct_layouts));
                    ui.label(format!("{:.4}", t.result.labelled as f64 / top));
                    ui.end_row();
                }
            });
        }
        if self.last.is_none() && self.compare.is_empty() && self.job.is_none() {
            ui.label("Press Start to count every deployment of the active setup's fleet.");
        }
    }
}
