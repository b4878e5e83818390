//! The edits a person makes on a puzzle's grid in the Puzzles room: paint a
//! region, cut a hole, place a given, a tree, a number or a piece, link two
//! cells with '=' or 'x'; and blank puzzles of every family to start from.

use super::Puzzle;
use super::vocab::Tool;

/// The kinds of tool that fit a puzzle (regions and numbers stand for every value).
pub fn tools(p: &Puzzle) -> Vec<Tool> {
    p.tools()
}

/// Applies a tool to a cell (0-based). Links are made with [`toggle_link`].
pub fn apply(p: &mut Puzzle, tool: Tool, (r, c): (usize, usize)) -> Result<(), String> {
    let (rows, cols) = p.size();
    if r >= rows || c >= cols {
        return Err(format!(
            "{} is outside the {rows}x{cols} board",
            crate::puzzle::model::row_col(r, c)
        ));
    }
    p.apply_tool(tool, (r, c))
}

/// Adds a '=' or 'x' link between two cells (Binary puzzles), or removes the
/// link that is there. The cells need not be neighbours (long-distance links).
pub fn toggle_link(p: &mut Puzzle, a: (usize, usize), b: (usize, usize), opposite: bool) -> Result<(), String> {
    let (rows, cols) = p.size();
    if a == b {
        return Err("a link joins two different cells".into());
    }
    if a.0 >= rows || a.1 >= cols || b.0 >= rows || b.1 >= cols {
        return Err("both linked cells must be on the board".into());
    }
    p.toggle_link(a, b, opposite)
}

/// A blank puzzle of a family (a key of [`super::FAMILIES`]) to edit.
pub fn blank(family: &str, rows: usize, cols: usize) -> Result<Puzzle, String> {
    Puzzle::blank(family, rows, cols)
}

/// The clues along the edges (and Battleship's fleet) as typed text, by the
/// keyword of the text form: what the editor shows in its clue fields.
pub fn clues(p: &Puzzle) -> Vec<(&'static str, String)> {
    p.clue_fields()
}

/// The puzzle with one clue line replaced (as in the text form: "2 1 3", "1+",
/// "-"); the error names the line as the text form reads it.
pub fn set_clue(p: &Puzzle, keyword: &str, values: &str) -> Result<Puzzle, String> {
    if !clues(p).iter().any(|(k, _)| *k == keyword) {
        return Err(format!("{} has no `{keyword}` clue", p.family()));
    }
    if values.contains('\n') {
        return Err("a clue is one line".into());
    }
    let mut text: String = p
        .to_text()
        .lines()
        .filter(|l| !l.starts_with(&format!("{keyword} ")) && *l != keyword)
        .map(|l| format!("{l}\n"))
        .collect();
    text += &format!("{keyword} {}\n", values.trim());
    // The message names a line of the text form; the person typed one field.
    Puzzle::parse(&text).map_err(|e| {
        let e = e.to_string();
        let plain = match e.split_once(": ") {
            Some((line, rest)) if line.starts_with("line ") => rest.to_string(),
            _ => e,
        };
        // The text form's message may already name the clue.
        if plain.starts_with(&format!("`{keyword}`")) {
            plain
        } else {
            format!("`{keyword}`: {plain}")
        }
    })
}
