//! The schedule of the search, as Cai, Macready and Roy describe it and
//! minorminer runs it:
//!
//! 1. Place every variable once, in an order where each next variable has
//!    as many placed neighbours as possible.
//! 2. Tear chains out and regrow them while qubits are shared. Mostly in
//!    "pushdown" passes: a chain may move only onto qubits no fuller than the
//!    fullest it sits on now, so shared qubits cannot be traded back and
//!    forth, and a chain that cannot move is put back exactly. After many
//!    such refusals without progress, free passes let chains move anywhere.
//!    After `patience` passes without progress, start again from scratch
//!    (a new try).
//! 3. Once no qubit is shared, regrow each chain over free qubits only,
//!    keeping it when shorter, until passes stop helping.
//!
//! Progress is judged after every placement: first the worst fill, then
//! how many qubits have it, then the next fill down; once valid, the
//! longest chain, how many are that long, and so on down.

use super::chains::Chains;
use super::pathfinder::Pathfinder;
use super::qubits::QubitGraph;
use crate::run::{CancelFlag, Cancelled};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BinaryHeap;

/// How good a state is; see the module comment for the order.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Score {
    /// Qubits held by k chains, at index k − 2 (k ≥ 2).
    Shared(Vec<u32>),
    /// Chains of k qubits, at index k − 1.
    Valid(Vec<u32>),
}

impl Score {
    fn better_than(&self, other: &Score) -> bool {
        match (self, other) {
            (Score::Valid(_), Score::Shared(_)) => true,
            (Score::Shared(_), Score::Valid(_)) => false,
            (Score::Valid(a), Score::Valid(b)) | (Score::Shared(a), Score::Shared(b)) => top_down_less(a, b),
        }
    }
    pub fn is_valid(&self) -> bool {
        matches!(self, Score::Valid(_))
    }
    /// The worst fill while shared, the longest chain once valid.
    pub fn worst(&self) -> usize {
        match self {
            Score::Shared(h) => h.len() + 1,
            Score::Valid(h) => h.len(),
        }
    }
}

/// Histograms compared from their top: shorter first, then fewer at the top.
fn top_down_less(a: &[u32], b: &[u32]) -> bool {
    if a.len() != b.len() {
        return a.len() < b.len();
    }
    for i in (0..a.len()).rev() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}

/// Where a try stands, for progress reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EmbedProgress {
    /// From 0.
    pub try_index: usize,
    /// Passes over the variables in this try.
    pub passes: usize,
    /// The most chains on one qubit (1 once valid).
    pub worst_fill: usize,
    /// The longest chain, once valid.
    pub longest_chain: Option<usize>,
}

enum Pass {
    Improved,
    Stalled,
    Failed,
}

pub(super) struct Search<'a> {
    graph: &'a QubitGraph,
    neighbours: Vec<Vec<usize>>,
    chains: Chains,
    finder: Pathfinder,
    rng: ChaCha8Rng,
    /// Per variable, the seed of its searches' tie-breaking.
    seeds: Vec<u64>,
    cap: u32,
    best: Option<(Chains, Score)>,
    cancel: &'a CancelFlag,
}

impl<'a> Search<'a> {
    pub fn new(graph: &'a QubitGraph, neighbours: Vec<Vec<usize>>, seed: u64, cancel: &'a CancelFlag) -> Search<'a> {
        let degree = neighbours.iter().map(Vec::len).max().unwrap_or(0);
        let finder = Pathfinder::new(graph, degree);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let seeds = (0..neighbours.len()).map(|_| rng.random()).collect();
        Search {
            graph,
            chains: Chains::new(neighbours.len(), graph.len()),
            cap: finder.fill_cap(),
            finder,
            rng,
            seeds,
            neighbours,
            best: None,
            cancel,
        }
    }

    fn variables(&self) -> usize {
        self.neighbours.len()
    }

    /// The chains of the best valid state, by variable, in dense qubits.
    fn best_valid(&self) -> Option<Vec<Vec<u32>>> {
        let (chains, score) = self.best.as_ref()?;
        score
            .is_valid()
            .then(|| chains.chains.iter().map(|c| c.qubits().collect()).collect())
    }

    fn score(&self) -> Option<Score> {
        if self.chains.chains.iter().any(|c| c.is_empty()) {
            return None;
        }
        let worst = self.chains.fill.iter().copied().max().unwrap_or(0) as usize;
        if worst <= 1 {
            let longest = self.chains.chains.iter().map(|c| c.len()).max().unwrap_or(0);
            let mut h = vec![0; longest];
            for c in &self.chains.chains {
                h[c.len() - 1] += 1;
            }
            Some(Score::Valid(h))
        } else {
            let mut h = vec![0; worst - 1];
            for &f in &self.chains.fill {
                if f >= 2 {
                    h[f as usize - 2] += 1;
                }
            }
            Some(Score::Shared(h))
        }
    }

    /// Keeps the state as the best if it beats it.
    fn check_improvement(&mut self) -> bool {
        let Some(score) = self.score() else { return false };
        if self.best.as_ref().is_some_and(|(_, b)| !score.better_than(b)) {
            return false;
        }
        self.best = Some((self.chains.clone(), score));
        true
    }

    fn embedded(&self) -> bool {
        self.best.as_ref().is_some_and(|(_, s)| s.is_valid())
    }

    fn progress(&self, try_index: usize, passes: usize) -> EmbedProgress {
        let score = self.best.as_ref().map(|(_, s)| s);
        EmbedProgress {
            try_index,
            passes,
            worst_fill: score.map_or(0, |s| if s.is_valid() { 1 } else { s.worst() }),
            longest_chain: score.filter(|s| s.is_valid()).map(Score::worst),
        }
    }

    /// Varies the next search's ties: `u` swaps tie seeds with a random
    /// neighbour, and two adjacent neighbours swap places in its list.
    fn twiddle(&mut self, u: usize) {
        let k = self.neighbours[u].len();
        if k == 0 {
            return;
        }
        let v = self.neighbours[u][self.rng.random_range(0..k)];
        self.seeds.swap(u, v);
        if k > 1 {
            let i = self.rng.random_range(0..k - 1);
            self.neighbours[u].swap(i, i + 1);
        }
    }

    /// Tears `u` out (taking back its arms first when `steal`) and places it
    /// again with qubits this full as walls (`None`: as full as the fullest
    /// qubit it holds now, the pushdown rule); a refused placement is undone
    /// when `undo`.
    fn replace(&mut self, u: usize, bound: Option<u32>, steal: bool, undo: bool) -> Result<bool, Cancelled> {
        self.twiddle(u);
        let list = std::mem::take(&mut self.neighbours[u]);
        if steal {
            self.chains.steal_all(u, &list);
        }
        let bound = bound.unwrap_or_else(|| {
            self.chains.chains[u]
                .qubits()
                .map(|q| self.chains.fill[q as usize])
                .max()
                .unwrap_or(self.cap)
        });
        if undo {
            self.chains.freeze_out(u);
        } else {
            self.chains.tear_out(u);
        }
        let placed = self.finder.place(
            self.graph,
            &mut self.chains,
            u,
            &list,
            bound,
            &self.seeds,
            &mut self.rng,
            self.cancel,
        )?;
        if placed {
            self.chains.discard_frozen();
        } else if undo {
            self.chains.thaw_back();
        }
        if placed || undo {
            for &v in &list {
                self.chains.hand_over(u, v, 0);
            }
        }
        self.neighbours[u] = list;
        Ok(placed)
    }

    /// An order where each next variable has the most neighbours already
    /// listed (ties at random); each connected piece starts at random.
    fn most_connected_order(&mut self) -> Vec<usize> {
        let n = self.variables();
        let keys: Vec<u32> = (0..n).map(|_| self.rng.random()).collect();
        let mut count = vec![0usize; n];
        let mut listed = vec![false; n];
        let mut heap: BinaryHeap<(usize, u32, usize)> = (0..n).map(|v| (0, keys[v], v)).collect();
        let mut order = Vec::with_capacity(n);
        while let Some((c, _, v)) = heap.pop() {
            if listed[v] || c != count[v] {
                continue;
            }
            listed[v] = true;
            order.push(v);
            for &w in &self.neighbours[v] {
                if !listed[w] {
                    count[w] += 1;
                    heap.push((count[w], keys[w], w));
                }
            }
        }
        order
    }

    fn initial_pass(&mut self) -> Result<bool, Cancelled> {
        self.chains = Chains::new(self.variables(), self.graph.len());
        for u in self.most_connected_order() {
            self.cancel.check()?;
            if !self.replace(u, Some(self.cap), false, false)? {
                return Ok(false);
            }
        }
        self.check_improvement();
        Ok(true)
    }

    fn free_pass(&mut self, desperate: bool) -> Result<Pass, Cancelled> {
        let mut improved = false;
        for u in self.most_connected_order() {
            self.cancel.check()?;
            if !self.replace(u, Some(self.cap), desperate, false)? {
                return Ok(Pass::Failed);
            }
            improved |= self.check_improvement();
            if self.embedded() {
                break;
            }
        }
        Ok(if improved { Pass::Improved } else { Pass::Stalled })
    }

    fn pushdown_pass(&mut self, pushback: &mut usize) -> Result<Pass, Cancelled> {
        let mut order: Vec<usize> = (0..self.variables()).collect();
        order.shuffle(&mut self.rng);
        let mut improved = false;
        for u in order {
            self.cancel.check()?;
            if *pushback < self.variables() {
                if !self.replace(u, None, true, true)? {
                    *pushback += 3;
                }
            } else if !self.replace(u, Some(self.cap), true, false)? {
                return Ok(Pass::Failed);
            }
            improved |= self.check_improvement();
            if self.embedded() {
                break;
            }
        }
        Ok(if improved { Pass::Improved } else { Pass::Stalled })
    }

    /// Regrows chains shorter (over free qubits only) until `patience`
    /// passes in a row do not help.
    fn shorten_passes(&mut self, patience: usize) -> Result<(), Cancelled> {
        let mut left = patience;
        let mut order = self.most_connected_order();
        while left > 0 {
            let mut improved = false;
            let seed: u64 = self.rng.random();
            for &u in &order {
                self.cancel.check()?;
                // The target follows the best at once: after an improvement no
                // neighbour may grow back to the old longest chain.
                let longest = self.best.as_ref().map_or(0, |(_, s)| s.worst());
                // A fresh neighbour order each time: it decides which
                // neighbour's search finds the root and which gets the arms.
                self.neighbours[u].shuffle(&mut self.rng);
                let list = std::mem::take(&mut self.neighbours[u]);
                self.chains.steal_all(u, &list);
                self.finder
                    .shorten(self.graph, &mut self.chains, u, &list, longest, seed);
                self.neighbours[u] = list;
                improved |= self.check_improvement();
            }
            if improved {
                left = patience;
            } else {
                left -= 1;
                order = self.most_connected_order();
            }
        }
        Ok(())
    }

    /// Runs up to `tries` fresh starts; the first valid embedding found is
    /// shortened and returned with the try (from 0) that found it. On the
    /// clock running out, a valid embedding found so far is returned.
    pub fn run(
        &mut self,
        tries: usize,
        patience: usize,
        chain_patience: usize,
        progress: &dyn Fn(EmbedProgress),
    ) -> Result<Option<(Vec<Vec<u32>>, usize)>, Cancelled> {
        let n = self.variables();
        for t in 0..tries {
            self.best = None;
            if !self.initial_pass()? {
                continue;
            }
            let mut left = patience;
            let mut pushback = 0;
            let mut passes = 1;
            progress(self.progress(t, passes));
            while left > 0 && !self.embedded() {
                let desperate = left <= 1 || t + 1 == tries;
                let pass = if pushback < n {
                    self.pushdown_pass(&mut pushback)?
                } else {
                    pushback -= 1;
                    self.free_pass(desperate)?
                };
                passes += 1;
                match pass {
                    Pass::Improved => {
                        left = patience;
                        pushback = 0;
                    }
                    Pass::Stalled => left -= 1,
                    Pass::Failed => {
                        left -= 1;
                        if let Some((best, _)) = &self.best {
                            self.chains = best.clone();
                        }
                    }
                }
                progress(self.progress(t, passes));
            }
            if self.embedded() {
                self.chains = self.best.as_ref().map(|(c, _)| c.clone()).expect("embedded");
                match self.shorten_passes(chain_patience) {
                    Err(Cancelled) if !self.cancel.timed_out() => return Err(Cancelled),
                    _ => {}
                }
                progress(self.progress(t, passes));
                return Ok(self.best_valid().map(|c| (c, t)));
            }
        }
        Ok(None)
    }
}
