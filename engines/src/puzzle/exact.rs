//! The exact solver for any [`PuzzleModel`]: bounds propagation over linear
//! constraints and backtracking, counting every solution (up to a limit) or,
//! with an objective, every optimal one. Rules that are not linear (distinct
//! lines, a tent for each tree) are checked on each complete grid by a filter.

use super::model::{CellValue, Constraint, Lowered, PuzzleModel};
use crate::geometry::BinaryMatrix;
use crate::run::{CancelFlag, Cancelled};

/// What to look for.
#[derive(Clone, Copy)]
pub struct ExactRequest<'a> {
    /// Stop counting after this many solutions (the count is then a lower bound).
    pub limit: u64,
    /// Solutions to keep as examples.
    pub keep: usize,
    /// Told how far the search is, every few thousand nodes.
    pub progress: &'a (dyn Fn(SearchProgress) + Sync),
    /// A budget the same on every machine: the model search stops after this
    /// many nodes and probes (marked [`ExactResult::out_of_nodes`]). The
    /// generators bound each draft's count with it, so that a draft with a
    /// long search cannot hold them up and the same seed still gives the
    /// same puzzle.
    pub max_nodes: Option<u64>,
}

impl std::fmt::Debug for ExactRequest<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExactRequest")
            .field("limit", &self.limit)
            .field("keep", &self.keep)
            .field("max_nodes", &self.max_nodes)
            .finish_non_exhaustive()
    }
}

impl Default for ExactRequest<'_> {
    fn default() -> Self {
        ExactRequest {
            limit: 1_000_000,
            keep: 2,
            progress: &no_search_progress,
            max_nodes: None,
        }
    }
}

impl ExactRequest<'_> {
    /// Count up to `limit`, keep `keep`, no progress.
    pub fn new(limit: u64, keep: usize) -> ExactRequest<'static> {
        ExactRequest {
            limit,
            keep,
            progress: &no_search_progress,
            max_nodes: None,
        }
    }

    /// The same request stopping after `nodes` nodes and probes.
    pub fn with_max_nodes(self, nodes: u64) -> Self {
        ExactRequest {
            max_nodes: Some(nodes),
            ..self
        }
    }
}

/// How far an exact search is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchProgress {
    /// Nodes of the search tree so far.
    pub nodes: u64,
    /// Solutions found so far (optimal so far, with an objective).
    pub solutions: u64,
    /// Share of the search tree ruled out or searched, an estimate in [0, 1]
    /// (each branch counts as half of its parent; `None` when the search
    /// cannot tell).
    pub explored: Option<f64>,
}

impl SearchProgress {
    /// In words, for a status line ("1,204 nodes, 3 solutions so far, about 12.5 % explored").
    pub fn describe(&self) -> String {
        use crate::quote::group_digits;
        let nodes = if self.nodes > 0 {
            format!("{} nodes, ", group_digits(&self.nodes.to_string()))
        } else {
            String::new()
        };
        let explored = self
            .explored
            .map_or(String::new(), |f| format!(", about {:.1} % explored", f * 100.0));
        format!(
            "{nodes}{} solutions so far{explored}",
            group_digits(&self.solutions.to_string())
        )
    }
}

/// The smallest explored share a time estimate is drawn from.
pub const SHARE_TO_EXTRAPOLATE: f64 = 0.01;

impl SearchProgress {
    /// The explored share when a remaining time can be drawn from it (1 % or
    /// more). Below that the estimate (each branch half its parent) moves by
    /// orders of magnitude as the search goes deeper: a time drawn from 0.2 %
    /// grew from 29 minutes to 2.5 hours while nothing was found.
    pub fn share_to_extrapolate(&self) -> Option<f64> {
        self.explored.filter(|&f| f >= SHARE_TO_EXTRAPOLATE)
    }
}

/// A progress sink that ignores everything.
pub fn no_search_progress(_: SearchProgress) {}

/// What the solver found.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactResult {
    /// Solutions found (optimal ones, with an objective).
    pub count: u64,
    /// True when the search stopped at the limit (there may be more).
    pub stopped_at_limit: bool,
    pub examples: Vec<BinaryMatrix>,
    /// The optimum (with an objective).
    pub best: Option<f64>,
    /// Nodes of the search tree.
    pub nodes: u64,
    /// The time limit stopped the search: the count is what was found by
    /// then (a lower bound; with an objective, the best so far).
    pub timed_out: bool,
    /// Why there is no solution, when the rules alone say so before any search
    /// (links that contradict each other).
    pub why_none: Option<String>,
    /// The request's node budget ran out: the count is what was found by then.
    pub out_of_nodes: bool,
}

impl ExactResult {
    /// Nothing found yet.
    pub fn empty() -> ExactResult {
        ExactResult {
            count: 0,
            stopped_at_limit: false,
            examples: Vec::new(),
            best: None,
            nodes: 0,
            timed_out: false,
            why_none: None,
            out_of_nodes: false,
        }
    }

    pub fn is_unique(&self) -> bool {
        self.count == 1 && self.is_complete()
    }

    /// Every solution was counted (no limit, clock or node budget stopped the search).
    pub fn is_complete(&self) -> bool {
        !self.stopped_at_limit && !self.timed_out && !self.out_of_nodes
    }
}

/// A linear constraint over variables: `lo ≤ Σ a·x ≤ hi`.
#[derive(Clone, Debug)]
struct Linear {
    terms: Vec<(u32, i64)>,
    lo: i64,
    hi: i64,
    max_coef: i64,
}

/// The constraints as linear ones over the lowered variables; `None` when a
/// constraint with no variable left is already broken.
fn linearise(model: &PuzzleModel, low: &Lowered) -> Option<Vec<Linear>> {
    let mut out = Vec::with_capacity(model.constraints.len());
    for c in &model.constraints {
        let (cells, lo, hi): (Vec<(usize, i64)>, i64, i64) = match c {
            Constraint::Sum { terms, lo, hi, .. } => (terms.clone(), *lo, *hi),
            Constraint::NotBoth { a, b, .. } => (vec![(*a, 1), (*b, 1)], 0, 1),
        };
        let mut constant = 0i64;
        let mut terms: Vec<(u32, i64)> = Vec::with_capacity(cells.len());
        for (cell, w) in cells {
            match low.cells[cell] {
                CellValue::Fixed(v) => constant += w * v as i64,
                CellValue::Var { var, neg } => {
                    // w·(1 − x) = w − w·x
                    if neg {
                        constant += w;
                        terms.push((var, -w));
                    } else {
                        terms.push((var, w));
                    }
                }
            }
        }
        terms.sort_unstable_by_key(|t| t.0);
        terms.dedup_by(|b, a| {
            if a.0 == b.0 {
                a.1 += b.1;
                true
            } else {
                false
            }
        });
        terms.retain(|t| t.1 != 0);
        let (lo, hi) = (lo - constant, hi - constant);
        if terms.is_empty() {
            if lo > 0 || hi < 0 {
                return None;
            }
            continue;
        }
        let max_coef = terms.iter().map(|t| t.1.abs()).max().unwrap_or(0);
        out.push(Linear {
            terms,
            lo,
            hi,
            max_coef,
        });
    }
    Some(out)
}

const FREE: u8 = 2;
/// Nodes this close to the root probe every free variable (see `Search::probe`).
const PROBE_DEPTH: u32 = 12;
/// Nodes (or probes) between looks at the cancel flag and the clock.
const CHECK_EVERY: u64 = 256;
/// Looks at the flag between progress reports.
const REPORT_EVERY: u64 = 16;

/// The search state.
struct Search<'a> {
    cons: Vec<Linear>,
    /// Per variable: (constraint, coefficient).
    occurs: Vec<Vec<(u32, i64)>>,
    value: Vec<u8>,
    min_sum: Vec<i64>,
    max_sum: Vec<i64>,
    free_count: Vec<u32>,
    trail: Vec<u32>,
    queue: Vec<u32>,
    objective: Vec<f64>,
    /// The objective's part no variable carries: fixed cells set (givens) and
    /// the `1` of each negated cell, so that bounds and leaves add up alike.
    objective_base: f64,
    low: &'a Lowered,
    model: &'a PuzzleModel,
    filter: &'a dyn Fn(&BinaryMatrix) -> bool,
    /// A necessary condition on partial answers (cells: known or `None`), for
    /// the rules the filter checks at the end (e.g. Tents' pairing).
    partial: Option<&'a dyn Fn(&[Option<bool>]) -> bool>,
    cancel: &'a CancelFlag,
    req: ExactRequest<'a>,
    result: ExactResult,
    /// The flag (or the clock) stopped the search.
    cancelled: bool,
    /// Nodes and probes so far, against the request's budget.
    work: u64,
    /// Share of the tree done: each node not branched on adds 2^-depth.
    explored: f64,
    /// Looks at the flag so far.
    looks: u64,
    /// Branchings above this node.
    depth: u32,
    /// Probes made, and how many fixed a variable or closed the node.
    probes: u64,
    probe_hits: u64,
}

impl<'a> Search<'a> {
    fn new(
        model: &'a PuzzleModel,
        low: &'a Lowered,
        cons: Vec<Linear>,
        filter: &'a dyn Fn(&BinaryMatrix) -> bool,
        cancel: &'a CancelFlag,
        req: ExactRequest<'a>,
    ) -> Search<'a> {
        let n = low.vars();
        let mut occurs = vec![Vec::new(); n];
        let mut min_sum = Vec::with_capacity(cons.len());
        let mut max_sum = Vec::with_capacity(cons.len());
        let mut free_count = Vec::with_capacity(cons.len());
        for (k, c) in cons.iter().enumerate() {
            for &(v, a) in &c.terms {
                occurs[v as usize].push((k as u32, a));
            }
            min_sum.push(c.terms.iter().map(|t| t.1.min(0)).sum());
            max_sum.push(c.terms.iter().map(|t| t.1.max(0)).sum());
            free_count.push(c.terms.len() as u32);
        }
        let mut objective = vec![0.0; n];
        let mut objective_base = 0.0;
        for &(cell, w) in &model.objective {
            match low.cells[cell] {
                CellValue::Var { var, neg } => {
                    objective[var as usize] += if neg { -w } else { w };
                    if neg {
                        objective_base += w;
                    }
                }
                CellValue::Fixed(true) => objective_base += w,
                CellValue::Fixed(false) => {}
            }
        }
        Search {
            cons,
            occurs,
            value: vec![FREE; n],
            min_sum,
            max_sum,
            free_count,
            trail: Vec::new(),
            queue: Vec::new(),
            objective,
            objective_base,
            low,
            model,
            filter,
            partial: None,
            cancel,
            req,
            result: ExactResult::empty(),
            cancelled: false,
            work: 0,
            explored: 0.0,
            looks: 0,
            depth: 0,
            probes: 0,
            probe_hits: 0,
        }
    }

    /// Sets a free variable and updates the bounds of its constraints.
    fn assign(&mut self, v: u32, val: u8) {
        self.value[v as usize] = val;
        self.trail.push(v);
        for &(k, a) in &self.occurs[v as usize] {
            let k = k as usize;
            if val == 1 {
                self.min_sum[k] += a - a.min(0);
                self.max_sum[k] += a - a.max(0);
            } else {
                self.min_sum[k] -= a.min(0);
                self.max_sum[k] -= a.max(0);
            }
            self.free_count[k] -= 1;
            self.queue.push(k as u32);
        }
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let v = self.trail.pop().expect("trail above mark");
            let val = self.value[v as usize];
            for &(k, a) in &self.occurs[v as usize] {
                let k = k as usize;
                if val == 1 {
                    self.min_sum[k] -= a - a.min(0);
                    self.max_sum[k] -= a - a.max(0);
                } else {
                    self.min_sum[k] += a.min(0);
                    self.max_sum[k] += a.max(0);
                }
                self.free_count[k] += 1;
            }
            self.value[v as usize] = FREE;
        }
    }

    /// Propagates the queued constraints; false on a contradiction.
    fn propagate(&mut self) -> bool {
        while let Some(k) = self.queue.pop() {
            let k = k as usize;
            let (lo, hi) = (self.cons[k].lo, self.cons[k].hi);
            let (min, max) = (self.min_sum[k], self.max_sum[k]);
            if min > hi || max < lo {
                self.queue.clear();
                return false;
            }
            let room_up = hi - min;
            let room_down = max - lo;
            if self.cons[k].max_coef <= room_up.min(room_down) || self.free_count[k] == 0 {
                continue;
            }
            for t in 0..self.cons[k].terms.len() {
                let (v, a) = self.cons[k].terms[t];
                if self.value[v as usize] != FREE {
                    continue;
                }
                // Taking the larger contribution would exceed hi, or the
                // smaller one would leave the sum below lo.
                let high_value = (a > 0) as u8;
                if a.abs() > hi - self.min_sum[k] {
                    self.assign(v, 1 - high_value);
                } else if a.abs() > self.max_sum[k] - lo {
                    self.assign(v, high_value);
                }
            }
        }
        true
    }

    /// Where to branch: a free variable of the constraint that still needs the
    /// most help with the fewest free variables (fewest ways to satisfy it,
    /// as dancing links picks a column); constraints that hold whatever
    /// happens (e.g. a "not both" with one side 0) say nothing.
    fn choose(&self) -> Option<u32> {
        match self.choose_constraint() {
            Some(k) => self.cons[k]
                .terms
                .iter()
                .map(|t| t.0)
                .find(|&v| self.value[v as usize] == FREE),
            // Every constraint holds already: the rest are free choices.
            None => self.value.iter().position(|&x| x == FREE).map(|v| v as u32),
        }
    }

    fn choose_constraint(&self) -> Option<usize> {
        let mut best: Option<(u64, usize)> = None;
        for (k, &f) in self.free_count.iter().enumerate() {
            if f == 0 {
                continue;
            }
            let c = &self.cons[k];
            let (min, max) = (self.min_sum[k], self.max_sum[k]);
            if min >= c.lo && max <= c.hi {
                continue;
            }
            // Constraints that must still gain (a sum below its floor) come
            // first; "at most" ones only when nothing else is open.
            let urgent = min < c.lo;
            // Among those, the fewest ways to fill: free cells that must stay
            // empty (slack), then free cells.
            let need = (c.lo - min).clamp(0, f as i64) as u64;
            let slack = f as u64 - need;
            let score = (!urgent as u64) << 48 | slack << 24 | f as u64;
            if best.is_none_or(|(b, _)| score < b) {
                best = Some((score, k));
                if score == 1 || (urgent && slack == 0) {
                    break;
                }
            }
        }
        best.map(|(_, k)| k)
    }

    /// (worth already fixed, most the free variables can still add).
    fn objective_now(&self) -> (f64, f64) {
        let mut fixed = self.objective_base;
        let mut open = 0.0;
        for (v, &w) in self.objective.iter().enumerate() {
            match self.value[v] {
                1 => fixed += w,
                FREE => open += w.max(0.0),
                _ => {}
            }
        }
        (fixed, open)
    }

    fn leaf(&mut self) {
        let x: Vec<u8> = self.value.clone();
        let grid = self.low.decode(self.model.rows, self.model.cols, &x);
        if !(self.filter)(&grid) {
            return;
        }
        if !self.model.objective.is_empty() {
            let value = self.model.objective_value(&grid);
            match self.result.best {
                Some(b) if value < b - 1e-9 => return,
                Some(b) if value > b + 1e-9 => {
                    self.result.count = 0;
                    self.result.examples.clear();
                    self.result.best = Some(value);
                }
                None => self.result.best = Some(value),
                _ => {}
            }
        }
        self.result.count += 1;
        if self.result.examples.len() < self.req.keep {
            self.result.examples.push(grid);
        }
        if self.result.count >= self.req.limit && self.model.objective.is_empty() {
            self.result.stopped_at_limit = true;
        }
    }

    /// A look at the cancel flag and the clock (with a progress report);
    /// false once the search must stop.
    fn still_going(&mut self) -> bool {
        if self.cancel.is_cancelled() {
            self.cancelled = true;
            return false;
        }
        // The flag is cheap to read; a report (a message, a lock) is not.
        self.looks += 1;
        if !self.looks.is_multiple_of(REPORT_EVERY) {
            return true;
        }
        (self.req.progress)(SearchProgress {
            nodes: self.result.nodes,
            solutions: self.result.count,
            explored: Some(self.explored.min(1.0)),
        });
        true
    }

    /// This node is done without branching: its share of the tree is explored.
    fn close(&mut self) {
        self.explored += 0.5f64.powi(self.depth.min(1100) as i32);
    }

    /// One more node or probe against the budget; false once it is spent.
    fn within_budget(&mut self) -> bool {
        if self.req.max_nodes.is_some_and(|m| self.work >= m) {
            self.result.out_of_nodes = true;
            return false;
        }
        self.work += 1;
        true
    }

    /// The search must stop: the flag, the clock or the node budget.
    fn stopped(&self) -> bool {
        self.cancelled || self.result.out_of_nodes
    }

    /// Depth-first search; returns false to stop (limit, cancel or budget).
    fn search(&mut self) -> bool {
        if !self.within_budget() {
            return false;
        }
        self.result.nodes += 1;
        if self.result.nodes.is_multiple_of(CHECK_EVERY) && !self.still_going() {
            return false;
        }
        if !self.model.objective.is_empty()
            && let Some(best) = self.result.best
        {
            let (fixed, open) = self.objective_now();
            if fixed + open < best - 1e-9 {
                self.close();
                return true;
            }
        }
        let mark = self.trail.len();
        if self.depth < PROBE_DEPTH && self.probing_pays() && !self.probe() {
            self.undo_to(mark);
            self.close();
            return !self.stopped();
        }
        if let Some(partial) = self.partial
            && !partial(&self.partial_cells())
        {
            self.undo_to(mark);
            self.close();
            return true;
        }
        let Some(v) = self.choose() else {
            self.leaf();
            self.undo_to(mark);
            self.close();
            return !self.result.stopped_at_limit;
        };
        self.depth += 1;
        let go_on = self.branch(v);
        self.depth -= 1;
        self.undo_to(mark);
        go_on
    }

    /// Probing stays on while it pays: after 64 probes, only if at least one
    /// in eight fixed something (on puzzles with many solutions, such as
    /// N-queens, it rarely does and would only cost time).
    fn probing_pays(&self) -> bool {
        self.probes < 64 || self.probe_hits * 8 >= self.probes
    }

    /// Each cell's value so far (`None`: still free).
    fn partial_cells(&self) -> Vec<Option<bool>> {
        self.low
            .cells
            .iter()
            .map(|c| match *c {
                CellValue::Fixed(v) => Some(v),
                CellValue::Var { var, neg } => match self.value[var as usize] {
                    FREE => None,
                    x => Some((x == 1) != neg),
                },
            })
            .collect()
    }

    /// Failed-literal probing near the root: a value of a free variable that
    /// propagates to a contradiction is ruled out, which fixes the other value;
    /// repeated until nothing changes. Deductions a person makes ("a star here
    /// leaves that region no room") come out of this before the search splits.
    /// Returns false when the node has no solution.
    fn probe(&mut self) -> bool {
        self.probes += 1;
        let before = self.trail.len();
        let ok = self.probe_all();
        if !ok || self.trail.len() > before {
            self.probe_hits += 1;
        }
        ok
    }

    /// Also false when the search must stop ([`Search::stopped`] says so):
    /// probing a 64×64 board near the root takes seconds.
    fn probe_all(&mut self) -> bool {
        let mut probed = 0u64;
        loop {
            let mut changed = false;
            for v in 0..self.value.len() as u32 {
                if self.value[v as usize] != FREE {
                    continue;
                }
                probed += 1;
                if !self.within_budget() || (probed.is_multiple_of(CHECK_EVERY / 16) && !self.still_going()) {
                    return false;
                }
                for val in [1u8, 0] {
                    let mark = self.trail.len();
                    self.assign(v, val);
                    let ok = self.propagate();
                    self.undo_to(mark);
                    if !ok {
                        self.assign(v, 1 - val);
                        if !self.propagate() {
                            return false;
                        }
                        changed = true;
                        break;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    fn branch(&mut self, v: u32) -> bool {
        for val in [1u8, 0] {
            let mark = self.trail.len();
            self.assign(v, val);
            let ok = self.propagate();
            if !ok {
                self.close();
            }
            let go_on = !ok || self.search();
            self.undo_to(mark);
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// Every variable the rules force at the root (no search), as cell values;
/// `None` when the rules contradict each other already.
pub fn forced_values(model: &PuzzleModel, low: &Lowered) -> Option<Vec<Option<bool>>> {
    let cons = linearise(model, low)?;
    let accept = |_: &BinaryMatrix| true;
    let cancel = CancelFlag::new();
    let mut s = Search::new(model, low, cons, &accept, &cancel, ExactRequest::default());
    s.queue = (0..s.cons.len() as u32).collect();
    if !s.propagate() {
        return None;
    }
    Some(s.value.iter().map(|&v| (v != FREE).then_some(v == 1)).collect())
}

/// Counts the solutions of `model` that pass `filter` (the rules that are not
/// linear). With an objective, counts the optimal ones.
pub fn solve_model(
    model: &PuzzleModel,
    filter: &dyn Fn(&BinaryMatrix) -> bool,
    req: ExactRequest<'_>,
    cancel: &CancelFlag,
) -> Result<ExactResult, Cancelled> {
    solve_model_pruned(model, filter, None, req, cancel)
}

/// [`solve_model`] that also drops every partial answer failing `partial`
/// (a necessary condition of `filter`).
pub fn solve_model_pruned(
    model: &PuzzleModel,
    filter: &dyn Fn(&BinaryMatrix) -> bool,
    partial: Option<&dyn Fn(&[Option<bool>]) -> bool>,
    req: ExactRequest<'_>,
    cancel: &CancelFlag,
) -> Result<ExactResult, Cancelled> {
    let empty = ExactResult::empty();
    let low = match model.lower() {
        Ok(low) => low,
        Err(why) => {
            return Ok(ExactResult {
                why_none: Some(why),
                ..empty
            });
        }
    };
    let Some(cons) = linearise(model, &low) else {
        return Ok(empty);
    };
    let mut s = Search::new(model, &low, cons, filter, cancel, req);
    s.partial = partial;
    s.queue = (0..s.cons.len() as u32).collect();
    if s.propagate() {
        s.search();
    }
    if s.cancelled {
        // The clock stops the search with what it found; a cancel is an error.
        if !cancel.timed_out() {
            return Err(Cancelled);
        }
        s.result.timed_out = true;
    }
    Ok(s.result)
}
