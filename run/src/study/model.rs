//! A QUBO model from where it comes from: the Solver room (from the session) and
//! `fleetscope solve`, `qubo export|stats`, `puzzle solve|qubo` (from flags)
//! describe a [`ModelRecipe`]; [`ModelRecipe::build`] makes it, with the same
//! checks for both, reading a model file through the caller's [`ReadFiles`].

use super::list::{Pin, whole_numbers};
use super::sampling::SamplerSettings;
use crate::files::ReadFiles;
use crate::geometry::{BinaryMatrix, Coord, RuleChoice, TouchRule};
use crate::puzzle::{Elimination, ExactRequest, Puzzle, QuboOptions};
use crate::qubo::{ModelFormat, PinMode, QuboStats, XrayModel, XraySpec};
use crate::run::CancelFlag;
use crate::setup::Setup;
use crate::solve::{
    ParamValue, Problem, PuzzleProblem, SamplerKind, XrayProblem, default_beta_range, placed_picture, ships_fleet,
};
use std::path::{Path, PathBuf};

/// How long a model build may look for the Max Chess optimum.
const OPTIMUM_TIME: std::time::Duration = std::time::Duration::from_secs(5);

/// Where a model comes from.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ModelSource {
    /// The X-ray of a setup's placed fleet; its hunt shots may become known cells.
    PlacedFleet {
        setup: Box<Setup>,
        shots_as_pins: bool,
        pins: Vec<Pin>,
    },
    /// The X-ray of a picture (the Tomography room's image, a named image).
    Picture {
        name: String,
        picture: BinaryMatrix,
        pins: Vec<Pin>,
    },
    /// Typed row and column sums (comma-separated); ship lengths, if any, say what
    /// counts as a fleet.
    Sums {
        rows: String,
        cols: String,
        ships: String,
        pins: Vec<Pin>,
    },
    /// A model file (`.coo` or `.qubo`).
    File(PathBuf),
    /// A puzzle's QUBO.
    Puzzle {
        name: String,
        puzzle: Box<Puzzle>,
        options: QuboOptions,
    },
}

/// A source with the X-ray model's settings: everything a model is built from
/// (the room rebuilds exactly when this changes).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelRecipe {
    pub source: ModelSource,
    /// Weight of the Laplacian term (X-ray models).
    pub epsilon: f64,
    /// How known cells enter an X-ray model.
    pub pin_mode: PinMode,
    /// What counts as a fleet, in place of the setup's rule (typed sums: may-touch
    /// unless given).
    pub touch: Option<TouchRule>,
}

/// A built model and what both front ends report about it.
pub struct StudyModel {
    pub problem: Problem,
    pub stats: QuboStats,
    /// One line naming the source ("the fleet placed in 'Classic 10×10'").
    pub describe: String,
    /// The β range simulated annealing chooses for this model.
    pub beta: Option<(f64, f64)>,
    /// The energy of the picture the model came from (a feasible energy).
    pub original_energy: Option<f64>,
    /// What each sampler's auto settings come to on this model (the defaults
    /// policy applied), worked out with the model so a field turned off auto
    /// starts from them without engine work on the UI thread.
    pub auto_values: Vec<(SamplerKind, &'static str, ParamValue)>,
}

impl StudyModel {
    /// What setting `name` of sampler `kind` comes to on this model when left to auto.
    pub fn model_value(&self, kind: SamplerKind, name: &str) -> Option<ParamValue> {
        self.auto_values
            .iter()
            .find(|(k, n, _)| *k == kind && *n == name)
            .map(|&(_, _, v)| v)
    }
}

/// Every sampler's auto settings on `problem`, as a run with its defaults uses them.
fn auto_values(problem: &Problem) -> Vec<(SamplerKind, &'static str, ParamValue)> {
    let q = problem.qubo();
    let puzzle = problem.puzzle().map(|_| q.len());
    let mut out = Vec::new();
    for &kind in SamplerKind::ALL {
        let solver = SamplerSettings::new(kind, Vec::new()).solver_for(puzzle);
        for p in kind.params().iter().filter(|p| p.kind.has_auto()) {
            if let Some(v) = solver.model_value(p.name, q) {
                out.push((kind, p.name, v));
            }
        }
    }
    out
}

/// The images known by name on the command line.
pub fn named_image(name: &str) -> Option<BinaryMatrix> {
    match name {
        "heart" => Some(crate::tomography::heart()),
        "two-convex-bodies" | "convex" => Some(crate::tomography::two_convex_bodies()),
        _ => None,
    }
}

/// Whether a path names a model file (by its extension).
pub fn is_model_file(path: &Path) -> bool {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    ext.eq_ignore_ascii_case("bqm") || ModelFormat::parse(ext).is_ok()
}

/// A model file by its extension (.coo or .qubo, or dimod's binary .bqm);
/// a file holding no variable (comments only) is refused naming the file.
pub fn read_model_file(path: &Path, files: &dyn ReadFiles) -> Result<Problem, String> {
    let problem = read_model_file_of_any_size(path, files)?;
    if let Problem::Plain { qubo, .. } = &problem
        && qubo.is_empty()
    {
        return Err(format!("{}: the model has no variables", crate::quote::path(path)));
    }
    Ok(problem)
}

fn read_model_file_of_any_size(path: &Path, files: &dyn ReadFiles) -> Result<Problem, String> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if ext.eq_ignore_ascii_case("bqm") {
        let bytes = files.read_bytes(path)?;
        let file = crate::qubo::read_bqm(&bytes).map_err(|e| format!("{}: {e}", crate::quote::path(path)))?;
        return Ok(Problem::Plain {
            name: crate::quote::path(path),
            qubo: file.qubo,
        });
    }
    let format = ModelFormat::parse(ext).map_err(|_| {
        format!(
            "{}: the file name must end in .coo, .qubo or .bqm",
            crate::quote::path(path)
        )
    })?;
    let text = files.read_text(path)?;
    let qubo = format
        .read(&text)
        .map_err(|e| format!("{}: {e}", crate::quote::path(path)))?;
    Ok(Problem::Plain {
        name: crate::quote::path(path),
        qubo,
    })
}

/// The session's pins that lie on the picture, each with the picture's value
/// (an image resized after pinning keeps the rest).
pub fn pins_on(pins: &[Pin], picture: &BinaryMatrix) -> Vec<Pin> {
    pins.iter()
        .filter(|((r, c), _)| *r < picture.rows() && *c < picture.cols())
        .map(|&((r, c), _)| ((r, c), picture.get(r, c)))
        .collect()
}

/// QUBO options of a puzzle: givens removed, and optionally every forced cell.
pub fn puzzle_options(eliminate_forced: bool) -> QuboOptions {
    QuboOptions {
        elimination: if eliminate_forced {
            Elimination::Forced
        } else {
            Elimination::Givens
        },
        ..QuboOptions::default()
    }
}

impl ModelRecipe {
    /// The recipe without what does not change the model (a setup's name and
    /// description; its hunt shots unless they are known cells): two recipes with
    /// the same key build the same model, so a run on one goes on.
    pub fn model_key(&self) -> ModelRecipe {
        let mut key = self.clone();
        match &mut key.source {
            ModelSource::PlacedFleet {
                setup, shots_as_pins, ..
            } => {
                setup.name.clear();
                setup.description.clear();
                if !*shots_as_pins {
                    setup.observations = Default::default();
                }
            }
            ModelSource::Picture { name, .. } | ModelSource::Puzzle { name, .. } => name.clear(),
            ModelSource::Sums { .. } | ModelSource::File(_) => {}
        }
        key
    }

    /// Builds the model (may read a file through `files`, or solve a Max Chess
    /// puzzle exactly for its optimum: run it off the UI thread).
    pub fn build(&self, files: &dyn ReadFiles) -> Result<StudyModel, String> {
        let (problem, describe) = self.problem(files)?;
        let q = problem.qubo();
        Ok(StudyModel {
            beta: (!q.is_empty()).then(|| default_beta_range(q)),
            auto_values: if q.is_empty() {
                Vec::new()
            } else {
                auto_values(&problem)
            },
            stats: q.stats(),
            original_energy: problem.xray().and_then(XrayProblem::original_energy),
            problem,
            describe,
        })
    }

    fn spec(&self, rows: Vec<u32>, cols: Vec<u32>, pins: Vec<Pin>) -> XraySpec {
        XraySpec {
            rows,
            cols,
            epsilon: self.epsilon,
            pins,
            pin_mode: self.pin_mode,
        }
    }

    fn problem(&self, files: &dyn ReadFiles) -> Result<(Problem, String), String> {
        Ok(match &self.source {
            ModelSource::PlacedFleet {
                setup,
                shots_as_pins,
                pins,
            } => {
                let m = placed_picture(&setup.board, &setup.fleet, &setup.deployment)
                    .map_err(|e| format!("'{}': {e}", setup.name))?;
                let mut pins = pins.clone();
                if *shots_as_pins {
                    let cell = |c: &Coord| (c.0 as usize, c.1 as usize);
                    let o = &setup.observations;
                    pins.extend(o.hits.iter().map(|c| (cell(c), true)));
                    pins.extend(o.misses.iter().map(|c| (cell(c), false)));
                }
                let spec = self.spec(m.row_sums(), m.col_sums(), pins);
                let choice = RuleChoice::new(setup.rules, self.touch);
                let mut p = XrayProblem::of_picture(&m, spec, Some(setup.fleet.clone()), choice.rule)?;
                if setup.deployment.ships.len() == setup.fleet.pieces.len() {
                    p = p.with_placed(setup.deployment.clone());
                }
                (
                    Problem::Xray(Box::new(p)),
                    format!("the fleet placed in '{}'; {}", setup.name, choice.describe()),
                )
            }
            ModelSource::Picture { name, picture, pins } => {
                let spec = self.spec(picture.row_sums(), picture.col_sums(), pins.clone());
                let p = XrayProblem::of_picture(picture, spec, None, TouchRule::MayTouch)?;
                (Problem::Xray(Box::new(p)), name.clone())
            }
            ModelSource::Sums {
                rows,
                cols,
                ships,
                pins,
            } => {
                let (rows, cols) = (whole_numbers(rows, "row sums")?, whole_numbers(cols, "column sums")?);
                let ships = whole_numbers(ships, "ships")?;
                let total = |v: &[u32]| v.iter().map(|&x| u64::from(x)).sum::<u64>();
                if total(&rows) != total(&cols) {
                    return Err(format!(
                        "the row sums add up to {} but the column sums to {}",
                        total(&rows),
                        total(&cols)
                    ));
                }
                let longest = rows.len().max(cols.len()) as u32;
                if let Some(l) = ships.iter().find(|&&l| l == 0 || l > longest) {
                    return Err(format!("ships: a length of {l} does not fit (1 to {longest})"));
                }
                let (cells, ones) = (
                    ships.iter().map(|&l| u64::from(l)).sum::<u64>(),
                    rows.iter().map(|&r| u64::from(r)).sum::<u64>(),
                );
                if !ships.is_empty() && cells != ones {
                    return Err(format!(
                        "the ships cover {cells} cells but the sums ask for {ones} ones"
                    ));
                }
                let rule = self.touch.unwrap_or(TouchRule::MayTouch);
                let p = XrayProblem {
                    model: XrayModel::build(self.spec(rows, cols, pins.clone()))?,
                    fleet: (!ships.is_empty()).then(|| ships_fleet(&ships)),
                    rule,
                    original: None,
                    placed: None,
                };
                let what = if ships.is_empty() {
                    "the typed sums".to_string()
                } else {
                    format!("the typed sums; {}", rule.describe())
                };
                (Problem::Xray(Box::new(p)), what)
            }
            ModelSource::File(path) => (
                read_model_file(path, files)?,
                format!("the file {}", crate::quote::path(path)),
            ),
            ModelSource::Puzzle { name, puzzle, options } => {
                let mut problem = PuzzleProblem::new(name, (**puzzle).clone(), *options)?;
                // Max Chess: the exact optimum tells success from a merely valid
                // answer. Its search gets a few seconds; past them (a 64×64
                // board) success means a valid answer, as for any puzzle.
                if puzzle.has_objective() {
                    let clock = CancelFlag::new().with_time_limit(OPTIMUM_TIME);
                    let r = puzzle
                        .solve_exact(ExactRequest::new(1, 0), &clock)
                        .map_err(|e| e.to_string())?;
                    problem.optimum = r.best.filter(|_| !r.timed_out);
                }
                (
                    Problem::Puzzle(Box::new(problem)),
                    format!("the puzzle '{name}' ({})", puzzle.family_title()),
                )
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::NoFiles;

    /// One model file, held in memory: the recipe never touches the disk.
    struct OneFile(&'static str, &'static str);

    impl ReadFiles for OneFile {
        fn read_bytes(&self, path: &Path) -> Result<Vec<u8>, String> {
            self.read_text(path).map(String::into_bytes)
        }

        fn read_text(&self, path: &Path) -> Result<String, String> {
            if path == Path::new(self.0) {
                Ok(self.1.to_string())
            } else {
                Err(format!("{}: not here", crate::quote::path(path)))
            }
        }
    }

    fn file_recipe(path: &str) -> ModelRecipe {
        ModelRecipe {
            source: ModelSource::File(PathBuf::from(path)),
            epsilon: crate::qubo::DEFAULT_EPSILON,
            pin_mode: PinMode::default(),
            touch: None,
        }
    }

    #[test]
    fn a_model_file_is_read_through_the_callers_files() {
        // Two variables: x0 + x1 - 2 x0 x1 (a `.coo` lists i j weight).
        let files = OneFile("/nowhere/pair.coo", "0 0 1\n1 1 1\n0 1 -2\n");
        let model = file_recipe("/nowhere/pair.coo").build(&files).unwrap();
        assert_eq!(model.problem.qubo().len(), 2);
        assert_eq!(model.describe, "the file /nowhere/pair.coo");
        // A file the caller cannot give is its message, naming the file.
        let err = file_recipe("/nowhere/other.coo").build(&files).err().unwrap();
        assert!(err.contains("/nowhere/other.coo"), "{err}");
        let err = file_recipe("/nowhere/pair.coo").build(&NoFiles).err().unwrap();
        assert!(err.contains("no files can be read"), "{err}");
    }

    /// The values auto comes to are the run's: the general tenure on a file,
    /// the puzzle tenure on a puzzle.
    #[test]
    fn auto_values_are_what_a_run_uses() {
        let files = OneFile("/nowhere/pair.coo", "0 0 1\n1 1 1\n0 1 -2\n");
        let m = file_recipe("/nowhere/pair.coo").build(&files).unwrap();
        let (hot, cold) = m.beta.unwrap();
        assert_eq!(
            m.model_value(SamplerKind::Anneal, "beta"),
            Some(ParamValue::Range(hot, cold))
        );
        assert_eq!(m.model_value(SamplerKind::Tabu, "tenure"), Some(ParamValue::Count(0)));
        assert_eq!(
            m.model_value(SamplerKind::Tabu, "evaluations"),
            Some(ParamValue::Count(400))
        );
        assert_eq!(m.model_value(SamplerKind::Anneal, "sweeps"), None);
        let queens = ModelRecipe {
            source: ModelSource::Puzzle {
                name: "five queens".into(),
                puzzle: Box::new(Puzzle::parse("n-queens 5x5\n").unwrap()),
                options: QuboOptions::default(),
            },
            ..file_recipe("")
        };
        let m = queens.build(&NoFiles).unwrap();
        assert!(m.problem.qubo().len() > PuzzleProblem::TABU_TENURE);
        let tenure = PuzzleProblem::TABU_TENURE as u64;
        assert_eq!(
            m.model_value(SamplerKind::Tabu, "tenure"),
            Some(ParamValue::Count(tenure))
        );
    }
}
