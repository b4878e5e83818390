//! A sparse QUBO: E(x) = offset + Σ a_i x_i + Σ_{i<j} b_ij x_i x_j over x ∈ {0,1}ⁿ.
//!
//! Couplers are stored both ways as neighbour lists (CSR), so a flip's energy
//! change reads only the flipped variable's row: Δ_i = (1 − 2x_i)(a_i + Σ_j b_ij x_j).
//! This is the convention of dimod and qbsolv files (one coupler per pair, the
//! "upper-triangular" value b_ij = Q_ij + Q_ji of a symmetric matrix Q).

use std::collections::HashMap;

/// Most variables a model may have (a 1024×1024 picture).
pub const MAX_VARIABLES: usize = 1 << 20;
/// Most couplers a model may have (memory: about 24 bytes each).
pub const MAX_COUPLERS: usize = 50_000_000;

/// Largest size of a coefficient (linear, coupler or offset, after the terms
/// add up). Every energy of a model within the limits then stays finite
/// (at most about 10²³), so no reader, option or sum brings in ±inf or NaN.
pub const MAX_COEFFICIENT: f64 = 1e15;

/// The one rule for numbers in a model: finite and at most [`MAX_COEFFICIENT`]
/// in size. `what` names the number in the message.
pub fn check_coefficient(v: f64, what: &str) -> Result<f64, String> {
    if v.abs() <= MAX_COEFFICIENT {
        Ok(v)
    } else {
        Err(format!(
            "{what} is {v:e}: coefficients must be finite numbers of size at most {MAX_COEFFICIENT:e}"
        ))
    }
}

/// A QUBO with its couplers as compressed neighbour lists.
#[derive(Clone, Debug, PartialEq)]
pub struct Qubo {
    linear: Vec<f64>,
    offset: f64,
    /// Row `i` of the neighbour lists is `start[i]..start[i + 1]`.
    start: Vec<u32>,
    neighbour: Vec<u32>,
    weight: Vec<f64>,
}

/// Collects terms in any order (repeats add up) and builds a [`Qubo`].
#[derive(Clone, Debug, Default)]
pub struct QuboBuilder {
    linear: Vec<f64>,
    offset: f64,
    couplers: HashMap<(u32, u32), f64>,
}

impl QuboBuilder {
    pub fn new(n: usize) -> QuboBuilder {
        QuboBuilder {
            linear: vec![0.0; n],
            offset: 0.0,
            couplers: HashMap::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.linear.len()
    }

    pub fn is_empty(&self) -> bool {
        self.linear.is_empty()
    }

    /// Grows the model to at least `n` variables.
    pub fn ensure(&mut self, n: usize) {
        if n > self.linear.len() {
            self.linear.resize(n, 0.0);
        }
    }

    pub fn add_offset(&mut self, v: f64) {
        self.offset += v;
    }

    pub fn add_linear(&mut self, i: usize, v: f64) {
        self.ensure(i + 1);
        self.linear[i] += v;
    }

    /// Adds `v·x_i·x_j`; with `i == j` that is the linear term (x² = x).
    pub fn add_coupler(&mut self, i: usize, j: usize, v: f64) {
        if i == j {
            self.add_linear(i, v);
            return;
        }
        self.ensure(i.max(j) + 1);
        let key = (i.min(j) as u32, i.max(j) as u32);
        *self.couplers.entry(key).or_insert(0.0) += v;
    }

    /// Adds `w·(Σ_k c_k x_k − t)²` (a penalty that is zero when the weighted
    /// sum hits the target).
    pub fn add_squared(&mut self, w: f64, terms: &[(usize, f64)], target: f64) {
        self.add_offset(w * target * target);
        for (a, &(i, ci)) in terms.iter().enumerate() {
            self.add_linear(i, w * (ci * ci - 2.0 * target * ci));
            for &(j, cj) in &terms[a + 1..] {
                self.add_coupler(i, j, 2.0 * w * ci * cj);
            }
        }
    }

    /// Σ scale·part, term by term: each coefficient is rounded once, so parts
    /// with integer terms (row sums, the Laplacian) give clean coefficients
    /// (−1.9, not −1.9000000000000004) and exact zeros stay zero.
    pub fn combine(parts: &[(f64, &QuboBuilder)]) -> QuboBuilder {
        let n = parts.iter().map(|(_, p)| p.len()).max().unwrap_or(0);
        let mut out = QuboBuilder::new(n);
        for i in 0..n {
            out.linear[i] = parts
                .iter()
                .filter_map(|(w, p)| p.linear.get(i).map(|v| w * v))
                .fold(0.0, |a, b| a + b);
        }
        out.offset = parts.iter().map(|(w, p)| w * p.offset).fold(0.0, |a, b| a + b);
        let keys: std::collections::BTreeSet<(u32, u32)> =
            parts.iter().flat_map(|(_, p)| p.couplers.keys().copied()).collect();
        for k in keys {
            let v = parts
                .iter()
                .filter_map(|(w, p)| p.couplers.get(&k).map(|v| w * v))
                .fold(0.0, |a, b| a + b);
            out.couplers.insert(k, v);
        }
        out
    }

    /// The model; couplers that summed to exactly zero are dropped.
    pub fn build(self) -> Result<Qubo, String> {
        let n = self.linear.len();
        if n > MAX_VARIABLES {
            return Err(format!("{n} variables is over the limit of {MAX_VARIABLES}"));
        }
        let mut pairs: Vec<((u32, u32), f64)> = self.couplers.into_iter().filter(|(_, v)| *v != 0.0).collect();
        if pairs.len() > MAX_COUPLERS {
            return Err(format!("{} couplers is over the limit of {MAX_COUPLERS}", pairs.len()));
        }
        check_coefficient(self.offset, "the offset")?;
        if let Some((i, &v)) = self
            .linear
            .iter()
            .enumerate()
            .find(|(_, v)| v.abs().is_nan() || v.abs() > MAX_COEFFICIENT)
        {
            check_coefficient(v, &format!("the linear term of variable {i}"))?;
        }
        if let Some(&((i, j), v)) = pairs
            .iter()
            .find(|(_, v)| v.abs().is_nan() || v.abs() > MAX_COEFFICIENT)
        {
            check_coefficient(v, &format!("the coupler {i}–{j}"))?;
        }
        pairs.sort_unstable_by_key(|p| p.0);
        let mut degree = vec![0u32; n + 1];
        for &((i, j), _) in &pairs {
            degree[i as usize + 1] += 1;
            degree[j as usize + 1] += 1;
        }
        for k in 1..=n {
            degree[k] += degree[k - 1];
        }
        let start = degree;
        let mut fill = start.clone();
        let mut neighbour = vec![0u32; 2 * pairs.len()];
        let mut weight = vec![0f64; 2 * pairs.len()];
        for &((i, j), v) in &pairs {
            for (a, b) in [(i, j), (j, i)] {
                let slot = fill[a as usize] as usize;
                neighbour[slot] = b;
                weight[slot] = v;
                fill[a as usize] += 1;
            }
        }
        Ok(Qubo {
            linear: self.linear,
            offset: self.offset,
            start,
            neighbour,
            weight,
        })
    }
}

impl Qubo {
    pub fn len(&self) -> usize {
        self.linear.len()
    }

    pub fn is_empty(&self) -> bool {
        self.linear.is_empty()
    }

    pub fn offset(&self) -> f64 {
        self.offset
    }

    pub fn linear(&self) -> &[f64] {
        &self.linear
    }

    /// Number of couplers (pairs with a non-zero weight).
    pub fn coupler_count(&self) -> usize {
        self.neighbour.len() / 2
    }

    /// Neighbours of `i` with the coupler weights.
    pub fn row(&self, i: usize) -> (&[u32], &[f64]) {
        let (a, b) = (self.start[i] as usize, self.start[i + 1] as usize);
        (&self.neighbour[a..b], &self.weight[a..b])
    }

    /// Every coupler once, as (i, j, b_ij) with i < j, in order.
    pub fn couplers(&self) -> impl Iterator<Item = (usize, usize, f64)> + '_ {
        (0..self.len()).flat_map(move |i| {
            let (nb, w) = self.row(i);
            nb.iter()
                .zip(w)
                .filter(move |(j, _)| (**j as usize) > i)
                .map(move |(j, w)| (i, *j as usize, *w))
        })
    }

    /// E(x) for a 0/1 state.
    pub fn energy(&self, x: &[u8]) -> f64 {
        let mut e = self.offset;
        for (i, &xi) in x.iter().enumerate() {
            if xi == 0 {
                continue;
            }
            e += self.linear[i];
            let (nb, w) = self.row(i);
            for (j, wij) in nb.iter().zip(w) {
                if (*j as usize) > i && x[*j as usize] != 0 {
                    e += wij;
                }
            }
        }
        e
    }

    /// a_i + Σ_j b_ij x_j: the energy change of raising x_i from 0 to 1.
    pub fn field(&self, x: &[u8], i: usize) -> f64 {
        let (nb, w) = self.row(i);
        self.linear[i]
            + nb.iter()
                .zip(w)
                .filter(|(j, _)| x[**j as usize] != 0)
                .map(|(_, w)| w)
                .sum::<f64>()
    }

    /// The energy change of flipping x_i.
    pub fn flip_delta(&self, x: &[u8], i: usize) -> f64 {
        let f = self.field(x, i);
        if x[i] == 0 { f } else { -f }
    }

    /// The model with some variables fixed (removed): their linear terms go
    /// into the offset, their couplers into their neighbours' linear terms.
    /// Returns the model and, for each of its variables, the original index.
    pub fn fix(&self, fixed: &[(usize, bool)]) -> (Qubo, Vec<usize>) {
        let mut value: Vec<Option<bool>> = vec![None; self.len()];
        for &(i, v) in fixed {
            value[i] = Some(v);
        }
        let kept: Vec<usize> = (0..self.len()).filter(|&i| value[i].is_none()).collect();
        let mut new_index = vec![usize::MAX; self.len()];
        for (k, &i) in kept.iter().enumerate() {
            new_index[i] = k;
        }
        let mut b = QuboBuilder::new(kept.len());
        b.add_offset(self.offset);
        for i in 0..self.len() {
            match value[i] {
                Some(true) => b.add_offset(self.linear[i]),
                Some(false) => {}
                None => b.add_linear(new_index[i], self.linear[i]),
            }
        }
        for (i, j, w) in self.couplers() {
            match (value[i], value[j]) {
                (None, None) => b.add_coupler(new_index[i], new_index[j], w),
                (None, Some(true)) => b.add_linear(new_index[i], w),
                (Some(true), None) => b.add_linear(new_index[j], w),
                (Some(true), Some(true)) => b.add_offset(w),
                _ => {}
            }
        }
        (b.build().expect("fixing variables only shrinks a model"), kept)
    }
}

/// The same energy in spins s ∈ {−1, +1} (s = 2x − 1):
/// E(s) = offset + Σ h_i s_i + Σ_{i<j} J_ij s_i s_j.
#[derive(Clone, Debug, PartialEq)]
pub struct Ising {
    pub h: Vec<f64>,
    /// (i, j, J_ij) with i < j.
    pub j: Vec<(usize, usize, f64)>,
    pub offset: f64,
}

impl Ising {
    pub fn energy(&self, s: &[i8]) -> f64 {
        let mut e = self.offset;
        for (i, h) in self.h.iter().enumerate() {
            e += h * s[i] as f64;
        }
        for &(i, j, w) in &self.j {
            e += w * (s[i] * s[j]) as f64;
        }
        e
    }
}

impl Qubo {
    /// x = (s + 1)/2: h_i = a_i/2 + Σ_j b_ij/4, J_ij = b_ij/4,
    /// offset + Σ a_i/2 + Σ b_ij/4.
    pub fn to_ising(&self) -> Ising {
        let mut h: Vec<f64> = self.linear.iter().map(|a| a / 2.0).collect();
        let mut offset = self.offset + self.linear.iter().sum::<f64>() / 2.0;
        let mut j = Vec::with_capacity(self.coupler_count());
        for (a, b, w) in self.couplers() {
            h[a] += w / 4.0;
            h[b] += w / 4.0;
            offset += w / 4.0;
            j.push((a, b, w / 4.0));
        }
        Ising { h, j, offset }
    }

    /// s = 2x − 1: a_i = 2h_i − 2Σ_j J_ij, b_ij = 4J_ij, offset − Σh + ΣJ.
    pub fn from_ising(ising: &Ising) -> Result<Qubo, String> {
        let mut b = QuboBuilder::new(ising.h.len());
        b.add_offset(ising.offset - ising.h.iter().sum::<f64>());
        for (i, h) in ising.h.iter().enumerate() {
            b.add_linear(i, 2.0 * h);
        }
        for &(i, k, w) in &ising.j {
            b.add_coupler(i, k, 4.0 * w);
            b.add_linear(i, -2.0 * w);
            b.add_linear(k, -2.0 * w);
            b.add_offset(w);
        }
        b.build()
    }
}

/// What a hardware user looks at before sending a model to an annealer.
#[derive(Clone, Debug, PartialEq)]
pub struct QuboStats {
    pub variables: usize,
    pub couplers: usize,
    /// Couplers / (n(n−1)/2).
    pub density: f64,
    /// Smallest and largest coefficient (linear and couplers).
    pub min_coefficient: f64,
    pub max_coefficient: f64,
    /// Smallest and largest non-zero |coefficient|.
    pub min_abs: f64,
    pub max_abs: f64,
    /// max_abs / min_abs: the precision an annealer needs to tell them apart.
    pub dynamic_range: f64,
    pub offset: f64,
}

impl Qubo {
    pub fn stats(&self) -> QuboStats {
        let n = self.len();
        let coefs = self.linear.iter().copied().chain(self.couplers().map(|c| c.2));
        let (mut lo, mut hi, mut alo, mut ahi) = (f64::INFINITY, f64::NEG_INFINITY, f64::INFINITY, 0f64);
        for c in coefs {
            lo = lo.min(c);
            hi = hi.max(c);
            if c != 0.0 {
                alo = alo.min(c.abs());
                ahi = ahi.max(c.abs());
            }
        }
        if !lo.is_finite() {
            (lo, hi) = (0.0, 0.0);
        }
        let pairs = (n * n.saturating_sub(1) / 2).max(1);
        QuboStats {
            variables: n,
            couplers: self.coupler_count(),
            density: self.coupler_count() as f64 / pairs as f64,
            min_coefficient: lo,
            max_coefficient: hi,
            min_abs: if alo.is_finite() { alo } else { 0.0 },
            max_abs: ahi,
            dynamic_range: if alo.is_finite() && alo > 0.0 { ahi / alo } else { 0.0 },
            offset: self.offset,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Qubo {
        let mut b = QuboBuilder::new(3);
        b.add_linear(0, -1.0);
        b.add_linear(2, 0.5);
        b.add_coupler(0, 1, 2.0);
        b.add_coupler(2, 1, -3.0);
        b.add_coupler(1, 2, 1.0);
        b.add_offset(4.0);
        b.build().unwrap()
    }

    #[test]
    fn energies_deltas_and_repeated_terms() {
        let q = small();
        assert_eq!(q.coupler_count(), 2);
        assert_eq!(q.energy(&[0, 0, 0]), 4.0);
        assert_eq!(q.energy(&[1, 1, 1]), 4.0 - 1.0 + 0.5 + 2.0 - 2.0);
        for s in 0..8u8 {
            let x: Vec<u8> = (0..3).map(|i| (s >> i) & 1).collect();
            for i in 0..3 {
                let mut y = x.clone();
                y[i] ^= 1;
                assert!((q.energy(&y) - q.energy(&x) - q.flip_delta(&x, i)).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn fixing_keeps_energies() {
        let q = small();
        let (r, kept) = q.fix(&[(1, true)]);
        assert_eq!(kept, vec![0, 2]);
        for s in 0..4u8 {
            let y = [s & 1, (s >> 1) & 1];
            assert_eq!(r.energy(&y), q.energy(&[y[0], 1, y[1]]));
        }
    }

    #[test]
    fn squared_penalty_is_zero_on_target() {
        let mut b = QuboBuilder::new(3);
        b.add_squared(2.0, &[(0, 1.0), (1, 1.0), (2, 1.0)], 2.0);
        let q = b.build().unwrap();
        assert_eq!(q.energy(&[1, 1, 0]), 0.0);
        assert_eq!(q.energy(&[1, 1, 1]), 2.0);
        assert_eq!(q.energy(&[0, 0, 0]), 8.0);
    }
}
