//! The distinct states a sampler returned, with their energies and how often
//! each was found.

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

/// Collects states in read order; keeps every distinct state up to a bound
/// (then the worst are dropped), so the counts are exact for the best ones.
#[derive(Clone, Debug, Default)]
pub struct SampleCollector {
    index: FxHashMap<Vec<u8>, usize>,
    samples: Vec<Sample>,
}

/// Distinct states kept while collecting, before the worst are dropped.
const MAX_DISTINCT: usize = 200_000;

impl SampleCollector {
    pub fn add(&mut self, state: &[u8], energy: f64) {
        if let Some(&k) = self.index.get(state) {
            self.samples[k].count += 1;
            return;
        }
        self.index.insert(state.to_vec(), self.samples.len());
        self.samples.push(Sample {
            state: state.to_vec(),
            energy,
            count: 1,
        });
        if self.samples.len() > MAX_DISTINCT {
            self.prune(MAX_DISTINCT / 2);
        }
    }

    fn prune(&mut self, keep: usize) {
        self.sort();
        self.samples.truncate(keep);
        self.index = self
            .samples
            .iter()
            .enumerate()
            .map(|(k, s)| (s.state.clone(), k))
            .collect();
    }

    fn sort(&mut self) {
        // Energy first; the state breaks ties so the order never depends on timing.
        self.samples
            .sort_by(|a, b| a.energy.total_cmp(&b.energy).then_with(|| a.state.cmp(&b.state)));
    }

    pub fn distinct(&self) -> usize {
        self.samples.len()
    }

    /// The `keep` lowest-energy distinct states, lowest first.
    pub fn best(mut self, keep: usize) -> Vec<Sample> {
        self.sort();
        self.samples.truncate(keep);
        self.samples
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_order() {
        let mut c = SampleCollector::default();
        c.add(&[1, 0], 2.0);
        c.add(&[0, 1], 1.0);
        c.add(&[1, 0], 2.0);
        let best = c.best(5);
        assert_eq!(best.len(), 2);
        assert_eq!(best[0].state, vec![0, 1]);
        assert_eq!(best[1].count, 2);
    }
}
