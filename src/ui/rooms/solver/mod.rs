//! Room "Solver": the X-ray QUBO of "Battleship, tomography and quantum
//! annealing" (or any QUBO file) sampled by simulated annealing or tabu search
//! on background threads, with live plots, every answer judged exactly, the
//! model exported for D-Wave's tools, and the paper's experiments.

mod experiments;
mod model;
mod run;

use crate::geometry::Coord;
use crate::jobs::Task;
use crate::qubo::{ModelFormat, PinMode};
use crate::session::{SamplerKind, SolverSettings, SolverSource, TomographySubject};
use crate::solve::{Problem, PuzzleProblem};
use crate::study::model::pins_on;
use crate::study::{JudgedRun, ModelRecipe, RunPlan, StudyModel};
use crate::textview::thousands;
use crate::ui::document::Document;
use crate::ui::room::{Command, Room, RoomCtx, RoomMessage, repaint};
use crate::ui::widgets::board_view::{BoardView, Decorations, Mark};
use crate::ui::widgets::job_controls::{JobLabels, job_controls};
use crate::ui::widgets::layout::{SIDE_PANEL_MAX, SIDE_PANEL_MIN, SIDE_PANEL_WIDTH};
use crate::ui::widgets::palette;
use crate::ui::widgets::path_picker::PathPicker;
use crate::ui::widgets::setup_picker::setup_picker;
use egui::{Color32, Ui, vec2};
use experiments::Experiments;
use model::pin_mode_label;
use run::{Live, RunTask, plots, realisation, run_job};
use std::time::Duration;

pub const ID: &str = "solver";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
enum SolverTab {
    #[default]
    Run,
    Experiments,
}

#[derive(Default)]
pub struct SolverRoom {
    tab: SolverTab,
    model: Task<StudyModel>,
    /// What the model was built from (rebuilt, and results cleared, when it changes).
    model_for: Option<Result<ModelRecipe, String>>,
    /// The typed model file path (kept while typing).
    file_text: Option<String>,
    run: RunTask,
    live: Live,
    /// The result shown large.
    picked: usize,
    detail_view: BoardView,
    pin_view: BoardView,
    experiments: Experiments,
    open_model: PathPicker,
    export_picker: PathPicker,
    export_path: String,
    export_format: Option<ModelFormat>,
    export: Task<String>,
}

const GUIDE: &str = "Builds a QUBO and samples it. Source: the active setup's placed fleet (its row and column \
sums; optionally its hunt shots as known cells), the Tomography room's image (click cells of the image here to \
pin them: known cells), typed sums (with the ship lengths that count as a fleet), or a model file (.coo as dimod \
writes it, .qubo as qbsolv reads it). The model is the tomography paper's |Lx − b|² + ε|Δx|² with the offset kept, \
so a fleet's energy is ε times its Laplacian energy.

Sampler: simulated annealing (reads, sweeps; β from the model as dwave-samplers chooses it unless set) or tabu \
search (restarts per read, MST2; tenure min(20, n/4)). Start run works in the background; the plots follow live: the \
energy of the first reads per sweep, the lowest energy against time, the final energies with the original \
picture's energy marked. Results: the best distinct states, how often each was found, whether it is a fleet \
(or the original picture); click one to see it, send it to Tomography or, with its fleet, to Boards.

Experiments: the paper's Figure 8 (success against SA reads and tabu restarts over random classic fleets) and \
success against ε. Export writes the model for D-Wave's tools.";

impl Room for SolverRoom {
    fn id(&self) -> &'static str {
        ID
    }
    fn title(&self) -> &'static str {
        "Solver"
    }
    fn tooltip(&self) -> &'static str {
        "QUBO models sampled by simulated annealing and tabu search, live plots"
    }
    fn guide(&self) -> &'static str {
        GUIDE
    }
    fn busy(&self) -> bool {
        self.model.is_running() || self.run.is_running() || self.experiments.is_running() || self.export.is_running()
    }
    fn reset(&mut self) {
        let tab = self.tab;
        *self = SolverRoom::default();
        self.tab = tab;
    }
    fn tab(&self) -> Option<&'static str> {
        Some(match self.tab {
            SolverTab::Run => "run",
            SolverTab::Experiments => "experiments",
        })
    }
    fn tabs(&self) -> &'static [&'static str] {
        &["run", "experiments"]
    }
    fn set_tab(&mut self, tab: &str) {
        match tab {
            "run" => self.tab = SolverTab::Run,
            "experiments" => self.tab = SolverTab::Experiments,
            _ => {}
        }
    }
    fn receive(&mut self, _message: RoomMessage, _ctx: &mut RoomCtx<'_>) {}

    fn ui(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        self.sync(ui, ctx.doc);
        self.live.take(self.run.drain_updates());
        if self.run.poll() {
            self.picked = 0;
            self.live.end = self.run.result.as_ref().map(|r| r.set.seconds);
        }
        if self.export.poll()
            && let Some(msg) = self.export.result.take()
        {
            ctx.status(msg);
        }
        egui::Panel::left("solver_side")
            .resizable(true)
            .default_size(SIDE_PANEL_WIDTH)
            .size_range(SIDE_PANEL_MIN..=SIDE_PANEL_MAX)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.side(ui, ctx));
            });
        egui::CentralPanel::default().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.tab, SolverTab::Run, "Run")
                    .on_hover_text("Sample the model; live plots and results");
                ui.selectable_value(&mut self.tab, SolverTab::Experiments, "Experiments")
                    .on_hover_text("Figure 8 of the paper and a sweep of ε");
            });
            ui.separator();
            match self.tab {
                SolverTab::Run => self.central(ui, ctx),
                SolverTab::Experiments => {
                    egui::ScrollArea::vertical().show(ui, |ui| self.experiments.show(ui, ctx.doc));
                }
            }
        });
        if self.run.is_running() {
            // Five frames a second keep the plots live without taking a core.
            ui.ctx().request_repaint_after(Duration::from_millis(200));
        }
    }
}

impl SolverRoom {
    /// The built model, once ready.
    pub fn model(&self) -> Option<&StudyModel> {
        self.model.result.as_ref().filter(|_| !self.model.is_running())
    }

    /// The model's error (a fleet not placed, a bad file, …).
    /// Types a path into the Export field (as a person would).
    pub fn set_export_path(&mut self, path: &str) {
        self.export_path = path.to_string();
    }

    /// The last export's message (its error, if it failed).
    pub fn export_error(&self) -> Option<&str> {
        self.export.error.as_deref()
    }

    pub fn model_error(&self) -> Option<&str> {
        self.model.error.as_deref()
    }

    pub fn result(&self) -> Option<&JudgedRun> {
        self.run.result.as_ref()
    }

    pub fn run_error(&self) -> Option<&str> {
        self.run.error.as_deref()
    }

    pub fn is_solving(&self) -> bool {
        self.run.is_running()
    }

    /// Final energies the live histogram has received.
    pub fn live_finals(&self) -> usize {
        self.live.finals.len()
    }

    /// Rebuilds the model when what it is built from changed; results of the
    /// old model go with it.
    fn sync(&mut self, ui: &Ui, doc: &Document) {
        self.model.poll();
        let input = ModelRecipe::of_session(&doc.session);
        if self.model_for.as_ref() == Some(&input) {
            return;
        }
        self.model_for = Some(input.clone());
        self.model.result = None;
        self.run.clear();
        self.live = Live::default();
        self.model.start(repaint(ui), move |_| input?.build());
    }

    fn side(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
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
                    Some(p) => ui.label(format!("'{}' ({}) from the Puzzles room.", p.name, p.puzzle.family())),
                    None => ui.label("The Puzzles room has no puzzle yet."),
                };
                ui.checkbox(&mut eliminate_forced, "Remove forced cells")
                    .on_hover_text("Also remove every cell the rules force without search (givens are always removed)");
            }
            SolverSource::Fleet => {
                setup_picker(ui, "solver_setup", doc);
                ui.checkbox(&mut s.shots_as_pins, "Hunt shots are known cells")
                    .on_hover_text("Hits are known ship cells, misses known water (as the paper's shots)");
            }
            SolverSource::Image => {
                ui.label(format!(
                    "{} pinned cell(s); click cells of the image to pin or unpin them.",
                    pins_on(&s.pins, &doc.session.tomography.image).len()
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
                        s.file = (!typed.trim().is_empty()).then(|| typed.trim().into());
                    }
                    if let Some(p) = self
                        .open_model
                        .browse(ui, false, ("QUBO model", &["coo", "qubo"]), None)
                    {
                        *typed = p.display().to_string();
                        s.file = Some(p);
                    }
                });
                if self.open_model.no_dialog {
                    ui.weak("No file dialog is available here: type the path.");
                }
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
                    .range(0.0..=10.0)
                    .speed(0.0005)
                    .prefix("ε "),
            )
            .on_hover_text("Weight of the Laplacian term (the paper: 0.005)");
            pin_mode_picker(ui, &mut s.pin_mode);
        }
        self.model_card(ui);
        ui.separator();
        ui.heading("Sampler");
        sampler_settings(ui, &mut s);
        if s != doc.session.solver {
            doc.edit(|x| x.solver = s.clone());
        }
        let ready = self.model().is_some();
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
            match RunPlan::of_session(&s).request(&problem) {
                Ok(req) => {
                    self.live = Live {
                        run: self.live.run + 1,
                        step_label: s.sampler.step_label(),
                        ..Live::default()
                    };
                    // The results below belong to the plots above: both start afresh.
                    self.run.result = None;
                    self.run
                        .start(repaint(ui), move |job| run_job(&problem, &req, shown, job));
                }
                Err(e) => ctx.status(e),
            }
        }
        ui.separator();
        self.export_ui(ui);
    }

    fn model_card(&self, ui: &mut Ui) {
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

    fn export_ui(&mut self, ui: &mut Ui) {
        ui.heading("Export");
        let format = self.export_format.get_or_insert(ModelFormat::Coo);
        let before = *format;
        ui.horizontal(|ui| {
            ui.radio_value(format, ModelFormat::Coo, "COO")
                .on_hover_text("dimod's coo: i j bias per line");
            ui.radio_value(format, ModelFormat::Qbsolv, ".qubo")
                .on_hover_text("qbsolv's format");
        });
        let format = *format;
        // The file name follows the format (never .qubo text in a .coo file).
        if format != before {
            let p = std::path::Path::new(self.export_path.trim());
            if p.extension().is_some() {
                self.export_path = p.with_extension(format.name()).display().to_string();
            }
        }
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.export_path)
                    .desired_width(170.0)
                    .hint_text(format!("model.{}", format.name())),
            );
            let suggested = std::path::PathBuf::from(format!("model.{}", format.name()));
            if let Some(p) = self
                .export_picker
                .browse(ui, true, ("QUBO model", &[format.name()]), Some(&suggested))
            {
                self.export_path = p.display().to_string();
            }
        });
        let ext_ok = std::path::Path::new(self.export_path.trim())
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(format.name()));
        if !self.export_path.trim().is_empty() && !ext_ok {
            ui.weak(format!("The file name should end in .{}", format.name()));
        }
        let can = self.model().is_some() && ext_ok && !self.export.is_running();
        if ui
            .add_enabled(can, egui::Button::new("Export model"))
            .on_hover_text("Write the model to the file (atomically)")
            .clicked()
            && let Some(m) = self.model()
        {
            let text = format.write(m.problem.qubo());
            let path = std::path::PathBuf::from(self.export_path.trim());
            self.export.start(repaint(ui), move |_| {
                crate::session::write_text(&path, &text).map_err(|e| e.to_string())?;
                Ok(format!("Exported the model to {}", path.display()))
            });
        }
        if let Some(e) = &self.export.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }

    fn central(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        if ctx.doc.session.solver.source == SolverSource::Image {
            self.pin_editor(ui, ctx.doc);
            ui.separator();
        }
        let marked = self
            .model()
            .and_then(|m| m.original_energy)
            .map(|e| (e, "original picture"));
        if self.live.is_empty() && self.run.result.is_none() {
            ui.label("Press Start run to sample the model; the plots follow the run as it goes.");
        } else {
            plots(ui, &self.live, marked);
        }
        if let Some(e) = &self.run.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        self.results(ui, ctx);
    }

    /// The image with its pins; a click pins or unpins a cell (to its value in the image).
    fn pin_editor(&mut self, ui: &mut Ui, doc: &mut Document) {
        if doc.session.tomography.subject != TomographySubject::Image && doc.session.tomography.image.ones() == 0 {
            ui.label("Draw an image in the Tomography room (Image) to solve it here.");
        }
        let img = doc.session.tomography.image.clone();
        let pins = pins_on(&doc.session.solver.pins, &img);
        let board = crate::geometry::Board::square("image", img.rows() as u32, img.cols() as u32);
        let fill = |c: Coord| {
            if img.get(c.0 as usize, c.1 as usize) {
                Color32::from_rgb(200, 200, 210)
            } else {
                palette::WATER
            }
        };
        let marks: Vec<(Coord, Mark)> = pins
            .iter()
            .map(|&((r, c), v)| (Coord(r as i32, c as i32), if v { Mark::Hit } else { Mark::Miss }))
            .collect();
        ui.label("The image: click a cell to pin it (a known cell: cross = ship, ring = water); click again to unpin.");
        let resp = ui
            .allocate_ui(vec2(ui.available_width().min(260.0), 200.0), |ui| {
                self.pin_view.show(
                    ui,
                    &board,
                    &Decorations {
                        marks: &marks,
                        ..Decorations::fill_only(&fill)
                    },
                )
            })
            .inner;
        if resp.response.clicked()
            && let Some(c) = resp.hovered.filter(|c| board.contains(*c))
        {
            let cell = (c.0 as usize, c.1 as usize);
            doc.edit(|s| {
                let pins = &mut s.solver.pins;
                match pins.iter().position(|p| p.0 == cell) {
                    Some(k) => {
                        pins.remove(k);
                    }
                    None => pins.push((cell, img.get(cell.0, cell.1))),
                }
            });
        }
    }

    fn results(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        let Some(r) = &self.run.result else { return };
        ui.separator();
        let rate = r.set.flips as f64 / r.set.seconds.max(1e-9);
        let (has_fleet, has_original) = match self.model().map(|m| &m.problem) {
            Some(Problem::Xray(p)) => (p.fleet.is_some(), p.original.is_some()),
            _ => (false, false),
        };
        ui.horizontal_wrapped(|ui| {
            let good = Color32::from_rgb(120, 200, 120);
            let warn = ui.visuals().warn_fg_color;
            let is_puzzle = matches!(self.model().map(|m| &m.problem), Some(Problem::Puzzle(_)));
            match (r.success, has_fleet) {
                _ if r.set.samples.is_empty() => ui.colored_label(
                    warn,
                    "No read finished within the time limit: allow more time or ask for fewer sweeps.",
                ),
                (Some(true), _) if is_puzzle => ui.colored_label(good, "Success: a returned answer solves the puzzle."),
                (Some(false), _) if is_puzzle => ui.colored_label(
                    warn,
                    "No returned answer solves the puzzle; the list says what each breaks.",
                ),
                (Some(true), true) => ui.colored_label(good, "Success: a returned state is a fleet with these sums."),
                (Some(false), true) => ui.colored_label(warn, "No returned state is a fleet with these sums."),
                (Some(true), false) => ui.colored_label(good, "Success: the original picture was recovered."),
                (Some(false), false) => {
                    ui.colored_label(warn, "The original picture is not among the returned states.")
                }
                (None, _) if has_original || r.judged.iter().any(|j| j.picture.is_some()) => ui.label(format!(
                    "{} of the {} returned states have the right sums.",
                    r.right_sums, r.states_judged
                )),
                (None, _) => ui.label("A model from a file: there is no picture to judge against."),
            };
            ui.label(format!(
                "{}: {} reads in {:.3} s ({}), {:.1} M flips/s, {} distinct states",
                r.sampler,
                thousands(r.set.reads as u128),
                r.set.seconds,
                r.set.stop.describe(),
                rate / 1e6,
                thousands(r.set.distinct as u128)
            ));
        });
        if r.judged.is_empty() {
            return;
        }
        let mut pick = None;
        let mut send: Option<Command> = None;
        let fleet = solved_fleet(ctx.doc, self.model());
        ui.columns(2, |cols| {
            // Left: the returned states, best first.
            egui::ScrollArea::vertical()
                .id_salt("solver_results")
                .auto_shrink([false, true])
                .max_height(cols[0].available_height())
                .show(&mut cols[0], |ui| {
                    egui::Grid::new("results_grid")
                        .striped(true)
                        .num_columns(4)
                        .show(ui, |ui| {
                            ui.strong("#");
                            ui.strong("energy");
                            // Tabu counts each search of a read (the first and every restart).
                            let (found, hover) = match r.sampler {
                                SamplerKind::Tabu => {
                                    ("searches", "How many tabu searches (of all reads) ended in this state")
                                }
                                _ => ("found", "How many reads ended in this state"),
                            };
                            ui.strong(found).on_hover_text(hover);
                            ui.strong("is");
                            ui.end_row();
                            for (k, j) in r.judged.iter().enumerate() {
                                if ui.selectable_label(self.picked == k, format!("#{}", k + 1)).clicked() {
                                    pick = Some(k);
                                }
                                ui.label(format!("{:.6}", j.energy));
                                ui.label(format!("{}×", j.count));
                                ui.label(j.words());
                                ui.end_row();
                            }
                        });
                });
            // Right: the chosen state.
            let ui = &mut cols[1];
            let Some(j) = r.judged.get(self.picked) else { return };
            if let (Some(v), Some(Problem::Puzzle(p))) = (&j.puzzle, self.model.result.as_ref().map(|m| &m.problem)) {
                puzzle_detail(ui, p, v, self.picked, j.energy, &mut send);
                return;
            }
            match &j.picture {
                Some((m, v)) => {
                    ui.horizontal_wrapped(|ui| {
                        ui.strong(format!("#{}: energy {:.6}", self.picked + 1, j.energy));
                        ui.label(format!(
                            "sums {}, known cells {}",
                            if v.sums_ok { "right" } else { "wrong" },
                            if v.pins_ok { "kept" } else { "broken" }
                        ));
                        if ui
                            .button("To Tomography")
                            .on_hover_text("Study this matrix in the Tomography room")
                            .clicked()
                        {
                            send = Some(Command::Deliver(super::tomography::ID, RoomMessage::Explore(m.clone())));
                        }
                        if let (Some(real), Some(fleet)) = (realisation(j), &fleet)
                            && ui
                                .button("To Boards")
                                .on_hover_text("Add this fleet as a new setup")
                                .clicked()
                        {
                            send = Some(Command::AddSetup(crate::session::Setup {
                                name: format!("Solved fleet (energy {:.4})", j.energy),
                                description: "A fleet found by the Solver room's sampler.".into(),
                                board: crate::geometry::Board::square("solved", m.rows() as u32, m.cols() as u32),
                                fleet: fleet.clone(),
                                deployment: real.clone(),
                                observations: Default::default(),
                            }));
                        }
                    });
                    let board = crate::geometry::Board::square("state", m.rows() as u32, m.cols() as u32);
                    let owner = realisation(j).zip(fleet.as_ref()).map(|(d, f)| d.occupancy(f));
                    let fill = |c: Coord| match owner.as_ref().and_then(|o| o.get(&c)) {
                        Some(&p) => palette::piece_color(p),
                        None if m.get(c.0 as usize, c.1 as usize) => Color32::from_rgb(200, 200, 210),
                        None => palette::WATER,
                    };
                    let (rs, cs) = (m.row_sums(), m.col_sums());
                    let deco = Decorations {
                        edge_sums: Some((&rs, &cs)),
                        ..Decorations::fill_only(&fill)
                    };
                    let size = vec2(ui.available_width(), ui.available_height().max(240.0));
                    ui.allocate_ui(size, |ui| {
                        self.detail_view.show(ui, &board, &deco);
                    });
                }
                None => {
                    let bits: String = j
                        .bits
                        .iter()
                        .take(400)
                        .map(|b| if *b == 1 { '1' } else { '0' })
                        .collect();
                    ui.label(format!(
                        "State #{} (first {} of {} variables):",
                        self.picked + 1,
                        bits.len(),
                        j.bits.len()
                    ));
                    ui.add(egui::Label::new(egui::RichText::new(bits).monospace()).wrap());
                }
            }
        });
        if let Some(k) = pick {
            self.picked = k;
        }
        if let Some(c) = send {
            ctx.send(c);
        }
    }
}

/// A puzzle answer from the sampler: the decoded grid with the cells of broken
/// rules outlined, and the rules listed.
fn puzzle_detail(
    ui: &mut Ui,
    p: &crate::solve::PuzzleProblem,
    v: &crate::solve::PuzzleVerdict,
    picked: usize,
    energy: f64,
    send: &mut Option<Command>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("#{}: energy {energy:.6}", picked + 1));
        match p.solution_energy() {
            Some(e) => ui.label(format!("(a solution has {e})")),
            None if matches!(p.puzzle, crate::puzzle::Puzzle::Battleship(_)) => ui.label(
                "(the X-ray model: a fleet's energy is ε·|ΔA|², so energies do not rank fleets; the checker does)",
            ),
            None => ui.label(""),
        };
        if ui
            .button("Show in Puzzles")
            .on_hover_text("Open the Puzzles room with this answer on the puzzle")
            .clicked()
        {
            *send = Some(Command::Deliver(
                super::puzzles::ID,
                RoomMessage::PuzzleAnswer(
                    v.grid.clone(),
                    format!("Solver answer #{} (energy {energy:.4})", picked + 1),
                ),
            ));
        }
    });
    if v.violations.is_empty() {
        let what = match v.value {
            Some(value) => format!("Every rule holds; worth {value}."),
            None => "Every rule holds: a solution.".to_string(),
        };
        ui.colored_label(Color32::from_rgb(120, 200, 120), what);
    } else {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("{} rule(s) broken:", v.violations.len()),
        );
        egui::ScrollArea::vertical()
            .id_salt("solver_broken")
            .max_height(120.0)
            .show(ui, |ui| {
                for x in &v.violations {
                    ui.label(format!("• {}", x.message));
                }
            });
    }
    let (broken, weak) = crate::ui::widgets::puzzle_grid::broken_cells(&v.violations, &v.grid);
    let overlay = crate::ui::widgets::puzzle_grid::Overlay {
        answer: Some(&v.grid),
        broken: &broken,
        weak: &weak,
        pending: None,
    };
    crate::ui::widgets::puzzle_grid::show(ui, &p.puzzle, &overlay, 40.0);
}

/// The fleet whose realisations the results show (the model's).
fn solved_fleet(_doc: &Document, model: Option<&StudyModel>) -> Option<crate::geometry::Fleet> {
    match &model?.problem {
        Problem::Xray(p) => p.fleet.clone(),
        Problem::Puzzle(_) | Problem::Plain { .. } => None,
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
                egui::DragValue::new(&mut weight)
                    .range(0.001..=1000.0)
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

fn sampler_settings(ui: &mut Ui, s: &mut SolverSettings) {
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
    match s.sampler {
        SamplerKind::Anneal => {
            ui.add(
                egui::DragValue::new(&mut s.anneal.sweeps)
                    .range(1..=1_000_000)
                    .prefix("sweeps "),
            )
            .on_hover_text("Each sweep proposes a flip of every variable once, in order");
            let mut manual = s.anneal.beta.is_some();
            ui.checkbox(&mut manual, "Set the β range by hand")
                .on_hover_text("Otherwise as dwave-samplers: hot end accepts any flip with p ≥ ½, cold end the smallest gap with p ≤ 1 %");
            if manual {
                let (mut hot, mut cold) = s.anneal.beta.unwrap_or((0.1, 10.0));
                ui.horizontal(|ui| {
                    ui.add(
                        egui::DragValue::new(&mut hot)
                            .range(1e-6..=1e6)
                            .speed(0.01)
                            .prefix("β hot "),
                    );
                    ui.add(
                        egui::DragValue::new(&mut cold)
                            .range(1e-6..=1e6)
                            .speed(0.1)
                            .prefix("β cold "),
                    );
                });
                s.anneal.beta = Some((hot, cold.max(hot)));
            } else {
                s.anneal.beta = None;
            }
        }
        SamplerKind::Tabu => {
            ui.add(
                egui::DragValue::new(&mut s.tabu.restarts)
                    .range(0..=1_000_000)
                    .prefix("restarts "),
            )
            .on_hover_text("MST2 restarts after the first search, per read");
            let mut tenure = s.tabu.tenure.unwrap_or(0);
            ui.add(
                egui::DragValue::new(&mut tenure)
                    .range(0..=10_000)
                    .prefix("tenure ")
                    .custom_formatter(|v, _| if v == 0.0 { "auto".into() } else { format!("{v}") }),
            )
            .on_hover_text(format!(
                "Moves a flipped variable stays tabu; auto = min(20, n/4), or {} for puzzle models (measured better on every puzzle set)",
                PuzzleProblem::TABU_TENURE
            ));
            s.tabu.tenure = (tenure > 0).then_some(tenure);
            let mut evals = s.tabu.evaluations.unwrap_or(0);
            ui.add(
                egui::DragValue::new(&mut evals)
                    .range(0..=1_000_000_000u64)
                    .speed(1000)
                    .prefix("evaluations ")
                    .custom_formatter(|v, _| if v == 0.0 { "auto".into() } else { format!("{v}") }),
            )
            .on_hover_text("Flip evaluations per search; 0 = n·max(200, 3n) for n variables");
            s.tabu.evaluations = (evals > 0).then_some(evals);
        }
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
            .on_hover_text("How many of the best distinct states to keep and judge");
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

/// A number without float noise: 82.30499999999999 → "82.305".
fn trim_number(v: f64) -> String {
    let s = format!("{v:.9}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
