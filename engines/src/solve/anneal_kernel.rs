//! The annealing sweep loop, run for a group of reads at once.
//!
//! Reads are independent, so a group of them anneals together, each read in
//! one SIMD lane (see [`Lanes`]): for each variable every lane draws its
//! number, computes its flip delta and makes its Metropolis decision without a
//! branch, and the neighbours' fields are updated once for all lanes (a lane
//! whose flip was rejected adds zero). A lane uses only its own random stream
//! and state, and every backend does the same floating-point operations in
//! the same order, so a read's result is the same in a group of any width, on
//! any CPU (tested), and never depends on the thread count.

use super::anneal::Schedule;
use super::lanes::{Lanes, Scalar};
use super::rng::{LaneRng, Rng};
use crate::qubo::Qubo;

/// What one read reports back.
pub struct ReadOutcome {
    /// The final state and its exact energy; empty (and NaN) when the read
    /// was stopped before its last sweep: a half-annealed state is no answer,
    /// and working it out would only delay the stop.
    pub state: Vec<u8>,
    pub energy: f64,
    pub sweeps_done: usize,
    /// Flip attempts made, the part of a sweep cut short included.
    pub attempts: u64,
}

impl ReadOutcome {
    fn stopped(sweeps_done: usize, attempts: u64) -> ReadOutcome {
        ReadOutcome {
            state: Vec::new(),
            energy: f64::NAN,
            sweeps_done,
            attempts,
        }
    }
}

/// Variables visited between two looks at `halt` inside a sweep: on a model of
/// a million variables a sweep takes tens of milliseconds, too long to wait for
/// a cancel, while a look every few thousand variables costs nothing.
pub const HALT_LOOK_EVERY: usize = 4096;

#[derive(Clone, Copy)]
struct Edge {
    to: u32,
    weight: f64,
}

/// The model laid out for the sweep loop: each variable's neighbours and
/// weights side by side in one array. Built once per run, shared by its reads.
pub struct AnnealKernel<'a> {
    q: &'a Qubo,
    start: Vec<u32>,
    edges: Vec<Edge>,
}

/// Called after every sweep with the sweeps done and each read's energy;
/// returning false stops the group (cancel, time limit).
pub type Observer<'o> = dyn FnMut(usize, &[f64]) -> bool + 'o;

/// Asked every [`HALT_LOOK_EVERY`] variables within a sweep and before each
/// read's start is set up; true stops the group there (cancel, time limit).
pub type Halt<'h> = dyn Fn() -> bool + 'h;

/// Group widths this CPU anneals fastest, widest first (always ending in 1).
pub fn group_widths() -> &'static [usize] {
    #[cfg(target_arch = "x86_64")]
    {
        use super::lanes::{Avx2, Avx512};
        match (Avx512::new(), Avx2::new()) {
            (Some(_), _) => return &[8, 4, 1],
            (None, Some(_)) => return &[4, 1],
            (None, None) => {}
        }
    }
    &[1]
}

impl<'a> AnnealKernel<'a> {
    pub fn new(q: &'a Qubo) -> AnnealKernel<'a> {
        let mut start = Vec::with_capacity(q.len() + 1);
        let mut edges = Vec::with_capacity(2 * q.coupler_count());
        start.push(0);
        for i in 0..q.len() {
            let (nb, w) = q.row(i);
            edges.extend(nb.iter().zip(w).map(|(&to, &weight)| Edge { to, weight }));
            start.push(edges.len() as u32);
        }
        AnnealKernel { q, start, edges }
    }

    /// One read per stream, each from a random state, through the β
    /// `schedule`, in the narrowest group of [`group_widths`] that holds
    /// them all (at most the widest).
    #[allow(unsafe_code)] // calls the kernels compiled for AVX2 / AVX-512
    pub fn reads(&self, schedule: &Schedule, streams: &[Rng], observe: &mut Observer, halt: &Halt) -> Vec<ReadOutcome> {
        let count = streams.len();
        let width = group_widths().iter().rev().copied().find(|&w| w >= count);
        assert!(count > 0 && width.is_some(), "{count} reads do not fit one group");
        #[cfg(target_arch = "x86_64")]
        {
            use super::lanes::{Avx2, Avx512};
            if let (Some(8), Some(v)) = (width, Avx512::new()) {
                // SAFETY: the token proves the CPU has AVX-512.
                return unsafe { self.anneal_avx512(v, schedule, streams, observe, halt) };
            }
            if let (Some(4), Some(v)) = (width, Avx2::new()) {
                // SAFETY: the token proves the CPU has AVX2.
                return unsafe { self.anneal_avx2(v, schedule, streams, observe, halt) };
            }
        }
        self.anneal(Scalar, schedule, streams, observe, halt)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx2")]
    fn anneal_avx512(
        &self,
        v: super::lanes::Avx512,
        schedule: &Schedule,
        streams: &[Rng],
        observe: &mut Observer,
        halt: &Halt,
    ) -> Vec<ReadOutcome> {
        self.anneal(v, schedule, streams, observe, halt)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn anneal_avx2(
        &self,
        v: super::lanes::Avx2,
        schedule: &Schedule,
        streams: &[Rng],
        observe: &mut Observer,
        halt: &Halt,
    ) -> Vec<ReadOutcome> {
        self.anneal(v, schedule, streams, observe, halt)
    }

    #[inline(always)]
    fn anneal<V: Lanes>(
        &self,
        v: V,
        schedule: &Schedule,
        streams: &[Rng],
        observe: &mut Observer,
        halt: &Halt,
    ) -> Vec<ReadOutcome> {
        let q = self.q;
        let (n, w) = (q.len(), V::WIDTH);
        let count = streams.len().min(w);
        let mut rng = LaneRng::new(v, streams);
        // Each lane's random start, from the top bits of its own draws.
        let mut bits = vec![0u64; n * w];
        for i in 0..n {
            v.u_write(rng.next_u64(), &mut bits[i * w..]);
        }
        // sign = +1 where x = 0 (a flip raises the energy by the field), −1 where x = 1.
        let mut sign_lanes = vec![0.0; n * w];
        let mut field_lanes = vec![0.0; n * w];
        let mut energies = vec![0.0; w];
        // Reads stopped after `done` sweeps and `partial` variables of the next.
        let stopped = |done: usize, partial: usize| -> Vec<ReadOutcome> {
            (0..count)
                .map(|_| ReadOutcome::stopped(done, (done * n + partial) as u64))
                .collect()
        };
        for k in 0..w {
            // Each lane's fields and energy walk the whole model.
            if halt() {
                return stopped(0, 0);
            }
            let x: Vec<u8> = (0..n).map(|i| (bits[i * w + k] >> 63) as u8).collect();
            for i in 0..n {
                sign_lanes[i * w + k] = if x[i] == 0 { 1.0 } else { -1.0 };
                field_lanes[i * w + k] = q.field(&x, i);
            }
            energies[k] = q.energy(&x);
        }
        let mut sign: Vec<V::F> = sign_lanes.chunks(w).map(|c| v.from_slice(c)).collect();
        let mut field: Vec<V::F> = field_lanes.chunks(w).map(|c| v.from_slice(c)).collect();
        let mut energy = v.from_slice(&energies);
        // Give the random state and the energy a home in memory for the whole
        // run (see `clear_steps`): left to the optimiser, their one long live
        // range crosses the observer's and `halt`'s calls, and the register
        // allocator then keeps them on the stack inside the sweep loop too.
        std::hint::black_box((&mut rng, &mut energy));
        let mut done = 0;
        for sweep in 0..schedule.len() {
            let beta = schedule.beta(sweep);
            // The sweep in blocks, with a look at `halt` between two.
            let mut from = 0;
            while from < n {
                let to = (from + HALT_LOOK_EVERY).min(n);
                self.sweep_block(v, beta, from..to, &mut rng, &mut sign, &mut field, &mut energy);
                from = to;
                if from < n && halt() {
                    return stopped(sweep, from);
                }
            }
            done = sweep + 1;
            v.write(energy, &mut energies);
            if !observe(done, &energies[..count]) {
                break;
            }
        }
        if done < schedule.len() {
            return stopped(done, 0);
        }
        for (i, s) in sign.iter().enumerate() {
            v.write(*s, &mut sign_lanes[i * w..]);
        }
        (0..count)
            .map(|k| {
                let state: Vec<u8> = (0..n).map(|i| (sign_lanes[i * w + k] < 0.0) as u8).collect();
                // The running sum drifts by rounding; report the exact energy.
                let energy = q.energy(&state);
                ReadOutcome {
                    state,
                    energy,
                    sweeps_done: done,
                    attempts: (done * n) as u64,
                }
            })
            .collect()
    }

    /// Metropolis steps for the variables `vars` in every lane.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn sweep_block<V: Lanes>(
        &self,
        v: V,
        beta: f64,
        vars: std::ops::Range<usize>,
        rng: &mut LaneRng<V>,
        sign: &mut [V::F],
        field: &mut [V::F],
        energy: &mut V::F,
    ) {
        let mut from = vars.start;
        while let Some((i, u)) = self.clear_steps(v, beta, from..vars.end, rng, sign, field, energy) {
            // A draw the fast test left open: decided exactly, with the same number.
            let accept = v.decide(beta, v.mul(sign[i], field[i]), u);
            self.flip(v, i, accept, sign, field, energy);
            from = i + 1;
        }
    }

    /// Metropolis steps for `vars` until a draw the fast test cannot decide,
    /// returned with its variable. No function is called in here, and the
    /// random state and energy are copied in from their homes and written
    /// back, so they stay in registers through the loop (no SIMD register
    /// survives a call; kept on the stack they cost SA 5–8 %).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn clear_steps<V: Lanes>(
        &self,
        v: V,
        beta: f64,
        vars: std::ops::Range<usize>,
        rng_home: &mut LaneRng<V>,
        sign: &mut [V::F],
        field: &mut [V::F],
        energy_home: &mut V::F,
    ) -> Option<(usize, V::F)> {
        let zero = v.splat(0.0);
        let mut rng = *rng_home;
        let mut energy = *energy_home;
        let mut open = None;
        for i in vars {
            let u = rng.units();
            let Some(accept) = v.decide_clear(beta, v.mul(sign[i], field[i]), u) else {
                open = Some((i, u));
                break;
            };
            if v.any(v.lt(zero, accept)) {
                self.flip(v, i, accept, sign, field, &mut energy);
            }
        }
        *rng_home = rng;
        *energy_home = energy;
        open
    }

    /// Flips variable `i` in the lanes where `accept` is 1: its sign, the
    /// energy and its neighbours' fields.
    #[inline(always)]
    #[allow(unsafe_code)] // one unchecked index in the inner loop
    fn flip<V: Lanes>(&self, v: V, i: usize, accept: V::F, sign: &mut [V::F], field: &mut [V::F], energy: &mut V::F) {
        let (s, f) = (sign[i], field[i]);
        // Per unit weight, the field change of each neighbour: the old
        // sign where the flip was accepted, zero where not.
        let step = v.mul(s, accept);
        // s − 2s = −s where accepted; the energy changes by s·field = Δ there.
        sign[i] = v.sub(s, v.mul(v.splat(2.0), step));
        *energy = v.add(*energy, v.mul(step, f));
        let (a, b) = (self.start[i] as usize, self.start[i + 1] as usize);
        for e in &self.edges[a..b] {
            // SAFETY: `to` comes from the model's own neighbour lists, all below n.
            let fj = unsafe { field.get_unchecked_mut(e.to as usize) };
            *fj = v.add(*fj, v.mul(v.splat(e.weight), step));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::qubo::QuboBuilder;
    use crate::solve::default_beta_range;

    fn random_model(n: usize, seed: u64) -> Qubo {
        let mut rng = Rng::new(seed);
        let mut b = QuboBuilder::new(n);
        for i in 0..n {
            b.add_linear(i, rng.unit() * 4.0 - 2.0);
            for j in i + 1..n {
                if rng.below(3) == 0 {
                    b.add_coupler(i, j, rng.unit() * 4.0 - 2.0);
                }
            }
        }
        b.build().unwrap()
    }

    /// A read's result does not depend on the width of its group (nor on
    /// the backend: one read alone runs without SIMD).
    #[test]
    fn reads_agree_in_groups_of_every_width() {
        let q = random_model(30, 5);
        let kernel = AnnealKernel::new(&q);
        let schedule = Schedule::geometric(default_beta_range(&q), 50);
        let streams: Vec<Rng> = (0..8).map(|r| Rng::for_read(11, r)).collect();
        let mut keep = |_: usize, _: &[f64]| true;
        let alone: Vec<ReadOutcome> = streams
            .iter()
            .flat_map(|s| kernel.reads(&schedule, std::slice::from_ref(s), &mut keep, &|| false))
            .collect();
        for &width in group_widths() {
            for count in [width, width - width / 4] {
                let together = kernel.reads(&schedule, &streams[..count], &mut keep, &|| false);
                assert_eq!(together.len(), count);
                for (a, b) in together.iter().zip(&alone) {
                    assert_eq!(a.state, b.state, "width {width}, {count} reads");
                    assert_eq!(a.energy, b.energy);
                }
            }
        }
        let distinct: std::collections::HashSet<&Vec<u8>> = alone.iter().map(|r| &r.state).collect();
        assert!(
            distinct.len() > 1,
            "the reads should not all end alike on a random model"
        );
    }

    /// The running energies the observer sees are the energies of the states.
    #[test]
    fn observed_energies_track_the_states() {
        let q = random_model(20, 8);
        let kernel = AnnealKernel::new(&q);
        let schedule = Schedule::geometric(default_beta_range(&q), 3);
        let width = group_widths()[0];
        let streams: Vec<Rng> = (0..width as u64).map(|r| Rng::for_read(2, r)).collect();
        let mut last = Vec::new();
        let out = kernel.reads(
            &schedule,
            &streams,
            &mut |_, e: &[f64]| {
                last = e.to_vec();
                true
            },
            &|| false,
        );
        for (r, e) in out.iter().zip(&last) {
            assert!((r.energy - e).abs() < 1e-9, "{} vs {e}", r.energy);
            assert_eq!(r.sweeps_done, 3);
        }
    }
}
