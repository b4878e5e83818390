//! The check every embedding passes before it is returned, as D-Wave's
//! `verify_embedding` makes it: each variable has a chain of qubits of the
//! graph, chains share no qubit, each chain is connected, and every
//! interaction has a coupler between its two chains.

use crate::hardware::{Family, Topology};

/// What can be checked of chains without their model or the graph built:
/// none empty, every qubit a label of `family`, no qubit in two chains (or
/// twice in one). A saved embedding is checked so when a session is read.
pub fn check_chains(chains: &[Vec<u32>], family: Family) -> Result<(), String> {
    let space = family.label_space();
    let mut owner = vec![usize::MAX; space];
    for (v, chain) in chains.iter().enumerate() {
        if chain.is_empty() {
            return Err(format!("variable {v} has no chain"));
        }
        for &q in chain {
            if q as usize >= space {
                return Err(format!(
                    "variable {v}'s chain holds qubit {q}, not in {}",
                    family.name()
                ));
            }
            if owner[q as usize] == v {
                return Err(format!("variable {v}'s chain holds qubit {q} twice"));
            }
            if owner[q as usize] != usize::MAX {
                return Err(format!("qubit {q} is in the chains of {} and {v}", owner[q as usize]));
            }
            owner[q as usize] = v;
        }
    }
    Ok(())
}

/// `Err` names the first thing wrong. One pass over the graph's couplers
/// (millions on the largest graphs) keeps those among the chains' qubits.
pub fn verify(
    variables: usize,
    edges: &[(usize, usize)],
    chains: &[Vec<u32>],
    target: &Topology,
) -> Result<(), String> {
    let space = target.family.label_space();
    let mut present = vec![false; space];
    for &q in &target.nodes {
        present[q as usize] = true;
    }
    if chains.len() != variables {
        return Err(format!("{} chains for {variables} variables", chains.len()));
    }
    check_chains(chains, target.family)?;
    let mut owner = vec![usize::MAX; space];
    for (v, chain) in chains.iter().enumerate() {
        for &q in chain {
            if !present[q as usize] {
                return Err(format!(
                    "variable {v}'s chain holds qubit {q}, not in {}",
                    target.family.name()
                ));
            }
            owner[q as usize] = v;
        }
    }
    let mut adjacency = vec![Vec::new(); space];
    for &(a, b) in &target.edges {
        if owner[a as usize] != usize::MAX && owner[b as usize] != usize::MAX {
            adjacency[a as usize].push(b);
            adjacency[b as usize].push(a);
        }
    }
    let mut seen = vec![false; space];
    for (v, chain) in chains.iter().enumerate() {
        // Connected: a search from the first qubit through the chain's own
        // qubits (each marked once, so long chains cost their length).
        seen[chain[0] as usize] = true;
        let mut reached = 1;
        let mut stack = vec![chain[0]];
        while let Some(q) = stack.pop() {
            for &p in &adjacency[q as usize] {
                if owner[p as usize] == v && !seen[p as usize] {
                    seen[p as usize] = true;
                    reached += 1;
                    stack.push(p);
                }
            }
        }
        if reached != chain.len() {
            return Err(format!("variable {v}'s chain is not connected"));
        }
    }
    for &(a, b) in edges {
        if a >= variables || b >= variables {
            return Err(format!("interaction ({a}, {b}) names a variable beyond {variables}"));
        }
        let joined = chains[a]
            .iter()
            .any(|&q| adjacency[q as usize].iter().any(|&p| owner[p as usize] == b));
        if !joined {
            return Err(format!("no coupler joins the chains of {a} and {b}"));
        }
    }
    Ok(())
}
