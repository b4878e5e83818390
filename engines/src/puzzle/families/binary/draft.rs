//! Takuzu, Binairo and Tango: givens (and, for Tango, '=' and 'x' links
//! between neighbours) added at random, each checked against the exact solver
//! so the draft keeps a solution, until one solution is left; that solution is
//! the planted one, and later changes add, remove or swap clues it agrees with.

use super::{BinaryLink, BinaryPuzzle};
use crate::geometry::BinaryMatrix;
use crate::puzzle::GenerateError;
use crate::puzzle::draft::Drafter;
use crate::puzzle::draft::search::run;
use crate::puzzle::exact::ExactRequest;
use crate::puzzle::family::Rules;
use crate::puzzle::family::{DraftRequest, Drafted, Generator, GeneratorInfo, Options};
use crate::run::CancelFlag;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Nodes (and probes) one count of a draft may take. Counts of 14×14
/// drafts have a long tail: most take a few hundred nodes and 99 in 100 fewer
/// than 50,000, but one in a few hundred runs to millions (minutes). With
/// this budget every seed tried made its 14×14 puzzle in 0.3 to 6 CPU-s.
const NODE_BUDGET: u64 = 50_000;

/// Drafts [`Drafter::fresh`] starts before it gives up.
const FRESH_TRIES: usize = 100;

pub(crate) struct BinaryDrafter {
    /// The empty puzzle with the family's rules.
    pub base: BinaryPuzzle,
    /// Clues may be links as well as givens (Tango).
    pub links: bool,
}

impl BinaryDrafter {
    pub fn takuzu(n: usize) -> BinaryDrafter {
        BinaryDrafter {
            base: BinaryPuzzle::blank(n, n, true),
            links: false,
        }
    }

    pub fn binairo(n: usize) -> BinaryDrafter {
        BinaryDrafter {
            base: BinaryPuzzle::blank(n, n, false),
            links: false,
        }
    }

    pub fn tango(n: usize) -> BinaryDrafter {
        let mut base = BinaryPuzzle::blank(n, n, false);
        base.tango = true;
        BinaryDrafter { base, links: true }
    }
}

/// One clue: a given cell or a link between orthogonal neighbours.
#[derive(Clone, Copy, PartialEq)]
enum Clue {
    Given(usize, usize),
    Link((usize, usize), (usize, usize)),
}

#[derive(Clone)]
pub(crate) struct Draft {
    /// The planted solution (empty while the first draft is still being made).
    solution: Option<BinaryMatrix>,
    clues: Vec<Clue>,
}

impl BinaryDrafter {
    fn random_clue(&self, rng: &mut ChaCha8Rng) -> Clue {
        let (rows, cols) = (self.base.rows, self.base.cols);
        let (r, c) = (rng.random_range(0..rows), rng.random_range(0..cols));
        if self.links && rng.random_bool(0.5) {
            let right = rng.random_bool(0.5);
            if right && c + 1 < cols {
                return Clue::Link((r, c), (r, c + 1));
            }
            if !right && r + 1 < rows {
                return Clue::Link((r, c), (r + 1, c));
            }
        }
        Clue::Given(r, c)
    }

    /// One draft: random clues until one solution is left; `None` when a
    /// count ran out of its node budget on the way.
    fn try_fresh(&self, rng: &mut ChaCha8Rng, cancel: &CancelFlag) -> Result<Option<Draft>, GenerateError> {
        let cells = self.base.rows * self.base.cols;
        let mut clues: Vec<Clue> = Vec::new();
        let mut values: Vec<bool> = Vec::new();
        // Every cell given and still not one solution: the rules admit none.
        while clues.len() <= 4 * cells {
            let clue = self.random_clue(rng);
            if clues.contains(&clue) {
                continue;
            }
            clues.push(clue);
            values.push(rng.random_bool(0.5));
            for flip in [false, true] {
                if flip {
                    // The draft had solutions before; each agrees with one value of the new clue.
                    let last = values.len() - 1;
                    values[last] = !values[last];
                }
                let p = self.with(clues.iter().copied().zip(values.iter().copied()));
                let found = p.solve_exact(ExactRequest::new(2, 1).with_max_nodes(NODE_BUDGET), cancel)?;
                cancel.check()?;
                if found.out_of_nodes {
                    return Ok(None);
                }
                match found.count {
                    0 => continue,
                    1 => {
                        return Ok(Some(Draft {
                            solution: found.examples.into_iter().next(),
                            clues,
                        }));
                    }
                    _ => break,
                }
            }
        }
        Err(GenerateError::NotFound(format!(
            "the rules of a {} admit no solution",
            self.what()
        )))
    }

    /// The puzzle of these clues, each with its value (the given's 1, the link's 'x').
    fn with(&self, clues: impl IntoIterator<Item = (Clue, bool)>) -> BinaryPuzzle {
        let mut p = self.base.clone();
        for (clue, value) in clues {
            match clue {
                Clue::Given(r, c) => p.givens.push((r, c, value)),
                Clue::Link(a, b) => p.links.push(BinaryLink { a, b, opposite: value }),
            }
        }
        p
    }
}

fn value_in(g: &BinaryMatrix, clue: &Clue) -> bool {
    match *clue {
        Clue::Given(r, c) => g.get(r, c),
        Clue::Link(a, b) => g.get(a.0, a.1) != g.get(b.0, b.1),
    }
}

impl Drafter for BinaryDrafter {
    type Family = BinaryPuzzle;
    type Draft = Draft;

    fn what(&self) -> String {
        format!("{}×{} {}", self.base.rows, self.base.cols, self.base.family())
    }

    /// Clues are added one at a time, each count bounded by the node budget;
    /// a draft whose count runs out is dropped for a new one.
    fn fresh(&self, rng: &mut ChaCha8Rng, cancel: &CancelFlag) -> Result<Draft, GenerateError> {
        for _ in 0..FRESH_TRIES {
            if let Some(draft) = self.try_fresh(rng, cancel)? {
                return Ok(draft);
            }
        }
        Err(GenerateError::NotFound(format!(
            "no {} draft in {FRESH_TRIES} tries counted within its budget of {} nodes",
            self.what(),
            crate::quote::group_digits(&NODE_BUDGET.to_string())
        )))
    }

    fn node_budget(&self) -> Option<u64> {
        Some(NODE_BUDGET)
    }

    fn mutate(&self, d: &Draft, rng: &mut ChaCha8Rng) -> Option<Draft> {
        let mut next = d.clone();
        // Half the changes remove a clue, three in ten add one, two in ten swap one.
        let roll = rng.random_range(0..10);
        if !(5..8).contains(&roll) {
            if next.clues.is_empty() {
                return None;
            }
            let k = rng.random_range(0..next.clues.len());
            next.clues.remove(k);
        }
        if roll >= 5 {
            for _ in 0..64 {
                let clue = self.random_clue(rng);
                if !next.clues.contains(&clue) && !d.clues.contains(&clue) {
                    next.clues.push(clue);
                    break;
                }
            }
        }
        Some(next)
    }

    fn puzzle(&self, d: &Draft) -> BinaryPuzzle {
        let g = d.solution.as_ref().expect("a draft has its planted solution");
        self.with(d.clues.iter().map(|&c| (c, value_in(g, &c))))
    }

    fn clues(&self, d: &Draft) -> usize {
        d.clues.len()
    }

    fn drop_clue(&self, d: &Draft, k: usize) -> Draft {
        let mut next = d.clone();
        next.clues.remove(k);
        next
    }

    fn patience(&self) -> usize {
        20 * self.base.rows
    }
}

/// Takuzu, Binairo or Tango: no options, one struct for the three.
pub struct BinaryGenerator {
    word: &'static str,
    /// The largest side.
    largest: usize,
    drafter: fn(usize) -> BinaryDrafter,
}

/// Takuzu (unique rows and columns). 14×14 is a standard size; each count there has a node budget.
pub static TAKUZU: BinaryGenerator = BinaryGenerator {
    word: "takuzu",
    largest: 14,
    drafter: BinaryDrafter::takuzu,
};

/// Binairo (rows and columns may repeat).
pub static BINAIRO: BinaryGenerator = BinaryGenerator {
    word: "binairo",
    largest: 14,
    drafter: BinaryDrafter::binairo,
};

/// Tango (givens and '=' / 'x' links).
pub static TANGO: BinaryGenerator = BinaryGenerator {
    word: "tango",
    largest: 10,
    drafter: BinaryDrafter::tango,
};

impl GeneratorInfo for BinaryGenerator {
    fn word(&self) -> &'static str {
        self.word
    }

    fn sizes(&self, _options: &Options) -> std::ops::RangeInclusive<usize> {
        4..=self.largest
    }

    fn describe(&self, _options: &Options) -> String {
        self.word.to_string()
    }

    fn sample_size(&self) -> usize {
        6
    }
}

impl Generator for BinaryGenerator {
    type Family = BinaryPuzzle;

    fn generate(
        &self,
        options: &Options,
        req: &DraftRequest,
        cancel: &CancelFlag,
        progress: &dyn Fn(usize),
    ) -> Result<Drafted<BinaryPuzzle>, GenerateError> {
        let _ = options;
        run(&(self.drafter)(req.size), req, cancel, progress)
    }
}
