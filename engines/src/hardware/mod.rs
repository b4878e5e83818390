//! Quantum annealing hardware: D-Wave's qubit graphs (Chimera, Pegasus,
//! Zephyr), for embedding QUBO models onto them.

pub mod topology;

pub use topology::{Coord, Family, Topology};
