//! The edits a person makes on a puzzle's grid in the Puzzles room: paint a
//! region, cut a hole, place a given, a tree, a number or a piece, link two
//! cells with '=' or 'x'; and blank puzzles of every family to start from.

use super::Puzzle;
use super::battleship::Given;
use super::families::chess::{ChessGoal, Piece};
use super::families::queens::NO_REGION;
use super::model::CountSpec;

/// What a click on a cell does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tool {
    /// Paint the cell into this region (Queens, Star Battle, Coloured Chess, Binary).
    Region(u16),
    /// Take the cell off the board or put it back (Queens).
    Hole,
    /// Cycle the cell's given: a queen or piece on and off; Binary: 0 → 1 → none;
    /// Battleship: water → ship → none.
    Given,
    /// Plant or remove a tree (Tents).
    Tree,
    /// The cell's number (Rullo).
    Number(u32),
    /// The piece the cell allows (Chess); `None`: nothing stands there.
    Piece(Option<Piece>),
    /// Link the cell to the one clicked before: '=' or 'x' (Binary), see [`toggle_link`].
    Link { opposite: bool },
}

impl Tool {
    pub fn label(self) -> String {
        match self {
            Tool::Region(k) => format!("region {}", region_letter(k)),
            Tool::Hole => "hole".into(),
            Tool::Given => "given".into(),
            Tool::Tree => "tree".into(),
            Tool::Number(n) => format!("number {n}"),
            Tool::Piece(Some(p)) => format!("piece {}", p.letter()),
            Tool::Piece(None) => "no piece".into(),
            Tool::Link { opposite: false } => "= link".into(),
            Tool::Link { opposite: true } => "x link".into(),
        }
    }
}

/// The letter a region has in the text form.
pub fn region_letter(k: u16) -> char {
    super::text::region_char(k as usize)
}

/// The kinds of tool that fit a puzzle (regions and numbers stand for every value).
pub fn tools(p: &Puzzle) -> Vec<Tool> {
    match p {
        Puzzle::Rullo(_) => vec![Tool::Number(1)],
        Puzzle::Queens(_) => vec![Tool::Region(0), Tool::Hole, Tool::Given],
        Puzzle::Tents(_) => vec![Tool::Tree],
        Puzzle::Chess(c) => {
            let mut t: Vec<Tool> = Piece::ALL.iter().map(|&p| Tool::Piece(Some(p))).collect();
            t.push(Tool::Piece(None));
            t.push(Tool::Given);
            if c.goal == ChessGoal::Coloured {
                t.push(Tool::Region(0));
            }
            t
        }
        Puzzle::Binary(_) => vec![
            Tool::Given,
            Tool::Link { opposite: false },
            Tool::Link { opposite: true },
            Tool::Region(0),
        ],
        Puzzle::Battleship(_) => vec![Tool::Given],
    }
}

fn toggle<T: PartialEq>(list: &mut Vec<T>, item: T) {
    match list.iter().position(|x| *x == item) {
        Some(i) => {
            list.remove(i);
        }
        None => list.push(item),
    }
}

/// Paints `cell` into region `k` in a row-major region list (creating the list
/// with every cell in region 0 when the puzzle had none).
fn paint(regions: &mut Vec<u16>, cells: usize, cell: usize, k: u16) {
    if regions.len() != cells {
        *regions = vec![0; cells];
    }
    regions[cell] = k;
}

/// Region counts follow the regions: one entry per region, new ones get `fill`.
fn fit_counts(counts: &mut Vec<CountSpec>, regions: &[u16], fill: CountSpec) {
    let k = regions
        .iter()
        .filter(|&&r| r != NO_REGION)
        .map(|&r| r as usize + 1)
        .max()
        .unwrap_or(0);
    counts.resize(k, fill);
}

/// Applies a tool to a cell (0-based). Links are made with [`toggle_link`].
pub fn apply(p: &mut Puzzle, tool: Tool, (r, c): (usize, usize)) -> Result<(), String> {
    let (rows, cols) = p.size();
    if r >= rows || c >= cols {
        return Err(format!("cell ({},{}) is outside the {rows}x{cols} board", r + 1, c + 1));
    }
    let cell = r * cols + c;
    match (p, tool) {
        (Puzzle::Rullo(x), Tool::Number(n)) => {
            if !(1..=999).contains(&n) {
                return Err(format!("a Rullo number is 1 to 999, not {n}"));
            }
            x.values[r][c] = n;
        }
        (Puzzle::Queens(q), Tool::Region(k)) => {
            paint(&mut q.regions, rows * cols, cell, k);
            q.holes.retain(|&h| h != (r, c));
            let fill = q.region_counts.first().copied().unwrap_or(CountSpec::Exactly(1));
            fit_counts(&mut q.region_counts, &q.regions, fill);
        }
        (Puzzle::Queens(q), Tool::Hole) => {
            toggle(&mut q.holes, (r, c));
            q.given.retain(|&g| g != (r, c));
            if q.regions.len() == rows * cols {
                q.regions[cell] = if q.holes.contains(&(r, c)) { NO_REGION } else { 0 };
            }
        }
        (Puzzle::Queens(q), Tool::Given) => {
            if q.holes.contains(&(r, c)) {
                return Err(format!("cell ({},{}) is a hole", r + 1, c + 1));
            }
            toggle(&mut q.given, (r, c));
        }
        (Puzzle::Tents(t), Tool::Tree) => toggle(&mut t.trees, (r, c)),
        (Puzzle::Chess(ch), Tool::Piece(piece)) => {
            ch.pieces[cell] = piece;
            if piece.is_none() {
                ch.given.retain(|&g| g != (r, c));
            }
        }
        (Puzzle::Chess(ch), Tool::Given) => {
            if ch.pieces[cell].is_none() {
                return Err(format!("cell ({},{}) allows no piece", r + 1, c + 1));
            }
            toggle(&mut ch.given, (r, c));
        }
        (Puzzle::Chess(ch), Tool::Region(k)) => paint(&mut ch.regions, rows * cols, cell, k),
        (Puzzle::Binary(b), Tool::Given) => {
            let now = b.givens.iter().position(|g| (g.0, g.1) == (r, c));
            match now.map(|i| (i, b.givens[i].2)) {
                None => b.givens.push((r, c, false)),
                Some((i, false)) => b.givens[i].2 = true,
                Some((i, true)) => {
                    b.givens.remove(i);
                }
            }
        }
        (Puzzle::Binary(b), Tool::Region(k)) => {
            paint(&mut b.regions, rows * cols, cell, k);
            let fill = b.region_ones.first().copied().unwrap_or(CountSpec::Free);
            fit_counts(&mut b.region_ones, &b.regions, fill);
        }
        (Puzzle::Battleship(s), Tool::Given) => {
            let now = s.givens.iter().position(|g| (g.0, g.1) == (r, c));
            match now.map(|i| (i, s.givens[i].2)) {
                None => s.givens.push((r, c, Given::Water)),
                Some((i, Given::Water)) => s.givens[i].2 = Given::Ship,
                Some((i, _)) => {
                    s.givens.remove(i);
                }
            }
        }
        (p, tool) => return Err(format!("the {} tool does not apply to {}", tool.label(), p.family())),
    }
    Ok(())
}

/// Adds a '=' or 'x' link between two cells of a Binary puzzle, or removes the
/// link that is there. The cells need not be neighbours (long-distance links).
pub fn toggle_link(p: &mut Puzzle, a: (usize, usize), b: (usize, usize), opposite: bool) -> Result<(), String> {
    let Puzzle::Binary(x) = p else {
        return Err(format!("{} has no links", p.family()));
    };
    if a == b {
        return Err("a link joins two different cells".into());
    }
    if a.0 >= x.rows || a.1 >= x.cols || b.0 >= x.rows || b.1 >= x.cols {
        return Err("both linked cells must be on the board".into());
    }
    let same = |l: &super::families::binary::BinaryLink| (l.a == a && l.b == b) || (l.a == b && l.b == a);
    match x.links.iter().position(same) {
        Some(i) if x.links[i].opposite == opposite => {
            x.links.remove(i);
        }
        Some(i) => x.links[i].opposite = opposite,
        None => x.links.push(super::families::binary::BinaryLink { a, b, opposite }),
    }
    Ok(())
}

/// A blank puzzle of a family (a key of [`super::FAMILIES`]) to edit.
pub fn blank(family: &str, rows: usize, cols: usize) -> Result<Puzzle, String> {
    let line = |n: usize, v: &str| vec![v; n].join(" ");
    let grid = |ch: &str| format!("{}\n", vec![ch.repeat(cols); rows].join("\n"));
    let body = match family {
        "rullo" => format!(
            "rows {}\ncols {}\nnumbers\n{}\n",
            line(rows, "0"),
            line(cols, "0"),
            vec![line(cols, "1"); rows].join("\n")
        ),
        "queens" | "n-queens" | "takuzu" | "binairo" | "tango" => String::new(),
        "star-battle" => "stars 1\n".into(),
        "tents" => format!(
            "rows {}\ncols {}\ngrid\n{}",
            line(rows, "0"),
            line(cols, "0"),
            grid(".")
        ),
        "chess" => format!("goal max\npieces\n{}", grid("Q")),
        "battleship" => format!("ships 1\nrows {}\ncols {}\n", line(rows, "-"), line(cols, "-")),
        other => return Err(format!("'{other}' is not a puzzle family")),
    };
    Puzzle::parse(&format!("{family} {rows}x{cols}\n{body}"))
}

/// The clues along the edges (and Battleship's fleet) as typed text, by the
/// keyword of the text form: what the editor shows in its clue fields.
pub fn clues(p: &Puzzle) -> Vec<(&'static str, String)> {
    let counts = |v: &[CountSpec]| v.iter().map(|c| c.to_text()).collect::<Vec<_>>().join(" ");
    let numbers = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    let targets = |v: &[Option<u32>]| {
        v.iter()
            .map(|t| t.map_or("-".to_string(), |n| n.to_string()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    match p {
        Puzzle::Rullo(x) => vec![("rows", numbers(&x.row_targets)), ("cols", numbers(&x.col_targets))],
        Puzzle::Queens(q) => vec![("rows", counts(&q.row_counts)), ("cols", counts(&q.col_counts))],
        Puzzle::Tents(t) => vec![("rows", counts(&t.row_counts)), ("cols", counts(&t.col_counts))],
        Puzzle::Binary(b) => vec![("ones-rows", counts(&b.row_ones)), ("ones-cols", counts(&b.col_ones))],
        Puzzle::Battleship(s) => vec![
            (
                "ships",
                s.ships.iter().map(usize::to_string).collect::<Vec<_>>().join(" "),
            ),
            ("rows", targets(&s.row_targets)),
            ("cols", targets(&s.col_targets)),
        ],
        Puzzle::Chess(_) => Vec::new(),
    }
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
        format!("`{keyword}`: {plain}")
    })
}
