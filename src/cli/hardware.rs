//! `qubo graph`: D-Wave's qubit graphs as Fleetscope builds them, for a look
//! at their sizes or (with --json) every qubit and coupler, which
//! `bench/dwave/graphs.py` compares with dwave-networkx's.

use crate::hardware::{Family, Topology};
use serde_json::json;

pub fn graph(target: &str, json: bool) -> Result<(), String> {
    let g = Topology::new(Family::parse(target)?)?;
    if json {
        println!(
            "{}",
            json!({"target": g.family.name(), "qubits": g.nodes.len(), "couplers": g.edges.len(),
                   "max_degree": g.max_degree(), "nodes": g.nodes, "edges": g.edges})
        );
    } else {
        println!("{}", g.family.name());
        println!("qubits      {}", g.nodes.len());
        println!("couplers    {}", g.edges.len());
        println!("max degree  {}", g.max_degree());
        println!(
            "labels      {} … {} (dwave-networkx's linear labels)",
            g.nodes.first().copied().unwrap_or(0),
            g.nodes.last().copied().unwrap_or(0)
        );
    }
    Ok(())
}
