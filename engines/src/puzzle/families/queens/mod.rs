//! Queens and its generalisations from "A QUBO Formulation for the Generalized
//! LinkedIn Queens and Takuzu/Tango Game" (§2): counts per row, column and
//! region (exact, or "q or q + 1"), diagonal exclusion up to a distance (1 is
//! LinkedIn Queens, `FULL` the N-queens problem), soft regions (0 or 1),
//! toroidal and cylindrical boards, holes (irregular boards) and pre-placed
//! queens. Star Battle is this family with q stars that never touch.

mod count;
mod dlx;
pub(crate) mod draft;

use crate::puzzle::error::PuzzleError;
use crate::puzzle::exact::{ExactRequest, ExactResult};
use crate::puzzle::family::kit::{count_labels, counts_text, fit_counts, not_applicable, paint, toggle};
use crate::puzzle::family::repair_kit::{at, boundary_moves, drop_given, given_clues};
use crate::puzzle::family::{AnswerGlyph, Authoring, FamilyType, Generator, Look, Rules, solve_by_search};
use crate::puzzle::family::{Clue, Edit, EditKind, Seen};
use crate::puzzle::model::{Cell, Constraint, PuzzleModel};
use crate::puzzle::text::{CountSpec, Sections, cells_line, counts_line, regions_from_grid};
use crate::puzzle::vocab::region_char;
use crate::puzzle::vocab::{CellMark, Tool};
use crate::puzzle::vocab::{NO_REGION, Wrap};
use crate::run::CancelFlag;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Diagonal distance meaning "the whole diagonal" (N-queens).
pub const FULL: u32 = u32::MAX;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Queens {
    pub rows: usize,
    pub cols: usize,
    /// Region of each cell, row-major ([`NO_REGION`] for holes; empty: no regions).
    #[serde(default)]
    pub regions: Vec<u16>,
    /// Queens per region, by region id.
    #[serde(default)]
    pub region_counts: Vec<CountSpec>,
    pub row_counts: Vec<CountSpec>,
    pub col_counts: Vec<CountSpec>,
    /// No two queens within this many steps along a diagonal (0: no rule).
    pub diagonal: u32,
    /// No two queens touch, orthogonally or diagonally (Star Battle).
    #[serde(default)]
    pub no_touch: bool,
    #[serde(default)]
    pub wrap: Wrap,
    /// Cells not on the board (irregular boards).
    #[serde(default)]
    pub holes: Vec<(usize, usize)>,
    /// Pre-placed queens.
    #[serde(default)]
    pub given: Vec<(usize, usize)>,
}

impl Queens {
    /// LinkedIn Queens on a region grid: one queen per row, column and region,
    /// queens never touch diagonally.
    pub fn linkedin(n: usize, regions: Vec<u16>) -> Queens {
        let k = region_count(&regions);
        Queens {
            rows: n,
            cols: n,
            regions,
            region_counts: vec![CountSpec::Exactly(1); k],
            row_counts: vec![CountSpec::Exactly(1); n],
            col_counts: vec![CountSpec::Exactly(1); n],
            diagonal: 1,
            no_touch: false,
            wrap: Wrap::None,
            holes: Vec::new(),
            given: Vec::new(),
        }
    }

    /// The N-queens problem (no regions, whole diagonals).
    pub fn n_queens(n: usize) -> Queens {
        Queens {
            diagonal: FULL,
            ..Queens::linkedin(n, Vec::new())
        }
    }

    /// Star Battle: `stars` per row, column and region, stars never touch.
    pub fn star_battle(n: usize, regions: Vec<u16>, stars: u32) -> Queens {
        let mut q = Queens::linkedin(n, regions);
        for c in q
            .row_counts
            .iter_mut()
            .chain(&mut q.col_counts)
            .chain(&mut q.region_counts)
        {
            *c = CountSpec::Exactly(stars);
        }
        q.diagonal = 0;
        q.no_touch = true;
        q
    }

    pub fn region_count(&self) -> usize {
        region_count(&self.regions)
    }

    pub fn validate(&self) -> Result<(), String> {
        let (r, c) = (self.rows, self.cols);
        crate::puzzle::model::check_board_size(r, c)?;
        if !self.regions.is_empty() && self.regions.len() != r * c {
            return Err(format!("{} region cells for a {r}x{c} board", self.regions.len()));
        }
        crate::puzzle::model::check_regions(&self.regions, Some(NO_REGION))?;
        if self.diagonal != FULL && self.diagonal > 64 {
            return Err(format!("a diagonal distance of {}: 0 to 64, or full", self.diagonal));
        }
        use crate::puzzle::model::check_counts;
        check_counts("row counts", &self.row_counts)?;
        check_counts("column counts", &self.col_counts)?;
        check_counts("region counts", &self.region_counts)?;
        if self.region_counts.len() != self.region_count() {
            return Err(format!(
                "{} region counts for {} regions",
                self.region_counts.len(),
                self.region_count()
            ));
        }
        if self.row_counts.len() != r || self.col_counts.len() != c {
            return Err(format!(
                "{} row counts and {} column counts for a {r}x{c} board",
                self.row_counts.len(),
                self.col_counts.len()
            ));
        }
        if let Some((a, b)) = self.holes.iter().chain(&self.given).find(|(a, b)| *a >= r || *b >= c) {
            return Err(format!(
                "{} is outside the {r}x{c} board",
                crate::puzzle::model::row_col(*a, *b)
            ));
        }
        if let Some(cell) = (0..self.regions.len())
            .find(|&cell| self.regions[cell] == NO_REGION && !self.holes.contains(&(cell / c, cell % c)))
        {
            return Err(format!(
                "row {}, col {} is in no region but not a hole",
                cell / c + 1,
                cell % c + 1
            ));
        }
        Ok(())
    }

    /// Pairs of cells within the diagonal distance of each other, or touching.
    fn attacks(&self) -> (BTreeSet<(Cell, Cell)>, BTreeSet<(Cell, Cell)>) {
        let (rows, cols) = (self.rows, self.cols);
        let mut diagonal = BTreeSet::new();
        let mut touch = BTreeSet::new();
        let reach = (self.diagonal as u64).min(rows.max(cols) as u64) as i64;
        for r in 0..rows {
            for c in 0..cols {
                let a = r * cols + c;
                for (dr, dc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    for k in 1..=reach {
                        if let Some((nr, nc)) = self.wrap.step(rows, cols, r, c, dr * k, dc * k) {
                            let b = nr * cols + nc;
                            if a != b {
                                diagonal.insert((a.min(b), a.max(b)));
                            }
                        }
                    }
                }
                if self.no_touch {
                    for (dr, dc) in [(0, 1), (1, -1), (1, 0), (1, 1)] {
                        if let Some((nr, nc)) = self.wrap.step(rows, cols, r, c, dr, dc) {
                            let b = nr * cols + nc;
                            if a != b {
                                touch.insert((a.min(b), a.max(b)));
                            }
                        }
                    }
                }
            }
        }
        // A touching pair on a diagonal is reported once, as touching.
        let diagonal = diagonal.difference(&touch).copied().collect();
        (diagonal, touch)
    }

    pub fn model(&self) -> Result<PuzzleModel, String> {
        self.validate()?;
        let (rows, cols) = (self.rows, self.cols);
        let noun = if self.no_touch && self.diagonal == 0 {
            "star"
        } else {
            "queen"
        };
        let mut m = PuzzleModel::new(rows, cols, noun);
        for &(r, c) in &self.holes {
            m.fix(r * cols + c, false, "not on the board");
        }
        for &(r, c) in &self.given {
            m.fix(r * cols + c, true, "a given queen");
        }
        let mut row_lines = Vec::new();
        for (i, &spec) in self.row_counts.iter().enumerate() {
            row_lines.push(m.constraints.len());
            m.count_spec(
                (0..cols).map(|j| i * cols + j).collect(),
                spec,
                format!("row {}", i + 1),
            );
        }
        let mut col_lines = Vec::new();
        for (j, &spec) in self.col_counts.iter().enumerate() {
            col_lines.push(m.constraints.len());
            m.count_spec(
                (0..rows).map(|i| i * cols + j).collect(),
                spec,
                format!("column {}", j + 1),
            );
        }
        // Bands need every line counted (a free line has no constraint).
        for lines in [row_lines, col_lines] {
            if lines.windows(2).all(|w| w[1] == w[0] + 1) && lines.last().is_some_and(|&l| l < m.constraints.len()) {
                m.line_groups.push(lines);
            }
        }
        for (k, &spec) in self.region_counts.iter().enumerate() {
            let cells: Vec<Cell> = (0..rows * cols).filter(|&c| self.regions[c] as usize == k).collect();
            if cells.is_empty() {
                return Err(format!("region {} has no cell", region_char(k)));
            }
            let what = format!(
                "region {} ({})",
                region_char(k),
                m.name(cells.first().copied().unwrap_or(0))
            );
            m.count_spec(cells, spec, what);
        }
        let (diagonal, touch) = self.attacks();
        for (a, b) in diagonal {
            m.not_both(a, b, 1.0, "share a diagonal");
        }
        for (a, b) in touch {
            m.not_both(a, b, 1.0, "touch");
        }
        Ok(m)
    }

    /// One queen per row, column and region, queens only kept from touching
    /// diagonally, every cell in a region, no holes, no wrap, no givens: then
    /// the puzzle is an exact cover (rows, columns, regions primary; every 2×2
    /// window secondary) and dancing links solves it.
    /// Sums every answer keeps anyway, which only the exact solver uses (the
    /// QUBO has the rules they follow from). For a band of consecutive rows (or
    /// columns) with exact counts, the band's cells outside the regions lying
    /// wholly inside it hold what those regions leave of the band's count — the
    /// counting argument Star Battle solvers use ("these three regions fill
    /// these three rows"), which bound propagation cannot find on its own.
    pub fn implied_constraints(&self) -> Vec<Constraint> {
        let (rows, cols) = (self.rows, self.cols);
        let exact = |v: &[CountSpec]| -> Option<Vec<i64>> {
            v.iter()
                .map(|c| match c {
                    CountSpec::Exactly(n) => Some(*n as i64),
                    _ => None,
                })
                .collect()
        };
        let holes: BTreeSet<(usize, usize)> = self.holes.iter().copied().collect();
        let region_counts = exact(&self.region_counts);
        let mut out = Vec::new();
        // Without regions there is nothing to count against (N-queens): the
        // band sums alone would only slow the search.
        if self.regions.is_empty() || region_counts.is_none() {
            return out;
        }
        let Some(rc) = region_counts else { return out };
        // Each region's first and last row and column: a region lies in a band
        // of lines exactly when its span does.
        let mut span = vec![(usize::MAX, 0, usize::MAX, 0); rc.len()];
        for (cell, &k) in self.regions.iter().enumerate() {
            if k != NO_REGION {
                let (r, c) = (cell / cols, cell % cols);
                let s = &mut span[k as usize];
                *s = (s.0.min(r), s.1.max(r), s.2.min(c), s.3.max(c));
            }
        }
        for by_rows in [true, false] {
            let (lines, len) = if by_rows { (rows, cols) } else { (cols, rows) };
            let Some(counts) = exact(if by_rows { &self.row_counts } else { &self.col_counts }) else {
                continue;
            };
            let cell = |line: usize, k: usize| if by_rows { (line, k) } else { (k, line) };
            // Bands up to half the board: longer ones cost more than they find
            // (measured on the published Star Battles).
            for a in 0..lines {
                for b in a + 1..lines.min(a + lines.div_ceil(2)) {
                    let inside: BTreeSet<u16> = (0..rc.len() as u16)
                        .filter(|&k| {
                            let (r0, r1, c0, c1) = span[k as usize];
                            let (lo, hi) = if by_rows { (r0, r1) } else { (c0, c1) };
                            lo >= a && hi <= b
                        })
                        .collect();
                    if inside.is_empty() {
                        continue;
                    }
                    let rest: i64 =
                        counts[a..=b].iter().sum::<i64>() - inside.iter().map(|&k| rc[k as usize]).sum::<i64>();
                    let outside: Vec<(usize, i64)> = (a..=b)
                        .flat_map(|l| (0..len).map(move |k| cell(l, k)))
                        .filter(|c| !holes.contains(c))
                        .map(|(r, c)| r * cols + c)
                        .filter(|&c| !inside.contains(&self.regions[c]))
                        .map(|c| (c, 1))
                        .collect();
                    if rest >= 0 && !outside.is_empty() {
                        out.push(Constraint::Sum {
                            terms: outside,
                            lo: rest,
                            hi: rest,
                            what: "a band outside its regions".into(),
                        });
                    }
                }
            }
        }
        out
    }

    pub fn is_exact_cover(&self) -> bool {
        let one = |v: &[CountSpec]| v.iter().all(|&c| c == CountSpec::Exactly(1));
        self.rows == self.cols
            && !self.regions.is_empty()
            && one(&self.row_counts)
            && one(&self.col_counts)
            && one(&self.region_counts)
            && (self.diagonal == 1 || (self.diagonal == 0 && self.no_touch))
            && self.wrap == Wrap::None
    }

    pub fn parse(s: &Sections) -> Result<Queens, String> {
        let (rows, cols) = (s.rows, s.cols);
        let default_count = match s.family.as_str() {
            "star-battle" => s.number("stars", 16)?.unwrap_or(2),
            _ => s.number("count", 64)?.unwrap_or(1),
        };
        let all = |n: usize| vec![CountSpec::Exactly(default_count); n];
        let grid = s.grid("regions")?;
        let (mut regions, mut holes) = (Vec::new(), Vec::new());
        if let Some(g) = &grid {
            for (cell, id) in regions_from_grid(g, '#').into_iter().enumerate() {
                if id.is_none() {
                    holes.push((cell / cols, cell % cols));
                }
                regions.push(id.unwrap_or(NO_REGION));
            }
        }
        for cell in s.cells("holes")? {
            if !holes.contains(&cell) {
                holes.push(cell);
            }
        }
        let k = region_count(&regions);
        let (diagonal, no_touch) = match s.family.as_str() {
            "queens" => (1, false),
            "n-queens" => (FULL, false),
            "star-battle" => (0, true),
            other => return Err(format!("'{other}' is not a queens family")),
        };
        let diagonal = match s.word("diagonal")? {
            None => diagonal,
            Some(w) if w == "full" => FULL,
            Some(w) => w.parse().ok().filter(|&d| d <= 64).ok_or_else(|| {
                s.value_error(
                    "diagonal",
                    &format!("`diagonal` is a distance 0 to 64 or `full`, not '{w}'"),
                )
            })?,
        };
        let wrap = match s.word("wrap")? {
            None => Wrap::None,
            Some(w) => Wrap::parse(&w)
                .ok_or_else(|| s.value_error("wrap", &format!("`wrap` is none, cylinder or torus, not '{w}'")))?,
        };
        let q = Queens {
            rows,
            cols,
            region_counts: s.counts("region-counts", k)?.unwrap_or_else(|| all(k)),
            regions,
            row_counts: s.counts("rows", rows)?.unwrap_or_else(|| all(rows)),
            col_counts: s.counts("cols", cols)?.unwrap_or_else(|| all(cols)),
            diagonal,
            no_touch: no_touch || s.flag("touch-free")? || s.flag("no-touch")?,
            wrap,
            holes,
            given: s.cells("queens")?,
        };
        q.validate()?;
        Ok(q)
    }

    pub fn to_text(&self) -> String {
        // A Star Battle is written as one (its header says no stars touch and
        // there is no diagonal rule); with the same count everywhere, as `stars k`.
        let star = self.family() == "star-battle";
        let mut counts = self
            .row_counts
            .iter()
            .chain(&self.col_counts)
            .chain(&self.region_counts);
        let uniform = match counts.next() {
            Some(CountSpec::Exactly(k)) if counts.all(|c| *c == CountSpec::Exactly(*k)) => Some(*k),
            _ => None,
        };
        let mut out = format!(
            "{} {}x{}\n",
            if star { "star-battle" } else { "queens" },
            self.rows,
            self.cols
        );
        match uniform {
            Some(k) if star && !self.regions.is_empty() => out += &format!("stars {k}\n"),
            _ => {
                out += &counts_line("rows", &self.row_counts);
                out += &counts_line("cols", &self.col_counts);
            }
        }
        if !star {
            out += &match self.diagonal {
                FULL => "diagonal full\n".to_string(),
                d => format!("diagonal {d}\n"),
            };
            if self.no_touch {
                out += "no-touch\n";
            }
        }
        if self.wrap != Wrap::None {
            out += &format!("wrap {}\n", self.wrap.name());
        }
        if !self.regions.is_empty() {
            out += "regions\n";
            for r in 0..self.rows {
                let line: String = (0..self.cols)
                    .map(|c| match self.regions[r * self.cols + c] {
                        NO_REGION => '#',
                        k => region_char(k as usize),
                    })
                    .collect();
                out += &line;
                out.push('\n');
            }
            if !(star && uniform.is_some()) {
                out += &counts_line("region-counts", &self.region_counts);
            }
        }
        let loose: Vec<(usize, usize)> = self
            .holes
            .iter()
            .filter(|&&(r, c)| self.regions.get(r * self.cols + c) != Some(&NO_REGION))
            .copied()
            .collect();
        if !loose.is_empty() {
            out += &cells_line("holes", &loose);
        }
        if !self.given.is_empty() {
            out += &cells_line("queens", &self.given);
        }
        out
    }
}

/// Regions in a region vector (ids below [`NO_REGION`]).
fn region_count(regions: &[u16]) -> usize {
    regions
        .iter()
        .filter(|&&r| r != NO_REGION)
        .map(|&r| r as usize + 1)
        .max()
        .unwrap_or(0)
}

impl Rules for Queens {
    fn family(&self) -> &'static str {
        if self.no_touch && self.diagonal == 0 {
            "star-battle"
        } else if self.diagonal == FULL && self.regions.is_empty() {
            "n-queens"
        } else {
            "queens"
        }
    }

    fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn rules(&self) -> String {
        use crate::puzzle::model::counts_in_words;
        let noun = if self.no_touch && self.diagonal == 0 {
            "stars"
        } else {
            "queens"
        };
        let mut s = format!(
            "Place {noun}: {} in each row, {} in each column",
            counts_in_words(&self.row_counts),
            counts_in_words(&self.col_counts)
        );
        if !self.regions.is_empty() {
            s += &format!(", {} in each region", counts_in_words(&self.region_counts));
        }
        s += ".";
        if self.no_touch {
            s += &format!(" No two {noun} touch, not even diagonally.");
        }
        match self.diagonal {
            0 => {}
            FULL => s += " No two share a diagonal.",
            1 => s += " No two lie next to each other along a diagonal.",
            d => s += &format!(" No two lie within {d} steps along a diagonal."),
        }
        if self.wrap != Wrap::None {
            s += " The edges wrap around.";
        }
        if !self.given.is_empty() {
            s += " The given ones stay.";
        }
        s
    }

    fn to_text(&self) -> String {
        Queens::to_text(self)
    }

    fn model(&self) -> Result<PuzzleModel, String> {
        Queens::model(self)
    }

    /// N-queens goes to its bitset counter; LinkedIn-style boards are an
    /// exact cover: dancing links count them.
    fn solve_exact(&self, req: ExactRequest, cancel: &CancelFlag) -> Result<ExactResult, PuzzleError> {
        if let Some(why) = self.totals_disagree() {
            return Ok(ExactResult {
                why_none: Some(why),
                ..ExactResult::empty()
            });
        }
        if count::fits(self) {
            count::solve(self, req, cancel)
        } else if self.is_exact_cover() {
            dlx::solve(self, req, cancel)
        } else {
            solve_by_search(self, req, cancel)
        }
    }

    /// The rules plus what they imply for bands of lines and regions.
    fn exact_model(&self) -> Result<PuzzleModel, String> {
        let mut model = Queens::model(self)?;
        model.constraints.extend(self.implied_constraints());
        Ok(model)
    }
}

impl Queens {
    /// Every piece stands in one row and one column, so when every line's
    /// count is exact the rows and the columns must ask for the same number
    /// in all: a 16×12 Star Battle with one star per line cannot be solved,
    /// which a search would take its whole time limit to find out.
    fn totals_disagree(&self) -> Option<String> {
        let total = |counts: &[CountSpec]| -> Option<u64> {
            counts
                .iter()
                .map(|c| match c {
                    CountSpec::Exactly(k) => Some(u64::from(*k)),
                    _ => None,
                })
                .sum()
        };
        let (rows, cols) = (total(&self.row_counts)?, total(&self.col_counts)?);
        (rows != cols).then(|| {
            let noun = if self.no_touch && self.diagonal == 0 {
                "star"
            } else {
                "queen"
            };
            format!("the rows ask for {rows} {noun}s in all and the columns for {cols}")
        })
    }
}

impl Look for Queens {
    /// One queen per line needs no numbers on the edges.
    fn edge_labels(&self) -> (Vec<String>, Vec<String>) {
        let plain = |v: &[CountSpec]| v.iter().all(|c| *c == CountSpec::Exactly(1));
        if plain(&self.row_counts) && plain(&self.col_counts) {
            (vec![String::new(); self.rows], vec![String::new(); self.cols])
        } else {
            (count_labels(&self.row_counts), count_labels(&self.col_counts))
        }
    }

    fn cell_marks(&self) -> (Vec<CellMark>, Vec<Option<u16>>) {
        let mut marks = vec![CellMark::Empty; self.rows * self.cols];
        for &(r, c) in &self.holes {
            marks[r * self.cols + c] = CellMark::Hole;
        }
        for &(r, c) in &self.given {
            marks[r * self.cols + c] = CellMark::GivenOne;
        }
        let regions = self.regions.iter().map(|&k| (k != NO_REGION).then_some(k)).collect();
        (marks, regions)
    }

    fn answer_symbol(&self, r: usize, c: usize, one: bool) -> char {
        match one {
            true if self.no_touch => '*',
            true => 'Q',
            false if self.holes.contains(&(r, c)) => '_',
            false => '.',
        }
    }

    fn answer_glyph(&self) -> AnswerGlyph {
        if self.no_touch {
            AnswerGlyph::Star
        } else {
            AnswerGlyph::Disc
        }
    }
}

impl Authoring for Queens {
    const GENERATORS: &'static [&'static dyn Generator<Family = Self>] =
        &[&draft::QueensGenerator, &draft::StarBattleGenerator];

    /// `puzzles/linkedin-queens-1.txt` with row 6, col 1 moved from region a
    /// into region h: 2 solutions; a queen given or a boundary moved repairs it.
    const SETTER_EXAMPLE: &'static str = "queens 8x8\nrows 1 1 1 1 1 1 1 1\ncols 1 1 1 1 1 1 1 1\ndiagonal 1\nregions\n\
        aabbbccc\nadbdbecc\nadbdbccc\nadddbfgc\nadddbfgg\nhdhdbfgg\nhdhdbffg\nhhhhgggg\n\
        region-counts 1 1 1 1 1 1 1 1\n";

    /// N-queens has no regions: painting one would make it another family.
    fn tools(&self) -> Vec<Tool> {
        if Rules::family(self) == "n-queens" {
            vec![Tool::Hole, Tool::Given]
        } else {
            vec![Tool::Region(0), Tool::Hole, Tool::Given]
        }
    }

    fn apply(&mut self, tool: Tool, (r, c): (usize, usize)) -> Result<(), String> {
        let (rows, cols) = (self.rows, self.cols);
        let cell = r * cols + c;
        match tool {
            Tool::Region(_) if Rules::family(self) == "n-queens" => {
                return Err("N-queens has no regions (start a Queens puzzle to paint them)".into());
            }
            Tool::Region(k) => {
                paint(&mut self.regions, rows * cols, cell, k);
                self.holes.retain(|&h| h != (r, c));
                let fill = self.region_counts.first().copied().unwrap_or(CountSpec::Exactly(1));
                fit_counts(&mut self.region_counts, &self.regions, fill);
            }
            Tool::Hole => {
                toggle(&mut self.holes, (r, c));
                self.given.retain(|&g| g != (r, c));
                if self.regions.len() == rows * cols {
                    self.regions[cell] = if self.holes.contains(&(r, c)) { NO_REGION } else { 0 };
                }
            }
            Tool::Given => {
                if self.holes.contains(&(r, c)) {
                    return Err(format!("{} is a hole", crate::puzzle::model::row_col(r, c)));
                }
                toggle(&mut self.given, (r, c));
            }
            other => return Err(not_applicable(other, Rules::family(self))),
        }
        Ok(())
    }

    fn clue_fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("rows", counts_text(&self.row_counts)),
            ("cols", counts_text(&self.col_counts)),
        ]
    }

    fn setter_clues(&self) -> Vec<Clue> {
        given_clues(&self.given, "queen")
    }

    fn without_clue(&self, clue: &Clue) -> Queens {
        let mut out = self.clone();
        drop_given(&mut out.given, clue);
        out
    }

    fn edit_kinds(&self) -> Vec<EditKind> {
        use EditKind::*;
        match self.regions.is_empty() {
            false if self.rows == self.cols => vec![MoveBoundary, AddGiven, Block],
            false => vec![AddGiven, Block],
            true => vec![AddGiven],
        }
    }

    /// A queen (a star) given or a cell blocked (a hole, unless it is its
    /// region's last cell) where solutions differ, then, on a square board
    /// with regions, every boundary move.
    fn repair_edits(&self, seen: &Seen) -> Vec<Edit<Queens>> {
        let cols = self.cols;
        let mut out = Vec::new();
        for &cell in seen.differing {
            let (r, c) = (cell / cols, cell % cols);
            for v in [false, true] {
                let mut q = self.clone();
                let (kind, description) = if v {
                    q.given.push((r, c));
                    let what = if q.no_touch && q.diagonal == 0 { "star" } else { "queen" };
                    (EditKind::AddGiven, format!("give a {what} at {}", at(cell, cols)))
                } else {
                    let k = q.regions.get(cell).copied();
                    let alone = k.is_some_and(|k| q.regions.iter().filter(|&&y| y == k).count() <= 1);
                    if alone || q.regions.is_empty() {
                        continue;
                    }
                    q.regions[cell] = NO_REGION;
                    q.holes.push((r, c));
                    (EditKind::Block, format!("block {} (a hole)", at(cell, cols)))
                };
                out.push(Edit {
                    kind,
                    description,
                    cells: vec![(r, c)],
                    puzzle: q,
                });
            }
        }
        if !self.regions.is_empty() && self.rows == self.cols {
            out.extend(boundary_moves(&self.regions, self.rows, |regions| Queens {
                regions,
                ..self.clone()
            }));
        }
        out
    }
}

impl FamilyType for Queens {
    const KEYWORDS: &'static [(&'static str, &'static str)] = &[
        (
            "queens",
            "LinkedIn Queens and generalisations (counts, diagonals, wrap, holes)",
        ),
        ("n-queens", "the N-queens problem (whole diagonals, no regions)"),
        (
            "star-battle",
            "Star Battle: q stars per row, column and region, never touching",
        ),
    ];
    const TITLES: &'static [(&'static str, &'static str)] = &[
        ("queens", "Queens"),
        ("n-queens", "N-queens"),
        ("star-battle", "Star Battle"),
    ];

    fn parse(s: &Sections) -> Result<Queens, String> {
        Queens::parse(s)
    }

    fn blank_body(keyword: &str, _rows: usize, _cols: usize) -> String {
        match keyword {
            "star-battle" => "stars 1\n".into(),
            _ => String::new(),
        }
    }
}
