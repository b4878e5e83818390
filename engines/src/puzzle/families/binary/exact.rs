//! The exact counter of Takuzu, Binairo and Tango puzzles.
//!
//! The model search sees each rule alone: a line's count, and each window of
//! three cells. A half-filled line whose count and runs cannot both be met
//! still looks open to it, so on an empty 16×16 grid it wandered through
//! subtrees without a single solution (no solution in minutes). Here each row
//! and each column is one rule — its count and its longest run together — kept
//! arc consistent: a small dynamic programme over the line says which values
//! each free cell can still take, and a cell with one left is set. The grid is
//! filled row by row. The rules a line does not hold (regions, runs along
//! diagonals or across wrapped edges) stay sums with bounds propagation;
//! links join cells into one variable as in the model (its `lower`); distinct
//! lines (Takuzu) are checked as lines complete.

use super::BinaryPuzzle;
use crate::geometry::BinaryMatrix;
use crate::puzzle::PuzzleError;
use crate::puzzle::exact::{ExactRequest, ExactResult, SearchProgress};
use crate::puzzle::model::{CellValue, CountSpec};
use crate::run::{CancelFlag, Cancelled};

const FREE: u8 = 2;
/// Nodes between looks at the cancel flag and the clock.
const CHECK_EVERY: u64 = 256;
/// Looks at the flag between progress reports.
const REPORT_EVERY: u64 = 16;

/// Counts the solutions of `p` with `marks` (cells fixed on top of its givens).
pub fn solve(
    p: &BinaryPuzzle,
    marks: &[(usize, bool)],
    req: ExactRequest<'_>,
    cancel: &CancelFlag,
) -> Result<ExactResult, PuzzleError> {
    let mut model = p.model().map_err(PuzzleError::Invalid)?;
    for &(cell, v) in marks {
        model.fix(cell, v, "marked");
    }
    let low = match model.lower() {
        Ok(low) => low,
        Err(why) => {
            return Ok(ExactResult {
                why_none: Some(why),
                ..ExactResult::empty()
            });
        }
    };
    let mut s = Search::new(p, &low.cells, req, cancel);
    if s.start() {
        s.search(0);
    }
    if s.cancelled {
        // The clock stops the search with what it found; a cancel is an error.
        if !cancel.timed_out() {
            return Err(Cancelled.into());
        }
        s.result.timed_out = true;
    }
    Ok(s.result)
}

/// A row or a column: its cells in order, its count and its longest run.
struct Line {
    cells: Vec<usize>,
    lo: u32,
    hi: u32,
    run: usize,
}

/// A rule no line holds: `lo ≤ ones among cells ≤ hi`.
struct Sum {
    cells: Vec<usize>,
    lo: u32,
    hi: u32,
}

fn bounds(spec: CountSpec, len: usize) -> (u32, u32) {
    match spec {
        CountSpec::Exactly(n) => (n, n),
        CountSpec::OrOneMore(n) => (n, n + 1),
        CountSpec::Free => (0, len as u32),
    }
}

/// The sums beside the lines: regions, and the run windows that are not a
/// stretch of one row or column (diagonals, wrapped edges).
fn other_sums(p: &BinaryPuzzle) -> Vec<Sum> {
    let cols = p.cols;
    let mut out = Vec::new();
    for (k, &spec) in p.region_ones.iter().enumerate() {
        let cells: Vec<usize> = (0..p.rows * cols).filter(|&c| p.regions[c] as usize == k).collect();
        let (lo, hi) = bounds(spec, cells.len());
        out.push(Sum { cells, lo, hi });
    }
    let along_row = |w: &[usize]| w.windows(2).all(|x| x[1] == x[0] + 1 && x[1] / cols == x[0] / cols);
    let along_col = |w: &[usize]| w.windows(2).all(|x| x[1] == x[0] + cols);
    for w in p.run_windows() {
        if !along_row(&w) && !along_col(&w) {
            out.push(Sum {
                cells: w,
                lo: 1,
                hi: p.max_run,
            });
        }
    }
    out
}

struct Search<'a> {
    rows: usize,
    cols: usize,
    lines: Vec<Line>,
    sums: Vec<Sum>,
    /// The sums each cell is in.
    cell_sums: Vec<Vec<u32>>,
    /// Each cell's variable and whether the cell is its negation (`None`: fixed).
    cell_var: Vec<Option<(u32, bool)>>,
    /// Each variable's cells, with the negation flag.
    var_cells: Vec<Vec<(usize, bool)>>,
    /// Some variable has several cells (links).
    linked: bool,
    var_value: Vec<u8>,
    /// Each cell's value (FREE while open).
    value: Vec<u8>,
    sum_ones: Vec<u32>,
    sum_free: Vec<u32>,
    trail: Vec<u32>,
    line_queue: Vec<u32>,
    line_queued: Vec<bool>,
    sum_queue: Vec<u32>,
    dp: LineDp,
    /// A line's cell values, for the DP (kept to spare an allocation per line).
    vals: Vec<u8>,
    unique: bool,
    /// The order cells are branched on (see [`fill_order`]).
    order: Vec<usize>,
    cancel: &'a CancelFlag,
    req: ExactRequest<'a>,
    result: ExactResult,
    cancelled: bool,
    explored: f64,
    looks: u64,
    depth: u32,
}

impl<'a> Search<'a> {
    fn new(p: &BinaryPuzzle, low: &[CellValue], req: ExactRequest<'a>, cancel: &'a CancelFlag) -> Search<'a> {
        let (rows, cols) = (p.rows, p.cols);
        let n = rows * cols;
        let mut lines = Vec::with_capacity(rows + cols);
        for (i, &spec) in p.row_ones.iter().enumerate() {
            let (lo, hi) = bounds(spec, cols);
            let run = (p.max_run as usize).min(cols);
            lines.push(Line {
                cells: (0..cols).map(|j| i * cols + j).collect(),
                lo,
                hi,
                run,
            });
        }
        for (j, &spec) in p.col_ones.iter().enumerate() {
            let (lo, hi) = bounds(spec, rows);
            let run = (p.max_run as usize).min(rows);
            lines.push(Line {
                cells: (0..rows).map(|i| i * cols + j).collect(),
                lo,
                hi,
                run,
            });
        }
        let sums = other_sums(p);
        let mut cell_sums = vec![Vec::new(); n];
        for (k, s) in sums.iter().enumerate() {
            for &c in &s.cells {
                cell_sums[c].push(k as u32);
            }
        }
        let mut value = vec![FREE; n];
        let mut cell_var = vec![None; n];
        let mut var_cells: Vec<Vec<(usize, bool)>> = Vec::new();
        for (cell, v) in low.iter().enumerate() {
            match *v {
                CellValue::Fixed(x) => value[cell] = x as u8,
                CellValue::Var { var, neg } => {
                    let var = var as usize;
                    if var_cells.len() <= var {
                        var_cells.resize(var + 1, Vec::new());
                    }
                    var_cells[var].push((cell, neg));
                    cell_var[cell] = Some((var as u32, neg));
                }
            }
        }
        let sum_ones = sums
            .iter()
            .map(|s| s.cells.iter().filter(|&&c| value[c] == 1).count() as u32)
            .collect();
        let sum_free = sums
            .iter()
            .map(|s| s.cells.iter().filter(|&&c| value[c] == FREE).count() as u32)
            .collect();
        Search {
            rows,
            cols,
            line_queued: vec![false; lines.len()],
            lines,
            cell_sums,
            sum_ones,
            sum_free,
            sums,
            cell_var,
            var_value: vec![FREE; var_cells.len()],
            linked: var_cells.iter().any(|v| v.len() > 1),
            var_cells,
            value,
            trail: Vec::new(),
            line_queue: Vec::new(),
            sum_queue: Vec::new(),
            dp: LineDp::default(),
            vals: Vec::new(),
            unique: p.unique_lines,
            order: fill_order(rows, cols),
            cancel,
            req,
            result: ExactResult::empty(),
            cancelled: false,
            explored: 0.0,
            looks: 0,
            depth: 0,
        }
    }

    /// Propagates every rule once before the search; false when there is no solution.
    fn start(&mut self) -> bool {
        self.line_queue = (0..self.lines.len() as u32).collect();
        self.line_queued.fill(true);
        self.sum_queue = (0..self.sums.len() as u32).collect();
        self.propagate()
    }

    fn queue_line(&mut self, l: usize) {
        if !self.line_queued[l] {
            self.line_queued[l] = true;
            self.line_queue.push(l as u32);
        }
    }

    /// Sets a free variable (all its cells) and queues the rules they are in.
    fn assign(&mut self, var: u32, val: u8) {
        self.var_value[var as usize] = val;
        self.trail.push(var);
        for i in 0..self.var_cells[var as usize].len() {
            let (cell, neg) = self.var_cells[var as usize][i];
            let v = val ^ neg as u8;
            self.value[cell] = v;
            for &k in &self.cell_sums[cell] {
                self.sum_free[k as usize] -= 1;
                self.sum_ones[k as usize] += v as u32;
                self.sum_queue.push(k);
            }
            self.queue_line(cell / self.cols);
            self.queue_line(self.rows + cell % self.cols);
        }
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let var = self.trail.pop().expect("trail above mark");
            for &(cell, _) in &self.var_cells[var as usize] {
                let v = self.value[cell];
                for &k in &self.cell_sums[cell] {
                    self.sum_free[k as usize] += 1;
                    self.sum_ones[k as usize] -= v as u32;
                }
                self.value[cell] = FREE;
            }
            self.var_value[var as usize] = FREE;
        }
    }

    /// Gives a cell the value `v` (through its variable); false if it already has the other.
    fn set_cell(&mut self, cell: usize, v: u8) -> bool {
        match self.value[cell] {
            FREE => {
                let (var, neg) = self.cell_var[cell].expect("a free cell has a variable");
                self.assign(var, v ^ neg as u8);
                true
            }
            x => x == v,
        }
    }

    /// Propagates the queued rules; false on a contradiction.
    fn propagate(&mut self) -> bool {
        let ok = self.propagate_queued();
        if !ok {
            self.sum_queue.clear();
            self.line_queue.clear();
            // Also the line that failed while setting its cells (marked queued then).
            self.line_queued.fill(false);
        }
        ok
    }

    fn propagate_queued(&mut self) -> bool {
        loop {
            if let Some(k) = self.sum_queue.pop() {
                let k = k as usize;
                let (ones, free) = (self.sum_ones[k], self.sum_free[k]);
                let (lo, hi) = (self.sums[k].lo, self.sums[k].hi);
                if ones > hi || ones + free < lo {
                    return false;
                }
                if free > 0 && (ones == hi || ones + free == lo) {
                    let fill = (ones + free == lo) as u8;
                    for i in 0..self.sums[k].cells.len() {
                        let c = self.sums[k].cells[i];
                        if self.value[c] == FREE && !self.set_cell(c, fill) {
                            return false;
                        }
                    }
                }
                continue;
            }
            let Some(l) = self.line_queue.pop() else {
                return true;
            };
            let l = l as usize;
            self.line_queued[l] = false;
            let line = &self.lines[l];
            let mut vals = std::mem::take(&mut self.vals);
            vals.clear();
            vals.extend(line.cells.iter().map(|&c| self.value[c]));
            let supported = self.dp.support(&vals, line.lo, line.hi, line.run);
            let n = vals.len();
            let free: u64 = (0..n).filter(|&i| vals[i] == FREE).fold(0, |m, i| m | 1 << i);
            self.vals = vals;
            if !supported {
                return false;
            }
            // Setting a cell to its one supported value keeps every other
            // value of the line supported: the line need not run again,
            // unless a link sets another of its cells with it.
            self.line_queued[l] = !self.linked;
            for i in 0..n {
                if free >> i & 1 == 0 {
                    continue;
                }
                let cell = self.lines[l].cells[i];
                // One value left (bit 0: it can be 0, bit 1: it can be 1).
                let only = match self.dp.allowed[i] {
                    0b01 => 0,
                    0b10 => 1,
                    _ => continue,
                };
                if !self.set_cell(cell, only) {
                    return false;
                }
            }
            if !self.linked {
                self.line_queued[l] = false;
            }
        }
    }

    /// No two complete rows alike, nor two complete columns (Takuzu).
    fn lines_distinct(&self) -> bool {
        let complete = |range: std::ops::Range<usize>| {
            // At most 64 lines of a kind: no allocation at every node.
            let mut seen = [0u64; 64];
            let mut n = 0;
            for l in range {
                let mask = self.lines[l]
                    .cells
                    .iter()
                    .enumerate()
                    .try_fold(0u64, |m, (i, &c)| match self.value[c] {
                        FREE => None,
                        v => Some(m | (v as u64) << i),
                    });
                if let Some(mask) = mask {
                    if seen[..n].contains(&mask) {
                        return false;
                    }
                    seen[n] = mask;
                    n += 1;
                }
            }
            true
        };
        complete(0..self.rows) && complete(self.rows..self.rows + self.cols)
    }

    fn leaf(&mut self) {
        self.result.count += 1;
        if self.result.examples.len() < self.req.keep {
            let mut grid = BinaryMatrix::zeros(self.rows, self.cols);
            for (cell, &v) in self.value.iter().enumerate() {
                grid.set(cell / self.cols, cell % self.cols, v == 1);
            }
            self.result.examples.push(grid);
        }
        if self.result.count >= self.req.limit {
            self.result.stopped_at_limit = true;
        }
    }

    /// This node is done without branching: its share of the tree is explored.
    fn close(&mut self) {
        self.explored += 0.5f64.powi(self.depth.min(1100) as i32);
    }

    /// A look at the cancel flag and the clock (with a progress report);
    /// false once the search must stop.
    fn still_going(&mut self) -> bool {
        if self.cancel.is_cancelled() {
            self.cancelled = true;
            return false;
        }
        self.looks += 1;
        if self.looks.is_multiple_of(REPORT_EVERY) {
            (self.req.progress)(SearchProgress {
                nodes: self.result.nodes,
                solutions: self.result.count,
                explored: Some(self.explored.min(1.0)),
            });
        }
        true
    }

    /// Depth-first, on the first open cell of `order` from `from` on;
    /// returns false to stop (limit, cancel or node budget).
    fn search(&mut self, from: usize) -> bool {
        if self.req.max_nodes.is_some_and(|m| self.result.nodes >= m) {
            self.result.out_of_nodes = true;
            return false;
        }
        self.result.nodes += 1;
        if self.result.nodes.is_multiple_of(CHECK_EVERY) && !self.still_going() {
            return false;
        }
        if self.unique && !self.lines_distinct() {
            self.close();
            return true;
        }
        let Some(at) = (from..self.order.len()).find(|&i| self.value[self.order[i]] == FREE) else {
            self.leaf();
            self.close();
            return !self.result.stopped_at_limit;
        };
        let cell = self.order[at];
        self.depth += 1;
        let mut go_on = true;
        let first = preferred(cell);
        for v in [first, 1 - first] {
            let mark = self.trail.len();
            let ok = self.set_cell(cell, v) && self.propagate();
            if ok {
                go_on = self.search(at + 1);
            } else {
                self.close();
            }
            self.undo_to(mark);
            if !go_on {
                break;
            }
        }
        self.depth -= 1;
        go_on
    }
}

/// The value a cell tries first: fixed per cell, but scattered. Always 0
/// first fills the grid with near copies of one row (001001…), and on large
/// Takuzu grids the last lines then had no way left to differ from the others:
/// the search went on without finding one. The order changes which solution
/// comes first, never the count.
fn preferred(cell: usize) -> u8 {
    // SplitMix64's finaliser: every input bit moves about half the output bits.
    let mut z = (cell as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    ((z ^ (z >> 31)) & 1) as u8
}

/// Row 0, then what is left of column 0, then of row 1, of column 1, and so
/// on: row k and column k are complete together, so two equal lines (Takuzu)
/// show up as soon as the second one is filled, not when the last row decides
/// every column at once.
fn fill_order(rows: usize, cols: usize) -> Vec<usize> {
    let mut seen = vec![false; rows * cols];
    let mut order = Vec::with_capacity(rows * cols);
    for k in 0..rows.max(cols) {
        let row = (k < rows).then(|| (0..cols).map(move |j| k * cols + j));
        let col = (k < cols).then(|| (0..rows).map(move |i| i * cols + k));
        for cell in row.into_iter().flatten().chain(col.into_iter().flatten()) {
            if !seen[cell] {
                seen[cell] = true;
                order.push(cell);
            }
        }
    }
    order
}

/// Which values each cell of a line can still take under its count and its
/// longest run: forward, the ones counts reachable at each cell in each state
/// (last value, length of its run), as bit sets (a line has at most 64 cells);
/// backward, the counts from which the line can still be finished.
#[derive(Default)]
struct LineDp {
    fwd: Vec<u128>,
    bwd: Vec<u128>,
    /// Per cell: bit 0 set if it can be 0, bit 1 if it can be 1.
    allowed: Vec<u8>,
}

impl LineDp {
    /// False when the line cannot be completed; otherwise fills `allowed`.
    fn support(&mut self, vals: &[u8], lo: u32, hi: u32, run: usize) -> bool {
        let n = vals.len();
        let states = 2 * run;
        // The state after a cell: its value v and the run length r (1..=run).
        let at = |i: usize, v: usize, r: usize| i * states + v * run + r - 1;
        // The state after a cell of value w, from (v, r); None when the run is too long.
        let next = |v: usize, r: usize, w: usize| {
            if w != v {
                Some((w, 1))
            } else if r < run {
                Some((v, r + 1))
            } else {
                None
            }
        };
        let can = |i: usize| [vals[i] != 1, vals[i] != 0];
        if hi < lo || lo as usize > n {
            return false;
        }
        let hi = hi.min(n as u32);
        let target: u128 = (u128::MAX >> (127 - hi)) & !((1u128 << lo) - 1);
        self.fwd.clear();
        self.fwd.resize((n + 1) * states, 0);
        self.bwd.clear();
        self.bwd.resize((n + 1) * states, 0);
        // Forward; position i holds the states after i cells (position 0 is
        // the empty start, handled apart).
        for w in 0..2 {
            if can(0)[w] {
                self.fwd[at(1, w, 1)] |= 1 << w;
            }
        }
        for i in 1..n {
            let ok = can(i);
            for v in 0..2 {
                for r in 1..=run {
                    let set = self.fwd[at(i, v, r)];
                    if set == 0 {
                        continue;
                    }
                    for w in 0..2 {
                        if let (true, Some((nv, nr))) = (ok[w], next(v, r, w)) {
                            self.fwd[at(i + 1, nv, nr)] |= set << w;
                        }
                    }
                }
            }
        }
        // Backward: from each state after i cells, the counts so far that
        // can still end inside lo..=hi.
        for v in 0..2 {
            for r in 1..=run {
                self.bwd[at(n, v, r)] = target;
            }
        }
        for i in (1..n).rev() {
            let ok = can(i);
            for v in 0..2 {
                for r in 1..=run {
                    let mut set = 0;
                    for w in 0..2 {
                        if let (true, Some((nv, nr))) = (ok[w], next(v, r, w)) {
                            set |= self.bwd[at(i + 1, nv, nr)] >> w;
                        }
                    }
                    self.bwd[at(i, v, r)] = set;
                }
            }
        }
        self.allowed.clear();
        self.allowed.resize(n, 0);
        for w in 0..2 {
            if can(0)[w] && (1u128 << w) & self.bwd[at(1, w, 1)] != 0 {
                self.allowed[0] |= 1 << w;
            }
        }
        if self.allowed[0] == 0 {
            return false;
        }
        for i in 1..n {
            let ok = can(i);
            for v in 0..2 {
                for r in 1..=run {
                    let set = self.fwd[at(i, v, r)];
                    if set == 0 {
                        continue;
                    }
                    for w in 0..2 {
                        if let (true, Some((nv, nr))) = (ok[w], next(v, r, w))
                            && (set << w) & self.bwd[at(i + 1, nv, nr)] != 0
                        {
                            self.allowed[i] |= 1 << w;
                        }
                    }
                }
            }
        }
        true
    }
}
