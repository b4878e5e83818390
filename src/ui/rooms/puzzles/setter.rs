//! The Setter section of the Puzzles room's right panel: the ambiguity lens
//! (the solutions counted in the background after every edit, capped, and
//! the cells where two differ outlined on the grid: past the cap each cell is
//! checked exactly, with progress and Cancel), *Repair* (single edits of the
//! kinds ticked that leave one solution, easiest grade first, or else those
//! that cut the count most; a click applies one as one undo step) and
//! *Certify clues* (is every clue needed?).

use crate::jobs::Task;
use crate::puzzle::Puzzle;
use crate::puzzle::setter::{
    self, EditKind, LENS_LIMIT, Lens, Minimality, OUTLINE_LIMIT, Outline, RepairRequest, RepairStage, Repairs,
};
use crate::run::Progress;
use crate::textview::{seconds_text, thousands};
use crate::ui::widgets::job_controls::task_status;
use egui::Ui;
use std::collections::BTreeSet;
use std::time::Duration;

/// *Repair* recounts edits for at most this long (a large open board has
/// hundreds of candidates, each a count): past it, it lists what it found.
pub const REPAIR_LIMIT: Duration = Duration::from_secs(30);

pub struct LensDone {
    puzzle: Puzzle,
    lens: Lens,
    seconds: f64,
}

pub struct OutlineDone {
    puzzle: Puzzle,
    outline: Outline,
}

pub struct RepairsDone {
    puzzle: Puzzle,
    found: Repairs,
}

pub struct CertifyDone {
    puzzle: Puzzle,
    minimality: Minimality,
}

pub struct Setter {
    lens: Task<LensDone>,
    /// The puzzle the last lens was started for (a new edit starts another).
    lens_for: Option<Puzzle>,
    /// Where solutions differ, cell by cell, when the lens could not list them all.
    outline: Task<OutlineDone>,
    /// The puzzle the last outline was started for.
    outline_for: Option<Puzzle>,
    /// Outline the cells where solutions differ.
    pub show_differing: bool,
    /// Kinds of edit the setter unticked for *Repair* (the rest are tried).
    excluded: BTreeSet<EditKind>,
    repairs: Task<RepairsDone>,
    /// Repair lists asked for so far: each new list scrolls from its top.
    repair_runs: u64,
    certify: Task<CertifyDone>,
    /// The cells of the repair or cut under the pointer (outlined instead).
    hovered: Option<Vec<usize>>,
    /// The puzzle the section last showed (errors about another are dropped).
    shown_for: Option<Puzzle>,
}

impl Default for Setter {
    fn default() -> Self {
        Setter {
            lens: Task::default(),
            lens_for: None,
            outline: Task::default(),
            outline_for: None,
            show_differing: true,
            excluded: BTreeSet::new(),
            repairs: Task::default(),
            repair_runs: 0,
            certify: Task::default(),
            hovered: None,
            shown_for: None,
        }
    }
}

impl Setter {
    pub fn busy(&self) -> bool {
        self.lens.is_running() || self.outline.is_running() || self.repairs.is_running() || self.certify.is_running()
    }

    fn current_lens(&self, puzzle: &Puzzle) -> Option<&LensDone> {
        self.lens.result.as_ref().filter(|l| &l.puzzle == puzzle)
    }

    fn current_outline(&self, puzzle: &Puzzle) -> Option<&Outline> {
        self.outline
            .result
            .as_ref()
            .filter(|o| &o.puzzle == puzzle)
            .map(|o| &o.outline)
    }

    /// The solutions counted for `puzzle` (the lens's last count), if current.
    pub fn lens_of(&self, puzzle: &Puzzle) -> Option<&Lens> {
        self.current_lens(puzzle).map(|l| &l.lens)
    }

    /// The exact outline of `puzzle`, once checked (only when the lens could
    /// not list every solution).
    pub fn outline_of(&self, puzzle: &Puzzle) -> Option<&Outline> {
        self.current_outline(puzzle)
    }

    /// Cells to outline: the hovered edit's, else where solutions differ
    /// (checked cell by cell when the lens listed only some solutions).
    pub fn outlined(&self, puzzle: &Puzzle) -> Vec<usize> {
        if let Some(cells) = &self.hovered {
            return cells.clone();
        }
        match self.current_lens(puzzle) {
            Some(l) if self.show_differing && l.lens.is_ambiguous() => match self.current_outline(puzzle) {
                Some(o) => o.differ.clone(),
                None => l.lens.differing.clone(),
            },
            _ => Vec::new(),
        }
    }

    /// Recounts in the background whenever the puzzle changed, and checks the
    /// cells one by one when the count could not keep every solution.
    fn keep_lens_current(&mut self, ui: &Ui, puzzle: &Puzzle) {
        self.lens.poll();
        self.outline.poll();
        if self.lens_for.as_ref() != Some(puzzle) {
            self.lens_for = Some(puzzle.clone());
            let p = puzzle.clone();
            self.lens.start(crate::ui::room::repaint(ui), move |job| {
                let t0 = fleetscope_run::clock::Stopwatch::start();
                job.time_limit(LENS_LIMIT);
                let lens =
                    setter::lens(&p, &job.cancel_flag().with_time_limit(LENS_LIMIT)).map_err(|e| e.to_string())?;
                Ok(LensDone {
                    puzzle: p,
                    lens,
                    seconds: t0.wall_seconds(),
                })
            });
        }
        let needs_outline = self
            .current_lens(puzzle)
            .is_some_and(|l| !l.lens.is_complete() && !l.lens.examples.is_empty());
        if needs_outline && self.outline_for.as_ref() != Some(puzzle) {
            self.start_outline(ui, puzzle);
        }
    }

    fn start_outline(&mut self, ui: &Ui, puzzle: &Puzzle) {
        let Some(lens) = self.lens_of(puzzle).cloned() else {
            return;
        };
        self.outline_for = Some(puzzle.clone());
        let p = puzzle.clone();
        self.outline.start(crate::ui::room::repaint(ui), move |job| {
            job.time_limit(OUTLINE_LIMIT);
            let outline = setter::outline(
                &p,
                &lens,
                &job.cancel_flag().with_time_limit(OUTLINE_LIMIT),
                &|done, total| progress(job, done, total),
            )
            .map_err(|e| e.to_string())?;
            Ok(OutlineDone { puzzle: p, outline })
        });
    }

    /// What the outlines show, under the count.
    fn outline_note(&mut self, ui: &mut Ui, puzzle: &Puzzle, lens_complete: bool) {
        if lens_complete {
            ui.checkbox(&mut self.show_differing, "Outline where solutions differ")
                .on_hover_text("Purple outlines: every cell where two solutions differ");
            return;
        }
        if self.outline.is_running() {
            ui.horizontal(|ui| {
                ui.weak("Checking each cell for where solutions differ…");
                if ui
                    .button("Cancel")
                    .on_hover_text("Stop checking: the outlines then show where the solutions found differ, a sample")
                    .clicked()
                {
                    self.outline.cancel();
                }
            });
            task_status(ui, &self.outline, "cells");
            return;
        }
        ui.checkbox(&mut self.show_differing, "Outline where solutions differ")
            .on_hover_text(format!(
                "Purple outlines: cells where two solutions differ. Past {} solutions each other cell is checked \
                 exactly (is there a solution with its other value?), for at most {}",
                crate::quote::group_digits(&setter::LENS_CAP.to_string()),
                seconds_text(OUTLINE_LIMIT)
            ));
        match self.current_outline(puzzle) {
            Some(o) if o.is_exact() => {
                ui.weak(format!(
                    "Outlines exact: every cell settled ({} exact {}).",
                    thousands(o.checks as u128),
                    if o.checks == 1 { "check" } else { "checks" }
                ));
            }
            Some(o) if o.best_unproven => {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(
                            "No outlines: the count stopped before it proved the best worth, so the placements found \
                             may not be best and no cell can be checked.",
                        )
                        .color(ui.visuals().warn_fg_color),
                    )
                    .wrap(),
                );
            }
            Some(o) => {
                let k = o.unknown.len();
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    format!(
                        "Outlines incomplete: {k} {} not checked within {}; only the cells proven to differ are outlined.",
                        if k == 1 { "cell was" } else { "cells were" },
                        seconds_text(OUTLINE_LIMIT)
                    ),
                );
            }
            None => {
                ui.horizontal_wrapped(|ui| {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        "Outlines are a sample: where the solutions found differ.",
                    );
                    if ui
                        .button("Check every cell")
                        .on_hover_text(format!(
                            "Check each cell exactly in the background (at most {})",
                            seconds_text(OUTLINE_LIMIT)
                        ))
                        .clicked()
                    {
                        self.start_outline(ui, puzzle);
                    }
                });
            }
        }
    }

    /// The kinds of edit *Repair* may use, as checkboxes; true when at least one is ticked.
    fn kind_choice(&mut self, ui: &mut Ui, puzzle: &Puzzle) -> bool {
        let kinds = setter::edit_kinds(puzzle);
        ui.horizontal_wrapped(|ui| {
            ui.label("Edits:");
            for k in &kinds {
                let mut on = !self.excluded.contains(k);
                if ui.checkbox(&mut on, k.label()).on_hover_text(kind_hover(*k)).changed() {
                    if on {
                        self.excluded.remove(k);
                    } else {
                        self.excluded.insert(*k);
                    }
                }
            }
        });
        kinds.iter().any(|k| !self.excluded.contains(k))
    }

    /// The section; returns a repaired puzzle to put in place of the open one.
    pub fn ui(&mut self, ui: &mut Ui, puzzle: &Puzzle) -> Option<Puzzle> {
        self.keep_lens_current(ui, puzzle);
        self.repairs.poll();
        self.certify.poll();
        // Another puzzle (or an edit): a finished repair's or certificate's words were about the one before.
        if self.shown_for.as_ref() != Some(puzzle) {
            self.shown_for = Some(puzzle.clone());
            if !self.repairs.is_running() {
                self.repairs.error = None;
            }
            if !self.certify.is_running() {
                self.certify.error = None;
            }
        }
        ui.heading("Setter");
        let mut apply = None;
        let seen = self.current_lens(puzzle).map(|l| {
            let what = match &l.lens.why_none {
                Some(why) if l.lens.count == 0 => format!("no solution: {why}"),
                _ => l.lens.summary(),
            };
            (what, l.seconds, l.lens.is_ambiguous(), l.lens.is_complete())
        });
        match seen {
            Some((what, seconds, ambiguous, complete)) => {
                ui.add(egui::Label::new(format!("Solutions: {what} ({})", took(seconds))).wrap())
                    .on_hover_text(format!(
                        "Counted exactly after every edit, up to {}, in the background (at most {})",
                        crate::quote::group_digits(&setter::LENS_CAP.to_string()),
                        seconds_text(LENS_LIMIT)
                    ));
                if ambiguous {
                    self.outline_note(ui, puzzle, complete);
                }
            }
            None if self.lens.is_running() => {
                ui.weak("Solutions: counting…");
            }
            None => {
                task_status(ui, &self.lens, "");
            }
        }
        let ambiguous = self.current_lens(puzzle).is_some_and(|l| l.lens.is_ambiguous());
        let any_kind = if ambiguous { self.kind_choice(ui, puzzle) } else { false };
        ui.horizontal(|ui| {
            if ui
                .add_enabled(ambiguous && any_kind && !self.repairs.is_running(), egui::Button::new("Repair"))
                .on_hover_text(format!("Every single edit of the kinds ticked that leaves one solution, easiest grade first; if there is none, the edits that cut the count most, each recounted (at most {})", seconds_text(REPAIR_LIMIT)))
                .clicked()
            {
                self.start_repairs(ui, puzzle.clone());
            }
            if ui
                .add_enabled(!ambiguous && !self.certify.is_running(), egui::Button::new("Certify clues"))
                .on_hover_text("Is every given, link or shown count needed? Each is removed in turn and the solutions recounted")
                .clicked()
            {
                self.start_certify(ui, puzzle.clone());
            }
            if (self.repairs.is_running() || self.certify.is_running()) && ui.button("Cancel").clicked() {
                self.repairs.cancel();
                self.certify.cancel();
            }
        });
        task_status(ui, &self.repairs, "");
        task_status(ui, &self.certify, "clues");
        if let Some(c) = self.certify.result.as_ref().filter(|c| &c.puzzle == puzzle) {
            certificate_view(ui, &c.minimality);
        }
        self.hovered = None;
        let cols = puzzle.size().1;
        let cells = |e: &setter::Edit| e.cells.iter().map(|&(a, b)| a * cols + b).collect::<Vec<_>>();
        if let Some(r) = self.repairs.result.as_ref().filter(|r| &r.puzzle == puzzle) {
            let found = &r.found;
            let before = found.count_before();
            if found.cut_short() {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(match found.tried {
                            0 => format!(
                                "Stopped at the {} limit before any of the {} edits was counted.",
                                seconds_text(REPAIR_LIMIT),
                                thousands(found.candidates as u128)
                            ),
                            n => format!(
                                "Stopped at the {} limit after {} of {} edits: others may do better.",
                                seconds_text(REPAIR_LIMIT),
                                thousands(n as u128),
                                thousands(found.candidates as u128)
                            ),
                        })
                        .color(ui.visuals().warn_fg_color),
                    )
                    .wrap(),
                );
            }
            // Cut short by the clock, "none" is said only of the edits counted.
            let none = if found.cut_short() {
                "None of the edits counted makes this puzzle unique"
            } else {
                "No single edit of the kinds ticked makes this puzzle unique"
            };
            if !found.unique.is_empty() {
                ui.label(format!(
                    "{} {} make it unique (click one to apply; Undo takes it back):",
                    thousands(found.unique.len() as u128),
                    if found.unique.len() == 1 { "edit" } else { "edits" }
                ));
            } else if !found.cuts.is_empty() {
                let none = if found.cut_short() {
                    "None of the edits counted makes it unique."
                } else {
                    "No single edit makes it unique."
                };
                ui.add(
                    egui::Label::new(format!(
                        "{none} The edits that cut the count most, from {before} solutions (click one to apply, then Repair again; Undo takes it back):"
                    ))
                    .wrap(),
                );
            } else if found.tried == 0 {
                // The line above says the clock stopped it before any edit was counted.
            } else if let Some(why) = &found.no_cuts {
                ui.add(egui::Label::new(format!("{none}; no cuts are listed: {why}.")).wrap());
            } else {
                ui.add(egui::Label::new(format!("{none} or {}.", found.no_cut_phrase())).wrap());
            }
            egui::ScrollArea::vertical()
                .id_salt(("repairs", self.repair_runs))
                .max_height(220.0)
                .show(ui, |ui| {
                    for rep in &found.unique {
                        let row = ui.selectable_label(false, format!("{}: {}", rep.grade.name(), rep.edit.description));
                        if row.hovered() {
                            self.hovered = Some(cells(&rep.edit));
                        }
                        if row.clicked() {
                            apply = Some(rep.edit.puzzle.clone());
                        }
                    }
                    if found.unique.is_empty() {
                        for cut in &found.cuts {
                            let row = ui.selectable_label(
                                false,
                                format!(
                                    "{}: {} solutions",
                                    crate::quote::sentence(&cut.edit.description),
                                    thousands(u128::from(cut.count))
                                ),
                            );
                            if row.hovered() {
                                self.hovered = Some(cells(&cut.edit));
                            }
                            if row.clicked() {
                                apply = Some(cut.edit.puzzle.clone());
                            }
                        }
                    }
                });
        }
        apply
    }

    /// Repairs from the lens (and outline) the room already has.
    fn start_repairs(&mut self, ui: &Ui, puzzle: Puzzle) {
        let Some(lens) = self.lens_of(&puzzle).cloned() else {
            return;
        };
        self.repair_runs += 1;
        let req = RepairRequest {
            kinds: setter::edit_kinds(&puzzle)
                .into_iter()
                .filter(|k| !self.excluded.contains(k))
                .collect(),
            outline: self.current_outline(&puzzle).cloned(),
            ..RepairRequest::every_kind(&puzzle, lens)
        };
        self.repairs.start(crate::ui::room::repaint(ui), move |job| {
            job.time_limit(REPAIR_LIMIT);
            let cancel = job.cancel_flag().with_time_limit(REPAIR_LIMIT);
            let found = setter::repair(&puzzle, &req, &cancel, &|stage: RepairStage| {
                let (done, total) = stage.counts();
                progress(job, done, total);
                job.note(crate::quote::sentence(&stage.describe()));
            })
            .map_err(|e| e.to_string())?;
            Ok(RepairsDone { puzzle, found })
        });
    }

    fn start_certify(&mut self, ui: &Ui, puzzle: Puzzle) {
        self.certify.start(crate::ui::room::repaint(ui), move |job| {
            let minimality = setter::minimality(&puzzle, job.cancel_flag(), &|stage| {
                let (done, total) = stage.counts();
                progress(job, done, total);
                job.note(crate::quote::sentence(&stage.describe()));
            })
            .map_err(|e| e.to_string())?;
            Ok(CertifyDone { puzzle, minimality })
        });
    }
}

/// What ticking a kind of edit allows.
fn kind_hover(k: EditKind) -> &'static str {
    match k {
        EditKind::MoveBoundary => {
            "Move a region's boundary cell into a neighbouring region (LinkedIn-style Queens has only these)"
        }
        EditKind::AddGiven => "Give a cell's value",
        EditKind::Block => "Block a cell (a hole, or no piece allowed there)",
        EditKind::ShowCount => "Show a hidden row or column count",
        EditKind::ChangeNumber => "Change a number on the board",
    }
}

/// Tells a job how many of its items (edits, clues) are done.
fn progress(job: &crate::jobs::JobCtx<()>, done: usize, total: usize) {
    job.progress(Progress {
        done: done as u64,
        total: total as u64,
    });
}

fn certificate_view(ui: &mut Ui, m: &Minimality) {
    if m.cut_short() {
        ui.label(format!(
            "Not certified: stopped after {} of {} clues.",
            m.clues.len(),
            m.clues.len() + m.unchecked.len()
        ));
    } else if m.clues.is_empty() {
        ui.label("No clues to remove: the puzzle's shape (regions, trees, numbers) alone fixes its solution.");
    } else if m.is_minimal() {
        ui.colored_label(
            egui::Color32::from_rgb(120, 200, 120),
            format!(
                "Minimal: {} (without {}, two or more solutions).",
                crate::study::setter::every_clue_needed(m.clues.len()),
                if m.clues.len() == 1 { "it" } else { "any one" }
            ),
        );
    } else {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "Not minimal: {}{}:",
                crate::study::setter::clues_that_can_go(m.spare().len(), m.clues.len()),
                if m.spare().len() == 1 { "" } else { ", each on its own" }
            ),
        );
        for c in m.spare() {
            ui.label(format!("• {}", c.describe()));
        }
    }
}

/// A count's time as people read it: "320 ms" below a second, "10.0 s" from one.
fn took(seconds: f64) -> String {
    if seconds < 1.0 {
        format!("{:.0} ms", seconds * 1e3)
    } else {
        format!("{seconds:.1} s")
    }
}
