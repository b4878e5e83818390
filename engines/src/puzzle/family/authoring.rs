//! What a person does to make a family's puzzle: the editor's tools and clue
//! fields, and the setter's parts: which clues a puzzle has, the puzzle
//! without one, and the single edits that may make it unique.

use super::kit::not_applicable;
use super::{Generator, Rules};
use crate::geometry::BinaryMatrix;
use crate::puzzle::model::row_col;
use crate::puzzle::vocab::Tool;

/// One clue of a puzzle, by what it is.
#[derive(Clone, Debug, PartialEq)]
pub enum Clue {
    /// A given cell (row, column), with what it shows.
    Given(usize, usize, String),
    /// A link between two cells ('=' or 'x').
    Link((usize, usize), (usize, usize), bool),
    /// A shown row count (`false`) or column count (`true`), by line.
    Count(bool, usize, u32),
}

impl Clue {
    /// "the given 1 at row 3, col 4", "the link row 1, col 1 = row 1, col 2",
    /// "the count 2 of row 5".
    pub fn describe(&self) -> String {
        match self {
            Clue::Given(r, c, what) => format!("the given {what} at {}", row_col(*r, *c)),
            Clue::Link(a, b, opposite) => format!(
                "the link {} {} {}",
                row_col(a.0, a.1),
                if *opposite { 'x' } else { '=' },
                row_col(b.0, b.1)
            ),
            Clue::Count(col, k, n) => format!("the count {n} of {} {}", if *col { "column" } else { "row" }, k + 1),
        }
    }
}

/// What an edit does, in the order repairs of equal grade are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EditKind {
    MoveBoundary,
    AddGiven,
    ShowCount,
    ChangeNumber,
    Block,
}

impl EditKind {
    pub const ALL: [EditKind; 5] = [
        EditKind::MoveBoundary,
        EditKind::AddGiven,
        EditKind::Block,
        EditKind::ShowCount,
        EditKind::ChangeNumber,
    ];

    /// The word the command line takes (`--edits region,given`).
    pub fn keyword(self) -> &'static str {
        match self {
            EditKind::MoveBoundary => "region",
            EditKind::AddGiven => "given",
            EditKind::Block => "block",
            EditKind::ShowCount => "count",
            EditKind::ChangeNumber => "number",
        }
    }

    /// The kind named by `word` (its keyword).
    pub fn from_keyword(word: &str) -> Option<EditKind> {
        EditKind::ALL.into_iter().find(|k| k.keyword() == word)
    }

    /// In words, as a choice a setter ticks.
    pub fn label(self) -> &'static str {
        match self {
            EditKind::MoveBoundary => "Region moves",
            EditKind::AddGiven => "Givens",
            EditKind::Block => "Blocked cells",
            EditKind::ShowCount => "Shown counts",
            EditKind::ChangeNumber => "Changed numbers",
        }
    }
}

/// One edit: what it does in words, the cells it touches, and the puzzle after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Edit<F> {
    pub kind: EditKind,
    pub description: String,
    pub cells: Vec<(usize, usize)>,
    pub puzzle: F,
}

impl<F> Edit<F> {
    /// The same edit with its puzzle wrapped (a family's puzzle into `Puzzle`).
    pub fn map<G>(self, f: impl FnOnce(F) -> G) -> Edit<G> {
        Edit {
            kind: self.kind,
            description: self.description,
            cells: self.cells,
            puzzle: f(self.puzzle),
        }
    }
}

/// What the repair saw of a puzzle with several solutions: the cells
/// (row-major) where they differ, or may differ, and the solutions found.
#[derive(Clone, Copy, Debug)]
pub struct Seen<'a> {
    pub differing: &'a [usize],
    pub examples: &'a [BinaryMatrix],
}

/// The editing side of a family, and its setter's parts.
pub trait Authoring: Rules + Clone + Sized + 'static {
    /// The editor's tools, the default first.
    fn tools(&self) -> Vec<Tool>;
    /// Applies a tool to a cell on the board (0-based; the caller checked the bounds).
    fn apply(&mut self, tool: Tool, _cell: (usize, usize)) -> Result<(), String> {
        Err(not_applicable(tool, self.family()))
    }
    /// Adds or removes a '=' / 'x' link between two cells.
    fn toggle_link(&mut self, _a: (usize, usize), _b: (usize, usize), _opposite: bool) -> Result<(), String> {
        Err(format!("{} has no links", self.family()))
    }
    /// The clue lines the editor shows as fields, by their text-form keyword.
    fn clue_fields(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    // The setter's parts have no defaults: a new family says what it has
    // (a family with no removable clue returns none).

    /// The clues a setter could remove. What makes the puzzle itself
    /// (regions, trees, Rullo's numbers) is no clue.
    fn setter_clues(&self) -> Vec<Clue>;
    /// The puzzle without `clue` (unchanged when it has no such clue).
    fn without_clue(&self, clue: &Clue) -> Self;
    /// The kinds of edit its repairs make, in the order of [`EditKind::ALL`].
    fn edit_kinds(&self) -> Vec<EditKind>;
    /// Candidate single edits, in the order they are tried: at the cells
    /// where solutions differ (each value they take), then shown counts,
    /// then changed numbers, then boundary moves.
    fn repair_edits(&self, seen: &Seen) -> Vec<Edit<Self>>;

    /// The family's generators, in the order the command line and the
    /// dialog list them (at least one: the family test asks for it).
    const GENERATORS: &'static [&'static dyn Generator<Family = Self>];

    /// A small puzzle of this family, in its text form, with two or more
    /// solutions that one edit makes unique: the family's worked example of
    /// its setter parts (the family test repairs it).
    const SETTER_EXAMPLE: &'static str;
}
