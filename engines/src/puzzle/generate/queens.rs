//! LinkedIn Queens and Star Battle: plant a solution (`stars` marks per row
//! and column, none touching), grow one region around each group of `stars`
//! marks, then move boundary cells between regions until the puzzle is unique
//! at the grade asked for. The planted marks keep their regions, so every
//! draft has at least that solution.

use super::regions;
use super::search::Drafter;
use crate::puzzle::Puzzle;
use crate::puzzle::families::queens::Queens;
use crate::run::CancelFlag;
use rand_chacha::ChaCha8Rng;

/// Star Battle with `stars` per row, column and region (1: LinkedIn Queens).
pub(super) struct RegionStars {
    pub n: usize,
    pub stars: usize,
}

#[derive(Clone)]
pub(super) struct Draft {
    marks: Vec<usize>,
    region: Vec<u16>,
}

impl Drafter for RegionStars {
    type Draft = Draft;

    fn what(&self) -> String {
        match self.stars {
            1 => format!("{0}×{0} Queens", self.n),
            s => format!("{0}×{0} {s}-star Star Battle", self.n),
        }
    }

    fn fresh(&self, rng: &mut ChaCha8Rng, _: &CancelFlag) -> Result<Draft, String> {
        for _ in 0..1000 {
            let Some(marks) = regions::plant(self.n, self.stars, rng) else {
                continue;
            };
            let groups = regions::group(&marks, self.stars, self.n, rng);
            if let Some(region) = regions::grow(self.n, &groups, rng) {
                return Ok(Draft { marks, region });
            }
        }
        Err(format!("no {} board could be planted", self.what()))
    }

    fn mutate(&self, d: &Draft, rng: &mut ChaCha8Rng) -> Option<Draft> {
        let mut next = d.clone();
        regions::mutate(&mut next.region, self.n, &d.marks, rng).then_some(next)
    }

    fn puzzle(&self, d: &Draft) -> Puzzle {
        Puzzle::Queens(match self.stars {
            1 => Queens::linkedin(self.n, d.region.clone()),
            s => Queens::star_battle(self.n, d.region.clone(), s as u32),
        })
    }

    fn patience(&self) -> usize {
        100 * self.n
    }
}
