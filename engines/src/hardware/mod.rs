//! Quantum annealing hardware: D-Wave's qubit graphs (Chimera, Pegasus,
//! Zephyr), the chain strength a model embedded onto them needs, and what
//! the machine's coefficient ranges and precision leave of a model.

pub mod chain_strength;
pub mod embed;
pub mod embedded;
pub mod graphs;
pub mod precision;
pub mod topology;

pub use chain_strength::{DEFAULT_PREFACTOR, uniform_torque_compensation};
pub use embed::{
    EmbedError, EmbedMethod, EmbedOptions, EmbedProgress, Embedded, Embedding, find_embedding,
    verify as verify_embedding,
};
pub use embedded::{
    EmbeddedProblem, EmbeddedStructure, MAX_CHAIN_STRENGTH, MAX_EMBEDDING_BYTES, embed_problem, embedding_from_json,
    embedding_to_json,
};
pub use graphs::{Chimera, Family, Pegasus, QubitGraph, Zephyr};
pub use precision::{ADVANTAGE, DEFAULT_PRECISION, PrecisionReport, Ranges, precision_report};
pub use topology::Topology;
