//! What a puzzle family is (`rules.rs`: the `Family` and `FamilyType` traits
//! every family implements) and the helpers the family files share
//! (`kit.rs`). It stands on the model, the exact search, the QUBO and the
//! shared words, and names no family: `families/` implements it.

pub mod kit;
mod rules;

pub use crate::puzzle::vocab::AnswerGlyph;
pub use rules::{Family, FamilyType, solve_by_search};
