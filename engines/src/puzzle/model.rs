//! The common form of the grid puzzles of "A QUBO Formulation for the
//! Generalized LinkedIn Queens and Takuzu/Tango Game" and of Rullo: every cell
//! is 0 or 1, and the rules are linear constraints over cells, "not both"
//! pairs, fixed cells and '='/'x' links. Each family builds one
//! [`PuzzleModel`]; the exact solver, the QUBO and the checker all read it, so
//! they agree on what the rules are.

use crate::geometry::BinaryMatrix;

/// A cell as `row * cols + col`.
pub type Cell = usize;

/// A rule over cells.
#[derive(Clone, Debug, PartialEq)]
pub enum Constraint {
    /// `lo ≤ Σ weight·x ≤ hi`. In the QUBO: `(t − Σ weight·x)²` with `t = lo`
    /// when `lo == hi` and the fractional `t = lo + ½` when `hi == lo + 1`.
    Sum {
        terms: Vec<(Cell, i64)>,
        lo: i64,
        hi: i64,
        /// What it constrains, for messages ("row 3", "the region of (2,5)").
        what: String,
    },
    /// Not both cells 1. In the QUBO: `weight·x_a·x_b`.
    NotBoth {
        a: Cell,
        b: Cell,
        weight: f64,
        /// Why, for messages: "touch", "share a diagonal", "threaten each other".
        why: &'static str,
    },
}

/// A cell whose value the puzzle fixes, and why ("given", "a tree", "not on the board").
#[derive(Clone, Debug, PartialEq)]
pub struct Fixed {
    pub cell: Cell,
    pub value: bool,
    pub why: &'static str,
}

/// Two cells that must be equal ('=') or different ('x').
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub a: Cell,
    pub b: Cell,
    pub opposite: bool,
}

/// A count a line or region must hold: exactly n, n or n + 1, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum CountSpec {
    Exactly(u32),
    OrOneMore(u32),
    Free,
}

/// How a list of counts reads in a sentence: "1" when every line asks the same,
/// otherwise "the number at its edge".
pub fn counts_in_words(counts: &[CountSpec]) -> String {
    match counts.first() {
        Some(first) if counts.iter().all(|c| c == first) => match first {
            CountSpec::Exactly(n) => n.to_string(),
            CountSpec::OrOneMore(n) => format!("{n} or {}", n + 1),
            CountSpec::Free => "any number of".to_string(),
        },
        _ => "the number shown at its edge (- for any)".to_string(),
    }
}

impl CountSpec {
    /// As typed: "3", "3+" (3 or 4), "-" (no count).
    pub fn to_text(self) -> String {
        match self {
            CountSpec::Exactly(n) => n.to_string(),
            CountSpec::OrOneMore(n) => format!("{n}+"),
            CountSpec::Free => "-".into(),
        }
    }
}

/// A puzzle as 0/1 cells under rules.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleModel {
    pub rows: usize,
    pub cols: usize,
    pub fixed: Vec<Fixed>,
    pub links: Vec<Link>,
    pub constraints: Vec<Constraint>,
    /// Maximise `Σ weight·x` (the Max Chess Pieces Problem); empty for
    /// puzzles where any cell assignment meeting the rules is a solution.
    pub objective: Vec<(Cell, f64)>,
    /// What a 1 is called in messages ("queen", "tent", "kept number").
    pub noun: &'static str,
    /// Cells are read as digits, 0 and 1 (Takuzu, Binairo, Tango): messages
    /// say "is 0" rather than "is empty".
    pub digits: bool,
    /// Families of parallel lines, each in order (the rows, the columns), as
    /// indices into `constraints`: the deduction ladder reasons over bands of
    /// consecutive lines against the regions inside them.
    pub line_groups: Vec<Vec<usize>>,
}

/// What a cell is once links and fixed cells are taken into account.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellValue {
    Fixed(bool),
    /// `x_cell = x_var`, or `1 − x_var` when `neg`.
    Var {
        var: u32,
        neg: bool,
    },
}

/// The model's free variables: one per linked chain of cells without a fixed
/// value (union-find with parity), numbered by their first cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Lowered {
    pub cells: Vec<CellValue>,
    /// The first cell of each variable's chain.
    pub var_cells: Vec<Cell>,
}

impl Lowered {
    pub fn vars(&self) -> usize {
        self.var_cells.len()
    }

    /// The value of `cell` under an assignment of the variables.
    pub fn value(&self, cell: Cell, x: &[u8]) -> bool {
        match self.cells[cell] {
            CellValue::Fixed(v) => v,
            CellValue::Var { var, neg } => (x[var as usize] != 0) != neg,
        }
    }

    /// The grid of an assignment.
    pub fn decode(&self, rows: usize, cols: usize, x: &[u8]) -> BinaryMatrix {
        let mut m = BinaryMatrix::zeros(rows, cols);
        for cell in 0..rows * cols {
            if self.value(cell, x) {
                m.set(cell / cols, cell % cols, true);
            }
        }
        m
    }

    /// The assignment of a grid (cells that disagree with a fixed value or a
    /// link are read from the chain's first cell).
    pub fn encode(&self, m: &BinaryMatrix) -> Vec<u8> {
        self.var_cells
            .iter()
            .map(|&cell| {
                let CellValue::Var { neg, .. } = self.cells[cell] else {
                    unreachable!("a variable's cell")
                };
                (m.get(cell / m.cols(), cell % m.cols()) != neg) as u8
            })
            .collect()
    }
}

/// Union-find over cells with the parity to the root.
struct ParityUnion {
    parent: Vec<usize>,
    parity: Vec<bool>,
}

impl ParityUnion {
    fn new(n: usize) -> ParityUnion {
        ParityUnion {
            parent: (0..n).collect(),
            parity: vec![false; n],
        }
    }

    /// The root of `a` and whether `a` differs from it.
    fn find(&mut self, a: usize) -> (usize, bool) {
        let mut path = Vec::new();
        let mut x = a;
        while self.parent[x] != x {
            path.push(x);
            x = self.parent[x];
        }
        // Compress: walk back from the node nearest the root.
        for &y in path.iter().rev() {
            let p = self.parent[y];
            if p != x {
                self.parity[y] ^= self.parity[p];
            }
            self.parent[y] = x;
        }
        (x, self.parity[a] && a != x)
    }

    /// Joins with `a ⊕ b = opposite`; false when that contradicts earlier links.
    fn union(&mut self, a: usize, b: usize, opposite: bool) -> bool {
        let (ra, pa) = self.find(a);
        let (rb, pb) = self.find(b);
        if ra == rb {
            return (pa ^ pb) == opposite;
        }
        let (keep, join) = if ra < rb { (ra, rb) } else { (rb, ra) };
        self.parent[join] = keep;
        self.parity[join] = pa ^ pb ^ opposite;
        true
    }
}

/// A cell as the app names it everywhere: "row 3, col 5", counted from 1
/// (the app's `textview::cell_label` on square boards).
pub fn cell_name(cell: Cell, cols: usize) -> String {
    row_col(cell / cols, cell % cols)
}

/// [`cell_name`] of the 0-based (row, col).
pub fn row_col(r: usize, c: usize) -> String {
    format!("row {}, col {}", r + 1, c + 1)
}

/// Names in a sentence: "a, b and c"; cells ("row 1, col 2") are set apart
/// by semicolons, their own commas being taken ([`crate::quote::and_list`]).
pub fn name_list(names: &[String]) -> String {
    crate::quote::and_list(names, 0)
}

impl PuzzleModel {
    pub fn new(rows: usize, cols: usize, noun: &'static str) -> PuzzleModel {
        PuzzleModel {
            rows,
            cols,
            fixed: Vec::new(),
            links: Vec::new(),
            constraints: Vec::new(),
            objective: Vec::new(),
            noun,
            digits: false,
            line_groups: Vec::new(),
        }
    }

    pub fn cell(&self, r: usize, c: usize) -> Cell {
        r * self.cols + c
    }

    pub fn name(&self, cell: Cell) -> String {
        cell_name(cell, self.cols)
    }

    pub fn fix(&mut self, cell: Cell, value: bool, why: &'static str) {
        self.fixed.push(Fixed { cell, value, why });
    }

    /// Exactly `n` ones among `cells` (or `n` or `n + 1` when `or_one_more`).
    pub fn count(&mut self, cells: impl IntoIterator<Item = Cell>, n: i64, or_one_more: bool, what: String) {
        self.constraints.push(Constraint::Sum {
            terms: cells.into_iter().map(|c| (c, 1)).collect(),
            lo: n,
            hi: n + or_one_more as i64,
            what,
        });
    }

    /// A count constraint from a [`CountSpec`] (nothing for `Free`).
    pub fn count_spec(&mut self, cells: Vec<Cell>, spec: CountSpec, what: String) {
        match spec {
            CountSpec::Exactly(n) => self.count(cells, n as i64, false, what),
            CountSpec::OrOneMore(n) => self.count(cells, n as i64, true, what),
            CountSpec::Free => {}
        }
    }

    pub fn not_both(&mut self, a: Cell, b: Cell, weight: f64, why: &'static str) {
        self.constraints.push(Constraint::NotBoth { a, b, weight, why });
    }

    /// Cells to variables: links joined with parity, fixed values spread over
    /// their chains. Errors name the cells of a contradiction.
    pub fn lower(&self) -> Result<Lowered, String> {
        let n = self.rows * self.cols;
        let mut uf = ParityUnion::new(n);
        for l in &self.links {
            if !uf.union(l.a, l.b, l.opposite) {
                return Err(format!(
                    "the '=' and 'x' links around {} and {} contradict each other",
                    self.name(l.a),
                    self.name(l.b)
                ));
            }
        }
        let mut root_value: Vec<Option<(bool, Cell)>> = vec![None; n];
        for f in &self.fixed {
            let (root, p) = uf.find(f.cell);
            let v = f.value ^ p;
            match root_value[root] {
                Some((w, other)) if w != v => {
                    return Err(format!(
                        "{} ({}) and {} ({}) cannot both hold",
                        self.name(f.cell),
                        f.why,
                        self.name(other),
                        self.fixed.iter().find(|g| g.cell == other).map_or("fixed", |g| g.why)
                    ));
                }
                _ => root_value[root] = Some((v, f.cell)),
            }
        }
        let mut var_of_root = vec![u32::MAX; n];
        let mut var_cells = Vec::new();
        let mut cells = Vec::with_capacity(n);
        for cell in 0..n {
            let (root, p) = uf.find(cell);
            cells.push(match root_value[root] {
                Some((v, _)) => CellValue::Fixed(v ^ p),
                None => {
                    if var_of_root[root] == u32::MAX {
                        var_of_root[root] = var_cells.len() as u32;
                        var_cells.push(cell);
                    }
                    let var = var_of_root[root];
                    // Parity relative to the variable's first cell.
                    let first = var_cells[var as usize];
                    let (_, pf) = uf.find(first);
                    CellValue::Var { var, neg: p ^ pf }
                }
            });
        }
        Ok(Lowered { cells, var_cells })
    }

    /// Every rule a grid breaks, each with the cells to highlight.
    pub fn violations(&self, m: &BinaryMatrix) -> Vec<Violation> {
        let get = |cell: Cell| m.get(cell / self.cols, cell % self.cols);
        let mut out = Vec::new();
        for f in &self.fixed {
            if get(f.cell) != f.value {
                out.push(Violation {
                    message: format!(
                        "{} must be {}: {}",
                        self.name(f.cell),
                        match (f.value, self.digits) {
                            (true, _) => "1",
                            (false, true) => "0",
                            (false, false) => "empty",
                        },
                        f.why
                    ),
                    cells: vec![f.cell],
                    short: false,
                });
            }
        }
        for l in &self.links {
            if (get(l.a) != get(l.b)) != l.opposite {
                out.push(Violation {
                    message: format!(
                        "{} and {} break '{}'",
                        self.name(l.a),
                        self.name(l.b),
                        if l.opposite { 'x' } else { '=' }
                    ),
                    cells: vec![l.a, l.b],
                    short: false,
                });
            }
        }
        for c in &self.constraints {
            match c {
                Constraint::Sum { terms, lo, hi, what } => {
                    let sum: i64 = terms.iter().filter(|(cell, _)| get(*cell)).map(|(_, w)| w).sum();
                    if sum < *lo || sum > *hi {
                        let unit = terms.iter().all(|(_, w)| *w == 1);
                        let need = match (*lo, *hi) {
                            (lo, hi) if lo == hi => format!("{lo}"),
                            (0, hi) => format!("at most {hi}"),
                            (lo, hi) if hi == lo + 1 => format!("{lo} or {hi}"),
                            (lo, hi) => format!("between {lo} and {hi}"),
                        };
                        let has = if unit {
                            format!("{sum} {}", plural(self.noun, sum))
                        } else {
                            format!("a sum of {sum}")
                        };
                        out.push(Violation {
                            message: format!("{what} has {has}, needs {need}"),
                            cells: terms.iter().map(|(cell, _)| *cell).collect(),
                            short: sum < *lo,
                        });
                    }
                }
                Constraint::NotBoth { a, b, why, .. } => {
                    if get(*a) && get(*b) {
                        out.push(Violation {
                            message: format!("{}s at {} and {} {why}", self.noun, self.name(*a), self.name(*b)),
                            cells: vec![*a, *b],
                            short: false,
                        });
                    }
                }
            }
        }
        out
    }

    /// The objective of a grid (0 without one).
    pub fn objective_value(&self, m: &BinaryMatrix) -> f64 {
        self.objective
            .iter()
            .filter(|(cell, _)| m.get(cell / self.cols, cell % self.cols))
            .map(|(_, w)| w)
            .sum()
    }
}

pub(crate) fn plural(noun: &str, n: i64) -> String {
    if n == 1 { noun.to_string() } else { format!("{noun}s") }
}

/// A rule an answer breaks.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Violation {
    pub message: String,
    /// A count below what it needs: more marks may still mend it (Try mode shows
    /// these only when asked, so a half-done answer is not all orange).
    pub short: bool,
    /// Cells to highlight.
    pub cells: Vec<Cell>,
}

/// Every puzzle board is 1 to [`crate::geometry::MAX_SIDE`] cells a side.
/// Counts and targets are at most [`crate::puzzle::vocab::MAX_COUNT`], as the
/// text form reads them (a session or a record may hold any number).
pub fn check_numbers(what: &str, numbers: impl IntoIterator<Item = u32>) -> Result<(), String> {
    let max = crate::puzzle::vocab::MAX_COUNT;
    match numbers.into_iter().find(|&n| n > max) {
        Some(n) => Err(format!("{what}: {n} is over the limit of {max}")),
        None => Ok(()),
    }
}

/// [`check_numbers`] for counts ("3", "3+", "-").
pub fn check_counts(what: &str, counts: &[CountSpec]) -> Result<(), String> {
    check_numbers(
        what,
        counts.iter().filter_map(|c| match *c {
            CountSpec::Exactly(n) | CountSpec::OrOneMore(n) => Some(n),
            CountSpec::Free => None,
        }),
    )
}

/// At most [`MAX_REGIONS`](crate::puzzle::vocab::MAX_REGIONS)
/// regions (the text form names each with one character), and every region id
/// below the largest one names at least one cell (ids are numbered without
/// gaps); `skip` is the id of cells in no region, if the family has holes.
pub fn check_regions(regions: &[u16], skip: Option<u16>) -> Result<(), String> {
    let count = regions
        .iter()
        .filter(|&&r| Some(r) != skip)
        .map(|&r| r as usize + 1)
        .max()
        .unwrap_or(0);
    let max = crate::puzzle::vocab::MAX_REGIONS;
    if count > max {
        return Err(format!("{count} regions: at most {max}"));
    }
    let mut seen = vec![false; count];
    for &r in regions.iter().filter(|&&r| Some(r) != skip) {
        seen[r as usize] = true;
    }
    match seen.iter().position(|&s| !s) {
        Some(k) => Err(format!(
            "region {} has no cell (regions are numbered without gaps)",
            crate::puzzle::vocab::region_char(k)
        )),
        None => Ok(()),
    }
}

pub fn check_board_size(rows: usize, cols: usize) -> Result<(), String> {
    let max = crate::geometry::MAX_SIDE;
    if rows == 0 || cols == 0 || rows > max || cols > max {
        return Err(format!("a {rows}x{cols} board: each side must be 1 to {max}"));
    }
    Ok(())
}
