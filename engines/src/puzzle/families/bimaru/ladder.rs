//! The deduction ladder for Battleship (Bimaru) puzzles: a model of the
//! counts at the edges, the givens (with what a ship part says about its
//! neighbours) and "ships never touch diagonally", and the fleet's own rules
//! as a person uses them:
//!
//! - tier 1: a middle part runs along the line that has room; a part that
//!   would make a ship longer than any still to place is water; once the
//!   fleet is placed, the rest is water (that ships are straight follows from
//!   the model's diagonals);
//! - tier 2: the places left for the longest ships (when there are exactly as
//!   many places as ships, each holds one; a cell every place covers holds a
//!   part), and cells no ship still to place can reach are water.
//!
//! When ships may touch the fleet rules do not apply (a run of parts may be
//! two ships), and only the complete grid is checked against the fleet.

use super::{given_pins, violations};
use crate::geometry::{BinaryMatrix, TouchRule};
use crate::puzzle::deduce::{Contradiction, Deduction, FamilyRules, LadderSpec, Rule, State};
use crate::puzzle::model::{Cell, PuzzleModel};
use crate::puzzle::{BattleshipPuzzle, Given};
use std::collections::BTreeMap;

/// The ladder's model and rules of a Battleship puzzle.
pub fn ladder(p: &BattleshipPuzzle) -> Result<LadderSpec, String> {
    p.validate().map_err(|e| e.to_string())?;
    let (rows, cols) = (p.rows, p.cols);
    let mut m = PuzzleModel::new(rows, cols, "ship part");
    for ((r, c), v) in given_pins(p)? {
        m.fix(
            r * cols + c,
            v,
            if v {
                "a ship part by the givens"
            } else {
                "water by the givens"
            },
        );
    }
    for (i, t) in p.row_targets.iter().enumerate() {
        if let Some(t) = t {
            m.count(
                (0..cols).map(|j| i * cols + j),
                i64::from(*t),
                false,
                format!("row {}", i + 1),
            );
        }
    }
    for (j, t) in p.col_targets.iter().enumerate() {
        if let Some(t) = t {
            m.count(
                (0..rows).map(|i| i * cols + j),
                i64::from(*t),
                false,
                format!("column {}", j + 1),
            );
        }
    }
    if p.rule == TouchRule::NoTouch {
        for r in 0..rows {
            for c in 0..cols {
                for dc in [-1i64, 1] {
                    let nc = c as i64 + dc;
                    if r + 1 < rows && (0..cols as i64).contains(&nc) {
                        m.not_both(r * cols + c, (r + 1) * cols + nc as usize, 1.0, "touch diagonally");
                    }
                }
            }
        }
    }
    let mut fleet: BTreeMap<usize, usize> = BTreeMap::new();
    for &l in &p.ships {
        *fleet.entry(l).or_default() += 1;
    }
    let middles = p
        .givens
        .iter()
        .filter(|g| g.2 == Given::Middle)
        .map(|g| g.0 * cols + g.1)
        .collect();
    Ok(LadderSpec {
        model: m,
        rules: Some(Box::new(FleetRules {
            puzzle: p.clone(),
            fleet,
            middles,
        })),
    })
}

struct FleetRules {
    puzzle: BattleshipPuzzle,
    /// Ships per length.
    fleet: BTreeMap<usize, usize>,
    /// Given middle parts.
    middles: Vec<Cell>,
}

/// A ship's place: its first cell, its length, its direction.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Place {
    r: usize,
    c: usize,
    len: usize,
    vertical: bool,
}

impl Place {
    fn cells(self, cols: usize) -> impl Iterator<Item = Cell> {
        (0..self.len).map(move |k| {
            if self.vertical {
                (self.r + k) * cols + self.c
            } else {
                self.r * cols + self.c + k
            }
        })
    }
}

/// The state on the board, read as a person reads it.
struct Board<'a> {
    rows: usize,
    cols: usize,
    state: &'a State,
    /// Ship parts decided per row and per column.
    row_parts: Vec<i64>,
    col_parts: Vec<i64>,
}

impl Board<'_> {
    /// The value at (r, c); off the board is water.
    fn at(&self, r: i64, c: i64) -> Option<bool> {
        if r < 0 || c < 0 || r >= self.rows as i64 || c >= self.cols as i64 {
            return Some(false);
        }
        self.state[r as usize * self.cols + c as usize]
    }
    fn ship(&self, r: i64, c: i64) -> bool {
        self.at(r, c) == Some(true)
    }
    fn water(&self, r: i64, c: i64) -> bool {
        self.at(r, c) == Some(false)
    }
    /// Parts in a row from (r, c) stepping (dr, dc), not counting (r, c).
    fn run(&self, r: i64, c: i64, dr: i64, dc: i64) -> usize {
        (1..).take_while(|&k| self.ship(r + dr * k, c + dc * k)).count()
    }
    fn name(&self, cell: Cell) -> String {
        crate::puzzle::model::cell_name(cell, self.cols)
    }
    fn open(&self, r: i64, c: i64) -> Option<Cell> {
        (self.at(r, c).is_none()).then(|| r as usize * self.cols + c as usize)
    }

    /// Complete ships (parts with water at both ends and beside), by length.
    fn complete(&self) -> BTreeMap<usize, usize> {
        let mut out = BTreeMap::new();
        for r in 0..self.rows as i64 {
            for c in 0..self.cols as i64 {
                if !self.ship(r, c) {
                    continue;
                }
                let (left, up) = (self.ship(r, c - 1), self.ship(r - 1, c));
                let (right, down) = (self.run(r, c, 0, 1), self.run(r, c, 1, 0));
                if left || up {
                    continue; // not the first part of its ship
                }
                let (len, vertical) = if right > 0 {
                    (right + 1, false)
                } else {
                    (down + 1, true)
                };
                let closed = if len == 1 {
                    [(0, -1), (0, 1), (-1, 0), (1, 0)]
                        .iter()
                        .all(|&(dr, dc)| self.water(r + dr, c + dc))
                } else if vertical {
                    self.water(r - 1, c) && self.water(r + len as i64, c)
                } else {
                    self.water(r, c - 1) && self.water(r, c + len as i64)
                };
                if closed {
                    *out.entry(len).or_default() += 1;
                }
            }
        }
        out
    }
}

impl FleetRules {
    fn board<'a>(&self, state: &'a State) -> Board<'a> {
        let (rows, cols) = (self.puzzle.rows, self.puzzle.cols);
        let (mut row_parts, mut col_parts) = (vec![0; rows], vec![0; cols]);
        for (x, v) in state.iter().enumerate() {
            if *v == Some(true) {
                row_parts[x / cols] += 1;
                col_parts[x % cols] += 1;
            }
        }
        Board {
            rows,
            cols,
            state,
            row_parts,
            col_parts,
        }
    }

    /// Ships still to place per length (negative: more complete ships than the fleet has).
    fn remaining(&self, b: &Board<'_>) -> BTreeMap<usize, i64> {
        let done = b.complete();
        let mut left: BTreeMap<usize, i64> = self.fleet.iter().map(|(&l, &n)| (l, n as i64)).collect();
        for (l, n) in done {
            *left.entry(l).or_default() -= n as i64;
        }
        left
    }

    fn longest_left(left: &BTreeMap<usize, i64>) -> usize {
        left.iter().filter(|(_, n)| **n > 0).map(|(l, _)| *l).max().unwrap_or(0)
    }

    /// The places a ship of length `len` can still take.
    fn places(&self, b: &Board<'_>, len: usize) -> Vec<Place> {
        let (rows, cols) = (b.rows, b.cols);
        let mut out = Vec::new();
        let row_left = |r: usize| self.puzzle.row_targets[r].map(|t| t as i64 - b.row_parts[r]);
        let col_left = |c: usize| self.puzzle.col_targets[c].map(|t| t as i64 - b.col_parts[c]);
        for vertical in [false, true] {
            if len == 1 && vertical {
                break;
            }
            let (dr, dc) = if vertical { (1i64, 0i64) } else { (0, 1) };
            for r in 0..rows {
                for c in 0..cols {
                    let place = Place { r, c, len, vertical };
                    let (r0, c0) = (r as i64, c as i64);
                    let end = (r0 + dr * len as i64, c0 + dc * len as i64);
                    if end.0 > rows as i64 || end.1 > cols as i64 {
                        continue;
                    }
                    // Every part not water; count the parts already there and the open ones.
                    let (mut parts, mut open, mut room) = (0usize, 0i64, true);
                    for x in place.cells(cols) {
                        match b.state[x] {
                            Some(false) => {
                                room = false;
                                break;
                            }
                            Some(true) => parts += 1,
                            None => {
                                open += 1;
                                // The open cell's line across the ship needs room for one more part.
                                let across = if vertical {
                                    row_left(x / cols)
                                } else {
                                    col_left(x % cols)
                                };
                                if across.is_some_and(|n| n < 1) {
                                    room = false;
                                    break;
                                }
                            }
                        }
                    }
                    if !room {
                        continue;
                    }
                    // Water (or open) at both ends and beside every part.
                    if b.ship(r0 - dr, c0 - dc) || b.ship(end.0, end.1) {
                        continue;
                    }
                    let (pr, pc) = (dc, dr);
                    let side_ship = (0..len as i64).any(|k| {
                        let (x, y) = (r0 + dr * k, c0 + dc * k);
                        b.ship(x + pr, y + pc) || b.ship(x - pr, y - pc)
                    });
                    if side_ship {
                        continue;
                    }
                    // Already a complete ship (water all round): counted, not a place for another.
                    let closed = if len == 1 {
                        [(0, -1), (0, 1), (-1, 0), (1, 0)]
                            .iter()
                            .all(|&(a, z)| b.water(r0 + a, c0 + z))
                    } else {
                        b.water(r0 - dr, c0 - dc) && b.water(end.0, end.1)
                    };
                    if closed && parts == len {
                        continue;
                    }
                    // The ship's own line needs room for its open cells.
                    let along = if vertical { col_left(c) } else { row_left(r) };
                    let fits = along.is_none_or(|n| n >= open);
                    if fits {
                        out.push(place);
                    }
                }
            }
        }
        out
    }

    fn step(
        &self,
        tier: u8,
        name: &'static str,
        decided: Vec<(Cell, bool)>,
        reasons: Vec<Cell>,
        sentence: String,
    ) -> Deduction {
        Deduction {
            rule: Rule::Family { name, tier },
            decided,
            reasons,
            sentence,
        }
    }

    fn tier1(&self, b: &Board<'_>) -> Option<Deduction> {
        let (rows, cols) = (b.rows as i64, b.cols as i64);
        // A middle part runs where it has room.
        for &m in &self.middles {
            let (r, c) = ((m / b.cols) as i64, (m % b.cols) as i64);
            for (blocked, free, line) in [
                ([(-1i64, 0i64), (1, 0)], [(0i64, -1i64), (0, 1)], "left and right"),
                ([(0, -1), (0, 1)], [(-1, 0), (1, 0)], "up and down"),
            ] {
                let wall = blocked.iter().find(|&&(dr, dc)| b.water(r + dr, c + dc));
                let open: Vec<Cell> = free.iter().filter_map(|&(dr, dc)| b.open(r + dr, c + dc)).collect();
                if let (Some(&(dr, dc)), false) = (wall, open.is_empty()) {
                    let (wr, wc) = (r + dr, c + dc);
                    let why = if wr < 0 || wc < 0 || wr >= rows || wc >= cols {
                        "the edge".to_string()
                    } else {
                        format!("water at {}", b.name((wr * cols + wc) as Cell))
                    };
                    return Some(self.step(
                        1,
                        "middle",
                        open.iter().map(|&o| (o, true)).collect(),
                        vec![m],
                        format!(
                            "The middle part at {} has {why} on one side, so its ship runs {line}: {} {} ship parts",
                            b.name(m),
                            open.iter().map(|&o| b.name(o)).collect::<Vec<_>>().join(" and "),
                            if open.len() == 1 { "is a" } else { "are" }
                        )
                        .replace("is a ship parts", "is a ship part"),
                    ));
                }
            }
        }
        let left = self.remaining(b);
        let longest = Self::longest_left(&left);
        if longest == 0 {
            let open: Vec<Cell> = (0..b.state.len()).filter(|&x| b.state[x].is_none()).collect();
            if !open.is_empty() {
                return Some(self.step(
                    1,
                    "fleet-placed",
                    open.iter().map(|&o| (o, false)).collect(),
                    Vec::new(),
                    "Every ship of the fleet is placed: the other cells are water".into(),
                ));
            }
            return None;
        }
        // Too long: a part here would make a ship longer than any left.
        for r in 0..rows {
            for c in 0..cols {
                let Some(here) = b.open(r, c) else { continue };
                for (dr, dc) in [(0i64, 1i64), (1, 0)] {
                    let (a, z) = (b.run(r, c, -dr, -dc), b.run(r, c, dr, dc));
                    if a + z == 0 || a + z < longest {
                        continue;
                    }
                    let touching: Vec<Cell> = [(-dr, -dc, a), (dr, dc, z)]
                        .into_iter()
                        .filter(|t| t.2 > 0)
                        .map(|(sr, sc, _)| ((r + sr) * cols + c + sc) as Cell)
                        .collect();
                    return Some(self.step(
                        1,
                        "too-long",
                        vec![(here, false)],
                        touching,
                        format!(
                            "A ship part at {} would make a ship of {} or more cells, longer than any ship still to place (the longest is {longest}): it is water",
                            b.name(here),
                            a + z + 1
                        ),
                    ));
                }
            }
        }
        None
    }

    fn tier2(&self, b: &Board<'_>) -> Option<Deduction> {
        let left = self.remaining(b);
        let mut reachable = vec![false; b.state.len()];
        for (&len, &n) in left.iter().rev() {
            if n <= 0 {
                continue;
            }
            let places = self.places(b, len);
            for p in &places {
                for x in p.cells(b.cols) {
                    reachable[x] = true;
                }
            }
            let ships = crate::puzzle::model::plural("ship", n);
            if places.len() as i64 == n {
                let cells: Vec<Cell> = places.iter().flat_map(|p| p.cells(b.cols)).collect();
                let open: Vec<Cell> = cells.iter().copied().filter(|&x| b.state[x].is_none()).collect();
                if !open.is_empty() {
                    return Some(self.step(
                        2,
                        "fleet-places",
                        open.iter().map(|&o| (o, true)).collect(),
                        cells,
                        format!(
                            "Only {} {} left for the {n} {ships} of length {len}, so each holds one",
                            places.len(),
                            if places.len() == 1 { "place is" } else { "places are" }
                        ),
                    ));
                }
            } else if n == 1 && !places.is_empty() {
                let common: Vec<Cell> = places[0]
                    .cells(b.cols)
                    .filter(|&x| b.state[x].is_none() && places.iter().all(|p| p.cells(b.cols).any(|y| y == x)))
                    .collect();
                if !common.is_empty() {
                    return Some(self.step(
                        2,
                        "fleet-places",
                        common.iter().map(|&o| (o, true)).collect(),
                        places.iter().flat_map(|p| p.cells(b.cols)).collect(),
                        format!(
                            "Every place left for the ship of length {len} covers {}: it holds a ship part",
                            common.iter().map(|&o| b.name(o)).collect::<Vec<_>>().join(" and ")
                        ),
                    ));
                }
            }
        }
        let unreachable: Vec<Cell> = (0..b.state.len())
            .filter(|&x| b.state[x].is_none() && !reachable[x])
            .collect();
        if !unreachable.is_empty() {
            return Some(self.step(
                2,
                "no-ship-fits",
                unreachable.iter().map(|&o| (o, false)).collect(),
                Vec::new(),
                format!(
                    "No ship still to place fits over {}: water",
                    crate::puzzle::model::name_list(&unreachable.iter().map(|&o| b.name(o)).collect::<Vec<_>>())
                ),
            ));
        }
        None
    }
}

impl FamilyRules for FleetRules {
    fn deduce(&self, _model: &PuzzleModel, state: &State, tier: u8) -> Option<Deduction> {
        if self.puzzle.rule != TouchRule::NoTouch {
            return None;
        }
        let b = self.board(state);
        match tier {
            1 => self.tier1(&b),
            2 => self.tier2(&b),
            _ => None,
        }
    }

    fn broken(&self, _model: &PuzzleModel, state: &State) -> Option<Contradiction> {
        let (rows, cols) = (self.puzzle.rows, self.puzzle.cols);
        if state.iter().all(Option::is_some) {
            let mut grid = BinaryMatrix::zeros(rows, cols);
            for (x, v) in state.iter().enumerate() {
                grid.set(x / cols, x % cols, *v == Some(true));
            }
            return violations(&self.puzzle, &grid)
                .into_iter()
                .next()
                .map(|v| Contradiction {
                    cells: v.cells,
                    sentence: v.message,
                });
        }
        if self.puzzle.rule != TouchRule::NoTouch {
            return None;
        }
        let b = self.board(state);
        let left = self.remaining(&b);
        if let Some((&len, _)) = left.iter().find(|(_, n)| **n < 0) {
            let have = self.fleet.get(&len).copied().unwrap_or(0);
            return Some(Contradiction {
                cells: Vec::new(),
                sentence: format!("there are more finished ships of length {len} than the fleet's {have}"),
            });
        }
        for (&len, &n) in &left {
            if n > 0 && (self.places(&b, len).len() as i64) < n {
                return Some(Contradiction {
                    cells: Vec::new(),
                    sentence: format!(
                        "there is no room left for the {n} {} of length {len}",
                        crate::puzzle::model::plural("ship", n)
                    ),
                });
            }
        }
        None
    }
}
