//! The *Generate…* dialog of the Puzzles room: family, size, grade, the
//! family's options, seed and how many; the puzzles are made in the
//! background (progress, cancel) and join the list one by one as they are
//! made, with their grade and minimal-clue certificate (a cancel keeps the
//! ones finished). It opens at the bottom right, over the Setter: clear of
//! the grid the new puzzle opens in and of the Logic buttons. Every field is
//! checked as it is typed, with the command line's own check, and it says in
//! words, inside it, what is wrong, why a grade is out of reach or was not
//! found, and which of its options would reach it.

use crate::jobs::Task;
use crate::puzzle::deduce::Grade;
use crate::puzzle::generate::{
    Change, DEFAULT_GENERATOR, GenerateRequest, HOPELESS_AFTER, MAX_SIZE, OptionKind, OptionSpec, OptionValue, Recipe,
    words,
};
use crate::run::Progress;
use crate::study::setter::{Made, RunNames, check_run, make, option_value};
use crate::ui::room::RoomCtx;
use crate::ui::widgets::job_controls::task_status;
use egui::Ui;
use std::collections::BTreeMap;

/// Most puzzles one run makes.
const MAX_COUNT: usize = 50;
/// The dialog's width: its messages wrap inside it.
const WIDTH: f32 = 300.0;
/// The dialog window's id (its position is held by its top left once placed).
const WINDOW_ID: &str = "generate_puzzles_dialog";
/// Lines kept for the messages under the fields even when there is none, so
/// that the usual one- or two-line message does not change the dialog's size.
const MESSAGE_LINES: f32 = 3.0;
/// Largest number the Size and How many fields hold as typed: past the
/// limits, but within it, the check says what was typed.
const MAX_TYPED: usize = 1_000_000;
const GRADES: [Grade; 4] = [Grade::Easy, Grade::Medium, Grade::Hard, Grade::Fiendish];
/// The fields the shared run check names.
const FIELDS: RunNames = RunNames {
    count: "'How many'",
    seed: "'Seed'",
};

pub struct GenerateDialog {
    pub open: bool,
    /// The generator's word.
    family: &'static str,
    size: usize,
    grade: Grade,
    seed: u64,
    count: usize,
    /// The options' values by key, shared by every generator that has the
    /// option (a Star Battle with holes keeps them for Queens). An option
    /// not set here has its default.
    values: BTreeMap<&'static str, OptionValue>,
    /// The text of list options (a fleet) as typed: read when generating.
    texts: BTreeMap<&'static str, String>,
    /// Drafts one puzzle may take.
    tries: usize,
    /// Each finished puzzle comes as an update; the result is how many were made.
    task: Task<usize, Made>,
    /// The generator the last run's message was about.
    ran_family: &'static str,
}

impl Default for GenerateDialog {
    fn default() -> Self {
        GenerateDialog {
            open: false,
            family: DEFAULT_GENERATOR,
            size: 8,
            grade: Grade::Medium,
            seed: 1,
            count: 1,
            values: BTreeMap::new(),
            texts: BTreeMap::new(),
            tries: 20_000,
            task: Task::default(),
            ran_family: "",
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
        let recipe = self.recipe_of_fields().map_err(|e| full_sentence(&e))?;
        check_run(&self.request(recipe.clone(), 0), self.count, MAX_COUNT, &FIELDS).map_err(|e| full_sentence(&e))?;
        match recipe.out_of_reach(self.grade) {
            Some(why) => Err(advice(why, &recipe, recipe.remedy(self.grade))),
            None => Ok(recipe),
        }
    }

    /// The recipe the fields describe, or what is wrong with them.
    fn recipe_of_fields(&self) -> Result<Recipe, String> {
        let mut recipe = Recipe::of_family(self.family).map_err(|e| e.to_string())?;
        for spec in recipe.specs() {
            let value = match (&spec.kind, self.texts.get(spec.key)) {
                (OptionKind::Lengths { .. }, Some(text)) => option_value(spec, text, &spec.label.to_lowercase())?,
                _ => self.value(spec),
            };
            recipe.set(spec.key, value).map_err(|e| e.to_string())?;
        }
        Ok(recipe)
    }

    /// The request for the `k`th puzzle of a run.
    fn request(&self, recipe: Recipe, k: usize) -> GenerateRequest {
        GenerateRequest {
            recipe,
            size: self.size,
            grade: self.grade,
            seed: self.seed.wrapping_add(k as u64),
            max_tries: self.tries,
        }
    }

    /// An option's value: as set in the dialog, or its default.
    fn value(&self, spec: &OptionSpec) -> OptionValue {
        self.values
            .get(spec.key)
            .cloned()
            .unwrap_or_else(|| spec.kind.default_value())
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
        // Opened over the Setter, below the Logic buttons, not over the grid:
        // placed by its bottom right corner, then held by its top left, so that
        // a message appearing makes it grow downwards, never moving the fields
        // under the pointer.
        let window = egui::Window::new("Generate puzzles")
            .id(egui::Id::unique(WINDOW_ID))
            .open(&mut open)
            .resizable(false)
            .default_width(WIDTH);
        let window = match egui::AreaState::load(ui.ctx(), egui::Id::unique(WINDOW_ID)) {
            Some(a) if a.pivot == egui::Align2::LEFT_TOP => window.pivot(egui::Align2::LEFT_TOP),
            Some(a) if a.size.is_some() => window.pivot(egui::Align2::LEFT_TOP).current_pos(a.left_top_pos()),
            _ => {
                let corner = ui.ctx().content_rect().right_bottom() + egui::vec2(-12.0, -12.0);
                window.pivot(egui::Align2::RIGHT_BOTTOM).default_pos(corner)
            }
        };
        window.show(ui.ctx(), |ui| {
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
                .selected_text(Recipe::title_of(self.family))
                .show_ui(ui, |ui| {
                    for w in words() {
                        ui.selectable_value(&mut self.family, w, Recipe::title_of(w));
                    }
                });
            ui.end_row();
            // Held as typed: a size out of range is said under the fields, naming it.
            let sizes = self.recipe_of_fields().map_or(4..=MAX_SIZE, |r| r.sizes());
            ui.label("Size");
            ui.add(egui::DragValue::new(&mut self.size).range(0..=MAX_TYPED))
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
            ui.add(egui::DragValue::new(&mut self.count).range(0..=MAX_TYPED))
                .on_hover_text(format!(
                    "1 to {MAX_COUNT}: seeds seed, seed + 1, ...; the seed moves on after each run"
                ));
            ui.end_row();
            ui.label("Drafts per puzzle");
            ui.add(egui::DragValue::new(&mut self.tries).range(100..=1_000_000).speed(100))
                .on_hover_text("Drafts judged before a puzzle is given up (some grades are rare in some families)");
            ui.end_row();
        });
        let recipe = self.recipe();
        let lines = MESSAGE_LINES * ui.text_style_height(&egui::TextStyle::Body);
        ui.allocate_ui_with_layout(
            egui::vec2(ui.available_width(), lines),
            egui::Layout::top_down(egui::Align::Min),
            |ui| {
                ui.set_min_height(lines);
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
            },
        );
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

    /// A row for each option of the generator, its widget made from its kind.
    fn options(&mut self, ui: &mut Ui) {
        let Ok(recipe) = Recipe::of_family(self.family) else {
            return;
        };
        for spec in recipe.specs() {
            ui.label(spec.label);
            let mut value = self.value(spec);
            let response = match (&spec.kind, &mut value) {
                (OptionKind::Int { min, max, .. }, OptionValue::Int(v)) => {
                    ui.add(egui::DragValue::new(v).range(*min..=*max))
                }
                (OptionKind::Float { min, max, step, .. }, OptionValue::Float(v)) => {
                    ui.add(egui::DragValue::new(v).range(*min..=*max).speed(*step))
                }
                (OptionKind::Flag { .. }, OptionValue::Flag(on)) => ui.checkbox(on, spec.text),
                // Two words with a text read best as a check box: ticked is the second.
                (OptionKind::Choice { words, .. }, OptionValue::Choice(word))
                    if words.len() == 2 && !spec.text.is_empty() =>
                {
                    let mut on = *word == words[1];
                    let r = ui.checkbox(&mut on, spec.text);
                    *word = words[usize::from(on)];
                    r
                }
                (OptionKind::Choice { words, .. }, OptionValue::Choice(word)) => {
                    egui::ComboBox::new(("generate_option", spec.key), "")
                        .selected_text(*word)
                        .show_ui(ui, |ui| {
                            for w in *words {
                                ui.selectable_value(word, *w, *w);
                            }
                        })
                        .response
                }
                (OptionKind::Letters { letters, .. }, OptionValue::Letters(chosen)) => {
                    ui.horizontal(|ui| {
                        let mut now: Vec<char> = Vec::new();
                        for (letter, name) in *letters {
                            let mut on = chosen.contains(letter);
                            ui.checkbox(&mut on, letter.to_string()).on_hover_text(*name);
                            if on {
                                now.push(*letter);
                            }
                        }
                        *chosen = now;
                    })
                    .response
                }
                (OptionKind::Lengths { default }, _) => {
                    let text = self
                        .texts
                        .entry(spec.key)
                        .or_insert_with(|| default.iter().map(usize::to_string).collect::<Vec<_>>().join(","));
                    ui.text_edit_singleline(text)
                }
                _ => ui.label(""),
            };
            response.on_hover_text(spec.help);
            if !matches!(spec.kind, OptionKind::Lengths { .. }) {
                self.values.insert(spec.key, value);
            }
            ui.end_row();
        }
    }

    fn start(&mut self, ui: &Ui, recipe: Recipe) {
        let count = self.count;
        let requests: Vec<GenerateRequest> = (0..count).map(|k| self.request(recipe.clone(), k)).collect();
        self.ran_family = self.family;
        self.task.start(crate::ui::room::repaint(ui), move |job| {
            for (k, req) in requests.into_iter().enumerate() {
                job.progress(Progress {
                    done: k as u64,
                    total: count as u64,
                });
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

/// A message as a sentence, with its full stop.
fn full_sentence(message: &str) -> String {
    let mut text = crate::quote::sentence(message);
    if !text.ends_with(['.', '!', '?']) {
        text.push('.');
    }
    text
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
