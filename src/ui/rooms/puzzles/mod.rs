//! Room "Puzzles": the puzzle families of the QUBO papers (Rullo, Queens and
//! Star Battle, Tents & Trees, chess pieces, Takuzu/Binairo/Tango, Battleship).
//! Pick or make a puzzle, edit it on its grid or as text (with undo), solve it
//! exactly (is it unique?), try an answer by hand, and send it to the Solver
//! room to anneal its QUBO; answers come back with the broken rules marked.

mod editor;
mod generate;
mod logic;
mod setter;
mod shelf;

use crate::geometry::BinaryMatrix;
use crate::jobs::{Repaint, Task};
use crate::puzzle::vocab::Tool;
use crate::puzzle::{ExactRequest, ExactResult, Puzzle, QuboOptions, SearchProgress, Violation};
use crate::run::Progress;
use crate::session::SolverSource;
use crate::ui::room::{Command, Room, RoomCtx, RoomMessage, repaint};
use crate::ui::shortcuts::Shortcut;
use crate::ui::widgets::job_controls::{JobLabels, job_controls};
use crate::ui::widgets::layout::{side_panel_default, side_panel_range, side_panel_scroll};
use egui::{Key, Ui};

pub const ID: &str = "puzzles";

/// Solutions the exact solver counts before it says "at least".
const COUNT_LIMIT: u64 = 100_000;
/// Solutions kept to step through.
const KEEP: usize = 20;

pub const SOLVE: Shortcut = Shortcut::key("Solve exactly", Key::S);
pub const TO_SOLVER: Shortcut = Shortcut::key("Anneal in the Solver room", Key::A);
pub const PLAY: Shortcut = Shortcut::key("Try an answer by hand (toggle)", Key::P);
pub const CLEAR: Shortcut = Shortcut::key("Clear the answer", Key::Escape);
pub const TAKE_BACK: Shortcut = Shortcut::key("Take back the last mark (Try)", Key::Backspace);
pub use logic::{APPLY_HINT, HINT};
const SHORTCUTS: &[Shortcut] = &[SOLVE, TO_SOLVER, PLAY, CLEAR, TAKE_BACK, HINT, APPLY_HINT];

/// The Help text, with the limits it names taken from the code.
static GUIDE: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    use crate::puzzle::setter::{LENS_CAP, LENS_LIMIT, OUTLINE_LIMIT};
    use crate::textview::seconds_text;
    format!(
        "Pick a puzzle on the left (the examples are the papers' families), or make a \
new one of any family and size. Edit it on the grid with the tools above it (paint regions, cut \
holes, place givens, trees, numbers, pieces; '=' and 'x' links join the cell you click to the one \
clicked before, at any distance), or as text in the Text tab; Undo covers every edit.\n\n\
The families (each puzzle's own rules show above its grid): Queens and N-queens (one queen per \
row, column and region; queens never touch or share a diagonal, as the puzzle says), Star Battle \
(so many stars per row, column and region, stars never touch), Tents (a tent beside each tree, \
tents never touch, counts at the edges), chess pieces (Coloured: one piece per region, none \
attacking another; Max: as many pieces as possible, none attacking another), Takuzu, Binairo and \
Tango (0s and 1s balanced, no three alike; Takuzu: no two equal lines; Tango: '=' and 'x' links), \
Rullo (strike out numbers so that each row and column adds up to its target) and Battleship \
puzzles (hide the fleet so that the edge numbers count the ship cells; its givens are drawn as in \
printed Bimaru puzzles: a circle for a submarine, an end rounded away from its ship, a square middle, \
waves for water).\n\n\
Solve exactly (S) counts the solutions (up to 100,000) and says whether the puzzle is unique; step \
through them with < and >. Try (P) lets you place an answer by hand (the givens are part of it): \
cells that clash are outlined in red and lines or regions over their count in orange; the lines \
that still need marks are summed up below. Your \
marks are not part of the puzzle: Undo (Ctrl+Z) changes the puzzle, Backspace takes back your \
last mark, Esc clears the answer (Backspace brings it back). In Takuzu, Binairo and Tango a click \
cycles a cell blank, 1, 0; blank cells are not judged. Show the solution puts your answer aside; \
Try brings it back. A solve goes on while another puzzle is open, and its result waits for its puzzle. \
In Queens, Star Battle, Tents and the others drawn with symbols, a right click marks a cell empty (a dot).\n\n\
Touching regions always get clearly different colours; Region letters (above the grid) writes each \
cell's region letter in its corner.\n\n\
Logic (the panel on the right): Hint (H) gives the next step a person would take, from your marks in \
Try mode or from the givens: its sentence, the cells it decides (green outline) and the cells it \
reasons from (dashed blue outline); Apply (Shift+H) fills in the next step in one press (the hint shown, or \
a new one; Backspace or Ctrl+Z takes it back). A mark that no solution shares is named first (each exact check \
takes at most {hint}: on a grid too open to count, the hint says at once that the ladder stalls). Explain lists \
the whole logical solution, scrolling in the Logic part (the Setter stays below it), with its grade (Easy: tier 1 only; Medium: tier \
2; Hard: a probe; Fiendish: a probe of depth 2; needs search: the rules stall); click a step, or press < > \
or H, to see the grid then; Try (P) brings your own answer back. The grade of every puzzle shows in the \
list ('not unique' and 'no solution' where no reasoning can finish; 'uniqueness unknown' where the rules \
stall and the count that tells one solution from several was stopped at its {hint} limit, so no grade is given).\n\n\
Setter (below Logic): the solutions are counted again after every edit, in the background, up to {cap} and for at most {lens}, and where two solutions differ the cells are outlined in purple. Past {cap} solutions the first {cap} are only a sample, so every other cell is checked exactly in the background (progress and Cancel, at most {outline}), and the note under the count says whether the outline is exact. Repair tries the kinds of edit ticked above it (region moves, givens, blocked cells, shown counts, changed numbers; LinkedIn-style Queens has no givens: tick region moves only) and lists every single edit that leaves one solution, each recounted exactly, easiest grade first; when none does, it lists the edits that cut the count most with the count after each, so you can apply one, repair again and walk down to one solution (past {cap} solutions each edit is recounted only to {cap}, so a cut shows only when it goes below that). Repair reuses the count and outline already made, shows each stage, and stops after {repair} with what it found, saying the list was cut short. For Max chess, when the count stopped before it proved the best worth, no cell is outlined and no cut is listed: the placements found may not be best. Hover an edit to see its cells, click it to apply it (Undo takes it back). Certify clues says whether every given, link or shown count is needed. Generate... (under the list) makes unique puzzles of any family at the grade you ask (the tier below stalls), with the family's options (a row each, its tooltip saying what it does), a seed and how many; they join the list with their grade. The dialog opens at the \
bottom right, over the Setter, clear of the grid and of the Logic buttons; it checks each field as you type \
(as the command line does), says why a grade is out of reach and which option reaches it, and a \
search for a grade never found with its options (Fiendish on connected regions) gives up once 1,000 \
drafts in a row come no nearer. Cancel keeps the puzzles finished; the one being made or certified \
is not listed.\n\n\
Anneal (A) opens the Solver room on this puzzle's QUBO (the paper's model, givens removed); where the \
QUBO cannot be built (a count with a range wider than \"q or q + 1\", such as Takuzu's longest run of 3) \
it is held back, its tooltip saying why. \
Its results show the decoded answer with the broken rules; 'Show in Puzzles' brings one back here.",
        hint = seconds_text(crate::study::logic::HINT_CHECK),
        cap = crate::quote::group_digits(&LENS_CAP.to_string()),
        lens = seconds_text(LENS_LIMIT),
        outline = seconds_text(OUTLINE_LIMIT),
        repair = seconds_text(setter::REPAIR_LIMIT),
    )
});

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
enum Tab {
    #[default]
    Grid,
    Text,
}

/// The answer shown on the grid and where it came from.
pub struct Answer {
    /// The puzzle it answers (cleared when the puzzle changes).
    pub puzzle: Puzzle,
    pub grid: BinaryMatrix,
    pub source: String,
    pub broken: Vec<Violation>,
    /// The checker has run (until then `broken` is empty but unknown).
    pub checked: bool,
    /// What the answer is worth (Max Chess).
    pub value: Option<f64>,
    /// Cells not decided yet (Try mode in the 0/1 families): drawn blank, and
    /// the rules about them are not judged yet. `None`: every cell is decided.
    pub undecided: Option<BinaryMatrix>,
    /// The ship of each cell (Battleship: ships that touch are drawn apart).
    pub ships: Option<Vec<u16>>,
}

impl Answer {
    /// While trying (or in a partial answer: a step of the logical solution), a
    /// broken rule that more marks may still mend waits: a count not reached
    /// yet, or a rule about cells still blank.
    pub fn waits(&self, v: &Violation, trying: bool) -> bool {
        let cols = self.grid.cols();
        if !(trying || self.undecided.is_some()) {
            return false;
        }
        match &self.undecided {
            // Blank cells listed (read as 0 by the checker): a rule about some
            // of them waits, unless it is a line over its count already.
            Some(u) => v.cells.iter().any(|&i| u.get(i / cols, i % cols)) && (v.short || v.cells.len() <= 2),
            // Every unmarked cell may still take a mark: counts not reached wait.
            None => v.short,
        }
    }
}

/// An exact solve and the puzzle it was for.
pub struct Solved {
    pub puzzle: Puzzle,
    pub result: ExactResult,
    pub seconds: f64,
}

#[derive(Default)]
pub struct PuzzlesRoom {
    tab: Tab,
    editor: editor::Editor,
    shelf: shelf::Shelf,
    logic: logic::Logic,
    setter: setter::Setter,
    generate: generate::GenerateDialog,
    exact: Task<Solved>,
    /// Which stored solution is shown.
    shown: usize,
    answer: Option<Answer>,
    /// Checking an answer runs the checker; it is small, but stays off the UI thread.
    check: Task<Answer>,
    text: String,
    /// The puzzle the text tab was filled from.
    text_for: Option<Puzzle>,
    text_error: Option<String>,
    /// Try mode's earlier answers (Backspace goes back one).
    tried: Vec<(Puzzle, BinaryMatrix, Option<BinaryMatrix>)>,
    /// The open puzzle's place in the list last frame (Try ends on another puzzle).
    open: Option<usize>,
    /// The open puzzle as it is this frame.
    open_puzzle: Option<Puzzle>,
    /// The user's Try answers put aside (by *Show the solution* or by opening
    /// another puzzle), one per puzzle at most: Try brings the open puzzle's back.
    put_aside: Vec<Answer>,
    /// The puzzle the running exact solve works on (it goes on when another is opened).
    solving: Option<Puzzle>,
    /// Solves of puzzles not open now, newest last: shown again when one is reopened.
    earlier: Vec<Solved>,
    /// Why the Solver room would refuse the open puzzle's QUBO, and the
    /// puzzle and options it was asked for.
    refusal: Option<(Puzzle, QuboOptions, Option<String>)>,
}

/// Height the puzzle list leaves at first for the controls below it (they
/// scroll when the window is shorter), and the least it keeps itself.
const LIST_LEAVES: f32 = 430.0;
const LIST_MIN: f32 = 140.0;

/// How many solves of other puzzles are kept.
const EARLIER_KEPT: usize = 16;

impl Room for PuzzlesRoom {
    fn id(&self) -> &'static str {
        ID
    }
    fn title(&self) -> &'static str {
        "Puzzles"
    }
    fn tooltip(&self) -> &'static str {
        "Queens, Star Battle, Tents, Rullo, chess, Takuzu/Tango and Battleship puzzles: edit, solve, anneal"
    }
    fn guide(&self) -> &'static str {
        &GUIDE
    }
    fn shortcuts(&self) -> &'static [Shortcut] {
        SHORTCUTS
    }
    /// In Try mode Ctrl+Z takes back the last mark (or applied hint), as Backspace does.
    fn own_undo(&mut self, ui: &Ui) -> bool {
        if !self.editor.playing() || self.tried.is_empty() {
            return false;
        }
        self.take_back(ui);
        true
    }
    fn busy(&self) -> bool {
        self.exact.is_running()
            || self.check.is_running()
            || self.shelf.busy()
            || self.logic.busy()
            || self.setter.busy()
            || self.generate.busy()
    }
    fn reset(&mut self) {
        let tab = self.tab;
        *self = PuzzlesRoom::default();
        self.tab = tab;
    }
    fn tab(&self) -> Option<&'static str> {
        Some(match self.tab {
            Tab::Grid => "grid",
            Tab::Text => "text",
        })
    }
    fn tabs(&self) -> &'static [&'static str] {
        &["grid", "text"]
    }
    fn set_tab(&mut self, tab: &str) {
        match tab {
            "grid" => self.tab = Tab::Grid,
            "text" => self.tab = Tab::Text,
            _ => {}
        }
    }
    fn receive(&mut self, message: RoomMessage, ctx: &mut RoomCtx<'_>) {
        if let RoomMessage::PuzzleAnswer(grid, source) = message
            && let Some(p) = ctx.doc.session.puzzles.current()
        {
            self.check_answer(crate::jobs::no_repaint(), p.puzzle.clone(), grid, None, source);
        }
    }

    fn ui(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        if self.exact.poll() {
            self.shown = 0;
            // In Try mode the user's answer stays; the solutions wait for < and >.
            if !self.editor.playing() {
                self.show_solution(repaint(ui));
            }
        }
        // A check lands only on the answer it checked: one shown since (the
        // tried answer Try brought back) stays, and a cleared one stays cleared.
        if self.check.poll()
            && let Some(a) = self.check.result.take()
            && self
                .answer
                .as_ref()
                .is_some_and(|cur| cur.puzzle == a.puzzle && cur.grid == a.grid && cur.source == a.source)
        {
            self.answer = Some(a);
        }
        self.shelf.poll(ctx);
        let current = ctx.doc.session.puzzles.current().map(|p| p.puzzle.clone());
        self.open_puzzle.clone_from(&current);
        let open = Some(ctx.doc.session.puzzles.active);
        if self.open != open {
            self.open = open;
            self.put_aside_answer();
            if self.editor.playing() {
                self.editor.toggle_play();
            }
            self.tried.clear();
        }
        // An answer or solve of another puzzle (or of this one before an edit) is
        // stale; the user's own answer is put aside (Undo and Try bring it back).
        if self
            .answer
            .as_ref()
            .is_some_and(|a| Some(&a.puzzle) != current.as_ref())
        {
            self.put_aside_answer();
            self.answer = None;
        }
        self.file_solves(current.as_ref(), repaint(ui));
        self.keys(ui, ctx);
        egui::Panel::left("puzzles_side")
            .resizable(true)
            .default_size(side_panel_default(ui))
            .size_range(side_panel_range(ui))
            .show(ui, |ui| {
                // The list takes the height the controls below it leave (the
                // border between them can be dragged).
                let height = ui.available_height();
                egui::Panel::top("puzzle_list_panel")
                    .resizable(true)
                    .default_size((height - LIST_LEAVES).max(LIST_MIN))
                    .size_range(LIST_MIN..=(height - 120.0).max(LIST_MIN))
                    .show(ui, |ui| self.shelf.list(ui, ctx));
                side_panel_scroll(ui, |ui| {
                    self.shelf.details(ui, ctx);
                    if ui
                        .button("Generate...")
                        .on_hover_text("Make unique puzzles of any family at a chosen grade")
                        .clicked()
                    {
                        self.generate.open = true;
                    }
                    self.generate.progress(ui);
                    ui.separator();
                    self.solve_panel(ui, ctx);
                });
            });
        self.generate.ui(ui, ctx);
        if self.open_puzzle.is_some() {
            egui::Panel::right("puzzles_logic")
                .resizable(true)
                .default_size(side_panel_default(ui))
                .size_range(side_panel_range(ui))
                .show(ui, |ui| {
                    // Logic above, Setter below, each in its own part (the
                    // border between them can be dragged): a long explanation
                    // scrolls in its part and never pushes the Setter away.
                    let height = ui.available_height();

                    egui::Panel::top("puzzles_logic_part")
                        .resizable(true)
                        .default_size(height * 0.55)
                        .size_range(LIST_MIN..=(height - LIST_MIN).max(LIST_MIN))
                        .show(ui, |ui| {
                            // The part keeps its size, however little it holds
                            // (egui sizes a panel by what was drawn in it).
                            ui.set_min_height(ui.available_height());
                            let marks = self.marks();
                            let answer = self.answer.as_ref();
                            if let Some(action) = self.logic.ui(ui, self.open_puzzle.as_ref(), &marks, answer) {
                                self.logic_action(ui, action);
                            }
                        });
                    side_panel_scroll(ui, |ui| {
                        if let Some(p) = self.open_puzzle.clone()
                            && let Some(repaired) = self.setter.ui(ui, &p)
                        {
                            let active = ctx.doc.session.puzzles.active;
                            ctx.doc.edit(|s| s.puzzles.puzzles[active].puzzle = repaired);
                            ctx.status("Repair applied (Undo takes it back).");
                        }
                    });
                });
        }
        egui::CentralPanel::default().show(ui, |ui| {
            let Some(puzzle) = current else {
                ui.label("No puzzle: make a new one on the left, or import a puzzle file.");
                return;
            };
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.tab, Tab::Grid, "Grid")
                    .on_hover_text("Edit the puzzle on its grid; see answers");
                ui.selectable_value(&mut self.tab, Tab::Text, "Text")
                    .on_hover_text("The puzzle's text form: edit it and apply");
            });
            ui.separator();
            match self.tab {
                Tab::Grid => {
                    let (decided, reasons) = self.logic.highlight(&puzzle, &self.marks());
                    let outlined = self.setter.outlined(&puzzle);
                    let answer = self.answer.as_ref();
                    let was_playing = self.editor.playing();
                    let edit = self
                        .editor
                        .ui(ui, ctx, &puzzle, answer, (&decided, &reasons, &outlined));
                    if self.editor.playing() && !was_playing {
                        self.entered_try();
                    }
                    if let Some((grid, undecided)) = edit.answer_changed {
                        let before = self.answer.as_ref().map_or_else(
                            || (BinaryMatrix::zeros(grid.rows(), grid.cols()), None),
                            |a| (a.grid.clone(), a.undecided.clone()),
                        );
                        self.tried.push((puzzle.clone(), before.0, before.1));
                        self.check_answer(repaint(ui), puzzle, grid, undecided, "your answer".into());
                    }
                    if let Some(a) = &self.answer {
                        let optimum = self.exact.result.as_ref().and_then(|s| s.result.best);
                        answer_report(ui, a, optimum, self.editor.playing());
                    }
                }
                Tab::Text => self.text_tab(ui, ctx, &puzzle),
            }
        });
    }
}

impl PuzzlesRoom {
    /// Try mode is on (an answer is being tried by hand).
    pub fn trying(&self) -> bool {
        self.editor.playing()
    }

    /// The answer on the grid, if any.
    pub fn answer(&self) -> Option<&Answer> {
        self.answer.as_ref()
    }

    /// The setter's lens on the open puzzle: its solutions counted (capped)
    /// and where they differ, once the background count is in.
    pub fn lens(&self) -> Option<&crate::puzzle::setter::Lens> {
        self.setter.lens_of(self.open_puzzle.as_ref()?)
    }

    /// The cells the grid outlines for the setter (where solutions differ, or
    /// the edit under the pointer).
    pub fn outlined(&self) -> Vec<usize> {
        self.open_puzzle
            .as_ref()
            .map_or_else(Vec::new, |p| self.setter.outlined(p))
    }

    /// The setter's exact outline of the open puzzle, once checked (past the lens's cap).
    pub fn outline(&self) -> Option<&crate::puzzle::setter::Outline> {
        self.setter.outline_of(self.open_puzzle.as_ref()?)
    }

    /// Opens the *Generate...* dialog (as its button does).
    pub fn open_generate(&mut self) {
        self.generate.open = true;
    }

    /// The cells the hint (or the explained step shown) decides and reasons from.
    pub fn hint_cells(&self) -> (Vec<usize>, Vec<usize>) {
        match &self.open_puzzle {
            Some(p) => self.logic.highlight(p, &self.marks()),
            None => (Vec::new(), Vec::new()),
        }
    }

    /// What a hint starts from: the user's answer in Try mode, else the givens.
    fn marks(&self) -> logic::Marks {
        self.answer
            .as_ref()
            .filter(|a| self.editor.playing() && Some(&a.puzzle) == self.open_puzzle.as_ref())
            .map(|a| (a.grid.clone(), a.undecided.clone()))
    }

    /// Applies a hint (as the user's marks, one Backspace) or shows an explained step.
    fn logic_action(&mut self, ui: &Ui, action: logic::LogicAction) {
        let Some(puzzle) = self.open_puzzle.clone() else { return };
        match action {
            logic::LogicAction::Apply { grid, undecided } => {
                if !self.editor.playing() {
                    self.toggle_play();
                }
                let (rows, cols) = puzzle.size();
                let before = self.answer.as_ref().filter(|a| a.puzzle == puzzle).map_or_else(
                    || (BinaryMatrix::zeros(rows, cols), None),
                    |a| (a.grid.clone(), a.undecided.clone()),
                );
                self.tried.push((puzzle.clone(), before.0, before.1));
                self.check_answer(repaint(ui), puzzle, grid, Some(undecided), "your answer".into());
            }
            logic::LogicAction::ShowStep { grid, undecided, label } => {
                if self.editor.playing() {
                    self.editor.toggle_play();
                }
                self.put_aside_answer();
                self.check_answer(repaint(ui), puzzle, grid, Some(undecided), label);
            }
        }
    }

    /// Why the Solver room would refuse the open puzzle's QUBO (with the
    /// options it builds it with), asked again only when either changes.
    fn qubo_refusal(&mut self, ctx: &RoomCtx<'_>) -> Option<String> {
        let puzzle = &ctx.doc.session.puzzles.current()?.puzzle;
        let options = crate::study::model::puzzle_options(ctx.doc.session.puzzles.eliminate_forced);
        match &self.refusal {
            Some((p, o, why)) if p == puzzle && *o == options => why.clone(),
            _ => {
                let why = puzzle.qubo_refusal(options);
                self.refusal = Some((puzzle.clone(), options, why.clone()));
                why
            }
        }
    }

    /// Earlier answers of Try mode, for Backspace.
    fn take_back(&mut self, ui: &Ui) {
        if let Some((puzzle, grid, undecided)) = self.tried.pop()
            && self.open_puzzle.as_ref() == Some(&puzzle)
        {
            self.check_answer(repaint(ui), puzzle, grid, undecided, "your answer".into());
        }
    }

    /// A solve of another puzzle (or of this one before an edit) is put aside,
    /// never thrown away: reopening that puzzle (or undoing the edit) shows it
    /// again. A solve still running goes on.
    fn file_solves(&mut self, current: Option<&Puzzle>, repaint: Repaint) {
        // A finished solve's error ("Cancelled.") was about the puzzle it
        // solved: it goes once another puzzle (or an edit of it) is open.
        if self.exact.error.is_some() && !self.exact.is_running() && self.solving.as_ref() != current {
            self.exact.error = None;
        }
        if self.exact.result.as_ref().is_some_and(|s| Some(&s.puzzle) != current) {
            let s = self.exact.result.take().expect("checked");
            self.earlier.retain(|e| e.puzzle != s.puzzle);
            self.earlier.push(s);
            if self.earlier.len() > EARLIER_KEPT {
                self.earlier.remove(0);
            }
        }
        if self.exact.result.is_none()
            && !self.exact.is_running()
            && let Some(i) = self.earlier.iter().position(|e| Some(&e.puzzle) == current)
        {
            self.exact.result = Some(self.earlier.remove(i));
            // As when the solve finished: its first solution on the grid (not over a Try answer).
            self.shown = 0;
            if !self.editor.playing() && self.answer.is_none() {
                self.show_solution(repaint);
            }
        }
    }

    /// The last exact solve of the open puzzle.
    pub fn solved(&self) -> Option<&Solved> {
        self.exact.result.as_ref()
    }

    /// Replaces the Text tab's text (as typing would; tests).
    /// Types a path into the file field of the list (as a person would).
    pub fn set_file_path(&mut self, path: &str) {
        self.shelf.path = path.to_string();
    }

    pub fn set_text(&mut self, text: &str) {
        self.text = text.to_string();
    }

    /// The centre of a cell (0-based) as drawn last frame.
    pub fn cell_center(&self, row: usize, col: usize) -> Option<egui::Pos2> {
        let (board, cell) = self.editor.last_board?;
        Some(board.min + egui::vec2((col as f32 + 0.5) * cell, (row as f32 + 0.5) * cell))
    }

    fn keys(&mut self, ui: &Ui, ctx: &mut RoomCtx<'_>) {
        if SOLVE.pressed(ui) {
            self.start_exact(ui, ctx);
        }
        if TO_SOLVER.pressed(ui) {
            match self.qubo_refusal(ctx) {
                Some(why) => ctx.status(refused(&why)),
                None => to_solver(ctx),
            }
        }
        if PLAY.pressed(ui) {
            self.toggle_play();
        }
        if CLEAR.pressed(ui) {
            let cleared = self.answer.take();
            if self.editor.playing()
                && let Some(a) = cleared
            {
                // One Backspace brings the cleared marks back.
                self.tried.push((a.puzzle, a.grid, a.undecided));
                ctx.status("Answer cleared (Backspace brings it back)");
            }
        }
        if self.editor.playing() && TAKE_BACK.pressed(ui) {
            self.take_back(ui);
        }
        if APPLY_HINT.pressed(ui) {
            if let (Some(p), marks) = (self.open_puzzle.clone(), self.marks())
                && let Some(action) = self.logic.apply(repaint(ui), &p, &marks)
            {
                self.logic_action(ui, action);
            }
        } else if self.logic.browsing(self.answer.as_ref())
            && HINT.pressed(ui)
            && let Some(p) = self.open_puzzle.clone()
        {
            if let Some(action) = self.logic.next_step(&p) {
                self.logic_action(ui, action);
            }
        } else if HINT.pressed(ui)
            && let Some(p) = self.open_puzzle.clone()
        {
            let marks = self.marks();
            self.logic.start_hint(repaint(ui), p, marks);
        }
    }

    /// Try mode starts from an empty grid, not from a solution shown before.
    fn toggle_play(&mut self) {
        self.editor.toggle_play();
        if self.editor.playing() {
            self.entered_try();
        }
    }

    /// Try mode begins: a solution shown goes, the user's own answer put
    /// aside by *Show the solution* comes back.
    fn entered_try(&mut self) {
        self.drop_shown_solution();
        if self.answer.is_none()
            && let Some(i) = self
                .put_aside
                .iter()
                .position(|a| self.open_puzzle.as_ref() == Some(&a.puzzle))
        {
            self.answer = Some(self.put_aside.remove(i));
        }
    }

    /// Keeps the user's own answer (not a solution) for when Try comes back to its puzzle.
    fn put_aside_answer(&mut self) {
        if let Some(a) = self.answer.take_if(|a| a.source == "your answer") {
            self.put_aside.retain(|b| b.puzzle != a.puzzle);
            self.put_aside.push(a);
            if self.put_aside.len() > EARLIER_KEPT {
                self.put_aside.remove(0);
            }
        }
    }

    /// A solution or an explained step on the grid goes (the user's own answer stays).
    fn drop_shown_solution(&mut self) {
        if self
            .answer
            .as_ref()
            .is_some_and(|a| a.source.starts_with("solution") || a.source.starts_with("step "))
        {
            self.answer = None;
        }
    }

    fn start_exact(&mut self, ui: &Ui, ctx: &mut RoomCtx<'_>) {
        let Some(p) = ctx.doc.session.puzzles.current() else {
            return;
        };
        let puzzle = p.puzzle.clone();
        self.solving = Some(puzzle.clone());
        self.exact.start(repaint(ui), move |job| {
            let t0 = fleetscope_run::clock::Stopwatch::start();
            let progress = |p: SearchProgress| {
                job.note(p.describe());
                // No bar (so no ETA) until the share explored means something.
                if let Some(f) = p.share_to_extrapolate() {
                    job.progress(Progress {
                        done: (f * 1000.0) as u64,
                        total: 1000,
                    });
                }
            };
            let result = puzzle
                .solve_exact(
                    ExactRequest {
                        limit: COUNT_LIMIT,
                        keep: KEEP,
                        progress: &progress,
                        max_nodes: None,
                    },
                    job.cancel_flag(),
                )
                .map_err(|e| e.to_string())?;
            Ok(Solved {
                puzzle,
                result,
                seconds: t0.wall_seconds(),
            })
        });
    }

    /// Shows stored solution `self.shown` as the answer.
    fn show_solution(&mut self, repaint: Repaint) {
        if let Some(s) = &self.exact.result
            && let Some(grid) = s.result.examples.get(self.shown)
        {
            // Checked like any answer (in the background): it finds how a fleet splits into ships.
            let (puzzle, grid) = (s.puzzle.clone(), grid.clone());
            let source = format!("solution {} of the exact solver", self.shown + 1);
            self.check_answer(repaint, puzzle, grid, None, source);
        }
    }

    /// Shows an answer at once and checks it in the background.
    fn check_answer(
        &mut self,
        repaint: Repaint,
        puzzle: Puzzle,
        grid: BinaryMatrix,
        undecided: Option<BinaryMatrix>,
        source: String,
    ) {
        self.answer = Some(Answer {
            puzzle: puzzle.clone(),
            grid: grid.clone(),
            source: source.clone(),
            broken: Vec::new(),
            checked: false,
            value: None,
            undecided: undecided.clone(),
            ships: None,
        });
        self.check.start(repaint, move |_| {
            check(puzzle, grid, source).map(|a| Answer { undecided, ..a })
        });
    }

    fn solve_panel(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        ui.heading("Solve");
        let has = ctx.doc.session.puzzles.current().is_some();
        let labels = JobLabels {
            start: "Solve exactly (S)",
            start_hover: "Count every solution (up to 100,000) with the exact solver",
            cancel: "Cancel",
            unit: "",
        };
        if job_controls(ui, &self.exact, &labels, has) {
            self.start_exact(ui, ctx);
        }
        let current = ctx.doc.session.puzzles.current().map(|p| &p.puzzle);
        if self.exact.is_running()
            && let Some(other) = self.solving.as_ref().filter(|p| Some(*p) != current)
        {
            let place = ctx
                .doc
                .session
                .puzzles
                .puzzles
                .iter()
                .find(|e| &e.puzzle == other)
                .map_or("a puzzle since edited".to_string(), |e| format!("'{}'", e.name));
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!("Still solving {place}; its result will wait for it."),
            );
        }
        if !self.editor.playing()
            && self
                .put_aside
                .iter()
                .any(|a| self.open_puzzle.as_ref() == Some(&a.puzzle))
        {
            ui.label("Your answer is put aside: Try (P) brings it back.");
        }
        if let Some(s) = &self.exact.result {
            let r = &s.result;
            let count = if r.stopped_at_limit {
                format!("at least {}", crate::textview::thousands(r.count as u128))
            } else {
                crate::textview::thousands(r.count as u128)
            };
            let what = match r.best {
                Some(best) => format!(
                    "optimum {best}: {count} optimal {}",
                    if r.count == 1 && !r.stopped_at_limit {
                        "answer"
                    } else {
                        "answers"
                    }
                ),
                None if r.count == 0 => match &r.why_none {
                    Some(why) => format!("no solution: {why}"),
                    None if r.timed_out => "no solution found before the time limit".to_string(),
                    None => "no solution".to_string(),
                },
                None if r.is_unique() => "1 solution: unique".to_string(),
                None => format!("{count} solutions: not unique"),
            };
            let nodes = if r.nodes > 0 {
                format!(", {} nodes", crate::textview::thousands(r.nodes as u128))
            } else {
                String::new()
            };
            ui.label(crate::quote::sentence(&format!(
                "{what} ({:.1} ms{nodes})",
                s.seconds * 1e3
            )));
            let n = r.examples.len();
            let total = r.count;
            // In Try mode the user's answer stays on the grid: say so, and offer the solution.
            if self.editor.playing() && n > 0 {
                let mut show = false;
                ui.horizontal_wrapped(|ui| {
                    ui.label("Your answer stays on the grid while you try.");
                    show = ui
                        .button("Show the solution")
                        .on_hover_text("End Try mode and show the solver's solution")
                        .clicked();
                });
                if show {
                    self.editor.toggle_play();
                    self.put_aside_answer();
                    self.show_solution(repaint(ui));
                }
            }
            if n > 1 && !self.editor.playing() {
                ui.horizontal(|ui| {
                    let mut k = self.shown;
                    if ui.button("<").on_hover_text("Previous solution").clicked() {
                        k = (k + n - 1) % n;
                    }
                    let kept = if (n as u64) < total {
                        format!(" (the first {n} are kept)")
                    } else {
                        String::new()
                    };
                    ui.label(format!("Solution {} of {n}{kept}", self.shown + 1));
                    if ui.button(">").on_hover_text("Next solution").clicked() {
                        k = (k + 1) % n;
                    }
                    if k != self.shown {
                        self.shown = k;
                        self.show_solution(repaint(ui));
                    }
                });
            }
        }
        ui.separator();
        let refusal = self.qubo_refusal(ctx);
        let hover = refusal.as_deref().map_or_else(
            || "Build this puzzle's QUBO in the Solver room and sample it there".to_string(),
            refused,
        );
        if ui
            .add_enabled(
                has && refusal.is_none(),
                egui::Button::new("Anneal in the Solver room (A)"),
            )
            .on_hover_text(&hover)
            .on_disabled_hover_text(&hover)
            .clicked()
        {
            to_solver(ctx);
        }
        if self.answer.is_some() && ui.button("Clear the answer (Esc)").clicked() {
            self.answer = None;
        }
    }

    fn text_tab(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>, puzzle: &Puzzle) {
        if self.text_for.as_ref() != Some(puzzle) {
            self.text = puzzle.to_text();
            self.text_for = Some(puzzle.clone());
            self.text_error = None;
        }
        ui.label("The puzzle as text (the format of `fleetscope puzzle` and of puzzle files; see README).");
        ui.horizontal(|ui| {
            if ui
                .button("Apply")
                .on_hover_text("Read the text and make it the puzzle (one undo step)")
                .clicked()
            {
                match Puzzle::parse(&self.text) {
                    Ok(p) => {
                        let active = ctx.doc.session.puzzles.active;
                        ctx.doc.edit(|s| s.puzzles.puzzles[active].puzzle = p);
                        self.text_error = None;
                        ctx.status("Puzzle text applied.");
                    }
                    Err(e) => self.text_error = Some(crate::quote::sentence(&e.to_string())),
                }
            }
            if ui
                .button("Revert")
                .on_hover_text("Back to the puzzle as it is")
                .clicked()
            {
                self.text_for = None;
            }
        });
        if let Some(e) = &self.text_error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.add(
                egui::TextEdit::multiline(&mut self.text)
                    .code_editor()
                    .desired_width(f32::INFINITY)
                    .desired_rows(20),
            );
        });
    }
}

fn check(puzzle: Puzzle, grid: BinaryMatrix, source: String) -> Result<Answer, String> {
    let ships = puzzle.ship_ids(&grid);
    let broken = puzzle.violations(&grid)?;
    let value = if puzzle.has_objective() {
        Some(puzzle.model()?.objective_value(&grid))
    } else {
        None
    };
    Ok(Answer {
        puzzle,
        grid,
        source,
        broken,
        checked: true,
        value,
        undecided: None,
        ships,
    })
}

/// Why Anneal is held back, as a sentence.
fn refused(why: &str) -> String {
    format!("Its QUBO cannot be built: {}.", why.trim_end_matches('.'))
}

/// Opens the Solver room on the open puzzle.
fn to_solver(ctx: &mut RoomCtx<'_>) {
    if ctx.doc.session.puzzles.current().is_none() {
        return;
    }
    if ctx.doc.session.solver.source != SolverSource::Puzzle {
        ctx.doc.edit(|s| s.solver.source = SolverSource::Puzzle);
    }
    // The Run tab, where the puzzle's model and its runs show (not Experiments).
    ctx.send(Command::SwitchRoomTab(crate::ui::rooms::solver::ID, "run"));
}

/// The answer's origin and the rules it breaks, under the grid.
fn answer_report(ui: &mut Ui, a: &Answer, optimum: Option<f64>, trying: bool) {
    ui.separator();
    // The source names the answer inside the room ("your answer", "solution 2
    // of the exact solver"); the report's lines start with it, as sentences.
    let source = crate::quote::sentence(&a.source);
    if !a.checked {
        ui.label(format!("{source}: checking…"));
        return;
    }
    if a.broken.is_empty() {
        let worth = match (a.value, optimum) {
            (Some(v), Some(best)) if v < best - 1e-9 => format!(" It is worth {v}; the optimum is {best}."),
            (Some(v), Some(_)) => format!(" It is worth {v}: optimal."),
            (Some(v), None) => format!(" It is worth {v} (Solve exactly finds the optimum)."),
            _ => String::new(),
        };
        ui.colored_label(
            egui::Color32::from_rgb(120, 200, 120),
            format!("{source}: every rule holds.{worth}"),
        );
        return;
    }
    // While trying, counts that more marks may still reach are summed up, not listed.
    let short = a.broken.iter().filter(|v| a.waits(v, trying)).count();
    let listed: Vec<&crate::puzzle::Violation> = a.broken.iter().filter(|v| !a.waits(v, trying)).collect();
    if listed.is_empty() {
        ui.label(format!(
            "{source}: no clash so far; {} for more marks (lines short of their count, or about blank cells).",
            if short == 1 {
                "1 rule waits".to_string()
            } else {
                format!("{short} rules wait")
            }
        ));
        return;
    }
    ui.colored_label(
        ui.visuals().warn_fg_color,
        format!(
            "{source}: {} broken{} (red: marks that clash; orange: a line, region or group that is wrong as a whole). Broken:",
            crate::textview::count(listed.len(), "rule", "rules"),
            match short {
                0 => String::new(),
                1 => "; 1 more waits for more marks".to_string(),
                n => format!("; {n} more wait for more marks"),
            }
        ),
    );
    egui::ScrollArea::vertical()
        .id_salt(("broken_rules", a.puzzle.family(), a.puzzle.size()))
        .auto_shrink([false, true])
        .show(ui, |ui| {
            // Clashes first: they say where the answer goes wrong.
            let (clash, count): (Vec<&crate::puzzle::Violation>, Vec<&crate::puzzle::Violation>) = listed
                .iter()
                .copied()
                .partition(|v| crate::ui::widgets::puzzle_grid::is_clash(v, &a.grid));
            for v in clash.into_iter().chain(count) {
                ui.label(format!("• {}", v.message));
            }
        });
}

/// The tool a family starts with.
pub fn first_tool(p: &Puzzle) -> Tool {
    crate::puzzle::edit::tools(p)[0]
}
