//! What an embedding costs, before any machine time is spent: the embedded
//! problem (chains as couplings) is sampled by one of the project's samplers
//! at each chain strength of a sweep, every read is unembedded by majority
//! vote, and each strength reports how many chains broke, how often the
//! logical answer was a success (a fleet, a solved puzzle) and the logical
//! energies reached. Too weak a chain strength breaks chains; too strong a
//! one drowns the model's own terms (see the precision verdict at each point).

use super::{SolveError, SolveRequest, solve};
use crate::hardware::{
    EmbeddedProblem, EmbeddedStructure, Embedding, PrecisionReport, Ranges, Topology, precision_report,
};
use crate::qubo::Qubo;
use crate::run::CancelFlag;

/// The most chain strengths one sweep takes.
pub const MAX_SWEEP_POINTS: usize = 64;

/// One chain strength of a sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepPoint {
    pub strength: f64,
    /// Reads that finished.
    pub reads: usize,
    /// Broken chains over all chains of all reads.
    pub chain_break_rate: f64,
    /// Reads with at least one broken chain.
    pub reads_broken: f64,
    /// Reads whose unembedded answer is a success (when success can be told).
    pub success: Option<f64>,
    /// The lowest and the mean logical energy of the unembedded reads.
    pub best_energy: f64,
    pub mean_energy: f64,
    /// The lowest-energy unembedded answer.
    pub best_state: Vec<u8>,
    /// The embedded problem's coefficients scaled into the machine's ranges.
    pub precision: PrecisionReport,
}

/// What to sweep and how.
pub struct SweepPlan<'a> {
    pub strengths: &'a [f64],
    /// The sampler and its reads, seed and threads (`keep` is ignored: every read counts).
    pub request: &'a SolveRequest,
    pub ranges: Ranges,
    pub precision: f64,
}

/// A logical answer that counts as a success.
pub type Success<'a> = &'a (dyn Fn(&[u8]) -> bool + Sync);

/// Samples `logical` embedded by `chains` on `target` at each strength of the plan.
/// `progress` hears how many strengths are done.
pub fn chain_strength_sweep(
    logical: &Qubo,
    chains: &Embedding,
    target: &Topology,
    plan: &SweepPlan<'_>,
    success: Option<Success<'_>>,
    cancel: &CancelFlag,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<SweepPoint>, SolveError> {
    if plan.strengths.is_empty() || plan.strengths.len() > MAX_SWEEP_POINTS {
        return Err(SolveError::Invalid(format!(
            "a sweep takes 1 to {MAX_SWEEP_POINTS} chain strengths, not {}",
            plan.strengths.len()
        )));
    }
    // Checked once; each strength only re-weights the couplers.
    let structure = EmbeddedStructure::new(logical, chains, target).map_err(SolveError::Invalid)?;
    let mut points = Vec::with_capacity(plan.strengths.len());
    for (k, &strength) in plan.strengths.iter().enumerate() {
        let embedded = structure.embed(logical, strength).map_err(SolveError::Invalid)?;
        points.push(sample_point(logical, &embedded, plan, success, cancel)?);
        progress(k + 1);
    }
    Ok(points)
}

fn sample_point(
    logical: &Qubo,
    embedded: &EmbeddedProblem,
    plan: &SweepPlan<'_>,
    success: Option<Success<'_>>,
    cancel: &CancelFlag,
) -> Result<SweepPoint, SolveError> {
    let request = SolveRequest {
        keep: usize::MAX,
        traces: 0,
        target: None,
        cancel_keeps: false,
        ..plan.request.clone()
    };
    let set = solve(&embedded.qubo, &request, cancel, &|_| {})?;
    let chains = embedded.chains.len().max(1);
    let (mut reads, mut broken_chains, mut broken_reads, mut successes) = (0usize, 0usize, 0usize, 0usize);
    let (mut energy_sum, mut best_energy, mut best_state) = (0.0, f64::INFINITY, Vec::new());
    for sample in &set.samples {
        let (state, broken) = embedded.unembed(&sample.state);
        let e = logical.energy(&state);
        reads += sample.count;
        broken_chains += broken * sample.count;
        broken_reads += usize::from(broken > 0) * sample.count;
        energy_sum += e * sample.count as f64;
        if success.is_some_and(|s| s(&state)) {
            successes += sample.count;
        }
        if e < best_energy {
            best_energy = e;
            best_state = state;
        }
    }
    let share = |k: usize| k as f64 / reads.max(1) as f64;
    Ok(SweepPoint {
        strength: embedded.chain_strength,
        reads,
        chain_break_rate: broken_chains as f64 / (reads.max(1) * chains) as f64,
        reads_broken: share(broken_reads),
        success: success.map(|_| share(successes)),
        best_energy,
        mean_energy: energy_sum / reads.max(1) as f64,
        best_state,
        precision: precision_report(&embedded.qubo.to_ising(), plan.ranges, plan.precision),
    })
}
