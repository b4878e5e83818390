//! The qubit graph as the embedder walks it: qubits renumbered 0..N in label
//! order, neighbours in one flat array, and only the largest connected piece
//! (a chain can never reach the rest).

use crate::hardware::Topology;

pub(super) struct QubitGraph {
    /// Dense index → D-Wave's linear label.
    pub labels: Vec<u32>,
    offsets: Vec<usize>,
    neighbours: Vec<u32>,
}

impl QubitGraph {
    /// Built straight into flat arrays (the largest graphs have millions of
    /// couplers: a list per qubit costs more than the rest of a quick embedding).
    pub fn new(target: &Topology) -> QubitGraph {
        let space = target.family.label_space();
        let mut dense = vec![u32::MAX; space];
        for (i, &q) in target.nodes.iter().enumerate() {
            dense[q as usize] = i as u32;
        }
        let n = target.nodes.len();
        let pairs = || {
            target
                .edges
                .iter()
                .map(|&(a, b)| (dense[a as usize], dense[b as usize]))
        };
        let whole = Flat::from_pairs(n, pairs());
        let keep = largest_component(&whole);
        let mut renumber = vec![u32::MAX; n];
        let mut labels = Vec::new();
        for i in 0..n {
            if keep[i] {
                renumber[i] = labels.len() as u32;
                labels.push(target.nodes[i]);
            }
        }
        let kept = pairs()
            .map(|(a, b)| (renumber[a as usize], renumber[b as usize]))
            .filter(|&(a, b)| a != u32::MAX && b != u32::MAX);
        let Flat { offsets, neighbours } = Flat::from_pairs(labels.len(), kept);
        QubitGraph {
            labels,
            offsets,
            neighbours,
        }
    }

    pub fn len(&self) -> usize {
        self.labels.len()
    }

    pub fn neighbours(&self, q: u32) -> &[u32] {
        &self.neighbours[self.offsets[q as usize]..self.offsets[q as usize + 1]]
    }
}

/// Neighbour lists in one array: those of `q` are `neighbours[offsets[q]..offsets[q + 1]]`.
struct Flat {
    offsets: Vec<usize>,
    neighbours: Vec<u32>,
}

impl Flat {
    /// From undirected pairs over `0..n`, each neighbour list in the pairs' order.
    fn from_pairs(n: usize, pairs: impl Iterator<Item = (u32, u32)> + Clone) -> Flat {
        let mut offsets = vec![0usize; n + 1];
        for (a, b) in pairs.clone() {
            offsets[a as usize + 1] += 1;
            offsets[b as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut neighbours = vec![0u32; offsets[n]];
        for (a, b) in pairs {
            neighbours[fill[a as usize]] = b;
            fill[a as usize] += 1;
            neighbours[fill[b as usize]] = a;
            fill[b as usize] += 1;
        }
        Flat { offsets, neighbours }
    }

    fn of(&self, q: usize) -> &[u32] {
        &self.neighbours[self.offsets[q]..self.offsets[q + 1]]
    }
}

fn largest_component(graph: &Flat) -> Vec<bool> {
    let n = graph.offsets.len() - 1;
    let mut component = vec![usize::MAX; n];
    let mut sizes = Vec::new();
    for start in 0..n {
        if component[start] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let mut stack = vec![start];
        component[start] = id;
        let mut size = 0;
        while let Some(q) = stack.pop() {
            size += 1;
            for &p in graph.of(q) {
                if component[p as usize] == usize::MAX {
                    component[p as usize] = id;
                    stack.push(p as usize);
                }
            }
        }
        sizes.push(size);
    }
    let biggest = (0..sizes.len()).max_by_key(|&i| sizes[i]);
    component.iter().map(|&c| Some(c) == biggest).collect()
}
