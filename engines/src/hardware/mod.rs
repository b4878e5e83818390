//! Quantum annealing hardware: D-Wave's qubit graphs (Chimera, Pegasus,
//! Zephyr) and the chain strength a model embedded onto them needs.

pub mod chain_strength;
pub mod topology;

pub use chain_strength::{DEFAULT_PREFACTOR, uniform_torque_compensation};
pub use topology::{Coord, Family, Topology};
