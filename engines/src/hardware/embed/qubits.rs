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
    pub fn new(target: &Topology) -> QubitGraph {
        let space = target.family.label_space();
        let mut dense = vec![u32::MAX; space];
        for (i, &q) in target.nodes.iter().enumerate() {
            dense[q as usize] = i as u32;
        }
        let n = target.nodes.len();
        let mut adjacency = vec![Vec::new(); n];
        for &(a, b) in &target.edges {
            let (a, b) = (dense[a as usize], dense[b as usize]);
            adjacency[a as usize].push(b);
            adjacency[b as usize].push(a);
        }
        let keep = largest_component(&adjacency);
        let mut renumber = vec![u32::MAX; n];
        let mut labels = Vec::new();
        for i in 0..n {
            if keep[i] {
                renumber[i] = labels.len() as u32;
                labels.push(target.nodes[i]);
            }
        }
        let mut offsets = vec![0];
        let mut neighbours = Vec::new();
        for i in (0..n).filter(|&i| keep[i]) {
            neighbours.extend(adjacency[i].iter().map(|&p| renumber[p as usize]));
            offsets.push(neighbours.len());
        }
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

fn largest_component(adjacency: &[Vec<u32>]) -> Vec<bool> {
    let n = adjacency.len();
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
            for &p in &adjacency[q] {
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
