//! The Solver room's model: built in the background from the session (the
//! placed fleet, the image with its pins, typed sums, or a model file) each
//! time the session changes.

use crate::geometry::BinaryMatrix;
use crate::puzzle::{Elimination, QuboOptions};
use crate::qubo::{ModelFormat, PinMode, QuboStats, XraySpec};
use crate::session::{Session, SolverSource};
use crate::solve::{Problem, PuzzleProblem, XrayProblem, placed_picture, ships_fleet};
use std::path::Path;

/// A built model with what the room shows about it.
pub struct Model {
    pub problem: Problem,
    pub stats: QuboStats,
    /// The energy of the picture the model came from (a feasible energy).
    pub original_energy: Option<f64>,
    /// One line naming the source.
    pub describe: String,
    /// The β range simulated annealing chooses for this model.
    pub beta: Option<(f64, f64)>,
}

fn numbers(s: &str, what: &str) -> Result<Vec<u32>, String> {
    s.split(',')
        .filter(|t| !t.trim().is_empty())
        .map(|t| {
            t.trim()
                .parse::<u32>()
                .map_err(|_| format!("{what}: '{}' is not a whole number ≥ 0", t.trim()))
        })
        .collect()
}

/// What the model is built from, taken from the session: the model is rebuilt
/// (and old results cleared) exactly when this changes, not when a sampler
/// setting does.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelInput {
    cfg: crate::session::SolverSettings,
    setup: Option<crate::session::Setup>,
    image: Option<BinaryMatrix>,
    puzzle: Option<(crate::session::NamedPuzzle, bool)>,
}

impl ModelInput {
    pub fn of(session: &Session) -> ModelInput {
        let mut cfg = session.solver.clone();
        // Only the model's own settings count.
        let keep = crate::session::SolverSettings {
            source: cfg.source,
            rows: std::mem::take(&mut cfg.rows),
            cols: std::mem::take(&mut cfg.cols),
            ships: std::mem::take(&mut cfg.ships),
            file: cfg.file.take(),
            epsilon: cfg.epsilon,
            pins: std::mem::take(&mut cfg.pins),
            shots_as_pins: cfg.shots_as_pins,
            pin_mode: cfg.pin_mode,
            ..Default::default()
        };
        ModelInput {
            setup: (keep.source == SolverSource::Fleet).then(|| session.setup().clone()),
            image: (keep.source == SolverSource::Image).then(|| session.tomography.image.clone()),
            puzzle: (keep.source == SolverSource::Puzzle)
                .then(|| {
                    session
                        .puzzles
                        .current()
                        .map(|p| (p.clone(), session.puzzles.eliminate_forced))
                })
                .flatten(),
            cfg: keep,
        }
    }

    /// Builds the model (runs on a background thread; may read the model file).
    pub fn build(self) -> Result<Model, String> {
        let cfg = &self.cfg;
        let spec_of = |m_rows: Vec<u32>, m_cols: Vec<u32>, pins: Vec<((usize, usize), bool)>| XraySpec {
            rows: m_rows,
            cols: m_cols,
            epsilon: cfg.epsilon,
            pins,
            pin_mode: cfg.pin_mode,
        };
        let (problem, describe) = match cfg.source {
            SolverSource::Fleet => {
                let setup = self.setup.as_ref().expect("taken for the fleet source");
                let m = placed_picture(&setup.board, &setup.fleet, &setup.deployment)
                    .map_err(|e| format!("'{}': {e}", setup.name))?;
                let pins = if cfg.shots_as_pins {
                    let o = &setup.observations;
                    let cell = |c: &crate::geometry::Coord| (c.0 as usize, c.1 as usize);
                    o.hits
                        .iter()
                        .map(|c| (cell(c), true))
                        .chain(o.misses.iter().map(|c| (cell(c), false)))
                        .collect()
                } else {
                    Vec::new()
                };
                let spec = spec_of(m.row_sums(), m.col_sums(), pins);
                let p = XrayProblem::of_picture(&m, spec, Some(setup.fleet.clone()))?;
                (
                    Problem::Xray(Box::new(p)),
                    format!("the fleet placed in '{}'", setup.name),
                )
            }
            SolverSource::Image => {
                let m = self.image.as_ref().expect("taken for the image source");
                let pins = valid_pins(&cfg.pins, m);
                let spec = spec_of(m.row_sums(), m.col_sums(), pins);
                let p = XrayProblem::of_picture(m, spec, None)?;
                (
                    Problem::Xray(Box::new(p)),
                    format!("the Tomography room's {}×{} image", m.rows(), m.cols()),
                )
            }
            SolverSource::Sums => {
                let (rows, cols) = (numbers(&cfg.rows, "row sums")?, numbers(&cfg.cols, "column sums")?);
                let ships = numbers(&cfg.ships, "ships")?;
                let longest = rows.len().max(cols.len()) as u32;
                if let Some(l) = ships.iter().find(|&&l| l == 0 || l > longest) {
                    return Err(format!("ships: a length of {l} does not fit (1 to {longest})"));
                }
                let (cells, ones) = (ships.iter().sum::<u32>(), rows.iter().sum::<u32>());
                if !ships.is_empty() && cells != ones {
                    return Err(format!(
                        "the ships cover {cells} cells but the sums ask for {ones} ones"
                    ));
                }
                let fleet = (!ships.is_empty()).then(|| ships_fleet(&ships));
                let spec = spec_of(rows, cols, Vec::new());
                let p = XrayProblem {
                    model: crate::qubo::XrayModel::build(spec)?,
                    fleet,
                    original: None,
                };
                (Problem::Xray(Box::new(p)), "the typed sums".to_string())
            }
            SolverSource::Puzzle => {
                let (p, eliminate_forced) = self.puzzle.as_ref().ok_or("the Puzzles room has no puzzle open")?;
                let options = QuboOptions {
                    elimination: if *eliminate_forced {
                        Elimination::Forced
                    } else {
                        Elimination::Givens
                    },
                    ..QuboOptions::default()
                };
                let mut problem = PuzzleProblem::new(&p.name, p.puzzle.clone(), options)?;
                // Max Chess: the exact optimum tells success from a merely valid answer.
                if p.puzzle.has_objective() {
                    let r = p.puzzle.solve_exact(
                        crate::puzzle::ExactRequest { limit: 1, keep: 0 },
                        &crate::run::CancelFlag::new(),
                    )?;
                    problem.optimum = r.best;
                }
                (
                    Problem::Puzzle(Box::new(problem)),
                    format!("the puzzle '{}' ({})", p.name, p.puzzle.family()),
                )
            }
            SolverSource::File => {
                let path = cfg.file.as_deref().ok_or("type or pick a model file (.coo or .qubo)")?;
                (read_model(path)?, format!("the file {}", path.display()))
            }
        };
        let q = problem.qubo();
        Ok(Model {
            beta: (!q.is_empty()).then(|| crate::solve::default_beta_range(q)),
            stats: q.stats(),
            original_energy: problem.xray().and_then(XrayProblem::original_energy),
            problem,
            describe,
        })
    }
}

/// Pins that lie on the image (an image resized after pinning keeps the rest).
pub fn valid_pins(pins: &[((usize, usize), bool)], m: &BinaryMatrix) -> Vec<((usize, usize), bool)> {
    pins.iter()
        .copied()
        .filter(|&((r, c), _)| r < m.rows() && c < m.cols())
        .map(|((r, c), _)| ((r, c), m.get(r, c)))
        .collect()
}

/// A model file by its extension (.coo or .qubo).
pub fn read_model(path: &Path) -> Result<Problem, String> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let format =
        ModelFormat::parse(ext).map_err(|_| format!("{}: the file name must end in .coo or .qubo", path.display()))?;
    let text = crate::session::read_text(path).map_err(|e| e.to_string())?;
    let qubo = format.read(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Problem::Plain {
        name: path.display().to_string(),
        qubo,
    })
}

/// How known cells enter the model, for the settings panel.
pub fn pin_mode_label(m: PinMode) -> String {
    match m {
        PinMode::Penalty { weight } => format!("penalty terms (weight {weight})"),
        PinMode::Eliminate => "removed from the model".into(),
    }
}
