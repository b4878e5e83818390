//! Battleship (Bimaru) puzzles: a fleet planted at random under the touch
//! rule, its row and column counts shown, and (unless the puzzle is to have
//! no givens) some cells given with the part they show. Changes move one ship
//! or add or remove a given; with no givens the search looks for the fleets
//! whose X-ray alone fixes them.

use crate::geometry::TouchRule;
use crate::puzzle::GenerateError;
use crate::puzzle::battleship::{BattleshipPuzzle, Given};
use crate::puzzle::deduce::Grade;
use crate::puzzle::draft::Drafter;
use crate::puzzle::draft::search::run;
use crate::puzzle::family::{
    Change, DraftRequest, Drafted, Generator, GeneratorInfo, MAX_SIZE, OptionKind, OptionSpec, Options,
};
use crate::run::CancelFlag;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

pub(crate) struct BattleshipDrafter {
    pub n: usize,
    /// Ship lengths.
    pub fleet: Vec<usize>,
    pub rule: TouchRule,
    /// Givens allowed (false: the counts alone).
    pub givens: bool,
}

#[derive(Clone, Copy, PartialEq)]
struct Ship {
    r: usize,
    c: usize,
    len: usize,
    vertical: bool,
}

impl Ship {
    fn cells(self) -> impl Iterator<Item = (usize, usize)> {
        (0..self.len).map(move |k| {
            if self.vertical {
                (self.r + k, self.c)
            } else {
                (self.r, self.c + k)
            }
        })
    }

    /// The part cell `k` of the ship shows.
    fn part(self, k: usize) -> Given {
        match (self.len, k, self.vertical) {
            (1, _, _) => Given::Single,
            (_, 0, true) => Given::Top,
            (_, 0, false) => Given::Left,
            (l, k, true) if k + 1 == l => Given::Bottom,
            (l, k, false) if k + 1 == l => Given::Right,
            _ => Given::Middle,
        }
    }
}

#[derive(Clone)]
pub(crate) struct Draft {
    ships: Vec<Ship>,
    /// Given cells, row-major.
    givens: Vec<usize>,
    /// Lines whose count is hidden (rows 0..n, then columns n..2n): only the
    /// final thinning hides counts, and only when givens are allowed.
    hidden: Vec<usize>,
}

impl Draft {
    /// The lines whose counts are shown, in order.
    fn shown(&self, n: usize) -> Vec<usize> {
        (0..2 * n).filter(|l| !self.hidden.contains(l)).collect()
    }
}

impl BattleshipDrafter {
    /// May `ship` join `others` (inside, no overlap, and no touching under the no-touch rule)?
    fn fits(&self, ship: Ship, others: &[Ship]) -> bool {
        let reach = usize::from(self.rule == TouchRule::NoTouch);
        ship.cells().all(|(r, c)| r < self.n && c < self.n)
            && others.iter().all(|o| {
                !ship
                    .cells()
                    .any(|(r, c)| o.cells().any(|(a, b)| r.abs_diff(a) <= reach && c.abs_diff(b) <= reach))
            })
    }

    fn place(&self, len: usize, others: &[Ship], rng: &mut ChaCha8Rng) -> Option<Ship> {
        (0..500).find_map(|_| {
            let ship = Ship {
                r: rng.random_range(0..self.n),
                c: rng.random_range(0..self.n),
                len,
                vertical: len > 1 && rng.random_bool(0.5),
            };
            self.fits(ship, others).then_some(ship)
        })
    }

    /// The given a cell shows under the draft's fleet.
    fn given_at(&self, d: &Draft, cell: usize) -> Given {
        let at = (cell / self.n, cell % self.n);
        d.ships
            .iter()
            .find_map(|s| s.cells().position(|x| x == at).map(|k| s.part(k)))
            .unwrap_or(Given::Water)
    }
}

impl Drafter for BattleshipDrafter {
    type Family = BattleshipPuzzle;
    type Draft = Draft;

    fn what(&self) -> String {
        let givens = if self.givens { "" } else { " no-given" };
        format!("{0}×{0}{givens} Battleship", self.n)
    }

    fn fresh(&self, rng: &mut ChaCha8Rng, _: &CancelFlag) -> Result<Draft, GenerateError> {
        let mut order = self.fleet.clone();
        order.sort_unstable_by(|a, b| b.cmp(a));
        for _ in 0..1000 {
            let mut ships = Vec::new();
            for &len in &order {
                match self.place(len, &ships, rng) {
                    Some(s) => ships.push(s),
                    None => break,
                }
            }
            if ships.len() == order.len() {
                return Ok(Draft {
                    ships,
                    givens: Vec::new(),
                    hidden: Vec::new(),
                });
            }
        }
        Err(GenerateError::NotFound(format!(
            "the fleet does not fit a {} board ({})",
            self.what(),
            self.rule.describe()
        )))
    }

    fn mutate(&self, d: &Draft, rng: &mut ChaCha8Rng) -> Option<Draft> {
        let mut next = d.clone();
        if self.givens && rng.random_bool(0.5) {
            if !next.givens.is_empty() && rng.random_bool(0.5) {
                next.givens.remove(rng.random_range(0..next.givens.len()));
            } else {
                let cell = rng.random_range(0..self.n * self.n);
                if next.givens.contains(&cell) {
                    return None;
                }
                next.givens.push(cell);
            }
            return Some(next);
        }
        let k = rng.random_range(0..next.ships.len());
        let ship = next.ships.remove(k);
        let moved = self.place(ship.len, &next.ships, rng)?;
        next.ships.insert(k, moved);
        Some(next)
    }

    fn puzzle(&self, d: &Draft) -> BattleshipPuzzle {
        let n = self.n;
        let mut rows = vec![0u32; n];
        let mut cols = vec![0u32; n];
        for (r, c) in d.ships.iter().flat_map(|s| s.cells()) {
            rows[r] += 1;
            cols[c] += 1;
        }
        let mut givens: Vec<(usize, usize, Given)> =
            d.givens.iter().map(|&g| (g / n, g % n, self.given_at(d, g))).collect();
        givens.sort_unstable_by_key(|g| (g.0, g.1));
        BattleshipPuzzle {
            rows: n,
            cols: n,
            ships: self.fleet.clone(),
            row_targets: (0..n).map(|r| (!d.hidden.contains(&r)).then_some(rows[r])).collect(),
            col_targets: (0..n)
                .map(|c| (!d.hidden.contains(&(n + c))).then_some(cols[c]))
                .collect(),
            givens,
            rule: self.rule,
        }
    }

    /// The givens, then (with givens allowed) the shown counts: a puzzle of
    /// counts alone keeps its whole X-ray.
    fn clues(&self, d: &Draft) -> usize {
        d.givens.len() + if self.givens { d.shown(self.n).len() } else { 0 }
    }

    fn drop_clue(&self, d: &Draft, k: usize) -> Draft {
        let mut next = d.clone();
        if k < d.givens.len() {
            next.givens.remove(k);
        } else {
            next.hidden.push(d.shown(self.n)[k - d.givens.len()]);
        }
        next
    }

    fn patience(&self) -> usize {
        30 * self.n
    }
}

/// Ship lengths.
const FLEET: OptionSpec = OptionSpec {
    key: "fleet",
    flag: "fleet",
    label: "Fleet",
    text: "",
    what: "the fleet",
    help: "Ship lengths, comma separated (5,4,3,3,2 is the classic fleet)",
    kind: OptionKind::Lengths {
        default: &[4, 3, 3, 2, 2, 2, 1, 1, 1, 1],
    },
};

/// Ships may touch.
const MAY_TOUCH: OptionSpec = OptionSpec {
    key: "may-touch",
    flag: "may-touch",
    label: "Touching",
    text: "ships may touch",
    what: "touching",
    help: "Ships may touch (off: no two ships touch, not even at a corner)",
    kind: OptionKind::Flag { default: false },
};

/// Givens allowed.
const GIVENS: OptionSpec = OptionSpec {
    key: "givens",
    flag: "no-givens",
    label: "Givens",
    text: "givens",
    what: "givens",
    help: "Givens on the board (off: the row and column counts alone fix the fleet)",
    kind: OptionKind::Flag { default: true },
};

/// Battleship (Bimaru).
pub struct BattleshipGenerator;

impl BattleshipGenerator {
    fn rule(options: &Options) -> TouchRule {
        if options.flag(MAY_TOUCH.key) {
            TouchRule::MayTouch
        } else {
            TouchRule::NoTouch
        }
    }
}

impl GeneratorInfo for BattleshipGenerator {
    fn word(&self) -> &'static str {
        "battleship"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["bimaru"]
    }

    fn options(&self) -> &'static [OptionSpec] {
        &[FLEET, MAY_TOUCH, GIVENS]
    }

    fn sizes(&self, _options: &Options) -> std::ops::RangeInclusive<usize> {
        4..=MAX_SIZE
    }

    fn check(&self, options: &Options, size: usize) -> Result<(), String> {
        let fleet = options.lengths(FLEET.key);
        if fleet.is_empty() || fleet.len() > 20 {
            return Err(format!("the fleet needs 1 to 20 ships, not {}", fleet.len()));
        }
        if let Some(l) = fleet.iter().find(|&&l| l == 0) {
            return Err(format!("ship lengths are 1 or more, not {l}"));
        }
        match fleet.iter().find(|&&l| l > size) {
            Some(l) if self.sizes(options).contains(&size) => {
                Err(format!("a ship of length {l} does not fit a {size}×{size} board"))
            }
            _ => Ok(()),
        }
    }

    // With ships that may touch and no givens the model is the row and
    // column counts alone, and the fleet rules do not apply; every tier-2
    // rule needs a line whose open cells all lie in, or all meet through a
    // nearly full line, one other line: a line with one open cell, which
    // tier 1's Fill takes first.
    fn out_of_reach(&self, options: &Options, grade: Grade) -> Option<&'static str> {
        (options.flag(MAY_TOUCH.key) && !options.flag(GIVENS.key) && grade == Grade::Medium).then_some(
            "a Battleship whose ships may touch and that has no givens is never Medium: its only clues are \
             the counts, and every tier-2 rule needs more than counts to act on; with givens, or ships kept \
             apart, it is",
        )
    }

    fn remedy(&self, options: &Options, grade: Grade) -> &'static [Change] {
        if self.out_of_reach(options, grade).is_some() {
            &[Change::Flag("givens", true), Change::Flag("may-touch", false)]
        } else {
            &[]
        }
    }

    fn describe(&self, options: &Options) -> String {
        format!(
            "battleship, fleet {}, {}, {}",
            options
                .lengths(FLEET.key)
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(","),
            if options.flag(MAY_TOUCH.key) {
                "ships may touch"
            } else {
                "ships apart"
            },
            if options.flag(GIVENS.key) {
                "givens"
            } else {
                "no givens"
            }
        )
    }

    fn sample_size(&self) -> usize {
        8
    }
}

impl Generator for BattleshipGenerator {
    type Family = BattleshipPuzzle;

    fn generate(
        &self,
        options: &Options,
        req: &DraftRequest,
        cancel: &CancelFlag,
        progress: &dyn Fn(usize),
    ) -> Result<Drafted<BattleshipPuzzle>, GenerateError> {
        let drafter = BattleshipDrafter {
            n: req.size,
            fleet: options.lengths(FLEET.key).to_vec(),
            rule: Self::rule(options),
            givens: options.flag(GIVENS.key),
        };
        run(&drafter, req, cancel, progress)
    }
}
