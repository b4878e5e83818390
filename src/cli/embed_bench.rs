//! `fleetscope bench embed`: minor embeddings of three sets of models onto
//! D-Wave's qubit graphs, one thread: the X-ray QUBO of random classic fleets
//! (the tomography paper's model, 100 variables and 1,062 couplers), the
//! QUBOs of the shipped example puzzles, and random sparse graphs. Per set
//! and graph: the share embedded, qubits, longest and mean chain, CPU
//! seconds (medians and the worst). `--export` writes every model and every
//! embedding for `bench/dwave/embed.py`, which runs minorminer on the same
//! models and checks our embeddings and binary BQM files with D-Wave's tools.

use super::cputime::{median, process_cpu_seconds};
use crate::hardware::{
    EmbedError, EmbedMethod, EmbedOptions, Topology, embed_problem, embedding_to_json, find_embedding,
};
use crate::qubo::{DEFAULT_EPSILON, ModelFormat, Qubo, QuboBuilder, write_bqm, write_bqm_labelled};
use crate::session;
use crate::study::hardware::target_graph;
use clap::Args;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use std::path::{Path, PathBuf};

/// Most models of one set.
const MAX_MODELS: usize = 10_000;

#[derive(Args, Debug, Clone)]
pub struct EmbedBench {
    /// Random classic fleets (X-ray QUBOs).
    #[arg(long, default_value_t = 100)]
    pub fleets: usize,
    /// Random sparse graphs (64 variables, 192 interactions each).
    #[arg(long, default_value_t = 10)]
    pub random: usize,
    /// Folder of example puzzles (.txt) whose QUBOs are embedded (default
    /// `puzzles`; "" for none).
    #[arg(long)]
    pub puzzles: Option<String>,
    /// Target graphs, comma separated.
    #[arg(long, default_value = "pegasus:16,zephyr:15")]
    pub targets: String,
    /// auto, heuristic or clique.
    #[arg(long, default_value = "auto")]
    pub method: String,
    /// Fresh starts per embedding (heuristic).
    #[arg(long, default_value_t = 10)]
    pub tries: usize,
    /// Seconds per embedding before it counts as not embedded.
    #[arg(long, default_value_t = 120.0)]
    pub time_limit: f64,
    /// Model i is embedded with seed SEED + i (and fleet i drawn with it).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Only these sets: xray, puzzles, random (comma separated).
    #[arg(long, default_value = "xray,puzzles,random")]
    pub sets: String,
    /// Write every model (COO, binary BQM), our embeddings and the embedded
    /// problems to DIR, with models.jsonl, for bench/dwave/embed.py.
    #[arg(long, value_name = "DIR")]
    pub export: Option<PathBuf>,
    /// With --export: overwrite the files of an earlier export in DIR.
    #[arg(long, requires = "export")]
    pub force: bool,
    #[arg(long)]
    pub json: bool,
}

/// A model of a set.
struct Model {
    set: &'static str,
    name: String,
    qubo: Qubo,
}

/// One embedding's outcome.
struct Outcome {
    embedded: bool,
    qubits: usize,
    max_chain: usize,
    mean_chain: f64,
    cpu: f64,
}

pub fn bench_embed(b: &EmbedBench) -> Result<(), String> {
    let method = EmbedMethod::parse(&b.method).map_err(|e| format!("--method: {e}"))?;
    if !(1..=1000).contains(&b.tries) {
        return Err(format!("--tries must be 1 to 1000, not {}", b.tries));
    }
    let limit = crate::study::sampling::time_limit(Some(b.time_limit))?.expect("a limit");
    if b.fleets > MAX_MODELS || b.random > MAX_MODELS {
        return Err(format!("at most {MAX_MODELS} fleets and random graphs"));
    }
    let sets = chosen_sets(b)?;
    // Model i of a set is drawn and embedded with seed + i: each set's run of
    // seeds is checked under the option that sized it.
    for (set, count, option) in [("xray", b.fleets, "--fleets"), ("random", b.random, "--random")] {
        if sets.contains(&set) {
            crate::study::seeds::check_run(b.seed, count, &format!("{option} {count}"))?;
        }
    }
    let models = models(b, &sets)?;
    if models.is_empty() {
        return Err("no model to embed: --fleets, --random and --puzzles give none".into());
    }
    let puzzles = models.iter().filter(|m| m.set == "puzzles").count();
    crate::study::seeds::check_run(
        b.seed,
        puzzles,
        &crate::textview::count(puzzles, "puzzle in --puzzles", "puzzles in --puzzles"),
    )?;
    let interrupt = super::interrupt::ctrl_c_flag();
    let targets: Vec<Topology> = b
        .targets
        .split(',')
        .map(|t| target_graph(t.trim(), &interrupt))
        .collect::<Result<_, _>>()?;
    if let Some(dir) = &b.export {
        let mut files = vec![dir.join(MODELS)];
        for m in &models {
            files.extend(export_names(m, &targets).into_iter().map(|f| dir.join(f)));
        }
        super::output::check_new_files(files.iter().map(|f| f.as_path()), b.force)
            .map_err(|e| format!("--export: {e}"))?;
        crate::session::create_folder(dir).map_err(|e| e.to_string())?;
    }
    let mut lines = String::new();
    let mut rows = Vec::new();
    for target in &targets {
        let sets: Vec<&str> = ["xray", "puzzles", "random"]
            .into_iter()
            .filter(|s| models.iter().any(|m| m.set == *s))
            .collect();
        for set in sets {
            let mut outcomes = Vec::new();
            for (i, m) in models.iter().enumerate().filter(|(_, m)| m.set == set) {
                interrupt.check().map_err(|e| e.to_string())?;
                let options = EmbedOptions {
                    seed: b.seed.wrapping_add(outcomes.len() as u64),
                    tries: b.tries,
                    method,
                    ..Default::default()
                };
                let edges: Vec<(usize, usize)> = m.qubo.couplers().map(|(a, b, _)| (a, b)).collect();
                let cancel = interrupt.with_time_limit(limit);
                let t0 = process_cpu_seconds();
                let found = find_embedding(m.qubo.len(), &edges, target, &options, &cancel, &|_| {});
                let cpu = process_cpu_seconds() - t0;
                let outcome = match &found {
                    Ok(e) => Outcome {
                        embedded: true,
                        qubits: e.qubits,
                        max_chain: e.max_chain,
                        mean_chain: e.mean_chain(),
                        cpu,
                    },
                    Err(EmbedError::Cancelled(_)) => return Err(crate::run::Cancelled.to_string()),
                    Err(_) => Outcome {
                        embedded: false,
                        qubits: 0,
                        max_chain: 0,
                        mean_chain: 0.0,
                        cpu,
                    },
                };
                if let Some(dir) = &b.export {
                    lines += &export_one(dir, i, m, target, found.ok().map(|e| e.chains), &outcome)?;
                }
                outcomes.push(outcome);
            }
            rows.push(summary(target, set, &outcomes));
        }
    }
    if let Some(dir) = &b.export {
        session::write_text(&dir.join(MODELS), &lines).map_err(|e| e.to_string())?;
    }
    print(&rows, b);
    Ok(())
}

/// The sets `--sets` names.
fn chosen_sets(b: &EmbedBench) -> Result<Vec<&str>, String> {
    let sets: Vec<&str> = b.sets.split(',').map(str::trim).collect();
    if let Some(bad) = sets.iter().find(|s| !["xray", "puzzles", "random"].contains(s)) {
        return Err(format!("--sets names xray, puzzles and random, not '{bad}'"));
    }
    if b.puzzles.is_some() && !sets.contains(&"puzzles") {
        return Err("--puzzles names the folder of the puzzles set, which --sets leaves out".into());
    }
    Ok(sets)
}

/// The models of the sets asked for.
fn models(b: &EmbedBench, sets: &[&str]) -> Result<Vec<Model>, String> {
    let folder = b.puzzles.as_deref().unwrap_or("puzzles");
    let mut out = Vec::new();
    if sets.contains(&"xray") {
        for (i, p) in crate::solve::random_fleet_problems_with(
            b.fleets,
            b.seed,
            DEFAULT_EPSILON,
            &super::interrupt::ctrl_c_flag(),
        )
        .map_err(|e| e.to_string())?
        .into_iter()
        .enumerate()
        {
            out.push(Model {
                set: "xray",
                name: format!("fleet-{i:05}"),
                qubo: p.model.qubo,
            });
        }
    }
    if sets.contains(&"puzzles") && !folder.is_empty() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
            .map_err(|e| format!("--puzzles {}: {e}", crate::quote::path(folder)))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        files.sort();
        for f in files {
            let name = f.to_string_lossy().into_owned();
            let puzzle = super::puzzle::load(&name)?;
            let problem = crate::solve::PuzzleProblem::new(&name, puzzle, crate::study::model::puzzle_options(false))?;
            let stem = f
                .file_stem()
                .map_or(String::new(), |s| s.to_string_lossy().into_owned());
            out.push(Model {
                set: "puzzles",
                name: stem,
                qubo: problem.model.qubo().clone(),
            });
        }
    }
    if sets.contains(&"random") {
        for i in 0..b.random {
            out.push(Model {
                set: "random",
                name: format!("random-{i:03}"),
                qubo: random_graph(64, 192, b.seed.wrapping_add(i as u64))?,
            });
        }
    }
    Ok(out)
}

/// A random graph G(n, m) with ±1 couplers (a sparse model of average degree 2m/n).
fn random_graph(n: usize, m: usize, seed: u64) -> Result<Qubo, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = std::collections::HashSet::new();
    let mut b = QuboBuilder::new(n);
    while seen.len() < m {
        let (a, c) = (rng.random_range(0..n), rng.random_range(0..n));
        if a != c && seen.insert((a.min(c), a.max(c))) {
            b.add_coupler(a, c, if rng.random_bool(0.5) { 1.0 } else { -1.0 });
        }
    }
    b.build()
}

/// The list of models an export writes beside their files.
const MODELS: &str = "models.jsonl";

/// The short name of a target in file names ("pegasus").
fn tag(target: &Topology) -> String {
    target
        .family
        .name()
        .split_whitespace()
        .nth(1)
        .unwrap_or("g")
        .to_ascii_lowercase()
}

/// Every file an export may write for a model: COO and BQM, and per target
/// the embedding and the embedded problem.
fn export_names(m: &Model, targets: &[Topology]) -> Vec<String> {
    let mut names = vec![format!("{}.coo", m.name), format!("{}.bqm", m.name)];
    for t in targets {
        names.push(format!("{}.{}.emb.json", m.name, tag(t)));
        names.push(format!("{}.{}.embedded.bqm", m.name, tag(t)));
    }
    names
}

/// Writes a model, its embedding and its embedded problem; the line for models.jsonl.
fn export_one(
    dir: &Path,
    i: usize,
    m: &Model,
    target: &Topology,
    chains: Option<Vec<Vec<u32>>>,
    o: &Outcome,
) -> Result<String, String> {
    let coo = format!("{}.coo", m.name);
    let bqm = format!("{}.bqm", m.name);
    session::write_text(&dir.join(&coo), &ModelFormat::Coo.write(&m.qubo)).map_err(|e| e.to_string())?;
    session::write_bytes(&dir.join(&bqm), &write_bqm(&m.qubo)).map_err(|e| e.to_string())?;
    let tag = tag(target);
    let (mut emb_file, mut embedded_file) = (None, None);
    if let Some(chains) = &chains {
        let e = format!("{}.{tag}.emb.json", m.name);
        session::write_text(&dir.join(&e), &embedding_to_json(chains)).map_err(|e| e.to_string())?;
        let strength =
            crate::hardware::uniform_torque_compensation(&m.qubo.to_ising(), crate::hardware::DEFAULT_PREFACTOR);
        let p = embed_problem(&m.qubo, chains, target, strength)?;
        let f = format!("{}.{tag}.embedded.bqm", m.name);
        session::write_bytes(&dir.join(&f), &write_bqm_labelled(&p.qubo, &p.labels)).map_err(|e| e.to_string())?;
        emb_file = Some(e);
        embedded_file = Some((f, strength));
    }
    Ok(json!({
        "index": i, "set": m.set, "name": m.name, "coo": coo, "bqm": bqm,
        "variables": m.qubo.len(), "interactions": m.qubo.coupler_count(), "offset": m.qubo.offset(),
        "target": target.family.name(), "target_spec": target.family.spec(),
        "embedding": emb_file, "embedded_bqm": embedded_file.as_ref().map(|f| &f.0),
        "chain_strength": embedded_file.as_ref().map(|f| f.1),
        "embedded": o.embedded, "qubits": o.qubits, "max_chain": o.max_chain, "mean_chain": o.mean_chain, "cpu_s": o.cpu,
    })
    .to_string()
        + "\n")
}

struct Row {
    target: String,
    set: &'static str,
    models: usize,
    embedded: usize,
    qubits: f64,
    max_chain: f64,
    mean_chain: f64,
    cpu: f64,
    worst_cpu: f64,
}

fn summary(target: &Topology, set: &'static str, outcomes: &[Outcome]) -> Row {
    let ok: Vec<&Outcome> = outcomes.iter().filter(|o| o.embedded).collect();
    let med = |f: &dyn Fn(&Outcome) -> f64| median(ok.iter().map(|o| f(o)).collect());
    Row {
        target: target.family.name(),
        set,
        models: outcomes.len(),
        embedded: ok.len(),
        qubits: med(&|o| o.qubits as f64),
        max_chain: med(&|o| o.max_chain as f64),
        mean_chain: med(&|o| o.mean_chain),
        cpu: median(outcomes.iter().map(|o| o.cpu).collect()),
        worst_cpu: outcomes.iter().map(|o| o.cpu).fold(0.0, f64::max),
    }
}

fn print(rows: &[Row], b: &EmbedBench) {
    if b.json {
        let list: Vec<serde_json::Value> = rows
            .iter()
            .map(|r| {
                json!({"target": r.target, "set": r.set, "models": r.models, "embedded": r.embedded,
                       "median_qubits": r.qubits, "median_max_chain": r.max_chain,
                       "median_mean_chain": r.mean_chain, "median_cpu_s": r.cpu, "worst_cpu_s": r.worst_cpu})
            })
            .collect();
        println!(
            "{}",
            json!({"method": b.method, "tries": b.tries, "seed": b.seed, "rows": list})
        );
        return;
    }
    println!(
        "method {}, {}, seeds from {}, one thread; medians over the models embedded (CPU over all)",
        b.method,
        crate::textview::count(b.tries, "try", "tries"),
        b.seed
    );
    println!(
        "{:<22} {:<8} {:>9} {:>8} {:>10} {:>10} {:>10} {:>10}",
        "target", "set", "embedded", "qubits", "max chain", "mean chain", "CPU s", "worst CPU"
    );
    for r in rows {
        println!(
            "{:<22} {:<8} {:>4}/{:<4} {:>8.0} {:>10.1} {:>10.2} {:>10.3} {:>10.3}",
            r.target, r.set, r.embedded, r.models, r.qubits, r.max_chain, r.mean_chain, r.cpu, r.worst_cpu
        );
    }
}
