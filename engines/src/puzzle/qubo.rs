//! A [`PuzzleModel`] as the QUBO of "A QUBO Formulation for the Generalized
//! LinkedIn Queens and Takuzu/Tango Game": a squared penalty `(t − Σx)²` per
//! count (the fractional `(q + ½ − Σx)²` for "q or q + 1"), `x_a·x_b` per
//! "not both" pair, fixed cells and linked chains substituted, and the
//! constants kept, so a solution has exactly the ground energy the paper
//! states (½(NM − N − M) for Takuzu/Tango, N_t/4 for Tents). Also what every
//! family's QUBO is ([`PuzzleQuboModel`]: this grid form, or one of Battleship's)
//! and its options.

use super::exact::forced_values;
use super::model::{CellValue, Constraint, Lowered, PuzzleModel};
use crate::geometry::BinaryMatrix;
use crate::qubo::{Qubo, QuboBuilder, XrayModel};

/// The QUBO of a puzzle and how its variables map back to cells.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleQubo {
    pub qubo: Qubo,
    pub lowered: Lowered,
    pub rows: usize,
    pub cols: usize,
    /// The weight λ of the "not both" pairs when the model maximises (Max
    /// Chess Pieces); 1 otherwise.
    pub penalty: f64,
}

impl PuzzleQubo {
    pub fn decode(&self, x: &[u8]) -> BinaryMatrix {
        self.lowered.decode(self.rows, self.cols, x)
    }

    pub fn encode(&self, m: &BinaryMatrix) -> Vec<u8> {
        self.lowered.encode(m)
    }

    /// The energy of a grid (cells that contradict fixed values or links are
    /// read from each chain's first cell).
    pub fn energy_of(&self, m: &BinaryMatrix) -> f64 {
        self.qubo.energy(&self.encode(m))
    }
}

/// How much of the puzzle is solved before the QUBO is built.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Elimination {
    /// Given cells and links only (the paper's variable count).
    #[default]
    Givens,
    /// Also every cell the rules force without search (the paper's
    /// pre-processing, e.g. Takuzu §3.2, generalised).
    Forced,
}

/// `a + b·x_var` for a cell, or a constant.
fn affine(v: CellValue) -> (f64, Option<(usize, f64)>) {
    match v {
        CellValue::Fixed(b) => (b as u8 as f64, None),
        CellValue::Var { var, neg: false } => (0.0, Some((var as usize, 1.0))),
        CellValue::Var { var, neg: true } => (1.0, Some((var as usize, -1.0))),
    }
}

/// λ for maximising: a piece that breaks k ≥ 1 "not both" pairs costs at least
/// λ more than it earns, so with λ above the largest weight a threat never pays.
pub fn max_penalty(model: &PuzzleModel) -> f64 {
    let top = model.objective.iter().map(|(_, w)| w.abs()).fold(0.0, f64::max);
    top + 1.0
}

/// Why the paper's QUBO of this model cannot be built, before building it:
/// links that contradict each other, or a count with a range wider than
/// "q or q + 1" (slack variables are not built). [`build_qubo`] asks it
/// first, so a caller can hold back a QUBO that would be refused.
pub fn qubo_refusal(model: &PuzzleModel) -> Option<String> {
    if let Err(e) = model.lower() {
        return Some(e);
    }
    model.constraints.iter().find_map(|c| match c {
        Constraint::Sum { lo, hi, what, .. } => sum_refusal(*lo, *hi, what),
        Constraint::NotBoth { .. } => None,
    })
}

/// The penalty's target `t` of `(t − Σx)²`: the count, or the fractional
/// `q + ½` for "q or q + 1"; `None` for a wider range.
fn sum_target(lo: i64, hi: i64) -> Option<f64> {
    if hi == lo {
        Some(lo as f64)
    } else if hi == lo + 1 {
        Some(lo as f64 + 0.5)
    } else {
        None
    }
}

fn sum_refusal(lo: i64, hi: i64, what: &str) -> Option<String> {
    sum_target(lo, hi).is_none().then(|| {
        format!(
            "{what} allows {lo} to {hi}: a QUBO needs an exact count or \"q or q + 1\" (slack variables are not built)"
        )
    })
}

/// Builds the QUBO of a puzzle.
pub fn build_qubo(model: &PuzzleModel, elimination: Elimination) -> Result<PuzzleQubo, String> {
    if let Some(why) = qubo_refusal(model) {
        return Err(why);
    }
    let mut lowered = model.lower()?;
    if elimination == Elimination::Forced {
        let forced = forced_values(model, &lowered)
            .ok_or_else(|| "the rules contradict each other before any search".to_string())?;
        // Renumber: forced variables become fixed cells.
        let mut new_var = vec![u32::MAX; lowered.vars()];
        let mut var_cells = Vec::new();
        for (v, f) in forced.iter().enumerate() {
            if f.is_none() {
                new_var[v] = var_cells.len() as u32;
                var_cells.push(lowered.var_cells[v]);
            }
        }
        for c in lowered.cells.iter_mut() {
            if let CellValue::Var { var, neg } = *c {
                *c = match forced[var as usize] {
                    Some(val) => CellValue::Fixed(val != neg),
                    None => CellValue::Var {
                        var: new_var[var as usize],
                        neg,
                    },
                };
            }
        }
        lowered.var_cells = var_cells;
    }
    let penalty = if model.objective.is_empty() {
        1.0
    } else {
        max_penalty(model)
    };
    let mut b = QuboBuilder::new(lowered.vars());
    for c in &model.constraints {
        match c {
            Constraint::Sum { terms, lo, hi, what } => {
                // Every range was checked by `qubo_refusal` above.
                let target = sum_target(*lo, *hi).ok_or_else(|| sum_refusal(*lo, *hi, what).unwrap_or_default())?;
                let mut constant = 0.0;
                let mut vars = Vec::with_capacity(terms.len());
                for &(cell, w) in terms {
                    let (a, lin) = affine(lowered.cells[cell]);
                    constant += w as f64 * a;
                    if let Some((v, s)) = lin {
                        vars.push((v, w as f64 * s));
                    }
                }
                b.add_squared(1.0, &vars, target - constant);
            }
            Constraint::NotBoth {
                a, b: other, weight, ..
            } => {
                let w = weight * penalty;
                let (a0, al) = affine(lowered.cells[*a]);
                let (b0, bl) = affine(lowered.cells[*other]);
                b.add_offset(w * a0 * b0);
                if let Some((v, s)) = al {
                    b.add_linear(v, w * s * b0);
                }
                if let Some((v, s)) = bl {
                    b.add_linear(v, w * s * a0);
                }
                if let (Some((u, su)), Some((v, sv))) = (al, bl) {
                    b.add_coupler(u, v, w * su * sv);
                }
            }
        }
    }
    for &(cell, w) in &model.objective {
        let (a, lin) = affine(lowered.cells[cell]);
        b.add_offset(-w * a);
        if let Some((v, s)) = lin {
            b.add_linear(v, -w * s);
        }
    }
    Ok(PuzzleQubo {
        qubo: b.build()?,
        lowered,
        rows: model.rows,
        cols: model.cols,
        penalty,
    })
}

/// A QUBO of a puzzle and how to read its states back as grids.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleQuboModel {
    Grid(PuzzleQubo),
    /// Battleship puzzles: the X-ray QUBO with the givens pinned.
    Xray(XrayModel),
    /// Battleship puzzles: one variable per ship placement (every rule a term).
    Placements(crate::puzzle::battleship::placement_qubo::PlacementQubo),
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

/// Options of the QUBO (part of a solve request: an unknown field is refused).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
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
