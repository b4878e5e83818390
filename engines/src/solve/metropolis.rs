//! The Metropolis test u < e^(−βΔ), decided for several reads at once without
//! a branch per read and without calling `exp`.
//!
//! e^(−y) is approximated as 2^(−k)·P(g): k the integer nearest to y·log₂e,
//! g = (k − y·log₂e)·ln 2 in [−½ ln 2, ½ ln 2] and P the degree-6 Taylor
//! polynomial of e^g, whose relative error there is below 3·10⁻⁷. A draw
//! clearly below or above the approximation is decided by it; a draw inside
//! the error band (about one in a million) is decided with the exact `exp`.
//! So every decision is the one the exact test makes.

/// Beyond βΔ = 40 a flip has probability e⁻⁴⁰ < 2⁻⁵⁷: rejected outright, as
/// a draw that small never comes (draws are multiples of 2⁻⁵²).
pub const MAX_BETA_DELTA: f64 = 40.0;

use super::lanes::{Lanes, MAX_WIDTH, Scalar};

/// Relative half-width of the band the approximation cannot decide.
const BAND: f64 = 1e-6;

/// e^(−y) to a relative error below 3·10⁻⁷, for y in [0, 40], in each lane.
#[inline(always)]
pub fn exp_neg_approx<V: Lanes>(v: V, y: V::F) -> V::F {
    // Adding 1.5·2⁵² rounds to an integer, which then sits in the low mantissa bits.
    const ROUND: f64 = 6_755_399_441_055_744.0;
    const TAYLOR: [f64; 6] = [1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0, 1.0 / 2.0, 1.0, 1.0];
    let t = v.mul(y, v.splat(std::f64::consts::LOG2_E));
    let m = v.add(t, v.splat(ROUND));
    let k = v.sub(m, v.splat(ROUND));
    let g = v.mul(v.sub(k, t), v.splat(std::f64::consts::LN_2));
    let mut p = v.splat(1.0 / 720.0);
    for c in TAYLOR {
        p = v.add(v.mul(p, g), v.splat(c));
    }
    // 2^(−k) built from its exponent bits: k = m.bits − ROUND.bits, 0 ≤ k ≤ 58.
    let exponent = v.u_sub(v.u_splat(1023 + ROUND.to_bits()), v.to_bits(m));
    v.mul(p, v.from_bits(v.u_shl(exponent, 52)))
}

/// For each lane: is a flip that changes the energy by `delta` accepted at
/// inverse temperature `beta` with the uniform draw `u`? 1.0 if so, 0.0 if
/// not (a number, so what follows stays arithmetic). Downhill and level flips
/// always are.
#[inline(always)]
pub fn decide<V: Lanes>(v: V, beta: f64, delta: V::F, u: V::F) -> V::F {
    match decide_clear(v, beta, delta, u) {
        Some(accept) => accept,
        None => decide_settled(v, beta, delta, u),
    }
}

/// The decision where the approximation settles every lane; `None` when a
/// draw falls in its error band (about one in a million). A sweep loop built
/// on this one calls no function, so its random state stays in registers.
#[inline(always)]
pub fn decide_clear<V: Lanes>(v: V, beta: f64, delta: V::F, u: V::F) -> Option<V::F> {
    let max = v.splat(MAX_BETA_DELTA);
    let y = v.mul(v.splat(beta), delta);
    let p = exp_neg_approx(v, v.clamp(y, v.splat(0.0), max));
    let live = v.lt(y, max);
    let yes = v.and(live, v.lt(u, v.mul(p, v.splat(1.0 - BAND))));
    let unsure = v.and_not(v.and(live, v.lt(u, v.mul(p, v.splat(1.0 + BAND)))), yes);
    (!v.any(unsure)).then(|| v.one_where(yes))
}

/// The decision with the exact `exp` for every lane (the rare case
/// [`decide_clear`] leaves open). Out of line: it runs about once a million draws.
#[cold]
#[inline(never)]
fn decide_settled<V: Lanes>(v: V, beta: f64, delta: V::F, u: V::F) -> V::F {
    let mut lanes = [[0.0; MAX_WIDTH]; 2];
    for (value, out) in [delta, u].into_iter().zip(&mut lanes) {
        v.write(value, out);
    }
    let [delta, u] = lanes;
    let mut accept = [0.0; MAX_WIDTH];
    for k in 0..V::WIDTH {
        let y = beta * delta[k];
        accept[k] = if y < MAX_BETA_DELTA && u[k] < (-y).exp() {
            1.0
        } else {
            0.0
        };
    }
    v.from_slice(&accept)
}

/// The same decision for one read, with branches: downhill flips and flips
/// beyond βΔ = 40 need no polynomial, and the branches predict well.
#[inline(always)]
pub fn decide_one(beta: f64, delta: f64, u: f64) -> f64 {
    let y = beta * delta;
    let yes = if y <= 0.0 {
        true
    } else if y >= MAX_BETA_DELTA {
        false
    } else {
        let p = exp_neg_approx(Scalar, y);
        if u < p * (1.0 - BAND) {
            true
        } else if u >= p * (1.0 + BAND) {
            false
        } else {
            u < (-y).exp()
        }
    };
    if yes { 1.0 } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Rng;

    #[test]
    fn approximation_is_within_its_error_bound() {
        let mut worst: f64 = 0.0;
        for step in 0..=4_000_000 {
            let y = step as f64 * 1e-5;
            worst = worst.max((exp_neg_approx(Scalar, y) / (-y).exp() - 1.0).abs());
        }
        assert!(worst < 3e-7, "relative error {worst}");
        assert_eq!(exp_neg_approx(Scalar, 0.0), 1.0);
    }

    /// Every backend's decisions equal the exact test, near the boundary too.
    fn decides_as_the_exact_test<V: Lanes>(v: V) {
        let w = V::WIDTH;
        let mut rng = Rng::new(3);
        let mut settled = 0;
        for _ in 0..1_000_000 / w {
            let beta = 0.01 + rng.unit() * 10.0;
            let mut delta = [0.0; MAX_WIDTH];
            let mut u = [0.0; MAX_WIDTH];
            for k in 0..w {
                delta[k] = (rng.unit() - 0.2) * 45.0 / beta;
                let y = beta * delta[k];
                // Half the draws at the boundary, where the approximation cannot decide alone.
                u[k] = if rng.bit() == 0 {
                    rng.unit()
                } else {
                    ((-y).exp() * (1.0 + (rng.unit() - 0.5) * 1e-5)).min(0.999_999_999)
                };
                settled += ((u[k] - (-y).exp()).abs() < 1e-6 * (-y).exp()) as usize;
            }
            let mut got = [0.0; MAX_WIDTH];
            v.write(v.decide(beta, v.from_slice(&delta), v.from_slice(&u)), &mut got);
            for k in 0..w {
                let y = beta * delta[k];
                let exact = y < MAX_BETA_DELTA && u[k] < (-y).exp();
                assert_eq!(got[k] == 1.0, exact, "u {}, βΔ {y}, width {w}", u[k]);
            }
        }
        assert!(settled > 40_000, "the boundary was hardly tested: {settled}");
    }

    #[test]
    fn every_backend_decides_as_the_exact_test() {
        decides_as_the_exact_test(Scalar);
        #[cfg(target_arch = "x86_64")]
        {
            use crate::solve::lanes::{Avx2, Avx512};
            if let Some(a) = Avx2::new() {
                decides_as_the_exact_test(a)
            }
            if let Some(a) = Avx512::new() {
                decides_as_the_exact_test(a)
            }
        }
    }
}
