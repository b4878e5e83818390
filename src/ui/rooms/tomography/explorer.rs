//! The matrix being explored: its history (back/forward), what is derived from
//! it (interchanges, a fleet realisation, unexplained cells, energy; computed
//! in the background whenever the matrix changes), and the board drawing with
//! click-to-interchange.

use super::Subject;
use crate::geometry::{BinaryMatrix, Board, Coord, Deployment, Fleet, TouchRule};
use crate::jobs::Task;
use crate::tomography::{Block, Interchange, interchanges, laplacian_energy, realisations_under, unexplained_cells};
use crate::ui::room::repaint;
use crate::ui::widgets::board_view::{BoardView, Decorations};
use crate::ui::widgets::palette;
use egui::{Color32, Ui};

/// Most cuts of one matrix into the fleet the Matrix tab lets you step through.
pub const CUTS_SHOWN: usize = 64;

/// Facts about one matrix.
pub struct Derived {
    pub interchanges: Vec<Interchange>,
    /// Ways to cut the matrix into the fleet (up to `CUTS_SHOWN`; the fleet as
    /// placed first for the source matrix). Empty: not a fleet.
    pub cuts: Vec<Deployment>,
    /// `cuts` holds every cut there is.
    pub all_cuts: bool,
    pub unexplained: Vec<(usize, usize)>,
    pub energy: u64,
    /// Why the matrix is no fleet, when `cuts` is empty and a reason is known.
    pub why_not: Option<String>,
}

impl Derived {
    fn of(m: &BinaryMatrix, subject: &Subject) -> Derived {
        let ((cuts, all_cuts), unexplained) = match &subject.fleet {
            Some(fleet) => (subject.cuts(m, CUTS_SHOWN), unexplained_cells(m, fleet)),
            None => ((Vec::new(), true), Vec::new()),
        };
        let why_not = match &subject.fleet {
            Some(fleet) if cuts.is_empty() => {
                let placed = subject.placed.as_ref().filter(|_| m == &subject.source);
                why_no_fleet(m, fleet, subject.rule, unexplained.len(), placed)
            }
            _ => None,
        };
        Derived {
            interchanges: interchanges(m),
            cuts,
            all_cuts,
            unexplained,
            energy: laplacian_energy(m),
            why_not,
        }
    }
}

/// Why `m` cannot be split into the fleet's ships: the wrong number of ones,
/// cells no ship covers, or (no-touch rule) every split has ships touching,
/// naming them for the fleet as placed.
fn why_no_fleet(
    m: &BinaryMatrix,
    fleet: &Fleet,
    rule: TouchRule,
    unexplained: usize,
    placed: Option<&Deployment>,
) -> Option<String> {
    let cells = fleet.total_cells();
    if m.ones() != cells {
        return Some(format!("{} ones, but the fleet has {cells} cells", m.ones()));
    }
    if unexplained > 0 {
        return Some(format!(
            "{} no ship can cover (red)",
            crate::textview::count(unexplained, "cell", "cells")
        ));
    }
    if rule == TouchRule::NoTouch && !realisations_under(m, fleet, TouchRule::MayTouch, 1).is_empty() {
        let which = placed
            .and_then(|d| d.touching_words(fleet))
            .map_or(String::new(), |w| format!(" (as placed: {w})"));
        return Some(format!(
            "the ones split into the fleet's ships only with ships touching{which}, and here ships may not touch"
        ));
    }
    Some("the ones cannot be split into the fleet's ships".into())
}

/// History of matrices visited from the subject's own matrix.
pub struct Explorer {
    history: Vec<BinaryMatrix>,
    pos: usize,
    derived: Task<(BinaryMatrix, Derived)>,
    /// The matrix the last derived job was started for.
    pending: Option<BinaryMatrix>,
    /// First cell of an interchange being picked on the board.
    pub selected: Option<(usize, usize)>,
    /// Which cut of the current matrix into the fleet is drawn (0: the first,
    /// the fleet as placed for the source matrix).
    pub cut: usize,
    /// Cells to highlight (an interchange hovered in the list).
    pub highlight: Vec<(usize, usize)>,
    pub view: BoardView,
}

impl Explorer {
    pub fn new(start: BinaryMatrix) -> Explorer {
        Explorer {
            history: vec![start],
            pos: 0,
            derived: Task::default(),
            pending: None,
            selected: None,
            cut: 0,
            highlight: Vec::new(),
            view: BoardView::default(),
        }
    }

    pub fn current(&self) -> &BinaryMatrix {
        &self.history[self.pos]
    }

    /// Facts about the current matrix, once computed (never another matrix's).
    pub fn derived(&self) -> Option<&Derived> {
        match &self.derived.result {
            Some((m, d)) if m == self.current() => Some(d),
            _ => None,
        }
    }

    pub fn is_running(&self) -> bool {
        self.derived.is_running()
    }

    /// Starts computing the facts of the current matrix when they are missing.
    pub fn refresh(&mut self, ui: &Ui, subject: &Subject) {
        self.derived.poll();
        let asked = self.pending.as_ref() == Some(self.current());
        if self.derived().is_some() || (asked && (self.derived.is_running() || self.derived.error.is_some())) {
            return;
        }
        let m = self.current().clone();
        let subject = subject.clone();
        self.pending = Some(m.clone());
        self.derived.start(repaint(ui), move |_| {
            let d = Derived::of(&m, &subject);
            Ok((m, d))
        });
    }

    pub fn steps(&self) -> (usize, usize) {
        (self.pos, self.history.len() - 1 - self.pos)
    }

    /// Moves to `m`, dropping the forward history.
    pub fn go(&mut self, m: BinaryMatrix) {
        if &m == self.current() {
            return;
        }
        self.history.truncate(self.pos + 1);
        self.history.push(m);
        self.pos += 1;
        self.selected = None;
        self.cut = 0;
    }

    /// Back to the first matrix (the history stays for Forward).
    pub fn start_over(&mut self) {
        if self.pos > 0 {
            self.pos = 0;
            self.selected = None;
        }
    }

    pub fn back(&mut self) {
        if self.pos > 0 {
            self.pos -= 1;
            self.selected = None;
            self.cut = 0;
        }
    }

    pub fn forward(&mut self) {
        if self.pos + 1 < self.history.len() {
            self.pos += 1;
            self.selected = None;
            self.cut = 0;
        }
    }

    /// One-cells that form an interchange with `cell`, and the interchange.
    fn partners(&self, cell: (usize, usize)) -> Vec<((usize, usize), Interchange)> {
        let Some(d) = self.derived() else { return Vec::new() };
        d.interchanges
            .iter()
            .filter_map(|x| {
                if (x.a, x.b) == cell {
                    Some(((x.c, x.d), *x))
                } else if (x.c, x.d) == cell {
                    Some(((x.a, x.b), *x))
                } else {
                    None
                }
            })
            .collect()
    }

    /// The interchanges available at the current matrix; hover outlines, click applies.
    pub fn interchange_list(&mut self, ui: &mut Ui) {
        const SHOWN: usize = 300;
        let Some(d) = self.derived() else {
            ui.strong("Interchanges available: …");
            return;
        };
        let list = &d.interchanges;
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
        self.highlight = hovered;
        if let Some(x) = apply {
            let next = x.apply(self.current());
            self.go(next);
        }
    }

    /// Draws the matrix; a click on a one picks it, a click on an outlined
    /// partner applies that interchange. Returns the cell under the pointer.
    pub fn show_board(&mut self, ui: &mut Ui, subject: &Subject, block: Option<Block>) -> Option<(usize, usize)> {
        let m = &self.history[self.pos];
        let d = match &self.derived.result {
            Some((dm, d)) if dm == m => Some(d),
            _ => None,
        };
        let owner = d
            .and_then(|d| d.cuts.get(self.cut).or(d.cuts.first()))
            .zip(subject.fleet.as_ref())
            .map(|(r, f)| r.occupancy(f));
        let fill = |c: Coord| {
            let (r, col) = (c.0 as usize, c.1 as usize);
            if m.get(r, col) {
                if d.is_some_and(|d| d.unexplained.contains(&(r, col))) {
                    Color32::from_rgb(220, 60, 50)
                } else {
                    owner
                        .as_ref()
                        .and_then(|o| o.get(&c))
                        .map_or(Color32::from_rgb(200, 200, 210), |&p| {
                            subject
                                .fleet
                                .as_ref()
                                .map_or(palette::piece_color(p), |f| palette::ship_color(f, p))
                        })
                }
            } else if subject.board.is_island(c) {
                palette::ISLAND
            } else {
                palette::WATER
            }
        };
        let coord = |(r, c): (usize, usize)| Coord(r as i32, c as i32);
        let mut overlay: Vec<(Coord, Color32)> = Vec::new();
        let mut outlines: Vec<(Coord, Color32)> = Vec::new();
        let mut outlined: Vec<Coord> = self.highlight.iter().copied().map(coord).collect();
        if let Some(s) = self.selected {
            outlined.push(coord(s));
            for (p, x) in self.partners(s) {
                outlines.push((coord(p), palette::PARTNER));
                // The two zeros that would become ones.
                for z in [(x.a, x.d), (x.c, x.b)] {
                    overlay.push((coord(z), Color32::from_rgba_unmultiplied(80, 230, 255, 40)));
                }
            }
        }
        if let Some(b) = block {
            for r in b.top..b.top + b.rows {
                for c in b.left..b.left + b.cols {
                    outlined.push(coord((r, c)));
                }
            }
        }
        let (rows, cols) = (m.row_sums(), m.col_sums());
        let deco = Decorations {
            overlay: &overlay,
            outlined: &outlined,
            outlines: &outlines,
            edge_sums: Some((&rows, &cols)),
            ..Decorations::fill_only(&fill)
        };
        let resp = self.view.show(ui, &subject.board, &deco);
        let hovered = resp
            .hovered
            .filter(|c| subject.board.contains(*c))
            .map(|c| (c.0 as usize, c.1 as usize));
        if resp.response.clicked()
            && let Some(cell) = hovered
        {
            self.click(cell);
        }
        hovered
    }

    fn click(&mut self, cell: (usize, usize)) {
        if !self.current().get(cell.0, cell.1) {
            self.selected = None;
            return;
        }
        match self.selected {
            Some(s) if s == cell => self.selected = None,
            Some(s) => match self.partners(s).into_iter().find(|(p, _)| *p == cell) {
                Some((_, x)) => {
                    let next = x.apply(self.current());
                    self.go(next);
                }
                None => self.selected = Some(cell),
            },
            None => self.selected = Some(cell),
        }
    }
}

/// A square board of the matrix's size (with the setup's islands in fleet mode).
pub fn board_for(m: &BinaryMatrix, islands: Option<&Board>) -> Board {
    let mut b = Board::square("matrix", m.rows() as u32, m.cols() as u32);
    if let Some(src) = islands {
        b.islands = src.islands.clone();
    }
    b
}

/// A small picture of a fleet matrix: ships in their colours where a
/// realisation is known, other ones in grey.
pub fn thumbnail(ui: &mut Ui, size: egui::Vec2, subject: &Subject, m: &BinaryMatrix, fleet: Option<&Deployment>) {
    let owner = fleet.zip(subject.fleet.as_ref()).map(|(d, f)| d.occupancy(f));
    let fill = |c: Coord| match owner.as_ref().and_then(|o| o.get(&c)) {
        Some(&p) => subject
            .fleet
            .as_ref()
            .map_or(palette::piece_color(p), |f| palette::ship_color(f, p)),
        None if m.get(c.0 as usize, c.1 as usize) => Color32::from_rgb(200, 200, 210),
        None => palette::WATER,
    };
    ui.allocate_ui(size, |ui| {
        BoardView::default().show(ui, &board_for(m, Some(&subject.board)), &Decorations::fill_only(&fill));
    });
}
