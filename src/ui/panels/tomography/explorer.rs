//! The matrix being explored: its history (back/forward), what is derived from
//! it (X-ray, interchanges, a fleet realisation, unexplained cells, energy), and
//! the board drawing with click-to-interchange.

use super::Subject;
use crate::geometry::{Board, Coord, Deployment};
use crate::tomography::{
    BinaryMatrix, Block, Interchange, XRay, interchanges, laplacian_energy, realisations, unexplained_cells,
};
use crate::ui::widgets::board_view::{BoardView, Decorations};
use crate::ui::widgets::palette;
use egui::{Color32, Ui};

/// Facts about the current matrix, recomputed when it changes.
pub struct Derived {
    pub xray: XRay,
    pub interchanges: Vec<Interchange>,
    /// One fleet realisation, if the matrix is a fleet.
    pub realisation: Option<Deployment>,
    pub unexplained: Vec<(usize, usize)>,
    pub energy: u64,
}

impl Derived {
    fn of(m: &BinaryMatrix, subject: &Subject) -> Derived {
        let (realisation, unexplained) = match &subject.fleet {
            Some(fleet) => (realisations(m, fleet, 1).pop(), unexplained_cells(m, fleet)),
            None => (None, Vec::new()),
        };
        Derived {
            xray: XRay::of(m),
            interchanges: interchanges(m),
            realisation,
            unexplained,
            energy: laplacian_energy(m),
        }
    }
}

/// History of matrices visited from the subject's own matrix.
pub struct Explorer {
    history: Vec<BinaryMatrix>,
    pos: usize,
    pub derived: Derived,
    /// First cell of an interchange being picked on the board.
    pub selected: Option<(usize, usize)>,
    /// Cells to highlight (an interchange or block hovered in a list).
    pub highlight: Vec<(usize, usize)>,
    pub view: BoardView,
}

impl Explorer {
    pub fn new(start: BinaryMatrix, subject: &Subject) -> Explorer {
        Explorer {
            derived: Derived::of(&start, subject),
            history: vec![start],
            pos: 0,
            selected: None,
            highlight: Vec::new(),
            view: BoardView::default(),
        }
    }

    pub fn current(&self) -> &BinaryMatrix {
        &self.history[self.pos]
    }

    pub fn steps(&self) -> (usize, usize) {
        (self.pos, self.history.len() - 1 - self.pos)
    }

    /// Moves to `m`, dropping the forward history.
    pub fn go(&mut self, m: BinaryMatrix, subject: &Subject) {
        if &m == self.current() {
            return;
        }
        self.history.truncate(self.pos + 1);
        self.history.push(m);
        self.pos += 1;
        self.refresh(subject);
    }

    pub fn back(&mut self, subject: &Subject) {
        if self.pos > 0 {
            self.pos -= 1;
            self.refresh(subject);
        }
    }

    pub fn forward(&mut self, subject: &Subject) {
        if self.pos + 1 < self.history.len() {
            self.pos += 1;
            self.refresh(subject);
        }
    }

    fn refresh(&mut self, subject: &Subject) {
        self.derived = Derived::of(self.current(), subject);
        self.selected = None;
    }

    /// One-cells that form an interchange with `cell`, and the interchange.
    fn partners(&self, cell: (usize, usize)) -> Vec<((usize, usize), Interchange)> {
        self.derived
            .interchanges
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

    /// Draws the matrix; a click on a one picks it, a click on a highlighted
    /// partner applies that interchange. Returns the cell under the pointer.
    pub fn show_board(&mut self, ui: &mut Ui, subject: &Subject, block: Option<Block>) -> Option<(usize, usize)> {
        let m = self.current().clone();
        let d = &self.derived;
        let owner = d
            .realisation
            .as_ref()
            .zip(subject.fleet.as_ref())
            .map(|(r, f)| r.occupancy(f));
        let fill = |c: Coord| {
            let (r, col) = (c.0 as usize, c.1 as usize);
            if m.get(r, col) {
                if d.unexplained.contains(&(r, col)) {
                    Color32::from_rgb(220, 60, 50)
                } else {
                    owner
                        .as_ref()
                        .and_then(|o| o.get(&c))
                        .map_or(Color32::from_rgb(200, 200, 210), |&p| palette::piece_color(p))
                }
            } else if subject.board.is_island(c) {
                palette::ISLAND
            } else {
                palette::WATER
            }
        };
        let coord = |(r, c): (usize, usize)| Coord(r as i32, c as i32);
        let mut overlay: Vec<(Coord, Color32)> = Vec::new();
        let mut outlined: Vec<Coord> = self.highlight.iter().copied().map(coord).collect();
        match self.selected {
            Some(s) => {
                outlined.push(coord(s));
                for (p, x) in self.partners(s) {
                    overlay.push((coord(p), Color32::from_rgba_unmultiplied(255, 220, 80, 150)));
                    for z in [(x.a, x.d), (x.c, x.b)] {
                        overlay.push((coord(z), Color32::from_rgba_unmultiplied(255, 220, 80, 50)));
                    }
                }
            }
            None => {
                // Ones that take part in some interchange get a faint mark.
                let mut movable: Vec<(usize, usize)> =
                    d.interchanges.iter().flat_map(|x| [(x.a, x.b), (x.c, x.d)]).collect();
                movable.sort_unstable();
                movable.dedup();
                overlay.extend(
                    movable
                        .into_iter()
                        .map(|c| (coord(c), Color32::from_rgba_unmultiplied(255, 255, 255, 40))),
                );
            }
        }
        if let Some(b) = block {
            for r in b.top..b.top + b.rows {
                for c in b.left..b.left + b.cols {
                    outlined.push(coord((r, c)));
                }
            }
        }
        let deco = Decorations {
            fill: &fill,
            extra: &[],
            overlay: &overlay,
            outlined: &outlined,
            edge_sums: Some((&d.xray.rows, &d.xray.cols)),
        };
        let resp = self.view.show(ui, &subject.board, &deco);
        let hovered = resp
            .hovered
            .filter(|c| subject.board.contains(*c))
            .map(|c| (c.0 as usize, c.1 as usize));
        if resp.response.clicked()
            && let Some(cell) = hovered
        {
            self.click(cell, subject);
        }
        hovered
    }

    fn click(&mut self, cell: (usize, usize), subject: &Subject) {
        if !self.current().get(cell.0, cell.1) {
            self.selected = None;
            return;
        }
        match self.selected {
            Some(s) if s == cell => self.selected = None,
            Some(s) => match self.partners(s).into_iter().find(|(p, _)| *p == cell) {
                Some((_, x)) => {
                    let next = x.apply(self.current());
                    self.go(next, subject);
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
        Some(&p) => palette::piece_color(p),
        None if m.get(c.0 as usize, c.1 as usize) => Color32::from_rgb(200, 200, 210),
        None => palette::WATER,
    };
    ui.allocate_ui(size, |ui| {
        BoardView::default().show(ui, &board_for(m, Some(&subject.board)), &Decorations::fill_only(&fill));
    });
}
