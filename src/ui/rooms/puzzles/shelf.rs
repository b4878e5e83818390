//! The list of the session's puzzles: pick, rename, duplicate, delete, make a
//! blank one of any family, import and export puzzle text files (read and
//! written off the UI thread).

use crate::jobs::Task;
use crate::puzzle::{FAMILIES, Puzzle, new_puzzle_title};
use crate::session::{NamedPuzzle, PuzzleShelf};
use crate::ui::room::{RoomCtx, repaint};
use crate::ui::widgets::job_controls::task_status;
use crate::ui::widgets::path_picker::PathPicker;
use egui::Ui;
use std::path::PathBuf;

/// Largest side of a new puzzle (the families' own limits still apply).
const MAX_NEW_SIDE: usize = 64;
/// Grades kept (by puzzle): more than a session holds.
const GRADES_KEPT: usize = 512;

/// A puzzle's grade as the list shows it, and the line its tooltip gives.
#[derive(Clone)]
struct GradeTag {
    puzzle: Puzzle,
    short: String,
    long: String,
}

/// The width of the list's grade column: its widest word.
fn grade_width(ui: &Ui) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let color = ui.visuals().text_color();
    [
        crate::study::logic::UNIQUENESS_UNKNOWN,
        "needs search",
        "no solution",
        "not unique",
        "Fiendish",
    ]
    .iter()
    .map(|w| ui.painter().layout_no_wrap(w.to_string(), font.clone(), color).size().x)
    .fold(0.0, f32::max)
}

/// The deduction ladder's grade of one puzzle, in words; a puzzle the ladder
/// does not solve is told apart: no solution, several, or one a person
/// would have to guess at. A cancel is no grade ("Not graded: cancelled"
/// would stay on the list).
fn grade_tag(puzzle: Puzzle, cancel: &crate::run::CancelFlag) -> Result<GradeTag, crate::run::Cancelled> {
    use crate::puzzle::PuzzleError;
    let verdict = crate::study::logic::ladder_model(&puzzle)
        .map_err(PuzzleError::Invalid)
        .and_then(|spec| {
            let start = crate::puzzle::deduce::start(&spec.model).map_err(|c| PuzzleError::Invalid(c.sentence))?;
            crate::study::logic::verdict(&puzzle, &spec, start, cancel)
        });
    let (short, long) = match verdict {
        Err(PuzzleError::Cancelled(c)) => return Err(c),
        Err(why) => ("-".to_string(), format!("Not graded: {why}.")),
        Ok(v) => {
            let steps = v.explanation.profile_text();
            let long = match v.label() {
                "no solution" => "The puzzle has no solution (Solve exactly says why).".to_string(),
                "not unique" => format!("The puzzle has more than one solution: logic stops after {steps}."),
                crate::study::logic::UNIQUENESS_UNKNOWN => format!(
                    "The rules find {steps}, then stall, and the count that tells one solution from several was \
                     stopped at its {} limit: no grade is given (Solve exactly counts without it).",
                    crate::textview::seconds_text(crate::study::logic::HINT_CHECK)
                ),
                grade if v.explanation.solved => {
                    format!("Grade {grade}: solved by logic in {steps}. Explain shows them.")
                }
                _ => format!("The rules find {steps}, then a person would have to guess."),
            };
            (v.label().to_string(), long)
        }
    };
    Ok(GradeTag { puzzle, short, long })
}

pub struct Shelf {
    family: usize,
    rows: usize,
    cols: usize,
    name: String,
    /// The puzzle whose name `name` holds, and that name as stored (an undo
    /// changes it behind the field's back).
    name_for: Option<(usize, String)>,
    /// The open puzzle last frame (the list scrolls to a new one).
    shown: Option<usize>,
    pub(super) path: String,
    open: PathPicker,
    save: PathPicker,
    import: Task<(String, Puzzle)>,
    export: Task<String>,
    /// The file Export last wrote: no "this file exists" warning about it.
    written: Option<PathBuf>,
    /// Grades of the puzzles in the list, made in the background.
    grades: Vec<GradeTag>,
    grading: Task<Vec<GradeTag>>,
}

impl Default for Shelf {
    fn default() -> Self {
        Shelf {
            family: 1,
            rows: 8,
            cols: 8,
            name: String::new(),
            name_for: None,
            shown: None,
            path: String::new(),
            open: PathPicker::default(),
            save: PathPicker::default(),
            import: Task::default(),
            export: Task::default(),
            written: None,
            grades: Vec::new(),
            grading: Task::default(),
        }
    }
}

impl Shelf {
    pub fn busy(&self) -> bool {
        self.import.is_running() || self.export.is_running() || self.grading.is_running()
    }

    /// Grades the puzzles of the list not graded yet (in the background).
    fn grade_missing(&mut self, ui: &Ui, puzzles: &[NamedPuzzle]) {
        if self.grading.poll()
            && let Some(done) = self.grading.result.take()
        {
            self.grades.extend(done);
            if self.grades.len() > GRADES_KEPT {
                self.grades.drain(..self.grades.len() - GRADES_KEPT);
            }
        }
        if self.grading.is_running() {
            return;
        }
        let missing: Vec<Puzzle> = puzzles
            .iter()
            .map(|p| &p.puzzle)
            .filter(|p| !self.grades.iter().any(|g| &g.puzzle == *p))
            .cloned()
            .collect();
        if missing.is_empty() {
            return;
        }
        self.grading.start(repaint(ui), move |job| {
            let mut out = Vec::new();
            for p in missing {
                if job.cancel_flag().is_cancelled() {
                    return Err(crate::run::Cancelled.to_string());
                }
                out.push(grade_tag(p, job.cancel_flag()).map_err(|e| e.to_string())?);
            }
            Ok(out)
        });
    }

    /// Takes in finished imports and exports.
    pub fn poll(&mut self, ctx: &mut RoomCtx<'_>) {
        if self.import.poll()
            && let Some((name, puzzle)) = self.import.result.take()
            && let Some(added) = add(ctx, name, puzzle)
        {
            ctx.status(format!("Imported '{added}'."));
        }
        if self.export.poll()
            && let Some(msg) = self.export.result.take()
        {
            ctx.status(msg);
        }
    }

    /// The list of puzzles with their grades, filling the space it is given.
    pub fn list(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        ui.heading("Puzzles");
        let shelf = ctx.doc.session.puzzles.clone();
        self.grade_missing(ui, &shelf.puzzles);
        let mut pick = None;
        egui::ScrollArea::vertical()
            .id_salt("puzzle_list")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for (i, p) in shelf.puzzles.iter().enumerate() {
                    let (r, c) = p.puzzle.size();
                    let tag = self.grades.iter().rev().find(|g| g.puzzle == p.puzzle);
                    let grade = tag.map_or("…", |g| g.short.as_str());
                    let name = format!("{}  ({} {r}×{c})", p.name, p.puzzle.family_title());
                    let label = format!("{name}  {grade}");
                    let hover = format!(
                        "{label}\n{}",
                        tag.map_or("Grading in the background…", |g| g.long.as_str())
                    );
                    // The grade in a column of its own, as wide as the widest
                    // grade, and the name wrapping beside it: a grade coming in
                    // never rewraps the list under the pointer, and nothing is cut.
                    let row = ui
                        .with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
                            let (slot, _) = ui.allocate_exact_size(
                                egui::vec2(grade_width(ui), ui.text_style_height(&egui::TextStyle::Body)),
                                egui::Sense::hover(),
                            );
                            ui.put(slot, egui::Label::new(egui::RichText::new(grade).weak()).truncate())
                                .on_hover_text(&hover);
                            ui.with_layout(egui::Layout::top_down_justified(egui::Align::Min), |ui| {
                                ui.add(egui::Button::selectable(i == shelf.active, name).wrap())
                                    .on_hover_text(&hover)
                            })
                            .inner
                        })
                        .inner;
                    if row.clicked() {
                        pick = Some(i);
                    }
                    if i == shelf.active && self.shown != Some(i) {
                        row.scroll_to_me(None);
                    }
                }
            });
        self.shown = Some(shelf.active);
        if let Some(i) = pick {
            ctx.doc.set_view(|s| s.puzzles.active = i);
        }
    }

    /// Under the list: the open puzzle's name, duplicate and delete, a new
    /// puzzle, and puzzle files.
    pub fn details(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        let shelf = ctx.doc.session.puzzles.clone();
        if let Some(current) = shelf.current() {
            let stored = Some((shelf.active, current.name.clone()));
            if self.name_for != stored {
                self.name = current.name.clone();
                self.name_for = stored;
            }
            ui.horizontal(|ui| {
                ui.label("Name");
                let r = ui.add(
                    egui::TextEdit::singleline(&mut self.name)
                        .desired_width(150.0)
                        .hint_text("puzzle name"),
                );
                if r.lost_focus() && !self.name.trim().is_empty() && self.name != current.name {
                    let (i, name) = (shelf.active, self.name.trim().to_string());
                    ctx.doc.edit(|s| s.puzzles.puzzles[i].name = name);
                }
            });
            ui.horizontal(|ui| {
                if ui.button("Duplicate").on_hover_text("A copy to change").clicked() {
                    let base = current.name.trim_end_matches(" (copy)").to_string();
                    add(ctx, format!("{base} (copy)"), current.puzzle.clone());
                }
                if ui
                    .button("Delete")
                    .on_hover_text("Remove this puzzle (Undo brings it back)")
                    .clicked()
                {
                    let i = shelf.active;
                    ctx.doc.edit(|s| {
                        s.puzzles.puzzles.remove(i);
                        s.puzzles.active = i.min(s.puzzles.puzzles.len().saturating_sub(1));
                    });
                }
            });
        }
        ui.separator();
        self.new_puzzle(ui, ctx);
        ui.separator();
        self.files(ui, ctx);
    }

    fn new_puzzle(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        ui.label("New puzzle");
        egui::ComboBox::new("new_family", "family")
            .height(400.0)
            .selected_text(new_puzzle_title(FAMILIES[self.family].0))
            .show_ui(ui, |ui| {
                for (i, (key, what)) in FAMILIES.iter().enumerate() {
                    ui.selectable_value(&mut self.family, i, new_puzzle_title(key))
                        .on_hover_text(*what);
                }
            });
        ui.horizontal(|ui| {
            ui.add(egui::DragValue::new(&mut self.rows).range(1..=MAX_NEW_SIDE))
                .on_hover_text("Rows");
            ui.label("×");
            ui.add(egui::DragValue::new(&mut self.cols).range(1..=MAX_NEW_SIDE))
                .on_hover_text("Columns");
            if ui
                .button("Make")
                .on_hover_text("A blank puzzle of this family and size")
                .clicked()
            {
                let key = FAMILIES[self.family].0;
                match crate::puzzle::edit::blank(key, self.rows, self.cols) {
                    Ok(p) => {
                        add(ctx, format!("New {} {}×{}", p.family_title(), self.rows, self.cols), p);
                    }
                    Err(e) => ctx.status(format!("Cannot make that puzzle: {e}")),
                }
            }
        });
    }

    fn files(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        ui.label("Puzzle file (text)");
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.path)
                    .desired_width(170.0)
                    .hint_text("path/to/puzzle.txt"),
            );
            let filter = ("Puzzle text", &["txt"][..]);
            if let Some(p) = self.open.browse(ui, false, filter, None) {
                self.path = p.display().to_string();
                self.start_import(ui, p);
            }
        });
        let path = PathBuf::from(self.path.trim());
        let typed = !self.path.trim().is_empty();
        if typed && path.is_file() && self.written.as_deref() != Some(path.as_path()) {
            ui.colored_label(ui.visuals().warn_fg_color, "This file exists: Export replaces it.");
        }
        // Grading the list in the background does not hold files up.
        let filing = self.import.is_running() || self.export.is_running();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(typed && !filing, egui::Button::new("Import"))
                .on_hover_text("Read the puzzle file at this path and add it to the list")
                .clicked()
            {
                self.start_import(ui, path.clone());
            }
            let current = ctx.doc.session.puzzles.current().cloned();
            if ui
                .add_enabled(typed && current.is_some() && !filing, egui::Button::new("Export"))
                .on_hover_text("Write the open puzzle to this path as text")
                .clicked()
                && let Some(p) = current
            {
                self.start_export(ui, path.clone(), p);
            }
            let filter = ("Puzzle text", &["txt"][..]);
            if let Some(current) = ctx.doc.session.puzzles.current().cloned()
                && let Some(p) = self.save.browse(ui, true, filter, typed.then_some(path.as_path()))
            {
                self.path = p.display().to_string();
                self.start_export(ui, p, current);
            }
        });
        task_status(ui, &self.import, "");
        task_status(ui, &self.export, "");
    }

    fn start_import(&mut self, ui: &Ui, path: PathBuf) {
        self.import.start(repaint(ui), move |_| {
            let text = crate::session::read_text(&path).map_err(|e| e.to_string())?;
            let puzzle = Puzzle::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "imported".into());
            Ok((name, puzzle))
        });
    }

    fn start_export(&mut self, ui: &Ui, path: PathBuf, p: NamedPuzzle) {
        self.written = Some(path.clone());
        self.export.start(repaint(ui), move |_| {
            let text = format!(
                "// {}\n{}",
                p.name.replace(['\n', '\r'], " "),
                p.puzzle.to_checked_text()?
            );
            crate::session::write_text(&path, &text).map_err(|e| e.to_string())?;
            Ok(format!("Wrote '{}' to {}.", p.name, path.display()))
        });
    }
}

/// Adds a puzzle to the session (one undo step) and opens it; the name it got
/// (made unique), or `None` when a limit refused it (the status says which).
pub(super) fn add(ctx: &mut RoomCtx<'_>, name: String, puzzle: Puzzle) -> Option<String> {
    if ctx.doc.session.puzzles.puzzles.len() >= PuzzleShelf::MAX_PUZZLES {
        ctx.status(format!("A session keeps at most {} puzzles.", PuzzleShelf::MAX_PUZZLES));
        return None;
    }
    let (r, c) = puzzle.size();
    let cells: usize = ctx
        .doc
        .session
        .puzzles
        .puzzles
        .iter()
        .map(|p| p.puzzle.size().0 * p.puzzle.size().1)
        .sum();
    if cells + r * c > PuzzleShelf::MAX_TOTAL_CELLS {
        ctx.status(format!(
            "A session keeps puzzles of at most {} cells together; delete some first.",
            PuzzleShelf::MAX_TOTAL_CELLS
        ));
        return None;
    }
    let taken = |n: &str| ctx.doc.session.puzzles.puzzles.iter().any(|p| p.name == n);
    let name = (1..)
        .map(|k| if k == 1 { name.clone() } else { format!("{name} ({k})") })
        .find(|n| !taken(n))
        .expect("some name is free");
    ctx.doc.edit(|s| {
        s.puzzles.puzzles.push(NamedPuzzle {
            name: name.clone(),
            puzzle,
        });
        s.puzzles.active = s.puzzles.puzzles.len() - 1;
    });
    Some(name)
}
