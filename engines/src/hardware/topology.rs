//! A qubit graph built: D-Wave's families (Chimera, Pegasus, Zephyr; see
//! `graphs/`) give their couplers, and a [`Topology`] holds the qubits and
//! couplers of one size, with the linear labels D-Wave's tools use
//! (dwave-networkx's defaults), so node and edge sets, embeddings and files
//! agree with theirs.

use super::EmbedError;
use super::graphs::Family;
use crate::run::{CancelFlag, Cancelled};
use std::collections::BTreeSet;

/// A qubit graph: its qubits (linear labels, ascending) and couplers (a < b, ascending).
#[derive(Clone, Debug, PartialEq)]
pub struct Topology {
    pub family: Family,
    pub nodes: Vec<u32>,
    pub edges: Vec<(u32, u32)>,
}

impl Topology {
    /// The graph of a family (checked against its limits).
    pub fn new(family: Family) -> Result<Topology, String> {
        Topology::build(family, &CancelFlag::new()).map_err(|e| e.to_string())
    }

    /// The graph of a family, looking at `cancel` as it goes: the largest
    /// graphs have millions of couplers and take a good part of a second, so
    /// a time limit on the flag covers building the graph too.
    pub fn build(family: Family, cancel: &CancelFlag) -> Result<Topology, EmbedError> {
        family.check().map_err(EmbedError::Invalid)?;
        let mut edges = Vec::new();
        let mut add = |a: u32, b: u32| edges.push((a.min(b), a.max(b)));
        let stopped_early = family.couplers(&mut add, cancel);
        let stopped = || {
            if cancel.timed_out() {
                EmbedError::GraphOutOfTime(family.name())
            } else {
                EmbedError::Cancelled(Cancelled)
            }
        };
        stopped_early.map_err(|_| stopped())?;
        let edges = sorted_unique(edges, family.label_space(), cancel).map_err(|_| stopped())?;
        // As D-Wave's generators build them: a qubit is a node when a coupler
        // touches it (Pegasus' fabric drops the rest).
        let mut present = vec![false; family.label_space()];
        for &(a, b) in &edges {
            present[a as usize] = true;
            present[b as usize] = true;
        }
        let nodes = (0..present.len() as u32).filter(|&q| present[q as usize]).collect();
        Ok(Topology { family, nodes, edges })
    }

    /// The graph without some qubits (and their couplers) and couplers, as a
    /// real machine's working graph; labels not in the graph are named.
    pub fn without(&self, qubits: &[u32], couplers: &[(u32, u32)]) -> Result<Topology, String> {
        let have: BTreeSet<u32> = self.nodes.iter().copied().collect();
        if let Some(q) = qubits.iter().find(|q| !have.contains(q)) {
            return Err(format!("qubit {q} is not in {}", self.family.name()));
        }
        let edges_have: BTreeSet<(u32, u32)> = self.edges.iter().copied().collect();
        let gone_edges: BTreeSet<(u32, u32)> = couplers.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        if let Some((a, b)) = gone_edges.iter().find(|e| !edges_have.contains(e)) {
            return Err(format!("coupler ({a}, {b}) is not in {}", self.family.name()));
        }
        let gone: BTreeSet<u32> = qubits.iter().copied().collect();
        Ok(Topology {
            family: self.family,
            nodes: self.nodes.iter().copied().filter(|q| !gone.contains(q)).collect(),
            edges: self
                .edges
                .iter()
                .copied()
                .filter(|e| !gone_edges.contains(e) && !gone.contains(&e.0) && !gone.contains(&e.1))
                .collect(),
        })
    }

    /// Neighbour lists indexed by linear label (empty for labels not in the graph).
    pub fn adjacency(&self) -> Vec<Vec<u32>> {
        let mut adj = vec![Vec::new(); self.family.label_space()];
        for &(a, b) in &self.edges {
            adj[a as usize].push(b);
            adj[b as usize].push(a);
        }
        adj
    }

    pub fn max_degree(&self) -> usize {
        let mut degree = vec![0usize; self.family.label_space()];
        for &(a, b) in &self.edges {
            degree[a as usize] += 1;
            degree[b as usize] += 1;
        }
        degree.into_iter().max().unwrap_or(0)
    }

    /// Where a qubit is drawn (y grows downwards; a drawing fits the bounding
    /// box of all qubits), as dwave-networkx lays the graphs out: Chimera a
    /// cross per tile, Pegasus and Zephyr each qubit a point on its line.
    pub fn position(&self, q: u32) -> (f64, f64) {
        self.family.position(q)
    }
}

/// The couplers sorted and without repeats, bucketed by their smaller end (a
/// sort of millions of pairs would not look at the flag).
fn sorted_unique(edges: Vec<(u32, u32)>, space: usize, cancel: &CancelFlag) -> Result<Vec<(u32, u32)>, Cancelled> {
    let mut start = vec![0usize; space + 1];
    for &(a, _) in &edges {
        start[a as usize + 1] += 1;
    }
    for q in 0..space {
        start[q + 1] += start[q];
    }
    let mut fill = start.clone();
    let mut ends = vec![0u32; edges.len()];
    for (i, &(a, b)) in edges.iter().enumerate() {
        if i % 0x1_0000 == 0 {
            cancel.check()?;
        }
        ends[fill[a as usize]] = b;
        fill[a as usize] += 1;
    }
    let mut out = Vec::with_capacity(edges.len());
    for a in 0..space {
        if a % 0x1000 == 0 {
            cancel.check()?;
        }
        let run = &mut ends[start[a]..start[a + 1]];
        run.sort_unstable();
        let mut last = None;
        for &b in run.iter() {
            if last != Some(b) {
                out.push((a as u32, b));
                last = Some(b);
            }
        }
    }
    Ok(out)
}
