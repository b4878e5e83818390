//! The distinct states a sampler returned, with their energies and how often
//! each was found. States are what a run's memory grows with (a state is one
//! byte per variable), so what is kept is bounded in bytes, not only in count.

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

/// One distinct state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    pub state: Vec<u8>,
    pub energy: f64,
    /// How many reads (or restarts) ended in this state.
    pub count: usize,
}

/// Bytes of states a run keeps while collecting (and, split over the reads
/// of a batch, while reading).
pub const STATE_BYTES: usize = 256 << 20;
/// Most distinct states kept while collecting, however small they are.
const MAX_DISTINCT: usize = 200_000;

/// Distinct states a run of `n` variables keeps while collecting: at most
/// [`STATE_BYTES`] of them, never fewer than 64.
pub fn distinct_cap(n: usize) -> usize {
    (STATE_BYTES / n.max(1)).clamp(64, MAX_DISTINCT)
}

/// States one read keeps (tabu returns one per search, and a read may make
/// millions of searches): a share of [`STATE_BYTES`] for the reads of a batch.
pub fn states_per_read(n: usize) -> usize {
    (STATE_BYTES / (super::BATCH * n.max(1))).clamp(1, 4096)
}

/// Adds a state to a read's list, which keeps its `cap` lowest energies (it
/// is cut back to them whenever it holds twice as many).
pub fn keep_lowest(found: &mut Vec<(Vec<u8>, f64)>, x: &[u8], e: f64, cap: usize) {
    found.push((x.to_vec(), e));
    if found.len() >= 2 * cap {
        found.sort_by(|a, b| a.1.total_cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
        found.truncate(cap);
    }
}

/// Collects states in read order; keeps every distinct state up to a bound
/// (then the worst are dropped), so the counts are exact for the best ones.
/// Each state is stored once (as the key of its energy and count).
#[derive(Clone, Debug)]
pub struct SampleCollector {
    seen: FxHashMap<Box<[u8]>, (f64, usize)>,
    cap: usize,
    /// Distinct states dropped to stay within the cap.
    dropped: usize,
}

impl SampleCollector {
    /// A collector for states of `n` variables.
    pub fn new(n: usize) -> SampleCollector {
        SampleCollector {
            seen: FxHashMap::default(),
            cap: distinct_cap(n),
            dropped: 0,
        }
    }

    pub fn add(&mut self, state: &[u8], energy: f64) {
        if let Some(entry) = self.seen.get_mut(state) {
            entry.1 += 1;
            return;
        }
        self.seen.insert(state.into(), (energy, 1));
        if self.seen.len() > self.cap {
            let before = self.seen.len();
            let kept = self.sorted(self.cap / 2);
            self.dropped += before - kept.len();
            self.seen = kept
                .into_iter()
                .map(|s| (s.state.into(), (s.energy, s.count)))
                .collect();
        }
    }

    /// Every state held, lowest energy first, cut to `keep`. Energy first; the
    /// state breaks ties so the order never depends on timing.
    fn sorted(&mut self, keep: usize) -> Vec<Sample> {
        let mut all: Vec<Sample> = std::mem::take(&mut self.seen)
            .into_iter()
            .map(|(state, (energy, count))| Sample {
                state: state.into_vec(),
                energy,
                count,
            })
            .collect();
        all.sort_by(|a, b| a.energy.total_cmp(&b.energy).then_with(|| a.state.cmp(&b.state)));
        all.truncate(keep);
        all
    }

    /// Distinct states met (those dropped included).
    pub fn distinct(&self) -> usize {
        self.seen.len() + self.dropped
    }

    /// Why fewer states came back than were met, if they did.
    pub fn note(&self, n: usize) -> Option<String> {
        (self.dropped > 0).then(|| {
            format!(
                "{} distinct states were met; the {} of highest energy were dropped to keep at most {} states of {n} variables in memory",
                self.distinct(),
                self.dropped,
                self.cap
            )
        })
    }

    /// The `keep` lowest-energy distinct states, lowest first.
    pub fn best(mut self, keep: usize) -> Vec<Sample> {
        self.sorted(keep)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_order() {
        let mut c = SampleCollector::new(2);
        c.add(&[1, 0], 2.0);
        c.add(&[0, 1], 1.0);
        c.add(&[1, 0], 2.0);
        let best = c.best(5);
        assert_eq!(best.len(), 2);
        assert_eq!(best[0].state, vec![0, 1]);
        assert_eq!(best[1].count, 2);
    }

    #[test]
    fn large_states_are_capped_in_bytes() {
        let n = 1 << 20;
        let cap = distinct_cap(n);
        assert_eq!(cap, 256);
        let mut c = SampleCollector::new(n);
        let mut x = vec![0u8; n];
        for k in 0..(cap + 10) {
            x[k] = 1;
            c.add(&x, -(k as f64));
        }
        assert_eq!(c.distinct(), cap + 10);
        assert!(c.note(n).is_some());
        let best = c.best(usize::MAX);
        assert!(best.len() <= cap);
        // The lowest energies stay.
        assert_eq!(best[0].energy, -((cap + 9) as f64));
        let mut found = Vec::new();
        for k in 0..10 {
            keep_lowest(&mut found, &[k as u8], k as f64, 2);
        }
        assert!(found.len() < 4);
        assert!(found.iter().any(|f| f.1 == 0.0));
    }
}
