//! What the X-ray allows: |U(r, c)|, the fleets sharing it (matrices and
//! labelled), the density, and a paged gallery of those fleets.

use super::explorer::{Explorer, thumbnail};
use super::{Subject, add_setup};
use crate::textview::thousands;
use crate::tomography::{BinaryMatrix, SharedXRay, XRay, count_matrices, fleets_with_xray, island_cells, realisations};
use crate::ui::document::Document;
use crate::ui::widgets::task::Task;
use egui::{Ui, vec2};

/// Fleets kept for the gallery (the counts are exact beyond it).
const GALLERY_MAX: usize = 100_000;
const PER_PAGE: usize = 12;

pub struct SharedInfo {
    /// |U(r, c)| in decimal.
    pub all_matrices: String,
    /// Fleets with this X-ray (fleet mode with straight ships only).
    pub fleets: Result<SharedXRay, String>,
}

#[derive(Default)]
pub struct SharedPanel {
    pub task: Task<SharedInfo>,
    pub page: usize,
}

impl SharedPanel {
    /// Counts (in the background) for the subject's X-ray.
    pub fn start(&mut self, ui: &Ui, subject: &Subject) {
        self.page = 0;
        self.task.clear();
        let x = XRay::of(&subject.source);
        let lengths = subject.lengths();
        let complete = subject.fleet_complete();
        let (islands, rule) = (island_cells(&subject.board), subject.rule);
        self.task.start(ui, move |cancel, _| {
            let all_matrices = count_matrices(&x)?.to_string();
            let fleets = match lengths {
                Ok(_) if !complete => Err("place the whole fleet to count the fleets sharing its X-ray".into()),
                Ok(l) => fleets_with_xray(&x, &l, &islands, rule, GALLERY_MAX, cancel).map_err(|e| e.to_string()),
                Err(e) => Err(e),
            };
            Ok(SharedInfo { all_matrices, fleets })
        });
    }

    /// The facts card of the side panel.
    pub fn card(&self, ui: &mut Ui, subject: &Subject, ex: &Explorer) {
        let d = &ex.derived;
        let m = ex.current();
        egui::Grid::new("xray_card")
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                ui.label("Size");
                ui.label(format!("{}×{}, {} ones", m.rows(), m.cols(), m.ones()));
                ui.end_row();
                ui.label("Row sums");
                ui.label(join(&d.xray.rows));
                ui.end_row();
                ui.label("Column sums");
                ui.label(join(&d.xray.cols));
                ui.end_row();
                ui.label("|ΔA|²")
                    .on_hover_text("Squared 5-point Laplacian, zero outside the board");
                ui.label(d.energy.to_string());
                ui.end_row();
                if subject.fleet.is_some() {
                    ui.label("Fleet?")
                        .on_hover_text("Whether the ones can be cut into the fleet's ships");
                    match (&d.realisation, d.unexplained.len()) {
                        (Some(_), _) => ui.label("yes (ships coloured)"),
                        (None, 0) => ui.label("no"),
                        (None, n) => ui.label(format!("no: {n} cell(s) no ship can cover (red)")),
                    };
                    ui.end_row();
                }
                ui.label("|U(r, c)|")
                    .on_hover_text("All 0/1 matrices with these row and column sums");
                match (&self.task.result, self.task.is_running()) {
                    (Some(s), _) => ui.label(&s.all_matrices),
                    (None, true) => ui.spinner(),
                    (None, false) => ui.label("–"),
                };
                ui.end_row();
                if let Some(s) = &self.task.result {
                    match &s.fleets {
                        Ok(f) => {
                            ui.label("Fleet matrices")
                                .on_hover_text("Distinct fleet pictures with this X-ray");
                            ui.label(thousands(f.fleet_matrices));
                            ui.end_row();
                            ui.label("Labelled fleets").on_hover_text("Every ship distinct");
                            ui.label(thousands(f.labelled_fleets));
                            ui.end_row();
                            ui.label("Density").on_hover_text("Fleet matrices / |U(r, c)|");
                            ui.label(f.density().map_or("–".into(), |v| format!("{v:.3e}")));
                            ui.end_row();
                        }
                        Err(e) => {
                            ui.label("Fleets");
                            ui.label(e);
                            ui.end_row();
                        }
                    }
                }
            });
        self.task.status_ui(ui, "");
    }

    /// The gallery tab; returns a fleet matrix the user wants to explore.
    pub fn gallery(
        &mut self,
        ui: &mut Ui,
        doc: &mut Document,
        subject: &Subject,
        status: &mut String,
    ) -> Option<BinaryMatrix> {
        let Some(info) = &self.task.result else {
            ui.label("Counting the fleets with this X-ray…");
            ui.spinner();
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
        self.page = self.page.min(pages - 1);
        ui.horizontal(|ui| {
            ui.label(format!(
                "{} fleet matrices share this X-ray{}",
                thousands(shared.fleet_matrices),
                if (list.len() as u128) < shared.fleet_matrices {
                    format!(" (first {} shown)", list.len())
                } else {
                    String::new()
                }
            ));
            if ui
                .add_enabled(self.page > 0, egui::Button::new("Previous page"))
                .clicked()
            {
                self.page -= 1;
            }
            ui.label(format!("page {} of {pages}", self.page + 1));
            if ui
                .add_enabled(self.page + 1 < pages, egui::Button::new("Next page"))
                .clicked()
            {
                self.page += 1;
            }
        });
        let mut explore = None;
        let fleet = subject.fleet.as_ref()?;
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for (i, m) in list.iter().enumerate().skip(self.page * PER_PAGE).take(PER_PAGE) {
                    ui.allocate_ui(vec2(170.0, 215.0), |ui| {
                        ui.vertical(|ui| {
                            let same = m == &subject.source;
                            ui.label(format!("#{}{}", i + 1, if same { " (this fleet)" } else { "" }));
                            let real = realisations(m, fleet, 1).pop();
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
                                    *status = add_setup(doc, subject, r, &format!("X-ray twin {}", i + 1));
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
