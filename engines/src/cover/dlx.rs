//! Knuth's Algorithm X with dancing links, generalised to secondary items with
//! colours (Algorithm C, TAOCP 7.2.2.1), on flat arrays.
//!
//! Items `0..n_primary` must be covered exactly once; the others at most once,
//! or by any number of options that give them the same colour.

use super::CountError;
use crate::run::{CancelFlag, Cancelled};
use std::ops::ControlFlow;

/// One option: `(item, colour)` pairs; colour 0 means "no colour" (exclusive).
pub type OptionItems = Vec<(u32, u32)>;

/// An exact-cover instance before the links are built.
#[derive(Clone, Debug, Default)]
pub struct ExactCover {
    pub n_primary: usize,
    pub n_secondary: usize,
    pub options: Vec<OptionItems>,
}

/// One node of the links: an item header (`top` = the item's length), an option
/// node (`top` = its item's header) or a spacer (`top <= 0`). Kept together so a
/// hide touches one cache line per node.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    top: i32,
    ulink: u32,
    dlink: u32,
}

/// The dancing-links structure. Node 0 is the root, nodes `1..=n_items` are item
/// headers, then options separated by spacers. Item `k` of the instance is header
/// node `k + 1`.
#[derive(Clone, Debug)]
pub struct Dlx {
    n_primary: usize,
    llink: Vec<u32>,
    rlink: Vec<u32>,
    nodes: Vec<Node>,
    /// Colour of each node: 0 none, > 0 a colour, -1 already purified. Apart from
    /// the nodes so that colourless searches keep the links small in cache.
    color: Vec<i32>,
    /// Option index of every node (spacers and headers: `u32::MAX`).
    option_of: Vec<u32>,
    /// Whether any option gives an item a colour (Algorithm C rather than X).
    has_colors: bool,
    /// Nodes of the chosen options, innermost last.
    chosen: Vec<u32>,
    /// Count the last primary item's length instead of branching on it.
    pub shortcut: bool,
    /// Every option holds exactly one primary item (fleet covers: the ship), which
    /// lets the shortcut be read one level up without dancing (see `count_pairs`).
    one_primary_each: bool,
    /// Scratch stamps per option for `count_pairs`.
    in_last: Vec<u32>,
    hit_by: Vec<u32>,
    stamp: u32,
    nodes_visited: u64,
    /// The node count at which the search next looks at the cancel flag.
    next_look: u64,
    stopped: bool,
}

/// How often the search looks at the cancel flag (in nodes of the search
/// tree, leaves and shortcut options included: each is a few link updates).
const CANCEL_CHECK_EVERY: u64 = 1 << 14;

impl Dlx {
    pub fn new(ec: &ExactCover) -> Dlx {
        let n_items = ec.n_primary + ec.n_secondary;
        // An item past the list would corrupt the links, not fail: say so at once.
        assert!(
            ec.options.iter().flatten().all(|&(item, _)| (item as usize) < n_items),
            "an option names an item beyond the {n_items} items"
        );
        let total = 1 + n_items + ec.options.iter().map(|o| o.len() + 1).sum::<usize>() + 1;
        let mut d = Dlx {
            n_primary: ec.n_primary,
            llink: vec![0; n_items + 2],
            rlink: vec![0; n_items + 2],
            nodes: vec![Node::default(); total],
            color: vec![0; total],
            option_of: vec![u32::MAX; total],
            has_colors: ec.options.iter().flatten().any(|&(_, c)| c != 0),
            chosen: Vec::new(),
            shortcut: true,
            one_primary_each: ec
                .options
                .iter()
                .all(|o| o.iter().filter(|&&(item, _)| (item as usize) < ec.n_primary).count() == 1),
            in_last: vec![0; ec.options.len()],
            hit_by: vec![0; ec.options.len()],
            stamp: 0,
            nodes_visited: 0,
            next_look: 0,
            stopped: false,
        };
        // Primary items in the root's list; secondary items in a list of their own
        // headed by node n_items + 1 (never searched).
        for i in 1..=ec.n_primary {
            d.llink[i] = (i - 1) as u32;
            d.rlink[i - 1] = i as u32;
        }
        d.llink[0] = ec.n_primary as u32;
        d.rlink[ec.n_primary] = 0;
        let sroot = n_items + 1;
        let mut prev = sroot;
        for i in ec.n_primary + 1..=n_items {
            d.llink[i] = prev as u32;
            d.rlink[prev] = i as u32;
            prev = i;
        }
        d.llink[sroot] = prev as u32;
        d.rlink[prev] = sroot as u32;
        for i in 1..=n_items {
            d.nodes[i].ulink = i as u32;
            d.nodes[i].dlink = i as u32;
        }
        let mut p = n_items + 1; // first spacer
        let mut last_spacer = p;
        for (oi, opt) in ec.options.iter().enumerate() {
            let first = p + 1;
            for &(item, colour) in opt {
                p += 1;
                let header = item as usize + 1;
                d.nodes[header].top += 1;
                let u = d.nodes[header].ulink;
                d.nodes[p] = Node {
                    top: header as i32,
                    ulink: u,
                    dlink: header as u32,
                };
                d.color[p] = colour as i32;
                d.nodes[u as usize].dlink = p as u32;
                d.nodes[header].ulink = p as u32;
                d.option_of[p] = oi as u32;
            }
            d.nodes[last_spacer].dlink = p as u32; // spacer's dlink: last node of the next option
            p += 1;
            d.nodes[p].top = -(oi as i32 + 1);
            d.nodes[p].ulink = first as u32; // spacer's ulink: first node of the previous option
            last_spacer = p;
        }
        debug_assert_eq!(p + 1, total);
        d
    }

    pub fn nodes_visited(&self) -> u64 {
        self.nodes_visited
    }

    #[inline(always)]
    fn hide<const C: bool>(&mut self, p: usize) {
        let nodes = &mut self.nodes[..];
        let mut q = p + 1;
        while q != p {
            let n = nodes[q];
            if n.top <= 0 {
                q = n.ulink as usize;
            } else {
                if !C || self.color[q] >= 0 {
                    nodes[n.ulink as usize].dlink = n.dlink;
                    nodes[n.dlink as usize].ulink = n.ulink;
                    nodes[n.top as usize].top -= 1;
                }
                q += 1;
            }
        }
    }

    #[inline(always)]
    fn unhide<const C: bool>(&mut self, p: usize) {
        let nodes = &mut self.nodes[..];
        let mut q = p - 1;
        while q != p {
            let n = nodes[q];
            if n.top <= 0 {
                q = n.dlink as usize;
            } else {
                if !C || self.color[q] >= 0 {
                    nodes[n.ulink as usize].dlink = q as u32;
                    nodes[n.dlink as usize].ulink = q as u32;
                    nodes[n.top as usize].top += 1;
                }
                q -= 1;
            }
        }
    }

    #[inline(always)]
    fn cover<const C: bool>(&mut self, i: usize) {
        let mut p = self.nodes[i].dlink as usize;
        while p != i {
            self.hide::<C>(p);
            p = self.nodes[p].dlink as usize;
        }
        let (l, r) = (self.llink[i] as usize, self.rlink[i] as usize);
        self.rlink[l] = r as u32;
        self.llink[r] = l as u32;
    }

    #[inline(always)]
    fn uncover<const C: bool>(&mut self, i: usize) {
        let (l, r) = (self.llink[i] as usize, self.rlink[i] as usize);
        self.rlink[l] = i as u32;
        self.llink[r] = i as u32;
        let mut p = self.nodes[i].ulink as usize;
        while p != i {
            self.unhide::<C>(p);
            p = self.nodes[p].ulink as usize;
        }
    }

    fn purify(&mut self, p: usize) {
        let c = self.color[p];
        let i = self.nodes[p].top as usize;
        let mut q = self.nodes[i].dlink as usize;
        while q != i {
            if self.color[q] == c {
                self.color[q] = -1;
            } else {
                self.hide::<true>(q);
            }
            q = self.nodes[q].dlink as usize;
        }
    }

    fn unpurify(&mut self, p: usize) {
        let c = self.color[p];
        let i = self.nodes[p].top as usize;
        let mut q = self.nodes[i].ulink as usize;
        while q != i {
            if self.color[q] < 0 {
                self.color[q] = c;
            } else {
                self.unhide::<true>(q);
            }
            q = self.nodes[q].ulink as usize;
        }
    }

    #[inline(always)]
    fn commit<const C: bool>(&mut self, p: usize) {
        let (top, color) = (self.nodes[p].top, if C { self.color[p] } else { 0 });
        if color == 0 {
            self.cover::<C>(top as usize);
        } else if color > 0 {
            self.purify(p);
        }
    }

    #[inline(always)]
    fn uncommit<const C: bool>(&mut self, p: usize) {
        let (top, color) = (self.nodes[p].top, if C { self.color[p] } else { 0 });
        if color == 0 {
            self.uncover::<C>(top as usize);
        } else if color > 0 {
            self.unpurify(p);
        }
    }

    /// Commits the other items of the option containing node `x`.
    #[inline(always)]
    fn select_option<const C: bool>(&mut self, x: usize) {
        let mut p = x + 1;
        while p != x {
            let n = self.nodes[p];
            if n.top <= 0 {
                p = n.ulink as usize;
            } else {
                self.commit::<C>(p);
                p += 1;
            }
        }
    }

    #[inline(always)]
    fn deselect_option<const C: bool>(&mut self, x: usize) {
        let mut p = x - 1;
        while p != x {
            let n = self.nodes[p];
            if n.top <= 0 {
                p = n.dlink as usize;
            } else {
                self.uncommit::<C>(p);
                p -= 1;
            }
        }
    }

    /// The primary item with the fewest options left (MRV), or `None` when all are covered.
    #[inline]
    fn choose_item(&self) -> Option<usize> {
        let mut i = self.rlink[0] as usize;
        if i == 0 {
            return None;
        }
        let mut best = i;
        let mut best_len = self.nodes[i].top;
        while i != 0 {
            let len = self.nodes[i].top;
            if len < best_len {
                best = i;
                best_len = len;
                if len <= 1 {
                    break;
                }
            }
            i = self.rlink[i] as usize;
        }
        Some(best)
    }

    /// Counts one more search node; `false` once the search must stop. The
    /// flag is read once the count passes a threshold rather than at its
    /// multiples: leaves and shortcuts add to the count outside this call,
    /// which would step over a multiple almost every time.
    #[inline(always)]
    fn tick(&mut self, cancel: &CancelFlag) -> bool {
        self.nodes_visited += 1;
        if self.nodes_visited >= self.next_look {
            self.next_look = self.nodes_visited + CANCEL_CHECK_EVERY;
            if cancel.is_cancelled() {
                self.stopped = true;
            }
        }
        !self.stopped
    }

    /// Number of solutions below the current state.
    pub fn count(&mut self, cancel: &CancelFlag) -> Result<u128, CountError> {
        self.stopped = false;
        // Four specialisations, so that the plain search carries no shortcut tests.
        let n = match (self.has_colors, self.shortcut) {
            (true, true) => self.count_rec::<true, true>(cancel),
            (true, false) => self.count_rec::<true, false>(cancel),
            (false, true) => self.count_rec::<false, true>(cancel),
            (false, false) => self.count_rec::<false, false>(cancel),
        };
        if self.stopped {
            Err(CountError::Cancelled(Cancelled))
        } else {
            Ok(n)
        }
    }

    fn count_rec<const C: bool, const S: bool>(&mut self, cancel: &CancelFlag) -> u128 {
        if !self.tick(cancel) {
            return 0;
        }
        let Some(i) = self.choose_item() else { return 1 };
        let len = self.nodes[i].top;
        if len <= 0 {
            return 0;
        }
        if S && self.rlink[i] == 0 && self.llink[i] == 0 {
            // The last primary item: every option left in it completes a solution.
            return len as u128;
        }
        let mut total = 0u128;
        self.cover::<C>(i);
        let first = self.rlink[0] as usize;
        if S && self.one_primary_each && first != 0 && self.rlink[first] == 0 {
            total = self.count_pairs::<C>(i, first);
            self.uncover::<C>(i);
            return total;
        }
        let mut x = self.nodes[i].dlink as usize;
        while x != i {
            self.select_option::<C>(x);
            // Knuth's step X2 without a call: no primary item left is a solution.
            let first = self.rlink[0] as usize;
            total += if first == 0 {
                self.nodes_visited += 1;
                1
            } else if S && self.rlink[first] == 0 {
                // One primary item left: the shortcut without a call.
                self.nodes_visited += 1;
                self.nodes[first].top.max(0) as u128
            } else {
                self.count_rec::<C, S>(cancel)
            };
            self.deselect_option::<C>(x);
            if self.stopped {
                break;
            }
            x = self.nodes[x].dlink as usize;
        }
        self.uncover::<C>(i);
        total
    }

    /// The shortcut one level up: item `i` (covered) is being branched on and `j`
    /// is the only other primary item left. Choosing option `x` of `i` leaves, in
    /// `j`, its current length minus the options of `j` that `x` would hide (those
    /// sharing an item with `x`, unless both give it the same colour). That number
    /// is what selecting `x` and reading `j`'s length would give, found by walking
    /// the columns of `x` instead of hiding and unhiding every option in them.
    fn count_pairs<const C: bool>(&mut self, i: usize, j: usize) -> u128 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.in_last.fill(0);
            self.hit_by.fill(0);
            self.stamp = 1;
        }
        let last = self.stamp;
        let mut q = self.nodes[j].dlink as usize;
        while q != j {
            self.in_last[self.option_of[q] as usize] = last;
            q = self.nodes[q].dlink as usize;
        }
        let len_j = self.nodes[j].top.max(0) as u128;
        let mut total = 0u128;
        let mut x = self.nodes[i].dlink as usize;
        while x != i {
            self.nodes_visited += 1;
            let mine = self.option_of[x];
            let mut hits = 0u128;
            let mut p = x + 1;
            while p != x {
                let n = self.nodes[p];
                if n.top <= 0 {
                    p = n.ulink as usize;
                    continue;
                }
                let colour = if C { self.color[p] } else { 0 };
                let k = n.top as usize;
                let mut q = self.nodes[k].dlink as usize;
                while q != k {
                    let o = self.option_of[q] as usize;
                    if self.in_last[o] == last
                        && self.hit_by[o] != mine.wrapping_add(1)
                        && (!C || colour == 0 || self.color[q] != colour)
                    {
                        self.hit_by[o] = mine.wrapping_add(1);
                        hits += 1;
                    }
                    q = self.nodes[q].dlink as usize;
                }
                p += 1;
            }
            total += len_j - hits;
            x = self.nodes[x].dlink as usize;
        }
        // Forget this call's marks of `hit_by` (option indices + 1 can repeat across calls).
        let mut q = self.nodes[j].dlink as usize;
        while q != j {
            self.hit_by[self.option_of[q] as usize] = 0;
            q = self.nodes[q].dlink as usize;
        }
        total
    }

    /// Calls `visit` with the option indices of every solution until it breaks.
    pub fn enumerate(
        &mut self,
        cancel: &CancelFlag,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, CountError> {
        if !self.tick(cancel) {
            return Err(CountError::Cancelled(Cancelled));
        }
        let Some(i) = self.choose_item() else {
            let sol: Vec<usize> = self
                .chosen
                .iter()
                .map(|&x| self.option_of[x as usize] as usize)
                .collect();
            return Ok(visit(&sol));
        };
        if self.nodes[i].top == 0 {
            return Ok(ControlFlow::Continue(()));
        }
        self.cover::<true>(i);
        let mut x = self.nodes[i].dlink as usize;
        let mut flow = Ok(ControlFlow::Continue(()));
        while x != i {
            self.select_option::<true>(x);
            self.chosen.push(x as u32);
            flow = self.enumerate(cancel, visit);
            self.chosen.pop();
            self.deselect_option::<true>(x);
            if !matches!(flow, Ok(ControlFlow::Continue(()))) {
                break;
            }
            x = self.nodes[x].dlink as usize;
        }
        self.uncover::<true>(i);
        flow
    }

    /// The branches at the root: for the MRV item, the first node of each option in it.
    /// Returns `None` when no primary item is left (the empty solution).
    pub fn root_branches(&self) -> Option<(usize, Vec<usize>)> {
        let i = self.choose_item()?;
        let mut out = Vec::new();
        let mut x = self.nodes[i].dlink as usize;
        while x != i {
            out.push(x);
            x = self.nodes[x].dlink as usize;
        }
        Some((i, out))
    }

    /// Descends into one branch for good (used by the parallel splitter on a clone).
    pub fn apply_branch(&mut self, item: usize, node: usize) {
        self.cover::<true>(item);
        self.select_option::<true>(node);
        self.chosen.push(node as u32);
    }

    /// Option index of the node.
    pub fn option_of(&self, node: usize) -> usize {
        self.option_of[node] as usize
    }

    pub fn n_primary(&self) -> usize {
        self.n_primary
    }
}
