//! The puzzle's grid with its editing tools: a click (or a drag, for regions)
//! applies the chosen tool as one undo step; in Try mode clicks place an
//! answer instead, which the room checks.

use super::Answer;
use crate::geometry::BinaryMatrix;
use crate::puzzle::Puzzle;
use crate::puzzle::edit;
use crate::puzzle::vocab::{AnswerGlyph, Piece, Tool, region_letter};
use crate::ui::room::RoomCtx;
use crate::ui::widgets::puzzle_grid::{self, Overlay};
use egui::Ui;

/// Largest cell side in points: the grid grows with the window (an 8×8
/// grid fills the height at 1920×1080), but a 4×4 Rullo stays a puzzle.
const MAX_CELL: f32 = 120.0;

pub struct Editor {
    tool: Option<Tool>,
    /// The region the Region tool paints, and the Rullo number the Number tool sets.
    region: u16,
    number: u32,
    /// The first cell of a link being made.
    pending: Option<(usize, usize)>,
    /// Clicks place an answer rather than edit the puzzle.
    play: bool,
    stroke: bool,
    /// The last cell a painting drag reached (cells between frames are painted too).
    last_drag: Option<(usize, usize)>,
    /// The family the tool was chosen for (a new family resets the tool).
    family: &'static str,
    /// Where the last frame drew the board, and its cell side.
    pub last_board: Option<(egui::Rect, f32)>,
    /// The clue fields as typed, and the puzzle they were filled from.
    clue_text: Vec<(&'static str, String)>,
    clue_for: Option<Puzzle>,
    /// A clue line that was not applied, and why (shown under the fields until
    /// the line is fixed: the puzzle keeps its last good clues).
    clue_error: Option<(&'static str, String)>,
    /// Each cell's region letter written in its corner (a view setting).
    pub letters: bool,
}

impl Default for Editor {
    fn default() -> Self {
        Editor {
            tool: None,
            region: 0,
            number: 1,
            pending: None,
            play: false,
            stroke: false,
            last_drag: None,
            family: "",
            last_board: None,
            clue_text: Vec::new(),
            clue_for: None,
            clue_error: None,
            letters: false,
        }
    }
}

/// Every cell but the givens: a fresh Try answer of a 0/1 puzzle is all blank.
/// A click on a cell of a family drawn with symbols (queen, star, tent):
/// a left click sets or clears a mark, a right click marks the cell empty (a
/// dot) or clears the dot. Without dots every unmarked cell is open
/// (`undecided` is `None`); with dots the open cells are listed.
fn mark_symbol(
    mut grid: BinaryMatrix,
    blank: Option<BinaryMatrix>,
    givens: &[crate::puzzle::model::Fixed],
    (row, col): (usize, usize),
    secondary: bool,
) -> (BinaryMatrix, Option<BinaryMatrix>) {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut open = blank.unwrap_or_else(|| {
        let mut m = all_but(rows, cols, givens);
        for r in 0..rows {
            for c in 0..cols {
                if grid.get(r, c) {
                    m.set(r, c, false);
                }
            }
        }
        m
    });
    let (is_open, is_mark) = (open.get(row, col), grid.get(row, col));
    match (secondary, is_open, is_mark) {
        // Left: open or dot → mark; mark → open.
        (false, _, false) => {
            grid.set(row, col, true);
            open.set(row, col, false);
        }
        (false, _, true) => {
            grid.set(row, col, false);
            open.set(row, col, true);
        }
        // Right: open or mark → dot; dot → open.
        (true, true, _) | (true, false, true) => {
            grid.set(row, col, false);
            open.set(row, col, false);
        }
        (true, false, false) => open.set(row, col, true),
    }
    // No dot left: back to "every unmarked cell is open".
    let dots = (0..rows * cols).any(|i| {
        let (r, c) = (i / cols, i % cols);
        !open.get(r, c) && !grid.get(r, c) && !givens.iter().any(|g| g.cell == i)
    });
    (grid, dots.then_some(open))
}

fn all_but(rows: usize, cols: usize, givens: &[crate::puzzle::model::Fixed]) -> BinaryMatrix {
    let mut m = BinaryMatrix::zeros(rows, cols);
    for r in 0..rows {
        for c in 0..cols {
            m.set(r, c, true);
        }
    }
    for f in givens {
        m.set(f.cell / cols, f.cell % cols, false);
    }
    m
}

/// What the grid did this frame that the room acts on.
#[derive(Default)]
pub struct EditOutcome {
    /// The new answer and, in the 0/1 families, its undecided cells.
    pub answer_changed: Option<(BinaryMatrix, Option<BinaryMatrix>)>,
}

impl Editor {
    pub fn playing(&self) -> bool {
        self.play
    }

    pub fn toggle_play(&mut self) {
        self.play = !self.play;
        self.pending = None;
    }

    /// The tool with the values of its fields (region, number).
    fn tool_now(&self) -> Option<Tool> {
        Some(match self.tool? {
            Tool::Region(_) => Tool::Region(self.region),
            Tool::Number(_) => Tool::Number(self.number),
            t => t,
        })
    }

    fn toolbar(&mut self, ui: &mut Ui, puzzle: &Puzzle) {
        if self.family != puzzle.family() || self.tool.is_none() {
            self.family = puzzle.family();
            self.tool = Some(super::first_tool(puzzle));
            self.pending = None;
        }
        ui.horizontal_wrapped(|ui| {
            ui.toggle_value(&mut self.play, "Try (P)")
                .on_hover_text("Click cells to place your own answer; the rules it breaks are listed");
            if puzzle.as_look().cell_marks().1.iter().any(Option::is_some) {
                ui.checkbox(&mut self.letters, "Region letters")
                    .on_hover_text("Write each cell's region letter in its corner (as the puzzle's text names them)");
            }
            ui.separator();
            // While trying, the tools stay (greyed), so nothing below them moves.
            ui.add_enabled_ui(!self.play, |ui| self.tools(ui, puzzle));
        });
    }

    /// The editing tools, in the toolbar's row.
    fn tools(&mut self, ui: &mut Ui, puzzle: &Puzzle) {
        ui.label("Tool:");
        for t in edit::tools(puzzle) {
            let selected = self
                .tool
                .is_some_and(|x| std::mem::discriminant(&x) == std::mem::discriminant(&t) && same_piece(x, t));
            let hover = tool_hover(t);
            let label = match t {
                Tool::Region(_) => "region".to_string(),
                Tool::Number(_) => "number".to_string(),
                t => t.label(),
            };
            if ui.selectable_label(selected, label).on_hover_text(hover).clicked() {
                self.tool = Some(t);
                self.pending = None;
            }
        }
        // The value a tool writes stays beside the tools (greyed for another
        // tool), so choosing a tool never rewraps the row and moves the grid.
        let tools = edit::tools(puzzle);
        let painting = matches!(self.tool, Some(Tool::Region(_)));
        let numbering = matches!(self.tool, Some(Tool::Number(_)));
        if tools.iter().any(|t| matches!(t, Tool::Region(_))) {
            ui.add_enabled(
                painting,
                egui::DragValue::new(&mut self.region)
                    .range(0..=61)
                    .custom_formatter(|v, _| region_letter(v as u16).to_string())
                    .custom_parser(|s| {
                        let ch = s.chars().next()?;
                        (0..62u16).find(|&k| region_letter(k) == ch).map(f64::from)
                    }),
            )
            .on_hover_text("The region to paint (a–z, A–Z, 0–9); drag across cells to paint many");
        }
        if tools.iter().any(|t| matches!(t, Tool::Number(_))) {
            ui.add_enabled(numbering, egui::DragValue::new(&mut self.number).range(1..=999))
                .on_hover_text("The number a click writes into a cell");
        }
    }

    /// One field per clue line (counts along the edges, Battleship's ships):
    /// Enter or leaving the field applies it as one undo step.
    fn clue_fields(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>, puzzle: &Puzzle) {
        if self.clue_for.as_ref() != Some(puzzle) {
            self.clue_text = edit::clues(puzzle);
            self.clue_for = Some(puzzle.clone());
        }
        let mut apply = None;
        ui.add_enabled_ui(!self.play, |ui| {
            ui.horizontal_wrapped(|ui| {
                for (keyword, text) in &mut self.clue_text {
                    ui.label(*keyword);
                    // As wide as its numbers (a 16×16 puzzle's 16 counts), within the panel.
                    let font = egui::TextStyle::Body.resolve(ui.style());
                    let color = ui.visuals().text_color();
                    let shown = if text.is_empty() {
                        keyword.to_string()
                    } else {
                        text.clone()
                    };
                    // The text and the field's margins and cursor.
                    let wide = ui.painter().layout_no_wrap(shown, font, color).size().x + 32.0;
                    let r = ui
                        .add(
                            egui::TextEdit::singleline(text)
                                .desired_width(wide.clamp(60.0, ui.available_width().max(60.0)))
                                .hint_text(*keyword),
                        )
                        .on_hover_text("Numbers separated by spaces: 3, 3+ (3 or 4), - (no clue); Enter applies");
                    if r.lost_focus() {
                        apply = Some((*keyword, text.clone()));
                    }
                }
            })
        });
        if let Some((keyword, e)) = &self.clue_error {
            ui.colored_label(
                ui.visuals().error_fg_color,
                crate::quote::sentence(&format!("{keyword} not applied (the puzzle keeps its last clues): {e}")),
            );
        }
        let Some((keyword, text)) = apply else { return };
        if edit::clues(puzzle)
            .iter()
            .any(|(k, v)| *k == keyword && *v == text.trim())
        {
            if self.clue_error.as_ref().is_some_and(|(k, _)| *k == keyword) {
                self.clue_error = None;
            }
            return;
        }
        match edit::set_clue(puzzle, keyword, &text) {
            Ok(p) => {
                self.clue_error = None;
                let active = ctx.doc.session.puzzles.active;
                ctx.doc.edit(|s| s.puzzles.puzzles[active].puzzle = p);
            }
            // The typed text stays, to be fixed; the line under the fields says what is wrong.
            Err(e) => self.clue_error = Some((keyword, crate::quote::clean_message(&e))),
        }
    }

    /// `hint`: the cells a deduction decides and the cells it reasons from,
    /// highlighted, and the cells the setter's lens outlines.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        ctx: &mut RoomCtx<'_>,
        puzzle: &Puzzle,
        answer: Option<&Answer>,
        hint: (&[usize], &[usize], &[usize]),
    ) -> EditOutcome {
        let mut out = EditOutcome::default();
        self.toolbar(ui, puzzle);
        self.clue_fields(ui, ctx, puzzle);
        let (rows, cols) = puzzle.size();
        ui.label(format!("{} {rows}×{cols}", puzzle.family_title()));
        // The rules of this puzzle beside its grid (Rullo, Max chess and the rest ask different things).
        rules_text(ui, &puzzle.rules());
        // While trying, a line that still needs marks is not outlined: clashes and
        // lines already over their count are what the grid shows.
        // Nor is a rule about cells not decided yet (a 0/1 puzzle's blank cells).
        let shown: Vec<crate::puzzle::Violation> = answer
            .map(|a| a.broken.iter().filter(|v| !a.waits(v, self.play)).cloned().collect())
            .unwrap_or_default();
        let (broken, weak) = answer
            .map(|a| puzzle_grid::broken_cells(&shown, &a.grid))
            .unwrap_or_default();
        // Cells the puzzle itself keeps empty (holes, cells with no tree beside
        // them) are drawn plain, without the dot of a cell the user decided.
        let drawn_open = answer.and_then(|a| a.undecided.clone()).map(|mut open| {
            for f in puzzle.model().map(|m| m.fixed).unwrap_or_default() {
                if !f.value && f.cell < rows * cols {
                    open.set(f.cell / cols, f.cell % cols, true);
                }
            }
            open
        });
        let overlay = Overlay {
            answer: answer.map(|a| &a.grid),
            broken: &broken,
            weak: &weak,
            pending: self.pending,
            undecided: drawn_open.as_ref(),
            ships: answer.and_then(|a| a.ships.as_deref()),
            decided: hint.0,
            reasons: hint.1,
            ambiguous: hint.2,
            region_letters: self.letters,
        };
        // Below the grid: the line naming the cell pointed at, and the answer's
        // report (a line or two and the broken rules, which scroll): five rows,
        // always kept, so the grid does not move as the report changes.
        let row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        let grid_height = (ui.available_height() - 5.0 * row - 8.0).max(220.0);
        let r = ui
            .allocate_ui(egui::vec2(ui.available_width(), grid_height), |ui| {
                puzzle_grid::show(ui, puzzle, &overlay, MAX_CELL)
            })
            .inner;
        self.last_board = Some((r.board, r.cell));
        // One line under the grid, always there: the cell pointed at and, while trying, what a click does.
        let at = r.hovered.map(|(row, col)| format!("Row {}, col {}.", row + 1, col + 1));
        let line = match (self.play, at) {
            (true, at) => format!("{} {}", at.unwrap_or_default(), try_help(puzzle)),
            (false, Some(at)) => at,
            (false, None) => String::new(),
        };
        ui.add(
            egui::Label::new(egui::RichText::new(if line.trim().is_empty() { " ".into() } else { line }).weak())
                .truncate(),
        );
        if self.play {
            let clicked = r.clicked.map(|c| (c, false)).or(r.secondary_clicked.map(|c| (c, true)));
            if let Some(((row, col), secondary)) = clicked {
                // The givens are part of every answer and stay as given.
                let givens = puzzle.model().map(|m| m.fixed).unwrap_or_default();
                if let Some(g) = givens.iter().find(|f| f.cell == row * cols + col) {
                    ctx.status(format!(
                        "{} is given ({}): it stays as it is",
                        crate::textview::cell_label(
                            crate::geometry::Lattice::Square,
                            crate::geometry::Coord(row as i32, col as i32)
                        ),
                        g.why
                    ));
                    return out;
                }
                let fits = |g: &BinaryMatrix| g.rows() == rows && g.cols() == cols;
                let mut grid = answer
                    .map(|a| a.grid.clone())
                    .filter(fits)
                    .unwrap_or_else(|| BinaryMatrix::zeros(rows, cols));
                for f in &givens {
                    grid.set(f.cell / cols, f.cell % cols, f.value);
                }
                if puzzle.answer_glyph() == AnswerGlyph::Digits {
                    // Three states: blank, then 1, then 0, then blank again.
                    let mut blank = answer
                        .filter(|a| fits(&a.grid))
                        .map_or_else(|| Some(all_but(rows, cols, &givens)), |a| a.undecided.clone())
                        .unwrap_or_else(|| BinaryMatrix::zeros(rows, cols));
                    // A left click cycles blank, 1, 0; a right click the other way.
                    match (blank.get(row, col), grid.get(row, col), secondary) {
                        (true, _, _) => {
                            blank.set(row, col, false);
                            grid.set(row, col, !secondary);
                        }
                        (false, true, false) | (false, false, true) => grid.set(row, col, !grid.get(row, col)),
                        (false, _, _) => {
                            // A blank cell reads as 0 to the checker.
                            blank.set(row, col, true);
                            grid.set(row, col, false);
                        }
                    }
                    out.answer_changed = Some((grid, Some(blank)));
                } else {
                    let blank = answer.filter(|a| fits(&a.grid)).and_then(|a| a.undecided.clone());
                    out.answer_changed = Some(mark_symbol(grid, blank, &givens, (row, col), secondary));
                }
            }
            return out;
        }
        // A step of the explanation on the grid: clicks edit nothing.
        if answer.is_some_and(|a| a.source.starts_with("step ")) {
            if r.clicked.is_some() {
                ctx.status("Showing a step of the explanation: Try (P) to mark cells, Clear (Esc) to edit the puzzle");
            }
            return out;
        }
        let Some(tool) = self.tool_now() else { return out };
        let active = ctx.doc.session.puzzles.active;
        let mut error = None;
        match tool {
            Tool::Link { opposite } => {
                if let Some(cell) = r.clicked {
                    match self.pending.take() {
                        None => self.pending = Some(cell),
                        Some(first) => ctx.doc.edit(|s| {
                            if let Err(e) =
                                edit::toggle_link(&mut s.puzzles.puzzles[active].puzzle, first, cell, opposite)
                            {
                                error = Some(e);
                            }
                        }),
                    }
                }
            }
            Tool::Region(_) => {
                // Painting: a drag is one undo step.
                if r.drag_started {
                    ctx.doc.checkpoint();
                    self.stroke = true;
                    self.last_drag = r.drag_origin;
                }
                if let Some(cell) = r.dragged.filter(|_| self.stroke) {
                    let from = self.last_drag.unwrap_or(cell);
                    ctx.doc.mutate(|s| {
                        for c in cells_between(from, cell) {
                            let _ = edit::apply(&mut s.puzzles.puzzles[active].puzzle, tool, c);
                        }
                    });
                    self.last_drag = Some(cell);
                }
                if r.drag_stopped && self.stroke {
                    self.stroke = false;
                    self.last_drag = None;
                    ctx.doc.end_stroke();
                }
                if let Some(cell) = r.clicked {
                    ctx.doc.edit(|s| {
                        if let Err(e) = edit::apply(&mut s.puzzles.puzzles[active].puzzle, tool, cell) {
                            error = Some(e);
                        }
                    });
                }
            }
            _ => {
                if let Some(cell) = r.clicked {
                    ctx.doc.edit(|s| {
                        if let Err(e) = edit::apply(&mut s.puzzles.puzzles[active].puzzle, tool, cell) {
                            error = Some(e);
                        }
                    });
                }
            }
        }
        if let Some(e) = error {
            ctx.status(e);
        }
        out
    }
}

/// What a click does in Try mode, for this family.
fn try_help(puzzle: &Puzzle) -> String {
    let how = match puzzle.answer_glyph() {
        AnswerGlyph::Digits => "Click a cell: blank, 1, 0 (right click: blank, 0, 1).",
        AnswerGlyph::KeptNumber => "Click a number to keep it (again: blank); right click: strike it out.",
        AnswerGlyph::Block => "Click a cell for a ship part (again: blank); right click: water.",
        _ => "Click a cell to place or remove a mark; right click: mark it empty (a dot).",
    };
    let hint = if puzzle.has_objective() { "" } else { " H: a hint." };
    format!("{how}{hint}")
}

/// Rows the rules of a puzzle get above its grid, whatever their length, so
/// the grid stays put from puzzle to puzzle and edit to edit (longer rules
/// end in "…"; the whole of them on hover).
const RULE_ROWS: usize = 3;

fn rules_text(ui: &mut Ui, rules: &str) {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let row = ui.fonts_mut(|f| f.row_height(&font));
    let mut job = egui::text::LayoutJob::single_section(
        rules.to_string(),
        egui::TextFormat::simple(font, ui.visuals().weak_text_color()),
    );
    job.wrap.max_rows = RULE_ROWS;
    let width = ui.available_width();
    let height = row * RULE_ROWS as f32 + ui.spacing().item_spacing.y;
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            ui.set_min_height(height);
            ui.add(egui::Label::new(job).wrap()).on_hover_text(rules);
        },
    );
}

/// The cells on the straight line from `a` to `b`, both included: a fast drag
/// moves several cells between two frames, and none may be skipped.
fn cells_between(a: (usize, usize), b: (usize, usize)) -> Vec<(usize, usize)> {
    let steps = a.0.abs_diff(b.0).max(a.1.abs_diff(b.1)).max(1);
    let lerp =
        |x: usize, y: usize, t: usize| (x as f64 + (y as f64 - x as f64) * t as f64 / steps as f64).round() as usize;
    (0..=steps).map(|t| (lerp(a.0, b.0, t), lerp(a.1, b.1, t))).collect()
}

fn same_piece(a: Tool, b: Tool) -> bool {
    match (a, b) {
        (Tool::Piece(x), Tool::Piece(y)) => x == y,
        (Tool::Link { opposite: x }, Tool::Link { opposite: y }) => x == y,
        _ => true,
    }
}

fn tool_hover(t: Tool) -> &'static str {
    match t {
        Tool::Region(_) => "Paint cells into the region chosen next to the tools",
        Tool::Hole => "Take a cell off the board, or put it back",
        Tool::Given => "Place or remove a given (Binary: 0, then 1, then none; Battleship: water, then ship)",
        Tool::Tree => "Plant or remove a tree",
        Tool::Number(_) => "Write the chosen number into a cell",
        Tool::Piece(Some(Piece::Queen)) => "Cells that allow a queen",
        Tool::Piece(Some(Piece::Rook)) => "Cells that allow a rook",
        Tool::Piece(Some(Piece::Bishop)) => "Cells that allow a bishop",
        Tool::Piece(Some(Piece::Knight)) => "Cells that allow a knight",
        Tool::Piece(Some(Piece::King)) => "Cells that allow a king",
        Tool::Piece(None) => "Cells where no piece may stand",
        Tool::Link { opposite: false } => "Click two cells: they must be equal ('='); again to remove",
        Tool::Link { opposite: true } => "Click two cells: they must differ ('x'); again to remove",
    }
}
