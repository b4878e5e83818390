//! What the session's settings ask the run layer for: the Solver room's model
//! recipe and run plan. The session knows the study types, not the reverse, so
//! the run layer builds and runs without knowing where its requests came from.

use super::{Session, SolverSettings, SolverSource};
use crate::study::model::{pins_on, puzzle_options};
use crate::study::sampling::{UNTIL_SAMPLER, UNTIL_TIME_LIMIT, until_budget};
use crate::study::{ModelRecipe, ModelSource, RunPlan, SamplerSettings};

/// Reads whose energy traces the Solver room plots.
pub const ROOM_TRACES: usize = 8;

impl Session {
    /// What the Solver room's settings describe; an error says why there is
    /// nothing to build from yet (no puzzle open, no file chosen).
    pub fn model_recipe(&self) -> Result<ModelRecipe, String> {
        let cfg = &self.solver;
        let source = match cfg.source {
            SolverSource::Fleet => ModelSource::PlacedFleet {
                setup: Box::new(self.setup().clone()),
                shots_as_pins: cfg.shots_as_pins,
                pins: Vec::new(),
            },
            SolverSource::Image => {
                let picture = self.tomography.image.clone();
                ModelSource::Picture {
                    name: format!("the Tomography room's {}×{} image", picture.rows(), picture.cols()),
                    pins: pins_on(&cfg.pins, &picture),
                    picture,
                }
            }
            SolverSource::Sums => ModelSource::Sums {
                rows: cfg.rows.clone(),
                cols: cfg.cols.clone(),
                ships: cfg.ships.clone(),
                pins: Vec::new(),
            },
            SolverSource::Puzzle => {
                let p = self.puzzles.current().ok_or("the Puzzles room has no puzzle open")?;
                ModelSource::Puzzle {
                    name: p.name.clone(),
                    puzzle: Box::new(p.puzzle.clone()),
                    options: puzzle_options(self.puzzles.eliminate_forced),
                }
            }
            SolverSource::File => {
                ModelSource::File(cfg.file.clone().ok_or("type or pick a model file (.coo or .qubo)")?)
            }
        };
        Ok(ModelRecipe {
            source,
            epsilon: cfg.epsilon,
            pin_mode: cfg.pin_mode,
            touch: cfg.touch_override,
        })
    }
}

impl SolverSettings {
    /// The chosen sampler with every sampler's settings (switching back keeps
    /// what was typed).
    pub fn sampler_settings(&self) -> SamplerSettings {
        SamplerSettings::new(self.sampler, self.all_settings())
    }

    /// The Solver room's plan.
    pub fn run_plan(&self) -> RunPlan {
        RunPlan {
            sampler: self.sampler_settings(),
            reads: self.reads,
            seed: self.seed,
            threads: self.threads,
            time_limit: self.time_limit,
            target: None,
            traces: ROOM_TRACES,
        }
    }

    /// Set to stop at the first success with the budget that gets there: the
    /// run layer's sampler and restarts for it, and its time limit unless one
    /// is set.
    pub fn stop_at_first_success(&mut self) {
        self.until_success = true;
        self.sampler = UNTIL_SAMPLER;
        let mut settings = self.settings_of(UNTIL_SAMPLER);
        until_budget(&mut settings);
        self.set_settings(settings);
        self.time_limit = self.time_limit.or(Some(UNTIL_TIME_LIMIT));
    }
}
