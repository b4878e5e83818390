//! The *Generate…* dialog of the Puzzles room: family, size, grade, the
//! family's options, seed and how many; the puzzles are made in the
//! background (progress, cancel) and join the list one by one as they are
//! made, with their grade and minimal-clue certificate (a cancel keeps the
//! ones finished). It stands over the right panel, never over the grid the
//! new puzzle opens in, and says in words, inside it, why a grade is out of
//! reach or was not found, and which of its options would reach it.

use crate::jobs::Task;
use crate::puzzle::deduce::Grade;
use crate::puzzle::families::chess::Piece;
use crate::puzzle::generate::{
    Change, DEFAULT_GENERATOR, GenerateRequest, HOPELESS_AFTER, OptionKind, OptionValue, Recipe, words,
};
use crate::run::Progress;
use crate::study::setter::{Made, make};
use crate::ui::room::RoomCtx;
use crate::ui::widgets::job_controls::task_status;
use egui::Ui;

/// Most puzzles one run makes.
const MAX_COUNT: usize = 50;
/// The dialog's width: its messages wrap inside it.
const WIDTH: f32 = 300.0;
const GRADES: [Grade; 4] = [Grade::Easy, Grade::Medium, Grade::Hard, Grade::Fiendish];

pub struct GenerateDialog {
    pub open: bool,
    family: usize,
    size: usize,
    grade: Grade,
    seed: u64,
    count: usize,
    stars: usize,
    /// Queens and Star Battle: holes may be cut as clues.
    holes: bool,
    /// Queens and chess: regions of any shape, not one piece each.
    any_shape: bool,
    density: f64,
    max_number: u32,
    pieces: [bool; 5],
    fleet: String,
    may_touch: bool,
    givens: bool,
    /// Drafts one puzzle may take.
    tries: usize,
    /// Each finished puzzle comes as an update; the result is how many were made.
    task: Task<usize, Made>,
    /// The family the last run's message was about.
    ran_family: usize,
}

impl Default for GenerateDialog {
    fn default() -> Self {
        GenerateDialog {
            open: false,
            family: words().position(|w| w == DEFAULT_GENERATOR).unwrap_or(0),
            size: 8,
            grade: Grade::Medium,
            seed: 1,
            count: 1,
            stars: 2,
            holes: false,
            any_shape: false,
            density: 0.2,
            max_number: 9,
            pieces: [true; 5],
            fleet: "4,3,3,2,2,2,1,1,1,1".into(),
            may_touch: false,
            givens: true,
            tries: 20_000,
            task: Task::default(),
            ran_family: 0,
        }
    }
}

impl GenerateDialog {
    pub fn busy(&self) -> bool {
        self.task.is_running()
    }

    /// The recipe the fields describe and the grade can be reached, or what
    /// is wrong with them (as a sentence, with the option that would help).
    fn recipe(&self) -> Result<Recipe, String> {
        let recipe = self.recipe_of_fields().map_err(|e| crate::quote::sentence(&e))?;
        match recipe.out_of_reach(self.grade) {
            Some(why) => Err(advice(why, &recipe, recipe.remedy(self.grade))),
            None => Ok(recipe),
        }
    }

    /// The recipe the fields describe, or what is wrong with them.
    fn recipe_of_fields(&self) -> Result<Recipe, String> {
        let recipe = Recipe::of_family(self.word()).map_err(|e| e.to_string())?;
        let shape = OptionValue::Choice(if self.any_shape { "any" } else { "connected" });
        let pieces = Piece::ALL
            .iter()
            .zip(self.pieces)
            .filter(|(_, on)| *on)
            .map(|(p, _)| p.letter())
            .collect();
        let fleet = crate::study::parse_list(&self.fleet, "fleet", "ship lengths such as 4,3,2");
        let values = [
            ("holes", OptionValue::Flag(self.holes)),
            ("regions", shape),
            ("stars", OptionValue::Int(self.stars as i64)),
            ("density", OptionValue::Float(self.density)),
            ("max-number", OptionValue::Int(i64::from(self.max_number))),
            ("pieces", OptionValue::Letters(pieces)),
            ("may-touch", OptionValue::Flag(self.may_touch)),
            ("givens", OptionValue::Flag(self.givens)),
        ];
        let specs = recipe.specs();
        let mut recipe = values
            .into_iter()
            .filter(|(key, _)| specs.iter().any(|s| s.key == *key))
            .try_fold(recipe, |r, (key, value)| r.with(key, value))
            .map_err(|e| e.to_string())?;
        if recipe.specs().iter().any(|s| s.key == "fleet") {
            recipe = recipe
                .with("fleet", OptionValue::Lengths(fleet?))
                .map_err(|e| e.to_string())?;
        }
        Ok(recipe)
    }

    /// The generator word the combo shows.
    fn word(&self) -> &'static str {
        words().nth(self.family).unwrap_or(DEFAULT_GENERATOR)
    }

    /// The dialog window (when open) and the finished puzzles joining the list.
    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        self.task.poll();
        for m in self.task.drain_updates() {
            // The next run starts after the last puzzle made (a cancelled
            // run keeps the seeds it did not use).
            self.seed = m.seed.wrapping_add(1);
            ctx.status(format!(
                "{} generated ({}); {}.",
                m.name,
                crate::textview::plural(m.tries as u128, "draft", "drafts"),
                m.certificate
            ));
            super::shelf::add(ctx, m.name.clone(), m.puzzle);
        }
        if !self.open {
            return;
        }
        let mut open = self.open;
        // Over the right panel (Logic and Setter), not the grid the puzzles open in.
        let corner = ui.ctx().content_rect().right_top() + egui::vec2(-12.0, 40.0);
        egui::Window::new("Generate puzzles")
            .open(&mut open)
            .resizable(false)
            .pivot(egui::Align2::RIGHT_TOP)
            .default_pos(corner)
            .default_width(WIDTH)
            .show(ui.ctx(), |ui| {
                ui.set_width(WIDTH);
                self.fields(ui);
            });
        self.open = open;
    }

    /// Progress of a run, under the Generate... button (the window may be closed).
    pub fn progress(&self, ui: &mut Ui) {
        if self.task.is_running() {
            task_status(ui, &self.task, "puzzles");
        }
    }

    fn fields(&mut self, ui: &mut Ui) {
        egui::Grid::new("generate_fields").num_columns(2).show(ui, |ui| {
            ui.label("Family");
            egui::ComboBox::new("generate_family", "")
                .selected_text(Recipe::title_of(self.word()))
                .show_ui(ui, |ui| {
                    for (i, f) in words().enumerate() {
                        ui.selectable_value(&mut self.family, i, Recipe::title_of(f));
                    }
                });
            ui.end_row();
            let sizes = self.recipe_of_fields().map_or(4..=16, |r| r.sizes());
            ui.label("Size");
            ui.add(egui::DragValue::new(&mut self.size).range(sizes.clone()))
                .on_hover_text(format!("Cells a side: {} to {}", sizes.start(), sizes.end()));
            ui.end_row();
            ui.label("Grade");
            egui::ComboBox::new("generate_grade", "")
                .selected_text(self.grade.name())
                .show_ui(ui, |ui| {
                    for g in GRADES {
                        ui.selectable_value(&mut self.grade, g, g.name());
                    }
                })
                .response
                .on_hover_text(
                    "The hardest tier of the deduction ladder the solution needs; the tier below must stall",
                );
            ui.end_row();
            self.options(ui);
            ui.label("Seed");
            ui.add(egui::DragValue::new(&mut self.seed))
                .on_hover_text("The same seed and settings give the same puzzle");
            ui.end_row();
            ui.label("How many");
            ui.add(egui::DragValue::new(&mut self.count).range(1..=MAX_COUNT))
                .on_hover_text("Seeds seed, seed + 1, ...; the seed moves on after each run");
            ui.end_row();
            ui.label("Drafts per puzzle");
            ui.add(egui::DragValue::new(&mut self.tries).range(100..=1_000_000).speed(100))
                .on_hover_text("Drafts judged before a puzzle is given up (some grades are rare in some families)");
            ui.end_row();
        });
        let recipe = self.recipe();
        match &recipe {
            Err(e) => message(ui, e, ui.visuals().warn_fg_color),
            // A grade never found with these options: said before the search,
            // which gives up once it stops coming nearer.
            Ok(r) => {
                if let Some(why) = r.never_found(self.grade) {
                    let stop = format!(
                        "{} The search gives up once {} drafts in a row come no nearer.",
                        advice(why, r, r.remedy(self.grade)),
                        crate::textview::thousands(HOPELESS_AFTER as u128)
                    );
                    message(ui, &stop, ui.visuals().weak_text_color());
                }
            }
        }
        ui.horizontal(|ui| {
            let can = recipe.is_ok() && !self.task.is_running();
            if ui
                .add_enabled(can, egui::Button::new("Generate"))
                .on_hover_text("Make unique puzzles of this grade in the background; they join the list")
                .clicked()
                && let Ok(recipe) = recipe
            {
                self.start(ui, recipe);
            }
            if self.task.is_running() && ui.button("Cancel").clicked() {
                self.task.cancel();
            }
        });
        if self.task.is_running() || self.ran_family == self.family {
            if let Some(job) = self.task.job() {
                crate::ui::widgets::job_controls::progress_bar(ui, job, "puzzles", WIDTH);
            }
            if let Some(e) = &self.task.error {
                let text = match self.recipe_of_fields() {
                    Ok(r) => advice(e, &r, r.remedy(self.grade)),
                    Err(_) => advice(e, &Recipe::of_family(DEFAULT_GENERATOR).expect("a generator"), &[]),
                };
                message(ui, &text, ui.visuals().warn_fg_color);
            }
        }
    }

    fn options(&mut self, ui: &mut Ui) {
        let holes = |ui: &mut Ui, on: &mut bool| {
            ui.label("Holes");
            ui.checkbox(on, "may cut holes")
                .on_hover_text("Cells off the board, used as clues (a 2-star board is Easy only with them)");
            ui.end_row();
        };
        let shape = |ui: &mut Ui, any: &mut bool| {
            ui.label("Regions");
            ui.checkbox(any, "any shape").on_hover_text(
                "Off: each region is one connected piece (as LinkedIn's). On: any set of cells, as the \
                 generalised puzzles of the QUBO paper allow; only such boards have been found to be Fiendish",
            );
            ui.end_row();
        };
        match self.word() {
            "queens" => {
                holes(ui, &mut self.holes);
                shape(ui, &mut self.any_shape);
            }
            "star-battle" => {
                ui.label("Stars");
                ui.add(egui::DragValue::new(&mut self.stars).range(1..=3))
                    .on_hover_text("Stars per row, column and region");
                ui.end_row();
                holes(ui, &mut self.holes);
            }
            "tents" => {
                ui.label("Tents per cell");
                ui.add(egui::DragValue::new(&mut self.density).range(0.05..=0.25).speed(0.01));
                ui.end_row();
            }
            "rullo" => {
                ui.label("Numbers up to");
                ui.add(egui::DragValue::new(&mut self.max_number).range(2..=99));
                ui.end_row();
            }
            "chess" => {
                ui.label("Pieces");
                ui.horizontal(|ui| {
                    for (on, p) in self.pieces.iter_mut().zip(Piece::ALL) {
                        ui.checkbox(on, p.letter().to_string()).on_hover_text(p.name());
                    }
                });
                ui.end_row();
                shape(ui, &mut self.any_shape);
            }
            "battleship" => {
                ui.label("Fleet");
                ui.text_edit_singleline(&mut self.fleet)
                    .on_hover_text("Ship lengths, comma separated (5,4,3,3,2 is the classic fleet)");
                ui.end_row();
                ui.label("Rules");
                ui.horizontal(|ui| {
                    ui.checkbox(&mut self.may_touch, "ships may touch");
                    ui.checkbox(&mut self.givens, "givens")
                        .on_hover_text("Off: no givens at all, the row and column counts alone fix the fleet");
                });
                ui.end_row();
            }
            _ => {}
        }
    }

    fn start(&mut self, ui: &Ui, recipe: Recipe) {
        let (size, grade, seed, count, tries) = (self.size, self.grade, self.seed, self.count, self.tries);
        self.ran_family = self.family;
        self.task.start(crate::ui::room::repaint(ui), move |job| {
            for k in 0..count {
                job.progress(Progress {
                    done: k as u64,
                    total: count as u64,
                });
                let req = GenerateRequest {
                    recipe: recipe.clone(),
                    size,
                    grade,
                    seed: seed.wrapping_add(k as u64),
                    max_tries: tries,
                };
                let note = |drafts: usize| {
                    job.note(format!(
                        "Puzzle {} of {count}: {}",
                        k + 1,
                        crate::textview::plural(drafts as u128, "draft", "drafts")
                    ))
                };
                job.send(make(&req, job.cancel_flag(), &note).map_err(|e| e.to_string())?);
            }
            Ok(count)
        });
    }
}

/// A message inside the dialog: wrapped to its width, never cut off.
fn message(ui: &mut Ui, text: &str, colour: egui::Color32) {
    ui.add(egui::Label::new(egui::RichText::new(text).color(colour)).wrap());
}

/// Why a grade is out of reach (or was not found), as a sentence, and the
/// options of this dialog that reach it: "Tick 'givens', or untick 'ships may touch'."
fn advice(why: &str, recipe: &Recipe, remedy: &[Change]) -> String {
    let steps: Vec<String> = remedy
        .iter()
        .filter_map(|change| {
            let spec = recipe.specs().iter().find(|s| s.key == change.key())?;
            Some(match (*change, &spec.kind) {
                (Change::Flag(_, true), _) => format!("tick '{}'", spec.text),
                (Change::Flag(_, false), _) => format!("untick '{}'", spec.text),
                (Change::Choice(_, word), OptionKind::Choice { words, .. })
                    if words.len() == 2 && !spec.text.is_empty() =>
                {
                    let tick = if word == words[1] { "tick" } else { "untick" };
                    format!("{tick} '{}' under {}", spec.text, spec.label)
                }
                (Change::Choice(_, word), _) => format!("choose '{word}' under {}", spec.label),
            })
        })
        .collect();
    let mut text = crate::quote::sentence(why);
    if !text.ends_with('.') {
        text.push('.');
    }
    if steps.is_empty() {
        return text;
    }
    format!("{text} {}.", crate::quote::sentence(&steps.join(", or ")))
}
