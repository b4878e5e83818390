//! LinkedIn Queens and Star Battle: plant a solution (`stars` marks per row
//! and column, none touching), grow one region around each group of `stars`
//! marks, then move boundary cells between regions until the puzzle is unique
//! at the grade asked for. The planted marks keep their regions, so every
//! draft has at least that solution. With holes allowed, a change may also cut
//! a hole (a cell off the board, kept out of its region) or fill one back in;
//! holes are clues, so the accepted puzzle keeps only those it needs.
//! With regions of any shape a change moves any cell into any region.

use super::Queens;
use crate::puzzle::GenerateError;
use crate::puzzle::deduce::Grade;
use crate::puzzle::draft::regions::{self, ANY_SHAPE, REGIONS, RegionShape};
use crate::puzzle::draft::search::run;
use crate::puzzle::draft::{Drafter, STILL, Wander};
use crate::puzzle::family::{
    Change, DraftRequest, Drafted, Generator, GeneratorInfo, MAX_SIZE, OptionKind, OptionSpec, Options,
};
use crate::puzzle::regions::{connected_without, in_reading_order, neighbours};
use crate::puzzle::vocab::NO_REGION;
use crate::run::CancelFlag;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Star Battle with `stars` per row, column and region (1: LinkedIn Queens).
pub(crate) struct RegionStars {
    pub n: usize,
    pub stars: usize,
    /// Holes may be cut.
    pub holes: bool,
    pub shape: RegionShape,
}

#[derive(Clone)]
pub(crate) struct Draft {
    marks: Vec<usize>,
    /// Each cell's region, [`NO_REGION`] for a hole.
    region: Vec<u16>,
}

impl Draft {
    fn holes(&self) -> Vec<usize> {
        (0..self.region.len())
            .filter(|&c| self.region[c] == NO_REGION)
            .collect()
    }
}

/// Cuts a random cell (no mark; with connected regions, its region still
/// connected without it) out of the board, or fills a random hole back into
/// a neighbouring region.
fn toggle_hole(d: &mut Draft, n: usize, shape: RegionShape, rng: &mut ChaCha8Rng) -> bool {
    let holes = d.holes();
    if !holes.is_empty() && rng.random_bool(0.4) {
        return fill_hole(d, n, holes[rng.random_range(0..holes.len())], rng);
    }
    for _ in 0..16 {
        let cell = rng.random_range(0..n * n);
        let k = d.region[cell];
        let stays_whole = shape == RegionShape::Any || connected_without(&d.region, n, k, cell);
        if k != NO_REGION && !d.marks.contains(&cell) && stays_whole {
            d.region[cell] = NO_REGION;
            return true;
        }
    }
    false
}

/// Gives hole `cell` back to one of the regions beside it (random, or the first).
fn fill_hole(d: &mut Draft, n: usize, cell: usize, rng: &mut ChaCha8Rng) -> bool {
    let beside: Vec<u16> = neighbours(cell, n)
        .map(|x| d.region[x])
        .filter(|&k| k != NO_REGION)
        .collect();
    if beside.is_empty() {
        return false;
    }
    d.region[cell] = beside[rng.random_range(0..beside.len())];
    true
}

impl Drafter for RegionStars {
    type Family = Queens;
    type Draft = Draft;

    fn what(&self) -> String {
        match self.stars {
            1 => format!("{0}×{0} Queens", self.n),
            s => format!("{0}×{0} {s}-star Star Battle", self.n),
        }
    }

    fn fresh(&self, rng: &mut ChaCha8Rng, _: &CancelFlag) -> Result<Draft, GenerateError> {
        for _ in 0..1000 {
            let Some(marks) = regions::plant(self.n, self.stars, rng) else {
                continue;
            };
            let groups = regions::group(&marks, self.stars, self.n, rng);
            if let Some(region) = regions::grow(self.n, &groups, rng) {
                return Ok(Draft { marks, region });
            }
        }
        Err(GenerateError::NotFound(format!(
            "no {} board could be planted",
            self.what()
        )))
    }

    fn mutate(&self, d: &Draft, rng: &mut ChaCha8Rng) -> Option<Draft> {
        let mut next = d.clone();
        if self.holes && rng.random_bool(0.3) {
            return toggle_hole(&mut next, self.n, self.shape, rng).then_some(next);
        }
        match self.shape {
            RegionShape::Connected => regions::mutate(&mut next.region, self.n, &d.marks, rng),
            RegionShape::Any => regions::mutate_anywhere(&mut next.region, &d.marks, rng),
        }
        .then_some(next)
    }

    fn puzzle(&self, d: &Draft) -> Queens {
        let region = in_reading_order(&d.region);
        let mut q = match self.stars {
            1 => Queens::linkedin(self.n, region),
            s => Queens::star_battle(self.n, region, s as u32),
        };
        q.holes = d.holes().into_iter().map(|c| (c / self.n, c % self.n)).collect();
        q
    }

    fn clues(&self, d: &Draft) -> usize {
        d.holes().len()
    }

    /// Hole `k` filled back in (into the first region beside it, so the
    /// thinning is the same for a seed).
    fn drop_clue(&self, d: &Draft, k: usize) -> Draft {
        let mut next = d.clone();
        let cell = d.holes()[k];
        if let Some(to) = neighbours(cell, self.n).map(|x| d.region[x]).find(|&r| r != NO_REGION) {
            next.region[cell] = to;
        }
        next
    }

    fn patience(&self) -> usize {
        100 * self.n
    }

    /// Boards of any shape wander a little (8×8 Queens Fiendish, 5 seeds:
    /// median 2.1 → 0.45 CPU-s).
    fn wander(&self) -> Wander {
        match self.shape {
            RegionShape::Connected => STILL,
            RegionShape::Any => Wander {
                chance: 0.1,
                patience: 1,
            },
        }
    }
}

/// Holes may be cut as clues (Queens and Star Battle).
pub const HOLES: OptionSpec = OptionSpec {
    key: "holes",
    flag: "holes",
    label: "Holes",
    text: "may cut holes",
    what: "holes",
    help: "Holes (cells off the board) may be cut as clues (a 2-star board is Easy only with them)",
    kind: OptionKind::Flag { default: false },
};

/// Stars per row, column and region (Star Battle).
const STARS: OptionSpec = OptionSpec {
    key: "stars",
    flag: "stars",
    label: "Stars",
    text: "",
    what: "stars per line",
    help: "Stars per row, column and region",
    kind: OptionKind::Int {
        min: 1,
        max: 3,
        default: 2,
    },
};

/// "holes" or "no holes", as the recipe's words say it.
fn holes_words(options: &Options) -> &'static str {
    if options.flag(HOLES.key) { "holes" } else { "no holes" }
}

/// LinkedIn Queens: one queen per row, column and region, none touching.
pub struct QueensGenerator;

impl GeneratorInfo for QueensGenerator {
    fn word(&self) -> &'static str {
        "queens"
    }

    fn options(&self) -> &'static [OptionSpec] {
        &[HOLES, REGIONS]
    }

    fn sizes(&self, _options: &Options) -> std::ops::RangeInclusive<usize> {
        4..=MAX_SIZE
    }

    fn never_found(&self, options: &Options, grade: Grade) -> Option<&'static str> {
        regions::never_found(options, grade)
    }

    fn remedy(&self, options: &Options, grade: Grade) -> &'static [Change] {
        if self.never_found(options, grade).is_some() {
            ANY_SHAPE
        } else {
            &[]
        }
    }

    fn describe(&self, options: &Options) -> String {
        format!(
            "queens, regions {}, {}",
            RegionShape::of(options).word(),
            holes_words(options)
        )
    }

    fn sample_size(&self) -> usize {
        6
    }
}

impl Generator for QueensGenerator {
    type Family = Queens;

    fn generate(
        &self,
        options: &Options,
        req: &DraftRequest,
        cancel: &CancelFlag,
        progress: &dyn Fn(usize),
    ) -> Result<Drafted<Queens>, GenerateError> {
        let drafter = RegionStars {
            n: req.size,
            stars: 1,
            holes: options.flag(HOLES.key),
            shape: RegionShape::of(options),
        };
        run(&drafter, req, cancel, progress)
    }
}

/// Star Battle: `stars` per row, column and region, none touching; its
/// regions are always connected.
pub struct StarBattleGenerator;

impl StarBattleGenerator {
    fn stars(options: &Options) -> usize {
        options.int(STARS.key).clamp(1, 3) as usize
    }
}

impl GeneratorInfo for StarBattleGenerator {
    fn word(&self) -> &'static str {
        "star-battle"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["starbattle"]
    }

    fn options(&self) -> &'static [OptionSpec] {
        &[STARS, HOLES]
    }

    fn sizes(&self, options: &Options) -> std::ops::RangeInclusive<usize> {
        4 * Self::stars(options)..=12
    }

    // Tier 1 needs a first step: Fill on a line or region with exactly as
    // many open cells as stars. Lines have 4·stars or more cells; a connected
    // region of `stars` cells has two touching, so no Fill, and Full,
    // Excludes and links need a mark first.
    fn out_of_reach(&self, options: &Options, grade: Grade) -> Option<&'static str> {
        (options.int(STARS.key) >= 2 && !options.flag(HOLES.key) && grade == Grade::Easy).then_some(
            "no board of connected regions with 2 or more stars is Easy: tier 1 has no first step (a region \
             as small as its stars has two touching); with holes it is",
        )
    }

    fn remedy(&self, options: &Options, grade: Grade) -> &'static [Change] {
        if self.out_of_reach(options, grade).is_some() {
            &[Change::Flag("holes", true)]
        } else {
            &[]
        }
    }

    fn describe(&self, options: &Options) -> String {
        format!(
            "star-battle, {} stars, {}",
            options.int(STARS.key),
            holes_words(options)
        )
    }

    fn sample_size(&self) -> usize {
        8
    }
}

impl Generator for StarBattleGenerator {
    type Family = Queens;

    fn generate(
        &self,
        options: &Options,
        req: &DraftRequest,
        cancel: &CancelFlag,
        progress: &dyn Fn(usize),
    ) -> Result<Drafted<Queens>, GenerateError> {
        let drafter = RegionStars {
            n: req.size,
            stars: Self::stars(options),
            holes: options.flag(HOLES.key),
            shape: RegionShape::Connected,
        };
        run(&drafter, req, cancel, progress)
    }
}
