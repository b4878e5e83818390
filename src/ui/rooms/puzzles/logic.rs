//! The Logic panel of the Puzzles room: *Hint* (H), the deduction ladder's
//! next step from the marks on the grid (a wrong mark is named first), its
//! cells highlighted and *Apply* to take it; and *Explain*, the whole logical
//! solution as steps with the grade and the steps per tier, where clicking a
//! step shows the grid at that point. Both run off the UI thread.

use super::Answer;
use crate::geometry::BinaryMatrix;
use crate::jobs::{Repaint, Task};
use crate::puzzle::Puzzle;
use crate::puzzle::deduce::{self, State};
use crate::study::logic::{Hint, Verdict, hint, ladder_model, marks_state, verdict};
use crate::ui::shortcuts::Shortcut;
use crate::ui::widgets::job_controls::task_status;
use egui::{Key, Ui};

pub const HINT: Shortcut = Shortcut::key("Hint: the next logical step", Key::H);
pub const APPLY_HINT: Shortcut = Shortcut::new("Apply the hint", egui::Modifiers::SHIFT, Key::H);

/// The marks a hint was asked from: the answer's grid and its blank cells
/// (`None`: from the puzzle's own cells).
pub type Marks = Option<(BinaryMatrix, Option<BinaryMatrix>)>;

pub struct HintDone {
    puzzle: Puzzle,
    from: Marks,
    /// The state the hint starts from (Apply adds its cells to it).
    state: State,
    hint: Hint,
}

pub struct ExplainDone {
    puzzle: Puzzle,
    start: State,
    verdict: Verdict,
}

/// What the panel asks the room to do.
pub enum LogicAction {
    /// Put this partial answer on the grid as the user's (Try mode, one Backspace takes it back).
    Apply {
        grid: BinaryMatrix,
        undecided: BinaryMatrix,
    },
    /// Show the grid after a step of the logical solution.
    ShowStep {
        grid: BinaryMatrix,
        undecided: BinaryMatrix,
        label: String,
    },
}

#[derive(Default)]
pub struct Logic {
    hint: Task<HintDone>,
    explain: Task<ExplainDone>,
    /// The explained step shown on the grid.
    step: Option<usize>,
    /// The step list scrolls to the step shown (once, after a pick).
    scroll_to_step: bool,
    /// The puzzle the panel last showed (its messages go with it).
    shown_for: Option<Puzzle>,
    /// *Apply* asked for a hint that is still being worked out: it is
    /// applied when it comes, if it is a step for the same marks.
    apply_on_arrival: Option<(Puzzle, Marks)>,
}

/// A state as an answer: its marks and its open cells.
fn as_answer(state: &State, rows: usize, cols: usize) -> (BinaryMatrix, BinaryMatrix) {
    let (mut grid, mut open) = (BinaryMatrix::zeros(rows, cols), BinaryMatrix::zeros(rows, cols));
    for (i, v) in state.iter().enumerate() {
        match v {
            Some(true) => grid.set(i / cols, i % cols, true),
            Some(false) => {}
            None => open.set(i / cols, i % cols, true),
        }
    }
    (grid, open)
}

impl Logic {
    pub fn busy(&self) -> bool {
        self.hint.is_running() || self.explain.is_running()
    }

    /// *Apply* (Shift+H): the hint shown if it is a step for these marks,
    /// else a new hint asked for and applied when it comes, in one press.
    pub fn apply(&mut self, repaint: Repaint, puzzle: &Puzzle, marks: &Marks) -> Option<LogicAction> {
        if let Some(action) = self.apply_current(puzzle, marks) {
            return Some(action);
        }
        if ladder_model(puzzle).is_err() {
            return None;
        }
        self.start_hint(repaint, puzzle.clone(), marks.clone());
        self.apply_on_arrival = Some((puzzle.clone(), marks.clone()));
        None
    }

    /// Asks for the next step from `marks` (the user's answer in Try mode).
    pub fn start_hint(&mut self, repaint: Repaint, puzzle: Puzzle, marks: Marks) {
        self.step = None;
        self.apply_on_arrival = None;
        self.hint.start(repaint, move |job| {
            let spec = ladder_model(&puzzle)?;
            let state = match &marks {
                None => deduce::start(&spec.model).map_err(|c| c.sentence)?,
                Some((grid, open)) => marks_state(&puzzle, &spec.model, grid, open.as_ref())?,
            };
            let stage = |s: crate::study::logic::HintStage| job.note(crate::quote::sentence(&s.describe()));
            let hint = hint(&puzzle, &spec, &state, job.cancel_flag(), &stage).map_err(|e| e.to_string())?;
            Ok(HintDone {
                puzzle,
                from: marks,
                state,
                hint,
            })
        });
    }

    fn start_explain(&mut self, repaint: Repaint, puzzle: Puzzle) {
        self.step = None;
        self.explain.start(repaint, move |job| {
            let spec = ladder_model(&puzzle)?;
            let start = deduce::start(&spec.model).map_err(|c| c.sentence)?;
            let verdict = verdict(&puzzle, &spec, start.clone(), job.cancel_flag()).map_err(|e| e.to_string())?;
            Ok(ExplainDone { puzzle, start, verdict })
        });
    }

    /// The hint, while it still answers the marks on the grid.
    fn current_hint(&self, puzzle: &Puzzle, marks: &Marks) -> Option<&HintDone> {
        self.hint
            .result
            .as_ref()
            .filter(|h| &h.puzzle == puzzle && &h.from == marks)
    }

    fn current_explain(&self, puzzle: &Puzzle) -> Option<&ExplainDone> {
        self.explain.result.as_ref().filter(|e| &e.puzzle == puzzle)
    }

    /// The cells to highlight: the explained step shown, else the hint's.
    pub fn highlight(&self, puzzle: &Puzzle, marks: &Marks) -> (Vec<usize>, Vec<usize>) {
        if let (Some(k), Some(e)) = (self.step, self.current_explain(puzzle))
            && let Some(d) = e.verdict.explanation.steps.get(k)
        {
            return (d.decided.iter().map(|(c, _)| *c).collect(), d.reasons.clone());
        }
        match self.current_hint(puzzle, marks).map(|h| &h.hint) {
            Some(Hint::Step(d)) => (d.decided.iter().map(|(c, _)| *c).collect(), d.reasons.clone()),
            Some(Hint::Wrong { marks, .. }) => (Vec::new(), marks.iter().map(|(c, _)| *c).collect()),
            Some(Hint::Broken(c)) => (Vec::new(), c.cells.clone()),
            _ => (Vec::new(), Vec::new()),
        }
    }

    /// The grid shows a step of the explanation.
    pub fn browsing(&self, answer: Option<&Answer>) -> bool {
        self.step.is_some() && answer.is_some_and(|a| a.source.starts_with("step "))
    }

    /// The explanation's next step (H while browsing the steps).
    pub fn next_step(&mut self, puzzle: &Puzzle) -> Option<LogicAction> {
        let e = self.current_explain(puzzle)?;
        let k = self
            .step
            .map_or(0, |k| k + 1)
            .min(e.verdict.explanation.steps.len().checked_sub(1)?);
        let (rows, cols) = puzzle.size();
        let view = step_view(e, k, rows, cols);
        self.step = Some(k);
        self.scroll_to_step = true;
        Some(view)
    }

    /// *Apply* of the hint shown (Shift+H), if it is a step for these marks;
    /// the hint goes once applied (its words would be about the marks before).
    pub fn apply_current(&mut self, puzzle: &Puzzle, marks: &Marks) -> Option<LogicAction> {
        let h = self.current_hint(puzzle, marks)?;
        let Hint::Step(d) = &h.hint else { return None };
        let action = apply_step(h, d, puzzle);
        self.hint.clear();
        Some(action)
    }

    /// The panel; `marks`: what a hint would start from now.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        puzzle: Option<&Puzzle>,
        marks: &Marks,
        answer: Option<&Answer>,
    ) -> Option<LogicAction> {
        self.hint.poll();
        self.explain.poll();
        ui.heading("Logic");
        let Some(puzzle) = puzzle else {
            ui.label("No puzzle open.");
            return None;
        };
        // Another puzzle (or an edit): the last hint's and explanation's words
        // (and errors) were about the one before.
        if self.shown_for.as_ref() != Some(puzzle) {
            self.shown_for = Some(puzzle.clone());
            if !self.hint.is_running() {
                self.hint.clear();
            }
            if !self.explain.is_running() {
                self.explain.clear();
            }
            self.step = None;
        }
        if let Err(why) = ladder_model(puzzle) {
            ui.label(format!("Hint and Explain are not available: {why}."));
            return None;
        }
        let mut action = None;
        // A hint *Apply* asked for has come: applied if it is a step for the
        // marks still on the grid (a wrong mark or a stall is shown instead).
        if let Some((p, m)) = &self.apply_on_arrival
            && !self.hint.is_running()
        {
            if p == puzzle && m == marks {
                action = self.apply_current(puzzle, marks);
            }
            self.apply_on_arrival = None;
        }
        let browsing = self.browsing(answer);
        ui.horizontal(|ui| {
            if browsing {
                // On a step of the explanation, the next step is the hint.
                if ui
                    .button("Next step (H)")
                    .on_hover_text("The next step of the logical solution (Try, P, brings your own answer back)")
                    .clicked()
                {
                    action = self.next_step(puzzle);
                }
            } else if ui
                .add_enabled(!self.hint.is_running(), egui::Button::new("Hint (H)"))
                .on_hover_text(
                    "The next step a person would take from your marks (or from the givens): a wrong mark is named first. Shift+H applies it.",
                )
                .clicked()
            {
                self.start_hint(crate::ui::room::repaint(ui), puzzle.clone(), marks.clone());
            }
            if !browsing
                && ui
                    .add_enabled(!self.hint.is_running(), egui::Button::new("Apply (Shift+H)"))
                    .on_hover_text(
                        "Fill in the cells of the next logical step (the hint shown, or a new one asked for): one press, one step; Backspace or Ctrl+Z takes it back",
                    )
                    .clicked()
            {
                action = self.apply(crate::ui::room::repaint(ui), puzzle, marks);
            }
            if ui
                .add_enabled(!self.explain.is_running(), egui::Button::new("Explain"))
                .on_hover_text("The whole logical solution from the givens, step by step, with its grade (the list scrolls above the Setter)")
                .clicked()
            {
                self.start_explain(crate::ui::room::repaint(ui), puzzle.clone());
            }
            if self.busy() && ui.button("Cancel").clicked() {
                self.hint.cancel();
                self.explain.cancel();
            }
        });
        task_status(ui, &self.hint, "");
        task_status(ui, &self.explain, "");
        if let Some(h) = self.current_hint(puzzle, marks) {
            hint_view(ui, h);
        } else if self.hint.result.as_ref().is_some_and(|h| &h.puzzle == puzzle) {
            ui.weak("The marks changed since the last hint: H asks again.");
        }
        let (rows, cols) = puzzle.size();
        let step = self.step;
        let scroll = std::mem::take(&mut self.scroll_to_step);
        let mut picked = None;
        if let Some(e) = self.current_explain(puzzle) {
            let ex = &e.verdict.explanation;
            let stalls = if e.verdict.count_stopped {
                format!(
                    ", then the ladder stalls; whether the puzzle has one solution was not settled within {}",
                    crate::textview::seconds_text(crate::study::logic::HINT_CHECK)
                )
            } else {
                ", then the ladder stalls".into()
            };
            ui.label(format!(
                "Grade: {} ({}){}",
                e.verdict.label(),
                ex.profile_text(),
                if ex.solved {
                    ", solved by logic"
                } else if ex.broken.is_some() {
                    ": the steps end in a broken rule"
                } else {
                    &stalls
                }
            ))
            .on_hover_text(
                "Tier 1: full lines, lines that need every open cell, cells that may not both hold a mark, links. \
                 Tier 2: sums reachable only with (or without) a number, marks confined to another line or region. \
                 Tier 3: a probe (assume a value, follow tiers 1-2 to a contradiction). Tier 4: a probe of depth 2.",
            );
            let mut pick = None;
            let n = ex.steps.len();
            if n > 0 {
                // The buttons first, so they stay put while the label changes.
                ui.horizontal(|ui| {
                    if ui.button("<").on_hover_text("Previous step").clicked() {
                        pick = Some(step.map_or(0, |k| k.saturating_sub(1)));
                    }
                    if ui.button(">").on_hover_text("Next step").clicked() {
                        pick = Some(step.map_or(0, |k| (k + 1).min(n - 1)));
                    }
                    ui.label(match step {
                        Some(k) => format!("Step {} of {n}", k + 1),
                        None => "Click a step".to_string(),
                    });
                });
            }
            egui::ScrollArea::vertical()
                .id_salt("explain_steps")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for (k, d) in ex.steps.iter().enumerate() {
                        // As the hint says a step: "Tier 1: Row 5, col 3 is 1 …"
                        // (every step's sentence starts with a capital, as the hint's does).
                        let text = format!(
                            "{}. Tier {}: {}",
                            k + 1,
                            d.rule.tier(),
                            crate::quote::sentence(&d.sentence)
                        );
                        let row = ui.selectable_label(step == Some(k), text);
                        if row.clicked() {
                            pick = Some(k);
                        }
                        if scroll && step == Some(k) {
                            row.scroll_to_me(None);
                        }
                    }
                    if let Some(b) = &ex.broken {
                        ui.colored_label(ui.visuals().warn_fg_color, format!("Stopped: {}.", b.sentence));
                    } else if !ex.solved {
                        ui.colored_label(
                            ui.visuals().warn_fg_color,
                            match e.verdict.solutions {
                                Some(n) if n >= 2 => {
                                    "The puzzle is not unique (it has 2 or more solutions): no reasoning can finish it."
                                }
                                _ if ex.out_of_work => {
                                    "The ladder stops here: its probes spent their work budget (needs search)."
                                }
                                _ => "The ladder stalls here: a person would have to guess (needs search).",
                            },
                        );
                    }
                });
            if let Some(k) = pick {
                picked = Some(k);
                action = Some(step_view(e, k, rows, cols));
            }
        }
        if picked.is_some() {
            self.step = picked;
            self.scroll_to_step = true;
        }
        // A step shown is forgotten once the grid shows something else.
        if self.step.is_some() && !answer.is_some_and(|a| a.source.starts_with("step ")) && action.is_none() {
            self.step = None;
        }
        action
    }
}

/// The hint's sentence and, for a step, what its outlines mean.
fn hint_view(ui: &mut Ui, h: &HintDone) {
    let (colour, prefix) = match &h.hint {
        Hint::Step(d) => (
            ui.visuals().text_color(),
            format!("Tier {} ({}): ", d.rule.tier(), d.rule.name()),
        ),
        Hint::Wrong { .. } | Hint::Broken(_) => (ui.visuals().warn_fg_color, String::new()),
        Hint::Solved => (egui::Color32::from_rgb(120, 200, 120), String::new()),
        Hint::Stuck(_) => (ui.visuals().warn_fg_color, String::new()),
    };
    ui.add(
        egui::Label::new(
            egui::RichText::new(format!("{prefix}{}", crate::quote::sentence(&h.hint.sentence()))).color(colour),
        )
        .wrap(),
    );
    if let Hint::Step(_) = &h.hint {
        ui.weak("Outlined green: the cells it decides; dashed blue: the cells it reasons from.");
    }
}

/// The grid after step `k` of the explanation.
fn step_view(e: &ExplainDone, k: usize, rows: usize, cols: usize) -> LogicAction {
    let mut state = e.start.clone();
    for d in &e.verdict.explanation.steps[..=k] {
        deduce::apply(&mut state, d);
    }
    let (grid, undecided) = as_answer(&state, rows, cols);
    LogicAction::ShowStep {
        grid,
        undecided,
        label: format!("step {} of the logical solution", k + 1),
    }
}

/// The hint's step filled into the marks it was asked from.
fn apply_step(h: &HintDone, d: &deduce::Deduction, puzzle: &Puzzle) -> LogicAction {
    let mut state = h.state.clone();
    deduce::apply(&mut state, d);
    let (rows, cols) = puzzle.size();
    let (grid, undecided) = as_answer(&state, rows, cols);
    LogicAction::Apply { grid, undecided }
}
