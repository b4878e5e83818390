//! Tents & Trees ("A QUBO Formulation for the Generalized LinkedIn Queens and
//! Takuzu/Tango Game", §2.5): every tree gets a tent of its own orthogonally
//! next to it, tents never touch (not even diagonally), and rows and columns
//! hold the given numbers of tents.
//!
//! The paper's QUBO asks each tree for "1 or 2 tents around it", which does
//! not pair tents with trees one to one; the pairing is checked on complete
//! grids (a bipartite matching), by the exact solver and in every verdict.

pub(crate) mod draft;

use crate::geometry::BinaryMatrix;
use crate::puzzle::family::kit::{count_labels, counts_text, filled_grid, not_applicable, repeated, toggle};
use crate::puzzle::family::repair_kit::{count_edits, shown_counts};
use crate::puzzle::family::{AnswerGlyph, Authoring, FamilyType, Generator, Look, Rules};
use crate::puzzle::family::{Clue, Edit, EditKind, Seen};
use crate::puzzle::model::{Cell, PuzzleModel, Violation};
use crate::puzzle::text::{CountSpec, Sections, counts_line};
use crate::puzzle::vocab::{CellMark, Tool};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tents {
    pub rows: usize,
    pub cols: usize,
    pub trees: Vec<(usize, usize)>,
    pub row_counts: Vec<CountSpec>,
    pub col_counts: Vec<CountSpec>,
}

const ORTHOGONAL: [(i64, i64); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

impl Tents {
    pub fn validate(&self) -> Result<(), String> {
        let (r, c) = (self.rows, self.cols);
        crate::puzzle::model::check_board_size(r, c)?;
        if self.row_counts.len() != r || self.col_counts.len() != c {
            return Err(format!(
                "{} row counts and {} column counts for a {r}x{c} board",
                self.row_counts.len(),
                self.col_counts.len()
            ));
        }
        crate::puzzle::model::check_counts("row counts", &self.row_counts)?;
        crate::puzzle::model::check_counts("column counts", &self.col_counts)?;
        if let Some((a, b)) = self.trees.iter().find(|(a, b)| *a >= r || *b >= c) {
            return Err(format!(
                "the tree at {} is outside the {r}x{c} board",
                crate::puzzle::model::row_col(*a, *b)
            ));
        }
        Ok(())
    }

    fn neighbours(&self, r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        ORTHOGONAL.iter().filter_map(move |&(dr, dc)| {
            let (nr, nc) = (r as i64 + dr, c as i64 + dc);
            ((0..self.rows as i64).contains(&nr) && (0..self.cols as i64).contains(&nc))
                .then_some((nr as usize, nc as usize))
        })
    }

    pub fn model(&self) -> Result<PuzzleModel, String> {
        self.validate()?;
        let (rows, cols) = (self.rows, self.cols);
        let mut m = PuzzleModel::new(rows, cols, "tent");
        let mut is_tree = vec![false; rows * cols];
        for &(r, c) in &self.trees {
            is_tree[r * cols + c] = true;
        }
        let near_tree = |r: usize, c: usize| self.neighbours(r, c).any(|(a, b)| is_tree[a * cols + b]);
        for r in 0..rows {
            for c in 0..cols {
                if is_tree[r * cols + c] {
                    m.fix(r * cols + c, false, "a tree");
                } else if !near_tree(r, c) {
                    m.fix(r * cols + c, false, "no tree next to it");
                }
            }
        }
        for (i, spec) in self.row_counts.iter().enumerate() {
            m.count_spec(
                (0..cols).map(|j| i * cols + j).collect(),
                *spec,
                format!("row {}", i + 1),
            );
        }
        for (j, spec) in self.col_counts.iter().enumerate() {
            m.count_spec(
                (0..rows).map(|i| i * cols + j).collect(),
                *spec,
                format!("column {}", j + 1),
            );
        }
        // The paper's tree term (3/2 − Σ)²: one or two tents around each tree.
        for &(r, c) in &self.trees {
            let around: Vec<Cell> = self
                .neighbours(r, c)
                .filter(|&(a, b)| !is_tree[a * cols + b])
                .map(|(a, b)| a * cols + b)
                .collect();
            let name = m.name(r * cols + c);
            m.count(around, 1, true, format!("the tree at {name}"));
        }
        for r in 0..rows {
            for c in 0..cols {
                for (dr, dc) in [(0i64, 1i64), (1, -1), (1, 0), (1, 1)] {
                    let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                    if (0..rows as i64).contains(&nr) && (0..cols as i64).contains(&nc) {
                        m.not_both(r * cols + c, nr as usize * cols + nc as usize, 1.0, "touch");
                    }
                }
            }
        }
        Ok(m)
    }

    /// Can a partial answer (cells known or `None`) still pair up? Every tree
    /// needs its own tent among its tent-or-unknown neighbours, and every tent
    /// its own tree; both matchings existing is enough for one matching doing
    /// both (Mendelsohn–Dulmage), and necessary for any completion.
    pub fn pairing_possible(&self, cells: &[Option<bool>]) -> bool {
        let cols = self.cols;
        let open: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] != Some(false)).collect();
        let index: std::collections::HashMap<usize, usize> = open.iter().enumerate().map(|(k, &i)| (i, k)).collect();
        let tree_options: Vec<Vec<usize>> = self
            .trees
            .iter()
            .map(|&(r, c)| {
                self.neighbours(r, c)
                    .filter_map(|(a, b)| index.get(&(a * cols + b)).copied())
                    .collect()
            })
            .collect();
        let mut owner = vec![None; open.len()];
        for t in 0..self.trees.len() {
            if !augment(t, &tree_options, &mut owner, &mut vec![false; open.len()]) {
                return false;
            }
        }
        let tree_at: std::collections::HashMap<(usize, usize), usize> =
            self.trees.iter().enumerate().map(|(k, &t)| (t, k)).collect();
        let tents: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == Some(true)).collect();
        let tent_options: Vec<Vec<usize>> = tents
            .iter()
            .map(|&i| {
                self.neighbours(i / cols, i % cols)
                    .filter_map(|n| tree_at.get(&n).copied())
                    .collect()
            })
            .collect();
        let mut owner = vec![None; self.trees.len()];
        (0..tents.len()).all(|k| augment(k, &tent_options, &mut owner, &mut vec![false; self.trees.len()]))
    }

    /// The pairing rule: a maximum matching of trees to adjacent tents must
    /// use every tree and every tent.
    pub fn pairing_violations(&self, grid: &BinaryMatrix) -> Vec<Violation> {
        let cols = self.cols;
        let tents: Vec<(usize, usize)> = grid.one_cells();
        let tent_index: std::collections::HashMap<(usize, usize), usize> =
            tents.iter().enumerate().map(|(i, &t)| (t, i)).collect();
        let options: Vec<Vec<usize>> = self
            .trees
            .iter()
            .map(|&(r, c)| {
                self.neighbours(r, c)
                    .filter_map(|n| tent_index.get(&n).copied())
                    .collect()
            })
            .collect();
        let mut owner: Vec<Option<usize>> = vec![None; tents.len()];
        for t in 0..self.trees.len() {
            let mut seen = vec![false; tents.len()];
            augment(t, &options, &mut owner, &mut seen);
        }
        let mut out = Vec::new();
        let matched: Vec<bool> = (0..self.trees.len()).map(|t| owner.contains(&Some(t))).collect();
        for (t, &(r, c)) in self.trees.iter().enumerate() {
            if !matched[t] {
                out.push(Violation {
                    message: format!(
                        "the tree at {} has no tent of its own",
                        crate::puzzle::model::row_col(r, c)
                    ),
                    // The tree and every cell beside it (a tent may still go there).
                    cells: std::iter::once(r * cols + c)
                        .chain(self.neighbours(r, c).map(|(a, b)| a * cols + b))
                        .collect(),
                    short: true,
                });
            }
        }
        for (i, &(r, c)) in tents.iter().enumerate() {
            if owner[i].is_none() {
                out.push(Violation {
                    message: format!("the tent at {} belongs to no tree", crate::puzzle::model::row_col(r, c)),
                    cells: vec![r * cols + c],
                    short: false,
                });
            }
        }
        out
    }

    pub fn parse(s: &Sections) -> Result<Tents, String> {
        let grid = s
            .grid("grid")?
            .ok_or("a Tents puzzle needs its `grid` (T for a tree)")?;
        let mut trees = Vec::new();
        for (r, row) in grid.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                match ch {
                    'T' | 't' => trees.push((r, c)),
                    '.' | '-' | '0' => {}
                    other => {
                        return Err(s.grid_error("grid", r, &format!("'{other}' is neither T (tree) nor . (empty)")));
                    }
                }
            }
        }
        let t = Tents {
            rows: s.rows,
            cols: s.cols,
            trees,
            row_counts: s.counts("rows", s.rows)?.unwrap_or(vec![CountSpec::Free; s.rows]),
            col_counts: s.counts("cols", s.cols)?.unwrap_or(vec![CountSpec::Free; s.cols]),
        };
        t.validate()?;
        Ok(t)
    }

    pub fn to_text(&self) -> String {
        let mut out = format!("tents {}x{}\n", self.rows, self.cols);
        out += &counts_line("rows", &self.row_counts);
        out += &counts_line("cols", &self.col_counts);
        out += "grid\n";
        for r in 0..self.rows {
            let line: String = (0..self.cols)
                .map(|c| if self.trees.contains(&(r, c)) { 'T' } else { '.' })
                .collect();
            out += &line;
            out.push('\n');
        }
        out
    }
}

/// Kuhn's augmenting path for tree `t`.
fn augment(t: usize, options: &[Vec<usize>], owner: &mut [Option<usize>], seen: &mut [bool]) -> bool {
    for &tent in &options[t] {
        if seen[tent] {
            continue;
        }
        seen[tent] = true;
        if owner[tent].is_none_or(|other| augment(other, options, owner, seen)) {
            owner[tent] = Some(t);
            return true;
        }
    }
    false
}

impl Rules for Tents {
    fn family(&self) -> &'static str {
        "tents"
    }

    fn rules(&self) -> String {
        use crate::puzzle::model::counts_in_words;
        format!(
            "Pitch one tent next to each tree (up, down, left or right), each tent with a tree of its own; tents \
             never touch, not even diagonally. Each row holds {} tents, each column {}.",
            counts_in_words(&self.row_counts),
            counts_in_words(&self.col_counts)
        )
    }

    fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn to_text(&self) -> String {
        Tents::to_text(self)
    }

    fn model(&self) -> Result<PuzzleModel, String> {
        Tents::model(self)
    }

    /// The ladder checks that the trees can still each have a tent of their own.
    fn ladder(&self) -> Result<crate::puzzle::deduce::LadderSpec, String> {
        Ok(crate::puzzle::deduce::LadderSpec {
            model: self.model()?,
            rules: Some(Box::new(Pairing(self.clone()))),
        })
    }

    /// One tent per tree (a matching), which no sum expresses.
    fn extra_violations(&self, grid: &BinaryMatrix) -> Vec<Violation> {
        self.pairing_violations(grid)
    }

    fn prunes_partial(&self) -> bool {
        true
    }

    fn partial_possible(&self, cells: &[Option<bool>]) -> bool {
        self.pairing_possible(cells)
    }
}

impl Look for Tents {
    fn edge_labels(&self) -> (Vec<String>, Vec<String>) {
        (count_labels(&self.row_counts), count_labels(&self.col_counts))
    }

    fn cell_marks(&self) -> (Vec<CellMark>, Vec<Option<u16>>) {
        let mut marks = vec![CellMark::Empty; self.rows * self.cols];
        for &(r, c) in &self.trees {
            marks[r * self.cols + c] = CellMark::Tree;
        }
        (marks, Vec::new())
    }

    fn answer_symbol(&self, r: usize, c: usize, one: bool) -> char {
        match one {
            _ if self.trees.contains(&(r, c)) => 'T',
            true => 'A',
            false => '.',
        }
    }

    fn answer_glyph(&self) -> AnswerGlyph {
        AnswerGlyph::Tent
    }
}

impl Authoring for Tents {
    const GENERATORS: &'static [&'static dyn Generator<Family = Self>] = &[&draft::TentsGenerator];

    /// `puzzles/tents-6.txt` with the counts of columns 2 and 4 hidden: 2
    /// solutions; showing either count repairs it.
    const SETTER_EXAMPLE: &'static str = "tents 6x6\nrows 2 0 2 0 2 1\ncols 2 - 0 - 0 2\ngrid\n\
        ....T.\nT.....\n..T...\n.....T\n....TT\nT.....\n";

    fn tools(&self) -> Vec<Tool> {
        vec![Tool::Tree]
    }

    fn apply(&mut self, tool: Tool, cell: (usize, usize)) -> Result<(), String> {
        match tool {
            Tool::Tree => {
                toggle(&mut self.trees, cell);
                Ok(())
            }
            other => Err(not_applicable(other, "tents")),
        }
    }

    fn clue_fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("rows", counts_text(&self.row_counts)),
            ("cols", counts_text(&self.col_counts)),
        ]
    }

    /// The counts shown (a free or ranged count is no clue to remove).
    fn setter_clues(&self) -> Vec<Clue> {
        let exact = |v: &[CountSpec]| {
            v.iter()
                .map(|spec| match spec {
                    CountSpec::Exactly(n) => Some(*n),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        shown_counts(&exact(&self.row_counts), &exact(&self.col_counts))
    }

    fn without_clue(&self, clue: &Clue) -> Tents {
        let mut out = self.clone();
        if let Clue::Count(col, k, _) = clue {
            let line = if *col { &mut out.col_counts } else { &mut out.row_counts };
            line[*k] = CountSpec::Free;
        }
        out
    }

    fn edit_kinds(&self) -> Vec<EditKind> {
        vec![EditKind::ShowCount]
    }

    /// A hidden count shown.
    fn repair_edits(&self, seen: &Seen) -> Vec<Edit<Tents>> {
        count_edits(
            self,
            (self.rows, self.cols),
            seen.examples,
            |col, k| (if col { &self.col_counts } else { &self.row_counts })[k] == CountSpec::Free,
            |t, col, k, v| (if col { &mut t.col_counts } else { &mut t.row_counts })[k] = CountSpec::Exactly(v),
        )
    }
}

impl FamilyType for Tents {
    const KEYWORDS: &'static [(&'static str, &'static str)] = &[("tents", "Tents & Trees")];
    const TITLES: &'static [(&'static str, &'static str)] = &[("tents", "Tents")];

    fn parse(s: &Sections) -> Result<Tents, String> {
        Tents::parse(s)
    }

    fn blank_body(_keyword: &str, rows: usize, cols: usize) -> String {
        format!(
            "rows {}\ncols {}\ngrid\n{}",
            repeated(rows, "0"),
            repeated(cols, "0"),
            filled_grid(rows, cols, ".")
        )
    }
}

/// Tents' pairing for the deduction ladder: a state where the trees can no
/// longer each have a tent of their own breaks the rule (the probes use it).
struct Pairing(Tents);

impl crate::puzzle::deduce::FamilyRules for Pairing {
    fn deduce(
        &self,
        _model: &PuzzleModel,
        _state: &crate::puzzle::deduce::State,
        _tier: u8,
    ) -> Option<crate::puzzle::deduce::Deduction> {
        None
    }

    fn broken(
        &self,
        _model: &PuzzleModel,
        state: &crate::puzzle::deduce::State,
    ) -> Option<crate::puzzle::deduce::Contradiction> {
        (!self.0.pairing_possible(state)).then(|| crate::puzzle::deduce::Contradiction {
            cells: Vec::new(),
            sentence: "the trees could no longer each have a tent of their own".into(),
        })
    }
}
