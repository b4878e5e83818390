//! A family's generator as a plug-in: its options described as data (the
//! command line's flags and the Generate dialog's widgets are made from
//! them), what it is asked for and what it gives back. It names no family.

use super::Rules;
use crate::puzzle::GenerateError;
use crate::puzzle::deduce::Grade;
use crate::run::CancelFlag;
use std::ops::RangeInclusive;

/// Largest generated board side (the exact count of every draft must stay quick).
pub const MAX_SIZE: usize = 16;

/// What one draft search is asked for (the generator checked it first).
#[derive(Clone, Debug, PartialEq)]
pub struct DraftRequest {
    /// Cells a side.
    pub size: usize,
    pub grade: Grade,
    pub seed: u64,
    /// Drafts (changes included) judged before giving up.
    pub max_tries: usize,
    /// No puzzle of this grade has been found with these options: the search
    /// gives up once its drafts stop coming nearer, not on its whole budget.
    pub hopeless: bool,
}

/// A puzzle a draft search found and what it took.
#[derive(Clone, Debug, PartialEq)]
pub struct Drafted<F> {
    pub puzzle: F,
    pub grade: Grade,
    /// Drafts judged (each an exact count and, when unique, a ladder run).
    pub tries: usize,
}

impl<F> Drafted<F> {
    /// The same result with the puzzle turned into another type (a family's
    /// own type into the `Puzzle` of every family).
    pub fn map<G>(self, f: impl FnOnce(F) -> G) -> Drafted<G> {
        Drafted {
            puzzle: f(self.puzzle),
            grade: self.grade,
            tries: self.tries,
        }
    }
}

/// One option of a generator, described as data: the command line's flag,
/// the Generate dialog's widget, its limits and its messages all come from
/// here, so a family adds an option in its own folder alone.
#[derive(Debug, PartialEq)]
pub struct OptionSpec {
    /// The option's name in [`Options`] ("stars", "max-number", "givens").
    pub key: &'static str,
    /// The command line's flag without `--` ("stars", "no-givens": an option
    /// on by default is turned off by `no-<key>`).
    pub flag: &'static str,
    /// The dialog's row: "Stars", "Numbers up to".
    pub label: &'static str,
    /// A check box's text ("may cut holes"); "" for other widgets. A choice of
    /// two words with a text is a check box that picks the second word.
    pub text: &'static str,
    /// What a range message calls it: "stars per line", "the largest Rullo number".
    pub what: &'static str,
    /// The tooltip and the command line's help.
    pub help: &'static str,
    pub kind: OptionKind,
}

/// What kind of value an option takes, with its limits and default.
#[derive(Debug, PartialEq)]
pub enum OptionKind {
    Int {
        min: i64,
        max: i64,
        default: i64,
    },
    Float {
        min: f64,
        max: f64,
        step: f64,
        default: f64,
    },
    Flag {
        default: bool,
    },
    /// One of a few words.
    Choice {
        words: &'static [&'static str],
        default: &'static str,
    },
    /// Some of a set of letters, each with its name (chess pieces "QRBNK").
    Letters {
        letters: &'static [(char, &'static str)],
        default: &'static str,
    },
    /// A list of lengths (a fleet "4,3,3,2").
    Lengths {
        default: &'static [usize],
    },
}

impl OptionKind {
    /// The value an option has unless it is given.
    pub fn default_value(&self) -> OptionValue {
        match self {
            OptionKind::Int { default, .. } => OptionValue::Int(*default),
            OptionKind::Float { default, .. } => OptionValue::Float(*default),
            OptionKind::Flag { default } => OptionValue::Flag(*default),
            OptionKind::Choice { default, .. } => OptionValue::Choice(default),
            OptionKind::Letters { default, .. } => OptionValue::Letters(default.chars().collect()),
            OptionKind::Lengths { default } => OptionValue::Lengths(default.to_vec()),
        }
    }

    /// Does `value` have this kind?
    fn takes(&self, value: &OptionValue) -> bool {
        matches!(
            (self, value),
            (OptionKind::Int { .. }, OptionValue::Int(_))
                | (OptionKind::Float { .. }, OptionValue::Float(_))
                | (OptionKind::Flag { .. }, OptionValue::Flag(_))
                | (OptionKind::Choice { .. }, OptionValue::Choice(_))
                | (OptionKind::Letters { .. }, OptionValue::Letters(_))
                | (OptionKind::Lengths { .. }, OptionValue::Lengths(_))
        )
    }
}

/// The value of one option.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionValue {
    Int(i64),
    Float(f64),
    Flag(bool),
    Choice(&'static str),
    Letters(Vec<char>),
    Lengths(Vec<usize>),
}

/// A value for every option of one generator, in its order.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    specs: &'static [OptionSpec],
    values: Vec<OptionValue>,
}

impl Options {
    /// Every option at its default.
    pub fn defaults(specs: &'static [OptionSpec]) -> Options {
        Options {
            specs,
            values: specs.iter().map(|s| s.kind.default_value()).collect(),
        }
    }

    pub fn specs(&self) -> &'static [OptionSpec] {
        self.specs
    }

    /// The options with their values, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static OptionSpec, &OptionValue)> {
        self.specs.iter().zip(&self.values)
    }

    /// Sets an option; a key the generator does not have, a value of another
    /// kind or a word not among a choice's words is refused.
    pub fn set(&mut self, key: &str, value: OptionValue) -> Result<(), String> {
        let k = self
            .specs
            .iter()
            .position(|s| s.key == key)
            .ok_or_else(|| format!("'{key}' is not an option here"))?;
        let spec = &self.specs[k];
        if !spec.kind.takes(&value) {
            return Err(format!("{} takes another kind of value than {value:?}", spec.key));
        }
        if let (OptionKind::Choice { words, .. }, OptionValue::Choice(w)) = (&spec.kind, &value)
            && !words.contains(w)
        {
            return Err(choice_error(spec.key, words, w));
        }
        self.values[k] = value;
        Ok(())
    }

    /// Each value inside its spec's limits: "{what} must be {min} to {max}, not {v}".
    pub fn check(&self) -> Result<(), String> {
        for (spec, value) in self.iter() {
            match (&spec.kind, value) {
                (OptionKind::Int { min, max, .. }, OptionValue::Int(v)) if !(min..=max).contains(&v) => {
                    return Err(format!("{} must be {min} to {max}, not {v}", spec.what));
                }
                (OptionKind::Float { min, max, .. }, OptionValue::Float(v)) if !(min..=max).contains(&v) => {
                    return Err(format!(
                        "{} must be {} to {}, not {}",
                        spec.what,
                        crate::quote::number(*min),
                        crate::quote::number(*max),
                        crate::quote::number(*v)
                    ));
                }
                (OptionKind::Letters { letters, .. }, OptionValue::Letters(v)) => {
                    if let Some(c) = v.iter().find(|c| !letters.iter().any(|(l, _)| l == *c)) {
                        return Err(letters_error(*c, letters));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn value(&self, key: &str) -> &OptionValue {
        let k = self.specs.iter().position(|s| s.key == key);
        // A generator asks only for its own keys (the family test runs every one).
        &self.values[k.unwrap_or_else(|| panic!("the generator has no option '{key}'"))]
    }

    pub fn int(&self, key: &str) -> i64 {
        match self.value(key) {
            OptionValue::Int(v) => *v,
            other => panic!("option '{key}' is {other:?}, not a whole number"),
        }
    }

    pub fn float(&self, key: &str) -> f64 {
        match self.value(key) {
            OptionValue::Float(v) => *v,
            other => panic!("option '{key}' is {other:?}, not a number"),
        }
    }

    pub fn flag(&self, key: &str) -> bool {
        match self.value(key) {
            OptionValue::Flag(v) => *v,
            other => panic!("option '{key}' is {other:?}, not a flag"),
        }
    }

    pub fn choice(&self, key: &str) -> &'static str {
        match self.value(key) {
            OptionValue::Choice(v) => v,
            other => panic!("option '{key}' is {other:?}, not a choice"),
        }
    }

    pub fn letters(&self, key: &str) -> &[char] {
        match self.value(key) {
            OptionValue::Letters(v) => v,
            other => panic!("option '{key}' is {other:?}, not letters"),
        }
    }

    pub fn lengths(&self, key: &str) -> &[usize] {
        match self.value(key) {
            OptionValue::Lengths(v) => v,
            other => panic!("option '{key}' is {other:?}, not lengths"),
        }
    }
}

/// A word not among a choice's: "regions are 'connected' or 'any', not 'odd'".
pub fn choice_error(key: &str, words: &[&str], word: &str) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let list = match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.join(""),
    };
    format!("{key} are {list}, not '{}'", crate::quote::excerpt(word))
}

/// A letter not among an option's: "'X' is not one of Q, R, B, N, K".
pub fn letters_error(c: char, letters: &[(char, &str)]) -> String {
    let all: Vec<String> = letters.iter().map(|(l, _)| l.to_string()).collect();
    format!("'{c}' is not one of {}", all.join(", "))
}

/// One change of an option that brings a grade within reach, or nearer:
/// each front end names it in its own words (a flag, a check box).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A flag turned on (`true`) or off.
    Flag(&'static str, bool),
    /// A choice set to a word.
    Choice(&'static str, &'static str),
}

impl Change {
    /// The option's key.
    pub fn key(self) -> &'static str {
        match self {
            Change::Flag(k, _) | Change::Choice(k, _) => k,
        }
    }
}

/// What the command line, the dialog and the checks need of a generator,
/// without its family type.
pub trait GeneratorInfo: Sync {
    /// The command line's word for it ("star-battle").
    fn word(&self) -> &'static str;
    /// Other words the command line takes for it ("starbattle").
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }
    fn options(&self) -> &'static [OptionSpec] {
        &[]
    }
    /// The sizes it generates (each draft's exact count must stay quick).
    fn sizes(&self, options: &Options) -> RangeInclusive<usize>;
    /// Limits beyond each option's own range (a ship longer than the board,
    /// no chess piece), naming what is wrong.
    fn check(&self, _options: &Options, _size: usize) -> Result<(), String> {
        Ok(())
    }
    /// Why the ladder can never give these options' puzzles `grade`, when
    /// that follows from the rules (so the search need not find out).
    fn out_of_reach(&self, _options: &Options, _grade: Grade) -> Option<&'static str> {
        None
    }
    /// Why no puzzle of `grade` is expected with these options, where none
    /// has been found though the rules do not rule it out.
    fn never_found(&self, _options: &Options, _grade: Grade) -> Option<&'static str> {
        None
    }
    /// The changes, any one of which brings `grade` within reach (or nearer)
    /// where [`GeneratorInfo::out_of_reach`] or [`GeneratorInfo::never_found`] speaks.
    fn remedy(&self, _options: &Options, _grade: Grade) -> &'static [Change] {
        &[]
    }
    /// The word and every option in the command line's words, stable from
    /// version to version ("queens, regions connected, no holes").
    fn describe(&self, options: &Options) -> String;
    /// A size where its default options make an Easy or Medium puzzle
    /// quickly (the family test).
    fn sample_size(&self) -> usize;
}

/// A family's generator: its options and the search that drafts a puzzle.
pub trait Generator: GeneratorInfo {
    type Family: Rules;
    /// A puzzle for checked options and request; the same seed gives the same puzzle.
    fn generate(
        &self,
        options: &Options,
        req: &DraftRequest,
        cancel: &CancelFlag,
        progress: &dyn Fn(usize),
    ) -> Result<Drafted<Self::Family>, GenerateError>;
}
