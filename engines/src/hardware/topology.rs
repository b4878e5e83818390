//! D-Wave's qubit graphs from their published definitions: Chimera C(m, n, t),
//! Pegasus P(m) (the fabric of the Advantage machines, default offsets) and
//! Zephyr Z(m, t) (Advantage2). Qubits carry the linear labels D-Wave's tools
//! use (dwave-networkx's defaults), so node and edge sets, embeddings and
//! files agree with theirs; each label also has its coordinates and a place
//! in a drawing.
//!
//! Chimera (i, j, u, k): an m×n grid of K_{t,t} tiles; shore u = 0 couples
//! to the tile below, u = 1 to the tile to the right.
//! Pegasus (u, w, k, z): orientation u, major offset w < m, minor k < 12,
//! parallel z < m − 1; internal couplers cross orientations by the offsets
//! below, odd couplers pair k with k + 1, external ones join z and z + 1.
//! Zephyr (u, w, k, j, z): w < 2m + 1, k < t, j ∈ {0, 1}, z < m.

use super::EmbedError;
use crate::run::{CancelFlag, Cancelled};
use std::collections::BTreeSet;

/// A graph family and its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Chimera { m: usize, n: usize, t: usize },
    Pegasus { m: usize },
    Zephyr { m: usize, t: usize },
}

/// Pegasus offsets (dwave-networkx's set 0, the Advantage machines): vertical
/// qubits (u = 0), then horizontal (u = 1), by minor offset k.
const PEGASUS_OFFSETS: [[usize; 12]; 2] = [
    [2, 2, 2, 2, 10, 10, 10, 10, 6, 6, 6, 6],
    [6, 6, 6, 6, 2, 2, 2, 2, 10, 10, 10, 10],
];

/// The largest sizes built (C32 is 8,192 qubits; P32 and Z32 are 23–33 thousand).
pub const MAX_CHIMERA: usize = 32;
pub const MAX_PEGASUS: usize = 32;
pub const MAX_ZEPHYR: usize = 32;
pub const MAX_TILE: usize = 16;

/// A qubit graph: its qubits (linear labels, ascending) and couplers (a < b, ascending).
#[derive(Clone, Debug, PartialEq)]
pub struct Topology {
    pub family: Family,
    pub nodes: Vec<u32>,
    pub edges: Vec<(u32, u32)>,
}

impl Family {
    /// "Pegasus P16", "Chimera C16", "Zephyr Z15 (t = 4)".
    pub fn name(self) -> String {
        match self {
            Family::Chimera { m, n, t } if m == n && t == 4 => format!("Chimera C{m}"),
            Family::Chimera { m, n, t } => format!("Chimera C({m}, {n}, {t})"),
            Family::Pegasus { m } => format!("Pegasus P{m}"),
            Family::Zephyr { m, t } => format!("Zephyr Z{m} (t = {t})"),
        }
    }

    /// Reads `chimera:16`, `chimera:16,8,4`, `pegasus:16`, `zephyr:15`, `zephyr:15,4`
    /// (also `c16`, `p16`, `z15`).
    pub fn parse(spec: &str) -> Result<Family, String> {
        let s = spec.trim().to_ascii_lowercase();
        let (word, rest) = match s.split_once(':') {
            Some((w, r)) => (w.to_string(), r.to_string()),
            None => {
                let split = s.find(|c: char| c.is_ascii_digit()).unwrap_or(s.len());
                (s[..split].to_string(), s[split..].to_string())
            }
        };
        let numbers: Vec<usize> = rest
            .split(',')
            .filter(|p| !p.trim().is_empty())
            .map(|p| {
                p.trim()
                    .parse()
                    .map_err(|_| format!("'{spec}': '{}' is not a whole number", p.trim()))
            })
            .collect::<Result<_, _>>()?;
        let bad =
            || format!("'{spec}': a target is chimera:M[,N,T], pegasus:M or zephyr:M[,T] (e.g. pegasus:16, zephyr:15)");
        let family = match (word.as_str(), numbers.as_slice()) {
            ("chimera" | "c", [m]) => Family::Chimera { m: *m, n: *m, t: 4 },
            ("chimera" | "c", [m, n, t]) => Family::Chimera { m: *m, n: *n, t: *t },
            ("pegasus" | "p", [m]) => Family::Pegasus { m: *m },
            ("zephyr" | "z", [m]) => Family::Zephyr { m: *m, t: 4 },
            ("zephyr" | "z", [m, t]) => Family::Zephyr { m: *m, t: *t },
            _ => return Err(bad()),
        };
        family.check()?;
        Ok(family)
    }

    /// The size limits, naming what is out of range.
    pub fn check(self) -> Result<(), String> {
        let within = |what: &str, v: usize, lo: usize, hi: usize| {
            if (lo..=hi).contains(&v) {
                Ok(())
            } else {
                Err(format!("{what} must be {lo} to {hi}, not {v}"))
            }
        };
        match self {
            Family::Chimera { m, n, t } => {
                within("Chimera rows", m, 1, MAX_CHIMERA)?;
                within("Chimera columns", n, 1, MAX_CHIMERA)?;
                within("the Chimera tile size t", t, 1, MAX_TILE)
            }
            Family::Pegasus { m } => within("Pegasus m", m, 2, MAX_PEGASUS),
            Family::Zephyr { m, t } => {
                within("Zephyr m", m, 1, MAX_ZEPHYR)?;
                within("the Zephyr tile size t", t, 1, MAX_TILE)
            }
        }
    }

    /// Size of the linear label space (every label is below it).
    pub fn label_space(self) -> usize {
        match self {
            Family::Chimera { m, n, t } => 2 * t * m * n,
            Family::Pegasus { m } => 24 * m * (m - 1),
            Family::Zephyr { m, t } => 4 * t * m * (2 * m + 1),
        }
    }
}

/// A qubit's coordinates in its family's own system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coord {
    /// (row i, column j, shore u, index k).
    Chimera([usize; 4]),
    /// (u, w, k, z).
    Pegasus([usize; 4]),
    /// (u, w, k, j, z).
    Zephyr([usize; 5]),
}

impl Family {
    /// The linear label of a coordinate (no range check beyond the family's).
    pub fn linear(self, c: Coord) -> u32 {
        let q = match (self, c) {
            (Family::Chimera { n, t, .. }, Coord::Chimera([i, j, u, k])) => ((n * i + j) * 2 + u) * t + k,
            (Family::Pegasus { m }, Coord::Pegasus([u, w, k, z])) => ((m * u + w) * 12 + k) * (m - 1) + z,
            (Family::Zephyr { m, t }, Coord::Zephyr([u, w, k, j, z])) => {
                (((u * (2 * m + 1) + w) * t + k) * 2 + j) * m + z
            }
            _ => panic!("a {c:?} is not a coordinate of {self:?}"),
        };
        q as u32
    }

    /// The coordinates of a linear label.
    pub fn coord(self, q: u32) -> Coord {
        let q = q as usize;
        match self {
            Family::Chimera { n, t, .. } => {
                let (r, k) = (q / t, q % t);
                let (r, u) = (r / 2, r % 2);
                Coord::Chimera([r / n, r % n, u, k])
            }
            Family::Pegasus { m } => {
                let (r, z) = (q / (m - 1), q % (m - 1));
                let (r, k) = (r / 12, r % 12);
                Coord::Pegasus([r / m, r % m, k, z])
            }
            Family::Zephyr { m, t } => {
                let (r, z) = (q / m, q % m);
                let (r, j) = (r / 2, r % 2);
                let (r, k) = (r / t, r % t);
                Coord::Zephyr([r / (2 * m + 1), r % (2 * m + 1), k, j, z])
            }
        }
    }
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
        let stopped_early = match family {
            Family::Chimera { m, n, t } => chimera_edges(family, m, n, t, &mut add, cancel),
            Family::Pegasus { m } => pegasus_edges(family, m, &mut add, cancel),
            Family::Zephyr { m, t } => zephyr_edges(family, m, t, &mut add, cancel),
        };
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
        match (self.family, self.family.coord(q)) {
            (Family::Chimera { m, n, t }, Coord::Chimera([i, j, u, k])) => {
                let centre = t / 2;
                let tile = (t + 3) as f64;
                let s = 1.0 / (m.max(n) as f64 * tile - 3.0);
                let p = if k < centre { k } else { k + 1 } as f64;
                let (x, y) = if u == 1 { (centre as f64, p) } else { (p, centre as f64) };
                ((x + j as f64 * tile) * s, (y + i as f64 * tile) * s)
            }
            (Family::Pegasus { m }, Coord::Pegasus([u, w, k, z])) => {
                let s = 1.0 / (m as f64 * 12.0);
                let p = if k % 2 == 0 { 0.1 } else { -0.1 };
                let (x, y) = if u == 1 {
                    (
                        12.0 * z as f64 + PEGASUS_OFFSETS[1][k] as f64 + 5.5,
                        12.0 * w as f64 + k as f64 + p,
                    )
                } else {
                    (
                        12.0 * w as f64 + k as f64 + p,
                        12.0 * z as f64 + PEGASUS_OFFSETS[0][k] as f64 + 5.5,
                    )
                };
                (x * s, y * s)
            }
            (Family::Zephyr { m, t }, Coord::Zephyr([u, w, k, j, z])) => {
                let s = 1.0 / (m * t) as f64;
                let across = (2 * t * w + 2 * k) as f64 + 0.625 * j as f64 + 0.125;
                let along = ((2 * z + j + 1) * 2 * t) as f64 - 0.5;
                let (x, y) = if u == 1 { (along, across) } else { (across, along) };
                (x * s, y * s)
            }
            _ => unreachable!("a family's own coordinates"),
        }
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

fn chimera_edges(
    f: Family,
    m: usize,
    n: usize,
    t: usize,
    add: &mut impl FnMut(u32, u32),
    cancel: &CancelFlag,
) -> Result<(), Cancelled> {
    let q = |i, j, u, k| f.linear(Coord::Chimera([i, j, u, k]));
    for i in 0..m {
        cancel.check()?;
        for j in 0..n {
            for a in 0..t {
                for b in 0..t {
                    add(q(i, j, 0, a), q(i, j, 1, b));
                }
                if i + 1 < m {
                    add(q(i, j, 0, a), q(i + 1, j, 0, a));
                }
                if j + 1 < n {
                    add(q(i, j, 1, a), q(i, j + 1, 1, a));
                }
            }
        }
    }
    Ok(())
}

fn pegasus_edges(f: Family, m: usize, add: &mut impl FnMut(u32, u32), cancel: &CancelFlag) -> Result<(), Cancelled> {
    let m1 = m - 1;
    // The fabric: boundary qubits whose tiles are incomplete are left out
    // (w = 0 with k below the smallest offset, w = m − 1 with k from 12 minus the largest).
    let start = [
        *PEGASUS_OFFSETS[1].iter().min().unwrap(),
        *PEGASUS_OFFSETS[0].iter().min().unwrap(),
    ];
    let end = [
        12 - *PEGASUS_OFFSETS[1].iter().max().unwrap(),
        12 - *PEGASUS_OFFSETS[0].iter().max().unwrap(),
    ];
    let ok = |u: usize, w: usize, k: usize, z: usize| {
        w < m && k < 12 && z < m1 && (w != 0 || k >= start[u]) && (w != m1 || k < 12 - end[u])
    };
    let q = |u, w, k, z| f.linear(Coord::Pegasus([u, w, k, z]));
    for u in 0..2 {
        for w in 0..m {
            cancel.check()?;
            for k in 0..12 {
                for z in 0..m1 {
                    if !ok(u, w, k, z) {
                        continue;
                    }
                    if ok(u, w, k, z + 1) {
                        add(q(u, w, k, z), q(u, w, k, z + 1));
                    }
                    if k % 2 == 0 && ok(u, w, k + 1, z) {
                        add(q(u, w, k, z), q(u, w, k + 1, z));
                    }
                    if u == 0 {
                        for kk in 0..12 {
                            let w1 = z + usize::from(kk < PEGASUS_OFFSETS[0][k]);
                            let Some(z1) = w.checked_sub(usize::from(k < PEGASUS_OFFSETS[1][kk])) else {
                                continue;
                            };
                            if ok(1, w1, kk, z1) {
                                add(q(0, w, k, z), q(1, w1, kk, z1));
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

fn zephyr_edges(
    f: Family,
    m: usize,
    t: usize,
    add: &mut impl FnMut(u32, u32),
    cancel: &CancelFlag,
) -> Result<(), Cancelled> {
    let q = |u, w, k, j, z| f.linear(Coord::Zephyr([u, w, k, j, z]));
    for u in 0..2 {
        for w in 0..2 * m + 1 {
            cancel.check()?;
            for k in 0..t {
                for z in 0..m {
                    for j in 0..2 {
                        if z + 1 < m {
                            add(q(u, w, k, j, z), q(u, w, k, j, z + 1));
                        }
                    }
                    add(q(u, w, k, 0, z), q(u, w, k, 1, z));
                    if z >= 1 {
                        add(q(u, w, k, 0, z), q(u, w, k, 1, z - 1));
                    }
                }
            }
        }
    }
    // Internal: vertical (0, 2w+1+a(2i−1), k, j, z) meets horizontal (1, 2z+1+b(2j−1), h, i, w).
    for w in 0..m {
        for z in 0..m {
            cancel.check()?;
            for k in 0..t {
                for h in 0..t {
                    for i in 0..2 {
                        for j in 0..2 {
                            for a in 0..2 {
                                for b in 0..2 {
                                    let vw = 2 * w + 1 + a * (2 * i) - a;
                                    let hw = 2 * z + 1 + b * (2 * j) - b;
                                    add(q(0, vw, k, j, z), q(1, hw, h, i, w));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(())
}
