//! Tents & Trees: tents planted at random so none touch, each with its own
//! tree on a free orthogonal neighbour; every row and column count shown at
//! first. Changes move a tree to another side of its tent, or hide or show a
//! count; thinning hides the counts the puzzle does not need.

use super::Tents;
use crate::puzzle::GenerateError;
use crate::puzzle::draft::Drafter;
use crate::puzzle::draft::search::run;
use crate::puzzle::family::{
    DraftRequest, Drafted, Generator, GeneratorInfo, MAX_SIZE, OptionKind, OptionSpec, Options,
};
use crate::puzzle::regions::neighbours;
use crate::puzzle::text::CountSpec;
use crate::run::CancelFlag;
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

pub(crate) struct TentsDrafter {
    pub n: usize,
    /// Tents per cell (Tatham's boards have about 0.2).
    pub density: f64,
}

#[derive(Clone)]
pub(crate) struct Draft {
    tents: Vec<usize>,
    /// The tree of each tent, in the same order.
    trees: Vec<usize>,
    /// Each count shown: rows, then columns.
    shown: Vec<bool>,
}

impl TentsDrafter {
    fn sides(&self, cell: usize) -> Vec<usize> {
        neighbours(cell, self.n).collect()
    }

    /// A free side of `tent` for its tree (not a tent, not another tree).
    fn free_side(&self, d: &Draft, tent: usize, rng: &mut ChaCha8Rng) -> Option<usize> {
        let mut sides = self.sides(tent);
        sides.shuffle(rng);
        sides.into_iter().find(|s| !d.tents.contains(s) && !d.trees.contains(s))
    }
}

impl Drafter for TentsDrafter {
    type Family = Tents;
    type Draft = Draft;

    fn what(&self) -> String {
        format!("{0}×{0} Tents", self.n)
    }

    fn fresh(&self, rng: &mut ChaCha8Rng, _: &CancelFlag) -> Result<Draft, GenerateError> {
        let n = self.n;
        let want = ((self.density * (n * n) as f64).round() as usize).max(1);
        for _ in 0..1000 {
            let mut cells: Vec<usize> = (0..n * n).collect();
            cells.shuffle(rng);
            let mut d = Draft {
                tents: Vec::new(),
                trees: Vec::new(),
                shown: vec![true; 2 * n],
            };
            let touches = |a: usize, b: usize| (a / n).abs_diff(b / n) <= 1 && (a % n).abs_diff(b % n) <= 1;
            for &c in &cells {
                if d.tents.len() < want && !d.tents.iter().any(|&t| touches(t, c)) {
                    d.tents.push(c);
                }
            }
            if d.tents.len() < want {
                continue;
            }
            for k in 0..d.tents.len() {
                match self.free_side(&d, d.tents[k], rng) {
                    Some(s) => d.trees.push(s),
                    None => break,
                }
            }
            if d.trees.len() == d.tents.len() {
                return Ok(d);
            }
        }
        Err(GenerateError::NotFound(format!(
            "no {} board holds {:.0} % tents that never touch",
            self.what(),
            100.0 * self.density
        )))
    }

    fn mutate(&self, d: &Draft, rng: &mut ChaCha8Rng) -> Option<Draft> {
        let mut next = d.clone();
        if rng.random_bool(0.3) {
            let k = rng.random_range(0..next.shown.len());
            next.shown[k] = !next.shown[k];
            return Some(next);
        }
        let k = rng.random_range(0..next.tents.len());
        let old = next.trees[k];
        next.trees[k] = self.free_side(d, d.tents[k], rng)?;
        (next.trees[k] != old).then_some(next)
    }

    fn puzzle(&self, d: &Draft) -> Tents {
        let n = self.n;
        let count = |shown: bool, k: usize| {
            if shown {
                CountSpec::Exactly(k as u32)
            } else {
                CountSpec::Free
            }
        };
        let row_counts = (0..n)
            .map(|r| count(d.shown[r], d.tents.iter().filter(|&&t| t / n == r).count()))
            .collect();
        let col_counts = (0..n)
            .map(|c| count(d.shown[n + c], d.tents.iter().filter(|&&t| t % n == c).count()))
            .collect();
        let mut trees: Vec<(usize, usize)> = d.trees.iter().map(|&t| (t / n, t % n)).collect();
        trees.sort_unstable();
        Tents {
            rows: n,
            cols: n,
            trees,
            row_counts,
            col_counts,
        }
    }

    fn clues(&self, d: &Draft) -> usize {
        d.shown.len()
    }

    fn drop_clue(&self, d: &Draft, k: usize) -> Draft {
        let mut next = d.clone();
        next.shown[k] = false;
        next
    }

    fn patience(&self) -> usize {
        20 * self.n
    }
}

/// Tents per cell.
const DENSITY: OptionSpec = OptionSpec {
    key: "density",
    flag: "density",
    label: "Tents per cell",
    text: "",
    what: "the tent density (tents per cell)",
    help: "Tents per cell; Tatham's boards have about 0.2",
    kind: OptionKind::Float {
        min: 0.05,
        max: 0.25,
        step: 0.01,
        default: 0.2,
    },
};

/// Tents & Trees.
pub struct TentsGenerator;

impl GeneratorInfo for TentsGenerator {
    fn word(&self) -> &'static str {
        "tents"
    }

    fn options(&self) -> &'static [OptionSpec] {
        &[DENSITY]
    }

    fn sizes(&self, _options: &Options) -> std::ops::RangeInclusive<usize> {
        4..=MAX_SIZE
    }

    fn describe(&self, options: &Options) -> String {
        format!("tents, density {}", options.float(DENSITY.key))
    }

    fn sample_size(&self) -> usize {
        6
    }
}

impl Generator for TentsGenerator {
    type Family = Tents;

    fn generate(
        &self,
        options: &Options,
        req: &DraftRequest,
        cancel: &CancelFlag,
        progress: &dyn Fn(usize),
    ) -> Result<Drafted<Tents>, GenerateError> {
        let drafter = TentsDrafter {
            n: req.size,
            density: options.float(DENSITY.key),
        };
        run(&drafter, req, cancel, progress)
    }
}
