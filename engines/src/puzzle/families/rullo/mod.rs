//! Rullo ("パズルゲームRulloを量子アニーリングマシンで解いてみる"): keep some
//! numbers of a grid so that the kept numbers of every row and column add up
//! to its target. A 1 is a kept number.

pub(crate) mod draft;

use crate::puzzle::family::kit::{not_applicable, numbers_text, repeated};
use crate::puzzle::family::repair_kit::at;
use crate::puzzle::family::{AnswerGlyph, Authoring, FamilyType, Generator, Look, Rules};
use crate::puzzle::family::{Clue, Edit, EditKind, Seen};
use crate::puzzle::model::PuzzleModel;
use crate::puzzle::text::Sections;
use crate::puzzle::vocab::{CellMark, Tool};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rullo {
    /// The numbers, row by row.
    pub values: Vec<Vec<u32>>,
    pub row_targets: Vec<u32>,
    pub col_targets: Vec<u32>,
}

impl Rullo {
    pub fn rows(&self) -> usize {
        self.values.len()
    }

    pub fn cols(&self) -> usize {
        self.values.first().map_or(0, Vec::len)
    }

    /// An empty puzzle of the given size (every number 1, every target 0).
    pub fn blank(rows: usize, cols: usize) -> Rullo {
        Rullo {
            values: vec![vec![1; cols]; rows],
            row_targets: vec![0; rows],
            col_targets: vec![0; cols],
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        let (r, c) = (self.rows(), self.cols());
        crate::puzzle::model::check_board_size(r, c)?;
        if self.values.iter().any(|row| row.len() != c) {
            return Err("the rows of numbers differ in length".into());
        }
        use crate::puzzle::model::check_numbers;
        check_numbers("numbers", self.values.iter().flatten().copied())?;
        check_numbers("row targets", self.row_targets.iter().copied())?;
        check_numbers("column targets", self.col_targets.iter().copied())?;
        if self.row_targets.len() != r || self.col_targets.len() != c {
            return Err(format!(
                "{} row targets and {} column targets for a {r}x{c} grid",
                self.row_targets.len(),
                self.col_targets.len()
            ));
        }
        Ok(())
    }

    pub fn model(&self) -> Result<PuzzleModel, String> {
        self.validate()?;
        let (rows, cols) = (self.rows(), self.cols());
        let mut m = PuzzleModel::new(rows, cols, "kept number");
        for (i, &t) in self.row_targets.iter().enumerate() {
            let terms = (0..cols).map(|j| (i * cols + j, self.values[i][j] as i64)).collect();
            m.constraints.push(sum(terms, t, format!("row {}", i + 1)));
        }
        for (j, &t) in self.col_targets.iter().enumerate() {
            let terms = (0..rows).map(|i| (i * cols + j, self.values[i][j] as i64)).collect();
            m.constraints.push(sum(terms, t, format!("column {}", j + 1)));
        }
        Ok(m)
    }

    pub fn parse(s: &Sections) -> Result<Rullo, String> {
        let values = s.table("numbers")?.ok_or("a Rullo puzzle needs its `numbers`")?;
        let row_targets = s
            .numbers("rows", s.rows)?
            .ok_or("a Rullo puzzle needs `rows` targets")?;
        let col_targets = s
            .numbers("cols", s.cols)?
            .ok_or("a Rullo puzzle needs `cols` targets")?;
        Ok(Rullo {
            values,
            row_targets,
            col_targets,
        })
    }

    pub fn to_text(&self) -> String {
        let join = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        let mut out = format!("rullo {}x{}\n", self.rows(), self.cols());
        out += &format!(
            "rows {}\ncols {}\nnumbers\n",
            join(&self.row_targets),
            join(&self.col_targets)
        );
        for row in &self.values {
            out += &join(row);
            out.push('\n');
        }
        out
    }
}

fn sum(terms: Vec<(usize, i64)>, target: u32, what: String) -> crate::puzzle::model::Constraint {
    crate::puzzle::model::Constraint::Sum {
        terms,
        lo: target as i64,
        hi: target as i64,
        what,
    }
}

impl Rules for Rullo {
    fn family(&self) -> &'static str {
        "rullo"
    }

    fn rules(&self) -> String {
        "Keep some of the numbers and strike out the rest, so that the kept numbers of each row and of each \
         column add up to the target at its edge."
            .to_string()
    }

    fn size(&self) -> (usize, usize) {
        (self.rows(), self.cols())
    }

    fn to_text(&self) -> String {
        Rullo::to_text(self)
    }

    fn model(&self) -> Result<PuzzleModel, String> {
        Rullo::model(self)
    }
}

impl Look for Rullo {
    fn edge_labels(&self) -> (Vec<String>, Vec<String>) {
        (
            self.row_targets.iter().map(u32::to_string).collect(),
            self.col_targets.iter().map(u32::to_string).collect(),
        )
    }

    fn cell_marks(&self) -> (Vec<CellMark>, Vec<Option<u16>>) {
        let marks = self.values.iter().flatten().map(|&v| CellMark::Number(v)).collect();
        (marks, Vec::new())
    }

    fn answer_glyph(&self) -> AnswerGlyph {
        AnswerGlyph::KeptNumber
    }
}

impl Authoring for Rullo {
    const GENERATORS: &'static [&'static dyn Generator<Family = Self>] = &[&draft::RulloGenerator];

    /// A 3×3 Latin square of 1, 2, 3 with every target 3: keep the 3s, or
    /// the 1s and 2s (2 solutions); changing a number repairs it.
    const SETTER_EXAMPLE: &'static str = "rullo 3x3\nrows 3 3 3\ncols 3 3 3\nnumbers\n1 2 3\n2 3 1\n3 1 2\n";

    fn tools(&self) -> Vec<Tool> {
        vec![Tool::Number(1)]
    }

    fn apply(&mut self, tool: Tool, (r, c): (usize, usize)) -> Result<(), String> {
        match tool {
            Tool::Number(n) if (1..=999).contains(&n) => {
                self.values[r][c] = n;
                Ok(())
            }
            Tool::Number(n) => Err(format!("a Rullo number is 1 to 999, not {n}")),
            other => Err(not_applicable(other, "rullo")),
        }
    }

    fn clue_fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("rows", numbers_text(&self.row_targets)),
            ("cols", numbers_text(&self.col_targets)),
        ]
    }

    /// Rullo's numbers are the puzzle itself: it has no clue to remove.
    fn setter_clues(&self) -> Vec<Clue> {
        Vec::new()
    }

    fn without_clue(&self, _clue: &Clue) -> Rullo {
        self.clone()
    }

    fn edit_kinds(&self) -> Vec<EditKind> {
        vec![EditKind::ChangeNumber]
    }

    /// A number the first solution found leaves out, changed to another, so
    /// that solution stays and those keeping the number lose their sums.
    fn repair_edits(&self, seen: &Seen) -> Vec<Edit<Rullo>> {
        let Some(first) = seen.examples.first() else {
            return Vec::new();
        };
        let cols = self.cols();
        let top = self.values.iter().flatten().copied().max().unwrap_or(9).max(9);
        let mut out = Vec::new();
        for &cell in seen.differing {
            let (r, c) = (cell / cols, cell % cols);
            if first.get(r, c) {
                continue;
            }
            for w in (1..=top).filter(|&w| w != self.values[r][c]) {
                let mut q = self.clone();
                q.values[r][c] = w;
                out.push(Edit {
                    kind: EditKind::ChangeNumber,
                    description: format!("change the {} at {} to {w}", self.values[r][c], at(cell, cols)),
                    cells: vec![(r, c)],
                    puzzle: q,
                });
            }
        }
        out
    }
}

impl FamilyType for Rullo {
    const KEYWORDS: &'static [(&'static str, &'static str)] =
        &[("rullo", "Rullo: keep numbers so rows and columns hit their targets")];
    const TITLES: &'static [(&'static str, &'static str)] = &[("rullo", "Rullo")];

    fn parse(s: &Sections) -> Result<Rullo, String> {
        Rullo::parse(s)
    }

    fn blank_body(_keyword: &str, rows: usize, cols: usize) -> String {
        format!(
            "rows {}\ncols {}\nnumbers\n{}\n",
            repeated(rows, "0"),
            repeated(cols, "0"),
            vec![repeated(cols, "1"); rows].join("\n")
        )
    }
}
