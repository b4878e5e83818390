//! `fleetscope bench anneal`: the tomography paper's Figure 8 (success against
//! reads for simulated annealing and against restarts for tabu search, over
//! random classic fleets), with CPU seconds, time to 99 % success, the SA
//! kernel's flip rate, the overhead of a solve call and thread scaling.

use super::cputime::{measure, median, process_cpu_seconds};
use crate::qubo::{DEFAULT_EPSILON, ModelFormat};
use crate::session;
use crate::solve::{AnnealParams, SolveRequest, Solver, TabuParams, XrayProblem, solve, success_rate};
use crate::study::list::{counts, parse_list};
use crate::study::sampling::rate_request;
use serde_json::json;
use std::path::Path;

/// Most instances one bench may ask for.
const MAX_FLEETS: usize = 100_000;

/// Runs of one sampler setting over every instance: success rate, median
/// CPU seconds per instance, flips.
struct Point {
    label: String,
    budget: usize,
    successes: usize,
    cpu: Vec<f64>,
    flips: u64,
}

impl Point {
    fn rate(&self) -> f64 {
        self.successes as f64 / self.cpu.len().max(1) as f64
    }

    /// Time to 99 % success: repeat a run until one succeeds with probability 0.99.
    fn tts99(&self) -> Option<f64> {
        let (p, t) = (self.rate(), median(self.cpu.clone()));
        match p {
            p if p >= 0.99 => Some(t),
            p if p > 0.0 => Some(t * (0.01f64).ln() / (1.0 - p).ln()),
            _ => None,
        }
    }
}

fn run_point(
    problems: &[XrayProblem],
    solver: Solver,
    reads: usize,
    seed: u64,
    label: String,
    budget: usize,
) -> Result<Point, String> {
    let request = |i: usize| rate_request(solver.clone(), reads, seed.wrapping_add(i as u64), 1);
    let (mut cpu, mut flips) = (Vec::new(), 0u64);
    let mut last = process_cpu_seconds();
    let r = success_rate(
        problems,
        budget as f64,
        &request,
        &super::interrupt::ctrl_c_flag(),
        &mut |_, _, set| {
            let now = process_cpu_seconds();
            cpu.push(now - last);
            last = now;
            flips += set.flips;
        },
    )
    .map_err(|e| e.to_string())?;
    Ok(Point {
        label,
        budget,
        successes: r.successes,
        cpu,
        flips,
    })
}

pub struct AnnealBench {
    /// Only the stop-at-the-first-fleet measurement: tabu with at most this many
    /// restarts per instance.
    pub until_fleet: Option<usize>,
    pub fleets: usize,
    pub seed: u64,
    pub reads: String,
    pub restarts: String,
    pub sweeps: usize,
    pub export: Option<std::path::PathBuf>,
    /// Overwrite the files of an earlier export.
    pub force: bool,
    pub json: bool,
}

pub fn bench_anneal(b: &AnnealBench) -> Result<(), String> {
    if b.fleets == 0 || b.fleets > MAX_FLEETS {
        return Err(format!("--fleets must be from 1 to {MAX_FLEETS}, not {}", b.fleets));
    }
    crate::study::seeds::check_run(b.seed, b.fleets, &format!("--fleets {}", b.fleets))?;
    if b.until_fleet == Some(0) {
        return Err("--until-fleet takes 1 restart or more, not 0".into());
    }
    // Both lists read before any work; one naming nothing would drop its row unseen.
    let reads = counts(&b.reads, "--reads")?;
    let restarts = parse_list::<usize>(&b.restarts, "--restarts", "a whole number ≥ 0")?;
    if let Some(flag) = [("--reads", reads.is_empty()), ("--restarts", restarts.is_empty())]
        .into_iter()
        .find_map(|(flag, empty)| empty.then_some(flag))
    {
        return Err(format!("{flag} names no count: leave it out for its default"));
    }
    let sa = Solver::Anneal(AnnealParams {
        sweeps: b.sweeps,
        beta: None,
    });
    let tabu = |restarts: usize| {
        Solver::Tabu(TabuParams {
            restarts,
            ..TabuParams::default()
        })
    };
    // Every value in range before any work: a point past the limits would
    // otherwise be refused only when its turn came, the rows before it lost.
    if b.until_fleet.is_none() && b.export.is_none() {
        if let Some(r) = reads.iter().find(|&&r| r > crate::solve::MAX_READS) {
            return Err(format!(
                "--reads: reads must be from 1 to {}, not {r}",
                crate::solve::MAX_READS
            ));
        }
        sa.sampler().check().map_err(|e| format!("--sweeps: {e}"))?;
        for &r in &restarts {
            tabu(r).sampler().check().map_err(|e| format!("--restarts: {e}"))?;
        }
    }
    if let Some(dir) = &b.export {
        let files: Vec<std::path::PathBuf> = (0..b.fleets)
            .map(|i| dir.join(instance_file(i)))
            .chain([dir.join(INSTANCES)])
            .collect();
        super::output::check_new_files(files.iter().map(|f| f.as_path()), b.force)
            .map_err(|e| format!("--export: {e}"))?;
    }
    let problems =
        crate::solve::random_fleet_problems_with(b.fleets, b.seed, DEFAULT_EPSILON, &super::interrupt::ctrl_c_flag())
            .map_err(|e| e.to_string())?;
    if let Some(dir) = &b.export {
        return export(&problems, dir);
    }
    if let Some(restarts) = b.until_fleet {
        return until_fleet(&problems, restarts, b.seed, b.json);
    }
    let mut points = Vec::new();
    for r in reads {
        points.push(run_point(&problems, sa.clone(), r, b.seed, "sa reads".into(), r)?);
        eprint!(".");
    }
    for r in restarts {
        points.push(run_point(&problems, tabu(r), 1, b.seed, "tabu restarts".into(), r)?);
        eprint!(".");
    }
    eprintln!();
    let kernel = kernel_rate(&problems[0], b.sweeps)?;
    let overhead = call_overhead(&problems[0])?;
    let scaling = thread_scaling(&problems[0])?;
    if b.json {
        let pts: Vec<_> = points
            .iter()
            .map(|p| {
                json!({"setting": p.label, "budget": p.budget, "success": p.rate(),
                       "median_cpu_s": median(p.cpu.clone()), "tts99_s": p.tts99(),
                       "flips_per_cpu_s": p.flips as f64 / p.cpu.iter().sum::<f64>().max(1e-12)})
            })
            .collect();
        println!(
            "{}",
            json!({"fleets": b.fleets, "seed": b.seed, "points": pts,
                   "sa_kernel_flips_per_cpu_s": kernel, "solve_call_overhead_ms": overhead * 1e3,
                   "reads_per_wall_s_1_thread": scaling.0, "reads_per_wall_s_2_threads": scaling.1})
        );
        return Ok(());
    }
    println!(
        "{} from seed {} (ε = {DEFAULT_EPSILON}), one thread; success = a returned state is a fleet",
        crate::textview::count(b.fleets, "random classic fleet", "random classic fleets"),
        b.seed
    );
    println!(
        "{:<14} {:>8} {:>9} {:>14} {:>12}",
        "setting", "budget", "success", "median cpu s", "tts99 s"
    );
    for p in &points {
        println!(
            "{:<14} {:>8} {:>8.1}% {:>14.4} {:>12}",
            p.label,
            p.budget,
            100.0 * p.rate(),
            median(p.cpu.clone()),
            p.tts99().map_or("–".into(), |t| format!("{t:.4}"))
        );
    }
    println!(
        "SA kernel ({} sweeps, default β range): {:.1} M flip attempts per CPU-second",
        b.sweeps,
        kernel / 1e6
    );
    println!(
        "overhead of one solve call (1 read, 1 sweep, 100 variables): {:.4} ms (median)",
        overhead * 1e3
    );
    println!(
        "reads per wall second: {:.0} with 1 thread, {:.0} with 2 threads ({:.2}×)",
        scaling.0,
        scaling.1,
        scaling.1 / scaling.0
    );
    Ok(())
}

/// Flip attempts per CPU-second of SA on one instance (median of 5 runs of 200 reads).
fn kernel_rate(p: &XrayProblem, sweeps: usize) -> Result<f64, String> {
    let req = SolveRequest {
        solver: Solver::Anneal(AnnealParams { sweeps, beta: None }),
        reads: 200,
        threads: 1,
        traces: 0,
        ..SolveRequest::default()
    };
    let mut rates = Vec::new();
    for _ in 0..5 {
        let (set, _, cpu) = measure(|| solve(&p.model.qubo, &req, &super::interrupt::ctrl_c_flag(), &|_| {}));
        rates.push(set.map_err(|e| e.to_string())?.flips as f64 / cpu.max(1e-9));
    }
    Ok(median(rates))
}

/// Median wall seconds of a solve call doing almost nothing.
fn call_overhead(p: &XrayProblem) -> Result<f64, String> {
    let req = SolveRequest {
        solver: Solver::Anneal(AnnealParams { sweeps: 1, beta: None }),
        reads: 1,
        threads: 1,
        traces: 0,
        ..SolveRequest::default()
    };
    let mut walls = Vec::new();
    for _ in 0..2000 {
        let (r, wall, _) = measure(|| solve(&p.model.qubo, &req, &super::interrupt::ctrl_c_flag(), &|_| {}));
        r.map_err(|e| e.to_string())?;
        walls.push(wall);
    }
    Ok(median(walls))
}

/// Reads per wall second with one and with two threads.
fn thread_scaling(p: &XrayProblem) -> Result<(f64, f64), String> {
    let rate = |threads: usize| -> Result<f64, String> {
        let req = SolveRequest {
            reads: 2048,
            threads,
            traces: 0,
            ..SolveRequest::default()
        };
        let (set, wall, _) = measure(|| solve(&p.model.qubo, &req, &super::interrupt::ctrl_c_flag(), &|_| {}));
        Ok(set.map_err(|e| e.to_string())?.reads as f64 / wall)
    };
    Ok((rate(1)?, rate(2)?))
}

/// The list of instances an export writes beside their COO files.
const INSTANCES: &str = "instances.jsonl";

/// The COO file of instance `i`.
fn instance_file(i: usize) -> String {
    format!("fleet-{i:05}.coo")
}

/// Writes each instance as COO and a line of facts for the dwave-samplers script.
fn export(problems: &[XrayProblem], dir: &Path) -> Result<(), String> {
    session::create_folder(dir).map_err(|e| e.to_string())?;
    let mut lines = String::new();
    for (i, p) in problems.iter().enumerate() {
        let name = instance_file(i);
        session::write_text(&dir.join(&name), &ModelFormat::Coo.write(&p.model.qubo)).map_err(|e| e.to_string())?;
        let original = p.original.as_ref().expect("fleets have a picture");
        lines += &json!({
            "id": i, "coo": name, "rows": original.rows(), "cols": original.cols(),
            "row_sums": p.model.spec.rows, "col_sums": p.model.spec.cols,
            "ships": [5, 4, 3, 3, 2], "offset": p.model.qubo.offset(),
            "original": original.to_text(),
        })
        .to_string();
        lines.push('\n');
    }
    session::write_text(&dir.join(INSTANCES), &lines).map_err(|e| e.to_string())?;
    println!(
        "wrote {} to {}",
        crate::textview::count(problems.len(), "instance", "instances"),
        crate::quote::path(dir)
    );
    Ok(())
}

/// One tabu read per instance that stops at the first fleet (each search's best
/// state is checked as it is found), one thread: the share of instances where a
/// fleet was found within `restarts` restarts and the CPU seconds each took.
fn until_fleet(problems: &[XrayProblem], restarts: usize, seed: u64, json: bool) -> Result<(), String> {
    if restarts > crate::solve::MAX_SWEEPS {
        return Err(format!(
            "--until-fleet takes at most {} restarts",
            crate::solve::MAX_SWEEPS
        ));
    }
    let solver = Solver::Tabu(TabuParams {
        restarts,
        ..TabuParams::default()
    });
    let (mut cpu, mut found) = (Vec::with_capacity(problems.len()), 0usize);
    let cancel = super::interrupt::ctrl_c_flag();
    for (i, p) in problems.iter().enumerate() {
        let req = rate_request(solver.clone(), 1, seed.wrapping_add(i as u64), 1);
        let goal = |x: &[u8]| p.success(x);
        let t0 = process_cpu_seconds();
        let set =
            crate::solve::solve_until(&p.model.qubo, &req, &cancel, &|_| {}, Some(&goal)).map_err(|e| e.to_string())?;
        super::interrupt::cancelled(&cancel)?;
        cpu.push(process_cpu_seconds() - t0);
        found += usize::from(set.samples.iter().any(|s| p.success(&s.state)));
    }
    let n = problems.len();
    let share = found as f64 / n as f64;
    let mut sorted = cpu.clone();
    sorted.sort_by(f64::total_cmp);
    let p90 = sorted[((n - 1) as f64 * 0.9).round() as usize];
    let med = median(cpu);
    if json {
        println!(
            "{}",
            json!({"until_fleet": true, "fleets": n, "restarts": restarts, "success": share,
                   "median_cpu_s": med, "p90_cpu_s": p90})
        );
    } else {
        println!(
            "until the first fleet (tabu, at most {restarts} restarts, one thread): a fleet in {found} of {n} \
             ({:.1} %), median {med:.4} CPU-s per instance, 90th percentile {p90:.4}",
            100.0 * share
        );
    }
    Ok(())
}
