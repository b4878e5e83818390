//! The Setter section of the Puzzles room's right panel: the ambiguity lens
//! (the solutions counted in the background after every edit, capped, and
//! the cells where two differ outlined on the grid), *Repair* (single edits
//! that leave one solution, easiest grade first; a click applies one as one
//! undo step) and *Certify clues* (is every clue needed?).

use crate::jobs::Task;
use crate::puzzle::Puzzle;
use crate::puzzle::setter::{self, Lens, Minimality, Repair};
use crate::run::Progress;
use crate::ui::widgets::job_controls::task_status;
use egui::Ui;

pub struct LensDone {
    puzzle: Puzzle,
    lens: Lens,
    seconds: f64,
}

pub struct RepairsDone {
    puzzle: Puzzle,
    list: Vec<Repair>,
}

pub struct CertifyDone {
    puzzle: Puzzle,
    minimality: Minimality,
}

pub struct Setter {
    lens: Task<LensDone>,
    /// The puzzle the last lens was started for (a new edit starts another).
    lens_for: Option<Puzzle>,
    /// Outline the cells where solutions differ.
    pub show_differing: bool,
    repairs: Task<RepairsDone>,
    /// Repair lists asked for so far: each new list scrolls from its top.
    repair_runs: u64,
    certify: Task<CertifyDone>,
    /// The repair under the pointer (its cells outlined).
    hovered: Option<usize>,
    /// The puzzle the section last showed (errors about another are dropped).
    shown_for: Option<Puzzle>,
}

impl Default for Setter {
    fn default() -> Self {
        Setter {
            lens: Task::default(),
            lens_for: None,
            show_differing: true,
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
        self.lens.is_running() || self.repairs.is_running() || self.certify.is_running()
    }

    fn current_lens(&self, puzzle: &Puzzle) -> Option<&LensDone> {
        self.lens.result.as_ref().filter(|l| &l.puzzle == puzzle)
    }

    /// The solutions counted for `puzzle` (the lens's last count), if current.
    pub fn lens_of(&self, puzzle: &Puzzle) -> Option<&Lens> {
        self.current_lens(puzzle).map(|l| &l.lens)
    }

    /// Cells to outline: the hovered repair's, else where solutions differ.
    pub fn outlined(&self, puzzle: &Puzzle) -> Vec<usize> {
        let (_, cols) = puzzle.size();
        if let (Some(k), Some(r)) = (
            self.hovered,
            self.repairs.result.as_ref().filter(|r| &r.puzzle == puzzle),
        ) && let Some(rep) = r.list.get(k)
        {
            return rep.edit.cells.iter().map(|&(a, b)| a * cols + b).collect();
        }
        match self.current_lens(puzzle) {
            Some(l) if self.show_differing && l.lens.count >= 2 => l.lens.differing.clone(),
            _ => Vec::new(),
        }
    }

    /// Recounts in the background whenever the puzzle changed.
    fn keep_lens_current(&mut self, ui: &Ui, puzzle: &Puzzle) {
        self.lens.poll();
        if self.lens_for.as_ref() == Some(puzzle) {
            return;
        }
        self.lens_for = Some(puzzle.clone());
        let p = puzzle.clone();
        self.lens.start(crate::ui::room::repaint(ui), move |job| {
            let t0 = std::time::Instant::now();
            let lens = setter::lens(&p, job.cancel_flag())?;
            Ok(LensDone {
                puzzle: p,
                lens,
                seconds: t0.elapsed().as_secs_f64(),
            })
        });
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
        match self.current_lens(puzzle) {
            Some(l) => {
                let what = match &l.lens.why_none {
                    Some(why) if l.lens.count == 0 => format!("no solution: {why}"),
                    _ => l.lens.summary(),
                };
                ui.label(format!("Solutions: {what} ({:.0} ms)", l.seconds * 1e3))
                    .on_hover_text("Counted exactly after every edit, up to 1,000, in the background");
                if l.lens.count > setter::LENS_CAP {
                    ui.weak("(the outlines show where the first 1,000 differ)");
                }
                if l.lens.count >= 2 {
                    ui.checkbox(&mut self.show_differing, "Outline where solutions differ")
                        .on_hover_text(
                            "Purple outlines: cells that differ between two solutions (below 1,000 solutions every such cell; above, those among the first 1,000)",
                        );
                }
            }
            None if self.lens.is_running() => {
                ui.weak("Solutions: counting…");
            }
            None => {
                task_status(ui, &self.lens, "");
            }
        }
        let ambiguous = self.current_lens(puzzle).is_some_and(|l| l.lens.count >= 2);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(ambiguous && !self.repairs.is_running(), egui::Button::new("Repair"))
                .on_hover_text("Every single edit that leaves one solution (a given, a blocked cell, a region's boundary cell moved, a count shown), each recounted, easiest grade first")
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
        task_status(ui, &self.repairs, "edits");
        task_status(ui, &self.certify, "clues");
        if let Some(c) = self.certify.result.as_ref().filter(|c| &c.puzzle == puzzle) {
            certificate_view(ui, &c.minimality);
        }
        self.hovered = None;
        if let Some(r) = self.repairs.result.as_ref().filter(|r| &r.puzzle == puzzle) {
            if r.list.is_empty() {
                ui.label("No single edit makes this puzzle unique.");
            } else {
                ui.label(format!(
                    "{} edits make it unique (click one to apply; Undo takes it back):",
                    r.list.len()
                ));
                egui::ScrollArea::vertical()
                    .id_salt(("repairs", self.repair_runs))
                    .max_height(220.0)
                    .show(ui, |ui| {
                        for (k, rep) in r.list.iter().enumerate() {
                            let row =
                                ui.selectable_label(false, format!("{}: {}", rep.grade.name(), rep.edit.description));
                            if row.hovered() {
                                self.hovered = Some(k);
                            }
                            if row.clicked() {
                                apply = Some(rep.edit.puzzle.clone());
                            }
                        }
                    });
            }
        }
        apply
    }

    fn start_repairs(&mut self, ui: &Ui, puzzle: Puzzle) {
        self.repair_runs += 1;
        self.repairs.start(crate::ui::room::repaint(ui), move |job| {
            let list = setter::repairs(&puzzle, job.cancel_flag(), &|done, total| progress(job, done, total))?;
            Ok(RepairsDone { puzzle, list })
        });
    }

    fn start_certify(&mut self, ui: &Ui, puzzle: Puzzle) {
        self.certify.start(crate::ui::room::repaint(ui), move |job| {
            let minimality = setter::minimality(&puzzle, job.cancel_flag(), &|done, total| progress(job, done, total))?;
            Ok(CertifyDone { puzzle, minimality })
        });
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
    if m.clues.is_empty() {
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
