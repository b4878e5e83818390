//! The samplers' random numbers: xoshiro256++ seeded by SplitMix64. Written
//! here because it sits in the innermost loop of simulated annealing; each read
//! gets its own stream derived from one master seed, so results never depend
//! on how reads are spread over threads.

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
}
