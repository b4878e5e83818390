//! Answers as text: one symbol per cell, the way `fleetscope puzzle solve`
//! prints them and `fleetscope puzzle check` reads them back.

use super::Puzzle;
use super::vocab::CellMark;
use crate::geometry::BinaryMatrix;

/// The symbol of a cell: its 1 (queen, tent, piece, kept number, ship) or its 0.
fn symbol(p: &Puzzle, r: usize, c: usize, one: bool) -> char {
    p.as_look().answer_symbol(r, c, one)
}

/// The answer grid, one line per row, symbols separated by spaces.
pub fn answer_text(p: &Puzzle, grid: &BinaryMatrix) -> String {
    let mut out = String::new();
    for r in 0..grid.rows() {
        let line: Vec<String> = (0..grid.cols())
            .map(|c| symbol(p, r, c, grid.get(r, c)).to_string())
            .collect();
        out += &line.join(" ");
        out.push('\n');
    }
    out
}

/// Reads an answer: `1 # * Q A X` and upper-case piece letters are a 1; `0 .
/// - _ ~ T`, spaces between symbols and lower-case letters are a 0.
pub fn parse_answer(text: &str, rows: usize, cols: usize) -> Result<BinaryMatrix, String> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
        .collect();
    if lines.len() != rows {
        return Err(format!(
            "the answer has {}, the puzzle {rows}",
            crate::quote::count(lines.len() as u128, "row", "rows")
        ));
    }
    let mut m = BinaryMatrix::zeros(rows, cols);
    for (r, (n, line)) in lines.iter().enumerate() {
        // Symbols are either packed ("Q..A") or separated by single spaces ("Q . . A").
        let chars: Vec<char> = line.chars().collect();
        let spaced = chars.len() == 2 * cols - 1 && chars.iter().skip(1).step_by(2).all(|&c| c == ' ');
        let cells: Vec<char> = if spaced {
            chars.iter().step_by(2).copied().collect()
        } else {
            chars.iter().copied().filter(|c| !c.is_whitespace()).collect()
        };
        if cells.len() != cols {
            return Err(format!(
                "line {n}: {}, the puzzle has {}",
                crate::quote::count(cells.len() as u128, "cell", "cells"),
                crate::quote::count(cols as u128, "column", "columns")
            ));
        }
        for (c, &ch) in cells.iter().enumerate() {
            let one = match ch {
                '1' | '#' | '*' | 'Q' | 'A' | 'X' | 'R' | 'B' | 'N' | 'K' => true,
                '0' | '.' | '-' | '_' | '~' | 'T' => false,
                c if c.is_ascii_lowercase() => false,
                other => {
                    return Err(format!(
                        "line {n}: '{other}' is neither a 1 (1 # * Q A X R B N K) nor a 0 (0 . - _ ~ T)"
                    ));
                }
            };
            m.set(r, c, one);
        }
    }
    Ok(m)
}

/// The numbers along the edges as a person reads them: the counts or targets
/// of each row and column (empty strings where the puzzle has none).
pub fn edge_labels(p: &Puzzle) -> (Vec<String>, Vec<String>) {
    p.as_look().edge_labels()
}

/// The mark of every cell (row-major) and the region of every cell (empty
/// when the puzzle has no regions).
pub fn cell_marks(p: &Puzzle) -> (Vec<CellMark>, Vec<Option<u16>>) {
    p.as_look().cell_marks()
}

/// The '=' and 'x' links of a Binary puzzle as (cell a, cell b, opposite).
pub fn links(p: &Puzzle) -> Vec<((usize, usize), (usize, usize), bool)> {
    p.as_look().links()
}
