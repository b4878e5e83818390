//! What the samplers are pointed at: an X-ray model (with the fleet and the
//! picture it came from, when known, to judge the answers), or any QUBO read
//! from a file.

use super::xray::{Verdict, judge};
use crate::geometry::{BinaryMatrix, Fleet};
use crate::qubo::{Qubo, XrayModel, XraySpec};

/// An X-ray model and what its answers are judged against.
#[derive(Clone, Debug, PartialEq)]
pub struct XrayProblem {
    pub model: XrayModel,
    /// Straight-ship fleet whose realisations count as success.
    pub fleet: Option<Fleet>,
    /// The picture the sums came from.
    pub original: Option<BinaryMatrix>,
}

impl XrayProblem {
    /// The model of a picture's sums, judged against the picture (and a fleet).
    pub fn of_picture(m: &BinaryMatrix, spec: XraySpec, fleet: Option<Fleet>) -> Result<XrayProblem, String> {
        Ok(XrayProblem {
            model: XrayModel::build(spec)?,
            fleet,
            original: Some(m.clone()),
        })
    }

    pub fn verdict(&self, state: &[u8]) -> (BinaryMatrix, Verdict) {
        let m = self.model.decode(state);
        let v = judge(&self.model, &m, self.fleet.as_ref(), self.original.as_ref());
        (m, v)
    }

    /// A state is a success (a fleet, or the original picture without a fleet).
    pub fn success(&self, state: &[u8]) -> bool {
        self.verdict(state).1.success(self.fleet.is_some())
    }

    /// The original picture's energy (a feasible energy; the model's minimum is at most this).
    pub fn original_energy(&self) -> Option<f64> {
        self.original
            .as_ref()
            .filter(|m| m.rows() == self.model.rows() && m.cols() == self.model.cols())
            .map(|m| self.model.qubo.energy(&self.model.encode(m)))
    }
}

/// A model to sample.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    Xray(Box<XrayProblem>),
    /// A QUBO from a file (no picture behind it).
    Plain {
        name: String,
        qubo: Qubo,
    },
}

impl Problem {
    pub fn qubo(&self) -> &Qubo {
        match self {
            Problem::Xray(p) => &p.model.qubo,
            Problem::Plain { qubo, .. } => qubo,
        }
    }

    pub fn xray(&self) -> Option<&XrayProblem> {
        match self {
            Problem::Xray(p) => Some(p),
            Problem::Plain { .. } => None,
        }
    }
}
