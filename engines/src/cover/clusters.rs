//! The cluster counter: a few pieces on a large plain board, at a cost that
//! does not grow with the board.
//!
//! The story. Give every pair of pieces the factor (1 − conflict), where two
//! placements conflict when they overlap (or touch, under the no-touch rule);
//! a deployment is a tuple of placements whose factors are all 1. Expanding
//! the product over all pairs groups the terms by which pieces are tied
//! together, and the count becomes a sum over set partitions of the fleet:
//!
//!   Z = Σ_π Π_{B ∈ π} u(B),   u({i}) = placements of piece i,
//!   u(B) = Σ over tuples of B whose conflict graph H is connected of φ(H),
//!
//! with φ(H) = Σ over connected spanning subgraphs G ⊆ H of (−1)^{|E(G)|}
//! (the Ursell function of the pieces). A tuple with a connected conflict
//! graph is a *cluster*: its placements lie close together, so up to
//! translation there are few of them, whatever the board's size. On a plain
//! board (a rectangle, or a regular hexagon, with no islands) a cluster fits
//! in as many places as its extents allow, so u(B) is a short sum over
//! cluster extents: the clusters are enumerated once and every board size
//! is then counted in microseconds (`fleetscope count --sizes 5..40`).
//!
//! Each cluster is generated exactly once, by its breadth-first tree from
//! the first piece of B (anchored at the origin, in each orientation): when
//! a vertex is expanded, its children are exactly the pieces not yet placed
//! that conflict with it, and a child may not conflict with any vertex
//! expanded before its parent.

use super::CountError;
use crate::geometry::{Board, BoardShape, Coord, Fleet, Lattice, TouchRule};
use crate::run::CancelFlag;
use rustc_hash::FxHashMap;
use std::collections::HashMap;

/// Most pieces the cluster counter takes (its work grows quickly with them).
pub const MAX_PIECES: usize = 6;

/// A plain board the counter can count on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Frame {
    Rect {
        rows: i32,
        cols: i32,
    },
    /// The regular hexagon of this radius around the origin (cube coordinates).
    Hexagon {
        radius: i32,
    },
}

impl Frame {
    /// The frame of a board, if it is plain (no islands; a rectangle or a
    /// centred regular hexagon).
    pub fn of(board: &Board) -> Option<Frame> {
        if !board.islands.is_empty() {
            return None;
        }
        match &board.shape {
            BoardShape::Square { rows, cols } => Some(Frame::Rect {
                rows: *rows as i32,
                cols: *cols as i32,
            }),
            BoardShape::Hex { cells } => {
                let radius = cells
                    .iter()
                    .map(|c| c.0.abs().max(c.1.abs()).max((c.0 + c.1).abs()))
                    .max()?;
                let full = (3 * radius * (radius + 1) + 1) as usize;
                (cells.len() == full).then_some(Frame::Hexagon { radius })
            }
        }
    }

    fn lattice(self) -> Lattice {
        match self {
            Frame::Rect { .. } => Lattice::Square,
            Frame::Hexagon { .. } => Lattice::Hex,
        }
    }

    /// Places a cluster with these extents fits (see [`Extents`]).
    fn fit(self, e: Extents) -> i128 {
        match self {
            Frame::Rect { rows, cols } => i128::from((rows - e[0]).max(0)) * i128::from((cols - e[1]).max(0)),
            Frame::Hexagon { radius: r } => {
                // Translations t with every cell inside: x + tx and y + ty in
                // [−r, r] and x + y + tx + ty in [−r, r]; the cluster is
                // normalised to min x = min y = 0 and s = x + y in [e[2], e[3]].
                let mut n = 0i128;
                for tx in -r..=r - e[0] {
                    let lo = (-r).max(-r - e[2] - tx);
                    let hi = (r - e[1]).min(r - e[3] - tx);
                    n += i128::from((hi - lo + 1).max(0));
                }
                n
            }
        }
    }
}

/// What the number of places a cluster fits depends on: square, the row and
/// column extents (max − min); hex, the x and y extents and the range of
/// x + y once min x = min y = 0.
pub(super) type Extents = [i32; 4];

/// One orientation of a piece: its cells and their ranges of x, y and x + y.
#[derive(Clone, Debug)]
struct Shape {
    cells: Vec<Coord>,
    lo: Coord,
    hi: Coord,
    s: (i32, i32),
}

/// Offsets (of the second placement from the first) at which two shapes
/// conflict, as a dense grid.
#[derive(Clone, Debug)]
struct ConflictGrid {
    radius: i32,
    side: i32,
    bits: Vec<bool>,
    /// The conflicting offsets, listed.
    list: Vec<Coord>,
}

impl ConflictGrid {
    fn new(a: &Shape, b: &Shape, touching: &[Coord], radius: i32) -> ConflictGrid {
        let side = 2 * radius + 1;
        let mut bits = vec![false; (side * side) as usize];
        let mut list = Vec::new();
        let mut reach: Vec<Coord> = vec![Coord(0, 0)];
        reach.extend_from_slice(touching);
        for &ca in &a.cells {
            for &cb in &b.cells {
                for &t in &reach {
                    // b's cell cb placed at offset d lands on ca + t.
                    let d = Coord(ca.0 + t.0 - cb.0, ca.1 + t.1 - cb.1);
                    let i = ((d.0 + radius) * side + d.1 + radius) as usize;
                    if !bits[i] {
                        bits[i] = true;
                        list.push(d);
                    }
                }
            }
        }
        ConflictGrid {
            radius,
            side,
            bits,
            list,
        }
    }

    fn conflicts(&self, d: Coord) -> bool {
        let r = self.radius;
        if d.0.abs() > r || d.1.abs() > r {
            return false;
        }
        self.bits[((d.0 + r) * self.side + d.1 + r) as usize]
    }
}

/// The Ursell function φ of every graph on up to [`MAX_PIECES`] vertices,
/// indexed by vertex count and edge mask (edge (i, j), i < j, at bit `pair(i, j)`).
struct Ursell {
    tables: Vec<Vec<i64>>,
}

fn pair(i: usize, j: usize) -> usize {
    // Edges of vertex j come after those of all smaller vertices: (0,1), (0,2), (1,2), (0,3), …
    j * (j - 1) / 2 + i
}

impl Ursell {
    fn new(max: usize) -> Ursell {
        let mut tables: Vec<Vec<i64>> = vec![Vec::new(); max + 1];
        if max >= 1 {
            tables[1] = vec![1];
        }
        for m in 2..=max {
            let edges = m * (m - 1) / 2;
            let mut t = vec![0i64; 1 << edges];
            for (mask, slot) in t.iter_mut().enumerate() {
                // φ(G) = [no edges] − Σ_{B ∋ 0, B ≠ V} φ(G[B]) · [G[V∖B] has no edges].
                let mut v = i64::from(mask == 0);
                let all = (1usize << m) - 1;
                let mut b = 1usize;
                while b < all {
                    if b & 1 == 1 {
                        let rest = all & !b;
                        if induced(mask, m, rest).1 == 0 {
                            let (k, sub) = induced(mask, m, b);
                            v -= tables[k][sub];
                        }
                    }
                    b += 1;
                }
                *slot = v;
            }
            tables[m] = t;
        }
        Ursell { tables }
    }

    fn phi(&self, m: usize, mask: usize) -> i64 {
        self.tables[m][mask]
    }
}

/// The subgraph induced by the vertex set `keep`, relabelled 0.. in order:
/// (its vertex count, its edge mask).
fn induced(mask: usize, m: usize, keep: usize) -> (usize, usize) {
    let verts: Vec<usize> = (0..m).filter(|v| keep >> v & 1 == 1).collect();
    let mut out = 0;
    for (jj, &j) in verts.iter().enumerate() {
        for (ii, &i) in verts[..jj].iter().enumerate() {
            if mask >> pair(i, j) & 1 == 1 {
                out |= 1 << pair(ii, jj);
            }
        }
    }
    (verts.len(), out)
}

/// The pieces, their orientations and the conflict grids between them.
pub struct ClusterCounter {
    lattice: Lattice,
    shapes: Vec<Vec<Shape>>,
    /// `turn[i][o]`: the orientation of piece i that a quarter (square) or
    /// sixth (hex) turn makes of orientation o.
    turn: Vec<Vec<usize>>,
    /// `grids[i][a][j][b]`: piece j in orientation b against piece i in orientation a.
    grids: Vec<Vec<Vec<Vec<ConflictGrid>>>>,
    ursell: Ursell,
    /// Σ φ by extents, for every set of pieces (bitmask) of two or more.
    weights: HashMap<usize, HashMap<Extents, i64>>,
    /// For occupancy maps: Σ φ by extents and cell (relative to the
    /// cluster's corner), a cluster counting each cell it covers once.
    cell_weights: HashMap<usize, CellWeights>,
    with_cells: bool,
}

/// Σ φ by (extents, covered cell), for occupancy maps.
pub(super) type CellWeights = FxHashMap<(Extents, Coord), i64>;

/// Seconds per unit of [`ClusterCounter::estimated_seconds`]'s work measure.
const SECONDS_PER_UNIT: f64 = 4.5e-8;

/// Clusters enumerated between cancel checks.
const CHECK_EVERY: u64 = 1 << 14;

impl ClusterCounter {
    /// Enumerates the clusters of every set of the fleet's pieces under `rule`.
    /// `progress` hears (sets done, sets).
    pub fn new(
        fleet: &Fleet,
        rule: TouchRule,
        cancel: &CancelFlag,
        progress: &dyn Fn(u64, u64),
    ) -> Result<ClusterCounter, CountError> {
        let mut c = ClusterCounter::plan(fleet, rule)?;
        c.enumerate_all(fleet, cancel, progress)?;
        Ok(c)
    }

    /// As [`ClusterCounter::new`], also keeping which cells the clusters
    /// cover, for occupancy maps (several times slower).
    pub fn new_with_cells(
        fleet: &Fleet,
        rule: TouchRule,
        cancel: &CancelFlag,
        progress: &dyn Fn(u64, u64),
    ) -> Result<ClusterCounter, CountError> {
        let mut c = ClusterCounter::plan(fleet, rule)?;
        c.with_cells = true;
        c.enumerate_all(fleet, cancel, progress)?;
        Ok(c)
    }

    /// The pieces and their conflicts, before any cluster is enumerated
    /// (quick: for [`ClusterCounter::estimated_seconds`]).
    pub fn plan(fleet: &Fleet, rule: TouchRule) -> Result<ClusterCounter, CountError> {
        let k = fleet.pieces.len();
        if k > MAX_PIECES {
            return Err(CountError::Invalid(format!(
                "{k} pieces: the cluster counter takes at most {MAX_PIECES}"
            )));
        }
        let lattice = fleet.lattice;
        let shapes: Vec<Vec<Shape>> = fleet
            .pieces
            .iter()
            .map(|p| {
                p.orientations(lattice, fleet.allow_mirror)
                    .into_iter()
                    .map(|o| shape(o.cells))
                    .collect()
            })
            .collect();
        let touching = match rule {
            TouchRule::MayTouch => Vec::new(),
            TouchRule::NoTouch => lattice.touching(),
        };
        let span = shapes
            .iter()
            .flatten()
            .map(|s| (s.hi.0 - s.lo.0).max(s.hi.1 - s.lo.1))
            .max()
            .unwrap_or(0);
        let radius = 2 * span + 2;
        let grids = shapes
            .iter()
            .map(|sa| {
                sa.iter()
                    .map(|a| {
                        shapes
                            .iter()
                            .map(|sb| sb.iter().map(|b| ConflictGrid::new(a, b, &touching, radius)).collect())
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let turn = shapes
            .iter()
            .map(|list| {
                list.iter()
                    .map(|sh| {
                        let turned = normalise(sh.cells.iter().map(|&c| lattice.rotate(c)).collect());
                        list.iter().position(|o| o.cells == turned)
                    })
                    .collect::<Option<Vec<usize>>>()
            })
            .collect::<Option<Vec<Vec<usize>>>>()
            .ok_or_else(|| CountError::Invalid("a piece's orientations are not closed under turns".into()))?;
        let counter = ClusterCounter {
            lattice,
            shapes,
            turn,
            grids,
            ursell: Ursell::new(k.max(1)),
            weights: HashMap::new(),
            cell_weights: HashMap::new(),
            with_cells: false,
        };
        Ok(counter)
    }

    /// Enumerates the clusters of every set of two or more pieces.
    fn enumerate_all(
        &mut self,
        fleet: &Fleet,
        cancel: &CancelFlag,
        progress: &dyn Fn(u64, u64),
    ) -> Result<(), CountError> {
        let (k, lattice) = (fleet.pieces.len(), self.lattice);
        // Sets of pieces with the same shapes have the same clusters.
        let keys: Vec<Vec<Coord>> = fleet
            .pieces
            .iter()
            .map(|p| {
                p.orientations(lattice, fleet.allow_mirror)
                    .into_iter()
                    .map(|o| o.cells)
                    .min()
                    .unwrap_or_default()
            })
            .collect();
        let sets: Vec<usize> = (1usize..1 << k).filter(|s| s.count_ones() >= 2).collect();
        let mut by_shapes: HashMap<Vec<Vec<Coord>>, (HashMap<Extents, i64>, CellWeights)> = HashMap::new();
        for (done, &set) in sets.iter().enumerate() {
            let mut key: Vec<Vec<Coord>> = (0..k).filter(|i| set >> i & 1 == 1).map(|i| keys[i].clone()).collect();
            key.sort();
            let (w, cells) = match by_shapes.get(&key) {
                Some(w) => w.clone(),
                None => {
                    let w = self.enumerate(set, cancel)?;
                    by_shapes.insert(key, w.clone());
                    w
                }
            };
            self.weights.insert(set, w);
            if self.with_cells {
                self.cell_weights.insert(set, cells);
            }
            progress(done as u64 + 1, sets.len() as u64);
        }
        Ok(())
    }

    /// About how long [`ClusterCounter::new`] takes, one thread: it grows
    /// with the conflicts a piece has with another (b) and the pieces (k),
    /// as k^(k−2) trees times b^(k−1) placements (calibrated on the classic
    /// fleet: 0.55 CPU-s with ships that may touch, 35 with ships that may
    /// not; it says 0.5 and 42).
    pub fn estimated_seconds(&self) -> f64 {
        let k = self.shapes.len();
        if k < 2 {
            return 0.0;
        }
        let mut sum = 0.0;
        let mut pairs = 0.0;
        for i in 0..k {
            for j in 0..k {
                if i == j {
                    continue;
                }
                let per: usize = self.grids[i]
                    .iter()
                    .map(|row| row[j].iter().map(|g| g.list.len()).sum::<usize>())
                    .sum();
                sum += per as f64 / self.grids[i].len() as f64;
                pairs += 1.0;
            }
        }
        let b = sum / pairs;
        SECONDS_PER_UNIT * (k as f64).powi(k as i32 - 2) * b.powi(k as i32 - 1)
    }

    /// Labelled deployments on the frame (an error if it overflows 128 bits).
    pub fn count(&self, frame: Frame) -> Result<i128, CountError> {
        partitions(&self.set_sums(frame)?)
    }

    /// u(B) on the frame for every set of pieces B (bitmask), singletons included.
    pub(super) fn set_sums(&self, frame: Frame) -> Result<Vec<i128>, CountError> {
        if frame.lattice() != self.lattice {
            return Err(CountError::Invalid("the board's lattice is not the fleet's".into()));
        }
        let k = self.shapes.len();
        let mut u = vec![0i128; 1 << k];
        for i in 0..k {
            u[1 << i] = self.shapes[i]
                .iter()
                .map(|s| frame.fit(extents(&s.cells, self.lattice)))
                .sum();
        }
        for (&set, w) in &self.weights {
            let mut sum = 0i128;
            for (&e, &phi) in w {
                sum = sum.checked_add(i128::from(phi) * frame.fit(e)).ok_or_else(overflow)?;
            }
            u[set] = sum;
        }
        Ok(u)
    }

    pub(super) fn pieces(&self) -> usize {
        self.shapes.len()
    }

    /// Each set's cell weights (singletons from the pieces' own cells), for occupancy maps.
    pub(super) fn all_cell_weights(&self) -> Option<Vec<CellWeights>> {
        if !self.with_cells {
            return None;
        }
        let k = self.shapes.len();
        let mut out = vec![CellWeights::default(); 1 << k];
        for i in 0..k {
            for s in &self.shapes[i] {
                let e = extents(&s.cells, self.lattice);
                for c in &s.cells {
                    *out[1 << i].entry((e, Coord(c.0 - s.lo.0, c.1 - s.lo.1))).or_insert(0) += 1;
                }
            }
        }
        for (&set, w) in &self.cell_weights {
            out[set] = w.clone();
        }
        Some(out)
    }
}

/// Σ over the set partitions of all pieces of Π u(B), by
/// Z(S) = Σ_{B ⊆ S, B ∋ min S} u(B) · Z(S ∖ B).
pub(super) fn partitions(u: &[i128]) -> Result<i128, CountError> {
    let full = u.len() - 1;
    let mut z = vec![0i128; u.len()];
    z[0] = 1;
    for s in 1..=full {
        let low = s & s.wrapping_neg();
        let rest = s & !low;
        let mut total = 0i128;
        let mut sub = rest;
        loop {
            let b = sub | low;
            let term = u[b].checked_mul(z[s & !b]).ok_or_else(overflow)?;
            total = total.checked_add(term).ok_or_else(overflow)?;
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & rest;
        }
        z[s] = total;
    }
    Ok(z[full])
}

impl ClusterCounter {
    /// Clusters of the pieces in `set`: Σ φ by extents.
    fn enumerate(&self, set: usize, cancel: &CancelFlag) -> Result<(HashMap<Extents, i64>, CellWeights), CountError> {
        let members: Vec<usize> = (0..self.shapes.len()).filter(|i| set >> i & 1 == 1).collect();
        let anchor = members[0];
        // Turning a cluster turns its anchor: clusters anchored in orientation
        // turn^k(o) are the turned clusters anchored in o. Enumerate one
        // orientation per orbit and credit each turn's extents.
        let mut done = vec![false; self.shapes[anchor].len()];
        let mut out: FxHashMap<Extents, i64> = FxHashMap::default();
        let mut cells_out = CellWeights::default();
        for o in 0..self.shapes[anchor].len() {
            if done[o] {
                continue;
            }
            let mut orbit = 0;
            let mut k = o;
            while !done[k] {
                done[k] = true;
                orbit += 1;
                k = self.turn[anchor][k];
            }
            let mut walk = Walk {
                counter: self,
                members: &members,
                placed: vec![None; members.len()],
                queue: Vec::with_capacity(members.len()),
                out: FxHashMap::default(),
                cells_out: self.with_cells.then(CellWeights::default),
                scratch: Vec::new(),
                seen: 0,
                cancel,
            };
            walk.placed[0] = Some((o, Coord(0, 0)));
            walk.queue.push(0);
            walk.expand(0)?;
            for (e, phi) in walk.out {
                let mut e = e;
                for _ in 0..orbit {
                    *out.entry(e).or_insert(0) += phi;
                    e = turn_extents(self.lattice, e);
                }
            }
            for ((e, c), phi) in walk.cells_out.unwrap_or_default() {
                let (mut e, mut c) = (e, c);
                for _ in 0..orbit {
                    *cells_out.entry((e, c)).or_insert(0) += phi;
                    c = turn_cell(self.lattice, e, c);
                    e = turn_extents(self.lattice, e);
                }
            }
        }
        out.retain(|_, v| *v != 0);
        cells_out.retain(|_, v| *v != 0);
        Ok((out.into_iter().collect(), cells_out))
    }
}

/// Where a cell of a cluster (relative to its corner: min x = min y = 0)
/// goes when the cluster is turned once, relative to the turned corner.
fn turn_cell(lattice: Lattice, e: Extents, c: Coord) -> Coord {
    match lattice {
        // (r, c) → (c, −r), shifted by the old row extent.
        Lattice::Square => Coord(c.1, e[0] - c.0),
        // (x, y) → (−y, x + y), shifted by the old y extent and the least x + y.
        Lattice::Hex => Coord(e[1] - c.1, c.0 + c.1 - e[2]),
    }
}

pub(super) fn overflow() -> CountError {
    CountError::Invalid("the count exceeds 2^127: too large to count exactly here".into())
}

fn shape(cells: Vec<Coord>) -> Shape {
    let lo = Coord(
        cells.iter().map(|c| c.0).min().unwrap_or(0),
        cells.iter().map(|c| c.1).min().unwrap_or(0),
    );
    let hi = Coord(
        cells.iter().map(|c| c.0).max().unwrap_or(0),
        cells.iter().map(|c| c.1).max().unwrap_or(0),
    );
    let s = min_max(cells.iter().map(|c| c.0 + c.1));
    Shape { cells, lo, hi, s }
}

/// The extents of a set of cells (see [`Extents`]).
fn extents(cells: &[Coord], lattice: Lattice) -> Extents {
    let (x0, x1) = min_max(cells.iter().map(|c| c.0));
    let (y0, y1) = min_max(cells.iter().map(|c| c.1));
    match lattice {
        Lattice::Square => [x1 - x0, y1 - y0, 0, 0],
        Lattice::Hex => {
            let (s0, s1) = min_max(cells.iter().map(|c| c.0 + c.1));
            [x1 - x0, y1 - y0, s0 - x0 - y0, s1 - x0 - y0]
        }
    }
}

/// The extents of a cluster turned once (see `Lattice::rotate`): square
/// (r, c) → (c, −r) swaps the two; hex (x, y) → (−y, x + y) maps the x, y
/// and x + y ranges as worked out for a cluster with min x = min y = 0.
fn turn_extents(lattice: Lattice, e: Extents) -> Extents {
    match lattice {
        Lattice::Square => [e[1], e[0], 0, 0],
        Lattice::Hex => [e[1], e[3] - e[2], e[1] - e[2], e[0] + e[1] - e[2]],
    }
}

/// Cells sorted and shifted as `Piece::orientations` normalises them.
fn normalise(mut cells: Vec<Coord>) -> Vec<Coord> {
    cells.sort();
    let first = cells[0];
    for c in &mut cells {
        *c = Coord(c.0 - first.0, c.1 - first.1);
    }
    cells
}

fn min_max(it: impl Iterator<Item = i32>) -> (i32, i32) {
    it.fold((i32::MAX, i32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
}

/// The breadth-first generation of the clusters of one set of pieces.
struct Walk<'a> {
    counter: &'a ClusterCounter,
    /// The pieces of the set; index 0 is the anchor.
    members: &'a [usize],
    /// Each member's orientation and offset, once placed.
    placed: Vec<Option<(usize, Coord)>>,
    /// Members in breadth-first order.
    queue: Vec<usize>,
    out: FxHashMap<Extents, i64>,
    /// For occupancy maps: Σ φ by (extents, covered cell).
    cells_out: Option<CellWeights>,
    scratch: Vec<Coord>,
    seen: u64,
    cancel: &'a CancelFlag,
}

impl Walk<'_> {
    fn conflict(&self, a: usize, b: usize) -> bool {
        let (Some((oa, pa)), Some((ob, pb))) = (self.placed[a], self.placed[b]) else {
            return false;
        };
        let (i, j) = (self.members[a], self.members[b]);
        self.counter.grids[i][oa][j][ob].conflicts(Coord(pb.0 - pa.0, pb.1 - pa.1))
    }

    /// Expands the `qi`-th vertex of the breadth-first order.
    fn expand(&mut self, qi: usize) -> Result<(), CountError> {
        self.seen += 1;
        if self.seen.is_multiple_of(CHECK_EVERY) {
            self.cancel.check()?;
        }
        if qi == self.queue.len() {
            if self.queue.len() == self.members.len() {
                self.record();
            }
            return Ok(());
        }
        let unplaced: Vec<usize> = (0..self.members.len()).filter(|&m| self.placed[m].is_none()).collect();
        self.children(qi, &unplaced, 0)
    }

    /// Decides, for each unplaced member from `at` on, whether it is a child
    /// of vertex `queue[qi]` (placed in conflict with it and with no vertex
    /// expanded before it) or not (then it must not conflict with it, which
    /// later placements check).
    fn children(&mut self, qi: usize, unplaced: &[usize], at: usize) -> Result<(), CountError> {
        if at == unplaced.len() {
            let before = self.queue.len();
            for &m in unplaced {
                if self.placed[m].is_some() {
                    self.queue.push(m);
                }
            }
            self.expand(qi + 1)?;
            self.queue.truncate(before);
            return Ok(());
        }
        // Not a child.
        self.children(qi, unplaced, at + 1)?;
        // A child, in every orientation and conflicting offset.
        let m = unplaced[at];
        let v = self.queue[qi];
        let (ov, pv) = self.placed[v].expect("queued members are placed");
        let (i, j) = (self.members[v], self.members[m]);
        for om in 0..self.counter.shapes[j].len() {
            let grid = &self.counter.grids[i][ov][j][om];
            for d in &grid.list {
                self.placed[m] = Some((om, Coord(pv.0 + d.0, pv.1 + d.1)));
                let clear = self.queue[..qi].iter().all(|&w| !self.conflict(w, m));
                if clear {
                    self.children(qi, unplaced, at + 1)?;
                }
            }
        }
        self.placed[m] = None;
        Ok(())
    }

    fn record(&mut self) {
        let n = self.members.len();
        let mut mask = 0usize;
        for j in 1..n {
            for i in 0..j {
                if self.conflict(i, j) {
                    mask |= 1 << pair(i, j);
                }
            }
        }
        let phi = self.counter.ursell.phi(n, mask);
        if phi == 0 {
            return;
        }
        let (mut x0, mut x1, mut y0, mut y1, mut s0, mut s1) =
            (i32::MAX, i32::MIN, i32::MAX, i32::MIN, i32::MAX, i32::MIN);
        for (m, p) in self.placed.iter().enumerate() {
            let (o, at) = p.expect("a recorded cluster is placed");
            let sh = &self.counter.shapes[self.members[m]][o];
            x0 = x0.min(sh.lo.0 + at.0);
            x1 = x1.max(sh.hi.0 + at.0);
            y0 = y0.min(sh.lo.1 + at.1);
            y1 = y1.max(sh.hi.1 + at.1);
            s0 = s0.min(sh.s.0 + at.0 + at.1);
            s1 = s1.max(sh.s.1 + at.0 + at.1);
        }
        let e = match self.counter.lattice {
            Lattice::Square => [x1 - x0, y1 - y0, 0, 0],
            Lattice::Hex => [x1 - x0, y1 - y0, s0 - x0 - y0, s1 - x0 - y0],
        };
        *self.out.entry(e).or_insert(0) += phi;
        if let Some(cells_out) = &mut self.cells_out {
            // Each covered cell once, relative to the cluster's corner.
            self.scratch.clear();
            for (m, p) in self.placed.iter().enumerate() {
                let (o, at) = p.expect("a recorded cluster is placed");
                let sh = &self.counter.shapes[self.members[m]][o];
                self.scratch
                    .extend(sh.cells.iter().map(|c| Coord(c.0 + at.0 - x0, c.1 + at.1 - y0)));
            }
            self.scratch.sort_unstable();
            self.scratch.dedup();
            for &c in &self.scratch {
                *cells_out.entry((e, c)).or_insert(0) += phi;
            }
        }
    }
}
