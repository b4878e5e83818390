//! Answers as text: one symbol per cell, the way `fleetscope puzzle solve`
//! prints them and `fleetscope puzzle check` reads them back.

use super::Puzzle;
use crate::geometry::BinaryMatrix;

/// The symbol of a cell: its 1 (queen, tent, piece, kept number, ship) or its 0.
fn symbol(p: &Puzzle, r: usize, c: usize, one: bool) -> char {
    let cols = p.size().1;
    match p {
        Puzzle::Queens(q) if one && q.no_touch => '*',
        Puzzle::Queens(_) if one => 'Q',
        Puzzle::Queens(q) if q.holes.contains(&(r, c)) => '_',
        Puzzle::Tents(t) if t.trees.contains(&(r, c)) => 'T',
        Puzzle::Tents(_) if one => 'A',
        Puzzle::Chess(ch) => match ch.pieces[r * cols + c] {
            Some(piece) if one => piece.letter(),
            Some(_) => '.',
            None => '_',
        },
        Puzzle::Binary(_) => {
            if one {
                '1'
            } else {
                '0'
            }
        }
        _ if one => '#',
        _ => '.',
    }
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
        return Err(format!("the answer has {} rows, the puzzle {rows}", lines.len()));
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
                "line {n}: {} cells, the puzzle has {cols} columns",
                cells.len()
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
    use super::CountSpec;
    let counts = |v: &[CountSpec]| -> Vec<String> {
        v.iter()
            .map(|c| match c {
                CountSpec::Free => String::new(),
                c => c.to_text(),
            })
            .collect()
    };
    let (rows, cols) = p.size();
    let blank = || (vec![String::new(); rows], vec![String::new(); cols]);
    match p {
        Puzzle::Rullo(x) => (
            x.row_targets.iter().map(u32::to_string).collect(),
            x.col_targets.iter().map(u32::to_string).collect(),
        ),
        Puzzle::Queens(q) => {
            let plain = |v: &[CountSpec]| v.iter().all(|c| *c == CountSpec::Exactly(1));
            if plain(&q.row_counts) && plain(&q.col_counts) {
                blank()
            } else {
                (counts(&q.row_counts), counts(&q.col_counts))
            }
        }
        Puzzle::Tents(t) => (counts(&t.row_counts), counts(&t.col_counts)),
        Puzzle::Binary(b) => {
            let half = |v: &[CountSpec], n: usize| v.iter().all(|c| *c == CountSpec::Exactly(n as u32 / 2));
            if half(&b.row_ones, cols) && half(&b.col_ones, rows) {
                blank()
            } else {
                (counts(&b.row_ones), counts(&b.col_ones))
            }
        }
        Puzzle::Battleship(s) => {
            let t = |v: &[Option<u32>]| v.iter().map(|x| x.map_or(String::new(), |n| n.to_string())).collect();
            (t(&s.row_targets), t(&s.col_targets))
        }
        Puzzle::Chess(_) => blank(),
    }
}

/// What stands in a cell of the puzzle itself (before any answer).
#[derive(Clone, Debug, PartialEq)]
pub enum CellMark {
    Empty,
    /// Not part of the board.
    Hole,
    Number(u32),
    Tree,
    /// The piece the cell allows, and whether it is pre-placed.
    Piece(char, bool),
    /// A pre-placed queen or star.
    GivenOne,
    /// A given 0 or 1 (Binary).
    Digit(bool),
    /// A given Battleship cell (its letter: x water, * ship, o n s w e m).
    Ship(char),
}

/// The mark of every cell (row-major) and the region of every cell (empty
/// when the puzzle has no regions).
pub fn cell_marks(p: &Puzzle) -> (Vec<CellMark>, Vec<Option<u16>>) {
    let (rows, cols) = p.size();
    let mut marks = vec![CellMark::Empty; rows * cols];
    let mut regions = Vec::new();
    let at = |r: usize, c: usize| r * cols + c;
    match p {
        Puzzle::Rullo(x) => {
            for (r, row) in x.values.iter().enumerate() {
                for (c, &v) in row.iter().enumerate() {
                    marks[at(r, c)] = CellMark::Number(v);
                }
            }
        }
        Puzzle::Queens(q) => {
            regions = q
                .regions
                .iter()
                .map(|&k| (k != super::families::queens::NO_REGION).then_some(k))
                .collect();
            for &(r, c) in &q.holes {
                marks[at(r, c)] = CellMark::Hole;
            }
            for &(r, c) in &q.given {
                marks[at(r, c)] = CellMark::GivenOne;
            }
        }
        Puzzle::Tents(t) => {
            for &(r, c) in &t.trees {
                marks[at(r, c)] = CellMark::Tree;
            }
        }
        Puzzle::Chess(ch) => {
            regions = ch.regions.iter().map(|&k| Some(k)).collect();
            for (i, piece) in ch.pieces.iter().enumerate() {
                marks[i] = match piece {
                    Some(pc) => CellMark::Piece(pc.letter(), ch.given.contains(&(i / cols, i % cols))),
                    None => CellMark::Hole,
                };
            }
        }
        Puzzle::Binary(b) => {
            regions = b.regions.iter().map(|&k| Some(k)).collect();
            for &(r, c, v) in &b.givens {
                marks[at(r, c)] = CellMark::Digit(v);
            }
        }
        Puzzle::Battleship(s) => {
            for &(r, c, g) in &s.givens {
                marks[at(r, c)] = CellMark::Ship(g.letter());
            }
        }
    }
    (marks, regions)
}

/// The '=' and 'x' links of a Binary puzzle as (cell a, cell b, opposite).
pub fn links(p: &Puzzle) -> Vec<((usize, usize), (usize, usize), bool)> {
    match p {
        Puzzle::Binary(b) => b.links.iter().map(|l| (l.a, l.b, l.opposite)).collect(),
        _ => Vec::new(),
    }
}
