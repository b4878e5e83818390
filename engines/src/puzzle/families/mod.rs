//! The puzzle families and one type over all of them. Each family's folder
//! owns its rules through the [`Family`] trait (`puzzle/family/`); [`Puzzle`]
//! is the enum the `families!` list below makes, and its methods ask the family.

pub mod bimaru;
pub mod binary;
pub mod chess;
pub mod queens;
pub mod rullo;
pub mod tents;

pub use super::family::{Authoring, Family, FamilyType, Look, Rules};

use super::GenerateError;
use super::family::{Clue, DraftRequest, Drafted, Edit, EditKind, Generator, GeneratorInfo, Options, Seen};

use super::PuzzleError;
use super::exact::{ExactRequest, ExactResult};
use super::model::{PuzzleModel, Violation};
use super::qubo::{PuzzleQuboModel, QuboOptions};
use super::text::Sections;
use super::vocab::{AnswerGlyph, Tool};
use crate::geometry::BinaryMatrix;
use crate::run::CancelFlag;
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// Declares every family once: the [`Puzzle`] enum (its serde form is the
/// variant names, so sessions keep loading), the dispatch to each family, the
/// list of keywords, the generators and the titles.
macro_rules! families {
    ($($(#[$doc:meta])* $variant:ident($module:ident::$ty:ident)),+ $(,)?) => {
        /// A puzzle of any family.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub enum Puzzle {
            $($(#[$doc])* $variant($module::$ty)),+
        }

        impl Puzzle {
            /// The rules of this puzzle's family.
            pub fn as_rules(&self) -> &dyn Rules {
                match self {
                    $(Puzzle::$variant(p) => p),+
                }
            }

            /// How this puzzle's family looks.
            pub fn as_look(&self) -> &dyn Look {
                match self {
                    $(Puzzle::$variant(p) => p),+
                }
            }

            /// The editor's tools, the default first (see [`crate::puzzle::edit::tools`]).
            pub(crate) fn tools(&self) -> Vec<Tool> {
                match self {
                    $(Puzzle::$variant(p) => p.tools()),+
                }
            }

            /// Applies a tool to a cell on the board (the caller checked the bounds).
            pub(crate) fn apply_tool(&mut self, tool: Tool, cell: (usize, usize)) -> Result<(), String> {
                match self {
                    $(Puzzle::$variant(p) => p.apply(tool, cell)),+
                }
            }

            /// Adds or removes a link (the caller checked the cells).
            pub(crate) fn toggle_link(&mut self, a: (usize, usize), b: (usize, usize), opposite: bool) -> Result<(), String> {
                match self {
                    $(Puzzle::$variant(p) => p.toggle_link(a, b, opposite)),+
                }
            }

            /// The clue lines the editor shows as fields, by their text-form keyword.
            pub(crate) fn clue_fields(&self) -> Vec<(&'static str, String)> {
                match self {
                    $(Puzzle::$variant(p) => p.clue_fields()),+
                }
            }

            /// The clues a setter could remove (see [`Authoring::setter_clues`]).
            pub fn setter_clues(&self) -> Vec<Clue> {
                match self {
                    $(Puzzle::$variant(p) => p.setter_clues()),+
                }
            }

            /// The puzzle without `clue` (unchanged when it has no such clue).
            pub fn without_clue(&self, clue: &Clue) -> Puzzle {
                match self {
                    $(Puzzle::$variant(p) => Puzzle::$variant(p.without_clue(clue))),+
                }
            }

            /// The kinds of edit this family's repairs make.
            pub fn edit_kinds(&self) -> Vec<EditKind> {
                match self {
                    $(Puzzle::$variant(p) => p.edit_kinds()),+
                }
            }

            /// Candidate single edits, in the order a repair tries them (see [`Authoring::repair_edits`]).
            pub fn repair_edits(&self, seen: &Seen) -> Vec<Edit<Puzzle>> {
                match self {
                    $(Puzzle::$variant(p) => p.repair_edits(seen).into_iter().map(|e| e.map(Puzzle::$variant)).collect()),+
                }
            }

            /// Reads the sections of a text whose first line named `keyword`
            /// (`None`: no family has that keyword).
            fn parse_family(keyword: &str, s: &Sections) -> Option<Result<Puzzle, String>> {
                $(if <$module::$ty as FamilyType>::KEYWORDS.iter().any(|(k, _)| *k == keyword) {
                    return Some(<$module::$ty as FamilyType>::parse(s).map(Puzzle::$variant));
                })+
                None
            }

            /// The text after the first line of a blank `keyword` puzzle.
            fn blank_body(keyword: &str, rows: usize, cols: usize) -> Option<String> {
                $(if <$module::$ty as FamilyType>::KEYWORDS.iter().any(|(k, _)| *k == keyword) {
                    return Some(<$module::$ty as FamilyType>::blank_body(keyword, rows, cols));
                })+
                None
            }
        }

        /// The keywords that start a puzzle text, with what they mean, in menu order.
        pub static FAMILIES: LazyLock<Vec<(&'static str, &'static str)>> = LazyLock::new(|| {
            let mut all = Vec::new();
            $(all.extend_from_slice(<$module::$ty as FamilyType>::KEYWORDS);)+
            all
        });

        /// Every family's generators: in the order of the list below, then
        /// each family's own order.
        pub static GENERATORS: LazyLock<Vec<AnyGenerator>> = LazyLock::new(|| {
            let mut all = Vec::new();
            $(all.extend(<$module::$ty as Authoring>::GENERATORS.iter().map(|g| AnyGenerator::of(*g)));)+
            all
        });

        /// A family as people write it, for menus, lists and names: "Star Battle"
        /// for `star-battle`, "Coloured chess" for `chess` and "Max chess" for `max
        /// chess` (the words [`Puzzle::family`] and the generators give, keywords of
        /// [`FAMILIES`] among them; each family's [`FamilyType::TITLES`]).
        pub fn family_title(word: &str) -> &'static str {
            [$(<$module::$ty as FamilyType>::TITLES),+]
                .into_iter()
                .flatten()
                .find(|(w, _)| *w == word)
                .map_or("Puzzle", |&(_, title)| title)
        }

        /// Every family type, in the order of the list below: what the family
        /// test goes through.
        pub static FAMILY_KINDS: LazyLock<Vec<FamilyKind>> = LazyLock::new(|| {
            vec![$(FamilyKind {
                variant: stringify!($variant),
                keywords: <$module::$ty as FamilyType>::KEYWORDS,
                generators: <$module::$ty as Authoring>::GENERATORS.iter().map(|g| g.word()).collect(),
                setter_example: <$module::$ty as Authoring>::SETTER_EXAMPLE,
                owns: |p| matches!(p, Puzzle::$variant(_)),
            }),+]
        });

        $(impl From<$module::$ty> for Puzzle {
            fn from(p: $module::$ty) -> Puzzle {
                Puzzle::$variant(p)
            }
        })+

        // Every listed type is a whole family: a missing part is a compile error naming it.
        const _: fn() = || {
            fn is_whole<F: Family>() {}
            $(is_whole::<$module::$ty>();)+
        };
    };
}

families! {
    Rullo(rullo::Rullo),
    /// Queens, N-queens, Star Battle and their generalisations.
    Queens(queens::Queens),
    Tents(tents::Tents),
    Chess(chess::Chess),
    /// Takuzu, Binairo, Tango and their generalisations.
    Binary(binary::BinaryPuzzle),
    Battleship(bimaru::BattleshipPuzzle),
}

/// One family type as the `families!` list declares it.
#[derive(Clone, Debug)]
pub struct FamilyKind {
    /// Its [`Puzzle`] variant's name ("Binary").
    pub variant: &'static str,
    /// The keywords that start its texts, with what they mean.
    pub keywords: &'static [(&'static str, &'static str)],
    /// Its generators' words, in their order.
    pub generators: Vec<&'static str>,
    /// Its setter's worked example (see [`Authoring::SETTER_EXAMPLE`]).
    pub setter_example: &'static str,
    /// Whether a puzzle is of this family.
    pub owns: fn(&Puzzle) -> bool,
}

/// A generator of any family: its description, and a search whose puzzle
/// is a [`Puzzle`].
pub struct AnyGenerator {
    info: &'static dyn GeneratorInfo,
    run: Box<DraftRun>,
}

/// What [`AnyGenerator::generate`] runs.
type DraftRun = dyn Fn(&Options, &DraftRequest, &CancelFlag, &dyn Fn(usize)) -> Result<Drafted<Puzzle>, GenerateError>
    + Send
    + Sync;

impl AnyGenerator {
    fn of<F: Rules + Into<Puzzle> + 'static>(g: &'static dyn Generator<Family = F>) -> AnyGenerator {
        AnyGenerator {
            info: g,
            run: Box::new(move |options, req, cancel, progress| {
                g.generate(options, req, cancel, progress).map(|d| d.map(Into::into))
            }),
        }
    }

    /// Its word, options and limits.
    pub fn info(&self) -> &'static dyn GeneratorInfo {
        self.info
    }

    /// A puzzle for checked options and request (see [`Generator::generate`]).
    pub fn generate(
        &self,
        options: &Options,
        req: &DraftRequest,
        cancel: &CancelFlag,
        progress: &dyn Fn(usize),
    ) -> Result<Drafted<Puzzle>, GenerateError> {
        (self.run)(options, req, cancel, progress)
    }
}

/// The generator a word or alias names (trimmed, any case).
pub fn generator(word: &str) -> Option<&'static AnyGenerator> {
    let word = word.trim().to_ascii_lowercase();
    GENERATORS
        .iter()
        .find(|g| g.info.word() == word || g.info.aliases().contains(&word.as_str()))
}

/// The title of what *New puzzle* makes from a keyword of [`FAMILIES`]: its
/// blank's family ("Max chess" for `chess`, whose blank asks for the most pieces).
pub fn new_puzzle_title(keyword: &str) -> &'static str {
    Puzzle::blank(keyword, 4, 4).map_or("Puzzle", |p| family_title(p.family()))
}

/// Largest puzzle text (bytes) [`Puzzle::parse`] reads.
pub const MAX_PUZZLE_TEXT: usize = 1 << 20;

/// Grid keywords of the text forms (followed by one line per row).
const GRIDS: &[&str] = &["regions", "grid", "pieces", "numbers"];

impl Puzzle {
    /// The family keyword (as in the text form).
    pub fn family(&self) -> &'static str {
        self.as_rules().family()
    }

    /// The family as people write it ([`family_title`]): "Star Battle".
    pub fn family_title(&self) -> &'static str {
        family_title(self.family())
    }

    /// What this puzzle asks, in words.
    pub fn rules(&self) -> String {
        self.as_rules().rules()
    }

    pub fn size(&self) -> (usize, usize) {
        self.as_rules().size()
    }

    /// Reads the text form; errors name the line. Texts over
    /// [`MAX_PUZZLE_TEXT`] bytes are refused before any parsing.
    pub fn parse(text: &str) -> Result<Puzzle, String> {
        if text.len() > MAX_PUZZLE_TEXT {
            return Err(format!(
                "{} bytes: a puzzle text has at most {MAX_PUZZLE_TEXT} (a 64×64 puzzle needs under 100,000)",
                text.len()
            ));
        }
        let s = Sections::parse(text, GRIDS)?;
        let p = Puzzle::parse_family(&s.family, &s).unwrap_or_else(|| {
            let names: Vec<&str> = FAMILIES.iter().map(|f| f.0).collect();
            Err(format!(
                "'{}' is not a puzzle family ({})",
                crate::quote::excerpt(&s.family),
                names.join(", ")
            ))
        })?;
        s.finish()?;
        p.validate()?;
        Ok(p)
    }

    /// A blank puzzle of a family (a keyword of [`FAMILIES`]) to edit.
    pub fn blank(keyword: &str, rows: usize, cols: usize) -> Result<Puzzle, String> {
        let body = Puzzle::blank_body(keyword, rows, cols)
            .ok_or_else(|| format!("'{}' is not a puzzle family", crate::quote::excerpt(keyword)))?;
        Puzzle::parse(&format!("{keyword} {rows}x{cols}\n{body}"))
    }

    pub fn to_text(&self) -> String {
        self.as_rules().to_text()
    }

    /// The text form, checked to read back: what Fleetscope writes, it reads
    /// (a puzzle from a data set or a session may not fit the text form, e.g.
    /// more regions than it has letters). Reading renames regions in reading
    /// order, so the check is that the text parses to a puzzle of the same
    /// family and size whose own text is stable.
    pub fn to_checked_text(&self) -> Result<String, String> {
        let text = self.to_text();
        let back = Puzzle::parse(&text).map_err(|e| format!("its text form would not read back ({e}): not written"))?;
        let again = back.to_text();
        let stable = Puzzle::parse(&again).is_ok_and(|p| p.to_text() == again);
        if back.family() != self.family() || back.size() != self.size() || !stable {
            return Err("its text form does not read back as the same puzzle: not written".into());
        }
        Ok(text)
    }

    /// Checks sizes and references (a session or text may hold anything).
    pub fn validate(&self) -> Result<(), String> {
        self.as_rules().validate()
    }

    /// The rules as a grid model (not for Battleship, whose fleet is not linear).
    pub fn model(&self) -> Result<PuzzleModel, String> {
        self.as_rules().model()
    }

    /// Every rule an answer breaks (empty: the answer is a solution; for Max
    /// Chess, a valid placement, optimal or not).
    pub fn violations(&self, grid: &BinaryMatrix) -> Result<Vec<Violation>, String> {
        let (rows, cols) = self.size();
        if (grid.rows(), grid.cols()) != (rows, cols) {
            return Err(format!(
                "the answer is {}x{} but the puzzle is {rows}x{cols}",
                grid.rows(),
                grid.cols()
            ));
        }
        self.as_rules().violations(grid)
    }

    /// A checker of answers that builds the rules model once: checking every
    /// state a sampler returned would otherwise build it again for each (a
    /// millisecond on a 16×16 grid).
    pub fn checker(&self) -> RuleChecker<'_> {
        RuleChecker {
            puzzle: self,
            // Battleship has no model: its own violations run instead.
            model: self.model().ok(),
        }
    }

    /// Max Chess: the puzzle asks for a best answer, not just a valid one.
    pub fn has_objective(&self) -> bool {
        self.as_rules().has_objective()
    }

    /// Counts the solutions (up to `req.limit`) and keeps the first `req.keep`
    /// (dancing links for LinkedIn-style Queens, the Bimaru search for
    /// Battleship, propagation and search otherwise); stops with
    /// [`PuzzleError::Cancelled`] when `cancel` is set.
    pub fn solve_exact(&self, req: ExactRequest, cancel: &CancelFlag) -> Result<ExactResult, PuzzleError> {
        self.as_rules().solve_exact(req, cancel)
    }

    /// Counts the solutions that keep `marks` (cell, value) on top of the puzzle.
    pub fn solve_with(
        &self,
        marks: &[(usize, bool)],
        req: ExactRequest,
        cancel: &CancelFlag,
    ) -> Result<ExactResult, PuzzleError> {
        self.as_rules().solve_with(marks, req, cancel)
    }

    /// The puzzle's QUBO.
    pub fn qubo(&self, options: QuboOptions) -> Result<PuzzleQuboModel, String> {
        self.as_rules().qubo(options)
    }

    /// Why its QUBO would be refused, without building it.
    pub fn qubo_refusal(&self, options: QuboOptions) -> Option<String> {
        self.as_rules().qubo_refusal(options)
    }

    /// What the deduction ladder reasons on, or why this puzzle has none.
    pub fn ladder(&self) -> Result<crate::puzzle::deduce::LadderSpec, String> {
        self.as_rules().ladder()
    }

    /// How the grid draws an answer.
    pub fn answer_glyph(&self) -> AnswerGlyph {
        self.as_look().answer_glyph()
    }

    /// Which ship each cell of `grid` belongs to, for families whose answer is a fleet.
    pub fn ship_ids(&self, grid: &BinaryMatrix) -> Option<Vec<u16>> {
        self.as_look().ship_ids(grid)
    }
}

/// Checks answers against a puzzle's rules with its model built once (see
/// [`Puzzle::checker`]).
pub struct RuleChecker<'a> {
    puzzle: &'a Puzzle,
    model: Option<PuzzleModel>,
}

impl RuleChecker<'_> {
    /// The same as [`Puzzle::violations`].
    pub fn violations(&self, grid: &BinaryMatrix) -> Result<Vec<Violation>, String> {
        match &self.model {
            Some(model) if (grid.rows(), grid.cols()) == self.puzzle.size() => {
                Ok(self.puzzle.as_rules().violations_in(model, grid))
            }
            _ => self.puzzle.violations(grid),
        }
    }

    /// The worth of a grid, for a puzzle that asks for a best answer (Max Chess).
    pub fn value(&self, grid: &BinaryMatrix) -> Option<f64> {
        self.puzzle
            .has_objective()
            .then(|| self.model.as_ref().map(|m| m.objective_value(grid)))
            .flatten()
    }
}
