//! D-Wave's qubit graph families, one file each, and the list that names
//! them: a family is its file here plus two lines below (its `mod` and its
//! list line). [`Family`] (made by the list) is one size of one of them; the
//! spec strings sessions save (`pegasus:16`) are read and written here only.

mod chimera;
mod pegasus;
mod zephyr;

pub use chimera::Chimera;
pub use pegasus::Pegasus;
pub use zephyr::Zephyr;

use crate::run::{CancelFlag, Cancelled};
use std::fmt::Debug;

/// A family of D-Wave qubit graphs; a value is one size of it. Labels are
/// the linear ones of dwave-networkx (its defaults).
pub trait QubitGraph: Copy + Debug + PartialEq + Eq + Send + Sync {
    /// The words a spec may start with (`chimera`, `c`); the first is the one written.
    const WORDS: &'static [&'static str];
    /// The spec's form, for the parse error (`chimera:M[,N,T]`).
    const SHAPE: &'static str;
    /// The size a spec's numbers give; `None`: this family takes not that many numbers.
    fn from_numbers(numbers: &[usize]) -> Option<Self>;
    /// The numbers that give this size back (every one written).
    fn numbers(&self) -> Vec<usize>;
    /// The size limits, naming what is out of range.
    fn check(&self) -> Result<(), String>;
    /// "Pegasus P16", "Chimera C16", "Zephyr Z15 (t = 4)".
    fn name(&self) -> String;
    /// Size of the linear label space (every label is below it).
    fn label_space(&self) -> usize;
    /// Every coupler (each end a label, in any order, repeats allowed), looking at `cancel` as it goes.
    fn couplers(&self, add: &mut impl FnMut(u32, u32), cancel: &CancelFlag) -> Result<(), Cancelled>;
    /// Where a qubit is drawn, as dwave-networkx lays the family out (y grows downwards).
    fn position(&self, q: u32) -> (f64, f64);
    /// The line a qubit lies on, for the clique embedding: orientation (0
    /// vertical, 1 horizontal), the line's key, and the place along it.
    fn line_of(&self, q: u32) -> (usize, [usize; 3], usize);
}

/// Makes [`Family`] from the list: one variant per family, holding its size.
macro_rules! qubit_graphs {
    ($($variant:ident = $graph:ty,)+) => {
        /// A graph family and its size.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Family {
            $($variant($graph),)+
        }

        impl Family {
            /// Each family's spec words and form, in list order.
            const FORMS: &'static [(&'static [&'static str], &'static str)] =
                &[$((<$graph as QubitGraph>::WORDS, <$graph as QubitGraph>::SHAPE),)+];

            /// The size `numbers` give the family named by `word`.
            fn of_word(word: &str, numbers: &[usize]) -> Option<Family> {
                $(if <$graph as QubitGraph>::WORDS.contains(&word) {
                    return <$graph as QubitGraph>::from_numbers(numbers).map(Family::$variant);
                })+
                None
            }

            fn words_and_numbers(self) -> (&'static str, Vec<usize>) {
                match self {
                    $(Family::$variant(g) => (<$graph as QubitGraph>::WORDS[0], g.numbers()),)+
                }
            }

            /// The size limits, naming what is out of range.
            pub fn check(self) -> Result<(), String> {
                match self {
                    $(Family::$variant(g) => g.check(),)+
                }
            }

            /// "Pegasus P16", "Chimera C16", "Zephyr Z15 (t = 4)".
            pub fn name(self) -> String {
                match self {
                    $(Family::$variant(g) => g.name(),)+
                }
            }

            /// Size of the linear label space (every label is below it).
            pub fn label_space(self) -> usize {
                match self {
                    $(Family::$variant(g) => g.label_space(),)+
                }
            }

            /// Every coupler, looking at `cancel` as it goes.
            pub fn couplers(self, add: &mut impl FnMut(u32, u32), cancel: &CancelFlag) -> Result<(), Cancelled> {
                match self {
                    $(Family::$variant(g) => g.couplers(add, cancel),)+
                }
            }

            /// Where a qubit is drawn (see [`QubitGraph::position`]).
            pub fn position(self, q: u32) -> (f64, f64) {
                match self {
                    $(Family::$variant(g) => g.position(q),)+
                }
            }

            /// The line a qubit lies on (see [`QubitGraph::line_of`]).
            pub fn line_of(self, q: u32) -> (usize, [usize; 3], usize) {
                match self {
                    $(Family::$variant(g) => g.line_of(q),)+
                }
            }
        }
    };
}

qubit_graphs! {
    Chimera = Chimera,
    Pegasus = Pegasus,
    Zephyr = Zephyr,
}

impl Family {
    /// Reads `chimera:16`, `chimera:16,8,4`, `pegasus:16`, `zephyr:15`, `zephyr:15,4`
    /// (also `c16`, `p16`, `z15`): a family's word, then its numbers.
    pub fn parse(spec: &str) -> Result<Family, String> {
        let s = spec.trim().to_ascii_lowercase();
        let (word, rest) = match s.split_once(':') {
            Some((w, r)) => (w.to_string(), r.to_string()),
            None => {
                let split = s.find(|c: char| c.is_ascii_digit()).unwrap_or(s.len());
                (s[..split].to_string(), s[split..].to_string())
            }
        };
        let numbers: Vec<usize> = rest
            .split(',')
            .filter(|p| !p.trim().is_empty())
            .map(|p| {
                p.trim()
                    .parse()
                    .map_err(|_| format!("'{spec}': '{}' is not a whole number", p.trim()))
            })
            .collect::<Result<_, _>>()?;
        let family = Family::of_word(&word, &numbers).ok_or_else(|| {
            let shapes: Vec<&str> = Family::FORMS.iter().map(|f| f.1).collect();
            let (last, first) = shapes.split_last().expect("at least one family");
            format!(
                "'{spec}': a target is {} or {last} (e.g. pegasus:16, zephyr:15)",
                first.join(", ")
            )
        })?;
        family.check()?;
        Ok(family)
    }

    /// The spec that builds this graph again, every number written
    /// (`chimera:16,16,4`, `pegasus:16`, `zephyr:15,4`): what sessions and
    /// `bench embed` save.
    pub fn spec(self) -> String {
        let (word, numbers) = self.words_and_numbers();
        let numbers: Vec<String> = numbers.iter().map(usize::to_string).collect();
        format!("{word}:{}", numbers.join(","))
    }
}

/// `lo ≤ v ≤ hi`, or a message naming `what`.
fn within(what: &str, v: usize, lo: usize, hi: usize) -> Result<(), String> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(format!("{what} must be {lo} to {hi}, not {v}"))
    }
}

/// The largest tile size t built (Chimera's and Zephyr's).
pub const MAX_TILE: usize = 16;
