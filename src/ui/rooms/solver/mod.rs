//! Room "Solver": the X-ray QUBO of "Battleship, tomography and quantum
//! annealing" (or any QUBO file) sampled by simulated annealing or tabu search
//! on background threads, with live plots, every answer judged exactly, the
//! model exported for D-Wave's tools, and the paper's experiments.

mod experiments;
mod export;
pub mod hardware;
mod hardware_plot;
mod pins;
mod results;
mod run;
mod settings;

use crate::geometry::Coord;
use crate::jobs::Task;
use crate::qubo::{ModelFormat, PinMode};
use crate::session::{SamplerKind, SolverSettings, SolverSource, TomographySubject};
use crate::solve::Problem;
use crate::study::model::pins_on;
use crate::study::{JudgedRun, ModelRecipe, StudyModel};
use crate::textview::thousands;
use crate::ui::document::Document;
use crate::ui::room::{Command, Room, RoomCtx, RoomMessage, repaint};
use crate::ui::widgets::board_view::{BoardView, Decorations, Mark};
use crate::ui::widgets::job_controls::{JobLabels, job_controls};
use crate::ui::widgets::layout::{side_panel_default, side_panel_range, side_panel_scroll};
use crate::ui::widgets::palette;
use crate::ui::widgets::path_picker::PathPicker;
use crate::ui::widgets::setup_picker::setup_picker;
use egui::{Color32, Ui, vec2};
use experiments::Experiments;
use run::{Live, RunTask, plots, realisation, run_job};
use std::time::Duration;

pub const ID: &str = "solver";

/// How a 0/1 picture is drawn in this room: ones light grey, zeros water.
fn picture_fill(m: &crate::geometry::BinaryMatrix) -> impl Fn(Coord) -> Color32 + '_ {
    |c: Coord| {
        if m.get(c.0 as usize, c.1 as usize) {
            Color32::from_rgb(200, 200, 210)
        } else {
            palette::WATER
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
enum SolverTab {
    #[default]
    Run,
    Experiments,
    Hardware,
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
    /// The problem the last run sampled (its results are drawn against it, even
    /// after the model changed).
    run_problem: Option<Problem>,
    /// Why the results below are not of the current model (a run stopped by an edit).
    stale_note: Option<String>,
    /// The last run's sampler and budget in words (its results say what ran).
    run_plan: Option<String>,
    live: Live,
    /// The result shown large.
    picked: usize,
    detail_view: BoardView,
    pin_view: BoardView,
    experiments: Experiments,
    hardware: hardware::HardwareTab,
    /// Models built so far: a new model is a new generation (what the
    /// Hardware tab's embedding and sweep were made for is told by it).
    model_generation: u64,
    open_model: PathPicker,
    export_picker: PathPicker,
    export_path: String,
    export_format: Option<ModelFormat>,
    /// The path written by the export running now, and by the last one
    /// that finished (no "file exists" warning about the file this panel wrote).
    export_writing: Option<std::path::PathBuf>,
    exported: Option<std::path::PathBuf>,
    export: Task<String>,
}

const GUIDE: &str = "Builds a QUBO and samples it. Source: the active setup's placed fleet (its row and column \
sums; optionally its hunt shots as known cells), the Tomography room's image (click cells of the image here to \
pin them: known cells), typed sums (with the ship lengths that count as a fleet), or a model file (.coo as dimod \
writes it, .qubo as qbsolv reads it). The model is the tomography paper's |Lx − b|² + ε|Δx|² with the offset kept, \
so a fleet's energy is ε times its Laplacian energy.

Sampler: simulated annealing (reads, sweeps; β from the model as dwave-samplers chooses it unless set) or tabu \
search (restarts per read, MST2; tenure min(20, n/4), 5 on puzzles; flip evaluations per search). A setting the model \
can choose has an auto box: untick it to give a number, starting from the model's own (a tenure of 0 asks for min(20, n/4) on puzzles too); each field's tooltip gives its range, and a number typed past it is clamped with a note. Start run works in the background; the plots follow live: the \
energy of the first reads per sweep, the lowest energy against time, the final energies with the original \
picture's energy marked. Results: the best distinct states, how often each was found, whether it is a fleet \
(or the original picture); click one to see it, send it to Tomography or, with its fleet, to Boards. What counts \
as a fleet follows the setup's touch rule. Cancel keeps the reads that finished; an edit that changes the model \
stops a run the same way (an edit that does not, such as a hunt shot, lets it go on), and the results say so. \
Stop at the first success ends a run at the first read that returns a fleet (or a puzzle's solution); ticking it \
also sets the budget that gets there (tabu search, 2,000 restarts a read, a 60 s time limit when none was set; one \
undo takes it back), and the results say what ran. Reads run side by side in batches of 64: the reads of \
the batch after the one that succeeded are left out of the count, the histogram and the traces, and the summary \
says how many ran and were left out.

Experiments: the paper's Figure 8 (success against SA reads and tabu restarts over random classic fleets) and \
success against ε. Export writes the model for D-Wave's tools.

Hardware: will the model run on a D-Wave machine? Pick a qubit graph (Pegasus P16 for Advantage, Zephyr Z15 for \
Advantage2, Chimera C16, or a small one; another target clears the embedding made for the old one) and Embed: each variable gets a chain of qubits (the clique embedding for \
dense models, Cai, Macready and Roy's heuristic for sparse ones), checked before it is shown. The graph is drawn with \
each chain in its colour (wheel zooms, drag pans, hover names the chain). The precision verdicts say which terms \
fall below 1 % of Advantage's ranges once scaled (the X-ray QUBO's Laplacian term among them). Simulate samples the \
embedded problem at each chain strength (0.25 to 4 times D-Wave's default unless typed), reads chains back by \
majority vote and plots broken chains and success. Export writes the embedding (minorminer's JSON) and the \
embedded problem (dimod's binary BQM, labelled by qubit); Import reads an embedding back.";

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
        self.model.is_running()
            || self.run.is_running()
            || self.experiments.is_running()
            || self.export.is_running()
            || self.hardware.is_running()
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
            SolverTab::Hardware => "hardware",
        })
    }
    fn tabs(&self) -> &'static [&'static str] {
        &["run", "experiments", "hardware"]
    }
    fn set_tab(&mut self, tab: &str) {
        match tab {
            "run" => self.tab = SolverTab::Run,
            "experiments" => self.tab = SolverTab::Experiments,
            "hardware" => self.tab = SolverTab::Hardware,
            _ => {}
        }
    }
    fn receive(&mut self, _message: RoomMessage, _ctx: &mut RoomCtx<'_>) {}

    fn ui(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        self.sync(ui, ctx.doc);
        self.live.take(self.run.drain_updates());
        if self.run.poll() {
            self.picked = 0;
            if let Some(r) = &self.run.result {
                self.live.finish(&r.set);
            }
        }
        if self.export.poll()
            && let Some(msg) = self.export.result.take()
        {
            self.exported = self.export_writing.take();
            ctx.status(msg);
        }
        egui::Panel::left("solver_side")
            .resizable(true)
            .default_size(side_panel_default(ui))
            .size_range(side_panel_range(ui))
            .show(ui, |ui| {
                side_panel_scroll(ui, |ui| self.side(ui, ctx));
            });
        egui::CentralPanel::default().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.tab, SolverTab::Run, "Run")
                    .on_hover_text("Sample the model; live plots and results");
                ui.selectable_value(&mut self.tab, SolverTab::Experiments, "Experiments")
                    .on_hover_text("Figure 8 of the paper and a sweep of ε");
                ui.selectable_value(&mut self.tab, SolverTab::Hardware, "Hardware")
                    .on_hover_text("Embed the model onto D-Wave's qubit graphs, check its precision, simulate chains");
            });
            ui.separator();
            match self.tab {
                SolverTab::Run => self.central(ui, ctx),
                SolverTab::Experiments => {
                    egui::ScrollArea::vertical().show(ui, |ui| self.experiments.show(ui, ctx.doc));
                }
                SolverTab::Hardware => {
                    let model = self.model.result.as_ref().filter(|_| !self.model.is_running());
                    let generation = self.model_generation;
                    let hardware = &mut self.hardware;
                    egui::ScrollArea::vertical().show(ui, |ui| hardware.show(ui, ctx, model, generation));
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

    /// The Hardware tab (its embedding and sweep).
    pub fn hardware(&self) -> &hardware::HardwareTab {
        &self.hardware
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

    /// The reads whose energy traces the plot draws.
    pub fn live_traces(&self) -> Vec<usize> {
        self.live.traces.keys().copied().collect()
    }

    /// Rebuilds the model when what it is built from changed (an edit that does
    /// not change the model, such as a hunt shot that is not a known cell, changes
    /// nothing). A run of the old model stops and keeps the reads that finished;
    /// its results stay, marked as the old model's.
    fn sync(&mut self, ui: &Ui, doc: &Document) {
        self.model.poll();
        let input = doc.session.model_recipe();
        let key = input.as_ref().map(ModelRecipe::model_key).map_err(Clone::clone);
        if self.model_for.as_ref() == Some(&key) {
            return;
        }
        let first = self.model_for.is_none();
        self.model_for = Some(key);
        if self.run.is_running() {
            self.run.cancel();
            self.stale_note = Some(
                "The model's input was edited, so the run was stopped: the reads that had finished are kept \
                 below, judged against the model they ran on."
                    .into(),
            );
        } else if !first && self.run.result.is_some() {
            self.stale_note =
                Some("These results are of the model before the last edit (or of another setup's).".into());
        }
        self.model.result = None;
        self.model_generation += 1;
        self.model
            .start(repaint(ui), move |_| input?.build(&crate::session::DiskFiles));
    }

    /// While a run goes on: the lowest-energy state found so far, drawn.
    fn best_so_far(&mut self, ui: &mut Ui) {
        let Some((energy, state)) = &self.live.best_state else {
            return;
        };
        ui.label(format!("Best so far: energy {energy:.6} (judged when the run ends)"));
        let Some(m) = self.run_problem.as_ref().and_then(|p| p.picture(state)) else {
            return;
        };
        let board = crate::geometry::Board::square("best", m.rows() as u32, m.cols() as u32);
        let fill = picture_fill(&m);
        let size = vec2(ui.available_width().min(320.0), 220.0);
        ui.allocate_ui(size, |ui| {
            self.detail_view.show(ui, &board, &Decorations::fill_only(&fill));
        });
    }

    /// The best state so far of the running run (energy and state), if any.
    pub fn best_so_far_energy(&self) -> Option<f64> {
        self.live.best_state.as_ref().map(|(e, _)| *e)
    }

    /// The problem the shown results were sampled from.
    pub(super) fn run_problem(&self) -> Option<&Problem> {
        self.run_problem.as_ref()
    }

    /// Why the shown results are not of the current model, if they are not.
    pub fn stale_note(&self) -> Option<&str> {
        self.stale_note.as_deref()
    }

    fn central(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        if ctx.doc.session.solver.source == SolverSource::Image {
            self.pin_editor(ui, ctx.doc);
            ui.separator();
        }
        // The marker belongs to the model the plotted reads ran on.
        let marked = self
            .run_problem()
            .and_then(|p| p.xray())
            .and_then(crate::solve::XrayProblem::original_energy)
            .or_else(|| {
                self.model()
                    .and_then(|m| m.original_energy)
                    .filter(|_| self.run_problem.is_none())
            })
            .map(|e| (e, "original picture"));
        if self.live.is_empty() && self.run.is_running() {
            // No read has reported yet: the progress bar is under Start run.
            ui.label(
                "The run is going (its progress is under Start run); the plots start when the first read reports.",
            );
        } else if self.live.is_empty() && self.run.result.is_none() {
            ui.label("Press Start run to sample the model; the plots follow the run as it goes.");
        } else {
            plots(ui, &self.live, marked);
        }
        // A run's error is shown once, under Start run in the side panel.
        if self.run.is_running() {
            self.best_so_far(ui);
        }
        self.results(ui, ctx);
    }
}
