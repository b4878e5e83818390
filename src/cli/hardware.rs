//! `qubo graph`: D-Wave's qubit graphs as Fleetscope builds them, for a look
//! at their sizes or (with --json) every qubit and coupler, which
//! `bench/dwave/graphs.py` compares with dwave-networkx's.

use crate::hardware::{EmbedMethod, Family, Topology};
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

/// What `qubo embed` was asked.
pub struct EmbedArgs {
    pub target: String,
    pub method: String,
    pub seed: u64,
    pub tries: usize,
    pub time_limit: Option<f64>,
}

/// The most fresh starts `--tries` takes.
const MAX_TRIES: usize = 1000;

/// `qubo embed`: the model's interaction graph onto a qubit graph.
pub fn embed(model: &super::solve::ModelArgs, args: &EmbedArgs, out: Option<&std::path::Path>, json: bool) -> Result<(), String> {
    if !(1..=MAX_TRIES).contains(&args.tries) {
        return Err(format!("--tries must be 1 to {MAX_TRIES}, not {}", args.tries));
    }
    let limit = crate::study::sampling::time_limit(args.time_limit)?;
    let graph = Topology::new(Family::parse(&args.target)?)?;
    let problem = model.problem()?;
    let q = problem.qubo();
    let edges: Vec<(usize, usize)> = q.couplers().map(|(a, b, _)| (a, b)).collect();
    let method = match args.method.as_str() {
        "auto" => EmbedMethod::Auto,
        "heuristic" => EmbedMethod::Heuristic,
        "clique" => EmbedMethod::Clique,
        other => return Err(format!("--method is auto, heuristic or clique, not '{other}'")),
    };
    let options = crate::hardware::EmbedOptions {
        seed: args.seed,
        tries: args.tries,
        method,
        ..Default::default()
    };
    let mut cancel = super::interrupt::ctrl_c_flag();
    if let Some(t) = limit {
        cancel = cancel.with_time_limit(t);
    }
    let spinner = super::progress::spinner(json, "embedding (Ctrl+C stops)");
    let t0 = super::cputime::process_cpu_seconds();
    let progress = |p: crate::hardware::EmbedProgress| {
        let state = match p.longest_chain {
            Some(l) => format!("valid, longest chain {l}"),
            None => format!("up to {} chains on a qubit", p.worst_fill),
        };
        spinner.set_message(format!(
            "embedding: try {}, pass {}, {state} (Ctrl+C stops)",
            p.try_index + 1,
            p.passes
        ));
    };
    let found = crate::hardware::find_embedding(q.len(), &edges, &graph, &options, &cancel, &progress);
    spinner.finish_and_clear();
    let e = found.map_err(|e| e.to_string())?;
    let cpu = super::cputime::process_cpu_seconds() - t0;
    if let Some(path) = out {
        let map: serde_json::Map<String, serde_json::Value> =
            e.chains.iter().enumerate().map(|(v, c)| (v.to_string(), json!(c))).collect();
        crate::session::write_text(path, &serde_json::Value::Object(map).to_string()).map_err(|e| e.to_string())?;
    }
    if json {
        println!(
            "{}",
            json!({"target": graph.family.name(), "variables": q.len(), "interactions": edges.len(),
                   "qubits": e.qubits, "max_chain": e.max_chain, "mean_chain": e.mean_chain(),
                   "method": e.method.name(), "try": e.try_index + 1, "cpu_s": cpu})
        );
    } else {
        println!("onto         {}", graph.family.name());
        println!("variables    {} ({} interactions)", q.len(), edges.len());
        println!("qubits used  {}", e.qubits);
        println!("chains       longest {}, mean {:.2}", e.max_chain, e.mean_chain());
        match e.method {
            EmbedMethod::Clique => println!("found        as the clique embedding in {cpu:.2} CPU-s (verified)"),
            _ => println!("found        by the heuristic on try {} in {cpu:.2} CPU-s (verified)", e.try_index + 1),
        }
        if let Some(path) = out {
            println!("wrote        {}", path.display());
        }
    }
    Ok(())
}
