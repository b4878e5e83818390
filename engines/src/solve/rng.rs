//! The samplers' random numbers: xoshiro256++ seeded by SplitMix64. Written
//! here because it sits in the innermost loop of simulated annealing; each read
//! gets its own stream derived from one master seed, so results never depend
//! on how reads are spread over threads.

use super::lanes::{Lanes, MAX_WIDTH};

/// SplitMix64: spreads a seed over 64 bits (used to seed streams).
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let mut st = seed;
        Rng {
            s: [
                splitmix64(&mut st),
                splitmix64(&mut st),
                splitmix64(&mut st),
                splitmix64(&mut st),
            ],
        }
    }

    /// The stream of read `read` under master seed `seed`.
    pub fn for_read(seed: u64, read: u64) -> Rng {
        let mut st = seed ^ read.wrapping_mul(0xD1B5_4A32_D192_ED03);
        Rng::new(splitmix64(&mut st))
    }

    #[inline(always)]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let out = (s[0].wrapping_add(s[3])).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        out
    }

    /// Uniform in [0, 1) with 53 random bits.
    #[inline(always)]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in 0..n (n > 0), by Lemire's multiply-shift (bias below 2⁻⁶⁴·n).
    #[inline(always)]
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    pub fn bit(&mut self) -> u8 {
        (self.next_u64() >> 63) as u8
    }
}

/// Several xoshiro256++ streams side by side, one per lane, so that a group of
/// reads draws its random numbers with SIMD instructions. Lane k yields
/// exactly the numbers of the `Rng` it was built from.
#[derive(Clone, Copy)]
pub struct LaneRng<V: Lanes> {
    v: V,
    /// The four state words, each for every lane.
    s: [V::U; 4],
}

impl<V: Lanes> LaneRng<V> {
    /// Lane k continues `streams[k]`; lanes beyond the streams get a fixed
    /// stream of their own (their results are thrown away).
    pub fn new(v: V, streams: &[Rng]) -> LaneRng<V> {
        let mut words = [[0u64; MAX_WIDTH]; 4];
        for k in 0..V::WIDTH {
            let lane = streams.get(k).cloned().unwrap_or_else(|| Rng::new(k as u64));
            for (word, value) in words.iter_mut().zip(lane.s) {
                word[k] = value;
            }
        }
        LaneRng {
            v,
            s: words.map(|w| v.u_from_slice(&w)),
        }
    }

    #[inline(always)]
    pub fn next_u64(&mut self) -> V::U {
        let v = self.v;
        let [s0, s1, s2, s3] = &mut self.s;
        let out = v.u_add(v.u_rotl(v.u_add(*s0, *s3), 23), *s0);
        let t = v.u_shl(*s1, 17);
        *s2 = v.u_xor(*s2, *s0);
        *s3 = v.u_xor(*s3, *s1);
        *s1 = v.u_xor(*s1, *s2);
        *s0 = v.u_xor(*s0, *s3);
        *s2 = v.u_xor(*s2, t);
        *s3 = v.u_rotl(*s3, 45);
        out
    }

    /// Uniform in [0, 1) with 52 random bits per lane (made from the bits
    /// alone: a 1.x mantissa minus one, which SIMD does without conversions).
    #[inline(always)]
    pub fn units(&mut self) -> V::F {
        let v = self.v;
        let r = self.next_u64();
        let one_point = v.from_bits(v.u_or(v.u_shr(r, 12), v.u_splat(0x3FF0_0000_0000_0000)));
        v.sub(one_point, v.splat(1.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_differ_and_repeat() {
        let a: Vec<u64> = (0..4).map(|_| Rng::for_read(1, 0).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(Rng::for_read(1, 0).next_u64(), Rng::for_read(1, 1).next_u64());
        let mut r = Rng::new(7);
        let mean = (0..100_000).map(|_| r.unit()).sum::<f64>() / 100_000.0;
        assert!((mean - 0.5).abs() < 0.01, "{mean}");
        assert!((0..1000).all(|_| r.below(3) < 3));
    }

    fn lanes_repeat_their_streams<V: Lanes>(v: V) {
        let streams: Vec<Rng> = (0..3).map(|k| Rng::for_read(9, k)).collect();
        let mut lanes = LaneRng::new(v, &streams);
        let mut scalar = streams.clone();
        let mut got = [0u64; MAX_WIDTH];
        for _ in 0..100 {
            v.u_write(lanes.next_u64(), &mut got);
            for (k, r) in scalar.iter_mut().enumerate().take(V::WIDTH) {
                assert_eq!(got[k], r.next_u64());
            }
        }
        let mut u = [0.0; MAX_WIDTH];
        v.write(lanes.units(), &mut u);
        assert!(u.iter().all(|&u| (0.0..1.0).contains(&u)));
    }

    #[test]
    fn every_backend_repeats_the_streams() {
        lanes_repeat_their_streams(crate::solve::lanes::Scalar);
        #[cfg(target_arch = "x86_64")]
        {
            use crate::solve::lanes::{Avx2, Avx512};
            if let Some(a) = Avx2::new() {
                lanes_repeat_their_streams(a)
            }
            if let Some(a) = Avx512::new() {
                lanes_repeat_their_streams(a)
            }
        }
    }
}
