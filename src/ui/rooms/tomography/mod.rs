//! Room "Tomography": X-rays of the placed fleet or of a drawn image, Ryser
//! interchanges with history, subreflections, the |ΔA|² landscape of a walk,
//! every fleet sharing the X-ray, and the stealth search.
//!
//! Everything shown is derived from the *current* matrix of the explorer (not
//! from the fleet the room started with), so after Explore or an interchange
//! every number follows. All of it is computed in background tasks keyed on
//! what it depends on; the UI thread only draws.

mod explorer;
mod gallery;
mod image_editor;
mod stealth;
mod walk;

use crate::geometry::{BinaryMatrix, Board, Deployment, Fleet, RuleChoice, TouchRule};
use crate::jobs::Task;
use crate::session::{Session, Setup, TomographySubject};
use crate::tomography::realisations_under;
use crate::tomography::{Block, ReflectionAxis, Subreflection, subreflections};
use crate::ui::document::Document;
use crate::ui::room::{Command, Room, RoomCtx, RoomMessage, repaint};
use crate::ui::shortcuts::Shortcut;
use crate::ui::widgets::job_controls::task_status;
use crate::ui::widgets::layout::{side_panel_default, side_panel_range, side_panel_scroll};
use crate::ui::widgets::rule_picker::rule_override_picker;
use crate::ui::widgets::setup_picker::setup_picker;
use egui::{Key, Modifiers, Ui};
pub use explorer::Explorer;
use gallery::SharedPanel;
use image_editor::ImageEditor;
use stealth::StealthPanel;
use walk::WalkPanel;

pub const ID: &str = "tomography";

pub const BACK: Shortcut = Shortcut::new("The previous matrix of the history", Modifiers::ALT, Key::ArrowLeft);
pub const FORWARD: Shortcut = Shortcut::new("The next matrix of the history", Modifiers::ALT, Key::ArrowRight);
const SHORTCUTS: [Shortcut; 2] = [BACK, FORWARD];

/// What the room studies: a board, the fleet (none for images) and the
/// starting matrix. Rebuilt only when the session changes.
#[derive(Clone, Debug, PartialEq)]
pub struct Subject {
    pub board: Board,
    pub fleet: Option<Fleet>,
    /// The fleet as placed in Boards (fleet subjects): the source matrix is drawn
    /// with its own ships, not with another cut of the same ones.
    pub placed: Option<Deployment>,
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
                placed: None,
                rule: TouchRule::MayTouch,
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
                    placed: Some(setup.deployment.clone()),
                    rule: RuleChoice::new(setup.rules, t.touch_override).rule,
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

    /// Up to `limit` ways to cut `m` into the fleet's ships under the rule (cuts
    /// that only swap ships of one shape count once); for the source matrix the
    /// fleet as placed comes first. True when these are all. Run off the UI thread.
    pub fn cuts(&self, m: &BinaryMatrix, limit: usize) -> (Vec<Deployment>, bool) {
        let Some(fleet) = &self.fleet else {
            return (Vec::new(), true);
        };
        let placed = self
            .placed
            .as_ref()
            .filter(|d| m == &self.source && d.ships.len() == fleet.pieces.len())
            .filter(|d| self.rule == TouchRule::MayTouch || d.ships_apart(fleet));
        // Cuts that differ only by swapping ships of the same shape look the same: one each.
        let look = |d: &Deployment| {
            let mut ships: Vec<Vec<crate::geometry::Coord>> = d.ships.iter().map(|s| s.cells(fleet)).collect();
            ships.iter_mut().for_each(|c| c.sort());
            ships.sort();
            ships
        };
        let mut out: Vec<Deployment> = placed.into_iter().cloned().collect();
        let mut seen: Vec<_> = out.iter().map(look).collect();
        let tried = limit.saturating_mul(64);
        let all = realisations_under(m, fleet, self.rule, tried);
        let mut complete = all.len() < tried;
        for d in all {
            let l = look(&d);
            if !seen.contains(&l) {
                if out.len() >= limit {
                    complete = false;
                    break;
                }
                seen.push(l);
                out.push(d);
            }
        }
        (out, complete)
    }

    /// `m` has as many ones as the fleet has cells (the fleet tools need that).
    pub fn fleet_complete(&self, m: &BinaryMatrix) -> bool {
        self.fleet.as_ref().is_some_and(|f| m.ones() == f.total_cells())
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

impl TomoTab {
    const ALL: [(TomoTab, &'static str); 4] = [
        (TomoTab::Matrix, "matrix"),
        (TomoTab::Walk, "walk"),
        (TomoTab::Gallery, "gallery"),
        (TomoTab::Stealth, "stealth"),
    ];
}

#[derive(Default)]
pub struct TomographyRoom {
    tab: TomoTab,
    /// (document revision, active setup) the subject was built from.
    subject_for: Option<(u64, usize)>,
    subject: Option<Subject>,
    subject_error: Option<String>,
    explorer: Option<Explorer>,
    shared: SharedPanel,
    subreflections: Task<Vec<Subreflection>>,
    subreflections_for: Option<BinaryMatrix>,
    hovered_block: Option<Block>,
    walk: WalkPanel,
    stealth: StealthPanel,
    image: ImageEditor,
    /// A matrix another room sent, opened once the subject is ready.
    incoming: Option<BinaryMatrix>,
}

const GUIDE: &str = "Studies the X-ray (row and column sums) of the active setup's placed fleet on a square board, \
or of a binary image (Image: size, the tomography paper's two convex bodies and heart, Paint the image).

Matrix: the ships are coloured when the ones can be cut into the fleet; red cells are ones no ship can cover. \
At the start it shows the fleet as placed in Boards; Other cut shows the same ones cut into the ships another way. \
What counts as a fleet follows the setup's touch rule unless the Rule box overrides it. Click a one: its interchange partners are outlined; click one of them to swap (the sums stay). The side panel \
lists every interchange (hover outlines it, click applies), keeps a history (Back, Forward, Alt+Left, \
Alt+Right, Start over) and shows |U(r,c)| (all matrices with these sums), the fleet matrices and labelled \
fleets sharing the X-ray of the matrix shown, and their density. A long count of |U(r,c)| shows its steps so far \
(its length is not known in advance, so there is no ETA) and Cancel count; Count again starts it once more. Subreflections flip a block with palindromic \
sums that carries whole ships: another fleet with the same X-ray.

Walk: every matrix within k interchanges, the histogram of |ΔA|² (binned by the step the energies take) with \
the fitted Gaussian, fleets met as dashed red lines, the current matrix in green (the paper's Figure 5).

Gallery: every fleet with this X-ray, 12 per page; Explore opens one, To Boards adds it as a setup.

Stealth search: simulated annealing over fleets, scored by how many fleet matrices share their X-ray. \
Moving a ship lets a search run on; another board, fleet or rule stops it with a note, and what it found \
stays with the setup it was found for.";

impl TomographyRoom {
    /// A fleet from another room: on the open setup when it has the same
    /// board, fleet and rules (the fleet is one of its matrices), else added as
    /// a setup of its own, so it is drawn with its own ships either way.
    fn explore_fleet(&mut self, setup: Setup, ctx: &mut RoomCtx<'_>) {
        self.tab = TomoTab::Matrix;
        let Some(m) = BinaryMatrix::from_deployment(&setup.board, &setup.fleet, &setup.deployment) else {
            ctx.status(format!("'{}' is not on a square board; X-rays need one", setup.name));
            return;
        };
        let open = ctx.doc.session.setup();
        let same = open.board.dims() == setup.board.dims()
            && open.board.islands == setup.board.islands
            && open.fleet == setup.fleet
            && open.rules == setup.rules;
        if same {
            let name = open.name.clone();
            if ctx.doc.session.tomography.subject != TomographySubject::Fleet {
                ctx.doc.edit(|s| s.tomography.subject = TomographySubject::Fleet);
            }
            self.incoming = Some(m);
            ctx.status(format!("Exploring the fleet as a matrix of '{name}'"));
        } else {
            let mut name = String::new();
            ctx.doc.edit(|s| {
                let i = s.add_setup(setup);
                s.active = i;
                s.tomography.subject = TomographySubject::Fleet;
                name = s.setups[i].name.clone();
            });
            ctx.status(format!(
                "Added setup '{name}' and opened it here (another board or fleet than the open setup; Ctrl+Z undoes)"
            ));
        }
    }
}

impl Room for TomographyRoom {
    fn id(&self) -> &'static str {
        ID
    }
    fn title(&self) -> &'static str {
        "Tomography"
    }
    fn tooltip(&self) -> &'static str {
        "X-rays, interchanges, subreflections, fleets sharing an X-ray"
    }
    fn guide(&self) -> &'static str {
        GUIDE
    }
    fn shortcuts(&self) -> &'static [Shortcut] {
        &SHORTCUTS
    }
    fn busy(&self) -> bool {
        self.shared.is_running()
            || self.subreflections.is_running()
            || self.walk.task.is_running()
            || self.stealth.task.is_running()
            || self.explorer.as_ref().is_some_and(Explorer::is_running)
    }
    fn reset(&mut self) {
        let tab = self.tab;
        *self = TomographyRoom::default();
        self.tab = tab;
    }
    fn tab(&self) -> Option<&'static str> {
        TomoTab::ALL.iter().find(|(t, _)| *t == self.tab).map(|(_, id)| *id)
    }
    fn tabs(&self) -> &'static [&'static str] {
        &["matrix", "walk", "gallery", "stealth"]
    }
    fn set_tab(&mut self, tab: &str) {
        if let Some((t, _)) = TomoTab::ALL.iter().find(|(_, id)| *id == tab) {
            self.tab = *t;
        }
    }
    fn receive(&mut self, message: RoomMessage, ctx: &mut RoomCtx<'_>) {
        match message {
            RoomMessage::Explore(m) => {
                self.tab = TomoTab::Matrix;
                let s = &ctx.doc.session;
                let shown = match s.tomography.subject {
                    TomographySubject::Fleet => s.setup().board.dims().map(|(r, c)| (r as usize, c as usize)),
                    TomographySubject::Image => Some((s.tomography.image.rows(), s.tomography.image.cols())),
                };
                if shown == Some((m.rows(), m.cols())) {
                    self.incoming = Some(m);
                } else {
                    // Another size than the board shown: study it as the image.
                    let (r, c) = (m.rows(), m.cols());
                    ctx.doc.edit(|s| {
                        s.tomography.subject = TomographySubject::Image;
                        s.tomography.image = m;
                    });
                    ctx.status(format!(
                        "The {r}×{c} matrix is now the Tomography room's image (Ctrl+Z undoes)"
                    ));
                }
            }
            RoomMessage::ExploreFleet(setup) => self.explore_fleet(*setup, ctx),
            RoomMessage::PuzzleAnswer(..) => {}
        }
    }
    fn menu_title(&self) -> Option<&'static str> {
        Some("History")
    }

    fn menu(&mut self, ui: &mut Ui, _ctx: &mut RoomCtx<'_>) {
        if let Some(ex) = &mut self.explorer {
            let (back, forward) = ex.steps();
            if ui.add_enabled(back > 0, BACK.button(ui)).clicked() {
                ex.back();
                ui.close();
            }
            if ui.add_enabled(forward > 0, FORWARD.button(ui)).clicked() {
                ex.forward();
                ui.close();
            }
            if ui.add_enabled(back > 0, egui::Button::new("Start over")).clicked() {
                ex.start_over();
                ui.close();
            }
        }
    }

    fn ui(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        self.sync(ctx.doc);
        self.poll_tasks(ui);
        self.shortcuts(ui);
        egui::Panel::left("tomography_side")
            .resizable(true)
            .default_size(side_panel_default(ui))
            .size_range(side_panel_range(ui))
            .show(ui, |ui| {
                side_panel_scroll(ui, |ui| self.side(ui, ctx.doc));
            });
        egui::CentralPanel::default().show(ui, |ui| self.central(ui, ctx));
    }
}

impl TomographyRoom {
    /// The explorer (the matrix shown and its history), once there is a subject.
    pub fn explorer(&self) -> Option<&Explorer> {
        self.explorer.as_ref()
    }

    pub fn subject(&self) -> Option<&Subject> {
        self.subject.as_ref()
    }

    /// *Paint the image* is ticked.
    pub fn painting(&self) -> bool {
        self.image.painting
    }

    pub fn shared(&self) -> &SharedPanel {
        &self.shared
    }

    pub fn walk(&self) -> &WalkPanel {
        &self.walk
    }

    pub fn stealth(&self) -> &StealthPanel {
        &self.stealth
    }

    /// Where the image editor last drew the image (tests paint with it).
    pub fn image_layout(&self) -> Option<crate::ui::widgets::layout::CellLayout> {
        self.image.view.last_layout
    }

    /// Rebuilds the subject when the session changed, and restarts the room
    /// when the subject is a different one.
    fn sync(&mut self, doc: &Document) {
        let stamp = (doc.revision, doc.session.active);
        if self.subject_for == Some(stamp) {
            return;
        }
        self.subject_for = Some(stamp);
        match Subject::from_session(&doc.session) {
            Ok(subject) => {
                self.subject_error = None;
                if self.subject.as_ref() != Some(&subject) {
                    self.explorer = Some(Explorer::new(subject.source.clone()));
                    self.shared.clear();
                    self.walk.clear();
                    self.stealth.subject_changed(&subject);
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

    /// Takes in finished jobs and starts the ones the current matrix needs.
    fn poll_tasks(&mut self, ui: &Ui) {
        if let (Some(m), Some(ex)) = (&self.incoming, &mut self.explorer)
            && self.subject.is_some()
        {
            ex.go(m.clone());
            self.incoming = None;
        }
        self.subreflections.poll();
        self.walk.task.poll();
        self.stealth.poll();
        let (Some(subject), Some(ex)) = (&self.subject, &mut self.explorer) else {
            return;
        };
        ex.refresh(ui, subject);
        let m = ex.current().clone();
        self.shared.refresh(ui, subject, &m);
        if subject.fleet_complete(&m) && self.subreflections_for.as_ref() != Some(&m) {
            self.subreflections_for = Some(m.clone());
            self.subreflections.clear();
            let (board, fleet, rule) = (
                subject.board.clone(),
                subject.fleet.clone().expect("a complete fleet"),
                subject.rule,
            );
            self.subreflections.start(repaint(ui), move |job| {
                subreflections(&board, &fleet, &m, rule, 64, job.cancel_flag()).map_err(|e| e.to_string())
            });
        }
    }

    fn shortcuts(&mut self, ui: &Ui) {
        let (back, forward) = (BACK.pressed(ui), FORWARD.pressed(ui));
        if let Some(ex) = &mut self.explorer {
            if back {
                ex.back();
            }
            if forward {
                ex.forward();
            }
        }
    }

    fn central(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
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
        let explore = match self.tab {
            TomoTab::Matrix => {
                if self.image.painting && subject.fleet.is_none() {
                    self.image.paint(ui, ctx.doc, subject);
                } else {
                    ui.label(
                        "Click a one: its interchange partners are outlined; click a partner to swap them. \
                         Alt+Left / Alt+Right step through the history.",
                    );
                    ex.show_board(ui, subject, self.hovered_block);
                }
                None
            }
            TomoTab::Walk => {
                self.walk.show(ui, ctx.doc, subject, ex);
                None
            }
            TomoTab::Gallery => self.shared.gallery(ui, ctx, subject, ex.current()),
            TomoTab::Stealth => self.stealth.show(ui, ctx, subject),
        };
        if let Some(m) = explore {
            ex.go(m);
            self.tab = TomoTab::Matrix;
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
            setup_picker(ui, "tomography_setup", doc);
            rule_override_picker(ui, "tomography_rule", doc.session.setup().rules, &mut t.touch_override);
        }
        if t != doc.session.tomography {
            doc.edit(|s| s.tomography = t);
        }
        if doc.session.tomography.subject == TomographySubject::Image {
            self.image.settings(ui, doc);
        }
        let (Some(subject), Some(ex)) = (&self.subject, &mut self.explorer) else {
            return;
        };
        ui.separator();
        ui.horizontal(|ui| {
            let (back, forward) = ex.steps();
            if ui
                .add_enabled(back > 0, egui::Button::new("Back"))
                .on_hover_text("Alt+Left: the previous matrix")
                .clicked()
            {
                ex.back();
            }
            if ui
                .add_enabled(forward > 0, egui::Button::new("Forward"))
                .on_hover_text("Alt+Right: the next matrix")
                .clicked()
            {
                ex.forward();
            }
            if ui
                .add_enabled(back > 0, egui::Button::new("Start over"))
                .on_hover_text("Back to the fleet or image itself (Forward goes on again)")
                .clicked()
            {
                ex.start_over();
            }
            ui.label(format!("Step {back}"));
        });
        self.shared.card(ui, subject, ex);
        ui.separator();
        ex.interchange_list(ui);
        ui.separator();
        self.hovered_block = None;
        let current = ex.current().clone();
        let subject = subject.clone();
        if let Some(m) = self.subreflection_list(ui, &subject, &current)
            && let Some(ex) = &mut self.explorer
        {
            ex.go(m);
        }
    }

    /// The subreflections of the current matrix; returns the one clicked.
    fn subreflection_list(&mut self, ui: &mut Ui, subject: &Subject, current: &BinaryMatrix) -> Option<BinaryMatrix> {
        ui.strong("Subreflections");
        if subject.fleet.is_none() {
            ui.label("Subreflections carry ships: they need a fleet, and images have none.");
            return None;
        }
        if !subject.fleet_complete(current) {
            ui.label("Place the whole fleet in Boards to look for subreflections.");
            return None;
        }
        task_status(ui, &self.subreflections, "");
        let Some(list) = &self.subreflections.result else {
            if self.subreflections.is_running() {
                crate::ui::widgets::busy::busy(ui);
            }
            return None;
        };
        if list.is_empty() {
            ui.label("None: no block with palindromic sums carries whole ships to a new fleet.");
            return None;
        }
        ui.label(plural(list.len() as u128, "new fleet", "new fleets") + ", one flip each:");
        let mut apply = None;
        egui::ScrollArea::vertical()
            .id_salt("subreflections")
            .max_height(180.0)
            .show(ui, |ui| {
                for s in list {
                    let b = s.block;
                    let text = format!(
                        "{} rows {}–{}, cols {}–{}",
                        match s.axis {
                            ReflectionAxis::Horizontal => "Flip left-right",
                            ReflectionAxis::Vertical => "Flip up-down",
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
                        apply = Some(s.result.clone());
                    }
                }
            });
        apply
    }
}

pub use crate::textview::plural;

/// Sends a setup holding `deployment` on the subject's board and fleet to the app.
fn add_setup(ctx: &mut RoomCtx<'_>, subject: &Subject, deployment: Deployment, label: &str, description: String) {
    let Some(fleet) = subject.fleet.clone() else {
        ctx.status("Images have no fleet to add");
        return;
    };
    ctx.send(Command::AddSetup(Box::new(Setup {
        name: format!("{} ({label})", subject.name),
        description,
        board: subject.board.clone(),
        fleet,
        rules: crate::geometry::Rules { touch: subject.rule },
        deployment,
        observations: Default::default(),
    })));
}
