//! What the samplers are pointed at: an X-ray model (with the fleet and the
//! picture it came from, when known, to judge the answers), a puzzle's QUBO
//! (judged by the puzzle's own rules), or any QUBO read from a file.

use super::SolveError;
use super::xray::{Verdict, judge};
use crate::geometry::{BinaryMatrix, Board, Deployment, Fleet, Lattice, TouchRule, random_deployment};
use crate::puzzle::{Puzzle, PuzzleQuboModel, QuboOptions, RuleChecker, Violation};
use crate::qubo::{Qubo, XrayModel, XraySpec};

/// An X-ray model and what its answers are judged against.
#[derive(Clone, Debug, PartialEq)]
pub struct XrayProblem {
    pub model: XrayModel,
    /// Straight-ship fleet whose realisations count as success.
    pub fleet: Option<Fleet>,
    /// Whether the fleet's ships may touch (what counts as a fleet).
    pub rule: TouchRule,
    /// The picture the sums came from.
    pub original: Option<BinaryMatrix>,
    /// The fleet as placed, when the picture came from one: a state equal to the
    /// picture is shown with these ships, not with another cut of the same ones.
    pub placed: Option<Deployment>,
}

impl XrayProblem {
    /// The model of a picture's sums, judged against the picture (and a fleet).
    pub fn of_picture(
        m: &BinaryMatrix,
        spec: XraySpec,
        fleet: Option<Fleet>,
        rule: TouchRule,
    ) -> Result<XrayProblem, String> {
        Ok(XrayProblem {
            model: XrayModel::build(spec)?,
            fleet,
            rule,
            original: Some(m.clone()),
            placed: None,
        })
    }

    /// The same problem, drawing the original picture with the fleet as placed.
    pub fn with_placed(mut self, placed: Deployment) -> XrayProblem {
        self.placed = Some(placed);
        self
    }

    pub fn verdict(&self, state: &[u8]) -> (BinaryMatrix, Verdict) {
        let m = self.model.decode(state);
        let mut v = judge(&self.model, &m, self.fleet.as_ref(), self.rule, self.original.as_ref());
        if v.original
            && v.fleet.is_some()
            && let Some(placed) = &self.placed
        {
            v.fleet = Some(placed.clone());
        }
        (m, v)
    }

    /// A state is a success (a fleet, or the original picture without a fleet).
    pub fn success(&self, state: &[u8]) -> bool {
        self.verdict(state).1.success(self.fleet.is_some())
    }

    /// The original picture's energy (a feasible energy; the model's minimum is at most this).
    pub fn original_energy(&self) -> Option<f64> {
        self.original
            .as_ref()
            .filter(|m| m.rows() == self.model.rows() && m.cols() == self.model.cols())
            .map(|m| self.model.qubo.energy(&self.model.encode(m)))
    }
}

/// A puzzle's QUBO, judged by the puzzle's rules.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleProblem {
    pub name: String,
    pub puzzle: Puzzle,
    pub model: PuzzleQuboModel,
    /// The most a placement can be worth (Max Chess, from the exact solver), when known.
    pub optimum: Option<f64>,
}

/// What a state means for its puzzle.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PuzzleVerdict {
    pub grid: BinaryMatrix,
    /// Rules the grid breaks (empty: a solution).
    pub violations: Vec<Violation>,
    /// The grid's worth (Max Chess).
    pub value: Option<f64>,
}

impl PuzzleVerdict {
    /// A solution (for Max Chess: valid and as good as the known optimum, if known).
    pub fn success(&self, optimum: Option<f64>) -> bool {
        self.violations.is_empty()
            && match (self.value, optimum) {
                (Some(v), Some(best)) => v >= best - 1e-9,
                _ => true,
            }
    }
}

impl PuzzleProblem {
    /// The tabu tenure that suits puzzle QUBOs: short, as `bench puzzles` measured
    /// (5 beat the general default min(20, n/4) on every published set).
    pub const TABU_TENURE: usize = 5;

    pub fn new(name: &str, puzzle: Puzzle, options: QuboOptions) -> Result<PuzzleProblem, String> {
        Ok(PuzzleProblem {
            name: name.to_string(),
            model: puzzle.qubo(options)?,
            puzzle,
            optimum: None,
        })
    }

    pub fn verdict(&self, state: &[u8]) -> PuzzleVerdict {
        self.verdict_with(&self.puzzle.checker(), state)
    }

    /// [`PuzzleProblem::verdict`] with the rules built once, for judging many states.
    pub fn verdict_with(&self, checker: &RuleChecker<'_>, state: &[u8]) -> PuzzleVerdict {
        let grid = self.model.decode(state);
        let violations = checker.violations(&grid).unwrap_or_else(|message| {
            vec![Violation {
                message,
                cells: Vec::new(),
                short: false,
            }]
        });
        PuzzleVerdict {
            value: checker.value(&grid),
            grid,
            violations,
        }
    }

    pub fn success(&self, state: &[u8]) -> bool {
        self.verdict(state).success(self.optimum)
    }

    /// The energy every solution has (the ground energy when the puzzle is
    /// solvable): ¼ per "q or q + 1" term; unknown for Max Chess and Battleship.
    pub fn solution_energy(&self) -> Option<f64> {
        match (&self.model, &self.puzzle) {
            // A puzzle that asks for a best answer (Max Chess): its optimum.
            (PuzzleQuboModel::Grid(_), p) if p.has_objective() => self.optimum.map(|v| -v),
            (PuzzleQuboModel::Grid(_), p) => {
                let m = p.model().ok()?;
                let fractional = m
                    .constraints
                    .iter()
                    .filter(|c| matches!(c, crate::puzzle::model::Constraint::Sum { lo, hi, .. } if *hi == *lo + 1))
                    .count();
                Some(fractional as f64 / 4.0)
            }
            (PuzzleQuboModel::Xray(_), _) => None,
            // Every rule is a penalty term: solutions have energy 0.
            (PuzzleQuboModel::Placements(_), _) => Some(0.0),
        }
    }
}

/// A model to sample.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    Xray(Box<XrayProblem>),
    Puzzle(Box<PuzzleProblem>),
    /// A QUBO from a file (no picture behind it).
    Plain {
        name: String,
        qubo: Qubo,
    },
}

impl Problem {
    pub fn qubo(&self) -> &Qubo {
        match self {
            Problem::Xray(p) => &p.model.qubo,
            Problem::Puzzle(p) => p.model.qubo(),
            Problem::Plain { qubo, .. } => qubo,
        }
    }

    pub fn xray(&self) -> Option<&XrayProblem> {
        match self {
            Problem::Xray(p) => Some(p),
            _ => None,
        }
    }

    pub fn puzzle(&self) -> Option<&PuzzleProblem> {
        match self {
            Problem::Puzzle(p) => Some(p),
            _ => None,
        }
    }

    /// The grid a state stands for (an X-ray picture, a puzzle answer); none for
    /// a model file.
    pub fn picture(&self, state: &[u8]) -> Option<BinaryMatrix> {
        match self {
            Problem::Xray(p) => Some(p.model.decode(state)),
            Problem::Puzzle(p) => Some(p.model.decode(state)),
            Problem::Plain { .. } => None,
        }
    }
}

/// The picture of a placed fleet: a square board and every ship placed.
pub fn placed_picture(board: &Board, fleet: &Fleet, deployment: &Deployment) -> Result<BinaryMatrix, String> {
    if deployment.ships.len() < fleet.pieces.len() {
        return Err(format!(
            "{} of {} ships are placed: place the whole fleet (Boards: Random fleet)",
            deployment.ships.len(),
            fleet.pieces.len()
        ));
    }
    BinaryMatrix::from_deployment(board, fleet, deployment)
        .ok_or_else(|| "the board is hexagonal; X-rays need a square board".to_string())
}

/// Straight ships of the given lengths (square lattice), named Ship 1, 2, ….
pub fn ships_fleet(lengths: &[u32]) -> Fleet {
    let named: Vec<(String, usize)> = lengths
        .iter()
        .enumerate()
        .map(|(i, &l)| (format!("Ship {}", i + 1), l as usize))
        .collect();
    let refs: Vec<(&str, usize)> = named.iter().map(|(n, l)| (n.as_str(), *l)).collect();
    Fleet::straight("Given ships", Lattice::Square, &refs)
}

/// The classic fleet (5, 4, 3, 3, 2) on a 10×10 board.
pub fn classic() -> (Board, Fleet) {
    let fleet = Fleet::straight(
        "Classic fleet",
        Lattice::Square,
        &[
            ("Carrier", 5),
            ("Battleship", 4),
            ("Submarine", 3),
            ("Cruiser", 3),
            ("Destroyer", 2),
        ],
    );
    (Board::square("10×10", 10, 10), fleet)
}

/// The X-ray problems of `n` random classic fleets from `seed` on (Figure 8's instances).
pub fn random_fleet_problems(n: usize, seed: u64, epsilon: f64) -> Result<Vec<XrayProblem>, SolveError> {
    random_fleet_problems_with(n, seed, epsilon, &crate::run::CancelFlag::new())
}

/// [`random_fleet_problems`] that stops with [`SolveError::Cancelled`] once
/// `cancel` is set (a thousand take over a second).
pub fn random_fleet_problems_with(
    n: usize,
    seed: u64,
    epsilon: f64,
    cancel: &crate::run::CancelFlag,
) -> Result<Vec<XrayProblem>, SolveError> {
    let (board, fleet) = classic();
    (0..n)
        .map(|i| {
            cancel.check()?;
            let rule = TouchRule::MayTouch;
            let d = random_deployment(&board, &fleet, rule, seed.wrapping_add(i as u64))
                .map_err(|e| SolveError::Invalid(e.to_string()))?
                .deployment;
            let m = BinaryMatrix::from_deployment(&board, &fleet, &d).expect("a square board");
            XrayProblem::of_picture(&m, XraySpec::of_matrix(&m, epsilon), Some(fleet.clone()), rule)
                .map_err(SolveError::Invalid)
        })
        .collect()
}
