//! The Coloured Chess Piece Problem and the Max Chess Pieces Problem ("A QUBO
//! Formulation for the Generalized LinkedIn Queens and Takuzu/Tango Game",
//! §2.6). Each cell allows one piece type (or none); no piece may threaten
//! another. Coloured: exactly one piece per region. Max: as many pieces as
//! possible (weighted per type), the threats weighted by λ.
//!
//! Threats are the pieces' moves on an empty board (a QUBO cannot model a
//! piece blocking another's line), and a pair is forbidden when either piece
//! threatens the other.

mod count;
pub(crate) mod draft;
mod max;

use crate::puzzle::family::kit::{filled_grid, not_applicable, paint, toggle};
use crate::puzzle::family::repair_kit::{at, boundary_moves, drop_given, given_clues};
use crate::puzzle::family::{AnswerGlyph, Authoring, FamilyType, Generator, Look, Rules, solve_by_search};
use crate::puzzle::family::{Clue, Edit, EditKind, Seen};
use crate::puzzle::model::{Cell, PuzzleModel};
use crate::puzzle::text::{Sections, cells_line, regions_from_grid};
use crate::puzzle::vocab::Piece;
use crate::puzzle::vocab::region_char;
use crate::puzzle::vocab::{CellMark, Tool};
use serde::{Deserialize, Serialize};

/// The chess rules of a piece (its name and letters are vocabulary).
impl Piece {
    /// Does this piece on `a` reach `b` (on an empty board)?
    pub fn reaches(self, a: (usize, usize), b: (usize, usize)) -> bool {
        let dr = a.0.abs_diff(b.0);
        let dc = a.1.abs_diff(b.1);
        if dr == 0 && dc == 0 {
            return false;
        }
        let straight = dr == 0 || dc == 0;
        let diagonal = dr == dc;
        match self {
            Piece::Queen => straight || diagonal,
            Piece::Rook => straight,
            Piece::Bishop => diagonal,
            Piece::Knight => (dr == 1 && dc == 2) || (dr == 2 && dc == 1),
            Piece::King => dr <= 1 && dc <= 1,
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChessGoal {
    /// One piece per region (the Coloured Chess Piece Problem).
    #[default]
    Coloured,
    /// As many pieces as possible (the Max Chess Pieces Problem).
    Max,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chess {
    pub rows: usize,
    pub cols: usize,
    /// The piece each cell allows, row-major (`None`: nothing stands there).
    pub pieces: Vec<Option<Piece>>,
    /// Region of each cell (Coloured), row-major.
    #[serde(default)]
    pub regions: Vec<u16>,
    pub goal: ChessGoal,
    /// Pre-placed pieces.
    #[serde(default)]
    pub given: Vec<(usize, usize)>,
    /// Worth of each piece type for Max, in the order of [`Piece::ALL`].
    #[serde(default = "unit_weights")]
    pub weights: [f64; 5],
}

fn unit_weights() -> [f64; 5] {
    [1.0; 5]
}

impl Chess {
    pub fn weight(&self, p: Piece) -> f64 {
        self.weights[Piece::ALL.iter().position(|&q| q == p).expect("a piece")]
    }

    /// Coloured chess with regions on a square board: its repairs may move a
    /// region's boundary (regions mean nothing to Max chess, even when its
    /// file lists some).
    fn moves_boundaries(&self) -> bool {
        self.goal == ChessGoal::Coloured && !self.regions.is_empty() && self.rows == self.cols
    }

    pub fn region_count(&self) -> usize {
        self.regions.iter().map(|&r| r as usize + 1).max().unwrap_or(0)
    }

    pub fn validate(&self) -> Result<(), String> {
        let (r, c) = (self.rows, self.cols);
        crate::puzzle::model::check_board_size(r, c)?;
        if self.pieces.len() != r * c {
            return Err(format!("{} piece cells for a {r}x{c} board", self.pieces.len()));
        }
        if self.goal == ChessGoal::Coloured && self.regions.len() != r * c {
            return Err("the Coloured problem needs a region for every cell".into());
        }
        if !self.regions.is_empty() && self.regions.len() != r * c {
            return Err(format!("{} region cells for a {r}x{c} board", self.regions.len()));
        }
        crate::puzzle::model::check_regions(&self.regions, None)?;
        if let Some((a, b)) = self.given.iter().find(|(a, b)| *a >= r || *b >= c) {
            return Err(format!(
                "{} is outside the {r}x{c} board",
                crate::puzzle::model::row_col(*a, *b)
            ));
        }
        if self.weights.iter().any(|w| !w.is_finite() || *w <= 0.0 || *w > 1e6) {
            return Err("piece weights must be positive numbers up to 1,000,000".into());
        }
        Ok(())
    }

    pub fn model(&self) -> Result<PuzzleModel, String> {
        self.validate()?;
        let (rows, cols) = (self.rows, self.cols);
        let mut m = PuzzleModel::new(rows, cols, "piece");
        for cell in 0..rows * cols {
            if self.pieces[cell].is_none() {
                m.fix(cell, false, "no piece may stand there");
            }
        }
        for &(r, c) in &self.given {
            m.fix(r * cols + c, true, "a given piece");
        }
        if self.goal == ChessGoal::Coloured {
            for k in 0..self.region_count() {
                let cells: Vec<Cell> = (0..rows * cols).filter(|&c| self.regions[c] as usize == k).collect();
                let what = format!("region {} ({})", region_char(k), m.name(cells[0]));
                m.count(cells, 1, false, what);
            }
        } else {
            for cell in 0..rows * cols {
                if let Some(p) = self.pieces[cell] {
                    m.objective.push((cell, self.weight(p)));
                }
            }
        }
        // Equation (24): one product per ordered threatening pair.
        let at = |cell: Cell| (cell / cols, cell % cols);
        for a in 0..rows * cols {
            let Some(pa) = self.pieces[a] else { continue };
            for b in a + 1..rows * cols {
                let Some(pb) = self.pieces[b] else { continue };
                let ab = pa.reaches(at(a), at(b));
                let ba = pb.reaches(at(b), at(a));
                match (ab, ba) {
                    (true, true) => m.not_both(a, b, 2.0, "threaten each other"),
                    (true, false) | (false, true) => m.not_both(a, b, 1.0, "stand where one threatens the other"),
                    _ => {}
                }
            }
        }
        Ok(m)
    }

    pub fn parse(s: &Sections) -> Result<Chess, String> {
        let (rows, cols) = (s.rows, s.cols);
        let grid = s
            .grid("pieces")?
            .ok_or("a chess puzzle needs its `pieces` (Q R B N K, . for none)")?;
        let mut pieces = Vec::with_capacity(rows * cols);
        for (r, row) in grid.iter().enumerate() {
            for &ch in row {
                pieces.push(match ch {
                    '.' | '#' => None,
                    c => Some(
                        Piece::from_letter(c)
                            .ok_or_else(|| s.grid_error("pieces", r, &format!("'{c}' is not Q, R, B, N, K or .")))?,
                    ),
                });
            }
        }
        let goal = match s.word("goal")?.as_deref() {
            None | Some("coloured") | Some("colored") => ChessGoal::Coloured,
            Some("max") => ChessGoal::Max,
            Some(other) => return Err(s.value_error("goal", &format!("`goal` is coloured or max, not '{other}'"))),
        };
        let regions = match s.grid("regions")? {
            Some(g) => regions_from_grid(&g, '#')
                .into_iter()
                .enumerate()
                .map(|(cell, r)| {
                    r.ok_or_else(|| format!("regions: {} has no region", crate::puzzle::model::cell_name(cell, cols)))
                })
                .collect::<Result<_, _>>()?,
            None => Vec::new(),
        };
        let mut weights = unit_weights();
        if let Some((line, values)) = s.values("weights") {
            if values.len() != 5 {
                return Err(format!("line {line}: `weights` lists five numbers (Q R B N K)"));
            }
            for (w, v) in weights.iter_mut().zip(&values) {
                *w = v
                    .parse()
                    .map_err(|_| format!("line {line}: '{}' is not a number", crate::quote::excerpt(v)))?;
            }
        }
        let chess = Chess {
            rows,
            cols,
            pieces,
            regions,
            goal,
            given: s.cells("given")?,
            weights,
        };
        chess.validate()?;
        Ok(chess)
    }

    pub fn to_text(&self) -> String {
        let mut out = format!("chess {}x{}\n", self.rows, self.cols);
        out += match self.goal {
            ChessGoal::Coloured => "goal coloured\n",
            ChessGoal::Max => "goal max\n",
        };
        out += "pieces\n";
        for r in 0..self.rows {
            let line: String = (0..self.cols)
                .map(|c| self.pieces[r * self.cols + c].map_or('.', Piece::letter))
                .collect();
            out += &line;
            out.push('\n');
        }
        if !self.regions.is_empty() {
            out += "regions\n";
            for r in 0..self.rows {
                let line: String = (0..self.cols)
                    .map(|c| region_char(self.regions[r * self.cols + c] as usize))
                    .collect();
                out += &line;
                out.push('\n');
            }
        }
        if self.weights != unit_weights() {
            let w: Vec<String> = self.weights.iter().map(f64::to_string).collect();
            out += &format!("weights {}\n", w.join(" "));
        }
        if !self.given.is_empty() {
            out += &cells_line("given", &self.given);
        }
        out
    }
}

impl Rules for Chess {
    fn family(&self) -> &'static str {
        match self.goal {
            ChessGoal::Max => "max chess",
            ChessGoal::Coloured => "chess",
        }
    }

    fn rules(&self) -> String {
        let base = "Each cell allows one kind of piece (its letter); a piece placed there moves as that chess \
                    piece does, and no placed piece may attack another.";
        match self.goal {
            ChessGoal::Coloured => format!("{base} Place exactly one piece in each coloured region."),
            ChessGoal::Max if self.weights.iter().all(|&w| w == 1.0) => {
                format!("{base} Place as many pieces as you can.")
            }
            ChessGoal::Max => format!("{base} Place pieces worth as much as you can (each kind has its worth)."),
        }
    }

    fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn to_text(&self) -> String {
        Chess::to_text(self)
    }

    fn model(&self) -> Result<PuzzleModel, String> {
        Chess::model(self)
    }

    /// Both problems on up to 128 cells are solved on bitsets.
    fn solve_exact(
        &self,
        req: crate::puzzle::ExactRequest,
        cancel: &crate::run::CancelFlag,
    ) -> Result<crate::puzzle::ExactResult, crate::puzzle::PuzzleError> {
        if count::fits(self) {
            count::solve(self, req, cancel)
        } else {
            solve_by_search(self, req, cancel)
        }
    }

    fn has_objective(&self) -> bool {
        self.goal == ChessGoal::Max
    }
}

impl Look for Chess {
    fn cell_marks(&self) -> (Vec<CellMark>, Vec<Option<u16>>) {
        let marks = self
            .pieces
            .iter()
            .enumerate()
            .map(|(i, piece)| match piece {
                Some(pc) => CellMark::Piece(pc.letter(), self.given.contains(&(i / self.cols, i % self.cols))),
                None => CellMark::Hole,
            })
            .collect();
        (marks, self.regions.iter().map(|&k| Some(k)).collect())
    }

    fn answer_symbol(&self, r: usize, c: usize, one: bool) -> char {
        match self.pieces[r * self.cols + c] {
            Some(piece) if one => piece.letter(),
            Some(_) => '.',
            None => '_',
        }
    }

    fn answer_glyph(&self) -> AnswerGlyph {
        AnswerGlyph::PieceRing
    }
}

impl Authoring for Chess {
    const GENERATORS: &'static [&'static dyn Generator<Family = Self>] = &[&draft::ChessGenerator];

    /// `puzzles/chess-coloured-4.txt`: 2 solutions; a piece given, a cell
    /// allowing none or a boundary moved repairs it.
    const SETTER_EXAMPLE: &'static str = "chess 4x4\ngoal coloured\npieces\nQQRR\nQQRR\nNNBB\nNNBB\n\
        regions\naabb\naabb\nccdd\nccdd\n";

    fn tools(&self) -> Vec<Tool> {
        let mut t: Vec<Tool> = Piece::ALL.iter().map(|&p| Tool::Piece(Some(p))).collect();
        t.push(Tool::Piece(None));
        t.push(Tool::Given);
        if self.goal == ChessGoal::Coloured {
            t.push(Tool::Region(0));
        }
        t
    }

    fn apply(&mut self, tool: Tool, (r, c): (usize, usize)) -> Result<(), String> {
        let cell = r * self.cols + c;
        match tool {
            Tool::Piece(piece) => {
                self.pieces[cell] = piece;
                if piece.is_none() {
                    self.given.retain(|&g| g != (r, c));
                }
            }
            Tool::Given => {
                if self.pieces[cell].is_none() {
                    return Err(format!("{} allows no piece", crate::puzzle::model::row_col(r, c)));
                }
                toggle(&mut self.given, (r, c));
            }
            Tool::Region(k) => paint(&mut self.regions, self.rows * self.cols, cell, k),
            other => return Err(not_applicable(other, Rules::family(self))),
        }
        Ok(())
    }

    fn setter_clues(&self) -> Vec<Clue> {
        given_clues(&self.given, "piece")
    }

    fn without_clue(&self, clue: &Clue) -> Chess {
        let mut out = self.clone();
        drop_given(&mut out.given, clue);
        out
    }

    fn edit_kinds(&self) -> Vec<EditKind> {
        use EditKind::*;
        if self.moves_boundaries() {
            vec![MoveBoundary, AddGiven, Block]
        } else {
            vec![AddGiven, Block]
        }
    }

    /// No piece allowed or a piece given where solutions differ, then, for
    /// coloured chess on a square board, every boundary move.
    fn repair_edits(&self, seen: &Seen) -> Vec<Edit<Chess>> {
        let cols = self.cols;
        let mut out = Vec::new();
        for &cell in seen.differing {
            let (r, c) = (cell / cols, cell % cols);
            for v in [false, true] {
                let mut q = self.clone();
                let (kind, description) = if v {
                    q.given.push((r, c));
                    (EditKind::AddGiven, format!("give a piece at {}", at(cell, cols)))
                } else {
                    q.pieces[cell] = None;
                    (EditKind::Block, format!("allow no piece at {}", at(cell, cols)))
                };
                out.push(Edit {
                    kind,
                    description,
                    cells: vec![(r, c)],
                    puzzle: q,
                });
            }
        }
        if self.moves_boundaries() {
            out.extend(boundary_moves(&self.regions, self.rows, |regions| Chess {
                regions,
                ..self.clone()
            }));
        }
        out
    }
}

impl FamilyType for Chess {
    const KEYWORDS: &'static [(&'static str, &'static str)] = &[("chess", "Coloured or Max Chess Pieces")];
    const TITLES: &'static [(&'static str, &'static str)] = &[("chess", "Coloured chess"), ("max chess", "Max chess")];

    fn parse(s: &Sections) -> Result<Chess, String> {
        Chess::parse(s)
    }

    fn blank_body(_keyword: &str, rows: usize, cols: usize) -> String {
        format!("goal max\npieces\n{}", filled_grid(rows, cols, "Q"))
    }
}
