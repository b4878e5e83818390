//! Knuth's Algorithm X with dancing links, generalised to secondary items with
//! colours (Algorithm C, TAOCP 7.2.2.1), on flat arrays.
//!
//! Items `0..n_primary` must be covered exactly once; the others at most once,
//! or by any number of options that give them the same colour.

use super::{CancelFlag, CountError};
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

/// The dancing-links structure. Node 0 is the root, nodes `1..=n_items` are item
/// headers (their `top` is the item's current length), then options separated by
/// spacers (`top <= 0`). Item `k` of the instance is header node `k + 1`.
#[derive(Clone, Debug)]
pub struct Dlx {
    n_primary: usize,
    llink: Vec<u32>,
    rlink: Vec<u32>,
    top: Vec<i64>,
    ulink: Vec<u32>,
    dlink: Vec<u32>,
    color: Vec<i64>,
    /// Option index of every node (spacers and headers: `u32::MAX`).
    option_of: Vec<u32>,
    /// Nodes of the chosen options, innermost last.
    chosen: Vec<u32>,
    /// Count the last primary item's length instead of branching on it.
    pub shortcut: bool,
    nodes_visited: u64,
}

/// How often the search looks at the cancel flag (in nodes of the search tree).
const CANCEL_CHECK_EVERY: u64 = 1 << 14;

impl Dlx {
    pub fn new(ec: &ExactCover) -> Dlx {
        let n_items = ec.n_primary + ec.n_secondary;
        let total = 1 + n_items + ec.options.iter().map(|o| o.len() + 1).sum::<usize>() + 1;
        let mut d = Dlx {
            n_primary: ec.n_primary,
            llink: vec![0; n_items + 2],
            rlink: vec![0; n_items + 2],
            top: vec![0; total],
            ulink: vec![0; total],
            dlink: vec![0; total],
            color: vec![0; total],
            option_of: vec![u32::MAX; total],
            chosen: Vec::new(),
            shortcut: true,
            nodes_visited: 0,
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
            d.ulink[i] = i as u32;
            d.dlink[i] = i as u32;
        }
        let mut p = n_items + 1; // first spacer
        let mut last_spacer = p;
        d.top[p] = 0;
        for (oi, opt) in ec.options.iter().enumerate() {
            let first = p + 1;
            for &(item, colour) in opt {
                p += 1;
                let header = item as usize + 1;
                d.top[p] = header as i64;
                d.top[header] += 1;
                let u = d.ulink[header];
                d.ulink[p] = u;
                d.dlink[u as usize] = p as u32;
                d.dlink[p] = header as u32;
                d.ulink[header] = p as u32;
                d.color[p] = colour as i64;
                d.option_of[p] = oi as u32;
            }
            d.dlink[last_spacer] = p as u32; // spacer's dlink: last node of the next option
            p += 1;
            d.top[p] = -(oi as i64 + 1);
            d.ulink[p] = first as u32; // spacer's ulink: first node of the previous option
            last_spacer = p;
        }
        debug_assert_eq!(p + 1, total);
        d
    }

    pub fn nodes_visited(&self) -> u64 {
        self.nodes_visited
    }

    #[inline]
    fn hide(&mut self, p: usize) {
        let mut q = p + 1;
        while q != p {
            let x = self.top[q];
            let u = self.ulink[q] as usize;
            if x <= 0 {
                q = u;
            } else {
                if self.color[q] >= 0 {
                    let d = self.dlink[q] as usize;
                    self.dlink[u] = d as u32;
                    self.ulink[d] = u as u32;
                    self.top[x as usize] -= 1;
                }
                q += 1;
            }
        }
    }

    #[inline]
    fn unhide(&mut self, p: usize) {
        let mut q = p - 1;
        while q != p {
            let x = self.top[q];
            let d = self.dlink[q] as usize;
            if x <= 0 {
                q = d;
            } else {
                if self.color[q] >= 0 {
                    let u = self.ulink[q] as usize;
                    self.dlink[u] = q as u32;
                    self.ulink[d] = q as u32;
                    self.top[x as usize] += 1;
                }
                q -= 1;
            }
        }
    }

    fn cover(&mut self, i: usize) {
        let mut p = self.dlink[i] as usize;
        while p != i {
            self.hide(p);
            p = self.dlink[p] as usize;
        }
        let (l, r) = (self.llink[i] as usize, self.rlink[i] as usize);
        self.rlink[l] = r as u32;
        self.llink[r] = l as u32;
    }

    fn uncover(&mut self, i: usize) {
        let (l, r) = (self.llink[i] as usize, self.rlink[i] as usize);
        self.rlink[l] = i as u32;
        self.llink[r] = i as u32;
        let mut p = self.ulink[i] as usize;
        while p != i {
            self.unhide(p);
            p = self.ulink[p] as usize;
        }
    }

    fn purify(&mut self, p: usize) {
        let c = self.color[p];
        let i = self.top[p] as usize;
        let mut q = self.dlink[i] as usize;
        while q != i {
            if self.color[q] == c {
                self.color[q] = -1;
            } else {
                self.hide(q);
            }
            q = self.dlink[q] as usize;
        }
    }

    fn unpurify(&mut self, p: usize) {
        let c = self.color[p];
        let i = self.top[p] as usize;
        let mut q = self.ulink[i] as usize;
        while q != i {
            if self.color[q] < 0 {
                self.color[q] = c;
            } else {
                self.unhide(q);
            }
            q = self.ulink[q] as usize;
        }
    }

    #[inline]
    fn commit(&mut self, p: usize) {
        let j = self.top[p] as usize;
        if self.color[p] == 0 {
            self.cover(j);
        } else if self.color[p] > 0 {
            self.purify(p);
        }
    }

    #[inline]
    fn uncommit(&mut self, p: usize) {
        let j = self.top[p] as usize;
        if self.color[p] == 0 {
            self.uncover(j);
        } else if self.color[p] > 0 {
            self.unpurify(p);
        }
    }

    /// Commits the other items of the option containing node `x`.
    fn select_option(&mut self, x: usize) {
        let mut p = x + 1;
        while p != x {
            let j = self.top[p];
            if j <= 0 {
                p = self.ulink[p] as usize;
            } else {
                self.commit(p);
                p += 1;
            }
        }
    }

    fn deselect_option(&mut self, x: usize) {
        let mut p = x - 1;
        while p != x {
            let j = self.top[p];
            if j <= 0 {
                p = self.dlink[p] as usize;
            } else {
                self.uncommit(p);
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
        let mut best_len = self.top[i];
        while i != 0 {
            let len = self.top[i];
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

    fn tick(&mut self, cancel: &CancelFlag) -> Result<(), CountError> {
        self.nodes_visited += 1;
        if self.nodes_visited % CANCEL_CHECK_EVERY == 0 && cancel.is_cancelled() {
            return Err(CountError::Cancelled);
        }
        Ok(())
    }

    /// Number of solutions below the current state.
    pub fn count(&mut self, cancel: &CancelFlag) -> Result<u128, CountError> {
        self.tick(cancel)?;
        let Some(i) = self.choose_item() else {
            return Ok(1);
        };
        let len = self.top[i];
        if len == 0 {
            return Ok(0);
        }
        if self.shortcut && self.rlink[i] == 0 && self.llink[i] == 0 {
            // The last primary item: every option left in it completes a solution.
            return Ok(len as u128);
        }
        let mut total = 0u128;
        self.cover(i);
        let mut x = self.dlink[i] as usize;
        while x != i {
            self.select_option(x);
            let r = self.count(cancel);
            self.deselect_option(x);
            match r {
                Ok(n) => total += n,
                Err(e) => {
                    self.uncover(i);
                    return Err(e);
                }
            }
            x = self.dlink[x] as usize;
        }
        self.uncover(i);
        Ok(total)
    }

    /// Calls `visit` with the option indices of every solution until it breaks.
    pub fn enumerate(
        &mut self,
        cancel: &CancelFlag,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, CountError> {
        self.tick(cancel)?;
        let Some(i) = self.choose_item() else {
            let sol: Vec<usize> = self
                .chosen
                .iter()
                .map(|&x| self.option_of[x as usize] as usize)
                .collect();
            return Ok(visit(&sol));
        };
        if self.top[i] == 0 {
            return Ok(ControlFlow::Continue(()));
        }
        self.cover(i);
        let mut x = self.dlink[i] as usize;
        let mut flow = Ok(ControlFlow::Continue(()));
        while x != i {
            self.select_option(x);
            self.chosen.push(x as u32);
            flow = self.enumerate(cancel, visit);
            self.chosen.pop();
            self.deselect_option(x);
            if !matches!(flow, Ok(ControlFlow::Continue(()))) {
                break;
            }
            x = self.dlink[x] as usize;
        }
        self.uncover(i);
        flow
    }

    /// The branches at the root: for the MRV item, the first node of each option in it.
    /// Returns `None` when no primary item is left (the empty solution).
    pub fn root_branches(&self) -> Option<(usize, Vec<usize>)> {
        let i = self.choose_item()?;
        let mut out = Vec::new();
        let mut x = self.dlink[i] as usize;
        while x != i {
            out.push(x);
            x = self.dlink[x] as usize;
        }
        Some((i, out))
    }

    /// Descends into one branch for good (used by the parallel splitter on a clone).
    pub fn apply_branch(&mut self, item: usize, node: usize) {
        self.cover(item);
        self.select_option(node);
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
