//! Single edits that make a puzzle with several solutions unique: a given
//! added where two solutions differ, a cell blocked, a region's boundary cell
//! moved, a hidden count shown, a Rullo number changed. Each is checked by an exact recount and
//! ranked by the grade the repaired puzzle gets. When no single edit leaves
//! one solution, the edits that cut the count most are listed with their new
//! count, so a setter can walk down to one an edit at a time; the setter
//! chooses which kinds of edit are allowed (LinkedIn-style Queens has no
//! givens, so there only region moves). The caller brings the lens (and the
//! outline, if it has one): the room keeps both current after every edit.

use super::lens::{Lens, lens};
use super::outline::{OUTLINE_LIMIT, Outline, outline};
use crate::puzzle::battleship::Given;
use crate::puzzle::deduce::Grade;
use crate::puzzle::families::chess::ChessGoal;
use crate::puzzle::families::queens::NO_REGION;
use crate::puzzle::generate::regions;
use crate::puzzle::model::CountSpec;
use crate::puzzle::{ExactRequest, Puzzle};
use crate::run::CancelFlag;

/// Most candidate edits one repair checks.
pub const MAX_REPAIR_CANDIDATES: usize = 4000;

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

/// The kinds of edit that make sense for `p`'s family, in the order of [`EditKind::ALL`].
pub fn edit_kinds(p: &Puzzle) -> Vec<EditKind> {
    use EditKind::*;
    let square = {
        let (rows, cols) = p.size();
        rows == cols
    };
    match p {
        Puzzle::Queens(q) if !q.regions.is_empty() && square => vec![MoveBoundary, AddGiven, Block],
        Puzzle::Queens(q) if !q.regions.is_empty() => vec![AddGiven, Block],
        Puzzle::Queens(_) => vec![AddGiven],
        Puzzle::Chess(c) if c.goal == ChessGoal::Coloured && !c.regions.is_empty() && square => {
            vec![MoveBoundary, AddGiven, Block]
        }
        Puzzle::Chess(_) => vec![AddGiven, Block],
        Puzzle::Binary(_) => vec![AddGiven],
        Puzzle::Battleship(_) => vec![AddGiven, ShowCount],
        Puzzle::Tents(_) => vec![ShowCount],
        Puzzle::Rullo(_) => vec![ChangeNumber],
    }
}

/// What a repair search looks for, and what is known of the puzzle already.
#[derive(Clone, Debug, PartialEq)]
pub struct RepairRequest {
    /// The kinds of edit allowed.
    pub kinds: Vec<EditKind>,
    /// How many of the edits that cut the count (without making it unique) to
    /// list; 0 lists none, and each edit is then counted to 2 only (cheaper).
    pub cuts: usize,
    /// The puzzle's lens as the caller counted it (the room keeps one after
    /// every edit; the command line counts one with its own progress and limit).
    pub lens: Lens,
    /// Where the solutions differ, when the lens could not list them all and
    /// the caller has checked already; without it repair checks, for at most
    /// [`OUTLINE_LIMIT`].
    pub outline: Option<Outline>,
}

impl RepairRequest {
    /// Every kind of edit the family has, and the 20 best cuts, from `lens`.
    pub fn every_kind(p: &Puzzle, lens: Lens) -> RepairRequest {
        RepairRequest {
            kinds: edit_kinds(p),
            cuts: CUTS_LISTED,
            lens,
            outline: None,
        }
    }
}

/// Cuts listed by default.
pub const CUTS_LISTED: usize = 20;

/// What a repair is doing, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepairStage {
    /// Checking cell by cell where the solutions differ (the lens could not list them all).
    Cells { done: usize, total: usize },
    /// Recounting the candidate edits.
    Edits { done: usize, total: usize },
}

impl RepairStage {
    /// (done, total) of the stage.
    pub fn counts(self) -> (usize, usize) {
        match self {
            RepairStage::Cells { done, total } | RepairStage::Edits { done, total } => (done, total),
        }
    }

    /// In words, for a status line.
    pub fn describe(self) -> String {
        match self {
            RepairStage::Cells { done, total } => {
                format!(
                    "checking where solutions differ: cell {} of {total}",
                    (done + 1).min(total)
                )
            }
            RepairStage::Edits { done, total } => format!("recounting edit {} of {total}", (done + 1).min(total)),
        }
    }
}

/// An edit that lowers the count without making the puzzle unique.
#[derive(Clone, Debug, PartialEq)]
pub struct Cut {
    pub edit: Edit,
    /// Solutions after the edit (exact: below the count before).
    pub count: u64,
}

/// What a repair search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Repairs {
    /// Solutions before (the lens's count; at least this many when `capped`).
    pub before: u64,
    /// The lens stopped (at its cap or its time limit): `before` is a lower bound.
    pub capped: bool,
    /// Edits that leave one solution, easiest grade first.
    pub unique: Vec<Repair>,
    /// Edits that cut the count most without making it unique, fewest solutions first.
    pub cuts: Vec<Cut>,
    /// Candidate edits counted.
    pub tried: usize,
    /// Candidate edits there were (more than `tried` when the time limit cut the list short).
    pub candidates: usize,
    /// Why no cuts were looked for although asked for (the count before is
    /// not known well enough to compare with).
    pub no_cuts: Option<String>,
}

impl Repairs {
    /// The time limit stopped the recounts: edits not counted may be missing from the lists.
    pub fn cut_short(&self) -> bool {
        self.tried < self.candidates
    }

    /// The count before as a setter reads it: "50", or "1000+" when the lens stopped.
    pub fn count_before(&self) -> String {
        format!("{}{}", self.before, if self.capped { "+" } else { "" })
    }
}

/// One edit: what it does in words, the cells it touches, and the puzzle after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Edit {
    pub kind: EditKind,
    pub description: String,
    pub cells: Vec<(usize, usize)>,
    pub puzzle: Puzzle,
}

/// An edit that makes the puzzle unique, with the grade it then has.
#[derive(Clone, Debug, PartialEq)]
pub struct Repair {
    pub edit: Edit,
    pub grade: Grade,
}

fn at(cell: usize, cols: usize) -> String {
    crate::puzzle::model::cell_name(cell, cols)
}

/// Moves of every region boundary cell into each neighbouring region that
/// keep the cell's own region connected (on a board of scattered regions:
/// that leave it a cell).
fn boundary_moves(p: &Puzzle, regions_of: &[u16], n: usize) -> Vec<Edit> {
    if regions_of.len() != n * n {
        return Vec::new();
    }
    let any_shape = !regions::all_connected(regions_of, n);
    let mut out = Vec::new();
    for cell in 0..n * n {
        let from = regions_of[cell];
        if from == NO_REGION {
            continue;
        }
        let mut targets: Vec<u16> = regions::neighbours(cell, n)
            .map(|x| regions_of[x])
            .filter(|&k| k != from && k != NO_REGION)
            .collect();
        targets.sort_unstable();
        targets.dedup();
        for to in targets {
            let mut moved = regions_of.to_vec();
            if any_shape {
                if regions_of.iter().filter(|&&k| k == from).count() < 2 {
                    continue;
                }
                moved[cell] = to;
            } else if !regions::move_cell(&mut moved, n, cell, to) {
                continue;
            }
            // Named by a neighbour in it: region letters are renumbered when a file is read.
            let beside = regions::neighbours(cell, n)
                .find(|&x| regions_of[x] == to)
                .expect("a neighbour in the region it joins");
            let mut q = p.clone();
            match &mut q {
                Puzzle::Queens(x) => x.regions = moved,
                Puzzle::Chess(x) => x.regions = moved,
                _ => unreachable!("only region puzzles move boundaries"),
            }
            out.push(Edit {
                kind: EditKind::MoveBoundary,
                description: format!("move {} into the region of {}", at(cell, n), at(beside, n)),
                cells: vec![(cell / n, cell % n)],
                puzzle: q,
            });
        }
    }
    out
}

/// Candidate edits at the cells where solutions differ (each such cell takes
/// both values in some solution, so each value is tried).
fn cell_edits(p: &Puzzle, differing: &[usize]) -> Vec<Edit> {
    let (_, cols) = p.size();
    let mut out = Vec::new();
    for cell in differing {
        let (r, c) = (cell / cols, cell % cols);
        for v in [false, true] {
            let mut q = p.clone();
            let (kind, description) = match (&mut q, v) {
                (Puzzle::Queens(x), true) => {
                    x.given.push((r, c));
                    let what = if x.no_touch && x.diagonal == 0 { "star" } else { "queen" };
                    (EditKind::AddGiven, format!("give a {what} at {}", at(*cell, cols)))
                }
                (Puzzle::Queens(x), false) => {
                    let k = x.regions.get(*cell).copied();
                    let alone = k.is_some_and(|k| x.regions.iter().filter(|&&y| y == k).count() <= 1);
                    if alone || x.regions.is_empty() {
                        continue;
                    }
                    x.regions[*cell] = NO_REGION;
                    x.holes.push((r, c));
                    (EditKind::Block, format!("block {} (a hole)", at(*cell, cols)))
                }
                (Puzzle::Chess(x), true) => {
                    x.given.push((r, c));
                    (EditKind::AddGiven, format!("give a piece at {}", at(*cell, cols)))
                }
                (Puzzle::Chess(x), false) => {
                    x.pieces[*cell] = None;
                    (EditKind::Block, format!("allow no piece at {}", at(*cell, cols)))
                }
                (Puzzle::Binary(x), v) => {
                    x.givens.push((r, c, v));
                    (
                        EditKind::AddGiven,
                        format!("give {} at {}", u8::from(v), at(*cell, cols)),
                    )
                }
                (Puzzle::Battleship(x), v) => {
                    x.givens.push((r, c, if v { Given::Ship } else { Given::Water }));
                    let what = if v { "a ship part" } else { "water" };
                    (EditKind::AddGiven, format!("give {what} at {}", at(*cell, cols)))
                }
                _ => continue,
            };
            out.push(Edit {
                kind,
                description,
                cells: vec![(r, c)],
                puzzle: q,
            });
        }
    }
    out
}

/// Rullo: a number the first solution found leaves out, changed to another,
/// so that solution stays and those keeping the number lose their sums.
fn number_edits(p: &Puzzle, differing: &[usize], first: &crate::geometry::BinaryMatrix) -> Vec<Edit> {
    let Puzzle::Rullo(rullo) = p else { return Vec::new() };
    let cols = rullo.cols();
    let top = rullo.values.iter().flatten().copied().max().unwrap_or(9).max(9);
    let mut out = Vec::new();
    for &cell in differing {
        let (r, c) = (cell / cols, cell % cols);
        if first.get(r, c) {
            continue;
        }
        for w in (1..=top).filter(|&w| w != rullo.values[r][c]) {
            let mut q = rullo.clone();
            q.values[r][c] = w;
            out.push(Edit {
                kind: EditKind::ChangeNumber,
                description: format!("change the {} at {} to {w}", rullo.values[r][c], at(cell, cols)),
                cells: vec![(r, c)],
                puzzle: Puzzle::Rullo(q),
            });
        }
    }
    out
}

/// Hidden counts shown with the value each solution found gives them.
fn count_edits(p: &Puzzle, examples: &[crate::geometry::BinaryMatrix]) -> Vec<Edit> {
    let (rows, cols) = p.size();
    let mut out = Vec::new();
    for col in [false, true] {
        for k in 0..if col { cols } else { rows } {
            let hidden = match p {
                Puzzle::Tents(t) => (if col { &t.col_counts } else { &t.row_counts })[k] == CountSpec::Free,
                Puzzle::Battleship(b) => (if col { &b.col_targets } else { &b.row_targets })[k].is_none(),
                _ => false,
            };
            if !hidden {
                continue;
            }
            let mut values: Vec<u32> = examples
                .iter()
                .map(|g| {
                    if col {
                        (0..rows).filter(|&r| g.get(r, k)).count() as u32
                    } else {
                        (0..cols).filter(|&c| g.get(k, c)).count() as u32
                    }
                })
                .collect();
            values.sort_unstable();
            values.dedup();
            if values.len() < 2 {
                continue;
            }
            for v in values {
                let mut q = p.clone();
                match &mut q {
                    Puzzle::Tents(t) => {
                        (if col { &mut t.col_counts } else { &mut t.row_counts })[k] = CountSpec::Exactly(v)
                    }
                    Puzzle::Battleship(b) => (if col { &mut b.col_targets } else { &mut b.row_targets })[k] = Some(v),
                    _ => unreachable!("only counted puzzles hide counts"),
                }
                let line = if col { "column" } else { "row" };
                let cells = (0..if col { rows } else { cols })
                    .map(|i| if col { (i, k) } else { (k, i) })
                    .collect();
                out.push(Edit {
                    kind: EditKind::ShowCount,
                    description: format!("show {v} as the count of {line} {}", k + 1),
                    cells,
                    puzzle: q,
                });
            }
        }
    }
    out
}

/// Every single edit that leaves `p` with exactly one solution, easiest grade
/// first, after counting its lens. Refused when `p` is already unique or has
/// no solution.
pub fn repairs(p: &Puzzle, cancel: &CancelFlag, progress: &dyn Fn(RepairStage)) -> Result<Vec<Repair>, String> {
    let req = RepairRequest {
        cuts: 0,
        ..RepairRequest::every_kind(p, lens(p, cancel)?)
    };
    Ok(repair(p, &req, cancel, progress)?.unique)
}

/// The lens and outline fit `p`'s grid (a lens of another puzzle is refused, never indexed past its end).
fn check_fits(p: &Puzzle, req: &RepairRequest) -> Result<(), String> {
    let (rows, cols) = p.size();
    let cells = rows * cols;
    let outline_cells = req.outline.iter().flat_map(|o| o.differ.iter().chain(&o.unknown));
    let fits = req.lens.examples.iter().all(|g| g.rows() == rows && g.cols() == cols)
        && req.lens.differing.iter().chain(outline_cells).all(|&c| c < cells);
    if fits {
        Ok(())
    } else {
        Err(format!(
            "the solutions given to repair are not of this {rows}×{cols} puzzle"
        ))
    }
}

/// The single edits of the kinds asked for that leave `p` with one solution
/// (easiest grade first) and, when asked, those that cut its count most
/// (fewest solutions first), from the lens (and outline) in `req`. Every
/// candidate is recounted exactly, at most up to the count before (a lower
/// bound when the lens stopped): only an edit that ends below it is a cut,
/// never one that may add solutions (a region move can). With a best answer
/// to find (Max chess) and its worth unproven, the solutions found may not
/// be best, so no cut is looked for and `no_cuts` says why. `progress` hears
/// each stage. A time limit on `cancel` stops the recounts with what was
/// found (see [`Repairs::cut_short`]); a cancel is an error. Refused when
/// `p` is already unique or has no solution.
pub fn repair(
    p: &Puzzle,
    req: &RepairRequest,
    cancel: &CancelFlag,
    progress: &dyn Fn(RepairStage),
) -> Result<Repairs, String> {
    check_fits(p, req)?;
    let seen = &req.lens;
    match seen.count {
        0 if seen.is_complete() => {
            return Err(
                "the puzzle has no solution; repair works on a puzzle with several solutions, to leave one".into(),
            );
        }
        1 if seen.is_complete() => return Err("the puzzle is already unique".into()),
        0 | 1 => {
            return Err("the solutions were not counted before the time limit: repair needs two of them".into());
        }
        _ => {}
    }
    let (rows, cols) = p.size();
    // Every cell where solutions differ (exactly, or as far as the time allows)
    // and every cell not settled: the recount decides.
    let differing = if seen.is_complete() {
        seen.differing.clone()
    } else {
        let checked;
        let o = match &req.outline {
            Some(o) => o,
            None => {
                checked = outline(p, seen, &cancel.with_time_limit(OUTLINE_LIMIT), &|done, total| {
                    progress(RepairStage::Cells { done, total })
                })?;
                &checked
            }
        };
        let mut cells = o.differ.clone();
        cells.extend(&o.unknown);
        cells.sort_unstable();
        cells
    };
    let mut candidates = cell_edits(p, &differing);
    candidates.extend(count_edits(p, &seen.examples));
    candidates.extend(number_edits(p, &differing, &seen.examples[0]));
    match p {
        Puzzle::Queens(q) if !q.regions.is_empty() && rows == cols => {
            candidates.extend(boundary_moves(p, &q.regions, rows))
        }
        // Regions mean nothing to Max chess, even when its file lists some.
        Puzzle::Chess(c) if c.goal == ChessGoal::Coloured && !c.regions.is_empty() && rows == cols => {
            candidates.extend(boundary_moves(p, &c.regions, rows))
        }
        _ => {}
    }
    candidates.retain(|e| req.kinds.contains(&e.kind));
    candidates.truncate(MAX_REPAIR_CANDIDATES);
    // Edits that tend to cut most first, so the list of cuts fills early and
    // the rest need only be counted as far as its last entry.
    candidates.sort_by_key(|e| match e.kind {
        EditKind::AddGiven | EditKind::ShowCount => 0,
        EditKind::ChangeNumber | EditKind::MoveBoundary => 1,
        EditKind::Block => 2,
    });
    // The count before, as a lower bound: every solution when the lens
    // finished, else those it found (at its cap, or when the clock stopped it).
    let no_cuts = (req.cuts > 0 && p.has_objective() && !seen.is_complete()).then(|| {
        "the count stopped before it proved the best worth, so the solutions found may not be best and no count is known to cut"
            .to_string()
    });
    let (before, cuts_wanted) = (seen.count, if no_cuts.is_some() { 0 } else { req.cuts });
    let total = candidates.len();
    let (mut unique, mut cuts): (Vec<Repair>, Vec<Cut>) = (Vec::new(), Vec::new());
    let mut tried = 0;
    // A stop by the clock ends the recounts with what was found; a cancel is an error.
    let stopped = || {
        if cancel.timed_out() {
            Ok(true)
        } else if cancel.is_cancelled() {
            Err("cancelled".to_string())
        } else {
            Ok(false)
        }
    };
    for (k, edit) in candidates.into_iter().enumerate() {
        if stopped()? {
            break;
        }
        progress(RepairStage::Edits { done: k, total });
        // Counting to 2 tells unique from not; a cut is counted up to the count
        // before, or, once the list is full, up to its last entry (an edit that
        // gets there would not make the list).
        let limit = match cuts.last() {
            _ if cuts_wanted == 0 => 2,
            Some(last) if cuts.len() == cuts_wanted => last.count + 1,
            _ => before,
        };
        let r = match edit.puzzle.solve_exact(ExactRequest::new(limit, 0), cancel) {
            Ok(r) if !r.timed_out => r,
            Ok(_) | Err(crate::puzzle::PuzzleError::Cancelled(_)) => {
                stopped()?; // a cancel is an error; the clock ends the recounts
                break;
            }
            Err(e) => return Err(e.to_string()),
        };
        if stopped()? {
            break;
        }
        match r.count {
            1 if r.is_complete() => {
                let grade = super::grade_of(&edit.puzzle, cancel);
                // A grade the clock cut short is no grade: the edit is left out.
                if stopped()? {
                    break;
                }
                unique.push(Repair { edit, grade });
            }
            n if n >= 2 && r.is_complete() && n < before && cuts_wanted > 0 => {
                let key = (n, edit.kind);
                let at = cuts.partition_point(|c| (c.count, c.edit.kind) <= key);
                cuts.insert(at, Cut { edit, count: n });
                cuts.truncate(cuts_wanted);
            }
            _ => {}
        }
        tried = k + 1;
    }
    progress(RepairStage::Edits { done: tried, total });
    unique.sort_by_key(|r| (r.grade, r.edit.kind));
    Ok(Repairs {
        before,
        capped: !seen.is_complete(),
        unique,
        cuts,
        tried,
        candidates: total,
        no_cuts,
    })
}
