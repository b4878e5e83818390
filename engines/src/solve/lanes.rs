//! Just enough SIMD for the annealing kernel, behind one trait so that the
//! kernel is written once: `Scalar` (one lane, any CPU), `Avx2` (four lanes)
//! and `Avx512` (eight lanes). Every operation is the same IEEE operation in
//! each lane, so a lane computes exactly what `Scalar` computes; the compiler
//! is not trusted to vectorise this loop by itself (it did so only in part).
//!
//! `Avx2` and `Avx512` are tokens: a value exists only once the CPU has been
//! found to have the instructions, which is what makes their methods sound.

use super::metropolis;

/// The most lanes of any backend (AVX-512's eight doubles).
pub const MAX_WIDTH: usize = 8;

/// Lane-wise operations on `WIDTH` doubles (`F`), 64-bit words (`U`) and
/// comparison results (`M`).
// `from_*` methods take the CPU token as `self`: it proves the instructions exist.
#[allow(clippy::wrong_self_convention)]
pub trait Lanes: Copy + Send + Sync {
    const WIDTH: usize;
    type F: Copy;
    type U: Copy;
    type M: Copy;

    fn splat(self, x: f64) -> Self::F;
    /// The first `WIDTH` values of `x`.
    fn from_slice(self, x: &[f64]) -> Self::F;
    fn write(self, v: Self::F, out: &mut [f64]);
    fn add(self, a: Self::F, b: Self::F) -> Self::F;
    fn sub(self, a: Self::F, b: Self::F) -> Self::F;
    fn mul(self, a: Self::F, b: Self::F) -> Self::F;
    /// `x` limited to [lo, hi] (inputs are never NaN).
    fn clamp(self, x: Self::F, lo: Self::F, hi: Self::F) -> Self::F;
    fn lt(self, a: Self::F, b: Self::F) -> Self::M;
    fn and(self, a: Self::M, b: Self::M) -> Self::M;
    /// `a` and not `b`.
    fn and_not(self, a: Self::M, b: Self::M) -> Self::M;
    fn any(self, m: Self::M) -> bool;
    /// 1.0 where `m` holds, 0.0 elsewhere.
    fn one_where(self, m: Self::M) -> Self::F;

    fn u_splat(self, x: u64) -> Self::U;
    fn u_from_slice(self, x: &[u64]) -> Self::U;
    fn u_write(self, v: Self::U, out: &mut [u64]);
    fn u_add(self, a: Self::U, b: Self::U) -> Self::U;
    fn u_sub(self, a: Self::U, b: Self::U) -> Self::U;
    fn u_xor(self, a: Self::U, b: Self::U) -> Self::U;
    fn u_or(self, a: Self::U, b: Self::U) -> Self::U;
    fn u_shl(self, a: Self::U, n: u32) -> Self::U;
    fn u_shr(self, a: Self::U, n: u32) -> Self::U;
    fn u_rotl(self, a: Self::U, n: u32) -> Self::U {
        self.u_or(self.u_shl(a, n), self.u_shr(a, 64 - n))
    }
    /// The bits of each double, and back.
    fn to_bits(self, v: Self::F) -> Self::U;
    fn from_bits(self, v: Self::U) -> Self::F;

    /// The Metropolis decision in each lane (see [`metropolis::decide`]).
    #[inline(always)]
    fn decide(self, beta: f64, delta: Self::F, u: Self::F) -> Self::F {
        metropolis::decide(self, beta, delta, u)
    }

    /// The same decision, or `None` in the rare case it needs the exact `exp`
    /// (see [`metropolis::decide_clear`]).
    #[inline(always)]
    fn decide_clear(self, beta: f64, delta: Self::F, u: Self::F) -> Option<Self::F> {
        metropolis::decide_clear(self, beta, delta, u)
    }
}

/// One lane in plain arithmetic: any CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Scalar;

impl Lanes for Scalar {
    const WIDTH: usize = 1;
    type F = f64;
    type U = u64;
    type M = bool;

    #[inline(always)]
    fn splat(self, x: f64) -> f64 {
        x
    }
    #[inline(always)]
    fn from_slice(self, x: &[f64]) -> f64 {
        x[0]
    }
    #[inline(always)]
    fn write(self, v: f64, out: &mut [f64]) {
        out[0] = v;
    }
    #[inline(always)]
    fn add(self, a: f64, b: f64) -> f64 {
        a + b
    }
    #[inline(always)]
    fn sub(self, a: f64, b: f64) -> f64 {
        a - b
    }
    #[inline(always)]
    fn mul(self, a: f64, b: f64) -> f64 {
        a * b
    }
    #[inline(always)]
    fn clamp(self, x: f64, lo: f64, hi: f64) -> f64 {
        x.clamp(lo, hi)
    }
    #[inline(always)]
    fn lt(self, a: f64, b: f64) -> bool {
        a < b
    }
    #[inline(always)]
    fn and(self, a: bool, b: bool) -> bool {
        a & b
    }
    #[inline(always)]
    fn and_not(self, a: bool, b: bool) -> bool {
        a & !b
    }
    #[inline(always)]
    fn any(self, m: bool) -> bool {
        m
    }
    #[inline(always)]
    fn one_where(self, m: bool) -> f64 {
        if m { 1.0 } else { 0.0 }
    }
    #[inline(always)]
    fn u_splat(self, x: u64) -> u64 {
        x
    }
    #[inline(always)]
    fn u_from_slice(self, x: &[u64]) -> u64 {
        x[0]
    }
    #[inline(always)]
    fn u_write(self, v: u64, out: &mut [u64]) {
        out[0] = v;
    }
    #[inline(always)]
    fn u_add(self, a: u64, b: u64) -> u64 {
        a.wrapping_add(b)
    }
    #[inline(always)]
    fn u_sub(self, a: u64, b: u64) -> u64 {
        a.wrapping_sub(b)
    }
    #[inline(always)]
    fn u_xor(self, a: u64, b: u64) -> u64 {
        a ^ b
    }
    #[inline(always)]
    fn u_or(self, a: u64, b: u64) -> u64 {
        a | b
    }
    #[inline(always)]
    fn u_shl(self, a: u64, n: u32) -> u64 {
        a << n
    }
    #[inline(always)]
    fn u_shr(self, a: u64, n: u32) -> u64 {
        a >> n
    }
    #[inline(always)]
    fn u_rotl(self, a: u64, n: u32) -> u64 {
        a.rotate_left(n)
    }
    #[inline(always)]
    fn to_bits(self, v: f64) -> u64 {
        v.to_bits()
    }
    #[inline(always)]
    fn from_bits(self, v: u64) -> f64 {
        f64::from_bits(v)
    }
    /// One lane may branch, which spares the polynomial on most flips.
    #[inline(always)]
    fn decide(self, beta: f64, delta: f64, u: f64) -> f64 {
        metropolis::decide_one(beta, delta, u)
    }
    #[inline(always)]
    fn decide_clear(self, beta: f64, delta: f64, u: f64) -> Option<f64> {
        Some(metropolis::decide_one(beta, delta, u))
    }
}

#[cfg(target_arch = "x86_64")]
pub use x86::{Avx2, Avx512};

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)] // the intrinsics; each block's SAFETY line points to the note below
mod x86 {
    // The note every SAFETY line below points to: a token exists only if `new`
    // found the instructions on this CPU, so calling them is sound; loads and
    // stores assert first that the slice holds every lane.
    use super::Lanes;
    use std::arch::x86_64::*;

    /// Four lanes of AVX2.
    #[derive(Clone, Copy, Debug)]
    pub struct Avx2(());

    impl Avx2 {
        pub fn new() -> Option<Avx2> {
            is_x86_feature_detected!("avx2").then_some(Avx2(()))
        }
    }

    impl Lanes for Avx2 {
        const WIDTH: usize = 4;
        type F = __m256d;
        type U = __m256i;
        type M = __m256d;

        #[inline(always)]
        fn splat(self, x: f64) -> __m256d {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_set1_pd(x) }
        }
        #[inline(always)]
        fn from_slice(self, x: &[f64]) -> __m256d {
            assert!(x.len() >= 4);
            // SAFETY: `self` proves AVX2 (see the module note); the assert keeps the 4 lanes in the slice.
            unsafe { _mm256_loadu_pd(x.as_ptr()) }
        }
        #[inline(always)]
        fn write(self, v: __m256d, out: &mut [f64]) {
            assert!(out.len() >= 4);
            // SAFETY: `self` proves AVX2 (see the module note); the assert keeps the 4 lanes in the slice.
            unsafe { _mm256_storeu_pd(out.as_mut_ptr(), v) }
        }
        #[inline(always)]
        fn add(self, a: __m256d, b: __m256d) -> __m256d {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_add_pd(a, b) }
        }
        #[inline(always)]
        fn sub(self, a: __m256d, b: __m256d) -> __m256d {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_sub_pd(a, b) }
        }
        #[inline(always)]
        fn mul(self, a: __m256d, b: __m256d) -> __m256d {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_mul_pd(a, b) }
        }
        #[inline(always)]
        fn clamp(self, x: __m256d, lo: __m256d, hi: __m256d) -> __m256d {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_min_pd(_mm256_max_pd(x, lo), hi) }
        }
        #[inline(always)]
        fn lt(self, a: __m256d, b: __m256d) -> __m256d {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_cmp_pd::<_CMP_LT_OQ>(a, b) }
        }
        #[inline(always)]
        fn and(self, a: __m256d, b: __m256d) -> __m256d {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_and_pd(a, b) }
        }
        #[inline(always)]
        fn and_not(self, a: __m256d, b: __m256d) -> __m256d {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_andnot_pd(b, a) }
        }
        #[inline(always)]
        fn any(self, m: __m256d) -> bool {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_movemask_pd(m) != 0 }
        }
        #[inline(always)]
        fn one_where(self, m: __m256d) -> __m256d {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_and_pd(m, _mm256_set1_pd(1.0)) }
        }
        #[inline(always)]
        fn u_splat(self, x: u64) -> __m256i {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_set1_epi64x(x as i64) }
        }
        #[inline(always)]
        fn u_from_slice(self, x: &[u64]) -> __m256i {
            assert!(x.len() >= 4);
            // SAFETY: `self` proves AVX2 (see the module note); the assert keeps the 4 lanes in the slice.
            unsafe { _mm256_loadu_si256(x.as_ptr().cast()) }
        }
        #[inline(always)]
        fn u_write(self, v: __m256i, out: &mut [u64]) {
            assert!(out.len() >= 4);
            // SAFETY: `self` proves AVX2 (see the module note); the assert keeps the 4 lanes in the slice.
            unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), v) }
        }
        #[inline(always)]
        fn u_add(self, a: __m256i, b: __m256i) -> __m256i {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_add_epi64(a, b) }
        }
        #[inline(always)]
        fn u_sub(self, a: __m256i, b: __m256i) -> __m256i {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_sub_epi64(a, b) }
        }
        #[inline(always)]
        fn u_xor(self, a: __m256i, b: __m256i) -> __m256i {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_xor_si256(a, b) }
        }
        #[inline(always)]
        fn u_or(self, a: __m256i, b: __m256i) -> __m256i {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_or_si256(a, b) }
        }
        #[inline(always)]
        fn u_shl(self, a: __m256i, n: u32) -> __m256i {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_sllv_epi64(a, _mm256_set1_epi64x(n as i64)) }
        }
        #[inline(always)]
        fn u_shr(self, a: __m256i, n: u32) -> __m256i {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_srlv_epi64(a, _mm256_set1_epi64x(n as i64)) }
        }
        #[inline(always)]
        fn to_bits(self, v: __m256d) -> __m256i {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_castpd_si256(v) }
        }
        #[inline(always)]
        fn from_bits(self, v: __m256i) -> __m256d {
            // SAFETY: `self` proves AVX2 (see the module note).
            unsafe { _mm256_castsi256_pd(v) }
        }
    }

    /// Eight lanes of AVX-512.
    #[derive(Clone, Copy, Debug)]
    pub struct Avx512(());

    impl Avx512 {
        pub fn new() -> Option<Avx512> {
            // The kernel compiled for AVX-512 may also use AVX2 instructions.
            (is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx2")).then_some(Avx512(()))
        }
    }

    impl Lanes for Avx512 {
        const WIDTH: usize = 8;
        type F = __m512d;
        type U = __m512i;
        type M = __mmask8;

        #[inline(always)]
        fn splat(self, x: f64) -> __m512d {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_set1_pd(x) }
        }
        #[inline(always)]
        fn from_slice(self, x: &[f64]) -> __m512d {
            assert!(x.len() >= 8);
            // SAFETY: `self` proves AVX-512 (see the module note); the assert keeps the 8 lanes in the slice.
            unsafe { _mm512_loadu_pd(x.as_ptr()) }
        }
        #[inline(always)]
        fn write(self, v: __m512d, out: &mut [f64]) {
            assert!(out.len() >= 8);
            // SAFETY: `self` proves AVX-512 (see the module note); the assert keeps the 8 lanes in the slice.
            unsafe { _mm512_storeu_pd(out.as_mut_ptr(), v) }
        }
        #[inline(always)]
        fn add(self, a: __m512d, b: __m512d) -> __m512d {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_add_pd(a, b) }
        }
        #[inline(always)]
        fn sub(self, a: __m512d, b: __m512d) -> __m512d {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_sub_pd(a, b) }
        }
        #[inline(always)]
        fn mul(self, a: __m512d, b: __m512d) -> __m512d {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_mul_pd(a, b) }
        }
        #[inline(always)]
        fn clamp(self, x: __m512d, lo: __m512d, hi: __m512d) -> __m512d {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_min_pd(_mm512_max_pd(x, lo), hi) }
        }
        #[inline(always)]
        fn lt(self, a: __m512d, b: __m512d) -> __mmask8 {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_cmp_pd_mask::<_CMP_LT_OQ>(a, b) }
        }
        #[inline(always)]
        fn and(self, a: __mmask8, b: __mmask8) -> __mmask8 {
            a & b
        }
        #[inline(always)]
        fn and_not(self, a: __mmask8, b: __mmask8) -> __mmask8 {
            a & !b
        }
        #[inline(always)]
        fn any(self, m: __mmask8) -> bool {
            m != 0
        }
        #[inline(always)]
        fn one_where(self, m: __mmask8) -> __m512d {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_maskz_mov_pd(m, _mm512_set1_pd(1.0)) }
        }
        #[inline(always)]
        fn u_splat(self, x: u64) -> __m512i {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_set1_epi64(x as i64) }
        }
        #[inline(always)]
        fn u_from_slice(self, x: &[u64]) -> __m512i {
            assert!(x.len() >= 8);
            // SAFETY: `self` proves AVX-512 (see the module note); the assert keeps the 8 lanes in the slice.
            unsafe { _mm512_loadu_si512(x.as_ptr().cast()) }
        }
        #[inline(always)]
        fn u_write(self, v: __m512i, out: &mut [u64]) {
            assert!(out.len() >= 8);
            // SAFETY: `self` proves AVX-512 (see the module note); the assert keeps the 8 lanes in the slice.
            unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), v) }
        }
        #[inline(always)]
        fn u_add(self, a: __m512i, b: __m512i) -> __m512i {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_add_epi64(a, b) }
        }
        #[inline(always)]
        fn u_sub(self, a: __m512i, b: __m512i) -> __m512i {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_sub_epi64(a, b) }
        }
        #[inline(always)]
        fn u_xor(self, a: __m512i, b: __m512i) -> __m512i {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_xor_si512(a, b) }
        }
        #[inline(always)]
        fn u_or(self, a: __m512i, b: __m512i) -> __m512i {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_or_si512(a, b) }
        }
        #[inline(always)]
        fn u_shl(self, a: __m512i, n: u32) -> __m512i {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_sllv_epi64(a, _mm512_set1_epi64(n as i64)) }
        }
        #[inline(always)]
        fn u_shr(self, a: __m512i, n: u32) -> __m512i {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_srlv_epi64(a, _mm512_set1_epi64(n as i64)) }
        }
        #[inline(always)]
        fn u_rotl(self, a: __m512i, n: u32) -> __m512i {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_rolv_epi64(a, _mm512_set1_epi64(n as i64)) }
        }
        #[inline(always)]
        fn to_bits(self, v: __m512d) -> __m512i {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_castpd_si512(v) }
        }
        #[inline(always)]
        fn from_bits(self, v: __m512i) -> __m512d {
            // SAFETY: `self` proves AVX-512 (see the module note).
            unsafe { _mm512_castsi512_pd(v) }
        }
    }
}
