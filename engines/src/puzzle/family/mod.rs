//! What a puzzle family is, in three parts: its rules (`rules.rs`: [`Rules`]
//! and [`FamilyType`]), its look (`look.rs`: what the grid and the answer
//! text show) and its authoring (`authoring.rs`: the editor's tools and clue
//! fields, the setter's clues and repair edits). [`Family`] is all of them;
//! `kit.rs` and `repair_kit.rs` hold the helpers the family files share. It
//! stands on the model, the exact search, the QUBO, the region boards and
//! the shared words, and names no family: `families/` implements it.

mod authoring;
pub mod generator;
pub mod kit;
mod look;
pub mod repair_kit;
mod rules;

pub use crate::puzzle::vocab::AnswerGlyph;
pub use authoring::{Authoring, Clue, Edit, EditKind, Seen};
pub use generator::{
    Change, DraftRequest, Drafted, Generator, GeneratorInfo, MAX_SIZE, OptionKind, OptionSpec, OptionValue, Options,
};
pub use look::Look;
pub use rules::{FamilyType, Rules, solve_by_search};

/// A whole family: the `families!` list accepts only types with every part,
/// so a family that lacks one fails to compile with the part named.
pub trait Family: Rules + Look + Authoring + FamilyType {}

impl<F: Rules + Look + Authoring + FamilyType> Family for F {}
