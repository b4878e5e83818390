//! The puzzle families and one type over all of them: parse and write the text
//! form, build the rules, check an answer, solve exactly, build the QUBO.

pub mod bimaru;
pub mod binary;
pub mod chess;
pub mod queens;
mod queens_dlx;
pub mod rullo;
pub mod tents;

use super::exact::{ExactRequest, ExactResult, solve_model_pruned};
use super::model::{PuzzleModel, Violation};
use super::qubo::{Elimination, PuzzleQubo, build_qubo};
use super::text::Sections;
use super::{BattleshipPuzzle, PuzzleError};
use crate::geometry::BinaryMatrix;
use crate::qubo::{PinMode, Qubo, XrayModel};
use crate::run::{CancelFlag, Cancelled};
use binary::BinaryPuzzle;
use chess::{Chess, ChessGoal};
use queens::Queens;
use rullo::Rullo;
use serde::{Deserialize, Serialize};
use tents::Tents;

/// A puzzle of any family.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Puzzle {
    Rullo(Rullo),
    /// Queens, N-queens, Star Battle and their generalisations.
    Queens(Queens),
    Tents(Tents),
    Chess(Chess),
    /// Takuzu, Binairo, Tango and their generalisations.
    Binary(BinaryPuzzle),
    Battleship(BattleshipPuzzle),
}

/// The keywords that start a puzzle text, with what they mean.
pub const FAMILIES: &[(&str, &str)] = &[
    ("rullo", "Rullo: keep numbers so rows and columns hit their targets"),
    (
        "queens",
        "LinkedIn Queens and generalisations (counts, diagonals, wrap, holes)",
    ),
    ("n-queens", "the N-queens problem (whole diagonals, no regions)"),
    (
        "star-battle",
        "Star Battle: q stars per row, column and region, never touching",
    ),
    ("tents", "Tents & Trees"),
    ("chess", "Coloured or Max Chess Pieces"),
    ("takuzu", "Takuzu: balanced lines, no three alike, no two equal lines"),
    ("binairo", "Binairo: as Takuzu but lines may repeat"),
    ("tango", "LinkedIn Tango: Binairo with '=' and 'x' links"),
    ("battleship", "Battleship (Bimaru): ships from row and column counts"),
];

/// Grid keywords of the text forms (followed by one line per row).
const GRIDS: &[&str] = &["regions", "grid", "pieces", "numbers"];

/// A QUBO of a puzzle and how to read its states back as grids.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleQuboModel {
    Grid(PuzzleQubo),
    /// Battleship puzzles: the X-ray QUBO with the givens pinned.
    Xray(XrayModel),
    /// Battleship puzzles: one variable per ship placement (every rule a term).
    Placements(super::placement_qubo::PlacementQubo),
}

impl PuzzleQuboModel {
    pub fn qubo(&self) -> &Qubo {
        match self {
            PuzzleQuboModel::Grid(g) => &g.qubo,
            PuzzleQuboModel::Xray(x) => &x.qubo,
            PuzzleQuboModel::Placements(p) => &p.qubo,
        }
    }

    pub fn decode(&self, x: &[u8]) -> BinaryMatrix {
        match self {
            PuzzleQuboModel::Grid(g) => g.decode(x),
            PuzzleQuboModel::Xray(m) => m.decode(x),
            PuzzleQuboModel::Placements(p) => p.decode(x),
        }
    }

    pub fn encode(&self, m: &BinaryMatrix) -> Vec<u8> {
        match self {
            PuzzleQuboModel::Grid(g) => g.encode(m),
            PuzzleQuboModel::Xray(x) => x.encode(m),
            PuzzleQuboModel::Placements(p) => p.encode(m),
        }
    }
}

/// Options of the QUBO.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuboOptions {
    pub elimination: Elimination,
    /// ε of the X-ray QUBO (Battleship).
    pub epsilon: f64,
    /// Battleship puzzles whose ships never touch: also a penalty of this weight
    /// for every two diagonal neighbours both ship. Every fleet keeps its
    /// energy; a state without such pairs is a set of straight ships apart from
    /// each other (a bend or a diagonal contact always makes one). Not in the
    /// paper's model: `None` leaves the X-ray QUBO as it is.
    pub diagonal_penalty: Option<f64>,
    /// Battleship puzzles: the placement QUBO (`placement_qubo`) instead of the
    /// X-ray QUBO.
    pub placements: bool,
}

impl Default for QuboOptions {
    fn default() -> Self {
        QuboOptions {
            elimination: Elimination::Givens,
            epsilon: crate::qubo::DEFAULT_EPSILON,
            diagonal_penalty: None,
            placements: false,
        }
    }
}

impl Puzzle {
    /// The family keyword (as in the text form).
    pub fn family(&self) -> &'static str {
        match self {
            Puzzle::Rullo(_) => "rullo",
            Puzzle::Queens(q) if q.no_touch && q.diagonal == 0 => "star-battle",
            Puzzle::Queens(q) if q.diagonal == queens::FULL && q.regions.is_empty() => "n-queens",
            Puzzle::Queens(_) => "queens",
            Puzzle::Tents(_) => "tents",
            Puzzle::Chess(c) if c.goal == ChessGoal::Max => "max chess",
            Puzzle::Chess(_) => "chess",
            Puzzle::Binary(b) => b.family(),
            Puzzle::Battleship(_) => "battleship",
        }
    }

    pub fn size(&self) -> (usize, usize) {
        match self {
            Puzzle::Rullo(p) => (p.rows(), p.cols()),
            Puzzle::Queens(p) => (p.rows, p.cols),
            Puzzle::Tents(p) => (p.rows, p.cols),
            Puzzle::Chess(p) => (p.rows, p.cols),
            Puzzle::Binary(p) => (p.rows, p.cols),
            Puzzle::Battleship(p) => (p.rows, p.cols),
        }
    }

    /// Reads the text form; errors name the line.
    pub fn parse(text: &str) -> Result<Puzzle, String> {
        let s = Sections::parse(text, GRIDS)?;
        let p = match s.family.as_str() {
            "rullo" => Puzzle::Rullo(Rullo::parse(&s)?),
            "queens" | "n-queens" | "star-battle" => Puzzle::Queens(Queens::parse(&s)?),
            "tents" => Puzzle::Tents(Tents::parse(&s)?),
            "chess" => Puzzle::Chess(Chess::parse(&s)?),
            "takuzu" | "binairo" | "tango" => Puzzle::Binary(BinaryPuzzle::parse(&s)?),
            "battleship" => Puzzle::Battleship(bimaru::parse(&s)?),
            other => {
                let names: Vec<&str> = FAMILIES.iter().map(|f| f.0).collect();
                return Err(format!("'{other}' is not a puzzle family ({})", names.join(", ")));
            }
        };
        s.finish()?;
        p.validate()?;
        Ok(p)
    }

    pub fn to_text(&self) -> String {
        match self {
            Puzzle::Rullo(p) => p.to_text(),
            Puzzle::Queens(p) => p.to_text(),
            Puzzle::Tents(p) => p.to_text(),
            Puzzle::Chess(p) => p.to_text(),
            Puzzle::Binary(p) => p.to_text(),
            Puzzle::Battleship(p) => bimaru::to_text(p),
        }
    }

    /// Checks sizes and references (a session or text may hold anything).
    pub fn validate(&self) -> Result<(), String> {
        match self {
            Puzzle::Battleship(p) => p.validate().map_err(|e| e.to_string()),
            other => other.model().map(|_| ()),
        }
    }

    /// The rules as a grid model (not for Battleship, whose fleet is not linear).
    pub fn model(&self) -> Result<PuzzleModel, String> {
        match self {
            Puzzle::Rullo(p) => p.model(),
            Puzzle::Queens(p) => p.model(),
            Puzzle::Tents(p) => p.model(),
            Puzzle::Chess(p) => p.model(),
            Puzzle::Binary(p) => p.model(),
            Puzzle::Battleship(_) => Err("Battleship puzzles have no grid model: they use the X-ray QUBO".into()),
        }
    }

    /// The rules that are not linear, on a complete grid.
    fn extra_violations(&self, grid: &BinaryMatrix) -> Vec<Violation> {
        match self {
            Puzzle::Tents(t) => t.pairing_violations(grid),
            Puzzle::Binary(b) => b.repeated_lines(grid),
            _ => Vec::new(),
        }
    }

    /// Every rule an answer breaks (empty: the answer is a solution; for Max
    /// Chess, a valid placement, optimal or not).
    pub fn violations(&self, grid: &BinaryMatrix) -> Result<Vec<Violation>, String> {
        let (rows, cols) = self.size();
        if (grid.rows(), grid.cols()) != (rows, cols) {
            return Err(format!(
                "the answer is {}x{} but the puzzle is {rows}x{cols}",
                grid.rows(),
                grid.cols()
            ));
        }
        if let Puzzle::Battleship(p) = self {
            return Ok(bimaru::violations(p, grid));
        }
        let mut v = self.model()?.violations(grid);
        v.extend(self.extra_violations(grid));
        Ok(v)
    }

    /// Counts the solutions exactly (dancing links for LinkedIn-style Queens,
    /// the Bimaru search for Battleship, propagation and search otherwise).
    /// Max Chess: the puzzle asks for a best answer, not just a valid one.
    pub fn has_objective(&self) -> bool {
        matches!(self, Puzzle::Chess(c) if c.goal == ChessGoal::Max)
    }

    pub fn solve_exact(&self, req: ExactRequest, cancel: &CancelFlag) -> Result<ExactResult, String> {
        let cancelled = |_: Cancelled| "cancelled".to_string();
        match self {
            Puzzle::Battleship(p) => {
                let limit = req.limit.min(10_000_000) as usize;
                let s = super::solve(p, req.keep, limit, cancel).map_err(|e| match e {
                    PuzzleError::Cancelled(_) => "cancelled".to_string(),
                    other => other.to_string(),
                })?;
                let count = s.matrices.unwrap_or(u128::MAX);
                Ok(ExactResult {
                    count: count.min(u64::MAX as u128) as u64,
                    stopped_at_limit: s.matrices.is_none(),
                    examples: s.examples,
                    best: None,
                    nodes: 0,
                })
            }
            Puzzle::Queens(q) if q.is_exact_cover() => queens_dlx::solve(q, req, cancel),
            other => {
                let mut model = other.model()?;
                if let Puzzle::Queens(q) = other {
                    model.constraints.extend(q.implied_constraints());
                }
                let filter = |g: &BinaryMatrix| other.extra_violations(g).is_empty();
                let tents_pairing = |cells: &[Option<bool>]| match other {
                    Puzzle::Tents(t) => t.pairing_possible(cells),
                    _ => true,
                };
                let partial: Option<&dyn Fn(&[Option<bool>]) -> bool> =
                    matches!(other, Puzzle::Tents(_)).then_some(&tents_pairing);
                solve_model_pruned(&model, &filter, partial, req, cancel).map_err(cancelled)
            }
        }
    }

    /// The paper's QUBO (the X-ray QUBO for Battleship).
    pub fn qubo(&self, options: QuboOptions) -> Result<PuzzleQuboModel, String> {
        match self {
            Puzzle::Battleship(p) if options.placements => Ok(PuzzleQuboModel::Placements(
                super::placement_qubo::PlacementQubo::build(p)?,
            )),
            Puzzle::Battleship(p) => {
                let pin_mode = match options.elimination {
                    Elimination::Givens | Elimination::Forced => PinMode::Eliminate,
                };
                let spec = bimaru::xray_spec(p, options.epsilon, pin_mode)?;
                let mut model = XrayModel::build(spec)?;
                if let Some(w) = options.diagonal_penalty
                    && !(w > 0.0 && w <= 1e6)
                {
                    return Err(format!("the diagonal penalty must be in (0, 1e6], not {w}"));
                }
                // Ships that may touch can meet diagonally: no term then.
                if let Some(w) = options
                    .diagonal_penalty
                    .filter(|_| p.rule == crate::geometry::TouchRule::NoTouch)
                {
                    let pairs: Vec<_> = (0..p.rows.saturating_sub(1))
                        .flat_map(|r| {
                            (0..p.cols).flat_map(move |c| {
                                [(c > 0).then(|| c - 1), (c + 1 < p.cols).then_some(c + 1)]
                                    .into_iter()
                                    .flatten()
                                    .map(move |d| ((r, c), (r + 1, d)))
                            })
                        })
                        .collect();
                    model.add_pair_penalties(&pairs, w)?;
                }
                Ok(PuzzleQuboModel::Xray(model))
            }
            other => Ok(PuzzleQuboModel::Grid(build_qubo(&other.model()?, options.elimination)?)),
        }
    }
}
