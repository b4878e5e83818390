//! Growing one chain: searches from each embedded neighbour's chain, a root
//! that is cheapest to reach from all of them, and the tree joining the root
//! to each neighbour along its search's shortest paths.
//!
//! While chains still share qubits, a qubit held by c other chains costs
//! base^c, with the base as large as 64-bit sums allow for the worst fill
//! now present (minorminer's choice): with little overlap left, one more
//! shared qubit costs more than any detour over free ones. Once the
//! embedding is valid, chains are regrown over free qubits only, by
//! breadth-first search, to make them shorter.

use super::chains::{Chains, NONE};
use super::qubits::QubitGraph;
use crate::run::{CancelFlag, Cancelled};
use rand::Rng;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

pub(super) const INF: i64 = i64::MAX;

/// One neighbour's search: distance of each qubit from its chain and the
/// way back (stamped, so a new search needs no clearing).
struct Slot {
    var: usize,
    dist: Vec<i64>,
    parent: Vec<u32>,
    stamp: Vec<u32>,
    epoch: u32,
    /// Breadth-first search: this level's qubits and the next's.
    frontier: Vec<u32>,
    next: Vec<u32>,
}

impl Slot {
    fn new(qubits: usize) -> Slot {
        Slot {
            var: 0,
            dist: vec![INF; qubits],
            parent: vec![NONE; qubits],
            stamp: vec![0; qubits],
            epoch: 0,
            frontier: Vec::new(),
            next: Vec::new(),
        }
    }
    fn reset(&mut self, var: usize) {
        self.var = var;
        self.frontier.clear();
        self.next.clear();
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
    }
    fn seen(&self, q: u32) -> bool {
        self.stamp[q as usize] == self.epoch
    }
    fn mark(&mut self, q: u32, dist: i64, parent: u32) {
        self.stamp[q as usize] = self.epoch;
        self.dist[q as usize] = dist;
        self.parent[q as usize] = parent;
    }
    fn dist(&self, q: u32) -> i64 {
        if self.seen(q) { self.dist[q as usize] } else { INF }
    }
    /// A qubit of the neighbour's own chain (every other qubit costs ≥ 1).
    fn is_source(&self, q: u32) -> bool {
        self.seen(q) && self.dist[q as usize] == 0
    }
}

/// Buffers for growing chains, reused from one placement to the next.
pub(super) struct Pathfinder {
    slots: Vec<Slot>,
    used: usize,
    cost: Vec<i64>,
    total: Vec<i64>,
    reached: Vec<u32>,
    heap: BinaryHeap<Reverse<(i64, u32, u32)>>,
    /// log2 of (largest variable degree × qubits): how many costs a root's
    /// score may add up.
    margin_log2: f64,
}

impl Pathfinder {
    pub fn new(graph: &QubitGraph, max_variable_degree: usize) -> Pathfinder {
        let n = graph.len();
        Pathfinder {
            slots: Vec::new(),
            used: 0,
            cost: vec![1; n],
            total: vec![0; n],
            reached: vec![0; n],
            heap: BinaryHeap::new(),
            margin_log2: ((max_variable_degree.max(1) * n) as f64).log2(),
        }
    }

    /// The hard cap on fill (a qubit this full is never entered): the most
    /// a root's score can hold without overflow.
    pub fn fill_cap(&self) -> u32 {
        (63.0 - self.margin_log2).floor().max(2.0) as u32
    }

    fn slot(&mut self, var: usize) -> usize {
        if self.used == self.slots.len() {
            self.slots.push(Slot::new(self.cost.len()));
        }
        self.slots[self.used].reset(var);
        self.used += 1;
        self.used - 1
    }

    /// Qubit costs for the fills as they are (the chain being placed is out):
    /// base^fill with base = 2^((63 − margin) / worst fill).
    fn set_costs(&mut self, fill: &[u32]) {
        let worst = fill.iter().copied().max().unwrap_or(0).min(63);
        let log2_base = if worst == 0 {
            1.0
        } else {
            (63.0 - self.margin_log2) / f64::from(worst)
        };
        let table: Vec<i64> = (0..=worst)
            .map(|c| {
                let v = (log2_base * f64::from(c)).exp2().floor();
                if v >= 9.2e18 { INF } else { v as i64 }
            })
            .collect();
        for (c, &f) in self.cost.iter_mut().zip(fill) {
            *c = table[f as usize];
        }
    }

    /// Node-weighted shortest paths from `v`'s chain; qubits with fill ≥
    /// `bound` are walls. Ties go by a random key of `seed`. One search
    /// visits every qubit (tens of milliseconds on a Zephyr or Pegasus graph
    /// of 10⁵ qubits on a busy machine), so `cancel` is looked at every few
    /// thousand qubits within it too.
    fn search_from(
        &mut self,
        graph: &QubitGraph,
        chains: &Chains,
        v: usize,
        bound: u32,
        seed: u64,
        cancel: &CancelFlag,
    ) -> Result<(), Cancelled> {
        let s = self.slot(v);
        let slot = &mut self.slots[s];
        self.heap.clear();
        for q in chains.chains[v].qubits() {
            slot.mark(q, 0, NONE);
            self.heap.push(Reverse((0, tie_key(q, seed), q)));
        }
        let mut popped = 0u32;
        while let Some(Reverse((d, _, z))) = self.heap.pop() {
            popped = popped.wrapping_add(1);
            if popped.is_multiple_of(4096) {
                cancel.check()?;
            }
            for &p in graph.neighbours(z) {
                if slot.seen(p) {
                    continue;
                }
                if chains.fill[p as usize] >= bound {
                    slot.mark(p, INF, NONE);
                    continue;
                }
                let nd = d.saturating_add(self.cost[p as usize]);
                slot.mark(p, nd, z);
                self.heap.push(Reverse((nd, tie_key(p, seed), p)));
            }
        }
        Ok(())
    }

    /// Places `u` (its chain must be empty): searches from each embedded
    /// neighbour, roots the chain at a random cheapest qubit, and grows the
    /// tree. False when every qubit is walled off (the chain stays empty).
    /// `cancel` is looked at before each search: on a large graph one search
    /// takes milliseconds and a placement dozens of them. A cancelled
    /// placement leaves the chains half made (the caller abandons the search).
    #[allow(clippy::too_many_arguments)]
    pub fn place(
        &mut self,
        graph: &QubitGraph,
        chains: &mut Chains,
        u: usize,
        neighbours: &[usize],
        bound: u32,
        seeds: &[u64],
        rng: &mut impl Rng,
        cancel: &CancelFlag,
    ) -> Result<bool, Cancelled> {
        debug_assert!(chains.chains[u].is_empty());
        self.set_costs(&chains.fill);
        self.used = 0;
        for &v in neighbours {
            cancel.check()?;
            if !chains.chains[v].is_empty() {
                self.search_from(graph, chains, v, bound, seeds[v], cancel)?;
            }
        }
        let Some(root) = self.cheapest_root(chains, bound, rng) else {
            return Ok(false);
        };
        self.grow(chains, u, root);
        Ok(true)
    }

    /// A random qubit among those whose summed distance to every searched
    /// neighbour is least (a qubit inside a neighbour's chain pays its own
    /// cost for that neighbour).
    fn cheapest_root(&mut self, chains: &Chains, bound: u32, rng: &mut impl Rng) -> Option<u32> {
        let n = self.cost.len();
        for q in 0..n {
            self.total[q] = if chains.fill[q] >= bound {
                INF
            } else if self.used == 0 {
                self.cost[q]
            } else {
                0
            };
        }
        for slot in &self.slots[..self.used] {
            for (q, t) in self.total.iter_mut().enumerate() {
                if *t != INF {
                    let d = slot.dist(q as u32);
                    *t = if d == INF { INF } else { t.saturating_add(d) };
                }
            }
            for q in chains.chains[slot.var].qubits() {
                let t = &mut self.total[q as usize];
                if *t != INF {
                    *t = t.saturating_add(self.cost[q as usize]);
                }
            }
        }
        let least = self.total.iter().copied().min().unwrap_or(INF);
        if least == INF {
            return None;
        }
        let ties = self.total.iter().filter(|&&t| t == least).count();
        let pick = rng.random_range(0..ties);
        self.total
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t == least)
            .nth(pick)
            .map(|(q, _)| q as u32)
    }

    /// Grows `u`'s chain from `root` to each searched neighbour: from the
    /// chain's nearest junction along the search's path, merging where the
    /// path meets the chain again, and links the ends.
    fn grow(&self, chains: &mut Chains, u: usize, root: u32) {
        chains.set_root(u, root);
        for slot in &self.slots[..self.used] {
            let v = slot.var;
            let mut start = root;
            let mut best = slot.dist(root);
            for p in chains.chains[u].junctions() {
                if slot.dist(p) < best {
                    start = p;
                    best = slot.dist(p);
                }
            }
            if slot.is_source(start) {
                chains.join(u, start, v, start);
                continue;
            }
            let mut cur = start;
            let mut next = slot.parent[start as usize];
            while !slot.is_source(next) {
                if chains.chains[u].contains(next) {
                    chains.trim(u, cur);
                } else {
                    chains.add_leaf(u, next, cur);
                }
                cur = next;
                next = slot.parent[next as usize];
            }
            chains.join(u, cur, v, next);
        }
    }

    /// Regrows `u` over free qubits only, as short as it can be found:
    /// breadth-first from every neighbour at once, level by level, and the
    /// first root all of them reach gives a chain; it is kept if shorter
    /// than `max(old length, limit)`, else the shortest candidate found
    /// takes the old chain's place (the old one comes back only when no
    /// root was reached).
    /// Arms beyond `limit` stay with `u` when handed to the neighbours.
    /// Qubits of a level are taken in an order drawn from `seed`.
    #[allow(clippy::too_many_arguments)]
    pub fn shorten(
        &mut self,
        graph: &QubitGraph,
        chains: &mut Chains,
        u: usize,
        neighbours: &[usize],
        limit: usize,
        seed: u64,
    ) {
        chains.freeze_out(u);
        let old = chains.frozen_len();
        let stop = old.max(limit);
        self.used = 0;
        for &v in neighbours {
            let s = self.slot(v);
            let slot = &mut self.slots[s];
            for q in chains.chains[v].qubits() {
                slot.mark(q, 0, NONE);
                slot.frontier.push(q);
            }
        }
        let k = self.used as u32;
        for q in self.reached.iter_mut() {
            *q = 0;
        }
        let mut best: Option<u32> = None;
        let mut fallback = usize::MAX;
        'levels: for depth in 0..=old as i64 {
            for s in 0..self.used {
                let mut frontier = std::mem::take(&mut self.slots[s].frontier);
                frontier.sort_unstable_by_key(|&q| tie_key(q, seed));
                for &q in &frontier {
                    if chains.fill[q as usize] == 0 {
                        self.reached[q as usize] += 1;
                        if self.reached[q as usize] == k {
                            self.grow(chains, u, q);
                            let size = chains.chains[u].len();
                            if size < stop {
                                chains.tear_out(u);
                                best = Some(q);
                                break 'levels;
                            }
                            // The shortest candidate so far replaces the
                            // frozen chain: a chain that cannot get shorter
                            // still moves sideways (minorminer's plateau moves).
                            if size < fallback {
                                fallback = size;
                                chains.freeze_out(u);
                            } else {
                                chains.tear_out(u);
                            }
                        }
                    }
                    let slot = &mut self.slots[s];
                    for &p in graph.neighbours(q) {
                        if !slot.seen(p) && chains.fill[p as usize] == 0 {
                            slot.mark(p, depth + 1, q);
                            slot.next.push(p);
                        }
                    }
                }
                frontier.clear();
                let slot = &mut self.slots[s];
                slot.frontier = std::mem::replace(&mut slot.next, frontier);
            }
        }
        match best {
            Some(root) => {
                self.grow(chains, u, root);
                chains.discard_frozen();
            }
            None => chains.thaw_back(),
        }
        for &v in neighbours {
            chains.hand_over(u, v, limit);
        }
    }
}

/// A random-looking order of qubits per variable, for breaking ties between
/// equally short paths.
fn tie_key(q: u32, seed: u64) -> u32 {
    let mut x = u64::from(q) ^ seed;
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (x ^ (x >> 31)) as u32
}
