//! Battleship (Bimaru) puzzles: a fleet planted at random under the touch
//! rule, its row and column counts shown, and (unless the puzzle is to have
//! no givens) some cells given with the part they show. Changes move one ship
//! or add or remove a given; with no givens the search looks for the fleets
//! whose X-ray alone fixes them.

use crate::geometry::TouchRule;
use crate::puzzle::GenerateError;
use crate::puzzle::battleship::{BattleshipPuzzle, Given};
use crate::puzzle::draft::Drafter;
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
