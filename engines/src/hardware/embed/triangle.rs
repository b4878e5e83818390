//! The triangle embedding, a clique embedding for dense models. D-Wave's
//! graphs are made of lines: runs of qubits joined end to end, vertical and
//! horizontal, where a vertical and a horizontal qubit that cross share a
//! coupler. Give variable i the i-th vertical line of a window and the i-th
//! horizontal one: its chain runs down its vertical line far enough to cross
//! the horizontal lines of every later neighbour, and along its horizontal
//! line far enough to cross the vertical lines of every earlier one; the two
//! runs cross each other, so the chain is connected. On a complete graph this
//! is the native clique embedding (Chimera's L-shaped chains of m + 1
//! qubits); on a sparser model each run stops at its last needed crossing.
//! Windows and the four mirror images are tried, and the one with the
//! shortest longest chain (then the fewest qubits) is kept.

use super::Embedding;
use crate::hardware::Topology;
use crate::run::{CancelFlag, Cancelled};
use std::collections::HashMap;

const NO_CROSSING: (u16, u16) = (u16::MAX, u16::MAX);

/// The lines of a graph and where they cross.
struct Lines {
    /// By orientation (0 vertical, 1 horizontal): each line's qubits by
    /// place along it (None where the graph lacks one), in order across.
    runs: [Vec<Vec<Option<u32>>>; 2],
    /// crossing[v * horizontal lines + h]: the places along v and h of a
    /// coupled pair.
    crossing: Vec<(u16, u16)>,
}

impl Lines {
    fn new(target: &Topology, cancel: &CancelFlag) -> Result<Lines, Cancelled> {
        let family = target.family;
        let mut ids: [HashMap<[usize; 3], usize>; 2] = [HashMap::new(), HashMap::new()];
        let mut across: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
        let mut runs: [Vec<Vec<Option<u32>>>; 2] = [Vec::new(), Vec::new()];
        // Each qubit's (orientation, line, place along it), by linear label.
        let mut place = vec![(0, 0, 0); family.label_space()];
        for &q in &target.nodes {
            let (o, key, at) = family.line_of(q);
            let next = runs[o].len();
            let id = *ids[o].entry(key).or_insert(next);
            if id == next {
                let (x, y) = target.position(q);
                across[o].push(if o == 0 { x } else { y });
                runs[o].push(Vec::new());
            }
            let run = &mut runs[o][id];
            if run.len() <= at {
                run.resize(at + 1, None);
            }
            run[at] = Some(q);
            place[q as usize] = (o, id, at);
        }
        // Order each orientation's lines across the graph.
        let mut order: [Vec<usize>; 2] = [(0..runs[0].len()).collect(), (0..runs[1].len()).collect()];
        for o in 0..2 {
            order[o].sort_by(|&a, &b| across[o][a].total_cmp(&across[o][b]));
        }
        let mut rank: [Vec<usize>; 2] = [vec![0; runs[0].len()], vec![0; runs[1].len()]];
        for o in 0..2 {
            for (r, &id) in order[o].iter().enumerate() {
                rank[o][id] = r;
            }
        }
        let heights = runs[1].len();
        let mut crossing = vec![NO_CROSSING; runs[0].len() * heights];
        for (e, &(a, b)) in target.edges.iter().enumerate() {
            if e % 0x1_0000 == 0 {
                cancel.check()?;
            }
            let (pa, pb) = (place[a as usize], place[b as usize]);
            let (v, h) = match (pa.0, pb.0) {
                (0, 1) => (pa, pb),
                (1, 0) => (pb, pa),
                _ => continue,
            };
            let cell = &mut crossing[rank[0][v.1] * heights + rank[1][h.1]];
            if *cell == NO_CROSSING {
                *cell = (v.2 as u16, h.2 as u16);
            }
        }
        let runs = [0, 1].map(|o| order[o].iter().map(|&id| runs[o][id].clone()).collect());
        Ok(Lines { runs, crossing })
    }

    fn cross(&self, v: usize, h: usize) -> (u16, u16) {
        self.crossing[v * self.runs[1].len() + h]
    }
}

/// A candidate: each variable's vertical and horizontal line and runs.
struct Layout {
    longest: usize,
    qubits: usize,
    runs: Vec<[(usize, u16, u16); 2]>,
}

/// Lays variable i on vertical line `vertical[i]` and horizontal line
/// `horizontal[i]`; None when some crossing or qubit is missing, or the
/// longest chain would exceed `longest_allowed`.
fn lay_out(
    lines: &Lines,
    neighbours: &[Vec<usize>],
    vertical: &[usize],
    horizontal: &[usize],
    longest_allowed: usize,
) -> Option<Layout> {
    let mut runs = Vec::with_capacity(neighbours.len());
    let (mut longest, mut qubits) = (0, 0);
    for (i, near) in neighbours.iter().enumerate() {
        let (v, h) = (vertical[i], horizontal[i]);
        let own = lines.cross(v, h);
        if own == NO_CROSSING {
            return None;
        }
        let (mut v_lo, mut v_hi, mut h_lo, mut h_hi) = (own.0, own.0, own.1, own.1);
        for &j in near {
            if j > i {
                let c = lines.cross(v, horizontal[j]);
                if c == NO_CROSSING {
                    return None;
                }
                v_lo = v_lo.min(c.0);
                v_hi = v_hi.max(c.0);
            } else {
                let c = lines.cross(vertical[j], h);
                if c == NO_CROSSING {
                    return None;
                }
                h_lo = h_lo.min(c.1);
                h_hi = h_hi.max(c.1);
            }
        }
        let len = usize::from(v_hi - v_lo) + usize::from(h_hi - h_lo) + 2;
        if len > longest_allowed {
            return None;
        }
        longest = longest.max(len);
        qubits += len;
        runs.push([(v, v_lo, v_hi), (h, h_lo, h_hi)]);
    }
    // Every qubit of every run must be there (real machines lack some).
    for r in &runs {
        for (o, &(line, lo, hi)) in r.iter().enumerate() {
            let run = &lines.runs[o][line];
            if (lo..=hi).any(|at| run.get(at as usize).copied().flatten().is_none()) {
                return None;
            }
        }
    }
    Some(Layout { longest, qubits, runs })
}

/// How far apart the vertical and horizontal windows may start.
const WINDOW_SHIFT: usize = 12;

/// The best triangle embedding of the model on `target`, if one fits.
pub fn triangle_embedding(
    variables: usize,
    edges: &[(usize, usize)],
    target: &Topology,
    cancel: &CancelFlag,
) -> Result<Option<Embedding>, Cancelled> {
    let lines = Lines::new(target, cancel)?;
    let (nv, nh) = (lines.runs[0].len(), lines.runs[1].len());
    if variables == 0 || variables > nv.min(nh) {
        return Ok(None);
    }
    let mut neighbours = vec![Vec::new(); variables];
    for &(a, b) in edges {
        if a != b {
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
    }
    let mut best: Option<Layout> = None;
    for flip in 0..4 {
        let v_order: Vec<usize> = if flip & 1 == 0 {
            (0..nv).collect()
        } else {
            (0..nv).rev().collect()
        };
        let h_order: Vec<usize> = if flip & 2 == 0 {
            (0..nh).collect()
        } else {
            (0..nh).rev().collect()
        };
        for v_start in 0..=nv - variables {
            cancel.check()?;
            let lo = v_start.saturating_sub(WINDOW_SHIFT);
            let hi = (v_start + WINDOW_SHIFT).min(nh - variables);
            for h_start in lo..=hi {
                let allowed = best.as_ref().map_or(usize::MAX, |b| b.longest);
                let vertical = &v_order[v_start..v_start + variables];
                let horizontal = &h_order[h_start..h_start + variables];
                if let Some(layout) = lay_out(&lines, &neighbours, vertical, horizontal, allowed) {
                    let better = best
                        .as_ref()
                        .is_none_or(|b| (layout.longest, layout.qubits) < (b.longest, b.qubits));
                    if better {
                        best = Some(layout);
                    }
                }
            }
        }
    }
    let Some(layout) = best else {
        return Ok(None);
    };
    Ok(Some(
        layout
            .runs
            .iter()
            .map(|r| {
                let mut chain: Vec<u32> = r
                    .iter()
                    .enumerate()
                    .flat_map(|(o, &(line, lo, hi))| {
                        let run = &lines.runs[o][line];
                        (lo..=hi).filter_map(move |at| run[at as usize])
                    })
                    .collect();
                chain.sort_unstable();
                chain
            })
            .collect(),
    ))
}
