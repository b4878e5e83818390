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
use crate::puzzle::deduce::Grade;
use crate::puzzle::family::Seen;
use crate::puzzle::{ExactRequest, Puzzle, SetterError};
use crate::run::{CancelFlag, Cancelled};

/// Most candidate edits one repair checks.
pub const MAX_REPAIR_CANDIDATES: usize = 4000;

pub use crate::puzzle::family::EditKind;

/// The kinds of edit that make sense for `p`'s family, in the order of [`EditKind::ALL`].
pub fn edit_kinds(p: &Puzzle) -> Vec<EditKind> {
    p.edit_kinds()
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

    /// The count before as a setter reads it: "50", or "1,000+" when the lens stopped.
    pub fn count_before(&self) -> String {
        format!(
            "{}{}",
            crate::quote::group_digits(&self.before.to_string()),
            if self.capped { "+" } else { "" }
        )
    }

    /// What no edit does when none makes the puzzle unique and none cuts the
    /// count, to end "no single edit makes this puzzle unique or …": "cuts its
    /// 50 solutions". When the lens stopped, an edit's count was only looked
    /// at up to the count before, so a cut is known only if it goes below
    /// that: "brings its count below 1,000 (it has at least 1,000 solutions and
    /// each edit was counted only that far)"; every given may well cut it.
    pub fn no_cut_phrase(&self) -> String {
        let before = crate::quote::group_digits(&self.before.to_string());
        if self.capped {
            format!(
                "brings its count below {before} (it has at least {before} solutions and each edit was counted only that far)"
            )
        } else {
            format!("cuts its {before} solutions")
        }
    }
}

/// One edit: what it does in words, the cells it touches, and the puzzle after it.
pub type Edit = crate::puzzle::family::Edit<Puzzle>;

/// An edit that makes the puzzle unique, with the grade it then has.
#[derive(Clone, Debug, PartialEq)]
pub struct Repair {
    pub edit: Edit,
    pub grade: Grade,
}

/// Every single edit that leaves `p` with exactly one solution, easiest grade
/// first, after counting its lens. Refused when `p` is already unique or has
/// no solution.
pub fn repairs(p: &Puzzle, cancel: &CancelFlag, progress: &dyn Fn(RepairStage)) -> Result<Vec<Repair>, SetterError> {
    let req = RepairRequest {
        cuts: 0,
        ..RepairRequest::every_kind(p, lens(p, cancel)?)
    };
    Ok(repair(p, &req, cancel, progress)?.unique)
}

/// The lens and outline fit `p`'s grid (a lens of another puzzle is refused, never indexed past its end).
fn check_fits(p: &Puzzle, req: &RepairRequest) -> Result<(), SetterError> {
    let (rows, cols) = p.size();
    let cells = rows * cols;
    let outline_cells = req.outline.iter().flat_map(|o| o.differ.iter().chain(&o.unknown));
    let fits = req.lens.examples.iter().all(|g| g.rows() == rows && g.cols() == cols)
        && req.lens.differing.iter().chain(outline_cells).all(|&c| c < cells);
    if fits {
        Ok(())
    } else {
        Err(SetterError::Invalid(format!(
            "the solutions given to repair are not of this {rows}×{cols} puzzle"
        )))
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
/// found (see [`Repairs::cut_short`]); a cancel is [`SetterError::Cancelled`]. Refused when
/// `p` is already unique or has no solution.
pub fn repair(
    p: &Puzzle,
    req: &RepairRequest,
    cancel: &CancelFlag,
    progress: &dyn Fn(RepairStage),
) -> Result<Repairs, SetterError> {
    check_fits(p, req)?;
    let seen = &req.lens;
    match seen.count {
        0 if seen.is_complete() => return Err(SetterError::NoSolutionToRepair),
        1 if seen.is_complete() => return Err(SetterError::AlreadyUnique),
        0 | 1 => return Err(SetterError::NotCounted),
        _ => {}
    }
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
    let mut candidates = p.repair_edits(&Seen {
        differing: &differing,
        examples: &seen.examples,
    });
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
            Err(SetterError::Cancelled(Cancelled))
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
            Err(e) => return Err(e.into()),
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
