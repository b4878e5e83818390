//! The Solver room's Hardware tab: will the model run on a D-Wave machine?
//! Pick a qubit graph, embed the model in the background (or import an
//! embedding), look at the chains on the graph, read the precision verdicts,
//! simulate the embedded problem over a chain-strength sweep, and export the
//! embedding and the embedded problem. The work is `study::hardware`'s.

use crate::hardware::{EmbedMethod, EmbedOptions, EmbedProgress, Topology};
use crate::jobs::{JobCtx, Task};
use crate::run::Progress;
use crate::session::{HardwareSettings, SavedEmbedding};
use crate::solve::Problem;
use crate::study::StudyModel;
use crate::study::hardware::{
    EmbedSummary, HardwarePlan, HardwareReport, MAX_HARDWARE_READS, MAX_TRIES, TARGETS, embed_model, from_chains,
    hardware_report, imported, interactions, parse_strengths, summarize, target_graph,
};
use crate::ui::room::{RoomCtx, repaint};
use crate::ui::widgets::job_controls::{JobLabels, job_controls, task_status};
use crate::ui::widgets::path_picker::PathPicker;
use crate::ui::widgets::qubit_view::{NO_CHAIN, QubitDrawing, QubitView};
use egui::Ui;
use std::path::PathBuf;
use target::{same_graph, target_name};

mod target;

/// An embedding as the tab shows it.
pub struct EmbedView {
    pub summary: EmbedSummary,
    pub drawing: QubitDrawing,
    /// The interactions of the model it was made for (it stays shown while
    /// the model keeps them: another fleet's X-ray QUBO has the same ones).
    pub for_edges: (usize, Vec<(usize, usize)>),
    /// "found by …" or "imported from …".
    pub origin: String,
    /// The model generation it was made for.
    pub generation: u64,
}

/// A sweep's report and the model it ran on.
pub struct SweepView {
    pub report: HardwareReport,
    pub model_generation: u64,
}

#[derive(Default)]
pub struct HardwareTab {
    embed: Task<EmbedView>,
    /// The shown embedding's figures recomputed for a new model with the same
    /// interactions (another fleet's X-ray QUBO): the generation it was for.
    refresh: Task<(u64, EmbedSummary)>,
    /// The model generation the shown figures are of.
    summary_generation: Option<u64>,
    /// The generation a refresh was last started for.
    refresh_asked: Option<u64>,
    /// The session's saved embedding was offered to the tab (once per session load).
    restored: bool,
    sweep: Task<SweepView>,
    view: QubitView,
    /// Whether the shown embedding fits the current model, for the model generation checked.
    fits: Option<(u64, bool)>,
    import_picker: PathPicker,
    emb_picker: PathPicker,
    bqm_picker: PathPicker,
    files: Task<String>,
    /// The chain strength of an embedded-problem export (empty: the default).
    export_strength: String,
    /// The target graph the tab last drew: a new one clears what the old one had.
    target_seen: Option<String>,
}

/// The drawing of an embedding on its graph (made in the job).
fn drawing(summary: &EmbedSummary) -> QubitDrawing {
    let g = &summary.target;
    let index: std::collections::HashMap<u32, u32> = g.nodes.iter().enumerate().map(|(i, &q)| (q, i as u32)).collect();
    let raw: Vec<(f64, f64)> = g.nodes.iter().map(|&q| g.position(q)).collect();
    let (mut lo, mut hi) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
    for &(x, y) in &raw {
        lo = (lo.0.min(x), lo.1.min(y));
        hi = (hi.0.max(x), hi.1.max(y));
    }
    let span = (hi.0 - lo.0).max(hi.1 - lo.1).max(1e-9);
    let positions = raw
        .iter()
        .map(|&(x, y)| [((x - lo.0) / span) as f32, ((y - lo.1) / span) as f32])
        .collect();
    let mut owner = vec![NO_CHAIN; g.nodes.len()];
    let chains = &summary.embedded.chains;
    for (v, chain) in chains.iter().enumerate() {
        for q in chain {
            owner[index[q] as usize] = v as u32;
        }
    }
    let edges: Vec<(u32, u32)> = g.edges.iter().map(|(a, b)| (index[a], index[b])).collect();
    let chain_edges = edges
        .iter()
        .filter(|(a, b)| owner[*a as usize] != NO_CHAIN && owner[*a as usize] == owner[*b as usize])
        .map(|&(a, b)| (a, b, owner[a as usize]))
        .collect();
    QubitDrawing {
        positions,
        labels: g.nodes.clone(),
        edges,
        owner,
        chain_edges,
        chain_len: chains.iter().map(|c| c.len() as u32).collect(),
    }
}

fn view_of(problem: &Problem, summary: EmbedSummary, origin: String, generation: u64) -> EmbedView {
    let q = problem.qubo();
    EmbedView {
        drawing: drawing(&summary),
        for_edges: (q.len(), interactions(problem)),
        summary,
        origin,
        generation,
    }
}

impl HardwareTab {
    pub fn is_running(&self) -> bool {
        self.embed.is_running() || self.sweep.is_running() || self.files.is_running()
    }

    /// The shown embedding, if any.
    pub fn embedding(&self) -> Option<&EmbedView> {
        self.embed.result.as_ref()
    }

    /// The last sweep, if any.
    pub fn sweep(&self) -> Option<&SweepView> {
        self.sweep.result.as_ref()
    }

    pub fn embed_error(&self) -> Option<&str> {
        self.embed.error.as_deref()
    }

    pub fn sweep_error(&self) -> Option<&str> {
        self.sweep.error.as_deref()
    }

    /// Draws the tab. `model` is the built model and `generation` counts
    /// the models built so far (a new one is a new generation).
    pub fn show(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>, model: Option<&StudyModel>, generation: u64) {
        let mut s = ctx.doc.session.solver.hardware.clone();
        if self.embed.poll()
            && let Some(e) = &self.embed.result
        {
            // A new embedding: seen whole, and kept with the session.
            self.view = QubitView::default();
            self.summary_generation = Some(e.generation);
            let spec = e.summary.target.family.spec();
            s.embedding = Some(SavedEmbedding {
                target: spec,
                chains: e.summary.embedded.chains.clone(),
            });
        }
        if self.refresh.poll()
            && let (Some((g, summary)), Some(e)) = (self.refresh.result.take(), self.embed.result.as_mut())
        {
            e.summary = summary;
            self.summary_generation = Some(g);
        }
        self.sweep.poll();
        self.files.poll();
        // A target changed outside the tab (an undo) is followed before the
        // saved embedding is offered, so that the embedding restored is kept.
        if let Some(note) = self.follow_target(&mut s) {
            ctx.status(note);
        }
        self.restore(ui, &s, model, generation);
        ui.heading("Embed onto a qubit graph");
        ui.label(
            "D-Wave's machines couple each qubit to a few others, so each variable becomes a chain of qubits \
             held together by a strong coupling. Embed finds the chains (verified before they are shown).",
        );
        self.embed_controls(ui, &mut s, model, generation);
        if let Some(note) = self.follow_target(&mut s) {
            ctx.status(note);
        }
        self.import_ui(ui, &s.target, model, generation);
        let fits = self.fits(model, generation);
        self.keep_figures_current(ui, model, generation, fits);
        if let Some(e) = &self.embed.result {
            ui.separator();
            if !fits {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    "The model's interactions changed since this embedding was made: embed again (the drawing \
                     and figures below are the old model's).",
                );
            }
            if fits && self.summary_generation != Some(generation) {
                ui.weak("Recomputing the figures for the edited model…");
            }
            summary_ui(ui, e);
            let names = variable_namer(model);
            self.view.show(ui, &e.drawing, 380.0, &names);
            self.files_ui(ui, model, fits);
        }
        ui.separator();
        ui.heading("Chain strength: simulate the embedded problem");
        self.sweep_controls(ui, &mut s, model, generation, fits);
        if let Some(sw) = &self.sweep.result {
            if sw.model_generation != generation {
                ui.weak("This sweep ran on the model before the last edit.");
            }
            super::hardware_plot::sweep_plot(ui, &sw.report);
        }
        if s != ctx.doc.session.solver.hardware {
            ctx.doc.edit(|x| x.solver.hardware = s);
        }
    }

    /// Shows the session's saved embedding (once per load), checked against the model.
    fn restore(&mut self, ui: &Ui, s: &HardwareSettings, model: Option<&StudyModel>, generation: u64) {
        if self.restored || self.embed.is_running() || self.embed.result.is_some() {
            return;
        }
        let (Some(saved), Some(m)) = (&s.embedding, model) else {
            return;
        };
        // An embedding on another graph than the target chosen is not shown as if it were on it.
        if !same_graph(&saved.target, &s.target) {
            return;
        }
        self.restored = true;
        let (problem, saved) = (m.problem.clone(), saved.clone());
        self.embed.start(repaint(ui), move |job: &JobCtx<()>| {
            let target = target_graph(&saved.target, job.cancel_flag())?;
            let summary = from_chains(&problem, target, saved.chains)
                .map_err(|e| format!("the embedding saved with the session does not fit the model: {e}"))?;
            Ok(view_of(
                &problem,
                summary,
                "the embedding saved with the session".into(),
                generation,
            ))
        });
    }

    /// Recomputes the shown figures when the model changed but still fits
    /// (another fleet's X-ray QUBO: same interactions, other coefficients).
    fn keep_figures_current(&mut self, ui: &Ui, model: Option<&StudyModel>, generation: u64, fits: bool) {
        if !fits
            || self.summary_generation == Some(generation)
            || self.refresh_asked == Some(generation)
            || self.refresh.is_running()
        {
            return;
        }
        let (Some(m), Some(e)) = (model, &self.embed.result) else {
            return;
        };
        if self.embed.is_running() {
            return;
        }
        let (problem, target, embedded) = (m.problem.clone(), e.summary.target.clone(), e.summary.embedded.clone());
        // Asked once per generation, whatever the answer.
        self.refresh_asked = Some(generation);
        self.refresh.start(repaint(ui), move |_| {
            Ok((generation, summarize(&problem, target, embedded)?))
        });
    }

    /// Whether the shown embedding fits the model (checked once per model).
    fn fits(&mut self, model: Option<&StudyModel>, generation: u64) -> bool {
        let (Some(m), Some(e)) = (model, &self.embed.result) else {
            return false;
        };
        if let Some((g, fits)) = self.fits
            && g == generation
        {
            return fits;
        }
        let fits = e.for_edges.0 == m.problem.qubo().len() && e.for_edges.1 == interactions(&m.problem);
        self.fits = Some((generation, fits));
        fits
    }

    fn embed_controls(&mut self, ui: &mut Ui, s: &mut HardwareSettings, model: Option<&StudyModel>, generation: u64) {
        ui.horizontal_wrapped(|ui| {
            ui.label("Target");
            egui::ComboBox::from_id_salt("hardware_target")
                .selected_text(target_name(&s.target))
                .show_ui(ui, |ui| {
                    for (spec, name) in TARGETS {
                        ui.selectable_value(&mut s.target, spec.to_string(), name);
                    }
                })
                .response
                .on_hover_text("The qubit graph: Pegasus P16 is Advantage's, Zephyr Z15 Advantage2's");
            ui.label("Method");
            egui::ComboBox::from_id_salt("hardware_method")
                .selected_text(s.method.clone())
                .show_ui(ui, |ui| {
                    for (m, hover) in [
                        ("auto", "The clique embedding for dense models (small ones also by the heuristic, keeping the better), else the heuristic"),
                        ("heuristic", "Cai, Macready and Roy's search, as minorminer runs it"),
                        ("clique", "Chains along the graph's lines, as for a complete graph, trimmed to the model"),
                    ] {
                        ui.selectable_value(&mut s.method, m.to_string(), m).on_hover_text(hover);
                    }
                });
            ui.add(egui::DragValue::new(&mut s.seed).prefix("seed "))
                .on_hover_text("The same seed finds the same embedding");
            ui.add(egui::DragValue::new(&mut s.tries).range(1..=MAX_TRIES).prefix("tries "))
                .on_hover_text("Fresh starts of the heuristic before it gives up");
            let mut limited = s.time_limit.is_some();
            if ui
                .checkbox(&mut limited, "time limit")
                .on_hover_text(
                    "Stop the heuristic with the best valid embedding found by then (the limit also covers \
                     building the target graph)",
                )
                .changed()
            {
                s.time_limit = limited.then_some(60.0);
            }
            if let Some(t) = &mut s.time_limit {
                // Dragged from a second up; a shorter limit from a file stays as it is.
                ui.add(
                    egui::DragValue::new(t)
                        .range(1.0..=crate::study::sampling::MAX_TIME_LIMIT)
                        .clamp_existing_to_range(false)
                        .suffix(" s"),
                );
            }
        });
        let labels = JobLabels {
            start: "Embed",
            start_hover: "Find chains for every variable on the target graph (in the background)",
            cancel: "Cancel embedding",
            unit: "tries",
        };
        let can = model.is_some() && !self.sweep.is_running();
        if model.is_none() {
            ui.weak("The model is not ready (see the Run tab).");
        }
        if job_controls(ui, &self.embed, &labels, can)
            && let Some(m) = model
        {
            self.start_embed(ui, s, &m.problem, generation);
        }
    }

    fn start_embed(&mut self, ui: &Ui, s: &HardwareSettings, problem: &Problem, generation: u64) {
        let problem = problem.clone();
        let (spec, method, seed, tries, limit) = (s.target.clone(), s.method.clone(), s.seed, s.tries, s.time_limit);
        self.fits = None;
        self.embed.start(repaint(ui), move |job: &JobCtx<()>| {
            let method = crate::hardware::EmbedMethod::parse(&method)?;
            let mut cancel = job.cancel_flag().clone();
            if let Some(t) = crate::study::sampling::time_limit(limit)? {
                job.time_limit(t);
                cancel = cancel.with_time_limit(t);
            }
            job.note(format!("building the graph {spec}"));
            let target = target_graph(&spec, &cancel)?;
            let options = EmbedOptions {
                seed,
                tries,
                method,
                ..Default::default()
            };
            let progress = |p: EmbedProgress| {
                job.progress(Progress {
                    done: p.try_index as u64,
                    total: tries as u64,
                });
                job.note(match p.longest_chain {
                    Some(l) => format!("try {}, pass {}: valid, longest chain {l}", p.try_index + 1, p.passes),
                    None => format!(
                        "try {}, pass {}: up to {} chains share a qubit",
                        p.try_index + 1,
                        p.passes,
                        p.worst_fill
                    ),
                });
            };
            let summary = embed_model(&problem, target, &options, &cancel, &progress).map_err(|e| e.to_string())?;
            let origin = match summary.embedded.method {
                EmbedMethod::Clique => "the clique embedding".to_string(),
                _ => format!("the heuristic, try {}", summary.embedded.try_index + 1),
            };
            Ok(view_of(&problem, summary, origin, generation))
        });
    }

    fn sweep_controls(
        &mut self,
        ui: &mut Ui,
        s: &mut HardwareSettings,
        model: Option<&StudyModel>,
        generation: u64,
        fits: bool,
    ) {
        ui.label(
            "Samples the embedded problem (chains as couplings) with simulated annealing at each chain strength, \
             reads each chain back by majority vote, and judges the answers as the Run tab does: too weak a chain \
             breaks, too strong a one drowns the model's own terms in the machine's precision.",
        );
        ui.horizontal_wrapped(|ui| {
            ui.add(
                egui::DragValue::new(&mut s.reads)
                    .range(1..=MAX_HARDWARE_READS)
                    .prefix("reads "),
            )
            .on_hover_text("Simulated annealing reads per chain strength (1000 sweeps each)");
            ui.label("chain strengths");
            ui.add(
                egui::TextEdit::singleline(&mut s.strengths)
                    .desired_width(200.0)
                    .hint_text("0.25x … 4x of the default"),
            )
            .on_hover_text(
                "Comma separated: numbers, or multiples of D-Wave's default such as 0.5x, 1x, 2x; empty: \
                 0.25x, 0.5x, 0.75x, 1x, 1.5x, 2x, 3x, 4x",
            );
        });
        let labels = JobLabels {
            start: "Simulate",
            start_hover: "Sample the embedded problem at each chain strength (in the background)",
            cancel: "Cancel simulation",
            unit: "strengths",
        };
        let ready = model.is_some() && self.embed.result.is_some() && fits && !self.embed.is_running();
        if self.embed.result.is_none() {
            ui.weak("Embed the model first.");
        }
        if job_controls(ui, &self.sweep, &labels, ready)
            && let (Some(m), Some(e)) = (model, &self.embed.result)
        {
            let problem = m.problem.clone();
            let chains = e.summary.embedded.chains.clone();
            let target: Topology = e.summary.target.clone();
            let (reads, text, seed, threads) = (s.reads, s.strengths.clone(), s.seed, 0);
            self.sweep.start(repaint(ui), move |job: &JobCtx<()>| {
                let mut plan = HardwarePlan::new(&problem, reads);
                plan.strengths = parse_strengths(&text, crate::study::hardware::default_strength(&problem))?;
                plan.seed = seed;
                plan.threads = threads;
                let total = plan.strengths.len() as u64;
                job.progress(Progress { done: 0, total });
                let report = hardware_report(&problem, &chains, &target, &plan, job.cancel_flag(), &|done| {
                    job.progress(Progress {
                        done: done as u64,
                        total,
                    })
                })
                .map_err(|e| e.to_string())?;
                Ok(SweepView {
                    report,
                    model_generation: generation,
                })
            });
        }
    }

    fn files_ui(&mut self, ui: &mut Ui, model: Option<&StudyModel>, fits: bool) {
        ui.horizontal_wrapped(|ui| {
            ui.label("Embedding (minorminer's JSON):");
            if let Some(path) = self.emb_picker.browse(
                ui,
                true,
                ("Embedding", &["json"]),
                Some(&PathBuf::from("embedding.json")),
            ) && let Some(e) = &self.embed.result
            {
                let text = crate::hardware::embedding_to_json(&e.summary.embedded.chains);
                self.files.start(repaint(ui), move |_| {
                    crate::session::write_text(&path, &text).map_err(|e| e.to_string())?;
                    Ok(format!("Exported the embedding to {}", path.display()))
                });
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("Embedded problem (dimod's binary BQM), chain strength");
            ui.add(
                egui::TextEdit::singleline(&mut self.export_strength)
                    .desired_width(70.0)
                    .hint_text("default"),
            )
            .on_hover_text("A number, or a multiple of the default such as 1.5x; empty: D-Wave's default");
            let can = fits && model.is_some();
            ui.add_enabled_ui(can, |ui| {
                if let Some(path) =
                    self.bqm_picker
                        .browse(ui, true, ("Binary BQM", &["bqm"]), Some(&PathBuf::from("embedded.bqm")))
                    && let (Some(m), Some(e)) = (model, &self.embed.result)
                {
                    let problem = m.problem.clone();
                    let chains = e.summary.embedded.chains.clone();
                    let target = e.summary.target.clone();
                    let text = self.export_strength.clone();
                    self.files.start(repaint(ui), move |_| {
                        let default = crate::study::hardware::default_strength(&problem);
                        let strength =
                            match parse_strengths(if text.trim().is_empty() { "1x" } else { &text }, default)?[..] {
                                [one] => one,
                                _ => return Err("one chain strength for an export".into()),
                            };
                        let p = crate::hardware::embed_problem(problem.qubo(), &chains, &target, strength)?;
                        crate::session::write_bytes(&path, &crate::qubo::write_bqm_labelled(&p.qubo, &p.labels))
                            .map_err(|e| e.to_string())?;
                        Ok(format!(
                            "Exported the embedded problem ({} qubits, chain strength {strength:.4}) to {}",
                            p.qubo.len(),
                            path.display()
                        ))
                    });
                }
            });
        });
        task_status(ui, &self.files, "");
        if let Some(msg) = self.files.result.as_ref().filter(|_| !self.files.is_running()) {
            ui.weak(msg);
        }
    }

    /// An "Import embedding…" row: reads minorminer's JSON for the current model and target.
    pub fn import_ui(&mut self, ui: &mut Ui, target: &str, model: Option<&StudyModel>, generation: u64) {
        ui.horizontal(|ui| {
            ui.label("Or import an embedding:");
            if let Some(path) = self.import_picker.browse(ui, false, ("Embedding", &["json"]), None)
                && let Some(m) = model
            {
                let problem = m.problem.clone();
                let spec = target.to_string();
                self.fits = None;
                self.embed.start(repaint(ui), move |job: &JobCtx<()>| {
                    let text = crate::session::read_text(&path).map_err(|e| e.to_string())?;
                    let summary = imported(&problem, target_graph(&spec, job.cancel_flag())?, &text)
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                    Ok(view_of(
                        &problem,
                        summary,
                        format!("imported from {}", path.display()),
                        generation,
                    ))
                });
            }
        });
    }
}

/// Names a variable: its cell for an X-ray model.
fn variable_namer(model: Option<&StudyModel>) -> impl Fn(u32) -> String + '_ {
    move |v| {
        let cell = model
            .and_then(|m| m.problem.xray())
            .and_then(|x| x.model.variable_cells().get(v as usize).copied());
        match cell {
            Some((r, c)) => format!("variable {v} (row {}, col {})", r + 1, c + 1),
            None => format!("variable {v}"),
        }
    }
}

/// The embedding's figures and the precision verdicts.
fn summary_ui(ui: &mut Ui, e: &EmbedView) {
    let s = &e.summary;
    let x = &s.embedded;
    ui.label(format!(
        "{}: {} qubits of {} for {} variables · longest chain {} · mean {:.2} · {} couplers inside chains, {} \
         carrying the model's couplers · by {} (verified)",
        s.target.family.name(),
        x.qubits,
        s.target.nodes.len(),
        x.chains.len(),
        x.max_chain,
        x.mean_chain(),
        s.chain_couplers,
        s.logical_couplers,
        e.origin
    ));
    ui.label(format!(
        "Chain strength: D-Wave's default (uniform torque compensation) is {:.4}.",
        s.default_strength
    ));
    let line = |ui: &mut Ui, head: &str, text: &str| {
        ui.horizontal_wrapped(|ui| {
            ui.strong(head);
            ui.label(text);
        });
    };
    line(ui, "Logical model:", &s.logical.verdict());
    if let Some(l) = &s.laplacian {
        line(ui, "In words:", l);
    }
    line(ui, "Embedded, at the default strength:", &s.at_default.verdict());
}
