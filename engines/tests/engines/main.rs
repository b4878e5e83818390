//! Engine tests: one binary that links the engines crate alone (no UI, no files).
//! Oracles are the sources' published numbers, the data in `engines/tests/data/`
//! and independent second implementations (brute force on small cases).

mod clusters;
mod common;
mod counters;
mod cover;
mod deduce;
mod deduce_families;
mod embed;
mod embedded;
mod families;
mod frontier_cancel;
mod generate;
mod generate_families;
mod generate_golden;
mod hardware;
mod hunting;
mod layers;
mod puzzle;
mod puzzle_bimaru_qubo;
mod puzzle_binary;
mod puzzle_edges;
mod puzzle_edit;
mod puzzle_families;
mod qubo;
mod rules;
mod setter;
mod solve;
mod solve_params;
mod tomography;
mod tomography_moves;
