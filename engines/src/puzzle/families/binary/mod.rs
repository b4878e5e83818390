//! Takuzu (Binairo), LinkedIn Tango and their generalisations ("A QUBO
//! Formulation for the Generalized LinkedIn Queens and Takuzu/Tango Game",
//! §3): every cell 0 or 1; each line holds a given number of ones (half by
//! default); no three equal cells in a row (also along diagonals, and across
//! the edges of a torus, if asked); '=' and 'x' links between any two cells;
//! region counts; and, for Takuzu, no two identical rows or columns — a rule
//! a QUBO cannot express, checked on complete grids.

pub(crate) mod draft;
mod exact;
mod ladder;

use crate::geometry::BinaryMatrix;
use crate::puzzle::family::kit::{count_labels, counts_text, fit_counts, not_applicable, paint};
use crate::puzzle::family::repair_kit::at;
use crate::puzzle::family::{AnswerGlyph, Authoring, FamilyType, Generator, Look, Rules};
use crate::puzzle::family::{Clue, Edit, EditKind, Seen};
use crate::puzzle::model::{Link, PuzzleModel, Violation, cell_name};
use crate::puzzle::text::{CountSpec, Sections, counts_line, regions_from_grid};
use crate::puzzle::vocab::{CellMark, Tool};
use crate::puzzle::vocab::{Wrap, region_char};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BinaryLink {
    pub a: (usize, usize),
    pub b: (usize, usize),
    /// 'x' (different) rather than '=' (equal).
    pub opposite: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BinaryPuzzle {
    pub rows: usize,
    pub cols: usize,
    /// Given cells: (row, col, value).
    #[serde(default)]
    pub givens: Vec<(usize, usize, bool)>,
    #[serde(default)]
    pub links: Vec<BinaryLink>,
    pub row_ones: Vec<CountSpec>,
    pub col_ones: Vec<CountSpec>,
    /// Longest run of equal cells allowed (2: "no three alike").
    #[serde(default = "two")]
    pub max_run: u32,
    /// The run rule also along diagonals.
    #[serde(default)]
    pub diagonal_runs: bool,
    /// Runs continue across wrapped edges.
    #[serde(default)]
    pub wrap: Wrap,
    /// Region of each cell (empty: none), with the ones each region holds.
    #[serde(default)]
    pub regions: Vec<u16>,
    #[serde(default)]
    pub region_ones: Vec<CountSpec>,
    /// No two identical rows, no two identical columns (Takuzu; not Tango).
    #[serde(default)]
    pub unique_lines: bool,
    /// Called a Tango (LinkedIn's name for Binairo with links), whatever links it has yet.
    #[serde(default)]
    pub tango: bool,
}

fn two() -> u32 {
    2
}

/// Ones per line of length `n` when the count is balanced (odd lengths: one more 1).
pub fn balanced(n: usize) -> CountSpec {
    CountSpec::Exactly(n.div_ceil(2) as u32)
}

impl BinaryPuzzle {
    /// An empty balanced puzzle.
    pub fn blank(rows: usize, cols: usize, unique_lines: bool) -> BinaryPuzzle {
        BinaryPuzzle {
            rows,
            cols,
            givens: Vec::new(),
            links: Vec::new(),
            row_ones: vec![balanced(cols); rows],
            col_ones: vec![balanced(rows); cols],
            max_run: 2,
            diagonal_runs: false,
            wrap: Wrap::None,
            regions: Vec::new(),
            region_ones: Vec::new(),
            unique_lines,
            tango: false,
        }
    }

    /// The family name it goes by: takuzu (lines unique), tango, or binairo.
    pub fn family(&self) -> &'static str {
        if self.unique_lines {
            "takuzu"
        } else if self.tango {
            "tango"
        } else {
            "binairo"
        }
    }

    pub fn region_count(&self) -> usize {
        self.regions.iter().map(|&r| r as usize + 1).max().unwrap_or(0)
    }

    pub fn validate(&self) -> Result<(), String> {
        let (r, c) = (self.rows, self.cols);
        crate::puzzle::model::check_board_size(r, c)?;
        if self.row_ones.len() != r || self.col_ones.len() != c {
            return Err(format!(
                "{} row counts and {} column counts for a {r}x{c} grid",
                self.row_ones.len(),
                self.col_ones.len()
            ));
        }
        if !(1..=64).contains(&self.max_run) {
            return Err(format!("a longest run of {}: it must be 1 to 64", self.max_run));
        }
        if !self.regions.is_empty() && self.regions.len() != r * c {
            return Err(format!("{} region cells for a {r}x{c} grid", self.regions.len()));
        }
        crate::puzzle::model::check_regions(&self.regions, None)?;
        crate::puzzle::model::check_counts("row counts", &self.row_ones)?;
        crate::puzzle::model::check_counts("column counts", &self.col_ones)?;
        crate::puzzle::model::check_counts("region counts", &self.region_ones)?;
        if self.region_ones.len() != self.region_count() {
            return Err(format!(
                "{} region counts for {} regions",
                self.region_ones.len(),
                self.region_count()
            ));
        }
        let inside = |(a, b): (usize, usize)| a < r && b < c;
        if let Some(&(a, b, _)) = self.givens.iter().find(|g| !inside((g.0, g.1))) {
            return Err(format!(
                "the given at {} is outside the {r}x{c} grid",
                crate::puzzle::model::row_col(a, b)
            ));
        }
        if let Some(l) = self.links.iter().find(|l| !inside(l.a) || !inside(l.b) || l.a == l.b) {
            return Err(format!(
                "the link row {}, col {} – row {}, col {} must join two cells of the grid",
                l.a.0 + 1,
                l.a.1 + 1,
                l.b.0 + 1,
                l.b.1 + 1
            ));
        }
        Ok(())
    }

    /// Every window of `max_run + 1` cells along rows, columns (and diagonals).
    pub(super) fn run_windows(&self) -> Vec<Vec<usize>> {
        let (rows, cols) = (self.rows, self.cols);
        let len = self.max_run as i64 + 1;
        let mut dirs = vec![(0i64, 1i64), (1, 0)];
        if self.diagonal_runs {
            dirs.extend([(1, 1), (1, -1)]);
        }
        let mut out = Vec::new();
        for &(dr, dc) in &dirs {
            for r in 0..rows {
                for c in 0..cols {
                    let cells: Option<Vec<usize>> = (0..len)
                        .map(|k| {
                            self.wrap
                                .step(rows, cols, r, c, dr * k, dc * k)
                                .map(|(a, b)| a * cols + b)
                        })
                        .collect();
                    // A line shorter than the window wraps onto itself: no window.
                    if let Some(cells) = cells {
                        let mut distinct = cells.clone();
                        distinct.sort_unstable();
                        distinct.dedup();
                        if distinct.len() == cells.len() {
                            out.push(cells);
                        }
                    }
                }
            }
        }
        out
    }

    pub fn model(&self) -> Result<PuzzleModel, String> {
        self.validate()?;
        let (rows, cols) = (self.rows, self.cols);
        let mut m = PuzzleModel::new(rows, cols, "one");
        m.digits = true;
        for &(r, c, v) in &self.givens {
            m.fix(r * cols + c, v, "given");
        }
        for l in &self.links {
            m.links.push(Link {
                a: l.a.0 * cols + l.a.1,
                b: l.b.0 * cols + l.b.1,
                opposite: l.opposite,
            });
        }
        for (i, spec) in self.row_ones.iter().enumerate() {
            m.count_spec(
                (0..cols).map(|j| i * cols + j).collect(),
                *spec,
                format!("row {}", i + 1),
            );
        }
        for (j, spec) in self.col_ones.iter().enumerate() {
            m.count_spec(
                (0..rows).map(|i| i * cols + j).collect(),
                *spec,
                format!("column {}", j + 1),
            );
        }
        for k in 0..self.region_count() {
            let cells: Vec<usize> = (0..rows * cols).filter(|&c| self.regions[c] as usize == k).collect();
            let what = format!("region {}", region_char(k));
            m.count_spec(cells, self.region_ones[k], what);
        }
        // No run longer than max_run: each window holds 1..=max_run ones
        // (for max_run 2 the paper's (3/2 − Σ)²).
        for w in self.run_windows() {
            let what = format!(
                "the run {}–{}",
                cell_name(w[0], cols),
                cell_name(*w.last().expect("a window"), cols)
            );
            let k = self.max_run as i64;
            m.constraints.push(crate::puzzle::model::Constraint::Sum {
                terms: w.into_iter().map(|c| (c, 1)).collect(),
                lo: 1,
                hi: k,
                what,
            });
        }
        Ok(m)
    }

    /// Identical rows or columns (when the rule applies).
    pub fn repeated_lines(&self, grid: &BinaryMatrix) -> Vec<Violation> {
        if !self.unique_lines {
            return Vec::new();
        }
        let (rows, cols) = (self.rows, self.cols);
        let row = |i: usize| (0..cols).map(|j| grid.get(i, j)).collect::<Vec<_>>();
        let col = |j: usize| (0..rows).map(|i| grid.get(i, j)).collect::<Vec<_>>();
        let mut out = Vec::new();
        for a in 0..rows {
            for b in a + 1..rows {
                if row(a) == row(b) {
                    out.push(Violation {
                        message: format!("rows {} and {} are identical", a + 1, b + 1),
                        cells: (0..cols).flat_map(|j| [a * cols + j, b * cols + j]).collect(),
                        short: false,
                    });
                }
            }
        }
        for a in 0..cols {
            for b in a + 1..cols {
                if col(a) == col(b) {
                    out.push(Violation {
                        message: format!("columns {} and {} are identical", a + 1, b + 1),
                        cells: (0..rows).flat_map(|i| [i * cols + a, i * cols + b]).collect(),
                        short: false,
                    });
                }
            }
        }
        out
    }

    pub fn parse(s: &Sections) -> Result<BinaryPuzzle, String> {
        let (rows, cols) = (s.rows, s.cols);
        let unique_default = match s.family.as_str() {
            "takuzu" => true,
            "binairo" | "tango" => false,
            other => return Err(format!("'{other}' is not a Takuzu family")),
        };
        let mut p = BinaryPuzzle::blank(rows, cols, unique_default);

        if let Some(grid) = s.grid("grid")? {
            for (r, row) in grid.iter().enumerate() {
                for (c, &ch) in row.iter().enumerate() {
                    match ch {
                        '0' => p.givens.push((r, c, false)),
                        '1' => p.givens.push((r, c, true)),
                        '.' | '-' => {}
                        other => return Err(s.grid_error("grid", r, &format!("'{other}' is not 0, 1 or ."))),
                    }
                }
            }
        }
        if let Some((line, values)) = s.values("links") {
            for v in values {
                let (sep, opposite) = if v.contains('=') { ('=', false) } else { ('x', true) };
                let (a, b) = v.split_once(sep).ok_or_else(|| {
                    format!(
                        "line {line}: '{}' is not a link like 1,1=1,2 or 1,1x2,1",
                        crate::quote::excerpt(&v)
                    )
                })?;
                p.links.push(BinaryLink {
                    a: s.cell(a, line)?,
                    b: s.cell(b, line)?,
                    opposite,
                });
            }
        }
        if let Some(v) = s.counts("ones-rows", rows)? {
            p.row_ones = v;
        }
        if let Some(v) = s.counts("ones-cols", cols)? {
            p.col_ones = v;
        }
        if let Some(k) = s.number("max-run", 64)? {
            p.max_run = k;
        }
        p.diagonal_runs = s.flag("diagonal-runs")?;
        if let Some(w) = s.word("wrap")? {
            p.wrap = Wrap::parse(&w)
                .ok_or_else(|| s.value_error("wrap", &format!("`wrap` is none, cylinder or torus, not '{w}'")))?;
        }
        if s.flag("unique-lines")? {
            p.unique_lines = true;
        }
        if s.flag("repeated-lines")? {
            p.unique_lines = false;
        }
        p.tango = s.family == "tango" && !p.unique_lines;
        if let Some(g) = s.grid("regions")? {
            p.regions = regions_from_grid(&g, '#')
                .into_iter()
                .map(|r| r.unwrap_or(u16::MAX))
                .collect();
            if p.regions.contains(&u16::MAX) {
                return Err("regions: every cell needs a region (no #)".into());
            }
            let k = p.region_count();
            p.region_ones = s
                .counts("region-ones", k)?
                .ok_or_else(|| format!("`region-ones` lists the ones of each of the {k} regions"))?;
        }
        p.validate()?;
        Ok(p)
    }

    pub fn to_text(&self) -> String {
        let family = self.family();
        let mut out = format!("{family} {}x{}\n", self.rows, self.cols);
        out += "grid\n";
        for r in 0..self.rows {
            let line: String = (0..self.cols)
                .map(|c| match self.givens.iter().find(|g| g.0 == r && g.1 == c) {
                    Some(&(_, _, true)) => '1',
                    Some(_) => '0',
                    None => '.',
                })
                .collect();
            out += &line;
            out.push('\n');
        }
        if !self.links.is_empty() {
            let v: Vec<String> = self
                .links
                .iter()
                .map(|l| {
                    format!(
                        "{},{}{}{},{}",
                        l.a.0 + 1,
                        l.a.1 + 1,
                        if l.opposite { 'x' } else { '=' },
                        l.b.0 + 1,
                        l.b.1 + 1
                    )
                })
                .collect();
            out += &format!("links {}\n", v.join(" "));
        }
        if self.row_ones.iter().any(|&c| c != balanced(self.cols)) {
            out += &counts_line("ones-rows", &self.row_ones);
        }
        if self.col_ones.iter().any(|&c| c != balanced(self.rows)) {
            out += &counts_line("ones-cols", &self.col_ones);
        }
        if self.max_run != 2 {
            out += &format!("max-run {}\n", self.max_run);
        }
        if self.diagonal_runs {
            out += "diagonal-runs\n";
        }
        if self.wrap != Wrap::None {
            out += &format!("wrap {}\n", self.wrap.name());
        }
        if !self.regions.is_empty() {
            out += "regions\n";
            for r in 0..self.rows {
                let line: String = (0..self.cols)
                    .map(|c| region_char(self.regions[r * self.cols + c] as usize))
                    .collect();
                out += &line;
                out.push('\n');
            }
            out += &counts_line("region-ones", &self.region_ones);
        }
        out
    }
}

impl Rules for BinaryPuzzle {
    fn family(&self) -> &'static str {
        BinaryPuzzle::family(self)
    }

    fn rules(&self) -> String {
        use crate::puzzle::model::counts_in_words;
        let mut s = format!(
            "Fill every cell with 0 or 1: {} ones in each row and {} in each column; never more than {} equal \
             cells in a row{}.",
            counts_in_words(&self.row_ones),
            counts_in_words(&self.col_ones),
            self.max_run,
            if self.diagonal_runs {
                ", across, down or diagonally"
            } else {
                " across or down"
            }
        );
        if !self.regions.is_empty() {
            s += &format!(" Each region holds {} ones.", counts_in_words(&self.region_ones));
        }
        if self.unique_lines {
            s += " No two rows are the same, nor two columns.";
        }
        if !self.links.is_empty() {
            s += " Cells joined by '=' are equal, by 'x' different.";
        }
        s
    }

    fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn to_text(&self) -> String {
        BinaryPuzzle::to_text(self)
    }

    fn model(&self) -> Result<PuzzleModel, String> {
        BinaryPuzzle::model(self)
    }

    /// Lines kept whole (count and runs together): see `exact`.
    fn solve_exact(
        &self,
        req: crate::puzzle::exact::ExactRequest,
        cancel: &crate::run::CancelFlag,
    ) -> Result<crate::puzzle::exact::ExactResult, crate::puzzle::PuzzleError> {
        exact::solve(self, &[], req, cancel)
    }

    fn solve_with(
        &self,
        marks: &[(usize, bool)],
        req: crate::puzzle::exact::ExactRequest,
        cancel: &crate::run::CancelFlag,
    ) -> Result<crate::puzzle::exact::ExactResult, crate::puzzle::PuzzleError> {
        exact::solve(self, marks, req, cancel)
    }

    /// Takuzu's "no two equal lines" joins the ladder as a rule of its own.
    fn ladder(&self) -> Result<crate::puzzle::deduce::LadderSpec, String> {
        ladder::ladder(self)
    }

    /// No two equal lines (Takuzu), which no sum expresses.
    fn extra_violations(&self, grid: &BinaryMatrix) -> Vec<Violation> {
        self.repeated_lines(grid)
    }

    fn prunes_partial(&self) -> bool {
        self.unique_lines
    }

    /// Two complete rows (or columns) alike rule a partial answer out early,
    /// rather than at every complete grid.
    fn partial_possible(&self, cells: &[Option<bool>]) -> bool {
        let (rows, cols) = (self.rows, self.cols);
        let line = |cells_of: &dyn Fn(usize) -> Vec<usize>, count: usize| {
            let complete: Vec<Vec<bool>> = (0..count)
                .filter_map(|k| cells_of(k).into_iter().map(|c| cells[c]).collect::<Option<Vec<bool>>>())
                .collect();
            (0..complete.len()).all(|a| (a + 1..complete.len()).all(|b| complete[a] != complete[b]))
        };
        line(&|i| (0..cols).map(|j| i * cols + j).collect(), rows)
            && line(&|j| (0..rows).map(|i| i * cols + j).collect(), cols)
    }
}

impl Look for BinaryPuzzle {
    fn links(&self) -> Vec<((usize, usize), (usize, usize), bool)> {
        self.links.iter().map(|l| (l.a, l.b, l.opposite)).collect()
    }

    /// Balanced lines need no numbers on the edges.
    fn edge_labels(&self) -> (Vec<String>, Vec<String>) {
        let half = |v: &[CountSpec], n: usize| v.iter().all(|c| *c == CountSpec::Exactly(n as u32 / 2));
        if half(&self.row_ones, self.cols) && half(&self.col_ones, self.rows) {
            (vec![String::new(); self.rows], vec![String::new(); self.cols])
        } else {
            (count_labels(&self.row_ones), count_labels(&self.col_ones))
        }
    }

    fn cell_marks(&self) -> (Vec<CellMark>, Vec<Option<u16>>) {
        let mut marks = vec![CellMark::Empty; self.rows * self.cols];
        for &(r, c, v) in &self.givens {
            marks[r * self.cols + c] = CellMark::Digit(v);
        }
        (marks, self.regions.iter().map(|&k| Some(k)).collect())
    }

    fn answer_symbol(&self, _r: usize, _c: usize, one: bool) -> char {
        if one { '1' } else { '0' }
    }

    fn answer_glyph(&self) -> AnswerGlyph {
        AnswerGlyph::Digits
    }
}

impl Authoring for BinaryPuzzle {
    const GENERATORS: &'static [&'static dyn Generator<Family = Self>] =
        &[&draft::TAKUZU, &draft::BINAIRO, &draft::TANGO];

    /// `puzzles/tango-6.txt` without the given 1 at row 1, col 1: 2
    /// solutions; a given at one of the cells where they differ repairs it.
    const SETTER_EXAMPLE: &'static str = "tango 6x6\ngrid\n....1.\n0.....\n..0..1\n...11.\n......\n.....0\n\
        links 1,2=1,3 2,5x2,6 3,1=4,1 5,3x5,4 6,2=6,3 4,6x5,6\n";

    fn tools(&self) -> Vec<Tool> {
        vec![
            Tool::Given,
            Tool::Link { opposite: false },
            Tool::Link { opposite: true },
            Tool::Region(0),
        ]
    }

    /// A given cycles 0 → 1 → none.
    fn apply(&mut self, tool: Tool, (r, c): (usize, usize)) -> Result<(), String> {
        match tool {
            Tool::Given => {
                let now = self.givens.iter().position(|g| (g.0, g.1) == (r, c));
                match now.map(|i| (i, self.givens[i].2)) {
                    None => self.givens.push((r, c, false)),
                    Some((i, false)) => self.givens[i].2 = true,
                    Some((i, true)) => {
                        self.givens.remove(i);
                    }
                }
            }
            Tool::Region(k) => {
                paint(&mut self.regions, self.rows * self.cols, r * self.cols + c, k);
                let fill = self.region_ones.first().copied().unwrap_or(CountSpec::Free);
                fit_counts(&mut self.region_ones, &self.regions, fill);
            }
            other => return Err(not_applicable(other, Rules::family(self))),
        }
        Ok(())
    }

    fn toggle_link(&mut self, a: (usize, usize), b: (usize, usize), opposite: bool) -> Result<(), String> {
        let same = |l: &BinaryLink| (l.a == a && l.b == b) || (l.a == b && l.b == a);
        match self.links.iter().position(same) {
            Some(i) if self.links[i].opposite == opposite => {
                self.links.remove(i);
            }
            Some(i) => self.links[i].opposite = opposite,
            None => self.links.push(BinaryLink { a, b, opposite }),
        }
        Ok(())
    }

    fn clue_fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("ones-rows", counts_text(&self.row_ones)),
            ("ones-cols", counts_text(&self.col_ones)),
        ]
    }

    fn setter_clues(&self) -> Vec<Clue> {
        self.givens
            .iter()
            .map(|&(r, c, v)| Clue::Given(r, c, if v { "1" } else { "0" }.into()))
            .chain(self.links.iter().map(|l| Clue::Link(l.a, l.b, l.opposite)))
            .collect()
    }

    fn without_clue(&self, clue: &Clue) -> BinaryPuzzle {
        let mut out = self.clone();
        match clue {
            Clue::Given(r, c, _) => out.givens.retain(|g| (g.0, g.1) != (*r, *c)),
            Clue::Link(x, y, _) => out.links.retain(|l| (l.a, l.b) != (*x, *y)),
            Clue::Count(..) => {}
        }
        out
    }

    fn edit_kinds(&self) -> Vec<EditKind> {
        vec![EditKind::AddGiven]
    }

    /// A 0 or a 1 given where solutions differ.
    fn repair_edits(&self, seen: &Seen) -> Vec<Edit<BinaryPuzzle>> {
        let cols = self.cols;
        let mut out = Vec::new();
        for &cell in seen.differing {
            let (r, c) = (cell / cols, cell % cols);
            for v in [false, true] {
                let mut q = self.clone();
                q.givens.push((r, c, v));
                out.push(Edit {
                    kind: EditKind::AddGiven,
                    description: format!("give {} at {}", u8::from(v), at(cell, cols)),
                    cells: vec![(r, c)],
                    puzzle: q,
                });
            }
        }
        out
    }
}

impl FamilyType for BinaryPuzzle {
    const KEYWORDS: &'static [(&'static str, &'static str)] = &[
        ("takuzu", "Takuzu: balanced lines, no three alike, no two equal lines"),
        ("binairo", "Binairo: as Takuzu but lines may repeat"),
        ("tango", "LinkedIn Tango: Binairo with '=' and 'x' links"),
    ];
    const TITLES: &'static [(&'static str, &'static str)] =
        &[("takuzu", "Takuzu"), ("binairo", "Binairo"), ("tango", "Tango")];

    fn parse(s: &Sections) -> Result<BinaryPuzzle, String> {
        BinaryPuzzle::parse(s)
    }

    fn blank_body(_keyword: &str, _rows: usize, _cols: usize) -> String {
        String::new()
    }
}
