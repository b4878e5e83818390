//! The embedded problem: a logical QUBO written onto the qubits of its chains,
//! as dwave-system's `embed_bqm` writes a BINARY model. Each variable's linear
//! term is shared evenly by its chain's qubits; each logical coupler is shared
//! evenly by every physical coupler between the two chains; and every coupler
//! inside a chain carries the chain penalty s·(x_p + x_q − 2·x_p·x_q)·2, which
//! is 0 when the two qubits agree and 2s when they differ (in spins, −s·z_p·z_q
//! plus a constant: the chain strength s is a ferromagnetic coupling).
//!
//! Reading an answer back (unembedding) takes each chain's majority, ties
//! going to 1, as dwave-system's `majority_vote` does; a chain whose qubits
//! disagree is broken.

use super::embed::{Embedding, verify};
use super::topology::Topology;
use crate::qubo::{Qubo, QuboBuilder};
use std::collections::HashMap;

/// A logical model spread over qubits.
#[derive(Clone, Debug, PartialEq)]
pub struct EmbeddedProblem {
    /// Over the qubits the chains use, in ascending label order.
    pub qubo: Qubo,
    /// The qubit label of each variable of `qubo`.
    pub labels: Vec<u32>,
    /// Each logical variable's chain, as indices into `qubo`.
    pub chains: Vec<Vec<usize>>,
    pub chain_strength: f64,
    /// Couplers inside chains (each carries the chain strength).
    pub chain_couplers: Vec<(usize, usize)>,
    /// Physical couplers that carry a logical coupler's share.
    pub logical_couplers: usize,
}

/// The largest chain strength taken (the coefficient limit of a model is far above it).
pub const MAX_CHAIN_STRENGTH: f64 = 1e9;

/// An embedding checked against a model and a graph, with the graph's
/// couplers sorted into those inside chains and those between them (as
/// dwave-system's `EmbeddedStructure`): the embedded problem at any chain
/// strength is then written without checking again.
#[derive(Clone, Debug)]
pub struct EmbeddedStructure {
    labels: Vec<u32>,
    chains: Vec<Vec<usize>>,
    chain_couplers: Vec<(usize, usize)>,
    /// Physical couplers between the chains of each coupled pair (u < v),
    /// as (qubit of u, qubit of v).
    between: HashMap<(usize, usize), Vec<(usize, usize)>>,
}

impl EmbeddedStructure {
    /// Checks `chains` for `logical` on `target` (disjoint connected chains
    /// that realise every coupler) and sorts the graph's couplers.
    pub fn new(logical: &Qubo, chains: &Embedding, target: &Topology) -> Result<EmbeddedStructure, String> {
        if logical.is_empty() {
            return Err("the model has no variables".into());
        }
        let edges: Vec<(usize, usize)> = logical.couplers().map(|(a, b, _)| (a, b)).collect();
        verify(logical.len(), &edges, chains, target).map_err(|e| {
            format!(
                "the embedding does not fit this model on {}: {e} (an embedding file does not say which graph it \
                 was made for: is this the one?)",
                target.family.name()
            )
        })?;
        let mut labels: Vec<u32> = chains.iter().flatten().copied().collect();
        labels.sort_unstable();
        // Label → index into `labels`, dense over the label space: the loop
        // below looks up both ends of every coupler of the graph.
        let mut index = vec![usize::MAX; target.family.label_space()];
        for (i, &q) in labels.iter().enumerate() {
            index[q as usize] = i;
        }
        let dense: Vec<Vec<usize>> = chains
            .iter()
            .map(|c| c.iter().map(|&q| index[q as usize]).collect())
            .collect();
        let mut owner = vec![usize::MAX; labels.len()];
        for (v, chain) in dense.iter().enumerate() {
            for &i in chain {
                owner[i] = v;
            }
        }
        let mut chain_couplers = Vec::new();
        let mut between: HashMap<(usize, usize), Vec<(usize, usize)>> = HashMap::new();
        for &(a, b) in &target.edges {
            let (i, j) = (index[a as usize], index[b as usize]);
            if i == usize::MAX || j == usize::MAX {
                continue;
            }
            let (u, v) = (owner[i], owner[j]);
            if u == v {
                chain_couplers.push((i, j));
            } else {
                let pair = if u < v { (i, j) } else { (j, i) };
                between.entry((u.min(v), u.max(v))).or_default().push(pair);
            }
        }
        Ok(EmbeddedStructure {
            labels,
            chains: dense,
            chain_couplers,
            between,
        })
    }

    /// The embedded problem of `logical` (the model this structure was
    /// checked against) at chain strength `strength`.
    pub fn embed(&self, logical: &Qubo, strength: f64) -> Result<EmbeddedProblem, String> {
        if !(strength.is_finite() && strength > 0.0 && strength <= MAX_CHAIN_STRENGTH) {
            return Err(format!(
                "the chain strength must be a number above 0 and at most {MAX_CHAIN_STRENGTH:e}, not {}",
                crate::quote::number(strength)
            ));
        }
        if logical.len() != self.chains.len() {
            return Err(format!(
                "the model has {} variables but the embedding {}",
                logical.len(),
                self.chains.len()
            ));
        }
        let mut b = QuboBuilder::new(self.labels.len());
        b.add_offset(logical.offset());
        for (v, &a) in logical.linear().iter().enumerate() {
            let share = a / self.chains[v].len() as f64;
            for &i in &self.chains[v] {
                b.add_linear(i, share);
            }
        }
        for &(i, j) in &self.chain_couplers {
            b.add_linear(i, 2.0 * strength);
            b.add_linear(j, 2.0 * strength);
            b.add_coupler(i, j, -4.0 * strength);
        }
        let mut logical_couplers = 0;
        for (u, v, w) in logical.couplers() {
            let pairs = self
                .between
                .get(&(u.min(v), u.max(v)))
                .ok_or_else(|| format!("no coupler joins the chains of {u} and {v}"))?;
            logical_couplers += pairs.len();
            let share = w / pairs.len() as f64;
            for &(i, j) in pairs {
                b.add_coupler(i, j, share);
            }
        }
        Ok(EmbeddedProblem {
            qubo: b.build()?,
            labels: self.labels.clone(),
            chains: self.chains.clone(),
            chain_strength: strength,
            chain_couplers: self.chain_couplers.clone(),
            logical_couplers,
        })
    }
}

/// Writes `logical` onto `chains` of `target` with chain strength `strength`.
/// The embedding is checked first (disjoint connected chains that realise every coupler).
pub fn embed_problem(
    logical: &Qubo,
    chains: &Embedding,
    target: &Topology,
    strength: f64,
) -> Result<EmbeddedProblem, String> {
    if !(strength.is_finite() && strength > 0.0 && strength <= MAX_CHAIN_STRENGTH) {
        return Err(format!(
            "the chain strength must be a number above 0 and at most {MAX_CHAIN_STRENGTH:e}, not {}",
            crate::quote::number(strength)
        ));
    }
    EmbeddedStructure::new(logical, chains, target)?.embed(logical, strength)
}

impl EmbeddedProblem {
    /// The logical state of a physical one (each chain's majority, ties to 1)
    /// and how many chains were broken.
    pub fn unembed(&self, physical: &[u8]) -> (Vec<u8>, usize) {
        let mut broken = 0;
        let state = self
            .chains
            .iter()
            .map(|chain| {
                let ones = chain.iter().filter(|&&i| physical[i] != 0).count();
                if ones != 0 && ones != chain.len() {
                    broken += 1;
                }
                u8::from(2 * ones >= chain.len())
            })
            .collect();
        (state, broken)
    }

    /// The physical state that holds `logical` with every chain intact.
    pub fn embed_state(&self, logical: &[u8]) -> Vec<u8> {
        let mut x = vec![0u8; self.labels.len()];
        for (v, chain) in self.chains.iter().enumerate() {
            for &i in chain {
                x[i] = logical[v];
            }
        }
        x
    }
}

/// An embedding as minorminer writes it in JSON: `{"0": [qubits…], …}`.
pub fn embedding_to_json(chains: &Embedding) -> String {
    let map: serde_json::Map<String, serde_json::Value> = chains
        .iter()
        .enumerate()
        .map(|(v, c)| (v.to_string(), serde_json::json!(c)))
        .collect();
    serde_json::Value::Object(map).to_string()
}

/// Reads an embedding of `variables` variables from minorminer's JSON layout
/// (keys are the variables 0…n−1, values lists of qubit labels; a
/// variable's chain may also be a single number). Whether it fits a graph
/// and a model is checked by [`embed_problem`] or `verify`.
pub fn embedding_from_json(text: &str, variables: usize) -> Result<Embedding, String> {
    if text.len() > MAX_EMBEDDING_BYTES {
        return Err(format!(
            "{} bytes: an embedding file is at most {MAX_EMBEDDING_BYTES}",
            text.len()
        ));
    }
    let entries: Entries = serde_json::from_str(text).map_err(|e| format!("not an embedding: {e}"))?;
    let mut chains: Vec<Option<Vec<u32>>> = vec![None; variables];
    for (key, chain) in entries.0 {
        let v: usize = key
            .parse()
            .ok()
            .filter(|v: &usize| v.to_string() == key)
            .ok_or_else(|| {
                format!(
                    "variable '{}' is not a number 0 to {}",
                    short(&key),
                    variables.saturating_sub(1)
                )
            })?;
        if v >= variables {
            return Err(format!("variable {v} is beyond the model's {variables} variables"));
        }
        let list = match chain {
            serde_json::Value::Array(list) => list,
            single @ serde_json::Value::Number(_) => vec![single],
            _ => return Err(format!("variable {v}'s chain is not a list of qubits")),
        };
        let qubits = list
            .iter()
            .map(|q| {
                q.as_u64()
                    .and_then(|q| u32::try_from(q).ok())
                    .ok_or_else(|| format!("variable {v}'s chain holds '{q}', not a qubit label"))
            })
            .collect::<Result<Vec<u32>, String>>()?;
        if chains[v].replace(qubits).is_some() {
            return Err(format!("variable {v} appears twice"));
        }
    }
    chains
        .into_iter()
        .enumerate()
        .map(|(v, c)| c.ok_or_else(|| format!("variable {v} has no chain")))
        .collect()
}

/// The largest embedding file read (a 20,000-variable embedding on Zephyr Z32 is about 1 MB).
pub const MAX_EMBEDDING_BYTES: usize = 16 << 20;

/// A JSON object's entries in file order, repeats kept (serde_json's map
/// would keep only the last of a repeated key).
struct Entries(Vec<(String, serde_json::Value)>);

impl<'de> serde::Deserialize<'de> for Entries {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Entries, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Entries;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object: variable → list of qubits")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Entries, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry::<String, serde_json::Value>()? {
                    out.push(entry);
                }
                Ok(Entries(out))
            }
        }
        d.deserialize_map(Visit)
    }
}

fn short(s: &str) -> String {
    s.chars().take(20).collect()
}
