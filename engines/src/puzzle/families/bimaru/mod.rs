//! Battleship (Bimaru) puzzles as a family of the Puzzles room: the text form,
//! the rules an answer grid breaks, and the X-ray QUBO of "Battleship,
//! tomography and quantum annealing" with the given cells pinned. The exact
//! solver is the project's Bimaru search (`puzzle::solve`).

pub(crate) mod draft;
mod ladder;

use crate::geometry::{BinaryMatrix, TouchRule};
pub use crate::puzzle::battleship::BattleshipPuzzle;
use crate::puzzle::battleship::Given;
use crate::puzzle::battleship::placement_qubo::PlacementQubo;
use crate::puzzle::error::PuzzleError;
use crate::puzzle::exact::{ExactRequest, ExactResult};
use crate::puzzle::family::kit::{not_applicable, repeated};
use crate::puzzle::family::repair_kit::{at, count_edits, shown_counts};
use crate::puzzle::family::{AnswerGlyph, Authoring, FamilyType, Generator, Look, Rules};
use crate::puzzle::family::{Clue, Edit, EditKind, Seen};
use crate::puzzle::model::{PuzzleModel, Violation};
use crate::puzzle::qubo::{Elimination, PuzzleQuboModel, QuboOptions};
use crate::puzzle::text::Sections;
use crate::puzzle::vocab::{CellMark, Tool};
use crate::qubo::{PinMode, XrayModel, XraySpec};
use crate::quote::excerpt;
use crate::run::CancelFlag;

pub fn parse(s: &Sections) -> Result<BattleshipPuzzle, String> {
    let (rows, cols) = (s.rows, s.cols);
    let targets = |key: &str, n: usize| -> Result<Vec<Option<u32>>, String> {
        use crate::puzzle::model::CountSpec;
        s.counts(key, n)?
            .ok_or_else(|| format!("a battleship puzzle needs `{key}` targets (- for unknown)"))?
            .into_iter()
            .map(|c| match c {
                CountSpec::Exactly(v) => Ok(Some(v)),
                CountSpec::Free => Ok(None),
                CountSpec::OrOneMore(v) => {
                    Err(s.value_error(key, &format!("`{key}`: '{v}+' is not a target (a number or -)")))
                }
            })
            .collect::<Result<_, _>>()
    };
    let (line, values) = s
        .values("ships")
        .ok_or("a battleship puzzle needs its `ships` (lengths, e.g. 4 3 3 2 2 2 1 1 1 1)")?;
    let ships = values
        .iter()
        .map(|v| {
            v.parse::<usize>()
                .ok()
                .filter(|&l| (1..=64).contains(&l))
                .ok_or_else(|| format!("line {line}: '{}' is not a ship length 1 to 64", excerpt(v)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if ships.len() > crate::puzzle::vocab::MAX_SHIPS {
        return Err(format!(
            "line {line}: {} ships, at most {}",
            ships.len(),
            crate::puzzle::vocab::MAX_SHIPS
        ));
    }
    let rule = match s.word("touch")?.as_deref() {
        None | Some("forbidden") | Some("no") => TouchRule::NoTouch,
        Some("allowed") | Some("yes") => TouchRule::MayTouch,
        Some(other) => {
            return Err(s.value_error("touch", &format!("`touch` is allowed or forbidden, not '{other}'")));
        }
    };
    let mut givens = Vec::new();
    if let Some(grid) = s.grid("grid")? {
        for (r, row) in grid.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                if ch == '-' || ch == '?' {
                    continue;
                }
                let g = Given::from_char(ch).ok_or_else(|| {
                    s.grid_error(
                        "grid",
                        r,
                        &format!("'{ch}' is not a given (? unknown, x water, * ship, o n s w e m parts)"),
                    )
                })?;
                // '.' reads as water in published grids; here it means unknown.
                if ch != '.' {
                    givens.push((r, c, g));
                }
            }
        }
    }
    let p = BattleshipPuzzle {
        rows,
        cols,
        ships,
        row_targets: targets("rows", rows)?,
        col_targets: targets("cols", cols)?,
        givens,
        rule,
    };
    p.validate().map_err(|e| e.to_string())?;
    Ok(p)
}

pub fn to_text(p: &BattleshipPuzzle) -> String {
    let list = |v: &[Option<u32>]| {
        v.iter()
            .map(|t| t.map_or("-".to_string(), |x| x.to_string()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let ships: Vec<String> = p.ships.iter().map(usize::to_string).collect();
    let mut out = format!("battleship {}x{}\n", p.rows, p.cols);
    out += &format!(
        "ships {}\nrows {}\ncols {}\n",
        ships.join(" "),
        list(&p.row_targets),
        list(&p.col_targets)
    );
    if p.rule == TouchRule::MayTouch {
        out += "touch allowed\n";
    }
    if !p.givens.is_empty() {
        out += "grid\n";
        for r in 0..p.rows {
            let line: String = (0..p.cols)
                .map(|c| {
                    p.givens
                        .iter()
                        .find(|g| g.0 == r && g.1 == c)
                        .map_or('.', |g| g.2.letter())
                })
                .collect();
            out += &line;
            out.push('\n');
        }
    }
    out
}

/// Every rule an answer grid breaks: targets, givens, straight ships apart
/// from each other (when they may not touch) and the fleet's lengths.
pub fn violations(p: &BattleshipPuzzle, grid: &BinaryMatrix) -> Vec<Violation> {
    let (rows, cols) = (p.rows, p.cols);
    let mut out = Vec::new();
    let sums = (grid.row_sums(), grid.col_sums());
    for (i, t) in p.row_targets.iter().enumerate() {
        if let Some(t) = t.filter(|&t| t != sums.0[i]) {
            out.push(Violation {
                message: format!("row {} has {} ship cells, needs {t}", i + 1, sums.0[i]),
                cells: (0..cols).map(|j| i * cols + j).collect(),
                short: sums.0[i] < t,
            });
        }
    }
    for (j, t) in p.col_targets.iter().enumerate() {
        if let Some(t) = t.filter(|&t| t != sums.1[j]) {
            out.push(Violation {
                message: format!("column {} has {} ship cells, needs {t}", j + 1, sums.1[j]),
                cells: (0..rows).map(|i| i * cols + j).collect(),
                short: sums.1[j] < t,
            });
        }
    }
    for &(r, c, g) in &p.givens {
        let ship = grid.get(r, c);
        if ship != (g != Given::Water) {
            out.push(Violation {
                message: format!(
                    "row {}, col {} is given as {}",
                    r + 1,
                    c + 1,
                    if g == Given::Water { "water" } else { "a ship part" }
                ),
                cells: vec![r * cols + c],
                short: false,
            });
        }
    }
    if p.rule == TouchRule::NoTouch {
        // Each group of touching ship cells must be one straight ship.
        let mut lengths = Vec::new();
        for group in groups(grid) {
            let straight = group.iter().all(|&(r, _)| r == group[0].0) || group.iter().all(|&(_, c)| c == group[0].1);
            let contiguous = straight && {
                let span = if group.iter().all(|&(r, _)| r == group[0].0) {
                    group.iter().map(|x| x.1).max().unwrap_or(0) - group.iter().map(|x| x.1).min().unwrap_or(0)
                } else {
                    group.iter().map(|x| x.0).max().unwrap_or(0) - group.iter().map(|x| x.0).min().unwrap_or(0)
                };
                span + 1 == group.len()
            };
            if contiguous {
                lengths.push(group.len());
                let vertical = group.len() > 1 && group[0].1 == group[1].1;
                for (k, &(r, c)) in group.iter().enumerate() {
                    let part = crate::puzzle::battleship::role(k, group.len(), vertical);
                    if let Some(&(_, _, g)) = p.givens.iter().find(|g| g.0 == r && g.1 == c)
                        && !matches!(g, Given::Water | Given::Ship)
                        && g != part
                    {
                        out.push(Violation {
                            message: format!(
                                "row {}, col {} is given as '{}' but is '{}' of its ship",
                                r + 1,
                                c + 1,
                                g.letter(),
                                part.letter()
                            ),
                            cells: group.iter().map(|&(a, b)| a * cols + b).collect(),
                            short: false,
                        });
                    }
                }
            } else {
                out.push(Violation {
                    message: format!(
                        "the ship cells around row {}, col {} touch but are not one straight ship",
                        group[0].0 + 1,
                        group[0].1 + 1
                    ),
                    cells: group.iter().map(|&(r, c)| r * cols + c).collect(),
                    short: false,
                });
            }
        }
        let mut want = p.ships.clone();
        want.sort_unstable();
        lengths.sort_unstable();
        if out.is_empty() && lengths != want {
            out.push(Violation {
                message: format!("the ships have lengths {lengths:?}; the fleet is {want:?}"),
                cells: Vec::new(),
                short: false,
            });
        }
    } else if out.is_empty() && !splits_into_fleet(p, grid) {
        // Ships may touch: whether the cells split into the fleet's straight
        // ships is a search, asked of the exact solver on the fully given grid.
        let mut want = p.ships.clone();
        want.sort_unstable();
        out.push(Violation {
            message: format!("the ship cells cannot be split into straight ships of lengths {want:?}"),
            cells: grid.one_cells().into_iter().map(|(r, c)| r * cols + c).collect(),
            short: false,
        });
    }
    out
}

/// Can the ship cells of `grid` be covered exactly by the fleet (keeping the
/// given ship parts)?
fn splits_into_fleet(p: &BattleshipPuzzle, grid: &BinaryMatrix) -> bool {
    let mut fixed = p.clone();
    fixed.row_targets = grid.row_sums().into_iter().map(Some).collect();
    fixed.col_targets = grid.col_sums().into_iter().map(Some).collect();
    fixed.givens = (0..p.rows)
        .flat_map(|r| (0..p.cols).map(move |c| (r, c)))
        .map(|(r, c)| {
            let given = p.givens.iter().find(|g| g.0 == r && g.1 == c).map(|g| g.2);
            let g = match (grid.get(r, c), given) {
                (false, _) => Given::Water,
                (true, Some(g)) if g != Given::Water => g,
                (true, _) => Given::Ship,
            };
            (r, c, g)
        })
        .collect();
    crate::puzzle::solve(&fixed, 0, 1, &crate::run::CancelFlag::new())
        .map(|s| s.matrices != Some(0))
        .unwrap_or(false)
}

/// Ship cells grouped by touching (8 neighbours), each group sorted.
fn groups(grid: &BinaryMatrix) -> Vec<Vec<(usize, usize)>> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut seen = vec![false; rows * cols];
    let mut out = Vec::new();
    for (r, c) in grid.one_cells() {
        if seen[r * cols + c] {
            continue;
        }
        let mut group = Vec::new();
        let mut stack = vec![(r, c)];
        seen[r * cols + c] = true;
        while let Some((a, b)) = stack.pop() {
            group.push((a, b));
            for da in -1i64..=1 {
                for db in -1i64..=1 {
                    let (na, nb) = (a as i64 + da, b as i64 + db);
                    if (0..rows as i64).contains(&na) && (0..cols as i64).contains(&nb) {
                        let (na, nb) = (na as usize, nb as usize);
                        if grid.get(na, nb) && !seen[na * cols + nb] {
                            seen[na * cols + nb] = true;
                            stack.push((na, nb));
                        }
                    }
                }
            }
        }
        group.sort_unstable();
        out.push(group);
    }
    out
}

/// The X-ray QUBO of the puzzle: its targets (all must be known) and its
/// givens as pinned cells.
/// The cells the givens fix: each given cell, and what a ship part says about
/// its neighbours ('n', the top of a vertical ship: ship below, water above and
/// beside; 'o': water all round), and, when ships never touch, water on the
/// diagonals of every given ship cell. An error when two givens disagree.
pub fn given_pins(p: &BattleshipPuzzle) -> Result<Vec<((usize, usize), bool)>, String> {
    let mut pins: std::collections::BTreeMap<(usize, usize), bool> = std::collections::BTreeMap::new();
    let mut pin = |r: i64, c: i64, v: bool, why: (usize, usize)| -> Result<(), String> {
        if r < 0 || c < 0 || r as usize >= p.rows || c as usize >= p.cols {
            return Ok(());
        }
        let cell = (r as usize, c as usize);
        match pins.insert(cell, v) {
            Some(old) if old != v => Err(format!(
                "the givens disagree about row {}, col {} (from the given at row {}, col {})",
                cell.0 + 1,
                cell.1 + 1,
                why.0 + 1,
                why.1 + 1
            )),
            _ => Ok(()),
        }
    };
    for &(r, c, g) in &p.givens {
        let (ri, ci) = (r as i64, c as i64);
        pin(ri, ci, g != Given::Water, (r, c))?;
        if g == Given::Water {
            continue;
        }
        if p.rule == TouchRule::NoTouch {
            for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                pin(ri + dr, ci + dc, false, (r, c))?;
            }
        }
        // (up, down, left, right): Some(ship?) where the part says so.
        let around: [Option<bool>; 4] = match g {
            Given::Top => [Some(false), Some(true), Some(false), Some(false)],
            Given::Bottom => [Some(true), Some(false), Some(false), Some(false)],
            Given::Left => [Some(false), Some(false), Some(false), Some(true)],
            Given::Right => [Some(false), Some(false), Some(true), Some(false)],
            Given::Single => [Some(false); 4],
            _ => [None; 4],
        };
        if p.rule == TouchRule::MayTouch {
            // Touching ships may sit next to an end: only the ship's own cells are sure.
            for (k, (dr, dc)) in [(-1, 0), (1, 0), (0, -1), (0, 1)].into_iter().enumerate() {
                if around[k] == Some(true) {
                    pin(ri + dr, ci + dc, true, (r, c))?;
                }
            }
            continue;
        }
        for (k, (dr, dc)) in [(-1, 0), (1, 0), (0, -1), (0, 1)].into_iter().enumerate() {
            if let Some(v) = around[k] {
                pin(ri + dr, ci + dc, v, (r, c))?;
            }
        }
    }
    Ok(pins.into_iter().collect())
}

/// The X-ray QUBO's spec once the options are checked: what its builder
/// starts from and what [`Rules::qubo_refusal`] asks.
fn xray_checked(p: &BattleshipPuzzle, options: QuboOptions) -> Result<XraySpec, String> {
    if let Some(w) = options.diagonal_penalty
        && !(w > 0.0 && w <= 1e6)
    {
        return Err(format!(
            "the diagonal penalty must be in (0, 1e6], not {}",
            crate::quote::number(w)
        ));
    }
    let pin_mode = match options.elimination {
        Elimination::Givens | Elimination::Forced => PinMode::Eliminate,
    };
    xray_spec(p, options.epsilon, pin_mode)
}

pub fn xray_spec(p: &BattleshipPuzzle, epsilon: f64, pin_mode: PinMode) -> Result<XraySpec, String> {
    let known = |v: &[Option<u32>], what: &str| -> Result<Vec<u32>, String> {
        v.iter()
            .map(|t| t.ok_or_else(|| format!("the X-ray QUBO needs every {what} target; one is unknown")))
            .collect()
    };
    let spec = XraySpec {
        rows: known(&p.row_targets, "row")?,
        cols: known(&p.col_targets, "column")?,
        epsilon,
        pins: given_pins(p)?,
        pin_mode,
    };
    spec.validate()?;
    Ok(spec)
}

impl Rules for BattleshipPuzzle {
    fn family(&self) -> &'static str {
        "battleship"
    }

    fn rules(&self) -> String {
        let mut lengths = self.ships.clone();
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        let fleet = if lengths.len() <= 12 {
            let cells: Vec<String> = lengths.iter().map(|l| l.to_string()).collect();
            format!("ships of {} cells", cells.join(", "))
        } else {
            format!(
                "{} ships of {} to {} cells",
                lengths.len(),
                lengths.last().unwrap_or(&0),
                lengths.first().unwrap_or(&0)
            )
        };
        format!(
            "Hide the fleet ({fleet}) in the grid, each ship straight across or down; the number at a row's or \
             column's edge counts its ship cells. {}",
            match self.rule {
                TouchRule::NoTouch => "Ships never touch, not even diagonally.",
                TouchRule::MayTouch => "Ships may touch but not overlap.",
            }
        )
    }

    fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn to_text(&self) -> String {
        to_text(self)
    }

    fn validate(&self) -> Result<(), String> {
        BattleshipPuzzle::validate(self).map_err(|e| e.to_string())
    }

    /// A fleet is not a linear rule: Battleship has its own search and QUBO.
    fn model(&self) -> Result<PuzzleModel, String> {
        Err("Battleship puzzles have no grid model: they use the X-ray QUBO".into())
    }

    fn violations(&self, grid: &BinaryMatrix) -> Result<Vec<Violation>, String> {
        Ok(violations(self, grid))
    }

    /// Counts, givens and diagonals as a model; the fleet's rules on top.
    fn ladder(&self) -> Result<crate::puzzle::deduce::LadderSpec, String> {
        ladder::ladder(self)
    }

    /// The marks join the givens as water or some ship part.
    fn solve_with(
        &self,
        marks: &[(usize, bool)],
        req: ExactRequest<'_>,
        cancel: &CancelFlag,
    ) -> Result<ExactResult, PuzzleError> {
        let mut p = self.clone();
        for &(cell, v) in marks {
            let (r, c) = (cell / self.cols, cell % self.cols);
            if !p.givens.iter().any(|g| (g.0, g.1) == (r, c)) {
                p.givens.push((r, c, if v { Given::Ship } else { Given::Water }));
            }
        }
        Rules::solve_exact(&p, req, cancel)
    }

    /// The Bimaru search over X-ray realisations.
    /// Distinct grids are the solutions; the search stops at `req.limit` of
    /// them (or at the clock, with what it found).
    fn solve_exact(&self, req: ExactRequest<'_>, cancel: &CancelFlag) -> Result<ExactResult, PuzzleError> {
        let limit = req.limit.clamp(1, 10_000_000) as usize;
        let s = crate::puzzle::battleship::solve_up_to(self, req.keep, limit, req.progress, cancel)?;
        let count = s.solutions.matrices.unwrap_or(limit as u128);
        Ok(ExactResult {
            count: count.min(u64::MAX as u128) as u64,
            stopped_at_limit: s.stopped_at_limit,
            examples: s.solutions.examples,
            best: None,
            nodes: s.nodes,
            timed_out: s.timed_out,
            why_none: None,
            out_of_nodes: false,
        })
    }

    /// The X-ray QUBO's refusal, from the check its builder makes; the
    /// placement QUBO's limits are found only while building it.
    fn qubo_refusal(&self, options: QuboOptions) -> Option<String> {
        if options.placements {
            return None;
        }
        xray_checked(self, options).err()
    }

    /// The X-ray QUBO with the givens pinned (optionally a penalty on diagonal
    /// ship neighbours), or the placement QUBO.
    fn qubo(&self, options: QuboOptions) -> Result<PuzzleQuboModel, String> {
        if options.placements {
            return Ok(PuzzleQuboModel::Placements(PlacementQubo::build(self)?));
        }
        let mut model = XrayModel::build(xray_checked(self, options)?)?;
        // Ships that may touch can meet diagonally: no term then.
        if let Some(w) = options.diagonal_penalty.filter(|_| self.rule == TouchRule::NoTouch) {
            let pairs: Vec<_> = (0..self.rows.saturating_sub(1))
                .flat_map(|r| {
                    (0..self.cols).flat_map(move |c| {
                        [(c > 0).then(|| c - 1), (c + 1 < self.cols).then_some(c + 1)]
                            .into_iter()
                            .flatten()
                            .map(move |d| ((r, c), (r + 1, d)))
                    })
                })
                .collect();
            model.add_pair_penalties(&pairs, w)?;
        }
        Ok(PuzzleQuboModel::Xray(model))
    }
}

impl Look for BattleshipPuzzle {
    fn edge_labels(&self) -> (Vec<String>, Vec<String>) {
        let t = |v: &[Option<u32>]| v.iter().map(|x| x.map_or(String::new(), |n| n.to_string())).collect();
        (t(&self.row_targets), t(&self.col_targets))
    }

    fn cell_marks(&self) -> (Vec<CellMark>, Vec<Option<u16>>) {
        let mut marks = vec![CellMark::Empty; self.rows * self.cols];
        for &(r, c, g) in &self.givens {
            marks[r * self.cols + c] = CellMark::Ship(g.letter());
        }
        (marks, Vec::new())
    }

    fn answer_glyph(&self) -> AnswerGlyph {
        AnswerGlyph::Block
    }

    fn ship_ids(&self, grid: &BinaryMatrix) -> Option<Vec<u16>> {
        let names: Vec<String> = (1..=self.ships.len()).map(|k| k.to_string()).collect();
        let ships: Vec<(&str, usize)> = names
            .iter()
            .map(String::as_str)
            .zip(self.ships.iter().copied())
            .collect();
        let fleet = crate::geometry::Fleet::straight("puzzle", crate::geometry::Lattice::Square, &ships);
        let cut = crate::cover::realisation(grid, &fleet, self.rule)?;
        let mut ids = vec![0u16; grid.rows() * grid.cols()];
        for (cell, piece) in cut.occupancy(&fleet) {
            ids[cell.0 as usize * grid.cols() + cell.1 as usize] = piece as u16 + 1;
        }
        Some(ids)
    }
}

impl Authoring for BattleshipPuzzle {
    const GENERATORS: &'static [&'static dyn Generator<Family = Self>] = &[&draft::BattleshipGenerator];

    /// `puzzles/battleship-csp-report.txt` (8 solutions) with a ship part
    /// given at row 1, col 1: 2 solutions; a given ship part or water repairs it.
    const SETTER_EXAMPLE: &'static str = "battleship 4x4\nships 1 2 2 3\nrows 2 1 2 3\ncols 1 3 2 2\n\
        touch allowed\ngrid\n*???\n????\n????\n????\n";

    fn tools(&self) -> Vec<Tool> {
        vec![Tool::Given]
    }

    /// A given cycles water → ship → none.
    fn apply(&mut self, tool: Tool, (r, c): (usize, usize)) -> Result<(), String> {
        if tool != Tool::Given {
            return Err(not_applicable(tool, "battleship"));
        }
        let now = self.givens.iter().position(|g| (g.0, g.1) == (r, c));
        match now.map(|i| (i, self.givens[i].2)) {
            None => self.givens.push((r, c, Given::Water)),
            Some((i, Given::Water)) => self.givens[i].2 = Given::Ship,
            Some((i, _)) => {
                self.givens.remove(i);
            }
        }
        Ok(())
    }

    fn clue_fields(&self) -> Vec<(&'static str, String)> {
        let targets = |v: &[Option<u32>]| {
            v.iter()
                .map(|t| t.map_or("-".to_string(), |n| n.to_string()))
                .collect::<Vec<_>>()
                .join(" ")
        };
        vec![
            (
                "ships",
                self.ships.iter().map(usize::to_string).collect::<Vec<_>>().join(" "),
            ),
            ("rows", targets(&self.row_targets)),
            ("cols", targets(&self.col_targets)),
        ]
    }

    fn setter_clues(&self) -> Vec<Clue> {
        self.givens
            .iter()
            .map(|&(r, c, g)| {
                let what = if g == Given::Water {
                    "water".to_string()
                } else {
                    format!("ship part '{}'", g.letter())
                };
                Clue::Given(r, c, what)
            })
            .chain(shown_counts(&self.row_targets, &self.col_targets))
            .collect()
    }

    fn without_clue(&self, clue: &Clue) -> BattleshipPuzzle {
        let mut out = self.clone();
        match clue {
            Clue::Given(r, c, _) => out.givens.retain(|g| (g.0, g.1) != (*r, *c)),
            Clue::Count(col, k, _) => {
                let line = if *col {
                    &mut out.col_targets
                } else {
                    &mut out.row_targets
                };
                line[*k] = None;
            }
            Clue::Link(..) => {}
        }
        out
    }

    fn edit_kinds(&self) -> Vec<EditKind> {
        vec![EditKind::AddGiven, EditKind::ShowCount]
    }

    /// Water or a plain ship part given where solutions differ, then a
    /// hidden count shown.
    fn repair_edits(&self, seen: &Seen) -> Vec<Edit<BattleshipPuzzle>> {
        let (rows, cols) = (self.rows, self.cols);
        let mut out = Vec::new();
        for &cell in seen.differing {
            let (r, c) = (cell / cols, cell % cols);
            for v in [false, true] {
                let mut q = self.clone();
                q.givens.push((r, c, if v { Given::Ship } else { Given::Water }));
                let what = if v { "a ship part" } else { "water" };
                out.push(Edit {
                    kind: EditKind::AddGiven,
                    description: format!("give {what} at {}", at(cell, cols)),
                    cells: vec![(r, c)],
                    puzzle: q,
                });
            }
        }
        out.extend(count_edits(
            self,
            (rows, cols),
            seen.examples,
            |col, k| (if col { &self.col_targets } else { &self.row_targets })[k].is_none(),
            |b, col, k, v| (if col { &mut b.col_targets } else { &mut b.row_targets })[k] = Some(v),
        ));
        out
    }
}

impl FamilyType for BattleshipPuzzle {
    const KEYWORDS: &'static [(&'static str, &'static str)] =
        &[("battleship", "Battleship (Bimaru): ships from row and column counts")];
    const TITLES: &'static [(&'static str, &'static str)] = &[("battleship", "Battleship")];

    fn parse(s: &Sections) -> Result<BattleshipPuzzle, String> {
        parse(s)
    }

    fn blank_body(_keyword: &str, rows: usize, cols: usize) -> String {
        format!("ships 1\nrows {}\ncols {}\n", repeated(rows, "-"), repeated(cols, "-"))
    }
}
