//! Puzzle generators: a unique puzzle whose logical solution needs exactly
//! the requested tier of the deduction ladder (so the tier below stalls, the
//! acceptance rule of Tatham's generators). Each family plants a solution and
//! refines a draft around it by small changes (a region's boundary cell moved,
//! a given or link added or removed, a ship moved) rather than starting over;
//! `draft/search.rs` is the loop they share. The generators are the
//! families' plug-ins (`families/<f>/draft.rs`); a [`Recipe`] names one by its
//! word, with a value for each of its options.

use crate::puzzle::deduce::Grade;
pub use crate::puzzle::draft::search::HOPELESS_AFTER;
pub use crate::puzzle::error::GenerateError;
use crate::puzzle::families::{AnyGenerator, GENERATORS, generator};
use crate::puzzle::family::DraftRequest;
pub use crate::puzzle::family::generator::{choice_error, letters_error};
pub use crate::puzzle::family::{Change, GeneratorInfo, MAX_SIZE, OptionKind, OptionSpec, OptionValue, Options};
use crate::run::CancelFlag;

/// The generator the command line and the dialog start with.
pub const DEFAULT_GENERATOR: &str = "queens";

/// A generator and a value for each of its options.
#[derive(Clone, Debug, PartialEq)]
pub struct Recipe {
    word: &'static str,
    options: Options,
}

impl Recipe {
    /// A generator's recipe with its usual options, by its word or an alias.
    pub fn of_family(word: &str) -> Result<Recipe, GenerateError> {
        let g = generator(word).ok_or_else(|| {
            GenerateError::Invalid(format!(
                "the family is one of {}, not '{}'",
                words().collect::<Vec<_>>().join(", "),
                crate::quote::excerpt(word.trim())
            ))
        })?;
        Ok(Recipe {
            word: g.info().word(),
            options: Options::defaults(g.info().options()),
        })
    }

    /// The recipe with one option set (an option of another generator, or a
    /// value of another kind, is refused; limits are checked with the request).
    pub fn with(mut self, key: &str, value: OptionValue) -> Result<Recipe, GenerateError> {
        self.set(key, value)?;
        Ok(self)
    }

    /// Sets one option (see [`Recipe::with`]).
    pub fn set(&mut self, key: &str, value: OptionValue) -> Result<(), GenerateError> {
        if !self.specs().iter().any(|s| s.key == key) {
            return Err(GenerateError::Invalid(format!(
                "{key} is not an option of {}",
                self.word
            )));
        }
        self.options.set(key, value).map_err(GenerateError::Invalid)
    }

    /// The generator's word (of [`words`]).
    pub fn word(&self) -> &'static str {
        self.word
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The generator's options, in its order.
    pub fn specs(&self) -> &'static [OptionSpec] {
        self.options.specs()
    }

    /// A generator's name as people write it: "Star Battle" for `star-battle`.
    pub fn title_of(word: &str) -> &'static str {
        crate::puzzle::family_title(word)
    }

    /// This recipe's name as people write it.
    pub fn title(&self) -> &'static str {
        Recipe::title_of(self.word)
    }

    /// The generator and every option in the command line's words, stable
    /// from version to version ("queens, regions connected, no holes"):
    /// generated files name what they were made from with it.
    pub fn describe(&self) -> String {
        self.info().describe(&self.options)
    }

    /// The sizes this generator makes (each draft's exact count must stay quick).
    pub fn sizes(&self) -> std::ops::RangeInclusive<usize> {
        self.info().sizes(&self.options)
    }

    /// Why the ladder can never give this recipe's puzzles `grade`, when that
    /// follows from its rules (so the generator need not search to find out).
    pub fn out_of_reach(&self, grade: Grade) -> Option<&'static str> {
        self.info().out_of_reach(&self.options, grade)
    }

    /// Why no puzzle of `grade` is expected with these options, where none has
    /// ever been found though the rules do not rule it out (the search for one
    /// gives up once it stops coming nearer).
    pub fn never_found(&self, grade: Grade) -> Option<&'static str> {
        self.info().never_found(&self.options, grade)
    }

    /// The option changes, any one of which brings `grade` within reach (see
    /// [`Recipe::out_of_reach`]) or, where none has been found, nearer.
    pub fn remedy(&self, grade: Grade) -> &'static [Change] {
        self.info().remedy(&self.options, grade)
    }

    fn generator(&self) -> &'static AnyGenerator {
        // A recipe is made only from a generator's own word.
        generator(self.word).unwrap_or_else(|| panic!("no generator '{}'", self.word))
    }

    fn info(&self) -> &'static dyn GeneratorInfo {
        self.generator().info()
    }
}

/// The generators' words, in menu order.
pub fn words() -> impl Iterator<Item = &'static str> {
    GENERATORS.iter().map(|g| g.info().word())
}

/// Every option once, by key, with the words of the generators that have
/// it (the command line's flags).
pub fn option_flags() -> Vec<(&'static OptionSpec, Vec<&'static str>)> {
    let mut out: Vec<(&'static OptionSpec, Vec<&'static str>)> = Vec::new();
    for g in GENERATORS.iter() {
        for spec in g.info().options() {
            match out.iter_mut().find(|(s, _)| s.key == spec.key) {
                Some((_, owners)) => owners.push(g.info().word()),
                None => out.push((spec, vec![g.info().word()])),
            }
        }
    }
    out
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

/// Checks a request's limits and that its grade is within reach, naming
/// what is wrong.
pub fn check(req: &GenerateRequest) -> Result<(), GenerateError> {
    check_limits(req)?;
    match req.recipe.out_of_reach(req.grade) {
        Some(why) => Err(GenerateError::Invalid(why.into())),
        None => Ok(()),
    }
}

/// Checks the request's size, options, drafts and grade against their
/// limits only: an error here is not cured by another option's value, as
/// [`Recipe::remedy`]'s out-of-reach grade is.
pub fn check_limits(req: &GenerateRequest) -> Result<(), GenerateError> {
    limits(req).map_err(GenerateError::Invalid)
}

/// [`check_limits`], in words.
fn limits(req: &GenerateRequest) -> Result<(), String> {
    req.recipe.options.check()?;
    req.recipe.info().check(&req.recipe.options, req.size)?;
    let sizes = req.recipe.sizes();
    if !sizes.contains(&req.size) {
        let side = if sizes.start() == sizes.end() {
            sizes.start().to_string()
        } else {
            format!("{} to {}", sizes.start(), sizes.end())
        };
        return Err(format!(
            "a generated {} puzzle is {side} cells a side, not {}",
            req.recipe.word(),
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

/// [`generate`] once the request is checked.
fn made(req: &GenerateRequest, cancel: &CancelFlag, progress: &dyn Fn(usize)) -> Result<Generated, GenerateError> {
    let draft = DraftRequest {
        size: req.size,
        grade: req.grade,
        seed: req.seed,
        max_tries: req.max_tries,
        hopeless: req.recipe.never_found(req.grade).is_some(),
    };
    let found = req
        .recipe
        .generator()
        .generate(&req.recipe.options, &draft, cancel, progress)?;
    Ok(Generated {
        puzzle: found.puzzle,
        grade: found.grade,
        tries: found.tries,
    })
}
