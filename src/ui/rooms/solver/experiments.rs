//! The Solver room's Experiments tab: the tomography paper's Figure 8
//! (success against SA reads and tabu restarts over random classic fleets,
//! one plot) and a sweep of ε, both in the background with progress.

use crate::jobs::Task;
use crate::session::SolverSettings;
use crate::solve::{RatePoint, Solver, TabuParams, finished_success_curve, random_fleet_problems};
use crate::study::list::{counts, non_negative, parse_list};
use crate::study::sampling::rate_request;
use crate::ui::document::Document;
use crate::ui::room::repaint;
use crate::ui::widgets::job_controls::{JobLabels, job_controls};
use crate::ui::widgets::plot_style::{compact_ticks, key, log_x_ticks};
use egui::{Color32, Ui};
use egui_plot::{HoverPosition, Line, MarkerShape, Plot, Points};

/// What an experiment produced.
pub enum Outcome {
    /// The curves; `cancelled`: a cancel ended the run, and only the budgets that
    /// finished (every instance run) are in them.
    Figure8 {
        sa: Vec<RatePoint>,
        tabu: Vec<RatePoint>,
        cancelled: bool,
    },
    Epsilon {
        points: Vec<RatePoint>,
        cancelled: bool,
    },
}

const CANCELLED_NOTE: &str = "Cancelled: the budgets that finished are plotted.";

#[derive(Default)]
pub struct Experiments {
    figure8: Task<Outcome>,
    epsilon: Task<Outcome>,
}

impl Experiments {
    pub fn is_running(&self) -> bool {
        self.figure8.is_running() || self.epsilon.is_running()
    }

    pub fn show(&mut self, ui: &mut Ui, doc: &mut Document) {
        self.figure8.poll();
        self.epsilon.poll();
        let mut s = doc.session.solver.clone();
        ui.heading("Success against reads and restarts (the paper's Figure 8)");
        ui.label(format!(
            "Instances: {} random classic fleets (10×10, ships may touch, as in the tomography paper), \
             drawn from seed {}; not the open setup. Both experiments use the same fleets.",
            s.experiment_fleets, s.seed
        ));
        ui.horizontal(|ui| {
            ui.add(
                egui::DragValue::new(&mut s.experiment_fleets)
                    .range(1..=crate::study::sampling::MAX_EXPERIMENT_FLEETS)
                    .prefix("fleets "),
            )
            .on_hover_text("Random classic fleets (seed from the Run settings); each is one instance");
            ui.label("SA reads");
            ui.add(egui::TextEdit::singleline(&mut s.experiment_reads).desired_width(140.0))
                .on_hover_text("Comma separated; SA with the Run tab's sweeps and β");
            ui.label("tabu restarts");
            ui.add(egui::TextEdit::singleline(&mut s.experiment_restarts).desired_width(110.0))
                .on_hover_text("Comma separated; one tabu read with this many restarts");
        });
        let labels = JobLabels {
            start: "Run Figure 8",
            start_hover: "Solve every instance at every budget; a success is a returned state that is a fleet",
            cancel: "Cancel Figure 8",
            unit: "runs",
        };
        ui.weak(format!(
            "SA: {} sweeps per read{}; tabu: {} (the Sampler panel's settings).",
            s.anneal.sweeps,
            if s.anneal.beta.is_some() {
                ", β set by hand"
            } else {
                ", automatic β"
            },
            tabu_words(&s.tabu)
        ));
        let free = !self.epsilon.is_running();
        if job_controls(ui, &self.figure8, &labels, free) {
            self.start_figure8(ui, &s);
        }
        if let Some(Outcome::Figure8 { sa, tabu, cancelled }) = &self.figure8.result {
            if self.figure8.is_running() {
                ui.weak("The last finished run's curves; the new run replaces them when it ends.");
            } else if *cancelled {
                ui.weak(CANCELLED_NOTE);
            }
            let lines = [
                ("SA (reads)", sa, Color32::from_rgb(90, 160, 230)),
                ("tabu (restarts)", tabu, Color32::from_rgb(240, 160, 60)),
            ];
            rate_plot(ui, "figure8", "reads or restarts (log scale)", true, &lines);
        }
        ui.separator();
        ui.heading("Success against ε");
        ui.horizontal(|ui| {
            ui.label("ε values");
            ui.add(egui::TextEdit::singleline(&mut s.experiment_epsilons).desired_width(200.0))
                .on_hover_text("Comma separated; the Run tab's sampler and budget on the same fleets");
        });
        let labels = JobLabels {
            start: "Run ε sweep",
            start_hover: "Solve every instance once per ε with the Run tab's sampler",
            cancel: "Cancel ε sweep",
            unit: "runs",
        };
        ui.weak(format!(
            "{} reads of {} per instance (the Sampler panel's settings).",
            s.reads,
            s.sampler_settings().solver_for(None).sampler().describe()
        ));
        let free = !self.figure8.is_running();
        if job_controls(ui, &self.epsilon, &labels, free) {
            self.start_epsilon(ui, &s);
        }
        if let Some(Outcome::Epsilon { points, cancelled }) = &self.epsilon.result {
            if self.epsilon.is_running() {
                ui.weak("The last finished run's curve; the new run replaces it when it ends.");
            } else if *cancelled {
                ui.weak(CANCELLED_NOTE);
            }
            rate_plot(
                ui,
                "epsilon",
                "ε",
                false,
                &[("success", points, Color32::from_rgb(120, 200, 120))],
            );
        }
        if s != doc.session.solver {
            doc.edit(|x| x.solver = s);
        }
    }

    fn start_figure8(&mut self, ui: &Ui, s: &SolverSettings) {
        let (fleets, seed, threads, eps) = (s.experiment_fleets, s.seed, s.threads, s.epsilon);
        let (reads, restarts) = (
            counts(&s.experiment_reads, "SA reads"),
            parse_list::<usize>(&s.experiment_restarts, "restarts", "a whole number ≥ 0"),
        );
        let (anneal, tabu) = (s.anneal.clone(), s.tabu.clone());
        self.figure8.start(repaint(ui), move |job| {
            let (reads, restarts) = (reads?, restarts?);
            // The curves' x axes.
            let reads: Vec<f64> = reads.into_iter().map(|r| r as f64).collect();
            let restarts: Vec<f64> = restarts.into_iter().map(|r| r as f64).collect();
            let problems = random_fleet_problems(fleets, seed, eps).map_err(|e| e.to_string())?;
            let total = ((reads.len() + restarts.len()) * fleets) as u64;
            let base = std::sync::atomic::AtomicU64::new(0);
            let progress = |p: crate::run::Progress| {
                job.progress(crate::run::Progress {
                    done: base.load(std::sync::atomic::Ordering::Relaxed) + p.done,
                    total,
                })
            };
            // A cancel keeps the budgets that finished (both curves end there).
            let (sa, cancelled) = finished_success_curve(
                &problems,
                &reads,
                &|r, i| rate_request(Solver::Anneal(anneal.clone()), r as usize, seed + i as u64, threads),
                job.cancel_flag(),
                &progress,
            )
            .map_err(|e| e.to_string())?;
            if cancelled {
                return Ok(Outcome::Figure8 {
                    sa,
                    tabu: Vec::new(),
                    cancelled,
                });
            }
            base.store((reads.len() * fleets) as u64, std::sync::atomic::Ordering::Relaxed);
            let (tabu, cancelled) = finished_success_curve(
                &problems,
                &restarts,
                &|r, i| {
                    let t = TabuParams {
                        restarts: r as usize,
                        ..tabu.clone()
                    };
                    rate_request(Solver::Tabu(t), 1, seed + i as u64, threads)
                },
                job.cancel_flag(),
                &progress,
            )
            .map_err(|e| e.to_string())?;
            Ok(Outcome::Figure8 { sa, tabu, cancelled })
        });
    }

    fn start_epsilon(&mut self, ui: &Ui, s: &SolverSettings) {
        let epsilons = non_negative(&s.experiment_epsilons, "ε values");
        let (fleets, seed, threads, reads) = (s.experiment_fleets, s.seed, s.threads, s.reads);
        let solver = s.sampler_settings().solver_for(None);
        self.epsilon.start(repaint(ui), move |job| {
            let epsilons = epsilons?;
            let total = (epsilons.len() * fleets) as u64;
            let mut points = Vec::new();
            for (k, &eps) in epsilons.iter().enumerate() {
                let problems = random_fleet_problems(fleets, seed, eps).map_err(|e| e.to_string())?;
                let (mut curve, cancelled) = finished_success_curve(
                    &problems,
                    &[eps],
                    &|_, i| rate_request(solver.clone(), reads, seed + i as u64, threads),
                    job.cancel_flag(),
                    &|p| {
                        job.progress(crate::run::Progress {
                            done: (k * fleets) as u64 + p.done,
                            total,
                        })
                    },
                )
                .map_err(|e| e.to_string())?;
                points.append(&mut curve);
                if cancelled {
                    return Ok(Outcome::Epsilon { points, cancelled });
                }
            }
            Ok(Outcome::Epsilon {
                points,
                cancelled: false,
            })
        });
    }
}

/// Success (%) against x, one line with markers per series.
fn rate_plot(ui: &mut Ui, id: &str, x_label: &str, log_x: bool, series: &[(&str, &Vec<RatePoint>, Color32)]) {
    let x_of = |x: f64| if log_x { x.max(1.0).log10() } else { x };
    let ticks = if log_x { log_x_ticks } else { compact_ticks };
    ticks(Plot::new(id), ui)
        .height(220.0)
        .allow_scroll(false)
        .allow_zoom(false)
        .x_axis_label(x_label)
        .y_axis_label("success (%)")
        .default_y_bounds(0.0, 105.0)
        // The pointer reads the budget itself, not its logarithm.
        .label_formatter(move |hover| {
            let (name, at) = match hover {
                HoverPosition::NearDataPoint {
                    plot_name, position, ..
                } => (*plot_name, position),
                HoverPosition::Elsewhere { position } => ("", position),
            };
            let x = if log_x { 10f64.powf(at.x) } else { at.x };
            let x = if log_x { format!("{x:.0}") } else { format!("{x:.3}") };
            Some(format!("{name}\n{x}: {:.1} % success", at.y).trim_start().to_string())
        })
        .show(ui, |p| {
            for (name, points, color) in series {
                let pts: Vec<[f64; 2]> = points.iter().map(|r| [x_of(r.x), 100.0 * r.rate()]).collect();
                p.line(Line::new(*name, pts.clone()).color(*color));
                p.points(
                    Points::new(*name, pts)
                        .color(*color)
                        .radius(4.0)
                        .shape(MarkerShape::Circle),
                );
            }
        });
    let entries: Vec<(&str, Color32)> = series.iter().map(|(name, _, color)| (*name, *color)).collect();
    key(ui, &entries);
    egui::Grid::new((id, "table")).striped(true).show(ui, |ui| {
        ui.strong("series");
        crate::ui::widgets::table::num_heading(ui, if log_x { "budget" } else { "ε" });
        crate::ui::widgets::table::num_heading(ui, "success");
        crate::ui::widgets::table::num_heading(ui, "median s per instance");
        ui.end_row();
        for (name, points, _) in series {
            for r in points.iter() {
                ui.label(*name);
                crate::ui::widgets::table::num(ui, format!("{}", r.x));
                crate::ui::widgets::table::num(
                    ui,
                    format!("{}/{} ({:.1}%)", r.successes, r.instances, 100.0 * r.rate()),
                );
                let mut s = r.seconds.clone();
                s.sort_by(f64::total_cmp);
                crate::ui::widgets::table::num(ui, format!("{:.4}", s.get(s.len() / 2).copied().unwrap_or(0.0)));
                ui.end_row();
            }
        }
    });
}

fn tabu_words(t: &TabuParams) -> String {
    format!(
        "tenure {}, {} evaluations per search",
        t.tenure.map_or("auto".into(), |v| v.to_string()),
        t.evaluations.map_or("auto".into(), |v| v.to_string())
    )
}
