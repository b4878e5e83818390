//! The X-ray QUBO of "Battleship, tomography and quantum annealing" (section 4,
//! Theorem 4.1, and section 5.2 for known cells), for any m×n 0/1 picture:
//!
//! E(x) = ‖Lx − b‖² + ε‖Δx‖²  =  xᵀ(Q_lin + εQ_lap)x + ‖b‖²,
//!
//! with L the row and column sums, b their targets, Δ the 5-point Laplacian
//! (zero outside the board) and Q_lin = LᵀL − 2 diag(Lᵀb), Q_lap = ΔᵀΔ. The
//! offset ‖b‖² is kept, so a fleet's energy is ε‖ΔA‖² and can be checked by
//! hand. (The paper's L pairs row targets with column rows; each constraint
//! here is paired with its own target.) Known cells ("shots": the paper pins the
//! three tips of the heart) are either extra rows of L with a chosen weight, or
//! removed from the model.

use super::model::{Qubo, QuboBuilder};
use crate::geometry::{BinaryMatrix, MAX_SIDE};
use serde::{Deserialize, Serialize};

/// Largest ε or pin weight: far past any useful value, and small enough that
/// every coefficient stays within the model's limit.
pub const MAX_WEIGHT: f64 = 1e6;

/// ε in [0, [`MAX_WEIGHT`]] and a pin penalty weight in (0, [`MAX_WEIGHT`]]:
/// the one check for the typed options, the room's settings and sessions.
pub fn check_weights(epsilon: f64, pin_mode: PinMode) -> Result<(), String> {
    if !(0.0..=MAX_WEIGHT).contains(&epsilon) {
        return Err(format!(
            "ε must be a number from 0 to {MAX_WEIGHT:e}, not {}",
            crate::quote::number(epsilon)
        ));
    }
    if let PinMode::Penalty { weight } = pin_mode
        && !(weight > 0.0 && weight <= MAX_WEIGHT)
    {
        return Err(format!(
            "the pin weight must be a number above 0 and at most {MAX_WEIGHT:e}, not {}",
            crate::quote::number(weight)
        ));
    }
    Ok(())
}

/// The paper's ε.
pub const DEFAULT_EPSILON: f64 = 0.005;

/// How known cells enter the model.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum PinMode {
    /// A term weight·(x_p − v)², as an extra row of L (the paper: weight 1).
    Penalty { weight: f64 },
    /// The variable is fixed and removed from the model.
    Eliminate,
}

impl Default for PinMode {
    fn default() -> Self {
        PinMode::Penalty { weight: 1.0 }
    }
}

/// What the model is built from: the sums, ε and the known cells.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct XraySpec {
    pub rows: Vec<u32>,
    pub cols: Vec<u32>,
    pub epsilon: f64,
    /// Known cells (row, col) and whether a ship (1) is there.
    pub pins: Vec<((usize, usize), bool)>,
    pub pin_mode: PinMode,
}

impl XraySpec {
    /// The sums of a picture, ε, no pins.
    pub fn of_matrix(m: &BinaryMatrix, epsilon: f64) -> XraySpec {
        XraySpec {
            rows: m.row_sums(),
            cols: m.col_sums(),
            epsilon,
            pins: Vec::new(),
            pin_mode: PinMode::default(),
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        let (m, n) = (self.rows.len(), self.cols.len());
        if m == 0 || n == 0 || m > MAX_SIDE || n > MAX_SIDE {
            return Err(format!(
                "a picture of {m}×{n} cells: each side must be from 1 to {MAX_SIDE}"
            ));
        }
        if let Some(r) = self.rows.iter().find(|&&r| r as usize > n) {
            return Err(format!("a row sum of {r} is more than the {n} columns"));
        }
        if let Some(c) = self.cols.iter().find(|&&c| c as usize > m) {
            return Err(format!("a column sum of {c} is more than the {m} rows"));
        }
        let (total_r, total_c): (u64, u64) = (
            self.rows.iter().map(|&v| v as u64).sum(),
            self.cols.iter().map(|&v| v as u64).sum(),
        );
        if total_r != total_c {
            return Err(format!(
                "the row sums add up to {total_r} and the column sums to {total_c}: no picture has both"
            ));
        }
        check_weights(self.epsilon, self.pin_mode)?;
        for &((r, c), _) in &self.pins {
            if r >= m || c >= n {
                return Err(format!(
                    "known cell (row {}, col {}) is off the {m}×{n} picture",
                    r + 1,
                    c + 1
                ));
            }
        }
        let mut seen = std::collections::HashMap::new();
        for &(cell, v) in &self.pins {
            if seen.insert(cell, v).is_some_and(|w| w != v) {
                return Err(format!(
                    "cell (row {}, col {}) is known as both ship and water",
                    cell.0 + 1,
                    cell.1 + 1
                ));
            }
        }
        Ok(())
    }
}

/// The model with the cell behind each variable.
#[derive(Clone, Debug, PartialEq)]
pub struct XrayModel {
    pub spec: XraySpec,
    pub qubo: Qubo,
    /// Cell (row, col) of each variable (row-major, without eliminated cells).
    cells: Vec<(usize, usize)>,
}

/// The 4-neighbours of a cell inside an m×n board.
fn neighbours(m: usize, n: usize, r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> {
    let cand = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)];
    cand.into_iter().filter(move |&(a, b)| a < m && b < n)
}

impl XrayModel {
    pub fn build(spec: XraySpec) -> Result<XrayModel, String> {
        spec.validate()?;
        let (m, n) = (spec.rows.len(), spec.cols.len());
        let var = |r: usize, c: usize| r * n + c;
        // Three parts with integer terms, scaled and added once per coefficient.
        let mut sums = QuboBuilder::new(m * n);
        for (r, &t) in spec.rows.iter().enumerate() {
            let terms: Vec<(usize, f64)> = (0..n).map(|c| (var(r, c), 1.0)).collect();
            sums.add_squared(1.0, &terms, t as f64);
        }
        for (c, &t) in spec.cols.iter().enumerate() {
            let terms: Vec<(usize, f64)> = (0..m).map(|r| (var(r, c), 1.0)).collect();
            sums.add_squared(1.0, &terms, t as f64);
        }
        let mut lap = QuboBuilder::new(m * n);
        if spec.epsilon > 0.0 {
            for r in 0..m {
                for c in 0..n {
                    let mut terms = vec![(var(r, c), 4.0)];
                    terms.extend(neighbours(m, n, r, c).map(|(a, d)| (var(a, d), -1.0)));
                    lap.add_squared(1.0, &terms, 0.0);
                }
            }
        }
        let mut pins = QuboBuilder::new(m * n);
        let mut pin_weight = 0.0;
        if let PinMode::Penalty { weight } = spec.pin_mode {
            pin_weight = weight;
            for &((r, c), v) in &spec.pins {
                pins.add_squared(1.0, &[(var(r, c), 1.0)], if v { 1.0 } else { 0.0 });
            }
        }
        let full = QuboBuilder::combine(&[(1.0, &sums), (spec.epsilon, &lap), (pin_weight, &pins)]).build()?;
        let all: Vec<(usize, usize)> = (0..m).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
        let (qubo, cells) = match spec.pin_mode {
            PinMode::Eliminate if !spec.pins.is_empty() => {
                let fixed: Vec<(usize, bool)> = spec.pins.iter().map(|&((r, c), v)| (var(r, c), v)).collect();
                let (q, kept) = full.fix(&fixed);
                (q, kept.into_iter().map(|i| all[i]).collect())
            }
            _ => (full, all),
        };
        Ok(XrayModel { spec, qubo, cells })
    }

    /// Adds `weight` for every pair of cells that are both 1 (pinned cells
    /// enter with their value). Used for rules beyond the X-ray, such as ships
    /// not touching diagonally.
    pub fn add_pair_penalties(
        &mut self,
        pairs: &[((usize, usize), (usize, usize))],
        weight: f64,
    ) -> Result<(), String> {
        let n = self.cols();
        let var: std::collections::HashMap<(usize, usize), usize> =
            self.cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let pinned = |c: (usize, usize)| {
            (self.spec.pin_mode == PinMode::Eliminate)
                .then(|| self.spec.pins.iter().find(|p| p.0 == c).map(|p| p.1))
                .flatten()
        };
        let mut b = QuboBuilder::new(self.qubo.len());
        b.add_offset(self.qubo.offset());
        for (i, &h) in self.qubo.linear().iter().enumerate() {
            b.add_linear(i, h);
        }
        for (i, j, w) in self.qubo.couplers() {
            b.add_coupler(i, j, w);
        }
        for &(a, c) in pairs {
            if a.0 >= self.rows() || a.1 >= n || c.0 >= self.rows() || c.1 >= n {
                return Err(format!("a pair penalty names a cell off the {}x{n} board", self.rows()));
            }
            match ((var.get(&a), pinned(a)), (var.get(&c), pinned(c))) {
                ((Some(&i), _), (Some(&j), _)) => b.add_coupler(i, j, weight),
                ((Some(&i), _), (None, Some(true))) | ((None, Some(true)), (Some(&i), _)) => b.add_linear(i, weight),
                ((None, Some(true)), (None, Some(true))) => b.add_offset(weight),
                _ => {}
            }
        }
        self.qubo = b.build()?;
        Ok(())
    }

    pub fn rows(&self) -> usize {
        self.spec.rows.len()
    }

    pub fn cols(&self) -> usize {
        self.spec.cols.len()
    }

    /// The cell of each variable.
    pub fn variable_cells(&self) -> &[(usize, usize)] {
        &self.cells
    }

    /// The picture a state stands for (eliminated cells take their known value).
    pub fn decode(&self, x: &[u8]) -> BinaryMatrix {
        let mut m = BinaryMatrix::zeros(self.rows(), self.cols());
        if self.spec.pin_mode == PinMode::Eliminate {
            for &((r, c), v) in &self.spec.pins {
                m.set(r, c, v);
            }
        }
        for (&(r, c), &v) in self.cells.iter().zip(x) {
            m.set(r, c, v != 0);
        }
        m
    }

    /// The state of a picture of the model's size.
    pub fn encode(&self, m: &BinaryMatrix) -> Vec<u8> {
        self.cells.iter().map(|&(r, c)| m.get(r, c) as u8).collect()
    }
}

/// ‖Lx − b‖² + ε‖Δx‖² (+ the pin penalties), straight from the definition:
/// what the model's energy must equal.
pub fn xray_objective(spec: &XraySpec, m: &BinaryMatrix) -> f64 {
    let sq = |d: f64| d * d;
    let mut e: f64 = m
        .row_sums()
        .iter()
        .zip(&spec.rows)
        .map(|(a, b)| sq(*a as f64 - *b as f64))
        .sum();
    e += m
        .col_sums()
        .iter()
        .zip(&spec.cols)
        .map(|(a, b)| sq(*a as f64 - *b as f64))
        .sum::<f64>();
    e += spec.epsilon * crate::geometry::laplacian_energy(m) as f64;
    if let PinMode::Penalty { weight } = spec.pin_mode {
        for &((r, c), v) in &spec.pins {
            e += weight * sq(m.get(r, c) as u8 as f64 - v as u8 as f64);
        }
    }
    e
}
