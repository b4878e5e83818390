//! `qubo graph`: D-Wave's qubit graphs as Fleetscope builds them, for a look
//! at their sizes or (with --json) every qubit and coupler, which
//! `bench/dwave/graphs.py` compares with dwave-networkx's.

use crate::hardware::{EmbedMethod, Embedding};
use crate::study::hardware::{HardwarePlan, hardware_report, parse_strengths, target_graph};
use serde_json::json;
use std::path::Path;

pub fn graph(target: &str, json: bool) -> Result<(), String> {
    let g = target_graph(target, &super::interrupt::ctrl_c_flag())?;
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

use crate::study::hardware::MAX_TRIES;

/// `qubo embed`: the model's interaction graph onto a qubit graph.
pub fn embed(
    model: &super::solve::ModelArgs,
    args: &EmbedArgs,
    out: Option<&std::path::Path>,
    json: bool,
) -> Result<(), String> {
    if !(1..=MAX_TRIES).contains(&args.tries) {
        return Err(format!("--tries must be 1 to {MAX_TRIES}, not {}", args.tries));
    }
    let limit = crate::study::sampling::time_limit(args.time_limit)?;
    let family = crate::hardware::Family::parse(&args.target)?;
    let problem = model.problem()?;
    let q = problem.qubo();
    let edges = crate::study::hardware::interactions(&problem);
    let method = crate::hardware::EmbedMethod::parse(&args.method).map_err(|e| format!("--method: {e}"))?;
    let options = crate::hardware::EmbedOptions {
        seed: args.seed,
        tries: args.tries,
        method,
        ..Default::default()
    };
    // Everything was checked: the time limit starts now and covers building
    // the graph as well as the search.
    let mut cancel = super::interrupt::ctrl_c_flag();
    if let Some(t) = limit {
        cancel = cancel.with_time_limit(t);
    }
    let spinner = super::progress::spinner(json, &format!("building the {} graph (Ctrl+C stops)", family.name()));
    let t_graph = super::cputime::process_cpu_seconds();
    let graph = crate::hardware::Topology::build(family, &cancel);
    let graph_cpu = super::cputime::process_cpu_seconds() - t_graph;
    let graph = graph.map_err(|e| {
        spinner.finish_and_clear();
        e.to_string()
    })?;
    spinner.set_message("embedding (Ctrl+C stops)");
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
    let found = crate::study::hardware::embed_model(&problem, graph, &options, &cancel, &progress);
    spinner.finish_and_clear();
    let summary = found.map_err(|e| e.to_string())?;
    let cpu = super::cputime::process_cpu_seconds() - t0;
    let e = &summary.embedded;
    let name = summary.target.family.name();
    if let Some(path) = out {
        crate::session::write_text(path, &crate::hardware::embedding_to_json(&e.chains)).map_err(|e| e.to_string())?;
    }
    if json {
        println!(
            "{}",
            json!({"target": name, "variables": q.len(), "interactions": edges.len(),
                   "qubits": e.qubits, "max_chain": e.max_chain, "mean_chain": e.mean_chain(),
                   "method": e.method.name(), "try": e.try_index + 1, "cpu_s": cpu, "graph_cpu_s": graph_cpu,
                   "chain_couplers": summary.chain_couplers, "logical_couplers": summary.logical_couplers,
                   "default_chain_strength": summary.default_strength,
                   "logical_precision": summary.logical.verdict(), "laplacian": summary.laplacian,
                   "embedded_precision": summary.at_default.verdict()})
        );
    } else {
        println!("onto            {name} (graph built in {graph_cpu:.2} CPU-s)");
        println!("variables       {} ({} interactions)", q.len(), edges.len());
        println!("qubits used     {} of {}", e.qubits, summary.target.nodes.len());
        println!("chains          longest {}, mean {:.2}", e.max_chain, e.mean_chain());
        println!(
            "couplers        {} inside chains, {} carrying the model's couplers",
            summary.chain_couplers, summary.logical_couplers
        );
        match e.method {
            EmbedMethod::Clique => println!("found           as the clique embedding in {cpu:.2} CPU-s (verified)"),
            _ => println!(
                "found           by the heuristic on try {} in {cpu:.2} CPU-s (verified)",
                e.try_index + 1
            ),
        }
        println!(
            "chain strength  {:.6} (D-Wave's default, uniform torque compensation)",
            summary.default_strength
        );
        println!("logical model   {}", summary.logical.verdict());
        if let Some(l) = &summary.laplacian {
            println!("                {l}");
        }
        println!("embedded        {}", summary.at_default.verdict());
        if let Some(path) = out {
            println!("wrote           {}", crate::quote::path(path));
        }
    }
    Ok(())
}

/// Reads an embedding file (minorminer's JSON) for a model of `variables` variables.
pub fn read_embedding(path: &Path, variables: usize) -> Result<Embedding, String> {
    let text = crate::session::read_text(path).map_err(|e| e.to_string())?;
    crate::hardware::embedding_from_json(&text, variables).map_err(|e| format!("{}: {e}", crate::quote::path(path)))
}

/// What `qubo hardware` was asked.
pub struct HardwareArgs {
    pub target: String,
    pub embedding: std::path::PathBuf,
    pub chain_strength: Option<String>,
    pub sweep: Option<String>,
    pub reads: usize,
    pub sweeps: usize,
    pub seed: u64,
    pub precision: f64,
}

/// `qubo hardware`: the precision verdicts and the embedded simulation over
/// a chain-strength sweep.
pub fn hardware(model: &super::solve::ModelArgs, args: &HardwareArgs, json: bool) -> Result<(), String> {
    let family = crate::hardware::Family::parse(&args.target)?;
    let problem = model.problem()?;
    let chains = read_embedding(&args.embedding, problem.qubo().len())?;
    let mut plan = HardwarePlan::new(&problem, args.reads);
    plan.sweeps = args.sweeps;
    plan.seed = args.seed;
    plan.precision = args.precision;
    let default = plan.strengths[DEFAULT_INDEX];
    plan.strengths = match (&args.chain_strength, &args.sweep) {
        (Some(_), Some(_)) => return Err("give --chain-strength or --sweep, not both".into()),
        (Some(one), None) => parse_strengths(one, default).map_err(|e| format!("--chain-strength: {e}"))?,
        (None, Some(list)) => parse_strengths(list, default).map_err(|e| format!("--sweep: {e}"))?,
        (None, None) => plan.strengths,
    };
    if args.chain_strength.is_some() && plan.strengths.len() != 1 {
        return Err("--chain-strength takes one value; a list is a --sweep".into());
    }
    plan.check()?;
    let cancel = super::interrupt::ctrl_c_flag();
    let graph = crate::hardware::Topology::build(family, &cancel).map_err(|e| e.to_string())?;
    let bar = super::progress::bar(json, "chain strengths (Ctrl+C stops)");
    bar.set_length(plan.strengths.len() as u64);
    let t0 = super::cputime::process_cpu_seconds();
    let report = hardware_report(&problem, &chains, &graph, &plan, &cancel, &|done| {
        bar.set_position(done as u64)
    })
    .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    let cpu = super::cputime::process_cpu_seconds() - t0;
    let qubits: usize = chains.iter().map(Vec::len).sum();
    if json {
        let points: Vec<serde_json::Value> = report
            .points
            .iter()
            .map(|p| {
                json!({"chain_strength": p.strength, "relative": p.strength / report.default_strength,
                       "reads": p.reads, "chain_break_rate": p.chain_break_rate, "reads_broken": p.reads_broken,
                       "success": p.success, "best_energy": p.best_energy, "mean_energy": p.mean_energy,
                       "precision": p.precision.verdict(), "divide_by": p.precision.divide_by,
                       "below_precision": p.precision.below, "terms": p.precision.terms})
            })
            .collect();
        println!(
            "{}",
            json!({"target": graph.family.name(), "variables": chains.len(), "qubits": qubits,
                   "max_chain": chains.iter().map(Vec::len).max().unwrap_or(0),
                   "default_chain_strength": report.default_strength,
                   "logical_precision": report.logical.verdict(), "laplacian": report.laplacian,
                   "success_is": report.goal, "points": points, "cpu_s": cpu})
        );
        return Ok(());
    }
    println!(
        "onto            {} ({qubits} qubits for {} variables)",
        graph.family.name(),
        chains.len()
    );
    println!("logical model   {}", report.logical.verdict());
    if let Some(l) = &report.laplacian {
        println!("                {l}");
    }
    println!(
        "chain strength  D-Wave's default (uniform torque compensation) {:.6}",
        report.default_strength
    );
    println!(
        "simulation      {} of simulated annealing ({}) per strength, unembedded by majority vote{}",
        crate::textview::count(plan.reads, "read", "reads"),
        crate::textview::count(plan.sweeps, "sweep", "sweeps"),
        report.goal.map_or(String::new(), |g| format!("; success is {g}"))
    );
    println!();
    println!(
        "{:>10} {:>6} {:>12} {:>12} {:>9} {:>14} {:>14}  embedded precision",
        "strength", "×dflt", "chain breaks", "reads broken", "success", "best energy", "mean energy"
    );
    for p in &report.points {
        let success = p.success.map_or("-".to_string(), |s| format!("{:.1} %", 100.0 * s));
        println!(
            "{:>10.4} {:>6.2} {:>11.2} % {:>11.1} % {:>9} {:>14.6} {:>14.6}  {} of {} terms below",
            p.strength,
            p.strength / report.default_strength,
            100.0 * p.chain_break_rate,
            100.0 * p.reads_broken,
            success,
            p.best_energy,
            p.mean_energy,
            p.precision.below,
            p.precision.terms
        );
    }
    // The verdict at the strength nearest D-Wave's default.
    let nearest = report.points.iter().min_by(|a, b| {
        let off = |p: &crate::solve::SweepPoint| (p.strength / report.default_strength).ln().abs();
        off(a).total_cmp(&off(b))
    });
    if let Some(p) = nearest {
        println!();
        println!("embedded at {:.4}: {}", p.strength, p.precision.verdict());
    }
    println!("{cpu:.2} CPU-s");
    Ok(())
}

/// Index of 1× in the default sweep.
const DEFAULT_INDEX: usize = 3;

/// `qubo export --embedding`: the embedded problem as dimod's binary BQM,
/// labelled by qubit.
pub fn export_embedded(
    problem: &crate::solve::Problem,
    target: &str,
    embedding: &Path,
    chain_strength: Option<&str>,
    out: &Path,
) -> Result<(), String> {
    let graph = target_graph(target, &super::interrupt::ctrl_c_flag())?;
    let chains = read_embedding(embedding, problem.qubo().len())?;
    let default = crate::study::hardware::default_strength(problem);
    let strength = match chain_strength {
        None => default,
        Some(text) => match parse_strengths(text, default).map_err(|e| format!("--chain-strength: {e}"))?[..] {
            [one] => one,
            _ => return Err("--chain-strength takes one value".into()),
        },
    };
    let embedded = crate::hardware::embed_problem(problem.qubo(), &chains, &graph, strength)?;
    let bytes = crate::qubo::write_bqm_labelled(&embedded.qubo, &embedded.labels);
    crate::session::write_bytes(out, &bytes).map_err(|e| e.to_string())?;
    println!(
        "wrote {} (the embedded problem on {}: {} qubits, {} couplers, chain strength {strength:.6}; dimod's binary BQM labelled by qubit)",
        crate::quote::path(out),
        graph.family.name(),
        embedded.qubo.len(),
        embedded.qubo.coupler_count()
    );
    Ok(())
}
