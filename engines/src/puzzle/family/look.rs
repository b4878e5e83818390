//! How a family's puzzle looks: what its cells and edges show and how an
//! answer is drawn. The grid widget and the answer text ask this, never the
//! rules.

use super::Rules;
use crate::geometry::BinaryMatrix;
use crate::puzzle::vocab::{AnswerGlyph, CellMark};

/// What the grid and the answer text need of a family. Object safe:
/// `Puzzle::as_look` hands one out.
pub trait Look: Rules {
    /// The numbers along the edges as a person reads them (empty where none).
    fn edge_labels(&self) -> (Vec<String>, Vec<String>) {
        let (rows, cols) = self.size();
        (vec![String::new(); rows], vec![String::new(); cols])
    }
    /// What stands in each cell before any answer (row-major), and each cell's
    /// region (empty when the family has none).
    fn cell_marks(&self) -> (Vec<CellMark>, Vec<Option<u16>>);
    /// An answer's symbol in a cell, as `puzzle solve` prints it.
    fn answer_symbol(&self, _r: usize, _c: usize, one: bool) -> char {
        if one { '#' } else { '.' }
    }
    /// How the grid draws an answer.
    fn answer_glyph(&self) -> AnswerGlyph;
    /// For families whose answer is a fleet: which ship each cell of `grid`
    /// belongs to (ship number + 1, 0 for water), so ships that touch are drawn
    /// apart. `None` when the family has no ships or the grid is no fleet.
    fn ship_ids(&self, _grid: &BinaryMatrix) -> Option<Vec<u16>> {
        None
    }
    /// The '=' and 'x' links as (cell a, cell b, opposite).
    fn links(&self) -> Vec<((usize, usize), (usize, usize), bool)> {
        Vec::new()
    }
}
