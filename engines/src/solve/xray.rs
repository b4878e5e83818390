//! Solving X-ray models: what a returned state means (right sums? a fleet?
//! the original picture?), checked exactly, and the optional repair step that
//! walks a few Ryser interchanges from a state with the right sums to a fleet
//! (the tomography paper expects interchanges to connect what a sampler finds
//! with fleets). Repair is reported apart from the sampler's own figures.

use crate::geometry::{BinaryMatrix, Deployment, Fleet, TouchRule};
use crate::qubo::XrayModel;
use crate::tomography::{XRay, interchanges, realisation};
use rustc_hash::FxHashSet;
use serde::{Deserialize, Serialize};

/// What a state is, checked exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    /// Row and column sums match the model's.
    pub sums_ok: bool,
    /// The known cells hold their values.
    pub pins_ok: bool,
    /// A fleet realisation, when a fleet was given and the ones can be cut into it.
    pub fleet: Option<Deployment>,
    /// Equal to the original picture, when one was given.
    pub original: bool,
}

impl Verdict {
    /// A success as the tomography paper counts it: the sums are met and, with
    /// a fleet, the ones are a fleet; without one, the original picture.
    pub fn success(&self, has_fleet: bool) -> bool {
        self.sums_ok && self.pins_ok && if has_fleet { self.fleet.is_some() } else { self.original }
    }
}

/// Judges a picture against the model, a fleet (whose ships keep `rule`) and the
/// original picture.
pub fn judge(
    model: &XrayModel,
    m: &BinaryMatrix,
    fleet: Option<&Fleet>,
    rule: TouchRule,
    original: Option<&BinaryMatrix>,
) -> Verdict {
    let x = XRay::of(m);
    let sums_ok = x.rows == model.spec.rows && x.cols == model.spec.cols;
    let pins_ok = model.spec.pins.iter().all(|&((r, c), v)| m.get(r, c) == v);
    let fleet = match fleet {
        Some(f) if sums_ok => realisation(m, f, rule),
        _ => None,
    };
    Verdict {
        sums_ok,
        pins_ok,
        fleet,
        original: original == Some(m),
    }
}

/// Most matrices a repair visits.
pub const REPAIR_MAX: usize = 20_000;

/// Why a repair found no fleet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepairMiss {
    /// No matrix within the depth is a fleet (every one was visited).
    NoneWithin,
    /// The search stopped after `max` matrices, before the depth was covered.
    Stopped,
}

/// A fleet (ships keeping `rule`) within `depth` interchanges of `start` (which has
/// the right sums), breadth first, visiting at most `max` matrices; the fleet and
/// its distance, or whether the search covered the depth without one.
pub fn repair(
    start: &BinaryMatrix,
    fleet: &Fleet,
    rule: TouchRule,
    depth: usize,
    max: usize,
) -> Result<(Deployment, BinaryMatrix, usize), RepairMiss> {
    let mut seen: FxHashSet<BinaryMatrix> = FxHashSet::default();
    seen.insert(start.clone());
    let mut frontier = vec![start.clone()];
    for d in 0..=depth {
        for m in &frontier {
            if let Some(r) = realisation(m, fleet, rule) {
                return Ok((r, m.clone(), d));
            }
        }
        if d == depth {
            break;
        }
        let mut next = Vec::new();
        for m in &frontier {
            for x in interchanges(m) {
                let y = x.apply(m);
                if seen.len() >= max {
                    return Err(RepairMiss::Stopped);
                }
                if seen.insert(y.clone()) {
                    next.push(y);
                }
            }
        }
        frontier = next;
    }
    Err(RepairMiss::NoneWithin)
}
