//! Fleets sharing an X-ray: the exact puzzle solver with every target known.

use super::XRay;
use super::margins::count_matrices_u128;
use crate::geometry::BinaryMatrix;
use crate::geometry::TouchRule;
use crate::puzzle::{BattleshipPuzzle, Given, PuzzleError, solve};
use crate::run::CancelFlag;

/// How many fleets (distinct matrices, and labelled) share an X-ray, and |U|.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedXRay {
    pub fleet_matrices: u128,
    pub labelled_fleets: u128,
    /// |U(r, c)| when it fits in u128.
    pub all_matrices: Option<u128>,
    pub examples: Vec<BinaryMatrix>,
}

impl SharedXRay {
    /// Fleet matrices / |U(r, c)|.
    pub fn density(&self) -> Option<f64> {
        self.all_matrices
            .filter(|&u| u > 0)
            .map(|u| self.fleet_matrices as f64 / u as f64)
    }
}

/// Straight ships of `lengths` whose occupied cells have the X-ray `x`, with no
/// ship on the `islands` cells (row, column), and |U(r, c)|.
pub fn fleets_with_xray(
    x: &XRay,
    lengths: &[usize],
    islands: &[(usize, usize)],
    rule: TouchRule,
    examples: usize,
    cancel: &CancelFlag,
) -> Result<SharedXRay, PuzzleError> {
    // |U| stops with the rest on a cancel (on a large X-ray it is the long part).
    let all_matrices = count_matrices_u128(x, Some(cancel)).map_err(PuzzleError::Cancelled)?;
    fleets_with_xray_counted(x, all_matrices, lengths, islands, rule, examples, cancel)
}

/// [`fleets_with_xray`] for a caller that has counted |U(r, c)| already
/// (`all_matrices`, when it fits in u128), so it is not counted twice.
pub fn fleets_with_xray_counted(
    x: &XRay,
    all_matrices: Option<u128>,
    lengths: &[usize],
    islands: &[(usize, usize)],
    rule: TouchRule,
    examples: usize,
    cancel: &CancelFlag,
) -> Result<SharedXRay, PuzzleError> {
    let p = BattleshipPuzzle {
        rows: x.rows.len(),
        cols: x.cols.len(),
        ships: lengths.to_vec(),
        row_targets: x.rows.iter().map(|&v| Some(v)).collect(),
        col_targets: x.cols.iter().map(|&v| Some(v)).collect(),
        givens: islands.iter().map(|&(r, c)| (r, c, Given::Water)).collect(),
        rule,
    };
    let s = solve(&p, examples, usize::MAX, cancel)?;
    Ok(SharedXRay {
        fleet_matrices: s.matrices.unwrap_or(0),
        labelled_fleets: s.labelled,
        all_matrices,
        examples: s.examples,
    })
}

/// The islands of a square board as (row, column) cells, for [`fleets_with_xray`].
pub fn island_cells(board: &crate::geometry::Board) -> Vec<(usize, usize)> {
    board.islands.iter().map(|c| (c.0 as usize, c.1 as usize)).collect()
}
