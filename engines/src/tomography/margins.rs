//! |U(r, c)|: the exact number of binary matrices with given row and column sums.
//!
//! A dynamic programme over columns in the spirit of Miller and Harrison: the
//! state is how many rows still need each number of ones; a column with sum c
//! takes t_v rows from each group v (Σ t_v = c) in ∏ C(n_v, t_v) ways. Counted in
//! u128 and, when that would overflow, again with big integers.

use super::XRay;
use crate::cover::CountError;
use crate::run::{CancelFlag, Cancelled};
use num_bigint::BigUint;
use rustc_hash::FxHashMap as HashMap;

/// Arithmetic the programme needs, so it runs on u128 (fast) or BigUint (exact).
trait Count: Clone {
    fn zero() -> Self;
    fn one() -> Self;
    fn add(&self, o: &Self) -> Option<Self>;
    fn mul(&self, k: u64) -> Option<Self>;
}

impl Count for u128 {
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn add(&self, o: &Self) -> Option<Self> {
        self.checked_add(*o)
    }
    fn mul(&self, k: u64) -> Option<Self> {
        self.checked_mul(k as u128)
    }
}

impl Count for BigUint {
    fn zero() -> Self {
        BigUint::ZERO
    }
    fn one() -> Self {
        BigUint::from(1u8)
    }
    fn add(&self, o: &Self) -> Option<Self> {
        Some(self + o)
    }
    fn mul(&self, k: u64) -> Option<Self> {
        Some(self * k)
    }
}

/// Binomial coefficients up to 64 choose k.
fn binomials() -> Vec<Vec<u64>> {
    let mut c = vec![vec![0u64; 65]; 65];
    for n in 0..=64 {
        c[n][0] = 1;
        for k in 1..=n {
            c[n][k] = c[n - 1][k - 1].saturating_add(c[n - 1][k]);
        }
    }
    c
}

/// Longest group vector (row sums 0..=64).
const GROUPS: usize = crate::geometry::MAX_SIDE + 1;

/// Memo of the programme, keyed by column and state. States are packed into a
/// u64 when they fit (boards up to 15 rows with row sums up to 15), otherwise
/// keyed by the whole vector. One map for all columns: fewer allocations.
struct Memo<T> {
    packed: HashMap<(u8, u64), T>,
    wide: HashMap<(u8, Vec<u8>), T>,
}

impl<T: Clone> Memo<T> {
    fn pack(groups: &[u8]) -> Option<u64> {
        (groups.len() <= 16 && groups.iter().all(|&g| g < 16))
            .then(|| groups.iter().fold(0u64, |k, &g| k << 4 | g as u64))
    }

    fn get(&self, j: usize, groups: &[u8]) -> Option<T> {
        match Self::pack(groups) {
            Some(k) => self.packed.get(&(j as u8, k)).cloned(),
            None => self.wide.get(&(j as u8, groups.to_vec())).cloned(),
        }
    }

    fn insert(&mut self, j: usize, groups: &[u8], v: T) {
        match Self::pack(groups) {
            Some(k) => {
                self.packed.insert((j as u8, k), v);
            }
            None => {
                self.wide.insert((j as u8, groups.to_vec()), v);
            }
        }
    }
}

/// Steps taken and who to tell: shared by the u128 and the big-integer runs.
struct Budget<'a> {
    cancel: Option<&'a CancelFlag>,
    progress: Option<&'a (dyn Fn(u64) + Sync)>,
    steps: u64,
}

struct Programme<'a, 'b, 'c, T> {
    budget: &'b mut Budget<'c>,
    /// Steps left before the budget is next checked (a countdown is the
    /// cheapest test in the innermost loop).
    until_check: u32,
    /// Set when the programme stopped for `cancel` or a limit (not overflow).
    stopped: Option<CountError>,
    states: usize,
    cols: Vec<u32>,
    /// Sum of the column sums from column j on.
    tail: Vec<u64>,
    binom: &'a [Vec<u64>],
    memo: Memo<T>,
}

impl<T: Count> Programme<'_, '_, '_, T> {
    /// Ways to finish columns j.. when `groups[v]` rows still need v ones.
    fn ways(&mut self, j: usize, groups: &[u8]) -> Option<T> {
        if j == self.cols.len() {
            return Some(if groups.iter().skip(1).all(|&n| n == 0) {
                T::one()
            } else {
                T::zero()
            });
        }
        let need: u64 = groups.iter().enumerate().map(|(v, &n)| v as u64 * n as u64).sum();
        let top = groups.iter().rposition(|&n| n > 0).unwrap_or(0);
        if need != self.tail[j] || top > self.cols.len() - j {
            return Some(T::zero());
        }
        // Nothing left to place, or one column left for rows that each need one:
        // exactly one way (the sums already match), no memo needed.
        if need == 0 || (j + 1 == self.cols.len() && top <= 1) {
            return Some(T::one());
        }
        if let Some(v) = self.memo.get(j, groups) {
            return Some(v);
        }
        self.states += 1;
        if self.states > MAX_STATES {
            self.stopped = Some(CountError::Invalid(format!(
                "|U(r,c)| for these sums needs more than {MAX_STATES} states of the counting programme: too large to count here"
            )));
            return None;
        }
        let mut total = T::zero();
        let mut take = [0u8; GROUPS];
        // below[v]: rows that need between 1 and v ones (the rows split can still use).
        let mut below = [0u32; GROUPS];
        for v in 1..groups.len() {
            below[v] = below[v - 1] + groups[v] as u32;
        }
        self.split(j, groups, &below, top, self.cols[j], &mut take, 1, &mut total)?;
        self.memo.insert(j, groups, total.clone());
        Some(total)
    }

    /// False (and `stopped` says why) when cancelled or past [`MAX_STEPS`].
    fn within_budget(&mut self) -> bool {
        self.until_check = CHECK_EVERY;
        self.budget.steps += u64::from(CHECK_EVERY);
        if let Some(report) = self.budget.progress {
            report(self.budget.steps);
        }
        if self.budget.cancel.is_some_and(CancelFlag::is_cancelled) {
            self.stopped = Some(CountError::Cancelled(Cancelled));
        } else if self.budget.steps > MAX_STEPS {
            self.stopped = Some(CountError::Invalid(format!(
                "|U(r,c)| for these sums needs more than {MAX_STEPS} steps of the counting programme (minutes of work): too large to count here"
            )));
        }
        self.stopped.is_none()
    }

    /// Chooses how many rows of group `v`, then of the groups below it, get a one
    /// in column j. Rows that need a one in every column left must take one now.
    #[allow(clippy::too_many_arguments)]
    fn split(
        &mut self,
        j: usize,
        groups: &[u8],
        below: &[u32; GROUPS],
        v: usize,
        left: u32,
        take: &mut [u8; GROUPS],
        ways: u64,
        total: &mut T,
    ) -> Option<()> {
        if left == 0 {
            self.until_check -= 1;
            if self.until_check == 0 && !self.within_budget() {
                return None;
            }
            let mut next = [0u8; GROUPS];
            let next = &mut next[..groups.len()];
            next.copy_from_slice(groups);
            for (w, &t) in take.iter().enumerate().take(groups.len()).skip(1) {
                next[w] -= t;
                next[w - 1] += t;
            }
            let sub = self.ways(j + 1, next)?;
            *total = total.add(&sub.mul(ways)?)?;
            return Some(());
        }
        if v == 0 || below[v] < left {
            return Some(());
        }
        let avail = groups[v] as u32;
        let forced = v == self.cols.len() - j;
        let lowest = if forced { avail } else { 0 };
        if lowest > left {
            return Some(());
        }
        for t in lowest..=avail.min(left) {
            take[v] = t as u8;
            let w = ways.checked_mul(self.binom[avail as usize][t as usize])?;
            self.split(j, groups, below, v - 1, left - t, take, w, total)?;
        }
        take[v] = 0;
        Some(())
    }
}

/// Memo entries before the count gives up (memory: roughly 100 bytes each).
const MAX_STATES: usize = 20_000_000;

/// Column splits tried before the count gives up: under a minute of big-integer
/// work (24×24 with every sum 12 needs more; 18×18 with every sum 9 takes 47 M).
pub const MAX_STEPS: u64 = 300_000_000;

/// Steps between two looks at the cancel flag and the budget.
const CHECK_EVERY: u32 = 65_536;

fn run<T: Count>(xray: &XRay, binom: &[Vec<u64>], budget: &mut Budget) -> Result<Option<T>, CountError> {
    let max_r = xray.rows.iter().copied().max().unwrap_or(0) as usize;
    let mut groups = vec![0u8; max_r + 1];
    for &r in &xray.rows {
        groups[r as usize] += 1;
    }
    let mut cols = xray.cols.clone();
    cols.sort_unstable_by(|a, b| b.cmp(a));
    let mut tail = vec![0u64; cols.len() + 1];
    for j in (0..cols.len()).rev() {
        tail[j] = tail[j + 1] + cols[j] as u64;
    }
    let mut packed = HashMap::default();
    packed.reserve(64);
    let memo = Memo {
        packed,
        wide: HashMap::default(),
    };
    let mut p = Programme {
        budget,
        until_check: CHECK_EVERY,
        stopped: None,
        states: 0,
        cols,
        tail,
        binom,
        memo,
    };
    let r = p.ways(0, &groups);
    match p.stopped {
        Some(why) => Err(why),
        None => Ok(r),
    }
}

/// The programme keeps one state entry per row; it runs faster with the rows on
/// the side that has more non-empty lines (measured on random classic fleets,
/// about 14% fewer instructions), so the X-ray is transposed when that helps.
fn oriented(xray: &XRay) -> std::borrow::Cow<'_, XRay> {
    let non_empty = |v: &[u32]| v.iter().filter(|&&x| x > 0).count();
    if non_empty(&xray.cols) > non_empty(&xray.rows) {
        std::borrow::Cow::Owned(XRay {
            rows: xray.cols.clone(),
            cols: xray.rows.clone(),
        })
    } else {
        std::borrow::Cow::Borrowed(xray)
    }
}

/// The exact number of binary matrices with the X-ray's row and column sums.
pub fn count_matrices(xray: &XRay) -> Result<BigUint, CountError> {
    count_matrices_with(xray, &CancelFlag::new(), &|_| {})
}

/// Could |U| reach 2^126? Its bound ∏ C(columns, row sum) decides whether
/// the u128 run is worth trying before the big-integer one.
fn may_exceed_u128(xray: &XRay, binom: &[Vec<u64>]) -> bool {
    let n = xray.cols.len();
    let bits: f64 = xray.rows.iter().map(|&r| (binom[n][r as usize] as f64).log2()).sum();
    bits >= 126.0
}

/// [`count_matrices`] that stops when `cancel` is set ([`CountError::Cancelled`]) or
/// past its state or step limit (an error that says so), reporting the steps
/// taken (out of at most [`MAX_STEPS`]) to `progress` now and then.
pub fn count_matrices_with(
    xray: &XRay,
    cancel: &CancelFlag,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<BigUint, CountError> {
    if xray.rows.len() > 64 || xray.cols.len() > 64 {
        return Err(CountError::Invalid("at most 64 rows and 64 columns".into()));
    }
    if xray.feasibility().is_err() {
        return Ok(BigUint::ZERO);
    }
    let x = oriented(xray);
    let binom = binomials();
    let mut budget = Budget {
        cancel: Some(cancel),
        progress: Some(progress),
        steps: 0,
    };
    if !may_exceed_u128(&x, &binom)
        && let Some(n) = run::<u128>(&x, &binom, &mut budget)?
    {
        return Ok(BigUint::from(n));
    }
    run::<BigUint>(&x, &binom, &mut budget)?.ok_or_else(|| CountError::Invalid("internal overflow".into()))
}

/// As [`count_matrices`] but only when the count fits in u128 (fast path for
/// statistics): `Ok(None)` when it overflows u128 or is past the programme's
/// limits. With `cancel` it stops within a fraction of a second of it
/// (`Err(Cancelled)`).
pub fn count_matrices_u128(xray: &XRay, cancel: Option<&CancelFlag>) -> Result<Option<u128>, Cancelled> {
    if xray.feasibility().is_err() {
        return Ok(Some(0));
    }
    thread_local! {
        static BINOM: Vec<Vec<u64>> = binomials();
    }
    let x = oriented(xray);
    let mut budget = Budget {
        cancel,
        progress: None,
        steps: 0,
    };
    match BINOM.with(|b| run::<u128>(&x, b, &mut budget)) {
        Ok(n) => Ok(n),
        Err(CountError::Cancelled(c)) => Err(c),
        Err(_) => Ok(None),
    }
}
