//! The Solver room's side panel: where the model comes from, its card, the sampler and
//! its settings, and the run controls.

use super::*;
use crate::study::sampling::{UNTIL_RESTARTS, UNTIL_TIME_LIMIT};

impl SolverRoom {
    pub(super) fn side(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        let doc = &mut *ctx.doc;
        let mut s = doc.session.solver.clone();
        ui.heading("Model");
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(&mut s.source, SolverSource::Fleet, "Placed fleet")
                .on_hover_text("The active setup's fleet as placed in Boards: its row and column sums");
            ui.radio_value(&mut s.source, SolverSource::Image, "Image")
                .on_hover_text("The Tomography room's image; click its cells here to pin them");
            ui.radio_value(&mut s.source, SolverSource::Sums, "Sums")
                .on_hover_text("Row and column sums typed in");
            ui.radio_value(&mut s.source, SolverSource::File, "File")
                .on_hover_text("A QUBO file: .coo (dimod) or .qubo (qbsolv)");
            ui.radio_value(&mut s.source, SolverSource::Puzzle, "Puzzle")
                .on_hover_text("The Puzzles room's open puzzle, as the QUBO of its family's paper");
        });
        let mut eliminate_forced = doc.session.puzzles.eliminate_forced;
        match s.source {
            SolverSource::Puzzle => {
                match doc.session.puzzles.current() {
                    Some(p) => ui.label(format!(
                        "'{}' ({}) from the Puzzles room.",
                        p.name,
                        p.puzzle.family_title()
                    )),
                    None => ui.label("The Puzzles room has no puzzle yet."),
                };
                ui.checkbox(&mut eliminate_forced, "Remove forced cells")
                    .on_hover_text("Also remove every cell the rules force without search (givens are always removed)");
            }
            SolverSource::Fleet => {
                setup_picker(ui, "solver_setup", doc);
                ui.checkbox(&mut s.shots_as_pins, "Hunt shots are known cells")
                    .on_hover_text("Hits are known ship cells, misses known water (as the paper's shots)");
                crate::ui::widgets::rule_picker::rule_override_picker(
                    ui,
                    "solver_rule",
                    doc.session.setup().rules,
                    &mut s.touch_override,
                );
            }
            SolverSource::Image => {
                ui.label(format!(
                    "{} pinned; click cells of the image to pin or unpin them.",
                    crate::textview::count(pins_on(&s.pins, &doc.session.tomography.image).len(), "cell", "cells")
                ));
                if ui.button("Clear pins").clicked() {
                    s.pins.clear();
                }
            }
            SolverSource::Sums => {
                for (label, text, hover) in [
                    ("rows", &mut s.rows, "Row sums, comma separated"),
                    ("cols", &mut s.cols, "Column sums, comma separated"),
                    (
                        "ships",
                        &mut s.ships,
                        "Ship lengths that count as a fleet (empty: none)",
                    ),
                ] {
                    ui.horizontal(|ui| {
                        ui.label(label);
                        ui.add(egui::TextEdit::singleline(text).desired_width(220.0))
                            .on_hover_text(hover);
                    });
                }
                // Typed sums have no setup: the rule is chosen here (ships may touch unless set).
                let mut apart = s.touch_override == Some(crate::geometry::TouchRule::NoTouch);
                if ui
                    .checkbox(&mut apart, "Ships may not touch")
                    .on_hover_text("A fleet's ships must not touch, not even at a corner")
                    .changed()
                {
                    s.touch_override = apart.then_some(crate::geometry::TouchRule::NoTouch);
                }
            }
            SolverSource::File => {
                let typed = self
                    .file_text
                    .get_or_insert_with(|| s.file.as_ref().map(|p| p.display().to_string()).unwrap_or_default());
                ui.horizontal(|ui| {
                    let r = ui
                        .add(
                            egui::TextEdit::singleline(typed)
                                .desired_width(200.0)
                                .hint_text("path/to/model.coo"),
                        )
                        .on_hover_text("Type the path and press Enter (or leave the field)");
                    if r.lost_focus() {
                        // Kept absolute, so the session finds it from any folder.
                        let t = typed.trim();
                        s.file = (!t.is_empty()).then(|| std::path::absolute(t).unwrap_or_else(|_| t.into()));
                        if let Some(f) = &s.file {
                            *typed = f.display().to_string();
                        }
                    }
                    if let Some(p) = self
                        .open_model
                        .browse(ui, false, ("QUBO model", &["coo", "qubo"]), None)
                    {
                        let p = std::path::absolute(&p).unwrap_or(p);
                        *typed = p.display().to_string();
                        s.file = Some(p);
                    }
                });
                if ui
                    .button("Reload the file")
                    .on_hover_text("Read the model file again (after it changed on disk)")
                    .clicked()
                {
                    self.model_for = None;
                }
            }
        }
        if eliminate_forced != doc.session.puzzles.eliminate_forced {
            doc.edit(|x| x.puzzles.eliminate_forced = eliminate_forced);
        }
        if !matches!(s.source, SolverSource::File | SolverSource::Puzzle) {
            ui.add(
                egui::DragValue::new(&mut s.epsilon)
                    .range(0.0..=crate::qubo::MAX_WEIGHT)
                    .clamp_existing_to_range(false)
                    .speed(0.0005)
                    .prefix("ε "),
            )
            .on_hover_text("Weight of the Laplacian term (the paper: 0.005)");
            pin_mode_picker(ui, &mut s.pin_mode);
        }
        self.model_card(ui);
        ui.separator();
        ui.heading("Sampler");
        sampler_settings(ui, &mut s, self.model());
        if s != doc.session.solver {
            doc.edit(|x| x.solver = s.clone());
            // The last run's error was about the settings before this change.
            self.run.error = None;
        }
        // The engine's own check of the run on this model (a tabu tenure below
        // its variables), said before Start run rather than by a failed run.
        let check = self.model().map(|m| run_check(&s, &m.problem));
        if let Some(Err(e)) = &check {
            crate::ui::widgets::param_field::warn_note(ui, e.as_str());
        }
        let ready = matches!(check, Some(Ok(())));
        let labels = JobLabels {
            start: "Start run",
            start_hover: "Sample the model in the background",
            cancel: "Cancel run",
            unit: "reads",
        };
        if job_controls(ui, &self.run, &labels, ready)
            && let Some(m) = self.model()
        {
            let problem = m.problem.clone();
            let shown = s.keep;
            let until = s.until_success;
            let plan = s.run_plan();
            match plan.request(&problem) {
                Ok(req) => {
                    self.run_plan = Some(plan.describe(&problem, until));
                    self.live = Live {
                        run: self.live.run + 1,
                        step_label: s.sampler.step_label(),
                        ..Live::default()
                    };
                    // The results below belong to the plots above: both start afresh.
                    self.run.result = None;
                    self.stale_note = None;
                    self.run_problem = Some(problem.clone());
                    self.run
                        .start(repaint(ui), move |job| run_job(&problem, &req, shown, until, job));
                }
                Err(e) => ctx.status(e),
            }
        }
        ui.separator();
        self.export_ui(ui);
    }

    pub(super) fn model_card(&self, ui: &mut Ui) {
        if let Some(e) = self.model_error() {
            ui.colored_label(ui.visuals().error_fg_color, e);
            return;
        }
        let Some(m) = self.model() else {
            crate::ui::widgets::busy::busy(ui);
            return;
        };
        let st = &m.stats;
        egui::Grid::new("model_stats")
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                ui.label("From");
                ui.label(&m.describe);
                ui.end_row();
                ui.label("Variables");
                ui.label(thousands(st.variables as u128));
                ui.end_row();
                ui.label("Couplers").on_hover_text("Pairs with a nonzero weight");
                ui.label(format!(
                    "{} (density {:.3})",
                    thousands(st.couplers as u128),
                    st.density
                ));
                ui.end_row();
                ui.label("Coefficients");
                ui.label(format!("{:.4} … {:.4}", st.min_coefficient, st.max_coefficient));
                ui.end_row();
                ui.label("Precision needed").on_hover_text(
                    "Largest over smallest nonzero |coefficient|: annealers with limited precision need this range",
                );
                ui.label(format!("{:.1}", st.dynamic_range));
                ui.end_row();
                ui.label("Offset")
                    .on_hover_text("The constant |b|², so energies are the squared residual");
                ui.label(trim_number(st.offset));
                ui.end_row();
                if let Some((hot, cold)) = m.beta {
                    ui.label("SA β range")
                        .on_hover_text("As dwave-samplers chooses it; used unless set by hand");
                    ui.label(format!("{hot:.4} … {cold:.1}"));
                    ui.end_row();
                }
                if let Some(e) = m.original_energy {
                    ui.label("Original's energy")
                        .on_hover_text("The picture the sums came from: a feasible energy");
                    ui.label(format!("{e:.6}"));
                    ui.end_row();
                }
                if let Problem::Puzzle(p) = &m.problem
                    && let Some(e) = p.solution_energy()
                {
                    ui.label("Solution energy").on_hover_text(
                        "Every solution has this energy (¼ per \"q or q + 1\" term; Max Chess: −optimum)",
                    );
                    ui.label(trim_number(e));
                    ui.end_row();
                }
            });
    }
}

fn pin_mode_picker(ui: &mut Ui, mode: &mut PinMode) {
    let mut eliminate = *mode == PinMode::Eliminate;
    let mut weight = match mode {
        PinMode::Penalty { weight } => *weight,
        PinMode::Eliminate => 1.0,
    };
    ui.horizontal(|ui| {
        ui.label("Known cells:");
        ui.radio_value(&mut eliminate, false, "penalty")
            .on_hover_text("Add weight·(x − v)² per known cell, as an extra row of L (the paper: weight 1)");
        ui.radio_value(&mut eliminate, true, "removed")
            .on_hover_text("Fix the variable and take it out of the model");
        if !eliminate {
            ui.add(
                // Dragged from 0.001 up; a smaller weight from a file stays as it is.
                egui::DragValue::new(&mut weight)
                    .range(0.001..=crate::qubo::MAX_WEIGHT)
                    .clamp_existing_to_range(false)
                    .speed(0.05)
                    .prefix("weight "),
            );
        }
    })
    .response
    .on_hover_text(pin_mode_label(*mode));
    *mode = if eliminate {
        PinMode::Eliminate
    } else {
        PinMode::Penalty { weight }
    };
}

/// The run's settings; `model` gives what each auto setting comes to on it.
fn sampler_settings(ui: &mut Ui, s: &mut SolverSettings, model: Option<&StudyModel>) {
    // First, so that ticking it (which picks tabu, whose settings take
    // more rows) moves the rows below it, never the box under the pointer.
    let until = ui
        .checkbox(&mut s.until_success, "Stop at the first success")
        .on_hover_text(format!(
            "End the run at the first read that returns a fleet (X-ray models) or a solution (puzzles). Ticking \
             it also sets the budget that gets there: tabu search with {} restarts a read, and a time limit of \
             {} s if there is none (change them afterwards as you like)",
            thousands(UNTIL_RESTARTS as u128),
            UNTIL_TIME_LIMIT
        ));
    if until.changed() && s.until_success {
        s.stop_at_first_success();
    }
    ui.horizontal(|ui| {
        for &kind in SamplerKind::ALL {
            ui.radio_value(&mut s.sampler, kind, kind.label());
        }
    });
    ui.add(
        egui::DragValue::new(&mut s.reads)
            .range(1..=crate::solve::MAX_READS)
            .prefix("reads "),
    )
    .on_hover_text("Independent runs; each has its own random stream from the seed");
    // The chosen sampler's own settings, drawn from its description.
    let mut solver = s.settings_of(s.sampler);
    for p in s.sampler.params() {
        let Some(mut value) = solver.get(p.name) else { continue };
        let before = value;
        let model_value = model.and_then(|m| m.model_value(s.sampler, p.name));
        crate::ui::widgets::param_field::param_field(ui, p, &mut value, model_value);
        if value != before
            && let Err(e) = solver.set(p.name, value)
        {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }
    if solver != s.settings_of(s.sampler) {
        s.set_settings(solver);
    }
    ui.horizontal(|ui| {
        ui.add(egui::DragValue::new(&mut s.seed).prefix("seed "))
            .on_hover_text("Master seed: the same seed gives the same answers on any number of threads");
        ui.add(
            egui::DragValue::new(&mut s.threads)
                .range(0..=crate::run::max_threads())
                .prefix("threads ")
                .custom_formatter(|v, _| if v == 0.0 { "all cores".into() } else { format!("{v}") }),
        )
        .on_hover_text("0 = every core");
    });
    ui.horizontal(|ui| {
        ui.add(egui::DragValue::new(&mut s.keep).range(1..=1000).prefix("keep "))
            .on_hover_text(
                "How many of the best distinct states to list; success is judged over every state the run returned",
            );
        let mut limit = s.time_limit.unwrap_or(0.0);
        ui.add(
            egui::DragValue::new(&mut limit)
                .range(0.0..=86_400.0)
                .speed(0.5)
                .prefix("time limit ")
                .custom_formatter(|v, _| if v == 0.0 { "none".into() } else { format!("{v} s") }),
        )
        .on_hover_text("0 = none");
        s.time_limit = (limit > 0.0).then_some(limit);
    });
}

/// Whether a run with these settings can start on `problem`: the request the
/// Start button makes, checked by the engine's own `solve::validate`, as a sentence.
fn run_check(s: &SolverSettings, problem: &Problem) -> Result<(), String> {
    s.run_plan()
        .request(problem)
        .and_then(|req| crate::solve::validate(problem.qubo(), &req))
        .map_err(|e| {
            let e = crate::quote::sentence(&e);
            if e.ends_with(['.', '!', '?']) { e } else { e + "." }
        })
}

/// A number without float noise: 82.30499999999999 → "82.305".
fn trim_number(v: f64) -> String {
    let s = format!("{v:.9}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// How known cells enter the model, for the settings panel.
pub fn pin_mode_label(m: PinMode) -> String {
    match m {
        PinMode::Penalty { weight } => format!("penalty terms (weight {weight})"),
        PinMode::Eliminate => "removed from the model".into(),
    }
}
