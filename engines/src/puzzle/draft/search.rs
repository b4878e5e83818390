//! The search every generator shares. A family's [`Drafter`] plants a
//! solution and a first draft around it, and makes small changes that keep the
//! planted solution a solution; the search keeps a change when the draft gets
//! no farther from what was asked (unique, at the requested grade), starts a
//! new draft when one has had its chances, and thins the accepted draft's
//! clues while it stays unique at that grade.

use super::{Drafter, STILL};
use crate::puzzle::GenerateError;
use crate::puzzle::deduce::{self, Grade};
use crate::puzzle::exact::ExactRequest;
use crate::puzzle::family::{DraftRequest, Drafted, Rules};
use crate::run::{CancelFlag, Cancelled};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Drafts a search for a grade never found with its options goes on
/// without coming nearer before it gives up (a search that finds one comes
/// nearer long before: see [`run`]).
pub const HOPELESS_AFTER: usize = 1_000;

/// Solutions counted per draft: fewer is closer to unique, which gives the
/// search a slope to climb.
const COUNT_CAP: u64 = 64;

/// How far a puzzle is from unique at `want`: 0 accepts. Not unique is
/// farther than any grade, the more solutions the farther; a grade off by
/// one is nearer the fewer steps it takes above the wanted tier (or the more
/// it takes at its own top tier, when it is too easy; a Hard puzzle asked to
/// be Fiendish, also the fewer failing probes it had to pick from).
///
/// `cap`: solutions counted at most ([`COUNT_CAP`] for a slope; 2 when only
/// "unique or not" matters). `budget`: the count's node budget; a count that
/// runs out is judged as far as `cap` solutions.
fn distance<F: Rules>(
    puzzle: &F,
    want: Grade,
    cap: u64,
    budget: Option<u64>,
    cancel: &CancelFlag,
) -> Result<Judged, GenerateError> {
    let mut req = ExactRequest::new(cap, 0);
    req.max_nodes = budget;
    let found = puzzle.solve_exact(req, cancel)?;
    let count = if found.out_of_nodes { cap } else { found.count };
    if count != 1 {
        return Ok(Judged {
            distance: 1000 + count as u32,
            grade: Grade::NeedsSearch,
            fewest_probes: None,
        });
    }
    let spec = puzzle.ladder().map_err(GenerateError::Invalid)?;
    let explanation = deduce::explain_spec(&spec, cancel);
    let grade = explanation.grade;
    let profile = explanation.tier_profile();
    // The top tier of each grade: Easy 1, Medium 2, Hard 3, Fiendish 4.
    let top = |g: Grade| (g as usize + 1).min(4);
    let gap = 100 * (grade as u32).abs_diff(want as u32);
    let distance = match grade.cmp(&want) {
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => {
            let above: usize = profile[top(want) + 1..].iter().sum();
            gap + above.min(99) as u32
        }
        // One probe short of Fiendish: nearer the fewer assumptions its
        // tightest probe scan had to choose from (at none, a deeper probe
        // is needed) and the more probe steps it takes.
        std::cmp::Ordering::Less if grade == Grade::Hard => {
            let fewest = explanation.fewest_probes.unwrap_or(20).min(20) as u32;
            let probes = profile[3].min(49) as u32;
            gap + fewest + 49 - probes
        }
        std::cmp::Ordering::Less => gap + 99 - profile[top(grade)].min(99) as u32,
    };
    Ok(Judged {
        distance,
        grade,
        fewest_probes: explanation.fewest_probes,
    })
}

/// A draft judged: how far from what was asked (0 accepts), its grade, and
/// how many single assumptions failed at its tightest probe scan.
#[derive(Clone, Copy, Debug)]
struct Judged {
    pub distance: u32,
    pub grade: Grade,
    pub fewest_probes: Option<usize>,
}

/// The nearest draft so far and how many drafts have come since without
/// coming nearer: a search for a grade never found with its options gives
/// up on that, not on its whole budget.
#[derive(Default)]
struct Nearness {
    nearest: Option<Judged>,
    since: usize,
}

impl Nearness {
    fn saw(&mut self, j: &Judged) {
        if self.nearest.is_none_or(|n| j.distance < n.distance) {
            self.nearest = Some(*j);
            self.since = 0;
        } else {
            self.since += 1;
        }
    }

    /// Why the search stops: the drafts, and how near the nearest came.
    fn gave_up(&self, what: &str, want: Grade, tries: usize) -> GenerateError {
        let nearest = match self.nearest {
            Some(Judged {
                grade: Grade::Hard,
                fewest_probes: Some(k),
                ..
            }) if want == Grade::Fiendish => format!(
                "a Hard one whose tightest probe scan still had {k} failing assumptions (a Fiendish one needs a \
                 point where none fails)"
            ),
            Some(j) if j.grade == Grade::NeedsSearch => "one with more than one solution".to_string(),
            Some(j) if j.grade == Grade::Easy => "an Easy one".to_string(),
            Some(j) => format!("a {} one", j.grade.name()),
            None => "none".to_string(),
        };
        GenerateError::NotFound(format!(
            "no {what} puzzle of grade {} in {} drafts: the last {} came no nearer than {nearest}",
            want.name(),
            crate::quote::group_digits(&tries.to_string()),
            crate::quote::group_digits(&HOPELESS_AFTER.to_string())
        ))
    }
}

/// Runs the search for `drafter`; the same seed gives the same puzzle.
/// `progress` hears the drafts judged so far, every 10.
pub fn run<D: Drafter>(
    drafter: &D,
    req: &DraftRequest,
    cancel: &CancelFlag,
    progress: &dyn Fn(usize),
) -> Result<Drafted<D::Family>, GenerateError> {
    use rand::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(req.seed);
    let mut tries = 0;
    // A draft judged against a unique one needs no slope among non-unique
    // ones (it is refused however many solutions it has): a cap of 2 will do.
    let judge = |draft: &D::Draft, tries: &mut usize, best: Option<u32>| {
        *tries += 1;
        if (*tries).is_multiple_of(10) {
            progress(*tries);
        }
        let cap = if best.is_some_and(|b| b < 1000) { 2 } else { COUNT_CAP };
        distance(&drafter.puzzle(draft), req.grade, cap, drafter.node_budget(), cancel)
    };
    let hopeless = req.hopeless;
    let mut watch = Nearness::default();
    while tries < req.max_tries {
        if cancel.is_cancelled() {
            return Err(Cancelled.into());
        }
        if hopeless && watch.since >= HOPELESS_AFTER {
            return Err(watch.gave_up(&drafter.what(), req.grade, tries));
        }
        let mut draft = drafter.fresh(&mut rng, cancel)?;
        let mut best = judge(&draft, &mut tries, None)?;
        watch.saw(&best);
        let wander = if req.grade == Grade::Fiendish {
            drafter.wander()
        } else {
            STILL
        };
        let patience = drafter.patience() * wander.patience;
        for step in 0..patience {
            if best.distance == 0 || tries >= req.max_tries {
                break;
            }
            if hopeless && watch.since >= HOPELESS_AFTER {
                return Err(watch.gave_up(&drafter.what(), req.grade, tries));
            }
            if cancel.is_cancelled() {
                return Err(Cancelled.into());
            }
            let Some(next) = drafter.mutate(&draft, &mut rng) else {
                continue;
            };
            let d = judge(&next, &mut tries, Some(best.distance))?;
            watch.saw(&d);
            // A worse draft, still unique, is kept now and then, less often
            // as the draft's changes run out (simulated annealing).
            let cooling = 1.0 - step as f64 / patience as f64;
            if d.distance <= best.distance
                || (wander.chance > 0.0 && d.distance < 1000 && rng.random_bool(wander.chance * cooling))
            {
                draft = next;
                best = d;
            }
        }
        if best.distance == 0 {
            // Thin the clues, last first, so the indices still to try stay put.
            for k in (0..drafter.clues(&draft)).rev() {
                if cancel.is_cancelled() {
                    return Err(Cancelled.into());
                }
                let next = drafter.drop_clue(&draft, k);
                if judge(&next, &mut tries, Some(0))?.distance == 0 {
                    draft = next;
                }
            }
            return Ok(Drafted {
                puzzle: drafter.puzzle(&draft),
                grade: best.grade,
                tries,
            });
        }
    }
    Err(GenerateError::NotFound(format!(
        "no {} puzzle of grade {} in {} drafts (this grade may be rare or out of reach for this family and size: try another seed, more drafts or another grade)",
        drafter.what(),
        req.grade.name(),
        crate::quote::group_digits(&req.max_tries.to_string())
    )))
}
