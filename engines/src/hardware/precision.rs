//! Will the machine see the model's small terms? A QUBO sent to an annealer
//! is scaled into the machine's ranges (Advantage publishes h ∈ [−4, 4] and
//! J ∈ [−1, 1]) the way D-Wave's auto-scaling does, by the one factor that
//! brings the largest coefficient to its bound; coefficients that end up
//! below the machine's precision (by default 1 % of the range) are lost in
//! its analog noise.

use crate::qubo::Ising;

/// A machine's coefficient ranges.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ranges {
    pub h: (f64, f64),
    pub j: (f64, f64),
}

/// D-Wave Advantage's published ranges.
pub const ADVANTAGE: Ranges = Ranges {
    h: (-4.0, 4.0),
    j: (-1.0, 1.0),
};

/// Coefficients below this share of the largest count as zero.
pub const ROUNDING: f64 = 1e-12;

/// The default precision: 1 % of a range's largest magnitude.
pub const DEFAULT_PRECISION: f64 = 0.01;

/// What scaling does to a model's coefficients.
#[derive(Clone, Debug, PartialEq)]
pub struct PrecisionReport {
    /// The model is divided by this.
    pub divide_by: f64,
    /// The smallest nonzero |h| and |J| after scaling, as shares of their range.
    pub smallest_h: Option<f64>,
    pub smallest_j: Option<f64>,
    /// Nonzero fields and couplings below the precision after scaling, of all.
    pub below: usize,
    pub terms: usize,
    pub precision: f64,
}

impl PrecisionReport {
    /// One line a user reads.
    pub fn verdict(&self) -> String {
        let pct = percent;
        let smallest = match (self.smallest_h, self.smallest_j) {
            (Some(h), Some(j)) => format!("smallest field {} and coupling {} of their ranges", pct(h), pct(j)),
            (Some(h), None) => format!("smallest field {} of its range", pct(h)),
            (None, Some(j)) => format!("smallest coupling {} of its range", pct(j)),
            (None, None) => return "no nonzero coefficients".into(),
        };
        if self.below == 0 {
            format!("{smallest}: every term is above the {} precision", pct(self.precision))
        } else {
            format!(
                "{smallest}: {} of {} terms fall below the {} precision and are lost in the machine's noise",
                self.below,
                self.terms,
                pct(self.precision)
            )
        }
    }
}

/// A share as a percentage with two decimals, or two significant digits
/// below 0.01 % (so a tiny share never reads as 0.00 %).
pub fn percent(x: f64) -> String {
    let p = 100.0 * x;
    if p != 0.0 && p.abs() < 0.01 {
        format!("{p:.1e} %")
    } else {
        format!("{p:.2} %")
    }
}

/// Scales `ising` into `ranges` (auto-scaling: one factor for all) and
/// reports the terms below `precision` (a share of each range's largest magnitude).
pub fn precision_report(ising: &Ising, ranges: Ranges, precision: f64) -> PrecisionReport {
    let ratio = |v: f64, (lo, hi): (f64, f64)| if v > 0.0 { v / hi } else { v / lo };
    let mut divide_by: f64 = 0.0;
    for &h in &ising.h {
        divide_by = divide_by.max(ratio(h, ranges.h));
    }
    for &(_, _, j) in &ising.j {
        divide_by = divide_by.max(ratio(j, ranges.j));
    }
    if divide_by == 0.0 {
        divide_by = 1.0;
    }
    let h_span = ranges.h.0.abs().max(ranges.h.1.abs());
    let j_span = ranges.j.0.abs().max(ranges.j.1.abs());
    // A coefficient 10^12 times smaller than the largest is a rounding
    // residue of the Ising conversion (a field that cancels to 4e-16), not a term.
    let largest = ising
        .h
        .iter()
        .chain(ising.j.iter().map(|(_, _, j)| j))
        .fold(0.0f64, |m, v| m.max(v.abs()));
    let zero = largest * ROUNDING;
    let shares = |values: &mut dyn Iterator<Item = f64>, span: f64| -> Vec<f64> {
        values
            .filter(|v| v.abs() > zero)
            .map(|v| v.abs() / divide_by / span)
            .collect()
    };
    let hs = shares(&mut ising.h.iter().copied(), h_span);
    let js = shares(&mut ising.j.iter().map(|&(_, _, j)| j), j_span);
    let min = |v: &[f64]| v.iter().copied().reduce(f64::min);
    PrecisionReport {
        divide_by,
        smallest_h: min(&hs),
        smallest_j: min(&js),
        below: hs.iter().chain(&js).filter(|&&s| s < precision).count(),
        terms: hs.len() + js.len(),
        precision,
    }
}
