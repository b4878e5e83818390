//! A family's rules ([`Rules`]: text form, size, its rules in words and as a
//! model, the exact strategy and its hooks, the QUBO) and what its type knows
//! before there is a puzzle ([`FamilyType`]: keywords, parsing, a blank one).

use crate::geometry::BinaryMatrix;
use crate::puzzle::error::PuzzleError;
use crate::puzzle::exact::{ExactRequest, ExactResult, solve_model_pruned};
use crate::puzzle::model::{PuzzleModel, Violation};
use crate::puzzle::qubo::{PuzzleQuboModel, QuboOptions, build_qubo, qubo_refusal};
use crate::puzzle::text::Sections;
use crate::run::CancelFlag;

/// A puzzle family's rules: what a puzzle is, asks and allows, how it is
/// solved exactly and its QUBO. Object safe: `Puzzle::as_rules` hands one out.
pub trait Rules {
    /// The family keyword, as the text form starts ("star-battle", "tango").
    fn family(&self) -> &'static str;
    /// What the puzzle asks, in a sentence or two a person reads beside the grid
    /// (this puzzle's own counts and options, not the family's in general).
    fn rules(&self) -> String;
    /// Rows and columns of the grid.
    fn size(&self) -> (usize, usize);
    /// The text form (reads back as the same puzzle).
    fn to_text(&self) -> String;

    /// Checks sizes and references (a session or a text may hold anything).
    fn validate(&self) -> Result<(), String> {
        self.model().map(|_| ())
    }
    /// The rules as a 0/1 model: sums with ranges, "not both" pairs, links.
    fn model(&self) -> Result<PuzzleModel, String>;
    /// The rules that are not linear, checked on a complete grid.
    fn extra_violations(&self, _grid: &BinaryMatrix) -> Vec<Violation> {
        Vec::new()
    }
    /// Every rule a grid of the right size breaks (empty: a solution).
    fn violations(&self, grid: &BinaryMatrix) -> Result<Vec<Violation>, String> {
        Ok(self.violations_in(&self.model()?, grid))
    }
    /// [`Family::violations`] against the family's model built beforehand (a
    /// caller checking many grids builds it once).
    fn violations_in(&self, model: &PuzzleModel, grid: &BinaryMatrix) -> Vec<Violation> {
        let mut v = model.violations(grid);
        v.extend(self.extra_violations(grid));
        v
    }
    /// The puzzle asks for a best answer, not just a valid one (Max Chess).
    fn has_objective(&self) -> bool {
        false
    }

    /// What the deduction ladder reasons on: the model, and the family's own
    /// rules where the model does not hold them all; or why there is no ladder.
    fn ladder(&self) -> Result<crate::puzzle::deduce::LadderSpec, String> {
        if self.has_objective() {
            return Err(
                "this puzzle asks for an optimum (Max Chess): the deduction ladder grades puzzles with one right answer"
                    .into(),
            );
        }
        Ok(crate::puzzle::deduce::LadderSpec::plain(self.model()?))
    }

    /// Counts the solutions (up to `req.limit`), keeping the first `req.keep`.
    /// The default searches the model (bound propagation, branching, probing),
    /// with [`Rules::exact_model`] and [`Rules::partial_possible`] as hooks.
    fn solve_exact(&self, req: ExactRequest, cancel: &CancelFlag) -> Result<ExactResult, PuzzleError> {
        solve_by_search(self, req, cancel)
    }
    /// Counts the solutions that keep `marks` (cells fixed on top of the
    /// puzzle's own): are a user's marks part of some solution?
    fn solve_with(
        &self,
        marks: &[(usize, bool)],
        req: ExactRequest,
        cancel: &CancelFlag,
    ) -> Result<ExactResult, PuzzleError> {
        let mut model = self.exact_model().map_err(PuzzleError::Invalid)?;
        for &(cell, v) in marks {
            model.fix(cell, v, "marked");
        }
        let complete = |g: &BinaryMatrix| self.extra_violations(g).is_empty();
        let partial = |cells: &[Option<bool>]| self.partial_possible(cells);
        let prune: Option<&dyn Fn(&[Option<bool>]) -> bool> = self.prunes_partial().then_some(&partial);
        Ok(solve_model_pruned(&model, &complete, prune, req, cancel)?)
    }
    /// The model the exact search uses: the rules plus constraints they imply
    /// (which prune the search without changing the solutions).
    fn exact_model(&self) -> Result<PuzzleModel, String> {
        self.model()
    }
    /// Whether [`Rules::partial_possible`] can rule out partial answers.
    fn prunes_partial(&self) -> bool {
        false
    }
    /// Whether a partial answer (cells decided or not) can still become one
    /// that keeps the non-linear rules.
    fn partial_possible(&self, _cells: &[Option<bool>]) -> bool {
        true
    }

    /// The QUBO of the papers (with the constants kept); the default is the
    /// grid model's penalty form.
    fn qubo(&self, options: QuboOptions) -> Result<PuzzleQuboModel, String> {
        Ok(PuzzleQuboModel::Grid(build_qubo(&self.model()?, options.elimination)?))
    }
    /// Why [`Rules::qubo`] would refuse, found without building it (the
    /// room holds its Anneal back with this); the builder asks the same check.
    fn qubo_refusal(&self, _options: QuboOptions) -> Option<String> {
        match self.model() {
            Ok(model) => qubo_refusal(&model),
            Err(e) => Some(e),
        }
    }
}

/// The exact search over a family's model (the default [`Rules::solve_exact`]).
pub fn solve_by_search<F: Rules + ?Sized>(
    family: &F,
    req: ExactRequest,
    cancel: &CancelFlag,
) -> Result<ExactResult, PuzzleError> {
    let model = family.exact_model().map_err(PuzzleError::Invalid)?;
    let complete = |g: &BinaryMatrix| family.extra_violations(g).is_empty();
    let partial = |cells: &[Option<bool>]| family.partial_possible(cells);
    let prune: Option<&dyn Fn(&[Option<bool>]) -> bool> = family.prunes_partial().then_some(&partial);
    Ok(solve_model_pruned(&model, &complete, prune, req, cancel)?)
}

/// What a family type knows before there is a puzzle: its keywords, how to read
/// its text and what a blank one looks like.
pub trait FamilyType: Rules + Sized {
    /// The keywords that start its text, with one line each for menus.
    const KEYWORDS: &'static [(&'static str, &'static str)];
    /// Every word its puzzles and generators go by ([`Rules::family`], the
    /// generators' words) with the name people write: ("star-battle", "Star Battle").
    const TITLES: &'static [(&'static str, &'static str)];
    /// Reads the sections of a text form whose first line named one of its keywords.
    fn parse(sections: &Sections) -> Result<Self, String>;
    /// The text after the first line of a blank `keyword` puzzle of this size.
    fn blank_body(keyword: &str, rows: usize, cols: usize) -> String;
}
