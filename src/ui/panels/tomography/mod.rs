//! Room "Tomography": X-rays of the placed fleet or of a drawn image, Ryser
//! interchanges with history, subreflections, the |ΔA|² landscape of a walk,
//! every fleet sharing the X-ray, and the stealth search.

mod explorer;
mod gallery;
mod image_editor;
mod stealth;
mod walk;

use crate::cover::TouchRule;
use crate::geometry::{Board, Deployment, Fleet};
use crate::session::{Session, Setup, TomographySubject};
use crate::tomography::{BinaryMatrix, Block, Subreflection, subreflections};
use crate::ui::document::Document;
use crate::ui::widgets::rule_picker::rule_picker;
use crate::ui::widgets::task::Task;
use egui::{Key, KeyboardShortcut, Modifiers, Ui};
pub use explorer::Explorer;
use gallery::SharedPanel;
use image_editor::ImageEditor;
use std::time::Duration;
use stealth::StealthPanel;
use walk::WalkPanel;

/// What the room studies this frame: a board, the fleet (none for images) and
/// the starting matrix.
#[derive(Clone, Debug, PartialEq)]
pub struct Subject {
    pub board: Board,
    pub fleet: Option<Fleet>,
    pub rule: TouchRule,
    pub source: BinaryMatrix,
    pub name: String,
}

impl Subject {
    fn from_session(s: &Session) -> Result<Subject, String> {
        let t = &s.tomography;
        match t.subject {
            TomographySubject::Image => Ok(Subject {
                board: explorer::board_for(&t.image, None),
                fleet: None,
                rule: t.rule,
                source: t.image.clone(),
                name: "image".into(),
            }),
            TomographySubject::Fleet => {
                let setup = s.setup();
                let source = BinaryMatrix::from_deployment(&setup.board, &setup.fleet, &setup.deployment)
                    .ok_or_else(|| {
                        format!(
                            "'{}' is on a hexagonal board; X-rays need a square board. Pick a square setup or study an image.",
                            setup.name
                        )
                    })?;
                Ok(Subject {
                    board: setup.board.clone(),
                    fleet: Some(setup.fleet.clone()),
                    rule: t.rule,
                    source,
                    name: setup.name.clone(),
                })
            }
        }
    }

    /// Straight ship lengths, or why the fleet tools are off.
    pub fn lengths(&self) -> Result<Vec<usize>, String> {
        match &self.fleet {
            Some(f) => f.straight_lengths(),
            None => Err("images have no fleet".into()),
        }
    }

    /// A complete fleet is placed (the fleet tools need one).
    pub fn fleet_complete(&self) -> bool {
        self.fleet
            .as_ref()
            .is_some_and(|f| self.source.ones() == f.total_cells())
    }
}

/// The central area's tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TomoTab {
    #[default]
    Matrix,
    Walk,
    Gallery,
    Stealth,
}

#[derive(Default)]
pub struct TomographyRoom {
    pub tab: TomoTab,
    pub subject: Option<Subject>,
    pub explorer: Option<Explorer>,
    pub subject_error: Option<String>,
    pub shared: SharedPanel,
    pub subreflections: Task<Vec<Subreflection>>,
    subreflections_for: Option<BinaryMatrix>,
    hovered_block: Option<Block>,
    pub walk: WalkPanel,
    pub stealth: StealthPanel,
    pub image: ImageEditor,
}

impl TomographyRoom {
    pub fn is_running(&self) -> bool {
        self.shared.task.is_running()
            || self.subreflections.is_running()
            || self.walk.task.is_running()
            || self.stealth.task.is_running()
    }

    /// Restarts the room when the fleet, board or image changed.
    fn sync(&mut self, ui: &Ui, doc: &Document) {
        match Subject::from_session(&doc.session) {
            Ok(subject) => {
                self.subject_error = None;
                if self.subject.as_ref() != Some(&subject) {
                    self.explorer = Some(Explorer::new(subject.source.clone(), &subject));
                    self.shared.start(ui, &subject);
                    self.walk.task.clear();
                    self.stealth.task.clear();
                    self.stealth.picked = 0;
                    self.subreflections.clear();
                    self.subreflections_for = None;
                    self.subject = Some(subject);
                }
            }
            Err(e) => {
                self.subject_error = Some(e);
                self.subject = None;
                self.explorer = None;
            }
        }
    }

    /// Looks for subreflections of the current matrix (in the background).
    fn refresh_subreflections(&mut self, ui: &Ui) {
        let (Some(subject), Some(ex)) = (&self.subject, &self.explorer) else {
            return;
        };
        let m = ex.current().clone();
        if !subject.fleet_complete() || self.subreflections_for.as_ref() == Some(&m) {
            return;
        }
        self.subreflections_for = Some(m.clone());
        self.subreflections.result = None;
        let (board, fleet, rule) = (
            subject.board.clone(),
            subject.fleet.clone().expect("fleet mode"),
            subject.rule,
        );
        self.subreflections.start(ui, move |cancel, _| {
            subreflections(&board, &fleet, &m, rule, 64, cancel)
        });
    }

    pub fn show(&mut self, ui: &mut Ui, doc: &mut Document, status: &mut String) {
        self.sync(ui, doc);
        self.shared.task.poll();
        self.subreflections.poll();
        self.walk.task.poll();
        self.stealth.task.poll();
        self.refresh_subreflections(ui);
        self.shortcuts(ui);
        egui::Panel::left("tomography_side")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.side(ui, doc));
            });
        egui::CentralPanel::default().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.tab, TomoTab::Matrix, "Matrix")
                    .on_hover_text("The matrix with its X-ray; click two ones to swap them by an interchange");
                ui.selectable_value(&mut self.tab, TomoTab::Walk, "Walk")
                    .on_hover_text("Every matrix within k interchanges: histogram of the Laplacian energy");
                ui.selectable_value(&mut self.tab, TomoTab::Gallery, "Gallery")
                    .on_hover_text("Every fleet with this X-ray");
                ui.selectable_value(&mut self.tab, TomoTab::Stealth, "Stealth search")
                    .on_hover_text("Look for fleets whose X-ray many fleets share");
            });
            ui.separator();
            let (Some(subject), Some(ex)) = (&self.subject, &mut self.explorer) else {
                let msg = self.subject_error.clone().unwrap_or_default();
                ui.colored_label(ui.visuals().warn_fg_color, msg);
                return;
            };
            match self.tab {
                TomoTab::Matrix => {
                    if self.image.painting && subject.fleet.is_none() {
                        self.image.paint(ui, doc, subject);
                    } else {
                        ui.label(
                            "Click a one, then one of its highlighted partners: the interchange swaps them. \
                             Alt+Left / Alt+Right step through the history.",
                        );
                        ex.show_board(ui, subject, self.hovered_block);
                    }
                }
                TomoTab::Walk => self.walk.show(ui, doc, subject, ex),
                TomoTab::Gallery => {
                    if let Some(m) = self.shared.gallery(ui, doc, subject, status) {
                        ex.go(m, subject);
                        self.tab = TomoTab::Matrix;
                    }
                }
                TomoTab::Stealth => {
                    if let Some(m) = self.stealth.show(ui, doc, subject, status) {
                        ex.go(m, subject);
                        self.tab = TomoTab::Matrix;
                    }
                }
            }
        });
        if self.is_running() {
            ui.ctx().request_repaint_after(Duration::from_millis(100));
        }
    }

    fn shortcuts(&mut self, ui: &Ui) {
        let (back, forward) = ui.input_mut(|i| {
            (
                i.consume_shortcut(&KeyboardShortcut::new(Modifiers::ALT, Key::ArrowLeft)),
                i.consume_shortcut(&KeyboardShortcut::new(Modifiers::ALT, Key::ArrowRight)),
            )
        });
        if let (Some(s), Some(ex)) = (&self.subject, &mut self.explorer) {
            if back {
                ex.back(s);
            }
            if forward {
                ex.forward(s);
            }
        }
    }

    fn side(&mut self, ui: &mut Ui, doc: &mut Document) {
        ui.heading("Tomography");
        let mut t = doc.session.tomography.clone();
        ui.horizontal(|ui| {
            ui.radio_value(&mut t.subject, TomographySubject::Fleet, "Placed fleet")
                .on_hover_text("The active setup's fleet, as placed in Boards");
            ui.radio_value(&mut t.subject, TomographySubject::Image, "Image")
                .on_hover_text("A binary image drawn in the image editor");
        });
        if t.subject == TomographySubject::Fleet {
            let mut active = doc.session.active;
            egui::ComboBox::new("tomography_setup", "setup")
                .selected_text(doc.session.setup().name.clone())
                .show_ui(ui, |ui| {
                    for (i, s) in doc.session.setups.iter().enumerate() {
                        ui.selectable_value(&mut active, i, &s.name);
                    }
                });
            if active != doc.session.active {
                doc.edit(|s| s.active = active);
            }
            rule_picker(ui, &mut t.rule);
        }
        if t != doc.session.tomography {
            doc.edit(|s| s.tomography = t);
        }
        if doc.session.tomography.subject == TomographySubject::Image {
            self.image.settings(ui, doc);
        }
        let (Some(subject), Some(ex)) = (self.subject.clone(), self.explorer.as_mut()) else {
            return;
        };
        let subject = &subject;
        ui.separator();
        ui.horizontal(|ui| {
            let (back, forward) = ex.steps();
            if ui
                .add_enabled(back > 0, egui::Button::new("Back"))
                .on_hover_text("Alt+Left: the previous matrix")
                .clicked()
            {
                ex.back(subject);
            }
            if ui
                .add_enabled(forward > 0, egui::Button::new("Forward"))
                .on_hover_text("Alt+Right: the next matrix")
                .clicked()
            {
                ex.forward(subject);
            }
            if ui
                .add_enabled(back > 0, egui::Button::new("Start over"))
                .on_hover_text("Back to the fleet or image itself")
                .clicked()
            {
                ex.go(subject.source.clone(), subject);
            }
            ui.label(format!("step {back}"));
        });
        self.shared.card(ui, subject, ex);
        ui.separator();
        interchange_list(ui, subject, ex);
        ui.separator();
        self.hovered_block = None;
        self.subreflection_list(ui, subject, doc);
    }

    fn subreflection_list(&mut self, ui: &mut Ui, subject: &Subject, _doc: &Document) {
        ui.strong("Subreflections");
        if subject.fleet.is_none() {
            ui.label("Subreflections carry ships: they need a fleet, and images have none.");
            return;
        }
        if !subject.fleet_complete() {
            ui.label("Place the whole fleet in Boards to look for subreflections.");
            return;
        }
        self.subreflections.status_ui(ui, "");
        let Some(list) = &self.subreflections.result else {
            if self.subreflections.is_running() {
                ui.spinner();
            }
            return;
        };
        if list.is_empty() {
            ui.label("None: no block with palindromic sums carries whole ships to a new fleet.");
            return;
        }
        ui.label(format!("{} new fleet(s), one flip each:", list.len()));
        let mut apply = None;
        egui::ScrollArea::vertical()
            .id_salt("subreflections")
            .max_height(180.0)
            .show(ui, |ui| {
                for (i, s) in list.iter().enumerate() {
                    let b = s.block;
                    let text = format!(
                        "{} rows {}–{}, cols {}–{}",
                        match s.axis {
                            crate::tomography::ReflectionAxis::Horizontal => "Flip left-right",
                            crate::tomography::ReflectionAxis::Vertical => "Flip up-down",
                        },
                        b.top + 1,
                        b.top + b.rows,
                        b.left + 1,
                        b.left + b.cols
                    );
                    let r = ui
                        .button(text)
                        .on_hover_text("Apply this subreflection (the block is outlined)");
                    if r.hovered() {
                        self.hovered_block = Some(b);
                    }
                    if r.clicked() {
                        apply = Some(i);
                    }
                }
            });
        if let (Some(i), Some(ex)) = (apply, &mut self.explorer) {
            ex.go(list[i].result.clone(), subject);
        }
    }
}

/// The interchanges available at the current matrix; hover outlines, click applies.
fn interchange_list(ui: &mut Ui, subject: &Subject, ex: &mut Explorer) {
    const SHOWN: usize = 300;
    let list = &ex.derived.interchanges;
    ui.strong(format!("Interchanges available: {}", list.len()))
        .on_hover_text("2×2 checkerboards 1 0 / 0 1 that can be flipped without changing the X-ray");
    let mut hovered = Vec::new();
    let mut apply = None;
    egui::ScrollArea::vertical()
        .id_salt("interchanges")
        .max_height(180.0)
        .show(ui, |ui| {
            for x in list.iter().take(SHOWN) {
                let r = ui
                    .button(format!(
                        "Swap rows {},{} · cols {},{}",
                        x.a + 1,
                        x.c + 1,
                        x.b + 1,
                        x.d + 1
                    ))
                    .on_hover_text("Apply this interchange (its four cells are outlined)");
                if r.hovered() {
                    hovered = x.cells().to_vec();
                }
                if r.clicked() {
                    apply = Some(*x);
                }
            }
            if list.len() > SHOWN {
                ui.label(format!("… and {} more (pick them on the board)", list.len() - SHOWN));
            }
        });
    ex.highlight = hovered;
    if let Some(x) = apply {
        let next = x.apply(ex.current());
        ex.go(next, subject);
    }
}

/// Adds a setup holding `deployment` on the subject's board and fleet; returns the status line.
fn add_setup(doc: &mut Document, subject: &Subject, deployment: Deployment, label: &str) -> String {
    let Some(fleet) = subject.fleet.clone() else {
        return "Images have no fleet to add".into();
    };
    let name = format!("{} ({label})", subject.name);
    let setup = Setup {
        name: name.clone(),
        description: format!("Shares its X-ray with '{}' (from the Tomography room).", subject.name),
        board: subject.board.clone(),
        fleet,
        deployment,
        observations: Default::default(),
    };
    doc.edit(|s| s.setups.push(setup));
    format!("Added setup '{name}' (see Boards)")
}
