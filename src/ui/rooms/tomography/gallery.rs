//! What the X-ray of the current matrix allows: |U(r, c)|, the fleets sharing
//! it (matrices and labelled), the density, and a paged gallery of those
//! fleets. Counts and thumbnails are computed in the background, keyed on the
//! X-ray (and page) they belong to.

use super::explorer::{Explorer, thumbnail};
use super::{Subject, add_setup, plural};
use crate::geometry::{BinaryMatrix, Deployment};
use crate::jobs::Task;
use crate::run::Progress;
use crate::tomography::{MAX_STEPS, SharedXRay, XRay, count_matrices_with, fleets_with_xray_counted, island_cells};
use crate::ui::room::{RoomCtx, repaint};
use crate::ui::widgets::job_controls::task_status;
use egui::{Ui, vec2};

/// Fleets kept for the gallery (the counts are exact beyond it).
const GALLERY_MAX: usize = 100_000;
const PER_PAGE: usize = 12;

pub struct SharedInfo {
    pub xray: XRay,
    /// |U(r, c)| in decimal.
    pub all_matrices: String,
    /// Fleets with this X-ray (fleet mode with straight ships only).
    pub fleets: Result<SharedXRay, String>,
}

#[derive(Default)]
pub struct SharedPanel {
    task: Task<SharedInfo>,
    /// The matrix whose X-ray was last checked (the X-ray is recomputed only when it changes).
    seen: Option<BinaryMatrix>,
    xray: Option<XRay>,
    page: usize,
    /// Fleet realisations of the page's matrices, for the thumbnails.
    page_task: Task<(XRay, usize, Vec<Option<Deployment>>)>,
    /// *Count again* was pressed (after a cancel or an error).
    recount: bool,
}

impl SharedPanel {
    pub fn clear(&mut self) {
        *self = SharedPanel::default();
    }

    pub fn is_running(&self) -> bool {
        self.task.is_running() || self.page_task.is_running()
    }

    /// The counts for the current matrix's X-ray, once known.
    pub fn info(&self) -> Option<&SharedInfo> {
        self.task
            .result
            .as_ref()
            .filter(|i| Some(&i.xray) == self.xray.as_ref())
    }

    /// How far the running count is (steps of the |U| programme), if one runs.
    pub fn counting(&self) -> Option<Progress> {
        self.task.job().map(crate::jobs::Job::progress)
    }

    /// Starts the counts when the current matrix has a new X-ray (or again,
    /// after a cancel, when asked to).
    pub fn refresh(&mut self, ui: &Ui, subject: &Subject, m: &BinaryMatrix) {
        self.task.poll();
        self.page_task.poll();
        if std::mem::take(&mut self.recount) {
            self.seen = None;
            self.xray = None;
        }
        if self.seen.as_ref() == Some(m) {
            return;
        }
        self.seen = Some(m.clone());
        let x = XRay::of(m);
        if self.xray.as_ref() == Some(&x) {
            return;
        }
        self.xray = Some(x.clone());
        self.page = 0;
        let lengths = subject.lengths();
        let complete = subject.fleet_complete(m);
        let (islands, rule) = (island_cells(&subject.board), subject.rule);
        self.task.start(repaint(ui), move |job| {
            // How many steps the programme takes is not known until it ends
            // (its step limit is no estimate): the work done is shown, no ETA.
            let limit = MAX_STEPS / 1_000_000;
            let u = count_matrices_with(&x, job.cancel_flag(), &|steps| {
                job.progress(Progress { done: steps, total: 0 });
                job.note(format!(
                    "Counting |U(r, c)|: {} M steps so far (it gives up past {limit} M)",
                    steps / 1_000_000
                ));
            })
            .map_err(|e| e.to_string())?;
            job.note("Counting the fleets with this X-ray");
            // |U| is counted once, above: the fleets' density takes it from there.
            let fleets = match lengths {
                Ok(_) if !complete => Err("place the whole fleet to count the fleets sharing its X-ray".into()),
                Ok(l) => fleets_with_xray_counted(
                    &x,
                    u128::try_from(&u).ok(),
                    &l,
                    &islands,
                    rule,
                    GALLERY_MAX,
                    job.cancel_flag(),
                )
                .map_err(|e| e.to_string()),
                Err(e) => Err(e),
            };
            Ok(SharedInfo {
                xray: x,
                all_matrices: u.to_string(),
                fleets,
            })
        });
    }

    /// The facts card of the side panel.
    pub fn card(&mut self, ui: &mut Ui, subject: &Subject, ex: &mut Explorer) {
        let m = ex.current().clone();
        let m = &m;
        let cut = ex.cut;
        let mut next_cut = None;
        let d = ex.derived();
        let info = self.info();
        let mut recount = false;
        egui::Grid::new("xray_card")
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                ui.label("Size");
                ui.label(format!("{}×{}, {} ones", m.rows(), m.cols(), m.ones()));
                ui.end_row();
                ui.label("Row sums");
                ui.add(egui::Label::new(join(&m.row_sums())).wrap());
                ui.end_row();
                ui.label("Column sums");
                ui.add(egui::Label::new(join(&m.col_sums())).wrap());
                ui.end_row();
                ui.label("|ΔA|²")
                    .on_hover_text("Squared 5-point Laplacian, zero outside the board");
                match d {
                    Some(d) => ui.label(d.energy.to_string()),
                    None => crate::ui::widgets::busy::busy(ui),
                };
                ui.end_row();
                if subject.fleet.is_some() {
                    ui.label("Fleet?")
                        .on_hover_text("Whether the ones can be cut into the fleet's ships");
                    let all_cuts = d.is_some_and(|d| d.all_cuts);
                    match d.map(|d| (d.cuts.len(), d.why_not.as_deref())) {
                        Some((0, why)) => {
                            ui.add(egui::Label::new(format!("No: {}", why.unwrap_or("not the fleet's ships"))).wrap());
                        }
                        Some((cuts, _)) => {
                            ui.horizontal_wrapped(|ui| {
                                let placed = m == &subject.source && subject.placed.is_some() && cut == 0;
                                ui.label(if placed {
                                    "Yes: the fleet as placed"
                                } else {
                                    "Yes (ships coloured)"
                                });
                                if cuts > 1 {
                                    let more = if all_cuts { "" } else { "+" };
                                    if ui
                                        .small_button(format!("Other cut ({} of {cuts}{more})", cut % cuts + 1))
                                        .on_hover_text("The same ones cut into the fleet's ships another way")
                                        .clicked()
                                    {
                                        next_cut = Some((cut + 1) % cuts);
                                    }
                                }
                            });
                        }
                        None => {
                            crate::ui::widgets::busy::busy(ui);
                        }
                    };
                    ui.end_row();
                }
                ui.label("|U(r, c)|")
                    .on_hover_text("All 0/1 matrices with these row and column sums");
                match info {
                    Some(s) => {
                        big_number(ui, &s.all_matrices);
                    }
                    None if self.task.is_running() => {
                        ui.horizontal(|ui| {
                            crate::ui::widgets::busy::busy(ui);
                            if ui
                                .small_button("Cancel count")
                                .on_hover_text("Stop counting (within a fraction of a second)")
                                .clicked()
                            {
                                self.task.cancel();
                            }
                        });
                    }
                    None => {
                        ui.horizontal(|ui| {
                            ui.label("–");
                            if self.task.error.is_some()
                                && ui
                                    .small_button("Count again")
                                    .on_hover_text("Count |U(r, c)| and the fleets with this X-ray again")
                                    .clicked()
                            {
                                recount = true;
                                ui.ctx().request_repaint();
                            }
                        });
                    }
                };
                ui.end_row();
                if let Some(s) = info {
                    match &s.fleets {
                        Ok(f) => {
                            ui.label("Fleet matrices")
                                .on_hover_text("Distinct fleet pictures with this X-ray (under the touch rule)");
                            big_number(ui, &f.fleet_matrices.to_string());
                            ui.end_row();
                            ui.label("Labelled fleets").on_hover_text("Every ship distinct");
                            big_number(ui, &f.labelled_fleets.to_string());
                            ui.end_row();
                            ui.label("Density").on_hover_text("Fleet matrices / |U(r, c)|");
                            ui.label(match f.density() {
                                None => "–".into(),
                                Some(0.0) => "0".into(),
                                Some(v) => format!("{v:.3e}"),
                            });
                            ui.end_row();
                        }
                        Err(e) => {
                            ui.label("Fleets");
                            ui.add(egui::Label::new(crate::quote::sentence(e)).wrap());
                            ui.end_row();
                        }
                    }
                }
            });
        task_status(ui, &self.task, "");
        self.recount |= recount;
        if let Some(c) = next_cut {
            ex.cut = c;
        }
    }

    /// The gallery tab; returns a fleet matrix the user wants to explore.
    pub fn gallery(
        &mut self,
        ui: &mut Ui,
        ctx: &mut RoomCtx<'_>,
        subject: &Subject,
        current: &BinaryMatrix,
    ) -> Option<BinaryMatrix> {
        let Some(info) = self.info() else {
            ui.label("Counting the fleets with this X-ray…");
            crate::ui::widgets::busy::busy(ui);
            return None;
        };
        let shared = match &info.fleets {
            Ok(s) => s,
            Err(e) => {
                ui.label(format!("No gallery: {e}."));
                return None;
            }
        };
        let list = &shared.examples;
        let pages = list.len().div_ceil(PER_PAGE).max(1);
        let mut page = self.page.min(pages - 1);
        ui.horizontal(|ui| {
            ui.label(format!(
                "{} this X-ray{}",
                plural(shared.fleet_matrices, "fleet matrix shares", "fleet matrices share"),
                if (list.len() as u128) < shared.fleet_matrices {
                    format!(" (first {} shown)", list.len())
                } else {
                    String::new()
                }
            ));
            if ui.add_enabled(page > 0, egui::Button::new("Previous page")).clicked() {
                page -= 1;
            }
            // Jump to any page (tens of thousands of fleets do not page by hand).
            let mut shown = page + 1;
            ui.label("page");
            if ui
                .add(egui::DragValue::new(&mut shown).range(1..=pages))
                .on_hover_text("Type or drag to go to a page")
                .changed()
            {
                page = shown.clamp(1, pages) - 1;
            }
            ui.label(format!("of {}", crate::textview::thousands(pages as u128)));
            if ui
                .add_enabled(page + 1 < pages, egui::Button::new("Next page"))
                .clicked()
            {
                page += 1;
            }
        });
        let shown: Vec<(usize, BinaryMatrix)> = list
            .iter()
            .cloned()
            .enumerate()
            .skip(page * PER_PAGE)
            .take(PER_PAGE)
            .collect();
        let xray = info.xray.clone();
        self.page = page;
        subject.fleet.as_ref()?;
        let ready = self
            .page_task
            .result
            .as_ref()
            .filter(|(x, p, _)| *x == xray && *p == page)
            .map(|(_, _, r)| r.clone());
        if ready.is_none() && !self.page_task.is_running() {
            let matrices: Vec<BinaryMatrix> = shown.iter().map(|(_, m)| m.clone()).collect();
            let subject = subject.clone();
            self.page_task.start(repaint(ui), move |_| {
                let real = matrices.iter().map(|m| subject.cuts(m, 1).0.pop()).collect();
                Ok((xray, page, real))
            });
        }
        let mut explore = None;
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for (k, (i, m)) in shown.iter().enumerate() {
                    let real = ready.as_ref().and_then(|r| r.get(k).cloned().flatten());
                    ui.allocate_ui(vec2(170.0, 215.0), |ui| {
                        ui.vertical(|ui| {
                            let note = if m == &subject.source {
                                " (the fleet placed in Boards)"
                            } else if m == current {
                                " (shown in Matrix)"
                            } else {
                                ""
                            };
                            ui.label(format!("#{}{note}", i + 1));
                            thumbnail(ui, vec2(160.0, 160.0), subject, m, real.as_ref());
                            ui.horizontal(|ui| {
                                if ui
                                    .button("Explore")
                                    .on_hover_text("Open it in the Matrix tab")
                                    .clicked()
                                {
                                    explore = Some(m.clone());
                                }
                                if ui
                                    .add_enabled(real.is_some(), egui::Button::new("To Boards"))
                                    .on_hover_text("Add this fleet as a new setup")
                                    .clicked()
                                    && let Some(r) = real.clone()
                                {
                                    let description = format!(
                                        "A fleet with the X-ray of '{}' as studied in the Tomography room.",
                                        subject.name
                                    );
                                    add_setup(ctx, subject, r, &format!("X-ray twin {}", i + 1), description);
                                }
                            });
                        });
                    });
                }
            });
        });
        explore
    }
}

fn join(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// A whole number of any size: grouped digits, or e-notation past 15 digits with the
/// exact value on hover; a click copies the exact value.
pub fn big_number(ui: &mut Ui, digits: &str) -> egui::Response {
    let full = crate::textview::group_digits(digits);
    let r = ui
        .add(egui::Label::new(crate::textview::short_number(digits)).sense(egui::Sense::click()))
        .on_hover_text(format!("{full}\n(click to copy the exact value)"));
    if r.clicked() {
        ui.ctx().copy_text(digits.to_string());
    }
    r
}
