//! Exact counting of fleet deployments with a frontier (transfer-matrix,
//! broken-profile) dynamic programme, and per-cell occupancy from the same states.
//!
//! # Model
//!
//! The caller numbers the playable cells `0..n` in a *visiting order* and gives,
//! for every group of identical pieces, how many pieces it has and every placement
//! (cells, and under the no-touch rule the halo: the cells touching the piece,
//! outside it). A *layout* picks `count` placements per group, pairwise disjoint,
//! no cell of one ship in another's halo, every required ("hit") cell covered.
//! Pieces of one group are interchangeable, so this counts **distinct layouts**;
//! labelled deployments are `layouts × ∏ count!`.
//!
//! The visiting order only affects speed and memory: the window `W` (below) is the
//! widest reach of one placement, so the order should keep every ship's cells and
//! halo close together. Row-major on square boards gives `W = (L-1)·cols + 1` for
//! a ship of length `L` (`L·cols + 2` with halos); on hex boards in cube
//! coordinates, sorting by `(x, y)` (the board's own cell order) does the same with
//! rows of constant `x`.
//!
//! # The programme
//!
//! Cells are visited in order and every ship is put down at its first (smallest)
//! cell. The state before cell `i` is
//!
//! * the *window*: for each of the cells `i .. i+W`, one bit "blocked": an earlier
//!   ship covers it or has it in its halo;
//! * how many pieces of each group are still to place.
//!
//! At cell `i`: a blocked cell is passed. A free cell is either left empty (not if
//! it is required) or becomes the first cell of one placement starting there whose
//! group has pieces left and whose cells are all free; its cells and halo are then
//! blocked. Each layer maps states to the number of ways to reach them.
//!
//! The pieces-left part is split. "Key" groups are part of the hash key; for the
//! other ("vector") groups every state carries a dense vector indexed by their
//! pieces left (a truncated polynomial in one variable per group). Small pieces
//! barely show in the window, so many pieces-left combinations share one window:
//! the vector form hashes each window once instead of once per combination
//! (Russian fleet, no touching, 10×10: 1.6 million windows against 20 million
//! (window, pieces-left) pairs). Pieces reaching far stay visible in the window,
//! so long vectors for them would be mostly zeros: groups whose reach is at most
//! 0.6·W go into the vector, smallest reach first, while the vector stays within
//! [`Options::max_vector_len`] (and 1 KiB).
//!
//! # Why it is exact
//!
//! * **One path per layout.** Given a layout, at each free cell `i` at most one of
//!   its ships has `i` as first cell (ships are disjoint), so the walk that places
//!   exactly those ships is the only walk producing the layout; pieces of a group
//!   are not told apart, so permuting them gives the same walk.
//! * **The window holds every constraint on the future.** A ship placed at `j < i`
//!   blocks only cells in `j .. j+W` by the choice of `W`; those at or after `i`
//!   are in the window, and cells before `i` are never looked at again, because
//!   every later ship starts (and so lies wholly) at or after `i`. For the same
//!   reason halo cells before a ship's first cell are dropped.
//! * **Checking one direction of the no-touch rule is enough.** Halos come from a
//!   symmetric touching relation (`halo(P)` = cells touching `P`, outside `P`).
//!   For disjoint ships P (earlier) and Q (new): Q meets `halo(P)` ⇔ a cell of Q
//!   touches a cell of P ⇔ P meets `halo(Q)`. So testing Q's cells against the
//!   blocked bits (which include P's halo) catches every touching pair, and Q's
//!   own halo only needs to be marked for the ships still to come.
//! * **"Covered" and "in a halo" can share one bit.** Either way no later ship may
//!   use the cell. They would differ only at a required cell (covered: fine; only
//!   in a halo: that hit cannot be covered), and placements with a required cell in
//!   their halo are dropped beforehand: the ship covering that hit would touch them.
//! * **Pruning removes only states without completions**: the cells still to
//!   place must fit in the free cells left; a group needs as many distinct first
//!   cells still ahead as pieces left (disjoint ships start at distinct cells);
//!   the required cells not yet covered need at least that many ship cells.
//!
//! # Occupancy
//!
//! A backward pass gives every (state, pieces-left) entry its number of completions
//! `g`; a transition placing P from entry `e` to entry `e'` lies on `f(e) · g(e')`
//! layouts, which is added to P; a cell's occupancy is the sum over the placements
//! covering it (a layout covering a cell has exactly one ship on it, put down on
//! exactly one transition). The backward pass re-derives each state's transitions
//! and looks the successors up, so nothing but the layers is stored; when the
//! layers would exceed half of [`Options::max_memory`], only every `⌈√n⌉`-th is
//! kept and the others are recomputed one stretch at a time (one more forward
//! pass). `g` is exact on every entry with `f > 0`, which are the only ones used.
//!
//! # Numbers
//!
//! Every value (ways to reach an entry, completions, layouts through a transition,
//! occupancies, and every partial sum of them) counts sets of placements with at
//! most `count` per group, so it is at most `∏ Σ_{k≤count} C(placements, k)`. The
//! programme runs on `u64` or `u128` without overflow checks when that bound fits,
//! else on a 1024-bit fixed-width number; beyond that it reports
//! [`FrontierError::TooLarge`].

mod buffers;

use crate::run::Cancelled;
use buffers::{fill, fresh, grow};
use std::fmt;

/// Results may exceed `u128`: they are big integers (the hot loop uses fixed-width numbers).
pub type Nat = num_bigint::BigUint;

// ---------------------------------------------------------------------------
// Public interface
// ---------------------------------------------------------------------------

/// One way to put one piece on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Placement {
    /// Cells the piece covers (distinct, any order).
    pub cells: Vec<u32>,
    /// Cells touching the piece, outside it, that no other ship may cover (no-touch
    /// rule); empty when ships may touch. Must come from a symmetric touching
    /// relation (see the module documentation).
    pub halo: Vec<u32>,
}

/// Pieces of one shape: `count` interchangeable pieces sharing `placements`, which
/// must all have the same number of cells. Placements with the same cell set are
/// counted as different options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceGroup {
    pub count: usize,
    pub placements: Vec<Placement>,
}

/// The problem, without project types.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FrontierInput {
    /// Cells are `0..n_cells`, numbered in visiting order (the caller permutes).
    pub n_cells: usize,
    pub groups: Vec<PieceGroup>,
    /// Cells that must be covered (hits). Misses are simply absent from every placement.
    pub required: Vec<u32>,
}

/// Knobs of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Also count, per cell, the layouts covering it (a backward pass).
    pub occupancy: bool,
    /// Stop with [`FrontierError::TooManyStates`] when a layer has more windows
    /// (hash keys) than this.
    pub max_layer_states: usize,
    /// Rough memory ceiling in bytes: each of the two layers alive at a time may
    /// use a third (a sixth with occupancy, where the layers kept for the backward
    /// pass may use half; beyond it only checkpoints are kept and the rest is
    /// recomputed).
    pub max_memory: usize,
    /// Longest pieces-left vector per state (see the module documentation); 1 puts
    /// every group in the hash key.
    pub max_vector_len: usize,
    /// Testing: use the 1024-bit number type whatever the bound says.
    #[doc(hidden)]
    pub force_wide: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            occupancy: false,
            max_layer_states: 50_000_000,
            max_memory: 4 << 30,
            max_vector_len: 128,
            force_wide: false,
        }
    }
}

/// Why a run gave no number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FrontierError {
    /// `cancel()` returned true.
    Cancelled(Cancelled),
    /// A layer outgrew [`Options::max_layer_states`] or [`Options::max_memory`]
    /// (`states` windows before cell `cell`).
    TooManyStates { cell: usize, states: usize },
    /// One placement reaches further than 1024 cells past its first cell in the
    /// visiting order.
    TooWide { window: usize },
    /// Too many piece-count combinations, or counts that may not fit in 1024 bits.
    TooLarge(String),
    /// Malformed input (cell out of range, empty or repeated cells, placements of
    /// one group with different numbers of cells).
    Invalid(String),
}

impl fmt::Display for FrontierError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrontierError::Cancelled(c) => write!(f, "{c}"),
            FrontierError::TooManyStates { cell, states } => {
                write!(f, "too many frontier states ({states} at cell {cell})")
            }
            FrontierError::TooWide { window } => {
                write!(f, "frontier window of {window} cells is over the limit of 1024")
            }
            FrontierError::TooLarge(why) => write!(f, "{why}"),
            FrontierError::Invalid(why) => write!(f, "invalid frontier input: {why}"),
        }
    }
}

impl std::error::Error for FrontierError {}

/// What a run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Distinct layouts (pieces of a group interchangeable).
    pub layouts: Nat,
    /// Per cell, the layouts covering it; empty unless [`Options::occupancy`].
    pub occupancy: Vec<Nat>,
    /// Window width `W` in cells.
    pub window: usize,
    /// Length of the pieces-left vector carried by each state.
    pub vector_len: usize,
    /// Largest layer, in hash keys (windows with the key groups' pieces left).
    pub peak_states: usize,
    /// Hash keys over all layers of the forward pass.
    pub total_states: u64,
}

/// Counts the distinct layouts (and, if asked, per-cell occupancy).
///
/// `cancel` is polled at every cell and every batch of states inside a layer
/// (a few milliseconds at most);
/// `progress(done, total)` is told after every cell: `total` is the number of
/// cells, twice that with occupancy (the backward pass is the second half).
/// The input is freed once planned, at the start: a large board's is tens of
/// thousands of small vectors, too slow to free after a cancel.
pub fn count(
    input: FrontierInput,
    opts: &Options,
    cancel: &dyn Fn() -> bool,
    progress: &dyn Fn(u64, u64),
) -> Result<Outcome, FrontierError> {
    let bound_bits = count_bound_bits(&input);
    let number = if opts.force_wide || bound_bits >= 127.9 {
        2
    } else if bound_bits >= 63.9 {
        1
    } else {
        0
    };
    if bound_bits >= 1023.9 {
        return Err(FrontierError::TooLarge(format!(
            "counts may need {bound_bits:.0} bits, over the 1024 this counter handles"
        )));
    }
    let value_bytes = [8, 16, 128][number];
    let max_vector = opts.max_vector_len.clamp(1, 1024 / value_bytes);
    let plan = Plan::new(&input, max_vector)?;
    drop(input);
    macro_rules! with_number {
        ($m:ty) => {
            match number {
                0 => run::<$m, u64>(&plan, opts, cancel, progress),
                1 => run::<$m, u128>(&plan, opts, cancel, progress),
                _ => run::<$m, Fixed<16>>(&plan, opts, cancel, progress),
            }
        };
    }
    match plan.width {
        0..=64 => with_number!(u64),
        65..=128 => with_number!(u128),
        129..=256 => with_number!(Wide<4>),
        257..=512 => with_number!(Wide<8>),
        513..=1024 => with_number!(Wide<16>),
        w => Err(FrontierError::TooWide { window: w }),
    }
}

/// The window `W` a visiting order gives (the widest reach of one placement past
/// its first cell, halo included): memory and time grow steeply with it, so a
/// caller can number the cells a few ways (row- or column-major, the three hex
/// axes) and keep the order with the smallest.
pub fn window_width(input: &FrontierInput) -> usize {
    let mut width = 1;
    for g in input.groups.iter().filter(|g| g.count > 0) {
        for p in &g.placements {
            if let Some(&first) = p.cells.iter().min() {
                let last = p.cells.iter().chain(&p.halo).copied().max().unwrap_or(first);
                width = width.max((last - first) as usize + 1);
            }
        }
    }
    width
}

// ---------------------------------------------------------------------------
// Natural numbers for results
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Numbers and masks used inside the programme
// ---------------------------------------------------------------------------

/// Counter arithmetic. Wrapping: the bound checked in [`count`] rules out overflow.
trait Num: Copy {
    const ZERO: Self;
    const ONE: Self;
    fn add_to(&mut self, o: Self);
    fn times(self, o: Self) -> Self;
    fn is_zero(&self) -> bool;
    fn to_nat(self) -> Nat;
}

impl Num for u64 {
    const ZERO: u64 = 0;
    const ONE: u64 = 1;
    #[inline(always)]
    fn add_to(&mut self, o: u64) {
        *self = self.wrapping_add(o);
    }
    #[inline(always)]
    fn times(self, o: u64) -> u64 {
        self.wrapping_mul(o)
    }
    #[inline(always)]
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn to_nat(self) -> Nat {
        Nat::from(self)
    }
}

impl Num for u128 {
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    #[inline(always)]
    fn add_to(&mut self, o: u128) {
        *self = self.wrapping_add(o);
    }
    #[inline(always)]
    fn times(self, o: u128) -> u128 {
        self.wrapping_mul(o)
    }
    #[inline(always)]
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn to_nat(self) -> Nat {
        Nat::from(self)
    }
}

/// A fixed-width natural of `L` limbs for counts past `u128`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Fixed<const L: usize>([u64; L]);

impl<const L: usize> Num for Fixed<L> {
    const ZERO: Self = Fixed([0; L]);
    const ONE: Self = {
        let mut a = [0; L];
        a[0] = 1;
        Fixed(a)
    };
    fn add_to(&mut self, o: Self) {
        let mut carry = false;
        for k in 0..L {
            let (s1, c1) = self.0[k].overflowing_add(o.0[k]);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            self.0[k] = s2;
            carry = c1 || c2;
        }
    }
    fn times(self, o: Self) -> Self {
        let top = |a: &[u64; L]| a.iter().rposition(|&x| x != 0).map_or(0, |p| p + 1);
        let (na, nb) = (top(&self.0), top(&o.0));
        let mut out = [0u64; L];
        for i in 0..na {
            let mut carry = 0u128;
            for j in 0..nb.min(L - i) {
                let t = self.0[i] as u128 * o.0[j] as u128 + out[i + j] as u128 + carry;
                out[i + j] = t as u64;
                carry = t >> 64;
            }
            if i + nb < L {
                out[i + nb] = carry as u64;
            }
        }
        Fixed(out)
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }
    fn to_nat(self) -> Nat {
        let bytes: Vec<u8> = self.0.iter().flat_map(|l| l.to_le_bytes()).collect();
        Nat::from_bytes_le(&bytes)
    }
}

/// The window: bit `k` is cell `i + k`.
trait Mask: Copy + Eq + Default {
    fn low(&self) -> bool;
    fn shr1(self) -> Self;
    fn or(self, o: Self) -> Self;
    fn meets(&self, o: &Self) -> bool;
    fn ones(&self) -> u32;
    /// Ones of `self & !o`.
    fn ones_outside(&self, o: &Self) -> u32;
    fn with_bit(self, b: usize) -> Self;
    /// A 64-bit digest; mixed further by [`key_hash`].
    fn digest(&self) -> u64;
}

/// The bit operations of [`Mask`] for a primitive unsigned integer; `digest`
/// is the one method that differs between widths.
macro_rules! primitive_mask {
    ($t:ty, |$v:ident| $digest:expr) => {
        impl Mask for $t {
            #[inline(always)]
            fn low(&self) -> bool {
                *self & 1 != 0
            }
            #[inline(always)]
            fn shr1(self) -> $t {
                self >> 1
            }
            #[inline(always)]
            fn or(self, o: $t) -> $t {
                self | o
            }
            #[inline(always)]
            fn meets(&self, o: &$t) -> bool {
                *self & *o != 0
            }
            #[inline(always)]
            fn ones(&self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn ones_outside(&self, o: &$t) -> u32 {
                (*self & !*o).count_ones()
            }
            fn with_bit(self, b: usize) -> $t {
                self | 1 << b
            }
            #[inline(always)]
            fn digest(&self) -> u64 {
                let $v = *self;
                $digest
            }
        }
    };
}

primitive_mask!(u64, |v| v);
primitive_mask!(u128, |v| (v as u64)
    ^ ((v >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(32));

/// Windows wider than 128 cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Wide<const K: usize>([u64; K]);

impl<const K: usize> Default for Wide<K> {
    fn default() -> Self {
        Wide([0; K])
    }
}

impl<const K: usize> Mask for Wide<K> {
    #[inline(always)]
    fn low(&self) -> bool {
        self.0[0] & 1 != 0
    }
    #[inline(always)]
    fn shr1(self) -> Self {
        let mut out = [0u64; K];
        for (k, w) in out.iter_mut().enumerate() {
            *w = self.0[k] >> 1 | if k + 1 < K { self.0[k + 1] << 63 } else { 0 };
        }
        Wide(out)
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        let mut out = self.0;
        for (w, x) in out.iter_mut().zip(o.0) {
            *w |= x;
        }
        Wide(out)
    }
    #[inline(always)]
    fn meets(&self, o: &Self) -> bool {
        (0..K).any(|k| self.0[k] & o.0[k] != 0)
    }
    #[inline(always)]
    fn ones(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn ones_outside(&self, o: &Self) -> u32 {
        (0..K).map(|k| (self.0[k] & !o.0[k]).count_ones()).sum()
    }
    fn with_bit(mut self, b: usize) -> Self {
        self.0[b / 64] |= 1 << (b % 64);
        self
    }
    #[inline(always)]
    fn digest(&self) -> u64 {
        self.0.iter().fold(0u64, |h, &w| {
            (h.rotate_left(23) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        })
    }
}

/// A well-mixed hash of a state (window and key groups' pieces left); its top bits
/// pick the slot.
#[inline(always)]
fn key_hash<M: Mask>(m: &M, rem: u32) -> u64 {
    let mut h = m.digest() ^ (rem as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^= h >> 32;
    h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    h ^= h >> 29;
    h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

// ---------------------------------------------------------------------------
// One layer: windows with their vectors, plus an open-addressing index
// ---------------------------------------------------------------------------

/// What the successor step needs to know about a state's vector, found by
/// [`Engine::settle`].
#[derive(Clone, Copy, Debug, Default)]
struct Info {
    /// Some entry is non-zero.
    alive: bool,
    /// Fewest cells the vector groups still need over the non-zero entries.
    min_need: u32,
    /// Vector groups with a piece left in some non-zero entry.
    avail: u64,
    /// The non-zero entries lie in `lo..hi`.
    lo: u32,
    hi: u32,
}

/// A slot of the index; `idx == EMPTY` marks a free slot.
#[derive(Clone, Copy)]
struct Slot<M> {
    mask: M,
    krem: u32,
    idx: u32,
}

const EMPTY: u32 = u32::MAX;

/// The states of one layer in insertion order (stable indices), each a window,
/// the key groups' pieces left and a vector of `d` values; `slots` is a
/// linear-probing index over them with the keys stored inline.
struct Layer<M, V> {
    d: usize,
    masks: Vec<M>,
    krems: Vec<u32>,
    vals: Vec<V>,
    info: Vec<Info>,
    slots: Vec<Slot<M>>,
    /// Slots in use: a power of two, at most `slots.len()`.
    cap: usize,
    shift: u32,
}

impl<M: Mask, V: Num> Layer<M, V> {
    fn new(d: usize) -> Self {
        Layer {
            d,
            masks: Vec::new(),
            krems: Vec::new(),
            vals: Vec::new(),
            info: Vec::new(),
            slots: Vec::new(),
            cap: 0,
            shift: 64,
        }
    }

    fn len(&self) -> usize {
        self.masks.len()
    }

    /// Takes the index out (for reuse by another layer); `find` then finds nothing.
    fn take_index(&mut self) -> Vec<Slot<M>> {
        self.cap = 0;
        self.shift = 64;
        std::mem::take(&mut self.slots)
    }

    /// Rebuilds the index of the states held, in the buffer `slots`.
    fn rebuild_index(&mut self, slots: Vec<Slot<M>>, cancel: Cancel) -> Result<(), FrontierError> {
        self.slots = slots;
        self.size_index((self.len().max(16) * 2).next_power_of_two(), cancel)?;
        self.reindex(cancel)
    }

    /// Bytes in use (the states held and the index).
    fn bytes(&self) -> usize {
        let per_state = std::mem::size_of::<M>() + 4 + self.d * std::mem::size_of::<V>() + std::mem::size_of::<Info>();
        self.len() * per_state + self.cap * std::mem::size_of::<Slot<M>>()
    }

    /// Empties the layer, sized for about `expect` states. The buffers get room
    /// for twice as many: the next layer is often larger, and room not written
    /// is only address space.
    fn reset(&mut self, expect: usize, cancel: Cancel) -> Result<(), FrontierError> {
        let values = expect.saturating_mul(self.d);
        fresh(&mut self.masks, expect, 2 * expect);
        fresh(&mut self.krems, expect, 2 * expect);
        fresh(&mut self.vals, values, values.saturating_mul(2));
        fresh(&mut self.info, expect, 2 * expect);
        self.size_index((expect.max(16) * 2).next_power_of_two(), cancel)
    }

    /// Empties the index and makes it `cap` slots long, a slice at a time (an
    /// index of a large layer is hundreds of megabytes).
    fn size_index(&mut self, cap: usize, cancel: Cancel) -> Result<(), FrontierError> {
        let empty = Slot {
            mask: M::default(),
            krem: 0,
            idx: EMPTY,
        };
        // Invalid until filled: a cancel in between leaves an index nobody reads.
        self.cap = 0;
        self.shift = 64;
        if self.slots.len() < cap {
            fresh(&mut self.slots, cap, cap);
        }
        fill(&mut self.slots, cap, empty, cancel)?;
        self.cap = cap;
        self.shift = 64 - cap.trailing_zeros();
        Ok(())
    }

    /// Room for `more` states: doubles the index if they would fill it over
    /// half, and grows the buffers here rather than in [`Layer::find_or_insert`].
    fn make_room(&mut self, more: usize, cancel: Cancel) -> Result<(), FrontierError> {
        grow(&mut self.masks, more, cancel)?;
        grow(&mut self.krems, more, cancel)?;
        grow(&mut self.vals, more * self.d, cancel)?;
        grow(&mut self.info, more, cancel)?;
        if (self.masks.len() + more) * 2 > self.cap {
            let cap = ((self.masks.len() + more).max(16) * 2).next_power_of_two();
            self.size_index(cap, cancel)?;
            self.reindex(cancel)?;
        }
        Ok(())
    }

    /// Puts every state into the (empty) index.
    fn reindex(&mut self, cancel: Cancel) -> Result<(), FrontierError> {
        for idx in 0..self.masks.len() {
            if idx % POLL_EVERY == 0 {
                poll(cancel)?;
            }
            let (mask, krem) = (self.masks[idx], self.krems[idx]);
            let mut pos = (key_hash(&mask, krem) >> self.shift) as usize;
            while self.slots[pos].idx != EMPTY {
                pos = (pos + 1) & (self.cap - 1);
            }
            self.slots[pos] = Slot {
                mask,
                krem,
                idx: idx as u32,
            };
        }
        Ok(())
    }

    /// Index of state `(mask, krem)` (whose [`key_hash`] is `hash`), if present.
    #[inline]
    fn find(&self, mask: &M, krem: u32, hash: u64) -> Option<usize> {
        if self.cap == 0 {
            return None;
        }
        let mut pos = (hash >> self.shift) as usize;
        loop {
            let slot = &self.slots[pos];
            if slot.idx == EMPTY {
                return None;
            }
            if slot.krem == krem && slot.mask == *mask {
                return Some(slot.idx as usize);
            }
            pos = (pos + 1) & (self.cap - 1);
        }
    }

    /// Hints the cache that the slot for `hash` is needed soon.
    #[inline(always)]
    fn prefetch_slot(&self, hash: u64) {
        if let Some(slot) = self.slots.get((hash >> self.shift) as usize) {
            prefetch(slot as *const Slot<M> as *const u8);
        }
    }

    /// Index of state `(mask, krem)` (whose [`key_hash`] is `hash`), created with a
    /// zero vector if new. The caller made room ([`Layer::make_room`]).
    #[inline]
    fn find_or_insert(&mut self, mask: M, krem: u32, hash: u64) -> usize {
        debug_assert!((self.masks.len() + 1) * 2 <= self.cap, "no room made in the index");
        let mut pos = (hash >> self.shift) as usize;
        loop {
            let slot = &mut self.slots[pos];
            if slot.idx == EMPTY {
                let idx = self.masks.len();
                *slot = Slot {
                    mask,
                    krem,
                    idx: idx as u32,
                };
                self.masks.push(mask);
                self.krems.push(krem);
                self.vals.resize(self.vals.len() + self.d, V::ZERO);
                self.info.push(Info::default());
                return idx;
            }
            if slot.krem == krem && slot.mask == mask {
                return slot.idx as usize;
            }
            pos = (pos + 1) & (self.cap - 1);
        }
    }
}

// ---------------------------------------------------------------------------
// Preprocessing (independent of the mask and number types)
// ---------------------------------------------------------------------------

/// log2 of the bound on every value: Σ over groups of log2 Σ_{k≤count} C(placements, k).
fn count_bound_bits(input: &FrontierInput) -> f64 {
    let mut bits = 0.0;
    for g in &input.groups {
        let p = g.placements.len();
        // log2 C(p, k) for k = 0..=min(count, p), summed in the log domain.
        let mut terms = vec![0.0f64];
        let mut acc = 0.0;
        for k in 0..g.count.min(p) {
            acc += ((p - k) as f64).log2() - ((k + 1) as f64).log2();
            terms.push(acc);
        }
        let top = terms.iter().cloned().fold(f64::MIN, f64::max);
        bits += top + terms.iter().map(|t| (t - top).exp2()).sum::<f64>().log2();
    }
    bits + 0.01
}

/// A placement after preprocessing (its cells are in the plan's [`Flat`] lists).
struct PlanPlacement {
    group: u32,
    first: u32,
}

/// Many short lists of cells in one buffer. A large board has tens of
/// thousands of placements: a vector for each, freed one by one when a
/// cancelled count returns, kept Ctrl+C waiting tens of milliseconds.
#[derive(Default)]
struct Flat {
    items: Vec<u32>,
    ends: Vec<usize>,
}

impl Flat {
    fn push(&mut self, list: &[u32]) {
        self.items.extend_from_slice(list);
        self.ends.push(self.items.len());
    }

    fn get(&self, k: usize) -> &[u32] {
        let start = if k == 0 { 0 } else { self.ends[k - 1] };
        &self.items[start..self.ends[k]]
    }
}

/// One group's place in the pieces-left numbers.
#[derive(Clone, Copy, Debug)]
struct GroupPlan {
    /// In the vector (else in the hash key).
    vector: bool,
    /// Mixed-radix weight in its number (key or vector index).
    radix: u32,
    /// count + 1.
    base: u32,
    /// Cells per piece.
    size: u32,
}

impl GroupPlan {
    fn digit(&self, x: usize) -> u32 {
        (x as u32 / self.radix) % self.base
    }
}

/// `dst[dst..dst+len] += src[src..src+len]`: one contiguous piece of a vector shift.
#[derive(Clone, Copy, Debug)]
struct Run {
    src: u32,
    dst: u32,
    len: u32,
}

/// Per key index and per vector index: cells still to place, or `u32::MAX` when
/// some group has more pieces left than distinct first cells ahead.
#[derive(Clone, Debug)]
struct Lives {
    k: Vec<u32>,
    v: Vec<u32>,
}

struct Plan {
    n: usize,
    width: usize,
    groups: Vec<GroupPlan>,
    k_full: u32,
    /// Per key index: key groups with pieces left (bit per group).
    k_avail: Vec<u64>,
    d: usize,
    v_full: u32,
    /// Per vector index: vector groups with pieces left.
    v_avail: Vec<u64>,
    /// Per group (vector groups only): the shift "one piece fewer".
    runs: Vec<Vec<Run>>,
    /// Lives change where a group's cap drops; `epoch_of[p]` picks the one for layer p.
    epochs: Vec<Lives>,
    epoch_of: Vec<u32>,
    /// Sorted by first cell; those starting at `i` are `starts[i]..starts[i+1]`.
    placements: Vec<PlanPlacement>,
    starts: Vec<usize>,
    /// Per placement (same order), its cells as offsets from its first cell.
    cells: Flat,
    /// Per placement, its cells and its halo cells after the first cell, as offsets.
    blocks: Flat,
    /// Per placement, its cells as the caller numbered them, for occupancy.
    cells_of: Flat,
    required: Vec<bool>,
    has_required: bool,
    /// Required cells at or after p, for p up to n + width.
    req_from: Vec<u32>,
}

impl Plan {
    fn new(input: &FrontierInput, max_vector: usize) -> Result<Plan, FrontierError> {
        let n = input.n_cells;
        if n >= u32::MAX as usize / 2 {
            return Err(FrontierError::Invalid(format!("{n} cells")));
        }
        let mut required = vec![false; n];
        for &c in &input.required {
            if c as usize >= n {
                return Err(FrontierError::Invalid(format!("required cell {c} out of range")));
            }
            required[c as usize] = true;
        }
        let groups_in: Vec<&PieceGroup> = input.groups.iter().filter(|g| g.count > 0).collect();
        if groups_in.len() > 64 {
            return Err(FrontierError::TooLarge("more than 64 groups of pieces".into()));
        }
        let n_groups = groups_in.len();

        // Each kept placement with its relative cells, block and cells.
        let mut kept: Vec<(PlanPlacement, Vec<u32>, Vec<u32>, Vec<u32>)> = Vec::new();
        let mut size = vec![0u32; n_groups];
        let mut reach = vec![0u32; n_groups];
        let mut firsts: Vec<Vec<u32>> = vec![Vec::new(); n_groups];
        let mut width = 1;
        for (g, group) in groups_in.iter().enumerate() {
            for p in &group.placements {
                let mut cells = p.cells.clone();
                cells.sort_unstable();
                if cells.is_empty() {
                    return Err(FrontierError::Invalid("a placement without cells".into()));
                }
                if cells.windows(2).any(|w| w[0] == w[1]) || *cells.last().unwrap() as usize >= n {
                    return Err(FrontierError::Invalid(format!("placement cells {:?}", p.cells)));
                }
                if let Some(h) = p.halo.iter().find(|&&h| h as usize >= n) {
                    return Err(FrontierError::Invalid(format!("halo cell {h} out of range")));
                }
                if size[g] == 0 {
                    size[g] = cells.len() as u32;
                } else if size[g] != cells.len() as u32 {
                    return Err(FrontierError::Invalid(
                        "placements of one group must have the same number of cells".into(),
                    ));
                }
                // A hit in the halo would need a ship touching this one.
                if p.halo
                    .iter()
                    .any(|&h| required[h as usize] && cells.binary_search(&h).is_err())
                {
                    continue;
                }
                let first = cells[0];
                let mut block: Vec<u32> = cells
                    .iter()
                    .copied()
                    .chain(p.halo.iter().copied().filter(|&h| h > first))
                    .map(|c| c - first)
                    .collect();
                block.sort_unstable();
                block.dedup();
                let span = *block.last().unwrap() + 1;
                width = width.max(span as usize);
                reach[g] = reach[g].max(span);
                firsts[g].push(first);
                let relative = cells.iter().map(|c| c - first).collect();
                kept.push((PlanPlacement { group: g as u32, first }, relative, block, cells));
            }
        }
        // Stable sort: within a cell, placements keep the caller's order.
        kept.sort_by_key(|k| k.0.first);
        let (mut cells, mut blocks, mut cells_of) = (Flat::default(), Flat::default(), Flat::default());
        let placements: Vec<PlanPlacement> = kept
            .into_iter()
            .map(|(p, relative, block, original)| {
                cells.push(&relative);
                blocks.push(&block);
                cells_of.push(&original);
                p
            })
            .collect();
        let mut starts = vec![0; n + 1];
        for p in &placements {
            starts[p.first as usize + 1] += 1;
        }
        for i in 0..n {
            starts[i + 1] += starts[i];
        }

        // Vector groups: smallest reach first while the vector stays short enough.
        let mut by_reach: Vec<usize> = (0..n_groups).collect();
        by_reach.sort_by_key(|&g| (reach[g], std::cmp::Reverse(groups_in[g].count)));
        let mut groups: Vec<GroupPlan> = (0..n_groups)
            .map(|g| GroupPlan {
                vector: false,
                radix: 0,
                base: groups_in[g].count as u32 + 1,
                size: size[g],
            })
            .collect();
        let (mut d, mut k_len) = (1usize, 1usize);
        let mut in_vector = Vec::new();
        for &g in &by_reach {
            let base = groups[g].base as usize;
            // A piece reaching far into the window stays visible there for many
            // cells, so the window mostly tells whether it was placed: keep it in
            // the key. Measured on 10×10 boards (classic and Russian fleets, both
            // rules), 0.6·W splits best; the smallest piece always qualifies.
            let short = reach[g] as usize * 5 <= width * 3 || in_vector.is_empty();
            if short && d * base <= max_vector {
                groups[g].vector = true;
                in_vector.push(g);
                d *= base;
            } else {
                groups[g].radix = k_len as u32;
                k_len = k_len.saturating_mul(base);
                if k_len > 1 << 26 {
                    return Err(FrontierError::TooLarge(
                        "too many combinations of pieces left (over 2^26)".into(),
                    ));
                }
            }
        }
        // The smallest pieces are placed most often: give them the largest radix,
        // so that their shift is a few long runs.
        let mut radix = 1;
        for &g in in_vector.iter().rev() {
            groups[g].radix = radix;
            radix *= groups[g].base;
        }
        let full = |vector: bool| -> u32 {
            groups
                .iter()
                .filter(|g| g.vector == vector)
                .map(|g| (g.base - 1) * g.radix)
                .sum()
        };
        let (k_full, v_full) = (full(false), full(true));
        let avail_and_need = |len: usize, vector: bool| -> (Vec<u64>, Vec<u32>) {
            let mut avail = vec![0u64; len];
            let mut need = vec![0u32; len];
            for x in 0..len {
                for (g, gp) in groups.iter().enumerate() {
                    if gp.vector == vector {
                        let dg = gp.digit(x);
                        if dg > 0 {
                            avail[x] |= 1 << g;
                            need[x] += dg * gp.size;
                        }
                    }
                }
            }
            (avail, need)
        };
        let (k_avail, k_need) = avail_and_need(k_len, false);
        let (v_avail, v_need) = avail_and_need(d, true);
        let runs = groups
            .iter()
            .map(|gp| {
                let mut out = Vec::new();
                if gp.vector {
                    let block = gp.radix * gp.base;
                    for hi in 0..d as u32 / block {
                        for dg in 1..gp.base {
                            let src = hi * block + dg * gp.radix;
                            out.push(Run {
                                src,
                                dst: src - gp.radix,
                                len: gp.radix,
                            });
                        }
                    }
                }
                out
            })
            .collect();

        // Caps: a group can still place at most as many pieces as it has distinct
        // first cells ahead; a new epoch of lives wherever some cap drops.
        let mut cap_drops: Vec<Vec<(usize, u32)>> = vec![Vec::new(); n + 1];
        for (g, f) in firsts.iter_mut().enumerate() {
            f.sort_unstable();
            f.dedup();
            let (m, c) = (f.len(), groups_in[g].count);
            if m < c {
                cap_drops[0].push((g, m as u32));
            }
            for (k, &first) in f.iter().enumerate() {
                let left = m - k - 1; // distinct first cells after `first`
                if left < c {
                    cap_drops[first as usize + 1].push((g, left as u32));
                }
            }
        }
        let mut epochs = vec![Lives { k: k_need, v: v_need }];
        let mut epoch_of = vec![0u32; n + 1];
        for p in 0..=n {
            if !cap_drops[p].is_empty() {
                let mut lives = epochs.last().unwrap().clone();
                for &(g, cap) in &cap_drops[p] {
                    let gp = groups[g];
                    let space = if gp.vector { &mut lives.v } else { &mut lives.k };
                    for (x, need) in space.iter_mut().enumerate() {
                        if gp.digit(x) > cap {
                            *need = u32::MAX;
                        }
                    }
                }
                epochs.push(lives);
            }
            epoch_of[p] = (epochs.len() - 1) as u32;
        }

        let mut req_from = vec![0u32; n + width + 1];
        for p in (0..n).rev() {
            req_from[p] = req_from[p + 1] + required[p] as u32;
        }
        Ok(Plan {
            n,
            width,
            groups,
            k_full,
            k_avail,
            d,
            v_full,
            v_avail,
            runs,
            epochs,
            epoch_of,
            placements,
            starts,
            cells,
            blocks,
            cells_of,
            has_required: required.iter().any(|&r| r),
            required,
            req_from,
        })
    }
}

// ---------------------------------------------------------------------------
// The programme
// ---------------------------------------------------------------------------

/// A placement in the window's terms.
struct Step<M> {
    cells: M,
    block: M,
    group: u32,
}

/// What a transition does to the pieces-left vector.
#[derive(Clone, Copy)]
enum Op {
    /// Unchanged (nothing placed, or a key group's piece: the key changes instead).
    Same,
    /// One piece fewer of this vector group.
    Shift(u32),
}

const NO_PLACEMENT: u32 = u32::MAX;

/// Successors gathered per batch of [`Engine::forward`].
const BATCH: usize = 128;

/// The caller's "stop now?".
type Cancel<'a> = &'a dyn Fn() -> bool;

/// States (or index slots / 16) handled between two looks at the flag outside
/// the batched passes, which look once per batch. Each state costs at most a
/// vector of 128 values, so a look comes every few milliseconds at most.
const POLL_EVERY: usize = 4096;

/// `Err(Cancelled)` once the caller asks to stop.
#[inline]
fn poll(cancel: Cancel) -> Result<(), FrontierError> {
    if cancel() {
        Err(FrontierError::Cancelled(Cancelled))
    } else {
        Ok(())
    }
}

/// A successor waiting for its lookup and its vector addition.
struct Pending<M> {
    hash: u64,
    mask: M,
    krem: u32,
    op: Op,
    src: u32,
    dst: u32,
}

/// Asks the CPU to start loading the cache line at `p` (no effect elsewhere than x86-64).
#[inline(always)]
#[allow(unsafe_code)] // the prefetch intrinsic
fn prefetch(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint; it never faults, even on a bad address.
    #[allow(unused_unsafe)]
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Prefetches every cache line of a slice.
#[inline(always)]
fn prefetch_slice<T>(s: &[T]) {
    let bytes = std::mem::size_of_val(s);
    let p = s.as_ptr() as *const u8;
    let mut off = 0;
    while off < bytes {
        prefetch(p.wrapping_add(off));
        off += 64;
    }
}

fn mask_of<M: Mask>(offsets: &[u32]) -> M {
    offsets.iter().fold(M::default(), |m, &o| m.with_bit(o as usize))
}

struct Engine<'a, M, V> {
    plan: &'a Plan,
    steps: Vec<Step<M>>,
    d: usize,
    _v: std::marker::PhantomData<V>,
}

impl<'a, M: Mask, V: Num> Engine<'a, M, V> {
    fn new(plan: &'a Plan) -> Self {
        let steps = plan
            .placements
            .iter()
            .enumerate()
            .map(|(k, p)| Step {
                cells: mask_of(plan.cells.get(k)),
                block: mask_of(plan.blocks.get(k)),
                group: p.group,
            })
            .collect();
        Engine {
            plan,
            steps,
            d: plan.d,
            _v: std::marker::PhantomData,
        }
    }

    /// Required cells in the window of layer `p`.
    fn required_window(&self, p: usize) -> M {
        let plan = self.plan;
        (0..plan.width)
            .filter(|&k| p + k < plan.n && plan.required[p + k])
            .fold(M::default(), |m, k| m.with_bit(k))
    }

    /// Calls `emit(window, key, op, placement)` for every transition out of the
    /// state `(m, krem)` before cell `i` that passes the cheap key-level tests.
    /// The forward and the backward pass both enumerate transitions here.
    #[inline(always)]
    fn successors(&self, i: usize, m: M, krem: u32, info: &Info, mut emit: impl FnMut(M, u32, Op, u32)) {
        let plan = self.plan;
        let p = i + 1;
        let k_lives = &plan.epochs[plan.epoch_of[p] as usize].k;
        let free_after = (plan.n - p) as u64;
        // Cells still to place (a lower bound) must fit in the free cells left.
        let fits = |nm: &M, nkrem: u32, fewer: u32| {
            let kn = k_lives[nkrem as usize];
            kn != u32::MAX && kn as u64 + info.min_need.saturating_sub(fewer) as u64 + nm.ones() as u64 <= free_after
        };
        if m.low() {
            let nm = m.shr1();
            if fits(&nm, krem, 0) {
                emit(nm, krem, Op::Same, NO_PLACEMENT);
            }
            return;
        }
        if !plan.required[i] {
            let nm = m.shr1();
            if fits(&nm, krem, 0) {
                emit(nm, krem, Op::Same, NO_PLACEMENT);
            }
        }
        let k_avail = plan.k_avail[krem as usize];
        let base = plan.starts[i];
        for (k, st) in self.steps[base..plan.starts[i + 1]].iter().enumerate() {
            if st.cells.meets(&m) {
                continue;
            }
            let gp = &plan.groups[st.group as usize];
            let pid = (base + k) as u32;
            if gp.vector {
                if info.avail >> st.group & 1 == 0 {
                    continue;
                }
                let nm = m.or(st.block).shr1();
                if fits(&nm, krem, gp.size) {
                    emit(nm, krem, Op::Shift(st.group), pid);
                }
            } else {
                if k_avail >> st.group & 1 == 0 {
                    continue;
                }
                let nm = m.or(st.block).shr1();
                let nkrem = krem - gp.radix;
                if fits(&nm, nkrem, 0) {
                    emit(nm, nkrem, Op::Same, pid);
                }
            }
        }
    }

    /// `dst += op(src)`, where `src` is zero outside `range`.
    #[inline(always)]
    fn apply(&self, op: Op, src: &[V], dst: &mut [V], range: (u32, u32)) {
        let (lo, hi) = (range.0 as usize, range.1 as usize);
        match op {
            Op::Same => {
                for (a, &b) in dst[lo..hi].iter_mut().zip(&src[lo..hi]) {
                    a.add_to(b);
                }
            }
            Op::Shift(g) => {
                for r in &self.plan.runs[g as usize] {
                    let (s, t, len) = (r.src as usize, r.dst as usize, r.len as usize);
                    // Clip the run to the non-zero range.
                    let (a, b) = (s.max(lo), (s + len).min(hi));
                    if a < b {
                        let t = t + (a - s);
                        for (x, &y) in dst[t..t + (b - a)].iter_mut().zip(&src[a..b]) {
                            x.add_to(y);
                        }
                    }
                }
            }
        }
    }

    /// `dst += opᵀ(src)`: completions flow backwards.
    #[inline(always)]
    fn apply_transposed(&self, op: Op, src: &[V], dst: &mut [V]) {
        match op {
            Op::Same => self.apply(op, src, dst, (0, self.d as u32)),
            Op::Shift(g) => {
                for r in &self.plan.runs[g as usize] {
                    let (s, t, len) = (r.src as usize, r.dst as usize, r.len as usize);
                    for (a, &b) in dst[s..s + len].iter_mut().zip(&src[t..t + len]) {
                        a.add_to(b);
                    }
                }
            }
        }
    }

    /// `Σ_e f[e] · g[op(e)]`: layouts through one transition.
    fn through(&self, op: Op, f: &[V], g: &[V]) -> V {
        let mut sum = V::ZERO;
        match op {
            Op::Same => {
                for (&a, &b) in f.iter().zip(g) {
                    if !a.is_zero() {
                        sum.add_to(a.times(b));
                    }
                }
            }
            Op::Shift(grp) => {
                for r in &self.plan.runs[grp as usize] {
                    let (s, t, len) = (r.src as usize, r.dst as usize, r.len as usize);
                    for (&a, &b) in f[s..s + len].iter().zip(&g[t..t + len]) {
                        if !a.is_zero() {
                            sum.add_to(a.times(b));
                        }
                    }
                }
            }
        }
        sum
    }

    /// Zeroes the entries of layer `p` that cannot be completed and fills `info`.
    fn settle(&self, layer: &mut Layer<M, V>, p: usize, cancel: Cancel) -> Result<(), FrontierError> {
        let plan = self.plan;
        let lives = &plan.epochs[plan.epoch_of[p] as usize];
        let req_window = if plan.has_required {
            self.required_window(p)
        } else {
            M::default()
        };
        let d = self.d;
        for s in 0..layer.len() {
            if s % POLL_EVERY == 0 {
                poll(cancel)?;
            }
            let m = layer.masks[s];
            let kn = lives.k[layer.krems[s] as usize] as u64;
            let limit = (plan.n - p) as u64 - m.ones() as u64;
            let uncovered = if plan.has_required {
                (req_window.ones_outside(&m) + plan.req_from[p + plan.width]) as u64
            } else {
                0
            };
            let mut info = Info {
                alive: false,
                min_need: u32::MAX,
                avail: 0,
                lo: u32::MAX,
                hi: 0,
            };
            for (v, x) in layer.vals[s * d..(s + 1) * d].iter_mut().enumerate() {
                if x.is_zero() {
                    continue;
                }
                let vn = lives.v[v];
                let need = kn + vn as u64;
                if need > limit || need < uncovered {
                    *x = V::ZERO;
                    continue;
                }
                info.alive = true;
                info.min_need = info.min_need.min(vn);
                info.avail |= plan.v_avail[v];
                info.lo = info.lo.min(v as u32);
                info.hi = v as u32 + 1;
            }
            layer.info[s] = info;
        }
        Ok(())
    }

    /// Builds layer `i + 1` from layer `i`.
    ///
    /// The layers are far bigger than the caches, so states go in batches: first
    /// every successor of a few states is hashed and its index slot prefetched,
    /// then all are looked up (prefetching their vectors), then the vectors are
    /// added. Independent cache misses overlap instead of queueing.
    fn forward(
        &self,
        cur: &Layer<M, V>,
        next: &mut Layer<M, V>,
        i: usize,
        limits: (usize, usize),
        cancel: &dyn Fn() -> bool,
    ) -> Result<(), FrontierError> {
        let d = self.d;
        next.reset(cur.len(), cancel)?;
        let mut pending: Vec<Pending<M>> = Vec::with_capacity(BATCH + 64);
        let mut s = 0;
        let mut checked = 0;
        while s < cur.len() {
            pending.clear();
            while s < cur.len() && pending.len() < BATCH {
                let info = cur.info[s];
                if info.alive {
                    self.successors(i, cur.masks[s], cur.krems[s], &info, |mask, krem, op, _| {
                        let hash = key_hash(&mask, krem);
                        next.prefetch_slot(hash);
                        pending.push(Pending {
                            hash,
                            mask,
                            krem,
                            op,
                            src: s as u32,
                            dst: 0,
                        });
                    });
                }
                s += 1;
            }
            next.make_room(pending.len(), cancel)?;
            for p in pending.iter_mut() {
                let t = next.find_or_insert(p.mask, p.krem, p.hash);
                p.dst = t as u32;
                let info = &cur.info[p.src as usize];
                prefetch_slice(&next.vals[t * d + info.lo as usize..t * d + info.hi as usize]);
            }
            for p in &pending {
                let (src, dst) = (p.src as usize * d, p.dst as usize * d);
                let info = &cur.info[p.src as usize];
                self.apply(
                    p.op,
                    &cur.vals[src..src + d],
                    &mut next.vals[dst..dst + d],
                    (info.lo, info.hi),
                );
            }
            // A batch is at most a few hundred vector additions: look at the
            // flag after each one, so a stop never waits for a whole layer.
            poll(cancel)?;
            if s - checked >= 0x1_0000 {
                checked = s;
                if next.len() > limits.0 || next.bytes() > limits.1 {
                    return Err(FrontierError::TooManyStates {
                        cell: i,
                        states: next.len(),
                    });
                }
            }
        }
        if next.len() > limits.0 || next.bytes() > limits.1 {
            return Err(FrontierError::TooManyStates {
                cell: i,
                states: next.len(),
            });
        }
        self.settle(next, i + 1, cancel)
    }

    /// Completions of every entry of layer `i` (holding forward counts) from those
    /// of layer `i + 1`; adds the layouts through each placement to `through`.
    /// Batched with prefetches like [`Engine::forward`].
    fn backward(
        &self,
        layer: &Layer<M, V>,
        after: &Layer<M, V>,
        i: usize,
        through: &mut [V],
        cancel: &dyn Fn() -> bool,
    ) -> Result<Vec<V>, FrontierError> {
        let d = self.d;
        let mut g = vec![V::ZERO; layer.len() * d];
        let mut pending: Vec<Pending<M>> = Vec::with_capacity(BATCH + 64);
        let mut s = 0;
        while s < layer.len() {
            poll(cancel)?;
            pending.clear();
            while s < layer.len() && pending.len() < BATCH {
                let info = layer.info[s];
                if info.alive {
                    self.successors(i, layer.masks[s], layer.krems[s], &info, |mask, krem, op, pid| {
                        let hash = key_hash(&mask, krem);
                        after.prefetch_slot(hash);
                        pending.push(Pending {
                            hash,
                            mask,
                            krem,
                            op,
                            src: s as u32,
                            dst: pid,
                        });
                    });
                }
                s += 1;
            }
            // Keep only successors that exist (the others have no completions);
            // `dst` becomes the successor's index, the placement moves to `hash`.
            pending.retain_mut(|p| match after.find(&p.mask, p.krem, p.hash) {
                Some(t) => {
                    prefetch_slice(&after.vals[t * d..(t + 1) * d]);
                    p.hash = p.dst as u64;
                    p.dst = t as u32;
                    true
                }
                None => false,
            });
            for p in &pending {
                let (src, t) = (p.src as usize * d, p.dst as usize * d);
                let gt = &after.vals[t..t + d];
                self.apply_transposed(p.op, gt, &mut g[src..src + d]);
                let pid = p.hash as u32;
                if pid != NO_PLACEMENT {
                    through[pid as usize].add_to(self.through(p.op, &layer.vals[src..src + d], gt));
                }
            }
        }
        Ok(g)
    }
}

fn run<M: Mask, V: Num>(
    plan: &Plan,
    opts: &Options,
    cancel: &dyn Fn() -> bool,
    progress: &dyn Fn(u64, u64),
) -> Result<Outcome, FrontierError> {
    let engine: Engine<M, V> = Engine::new(plan);
    let (n, d) = (plan.n, plan.d);
    let total_work = if opts.occupancy { 2 * n as u64 } else { n as u64 };
    // Two layers are alive while one is built (plus slack: reserved capacity, the
    // index); with occupancy, kept layers may use half of the memory besides.
    let per_layer = opts.max_memory / if opts.occupancy { 6 } else { 3 };
    let limits = (opts.max_layer_states.min(u32::MAX as usize - 1), per_layer);
    let store_budget = opts.max_memory / 2;

    let mut cur: Layer<M, V> = Layer::new(d);
    cur.reset(1, cancel)?;
    let t = cur.find_or_insert(M::default(), plan.k_full, key_hash(&M::default(), plan.k_full));
    cur.vals[t * d + plan.v_full as usize] = V::ONE;
    engine.settle(&mut cur, 0, cancel)?;
    let mut spare: Layer<M, V> = Layer::new(d);
    let (mut peak, mut total_states) = (cur.len(), cur.len() as u64);

    // Occupancy: layers kept for the backward pass; past the budget only every
    // `stride`-th (checkpoints), the others are recomputed from them.
    let mut stored: Vec<Option<Layer<M, V>>> = Vec::new();
    let stride = ((n as f64).sqrt().ceil() as usize).max(1);
    let (mut stored_bytes, mut thinned) = (0usize, false);
    if opts.occupancy {
        stored.resize_with(n + 1, || None);
    }

    for i in 0..n {
        if cancel() {
            return Err(FrontierError::Cancelled(Cancelled));
        }
        let mut next = std::mem::replace(&mut spare, Layer::new(d));
        engine.forward(&cur, &mut next, i, limits, cancel)?;
        peak = peak.max(next.len());
        total_states += next.len() as u64;
        let mut done = std::mem::replace(&mut cur, next);
        if opts.occupancy && (!thinned || i % stride == 0) {
            // Kept layers lose their index (rebuilt in the backward pass); its
            // memory goes to the next layer.
            spare.slots = done.take_index();
            stored_bytes += done.bytes();
            stored[i] = Some(done);
            if stored_bytes > store_budget && !thinned {
                thinned = true;
                for (j, slot) in stored.iter_mut().enumerate() {
                    if j % stride != 0 {
                        *slot = None;
                    }
                }
                stored_bytes = stored.iter().flatten().map(Layer::bytes).sum();
            }
            if stored_bytes > store_budget {
                return Err(FrontierError::TooManyStates {
                    cell: i,
                    states: stored.iter().flatten().map(Layer::len).sum(),
                });
            }
        } else {
            spare = done;
        }
        progress(i as u64 + 1, total_work);
    }
    drop(spare);

    // Layer n: only the empty window with no pieces left can complete.
    let final_idx = cur.find(&M::default(), 0, key_hash(&M::default(), 0));
    let layouts = final_idx.map_or(V::ZERO, |t| cur.vals[t * d]);

    let mut occupancy = Vec::new();
    if opts.occupancy {
        let mut after = cur;
        after.vals.fill(V::ZERO);
        if let Some(t) = final_idx {
            after.vals[t * d] = V::ONE;
        }
        let mut through = vec![V::ZERO; plan.placements.len()];
        for i in (0..n).rev() {
            if cancel() {
                return Err(FrontierError::Cancelled(Cancelled));
            }
            if stored[i].is_none() {
                // Recompute the stretch from the last checkpoint up to layer i.
                let j = (0..i).rev().find(|&j| stored[j].is_some()).expect("layer 0 is kept");
                for k in j..i {
                    let mut next = Layer::new(d);
                    engine.forward(stored[k].as_ref().unwrap(), &mut next, k, limits, cancel)?;
                    next.take_index();
                    stored[k + 1] = Some(next);
                }
            }
            let mut layer = stored[i].take().unwrap();
            layer.vals = engine.backward(&layer, &after, i, &mut through, cancel)?;
            layer.rebuild_index(after.take_index(), cancel)?;
            after = layer;
            progress(2 * n as u64 - i as u64, total_work);
        }
        let mut cells = vec![V::ZERO; n];
        for (pid, &x) in through.iter().enumerate() {
            if !x.is_zero() {
                for &c in plan.cells_of.get(pid) {
                    cells[c as usize].add_to(x);
                }
            }
        }
        occupancy = cells.into_iter().map(Num::to_nat).collect();
    }
    Ok(Outcome {
        layouts: layouts.to_nat(),
        occupancy,
        window: plan.width,
        vector_len: d,
        peak_states: peak,
        total_states,
    })
}
