//! Puzzle generators: a unique puzzle whose logical solution needs exactly
//! the requested tier of the deduction ladder (so the tier below stalls, the
//! acceptance rule of Tatham's generators). Each family plants a solution and
//! refines a draft around it by small changes (a region's boundary cell moved,
//! a given or link added or removed, a ship moved) rather than starting over;
//! `search.rs` is the loop they share.

use crate::geometry::TouchRule;
use crate::puzzle::deduce::Grade;
pub use crate::puzzle::draft::regions::RegionShape;
pub use crate::puzzle::draft::search::HOPELESS_AFTER;
use crate::puzzle::draft::search::run;
pub use crate::puzzle::error::GenerateError;
use crate::puzzle::families::{Puzzle, bimaru, binary, chess, queens, rullo, tents};
pub use crate::puzzle::family::MAX_SIZE;
use crate::puzzle::family::{DraftRequest, Drafted};
use crate::puzzle::vocab::Piece;
use crate::run::CancelFlag;

/// The option that brings a grade within reach (or nearer) where the
/// options asked for rule it out: each front end names it in its own words
/// (a flag on the command line, a check box in the dialog).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Remedy {
    /// Allow holes (Queens, Star Battle).
    Holes,
    /// Allow regions of any shape (Queens, chess).
    AnyShape,
    /// Allow givens, or keep ships apart (Battleship).
    GivensOrShipsApart,
}

/// A family and its options.
#[derive(Clone, Debug, PartialEq)]
pub enum Recipe {
    /// LinkedIn Queens: one queen per row, column and region, none touching.
    Queens {
        /// Holes (cells off the board) may be cut, as clues.
        holes: bool,
        regions: RegionShape,
    },
    StarBattle {
        stars: usize,
        /// Holes may be cut, as clues (without them no 2-star board is Easy:
        /// tier 1 has no first step on a board of connected regions alone).
        holes: bool,
    },
    Tents {
        /// Tents per cell.
        density: f64,
    },
    Takuzu,
    Binairo,
    Tango,
    Rullo {
        /// Numbers from 1 to this.
        max_number: u32,
    },
    /// The Coloured Chess Piece Problem with cells allowing these pieces.
    Chess {
        pieces: Vec<Piece>,
        regions: RegionShape,
    },
    Battleship {
        fleet: Vec<usize>,
        rule: TouchRule,
        /// Givens allowed; false: the row and column counts alone fix the fleet.
        givens: bool,
    },
}

impl Recipe {
    /// The family words the command line and the dialog use, in menu order.
    pub const FAMILIES: [&'static str; 9] = [
        "queens",
        "star-battle",
        "tents",
        "takuzu",
        "binairo",
        "tango",
        "rullo",
        "chess",
        "battleship",
    ];

    /// A family's recipe with its usual options.
    pub fn of_family(word: &str) -> Result<Recipe, String> {
        Ok(match word.trim().to_ascii_lowercase().as_str() {
            "queens" => Recipe::Queens {
                holes: false,
                regions: RegionShape::Connected,
            },
            "star-battle" | "starbattle" => Recipe::StarBattle { stars: 2, holes: false },
            "tents" => Recipe::Tents { density: 0.2 },
            "takuzu" => Recipe::Takuzu,
            "binairo" => Recipe::Binairo,
            "tango" => Recipe::Tango,
            "rullo" => Recipe::Rullo { max_number: 9 },
            "chess" => Recipe::Chess {
                pieces: Piece::ALL.to_vec(),
                regions: RegionShape::Connected,
            },
            "battleship" | "bimaru" => Recipe::Battleship {
                fleet: vec![4, 3, 3, 2, 2, 2, 1, 1, 1, 1],
                rule: TouchRule::NoTouch,
                givens: true,
            },
            other => {
                return Err(format!(
                    "the family is one of {}, not '{other}'",
                    Recipe::FAMILIES.join(", ")
                ));
            }
        })
    }

    /// A family's name as people write it: "Star Battle" for `star-battle`.
    pub fn title_of(word: &str) -> &'static str {
        crate::puzzle::family_title(word)
    }

    /// The family and every option in the command line's words, stable from
    /// version to version ("queens, regions connected, no holes"): generated
    /// files name what they were made from with it.
    pub fn words(&self) -> String {
        let holes = |h: bool| if h { "holes" } else { "no holes" };
        let shape = |r: RegionShape| match r {
            RegionShape::Connected => "regions connected",
            RegionShape::Any => "regions any",
        };
        let options = match self {
            Recipe::Queens { holes: h, regions } => format!(", {}, {}", shape(*regions), holes(*h)),
            Recipe::StarBattle { stars, holes: h } => format!(", {stars} stars, {}", holes(*h)),
            Recipe::Tents { density } => format!(", density {density}"),
            Recipe::Takuzu | Recipe::Binairo | Recipe::Tango => String::new(),
            Recipe::Rullo { max_number } => format!(", max number {max_number}"),
            Recipe::Chess { pieces, regions } => format!(
                ", pieces {}, {}",
                pieces.iter().map(|p| p.letter()).collect::<String>(),
                shape(*regions)
            ),
            Recipe::Battleship { fleet, rule, givens } => format!(
                ", fleet {}, {}, {}",
                fleet.iter().map(usize::to_string).collect::<Vec<_>>().join(","),
                match rule {
                    TouchRule::NoTouch => "ships apart",
                    TouchRule::MayTouch => "ships may touch",
                },
                if *givens { "givens" } else { "no givens" }
            ),
        };
        format!("{}{options}", self.family())
    }

    /// This recipe's family name as people write it.
    pub fn title(&self) -> &'static str {
        Recipe::title_of(self.family())
    }

    /// The family word (of [`Recipe::FAMILIES`]).
    pub fn family(&self) -> &'static str {
        match self {
            Recipe::Queens { .. } => "queens",
            Recipe::StarBattle { .. } => "star-battle",
            Recipe::Tents { .. } => "tents",
            Recipe::Takuzu => "takuzu",
            Recipe::Binairo => "binairo",
            Recipe::Tango => "tango",
            Recipe::Rullo { .. } => "rullo",
            Recipe::Chess { .. } => "chess",
            Recipe::Battleship { .. } => "battleship",
        }
    }

    /// The sizes this family generates (each draft's exact count must stay quick).
    pub fn sizes(&self) -> std::ops::RangeInclusive<usize> {
        match self {
            Recipe::Queens { .. } => 4..=MAX_SIZE,
            // Larger drafts with many solutions take tens of seconds each to count.
            Recipe::Chess { .. } => 4..=10,
            Recipe::StarBattle { stars, .. } => 4 * stars..=12,
            Recipe::Tents { .. } | Recipe::Battleship { .. } => 4..=MAX_SIZE,
            // 14×14 is a standard size; each count there has a node budget.
            Recipe::Takuzu | Recipe::Binairo => 4..=14,
            Recipe::Tango => 4..=10,
            Recipe::Rullo { .. } => 3..=10,
        }
    }

    /// Why the ladder can never give this recipe's puzzles `grade`, when that
    /// follows from its rules (so the generator need not search to find out).
    pub fn out_of_reach(&self, grade: Grade) -> Option<&'static str> {
        match (self, grade) {
            // Tier 1 needs a first step: Fill on a line or region with exactly
            // as many open cells as stars. Lines have 4·stars or more cells; a
            // connected region of `stars` cells has two touching, so no Fill,
            // and Full, Excludes and links need a mark first.
            (
                Recipe::StarBattle {
                    stars: 2..,
                    holes: false,
                },
                Grade::Easy,
            ) => Some(
                "no board of connected regions with 2 or more stars is Easy: tier 1 has no first step (a region \
                 as small as its stars has two touching); with holes it is",
            ),
            // With ships that may touch and no givens the model is the row and
            // column counts alone, and the fleet rules do not apply; every tier-2
            // rule needs a line whose open cells all lie in, or all meet through
            // a nearly full line, one other line: a line with one open cell,
            // which tier 1's Fill takes first.
            (
                Recipe::Battleship {
                    rule: TouchRule::MayTouch,
                    givens: false,
                    ..
                },
                Grade::Medium,
            ) => Some(
                "a Battleship whose ships may touch and that has no givens is never Medium: its only clues are \
                 the counts, and every tier-2 rule needs more than counts to act on; with givens, or ships kept \
                 apart, it is",
            ),
            _ => None,
        }
    }

    /// The option that brings `grade` within reach (see [`Recipe::out_of_reach`])
    /// or, where no such puzzle has been found with these options, nearer.
    pub fn remedy(&self, grade: Grade) -> Option<Remedy> {
        match (self, grade) {
            (Recipe::StarBattle { holes: false, .. }, Grade::Easy) if self.out_of_reach(grade).is_some() => {
                Some(Remedy::Holes)
            }
            (Recipe::Battleship { .. }, Grade::Medium) if self.out_of_reach(grade).is_some() => {
                Some(Remedy::GivensOrShipsApart)
            }
            _ if self.never_found(grade).is_some() => Some(Remedy::AnyShape),
            _ => None,
        }
    }

    /// Why no puzzle of `grade` is expected with these options, where none has
    /// ever been found though the rules do not rule it out (the search for one
    /// gives up once it stops coming nearer).
    pub fn never_found(&self, grade: Grade) -> Option<&'static str> {
        let connected = matches!(
            self,
            Recipe::Queens {
                regions: RegionShape::Connected,
                ..
            } | Recipe::Chess {
                regions: RegionShape::Connected,
                ..
            }
        );
        (connected && grade == Grade::Fiendish).then_some(
            "no Fiendish board of connected regions has been found in this family; regions of any shape reach it",
        )
    }

    /// Checks the options' limits, naming what is wrong.
    fn check(&self, size: usize) -> Result<(), String> {
        match self {
            Recipe::StarBattle { stars, .. } if !(1..=3).contains(stars) => {
                Err(format!("stars per line must be 1 to 3, not {stars}"))
            }
            Recipe::Tents { density } if !(0.05..=0.25).contains(density) => Err(format!(
                "the tent density must be 0.05 to 0.25 per cell, not {}",
                crate::quote::number(*density)
            )),
            Recipe::Rullo { max_number } if !(2..=99).contains(max_number) => {
                Err(format!("the largest Rullo number must be 2 to 99, not {max_number}"))
            }
            Recipe::Chess { pieces, .. } if pieces.is_empty() => Err("the chess set needs at least one piece".into()),
            Recipe::Battleship { fleet, .. } => {
                if fleet.is_empty() || fleet.len() > 20 {
                    return Err(format!("the fleet needs 1 to 20 ships, not {}", fleet.len()));
                }
                if let Some(l) = fleet.iter().find(|&&l| l == 0) {
                    return Err(format!("ship lengths are 1 or more, not {l}"));
                }
                match fleet.iter().find(|&&l| l > size) {
                    Some(l) if self.sizes().contains(&size) => {
                        Err(format!("a ship of length {l} does not fit a {size}×{size} board"))
                    }
                    _ => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateRequest {
    pub recipe: Recipe,
    pub size: usize,
    pub grade: Grade,
    pub seed: u64,
    /// Drafts (changes included) judged before giving up.
    pub max_tries: usize,
}

/// A generated puzzle and what it took.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    pub puzzle: crate::puzzle::Puzzle,
    pub grade: Grade,
    /// Drafts judged (each an exact count and, when unique, a ladder run).
    pub tries: usize,
}

/// Checks a request's limits, naming what is wrong.
pub fn check(req: &GenerateRequest) -> Result<(), GenerateError> {
    limits(req).map_err(GenerateError::Invalid)
}

/// [`check`], in words.
fn limits(req: &GenerateRequest) -> Result<(), String> {
    req.recipe.check(req.size)?;
    let sizes = req.recipe.sizes();
    if !sizes.contains(&req.size) {
        return Err(format!(
            "a generated {} is {} to {} cells a side, not {}",
            req.recipe.family(),
            sizes.start(),
            sizes.end(),
            req.size
        ));
    }
    if req.max_tries == 0 || req.max_tries > 1_000_000 {
        return Err(format!(
            "drafts per puzzle must be 1 to 1,000,000, not {}",
            req.max_tries
        ));
    }
    if req.grade == Grade::NeedsSearch {
        return Err("a generated puzzle is graded Easy, Medium, Hard or Fiendish".into());
    }
    if let Some(why) = req.recipe.out_of_reach(req.grade) {
        return Err(why.into());
    }
    Ok(())
}

/// A unique puzzle of the recipe, size and grade asked for; the same request
/// gives the same puzzle. `progress` hears the drafts judged so far.
pub fn generate(
    req: &GenerateRequest,
    cancel: &CancelFlag,
    progress: &dyn Fn(usize),
) -> Result<Generated, GenerateError> {
    check(req)?;
    made(req, cancel, progress).map_err(|e| match req.recipe.never_found(req.grade) {
        Some(why) => e.with_hint(why),
        None => e,
    })
}

/// [`generate`] once the request is checked: the family's drafter, its
/// puzzle wrapped as a [`Puzzle`].
fn made(req: &GenerateRequest, cancel: &CancelFlag, progress: &dyn Fn(usize)) -> Result<Generated, GenerateError> {
    let n = req.size;
    let draft = DraftRequest {
        size: n,
        grade: req.grade,
        seed: req.seed,
        max_tries: req.max_tries,
        hopeless: req.recipe.never_found(req.grade).is_some(),
    };
    let region_stars = |stars, holes, shape| {
        run(
            &queens::draft::RegionStars { n, stars, holes, shape },
            &draft,
            cancel,
            progress,
        )
        .map(|d| d.map(Puzzle::Queens))
    };
    let binary = |drafter| run(&drafter, &draft, cancel, progress).map(|d| d.map(Puzzle::Binary));
    let found: Drafted<Puzzle> = match &req.recipe {
        Recipe::Queens { holes, regions } => region_stars(1, *holes, *regions)?,
        Recipe::StarBattle { stars, holes } => region_stars(*stars, *holes, RegionShape::Connected)?,
        Recipe::Tents { density } => run(
            &tents::draft::TentsDrafter { n, density: *density },
            &draft,
            cancel,
            progress,
        )?
        .map(Puzzle::Tents),
        Recipe::Takuzu => binary(binary::draft::BinaryDrafter::takuzu(n))?,
        Recipe::Binairo => binary(binary::draft::BinaryDrafter::binairo(n))?,
        Recipe::Tango => binary(binary::draft::BinaryDrafter::tango(n))?,
        Recipe::Rullo { max_number } => run(
            &rullo::draft::RulloDrafter {
                n,
                max_number: *max_number,
            },
            &draft,
            cancel,
            progress,
        )?
        .map(Puzzle::Rullo),
        Recipe::Chess { pieces, regions } => run(
            &chess::draft::ChessDrafter {
                n,
                pieces: pieces.clone(),
                shape: *regions,
            },
            &draft,
            cancel,
            progress,
        )?
        .map(Puzzle::Chess),
        Recipe::Battleship { fleet, rule, givens } => run(
            &bimaru::draft::BattleshipDrafter {
                n,
                fleet: fleet.clone(),
                rule: *rule,
                givens: *givens,
            },
            &draft,
            cancel,
            progress,
        )?
        .map(Puzzle::Battleship),
    };
    Ok(Generated {
        puzzle: found.puzzle,
        grade: found.grade,
        tries: found.tries,
    })
}
