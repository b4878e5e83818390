//! Chains kept as rooted trees, the way Cai, Macready and Roy's heuristic
//! needs them: every qubit of a chain has a parent (the root is its own) and
//! a count of the children and links that hold it. A chain's "arms" (the
//! paths it grew to reach a neighbour) can then be handed to that neighbour,
//! taken back, and trimmed leaf by leaf, and a qubit held by nothing is a
//! leaf that may go.
//!
//! While the search runs, chains may share qubits; `fill` counts how many
//! chains hold each qubit, and every change to a chain goes through
//! [`Chains`] so the counts stay right.

/// No qubit (a root's parent in a search, an unset link).
pub(super) const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Node {
    qubit: u32,
    parent: u32,
    /// Children plus links that hold this qubit.
    refs: u32,
}

/// One variable's chain. The root is the first node; links say, for each
/// neighbour, which qubit of this chain touches (or shares a qubit with) the
/// neighbour's chain.
#[derive(Clone, Debug, Default)]
pub(super) struct Chain {
    nodes: Vec<Node>,
    links: Vec<(usize, u32)>,
}

impl Chain {
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
    pub fn qubits(&self) -> impl Iterator<Item = u32> + '_ {
        self.nodes.iter().map(|n| n.qubit)
    }
    pub fn contains(&self, q: u32) -> bool {
        self.nodes.iter().any(|n| n.qubit == q)
    }
    pub fn root(&self) -> u32 {
        self.nodes.first().map_or(NONE, |n| n.qubit)
    }
    fn at(&self, q: u32) -> usize {
        self.nodes
            .iter()
            .position(|n| n.qubit == q)
            .expect("qubit in the chain")
    }
    pub fn refs(&self, q: u32) -> u32 {
        self.nodes[self.at(q)].refs
    }
    /// Where new paths may start: the root and the qubits held twice or more
    /// (branch points, link points with a child).
    pub fn junctions(&self) -> impl Iterator<Item = u32> + '_ {
        self.nodes
            .iter()
            .enumerate()
            .filter(|(i, n)| *i == 0 || n.refs > 1)
            .map(|(_, n)| n.qubit)
    }
    pub fn link(&self, v: usize) -> Option<u32> {
        self.links.iter().find(|l| l.0 == v).map(|l| l.1)
    }
    fn hold(&mut self, q: u32) {
        let i = self.at(q);
        self.nodes[i].refs += 1;
    }
    fn release(&mut self, q: u32) {
        let i = self.at(q);
        self.nodes[i].refs -= 1;
    }
}

/// A chain taken out with everything needed to put it back exactly.
#[derive(Clone, Debug)]
struct Frozen {
    var: usize,
    chain: Chain,
    /// The neighbours' links to the chain.
    back_links: Vec<(usize, u32)>,
}

/// Every variable's chain and how many chains hold each qubit.
#[derive(Clone, Debug)]
pub(super) struct Chains {
    pub chains: Vec<Chain>,
    pub fill: Vec<u32>,
    frozen: Option<Frozen>,
}

impl Chains {
    pub fn new(variables: usize, qubits: usize) -> Chains {
        Chains {
            chains: vec![Chain::default(); variables],
            fill: vec![0; qubits],
            frozen: None,
        }
    }

    /// Starts `u`'s (empty) chain at `q`.
    pub fn set_root(&mut self, u: usize, q: u32) {
        debug_assert!(self.chains[u].is_empty());
        self.chains[u].nodes.push(Node {
            qubit: q,
            parent: q,
            refs: 0,
        });
        self.fill[q as usize] += 1;
    }

    pub fn add_leaf(&mut self, u: usize, q: u32, parent: u32) {
        self.chains[u].hold(parent);
        self.chains[u].nodes.push(Node {
            qubit: q,
            parent,
            refs: 0,
        });
        self.fill[q as usize] += 1;
    }

    /// Takes a leaf held by nothing off `u`'s chain; returns its parent.
    fn remove_leaf(&mut self, u: usize, q: u32) -> u32 {
        let chain = &mut self.chains[u];
        let i = chain.at(q);
        debug_assert!(i > 0 && chain.nodes[i].refs == 0);
        let parent = chain.nodes.swap_remove(i).parent;
        chain.release(parent);
        self.fill[q as usize] -= 1;
        parent
    }

    /// Removes the dangling branch ending at `q`: leaves held by nothing,
    /// walking towards the root.
    pub fn trim(&mut self, u: usize, mut q: u32) {
        while q != self.chains[u].root() && self.chains[u].refs(q) == 0 {
            q = self.remove_leaf(u, q);
        }
    }

    /// `u`'s qubit `qu` touches `v`'s qubit `qv` (equal when they share it).
    pub fn join(&mut self, u: usize, qu: u32, v: usize, qv: u32) {
        self.chains[u].hold(qu);
        self.chains[u].links.push((v, qu));
        self.chains[v].hold(qv);
        self.chains[v].links.push((u, qv));
    }

    fn drop_link(&mut self, u: usize, v: usize) -> Option<u32> {
        let chain = &mut self.chains[u];
        let i = chain.links.iter().position(|l| l.0 == v)?;
        let q = chain.links.swap_remove(i).1;
        chain.release(q);
        Some(q)
    }

    /// Empties `u`'s chain; neighbours forget their links to it (their arms
    /// towards it stay until they are placed again).
    pub fn tear_out(&mut self, u: usize) {
        let chain = std::mem::take(&mut self.chains[u]);
        for &(v, _) in &chain.links {
            self.drop_link(v, u);
        }
        for q in chain.qubits() {
            self.fill[q as usize] -= 1;
        }
    }

    /// Tears `u` out, keeping it to be put back by [`Chains::thaw_back`].
    pub fn freeze_out(&mut self, u: usize) {
        let back_links = self.chains[u]
            .links
            .iter()
            .filter_map(|&(v, _)| self.chains[v].link(u).map(|q| (v, q)))
            .collect();
        self.frozen = Some(Frozen {
            var: u,
            chain: self.chains[u].clone(),
            back_links,
        });
        self.tear_out(u);
    }

    /// Puts the last frozen chain back as it was (whatever was built for
    /// that variable since is torn out first).
    pub fn thaw_back(&mut self) {
        let Some(frozen) = self.frozen.take() else { return };
        let u = frozen.var;
        self.tear_out(u);
        for q in frozen.chain.qubits() {
            self.fill[q as usize] += 1;
        }
        self.chains[u] = frozen.chain;
        for (v, q) in frozen.back_links {
            self.chains[v].hold(q);
            self.chains[v].links.push((u, q));
        }
    }

    /// Forgets the frozen chain (what was built instead stays).
    pub fn discard_frozen(&mut self) {
        self.frozen = None;
    }

    /// The frozen chain's length (0 when none).
    pub fn frozen_len(&self) -> usize {
        self.frozen.as_ref().map_or(0, |f| f.chain.len())
    }

    /// Hands the arm of `from` that reaches `to` over to `to`, qubit by
    /// qubit from its tip, until a qubit still holds something else in
    /// `from` or `to` has `limit` qubits (0: no limit). Fills do not change;
    /// who will tear the qubits out later does.
    pub fn hand_over(&mut self, from: usize, to: usize, limit: usize) {
        let (Some(mut b), Some(mut a)) = (self.chains[from].link(to), self.chains[to].link(from)) else {
            return;
        };
        self.drop_link(from, to);
        self.drop_link(to, from);
        while (limit == 0 || self.chains[to].len() < limit)
            && b != self.chains[from].root()
            && self.chains[from].refs(b) == 0
        {
            let rest = self.remove_leaf(from, b);
            if self.chains[to].contains(b) {
                // Shared qubit: `to` already has it; drop `to`'s own path to it.
                self.chains[to].hold(b);
                self.trim(to, a);
                self.chains[to].release(b);
            } else {
                self.add_leaf(to, b, a);
            }
            a = b;
            b = rest;
        }
        self.join(from, b, to, a);
    }

    /// `u` takes back every arm its neighbours grew only to reach it.
    pub fn steal_all(&mut self, u: usize, neighbours: &[usize]) {
        for &v in neighbours {
            self.hand_over(v, u, 0);
        }
    }
}
