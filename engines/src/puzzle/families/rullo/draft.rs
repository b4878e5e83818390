//! Rullo: random numbers, a random share of them kept (drawn per draft: the
//! easy grades need nearly full or nearly empty lines); the targets are the
//! kept numbers' sums. Changes redraw one number or keep or drop one, and the
//! targets follow, so the planted choice always solves the draft.

use super::Rullo;
use crate::puzzle::GenerateError;
use crate::puzzle::draft::Drafter;
use crate::puzzle::draft::search::run;
use crate::puzzle::family::{DraftRequest, Drafted, Generator, GeneratorInfo, OptionKind, OptionSpec, Options};
use crate::run::CancelFlag;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

pub(crate) struct RulloDrafter {
    pub n: usize,
    /// Numbers are drawn from 1 to this.
    pub max_number: u32,
}

#[derive(Clone)]
pub(crate) struct Draft {
    values: Vec<u32>,
    kept: Vec<bool>,
}

impl Drafter for RulloDrafter {
    type Family = Rullo;
    type Draft = Draft;

    fn what(&self) -> String {
        format!("{0}×{0} Rullo", self.n)
    }

    fn fresh(&self, rng: &mut ChaCha8Rng, _: &CancelFlag) -> Result<Draft, GenerateError> {
        let cells = self.n * self.n;
        let share = rng.random_range(0.2..=0.8);
        Ok(Draft {
            values: (0..cells).map(|_| rng.random_range(1..=self.max_number)).collect(),
            kept: (0..cells).map(|_| rng.random_bool(share)).collect(),
        })
    }

    fn mutate(&self, d: &Draft, rng: &mut ChaCha8Rng) -> Option<Draft> {
        let mut next = d.clone();
        let k = rng.random_range(0..d.values.len());
        if rng.random_bool(0.5) {
            next.values[k] = rng.random_range(1..=self.max_number);
        } else {
            next.kept[k] = !next.kept[k];
        }
        Some(next)
    }

    fn puzzle(&self, d: &Draft) -> Rullo {
        let n = self.n;
        let kept = |r: usize, c: usize| if d.kept[r * n + c] { d.values[r * n + c] } else { 0 };
        Rullo {
            values: (0..n).map(|r| d.values[r * n..(r + 1) * n].to_vec()).collect(),
            row_targets: (0..n).map(|r| (0..n).map(|c| kept(r, c)).sum()).collect(),
            col_targets: (0..n).map(|c| (0..n).map(|r| kept(r, c)).sum()).collect(),
        }
    }

    fn patience(&self) -> usize {
        40 * self.n
    }
}

/// The largest number drawn.
const MAX_NUMBER: OptionSpec = OptionSpec {
    key: "max-number",
    flag: "max-number",
    label: "Numbers up to",
    text: "",
    what: "the largest Rullo number",
    help: "Numbers from 1 to this",
    kind: OptionKind::Int {
        min: 2,
        max: 99,
        default: 9,
    },
};

/// Rullo.
pub struct RulloGenerator;

impl GeneratorInfo for RulloGenerator {
    fn word(&self) -> &'static str {
        "rullo"
    }

    fn options(&self) -> &'static [OptionSpec] {
        &[MAX_NUMBER]
    }

    fn sizes(&self, _options: &Options) -> std::ops::RangeInclusive<usize> {
        3..=10
    }

    fn describe(&self, options: &Options) -> String {
        format!("rullo, max number {}", options.int(MAX_NUMBER.key))
    }

    fn sample_size(&self) -> usize {
        4
    }
}

impl Generator for RulloGenerator {
    type Family = Rullo;

    fn generate(
        &self,
        options: &Options,
        req: &DraftRequest,
        cancel: &CancelFlag,
        progress: &dyn Fn(usize),
    ) -> Result<Drafted<Rullo>, GenerateError> {
        let drafter = RulloDrafter {
            n: req.size,
            max_number: options.int(MAX_NUMBER.key).clamp(2, 99) as u32,
        };
        run(&drafter, req, cancel, progress)
    }
}
