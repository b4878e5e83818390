//! Minor embedding of a model's interaction graph into a qubit graph: each
//! variable gets a chain of connected qubits, chains share no qubit, and
//! every interaction has a coupler between its two chains. The heuristic is
//! Cai, Macready and Roy's, "A practical heuristic for finding graph minors"
//! (2014), with the refinements minorminer made to it (adaptive costs,
//! pushdown passes, chains as trees whose arms move between neighbours);
//! see `search` for the schedule and `pathfinder` for one placement.
//!
//! Every embedding returned has passed [`verify`].

mod chains;
mod pathfinder;
mod qubits;
mod search;
mod triangle;
mod verify;

pub use search::EmbedProgress;
pub use verify::{check_chains, verify};

use super::topology::Topology;
use crate::run::{CancelFlag, Cancelled};

/// Each variable's chain of qubits (D-Wave's linear labels), by variable.
pub type Embedding = Vec<Vec<u32>>;

/// The most variables an embedding is searched for.
pub const MAX_VARIABLES: usize = 20_000;

/// How hard to look.
#[derive(Clone, Debug, PartialEq)]
pub struct EmbedOptions {
    pub seed: u64,
    /// Fresh starts before giving up (minorminer's default 10).
    pub tries: usize,
    /// Passes without progress before a fresh start (minorminer's 10).
    pub patience: usize,
    /// Shortening passes without progress before stopping (minorminer's 10).
    pub chain_patience: usize,
    pub method: EmbedMethod,
}

/// How chains are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmbedMethod {
    /// The clique (triangle) embedding for dense models when it fits (small
    /// dense models also by the heuristic, keeping the better), the heuristic
    /// for the rest (and the clique embedding when the heuristic finds nothing).
    Auto,
    /// Cai, Macready and Roy's search.
    Heuristic,
    /// The triangle embedding, laid along the graph's lines.
    Clique,
    /// Read from a file, not searched for (never a method to search with).
    Imported,
}

impl EmbedMethod {
    pub fn name(self) -> &'static str {
        match self {
            EmbedMethod::Auto => "auto",
            EmbedMethod::Heuristic => "heuristic",
            EmbedMethod::Clique => "clique",
            EmbedMethod::Imported => "imported",
        }
    }

    /// Reads `auto`, `heuristic` or `clique` (the methods to search with).
    pub fn parse(text: &str) -> Result<EmbedMethod, String> {
        match text.trim() {
            "auto" => Ok(EmbedMethod::Auto),
            "heuristic" => Ok(EmbedMethod::Heuristic),
            "clique" => Ok(EmbedMethod::Clique),
            other => Err(format!(
                "the method is auto, heuristic or clique, not '{}'",
                crate::quote::clean_message(other)
            )),
        }
    }
}

/// A model with at least this share (%) of all pairs coupled counts as
/// dense: on those, the clique embedding's chains are the shorter ones
/// (the 10×10 X-ray QUBO, 21 %: longest chain 10 on Pegasus P16 against
/// the heuristic's 13 to 16).
pub const DENSE_SHARE_PERCENT: usize = 10;

/// Dense models with at most this many interactions are embedded both ways
/// under `Auto` (the heuristic takes well under a second there).
pub const BOTH_METHODS_EDGES: usize = 600;

/// Shorter longest chain, then fewer qubits.
fn shorter(a: &Embedding, b: &Embedding) -> bool {
    let key = |e: &Embedding| {
        (
            e.iter().map(Vec::len).max().unwrap_or(0),
            e.iter().map(Vec::len).sum::<usize>(),
        )
    };
    key(a) < key(b)
}

impl Default for EmbedOptions {
    fn default() -> Self {
        EmbedOptions {
            seed: 1,
            tries: 10,
            patience: 10,
            chain_patience: 10,
            method: EmbedMethod::Auto,
        }
    }
}

/// An embedding with its sizes.
#[derive(Clone, Debug, PartialEq)]
pub struct Embedded {
    pub chains: Embedding,
    /// The try (from 0) that found it.
    pub try_index: usize,
    /// The method that found it (never `Auto`).
    pub method: EmbedMethod,
    pub qubits: usize,
    pub max_chain: usize,
}

impl Embedded {
    pub fn mean_chain(&self) -> f64 {
        self.qubits as f64 / self.chains.len().max(1) as f64
    }
}

/// Why no embedding came back.
#[derive(Debug, thiserror::Error)]
pub enum EmbedError {
    #[error("{0}")]
    Invalid(String),
    #[error("no embedding found in {tries} tries (the model may be too large or too dense for this graph)")]
    NotFound { tries: usize },
    #[error(
        "the clique embedding does not fit: the graph has too few lines for this many variables, or lacks qubits they need"
    )]
    NoClique,
    #[error("no embedding found before the time limit")]
    OutOfTime,
    /// The time limit ran out before the target graph was built.
    #[error("the time limit ran out while building the {0} graph, before the search began")]
    GraphOutOfTime(String),
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
}

/// Embeds `variables` variables with interactions `edges` into `target`.
/// A time limit on `cancel` stops the search with the best valid embedding
/// found so far, if any.
pub fn find_embedding(
    variables: usize,
    edges: &[(usize, usize)],
    target: &Topology,
    options: &EmbedOptions,
    cancel: &CancelFlag,
    progress: &dyn Fn(EmbedProgress),
) -> Result<Embedded, EmbedError> {
    if variables == 0 {
        return Err(EmbedError::Invalid("the model has no variables".into()));
    }
    if variables > MAX_VARIABLES {
        return Err(EmbedError::Invalid(format!(
            "{variables} variables: the embedder takes at most {MAX_VARIABLES}"
        )));
    }
    if variables > target.nodes.len() {
        return Err(EmbedError::Invalid(format!(
            "{variables} variables cannot fit on {}'s {} qubits",
            target.family.name(),
            target.nodes.len()
        )));
    }
    let mut neighbours = vec![Vec::new(); variables];
    for &(a, b) in edges {
        if a >= variables || b >= variables {
            return Err(EmbedError::Invalid(format!(
                "interaction ({a}, {b}) names a variable beyond {variables}"
            )));
        }
        if a != b && !neighbours[a].contains(&b) {
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
    }
    let interactions: usize = neighbours.iter().map(Vec::len).sum::<usize>() / 2;
    if interactions > target.edges.len() {
        // Each interaction needs a coupler of its own between two chains.
        return Err(EmbedError::Invalid(format!(
            "the model has {interactions} interactions but {} has only {} couplers: it cannot fit",
            target.family.name(),
            target.edges.len()
        )));
    }
    let dense = 2 * edges.len() >= DENSE_SHARE_PERCENT * variables * variables.saturating_sub(1) / 100;
    // The clique embedding is found whole or not at all: a time limit passing
    // while it is sought leaves nothing to return.
    let clique = || {
        triangle::triangle_embedding(variables, edges, target, cancel).map_err(|Cancelled| {
            if cancel.timed_out() {
                EmbedError::OutOfTime
            } else {
                EmbedError::Cancelled(Cancelled)
            }
        })
    };
    let dense_clique = if options.method == EmbedMethod::Auto && dense {
        clique()?
    } else {
        None
    };
    let (chains, method, try_index) = match options.method {
        EmbedMethod::Imported => {
            return Err(EmbedError::Invalid(
                "an imported embedding is read, not searched for".into(),
            ));
        }
        EmbedMethod::Clique => (clique()?.ok_or(EmbedError::NoClique)?, EmbedMethod::Clique, 0),
        EmbedMethod::Auto if dense_clique.is_some() => {
            let clique = dense_clique.unwrap_or_default();
            // On small models the heuristic is quick and often shorter: keep the better.
            let small = edges.len() <= BOTH_METHODS_EDGES;
            match small.then(|| heuristic(variables, neighbours, target, options, cancel, progress)) {
                Some(Ok((chains, t))) if shorter(&chains, &clique) => (chains, EmbedMethod::Heuristic, t),
                Some(Err(EmbedError::Cancelled(c))) => return Err(EmbedError::Cancelled(c)),
                _ => (clique, EmbedMethod::Clique, 0),
            }
        }
        EmbedMethod::Heuristic => {
            let (chains, t) = heuristic(variables, neighbours, target, options, cancel, progress)?;
            (chains, EmbedMethod::Heuristic, t)
        }
        EmbedMethod::Auto => match heuristic(variables, neighbours, target, options, cancel, progress) {
            Ok((chains, t)) => (chains, EmbedMethod::Heuristic, t),
            Err(EmbedError::NotFound { tries }) => match clique()? {
                Some(chains) => (chains, EmbedMethod::Clique, 0),
                None => return Err(EmbedError::NotFound { tries }),
            },
            Err(e) => return Err(e),
        },
    };
    verify(variables, edges, &chains, target)
        .map_err(|e| EmbedError::Invalid(format!("internal error, the embedding failed its check: {e}")))?;
    Ok(Embedded {
        qubits: chains.iter().map(Vec::len).sum(),
        max_chain: chains.iter().map(Vec::len).max().unwrap_or(0),
        chains,
        try_index,
        method,
    })
}

/// Cai, Macready and Roy's search; the chains in linear labels and the try
/// that found them.
fn heuristic(
    variables: usize,
    neighbours: Vec<Vec<usize>>,
    target: &Topology,
    options: &EmbedOptions,
    cancel: &CancelFlag,
    progress: &dyn Fn(EmbedProgress),
) -> Result<(Embedding, usize), EmbedError> {
    let graph = qubits::QubitGraph::new(target);
    if variables > graph.len() {
        return Err(EmbedError::NotFound { tries: 0 });
    }
    let mut search = search::Search::new(&graph, neighbours, options.seed, cancel);
    let run = search.run(
        options.tries.max(1),
        options.patience.max(1),
        options.chain_patience,
        progress,
    );
    let found = match run {
        Ok(found) => found,
        Err(Cancelled) if cancel.timed_out() => return Err(EmbedError::OutOfTime),
        Err(Cancelled) => return Err(EmbedError::Cancelled(Cancelled)),
    };
    let Some((dense, try_index)) = found else {
        return Err(EmbedError::NotFound { tries: options.tries });
    };
    let chains: Embedding = dense
        .into_iter()
        .map(|c| {
            let mut c: Vec<u32> = c.into_iter().map(|q| graph.labels[q as usize]).collect();
            c.sort_unstable();
            c
        })
        .collect();
    Ok((chains, try_index))
}
