//! What the Solver room's Hardware tab and `qubo embed` / `qubo hardware`
//! share: the target graph and embedding options from what a person typed,
//! the chain strengths of a sweep, and the hardware report (precision
//! verdicts of the logical and the embedded problem, and the embedded
//! simulation judged with the model's own success).

use crate::hardware::{
    ADVANTAGE, DEFAULT_PRECISION, DEFAULT_PREFACTOR, EmbedError, EmbedMethod, EmbedOptions, EmbedProgress, Embedded,
    Embedding, Family, PrecisionReport, Ranges, Topology, find_embedding, precision_report,
    uniform_torque_compensation,
};
use crate::qubo::{Ising, XrayModel, XraySpec};
use crate::run::CancelFlag;
use crate::solve::{
    AnnealParams, MAX_SWEEP_POINTS, Problem, SolveError, Solver, SweepPlan, SweepPoint, chain_strength_sweep,
};

/// The chain strengths swept by default, as multiples of D-Wave's default.
pub const DEFAULT_SWEEP: [f64; 8] = [0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0];
pub use crate::limits::{DEFAULT_HARDWARE_READS, MAX_HARDWARE_READS, MAX_TRIES};

/// The graphs offered by name, smallest first: D-Wave's production sizes and small ones.
pub const TARGETS: [(&str, &str); 6] = [
    ("chimera:4", "Chimera C4 (128 qubits, for tests)"),
    ("pegasus:4", "Pegasus P4 (264 qubits, for tests)"),
    ("zephyr:2", "Zephyr Z2 (160 qubits, for tests)"),
    ("chimera:16", "Chimera C16 (D-Wave 2000Q)"),
    ("pegasus:16", "Pegasus P16 (Advantage)"),
    ("zephyr:15", "Zephyr Z15 (Advantage2)"),
];

/// The qubit graph a spec names (`pegasus:16`, …), built under `cancel` (a
/// time limit on it covers the building: the largest graphs take a good part
/// of a second).
pub fn target_graph(spec: &str, cancel: &CancelFlag) -> Result<Topology, String> {
    Topology::build(Family::parse(spec)?, cancel).map_err(|e| e.to_string())
}

/// The model's interactions, as the embedder takes them.
pub fn interactions(problem: &Problem) -> Vec<(usize, usize)> {
    problem.qubo().couplers().map(|(a, b, _)| (a, b)).collect()
}

/// D-Wave's default chain strength for the model (uniform torque compensation).
pub fn default_strength(problem: &Problem) -> f64 {
    uniform_torque_compensation(&problem.qubo().to_ising(), DEFAULT_PREFACTOR)
}

/// Chain strengths from a typed list: plain numbers are strengths, numbers
/// ending in `x` are multiples of the default (`0.5x,1x,2x`); empty is the
/// default sweep.
pub fn parse_strengths(text: &str, default: f64) -> Result<Vec<f64>, String> {
    if text.trim().is_empty() {
        return Ok(DEFAULT_SWEEP.iter().map(|m| m * default).collect());
    }
    let mut out = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        let (number, times) = match item.strip_suffix(['x', '×']) {
            Some(n) => (n.trim(), default),
            None => (item, 1.0),
        };
        let v: f64 = number.parse().map_err(|_| {
            format!(
                "chain strength '{}' is not a number (or a multiple of the default such as 2x)",
                crate::quote::clean_message(item)
            )
        })?;
        let s = v * times;
        if !(s.is_finite() && s > 0.0 && s <= crate::hardware::MAX_CHAIN_STRENGTH) {
            return Err(format!(
                "chain strength '{}' must come to a number above 0 and at most {:e}",
                crate::quote::clean_message(item),
                crate::hardware::MAX_CHAIN_STRENGTH
            ));
        }
        out.push(s);
    }
    if out.len() > MAX_SWEEP_POINTS {
        return Err(format!(
            "{} chain strengths: a sweep takes at most {MAX_SWEEP_POINTS}",
            out.len()
        ));
    }
    Ok(out)
}

/// What a hardware user asks besides the model and the embedding.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HardwarePlan {
    pub strengths: Vec<f64>,
    pub reads: usize,
    /// Sweeps per simulated annealing read.
    pub sweeps: usize,
    pub seed: u64,
    /// Worker threads (0 = every core).
    pub threads: usize,
    pub ranges: Ranges,
    pub precision: f64,
}

impl HardwarePlan {
    /// The default sweep for `problem` with `reads` reads.
    pub fn new(problem: &Problem, reads: usize) -> HardwarePlan {
        HardwarePlan {
            strengths: DEFAULT_SWEEP.iter().map(|m| m * default_strength(problem)).collect(),
            reads,
            sweeps: AnnealParams::default().sweeps,
            seed: 1,
            threads: 0,
            ranges: ADVANTAGE,
            precision: DEFAULT_PRECISION,
        }
    }

    pub fn check(&self) -> Result<(), String> {
        if !(1..=MAX_HARDWARE_READS).contains(&self.reads) {
            return Err(format!(
                "reads per chain strength must be 1 to {MAX_HARDWARE_READS}, not {}",
                self.reads
            ));
        }
        if !(self.precision > 0.0 && self.precision < 1.0) {
            return Err(format!(
                "the precision is a share of the range above 0 and below 1, not {}",
                crate::quote::number(self.precision)
            ));
        }
        Ok(())
    }
}

/// The hardware report of an embedded model.
#[derive(Clone, Debug, PartialEq)]
pub struct HardwareReport {
    pub default_strength: f64,
    pub logical: PrecisionReport,
    /// For an X-ray model: the Laplacian term's share of the coupling range.
    pub laplacian: Option<String>,
    pub points: Vec<SweepPoint>,
    /// What a success is ("a fleet"), when success can be told.
    pub goal: Option<&'static str>,
}

/// The logical model's precision verdict, with the X-ray model's Laplacian
/// term named when there is one.
pub fn logical_precision(problem: &Problem, ranges: Ranges, precision: f64) -> (PrecisionReport, Option<String>) {
    let ising = problem.qubo().to_ising();
    let report = precision_report(&ising, ranges, precision);
    let laplacian = problem
        .xray()
        .and_then(|x| laplacian_share(&x.model, &ising, report.divide_by, ranges));
    let note = laplacian.map(|share| {
        let pct = |x: f64| format!("{:.2} %", 100.0 * x);
        if share < precision {
            format!(
                "the Laplacian term (ε = {}) is at most {} of the coupling range, below the {} precision: \
                 the machine sees the sums only",
                problem.xray().map_or(0.0, |x| x.model.spec.epsilon),
                pct(share),
                pct(precision)
            )
        } else {
            format!(
                "the Laplacian term (ε = {}): its largest coupling is {} of the coupling range, above the {} \
                 precision (its smaller ones may fall below)",
                problem.xray().map_or(0.0, |x| x.model.spec.epsilon),
                pct(share),
                pct(precision)
            )
        }
    });
    (report, note)
}

/// The largest coupling of the ε term alone after scaling, as a share of the
/// coupling range: the model less the same model built with ε = 0.
fn laplacian_share(model: &XrayModel, ising: &Ising, divide_by: f64, ranges: Ranges) -> Option<f64> {
    if model.spec.epsilon == 0.0 {
        return None;
    }
    let sums_only = XrayModel::build(XraySpec {
        epsilon: 0.0,
        ..model.spec.clone()
    })
    .ok()?
    .qubo
    .to_ising();
    let mut diff = std::collections::HashMap::new();
    for &(i, j, w) in &ising.j {
        *diff.entry((i, j)).or_insert(0.0) += w;
    }
    for &(i, j, w) in &sums_only.j {
        *diff.entry((i, j)).or_insert(0.0) -= w;
    }
    let span = ranges.j.0.abs().max(ranges.j.1.abs());
    let largest = diff.values().map(|w: &f64| w.abs()).fold(0.0, f64::max);
    Some(largest / divide_by / span)
}

/// Precision verdicts and the embedded simulation over the plan's chain strengths.
pub fn hardware_report(
    problem: &Problem,
    chains: &Embedding,
    target: &Topology,
    plan: &HardwarePlan,
    cancel: &CancelFlag,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<HardwareReport, SolveError> {
    plan.check().map_err(SolveError::Invalid)?;
    let (logical, laplacian) = logical_precision(problem, plan.ranges, plan.precision);
    let request = crate::study::sampling::rate_request(
        Solver::Anneal(AnnealParams {
            sweeps: plan.sweeps,
            beta: None,
        }),
        plan.reads,
        plan.seed,
        plan.threads,
    );
    let goal = crate::study::Goal::of(problem);
    let decidable = goal.decidable(problem);
    let success = |x: &[u8]| match problem {
        Problem::Xray(p) => p.success(x),
        Problem::Puzzle(p) => p.success(x),
        Problem::Plain { .. } => false,
    };
    let sweep = SweepPlan {
        strengths: &plan.strengths,
        request: &request,
        ranges: plan.ranges,
        precision: plan.precision,
    };
    let points = chain_strength_sweep(
        problem.qubo(),
        chains,
        target,
        &sweep,
        decidable.then_some(&success),
        cancel,
        progress,
    )?;
    Ok(HardwareReport {
        default_strength: default_strength(problem),
        logical,
        laplacian,
        points,
        goal: decidable.then(|| goal.describe()),
    })
}

/// An embedding with what the Hardware tab and `qubo embed` report about it.
#[derive(Clone, Debug)]
pub struct EmbedSummary {
    pub target: Topology,
    pub embedded: Embedded,
    /// Couplers inside chains, and couplers between chains that carry a logical coupler.
    pub chain_couplers: usize,
    pub logical_couplers: usize,
    /// D-Wave's default chain strength for the model.
    pub default_strength: f64,
    pub logical: PrecisionReport,
    pub laplacian: Option<String>,
    /// The embedded problem at the default chain strength, scaled into Advantage's ranges.
    pub at_default: PrecisionReport,
}

/// Embeds the model's interaction graph and summarises the embedding.
pub fn embed_model(
    problem: &Problem,
    target: Topology,
    options: &EmbedOptions,
    cancel: &CancelFlag,
    progress: &dyn Fn(EmbedProgress),
) -> Result<EmbedSummary, EmbedError> {
    let q = problem.qubo();
    let embedded = find_embedding(q.len(), &interactions(problem), &target, options, cancel, progress)?;
    summarize(problem, target, embedded).map_err(EmbedError::Invalid)
}

/// The summary of an embedding of `problem` (one found here or read from a
/// file: it is checked against the model and the graph).
pub fn summarize(problem: &Problem, target: Topology, embedded: Embedded) -> Result<EmbedSummary, String> {
    let default_strength = default_strength(problem);
    let at = crate::hardware::embed_problem(problem.qubo(), &embedded.chains, &target, default_strength)?;
    let (logical, laplacian) = logical_precision(problem, ADVANTAGE, DEFAULT_PRECISION);
    Ok(EmbedSummary {
        chain_couplers: at.chain_couplers.len(),
        logical_couplers: at.logical_couplers,
        at_default: precision_report(&at.qubo.to_ising(), ADVANTAGE, DEFAULT_PRECISION),
        target,
        embedded,
        default_strength,
        logical,
        laplacian,
    })
}

/// An embedding read from minorminer's JSON, as a summary for `problem` on `target`.
pub fn imported(problem: &Problem, target: Topology, text: &str) -> Result<EmbedSummary, String> {
    let chains = crate::hardware::embedding_from_json(text, problem.qubo().len())?;
    from_chains(problem, target, chains)
}

/// Given chains (a file's, a session's), as a summary for `problem` on `target`.
pub fn from_chains(problem: &Problem, target: Topology, chains: Embedding) -> Result<EmbedSummary, String> {
    let embedded = Embedded {
        qubits: chains.iter().map(Vec::len).sum(),
        max_chain: chains.iter().map(Vec::len).max().unwrap_or(0),
        chains,
        try_index: 0,
        method: EmbedMethod::Imported,
    };
    summarize(problem, target, embedded)
}
