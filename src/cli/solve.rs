//! `fleetscope solve`, `fleetscope qubo export|stats`: build a QUBO from a
//! fleet, an image, given sums or a model file, sample it, judge the answers.

use super::show::resolve_source;
use crate::geometry::BinaryMatrix;
use crate::qubo::{DEFAULT_EPSILON, ModelFormat, PinMode, XraySpec};
use crate::session;
use crate::solve::{
    AnnealParams, Problem, REPAIR_MAX, SampleSet, SolveRequest, Solver, TabuParams, XrayProblem, placed_picture,
    repair, ships_fleet, solve,
};
use clap::Args;
use serde_json::json;
use std::path::Path;
use std::time::Duration;

/// Where a model comes from, shared by `solve` and `qubo`.
#[derive(Args, Debug, Clone)]
pub struct ModelArgs {
    /// A preset or session (its placed fleet), an image (heart, two-convex-bodies),
    /// or a model file (.coo, .qubo). Omit it with --rows/--cols.
    pub source: Option<String>,
    /// Row sums, comma separated (with --cols, instead of a source).
    #[arg(long)]
    pub rows: Option<String>,
    #[arg(long)]
    pub cols: Option<String>,
    /// Ship lengths that count as a fleet, with --rows/--cols (e.g. 5,4,3,3,2).
    #[arg(long)]
    pub ships: Option<String>,
    /// Weight of the Laplacian term.
    #[arg(long, default_value_t = DEFAULT_EPSILON)]
    pub epsilon: f64,
    /// A known cell ROW,COL,VALUE (counted from 1; value 1 = ship, 0 = water); repeatable.
    #[arg(long = "pin", value_name = "ROW,COL,V")]
    pub pins: Vec<String>,
    /// Remove known cells from the model instead of adding penalty terms.
    #[arg(long)]
    pub eliminate: bool,
    /// Weight of a known cell's penalty term.
    #[arg(long, default_value_t = 1.0)]
    pub pin_weight: f64,
}

fn numbers(s: &str, what: &str) -> Result<Vec<u32>, String> {
    s.split(',')
        .map(|t| {
            t.trim()
                .parse::<u32>()
                .map_err(|_| format!("{what}: '{t}' is not a whole number ≥ 0"))
        })
        .collect()
}

fn parse_pin(s: &str) -> Result<((usize, usize), bool), String> {
    let p: Vec<&str> = s.split(',').map(str::trim).collect();
    let bad = || format!("--pin '{s}': expected ROW,COL,VALUE with ROW and COL from 1 and VALUE 0 or 1");
    if p.len() != 3 {
        return Err(bad());
    }
    let r: usize = p[0].parse().map_err(|_| bad())?;
    let c: usize = p[1].parse().map_err(|_| bad())?;
    let v = match p[2] {
        "1" => true,
        "0" => false,
        _ => return Err(bad()),
    };
    if r == 0 || c == 0 {
        return Err(bad());
    }
    Ok(((r - 1, c - 1), v))
}

fn image(name: &str) -> Option<BinaryMatrix> {
    match name {
        "heart" => Some(crate::tomography::heart()),
        "two-convex-bodies" | "convex" => Some(crate::tomography::two_convex_bodies()),
        _ => None,
    }
}

impl ModelArgs {
    /// The problem the arguments describe.
    pub fn problem(&self) -> Result<Problem, String> {
        let pins = self.pins.iter().map(|p| parse_pin(p)).collect::<Result<Vec<_>, _>>()?;
        let pin_mode = if self.eliminate {
            PinMode::Eliminate
        } else {
            PinMode::Penalty {
                weight: self.pin_weight,
            }
        };
        let spec_of = |rows: Vec<u32>, cols: Vec<u32>| XraySpec {
            rows,
            cols,
            epsilon: self.epsilon,
            pins: pins.clone(),
            pin_mode,
        };
        match (&self.source, &self.rows, &self.cols) {
            (None, Some(r), Some(c)) => {
                let fleet = match &self.ships {
                    Some(s) => Some(ships_fleet(&numbers(s, "--ships")?)),
                    None => None,
                };
                let spec = spec_of(numbers(r, "--rows")?, numbers(c, "--cols")?);
                Ok(Problem::Xray(Box::new(XrayProblem {
                    model: crate::qubo::XrayModel::build(spec)?,
                    fleet,
                    original: None,
                })))
            }
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                Err("give either a source or --rows and --cols, not both".into())
            }
            (None, _, _) => Err("give a source (preset, session, image or model file) or --rows and --cols".into()),
            (Some(src), None, None) => {
                if let Ok(format) =
                    ModelFormat::parse(Path::new(src).extension().and_then(|e| e.to_str()).unwrap_or(""))
                {
                    let text = session::read_text(Path::new(src)).map_err(|e| e.to_string())?;
                    let qubo = format.read(&text).map_err(|e| format!("{src}: {e}"))?;
                    if !pins.is_empty() {
                        return Err("--pin applies to pictures, not to model files".into());
                    }
                    return Ok(Problem::Plain {
                        name: src.clone(),
                        qubo,
                    });
                }
                if let Some(m) = image(src) {
                    let spec = spec_of(m.row_sums(), m.col_sums());
                    return Ok(Problem::Xray(Box::new(XrayProblem::of_picture(&m, spec, None)?)));
                }
                let setup = resolve_source(src)?;
                let m = placed_picture(&setup.board, &setup.fleet, &setup.deployment)
                    .map_err(|e| format!("'{}': {e}", setup.name))?;
                let spec = spec_of(m.row_sums(), m.col_sums());
                Ok(Problem::Xray(Box::new(XrayProblem::of_picture(
                    &m,
                    spec,
                    Some(setup.fleet.clone()),
                )?)))
            }
        }
    }
}

/// Sampler options of `solve`.
#[derive(Args, Debug, Clone)]
pub struct SolverArgs {
    /// sa (simulated annealing) or tabu (tabu search with MST2 restarts).
    #[arg(long, default_value = "sa")]
    pub solver: String,
    #[arg(long, default_value_t = 100)]
    pub reads: usize,
    /// Sweeps per read (sa).
    #[arg(long, default_value_t = 1000)]
    pub sweeps: usize,
    /// Restarts per read (tabu).
    #[arg(long, default_value_t = 20)]
    pub restarts: usize,
    /// Flip evaluations per tabu search (default n·max(200, 3n) for n variables).
    #[arg(long)]
    pub evaluations: Option<u64>,
    /// Tabu tenure (default min(20, variables / 4)).
    #[arg(long)]
    pub tenure: Option<usize>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seconds; the run stops (with what it has) after this long.
    #[arg(long)]
    pub time_limit: Option<f64>,
    /// Stop once a read reaches this energy.
    #[arg(long)]
    pub target: Option<f64>,
    /// How many of the best distinct states to print.
    #[arg(long, default_value_t = 5)]
    pub keep: usize,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

impl SolverArgs {
    pub fn request(&self) -> Result<SolveRequest, String> {
        let solver = match self.solver.as_str() {
            "sa" => Solver::Anneal(AnnealParams {
                sweeps: self.sweeps,
                beta: None,
            }),
            "tabu" => Solver::Tabu(TabuParams {
                restarts: self.restarts,
                evaluations: self.evaluations,
                tenure: self.tenure,
            }),
            other => return Err(format!("unknown solver '{other}' (expected sa or tabu)")),
        };
        let time_limit = match self.time_limit {
            Some(t) if !(t > 0.0 && t <= 86_400.0) => {
                return Err(format!("--time-limit must be in (0, 86400] seconds, not {t}"));
            }
            t => t.map(Duration::from_secs_f64),
        };
        Ok(SolveRequest {
            solver,
            reads: self.reads,
            seed: self.seed,
            threads: self.threads,
            keep: self.keep.max(1),
            target: self.target,
            time_limit,
            traces: 0,
        })
    }
}

/// Runs `solve` with a progress line, cancelled by Ctrl+C.
pub fn run_solve(
    model: &ModelArgs,
    solver: &SolverArgs,
    repair_depth: Option<usize>,
    json: bool,
) -> Result<(), String> {
    let problem = model.problem()?;
    let req = solver.request()?;
    let cancel = super::interrupt::ctrl_c_flag();
    let set = solve(problem.qubo(), &req, &cancel, &|_| {}).map_err(|e| e.to_string())?;
    report(&problem, &req, &set, repair_depth, json);
    Ok(())
}

fn report(problem: &Problem, req: &SolveRequest, set: &SampleSet, repair_depth: Option<usize>, json: bool) {
    let q = problem.qubo();
    let rate = set.flips as f64 / set.seconds.max(1e-9);
    let mut rows = Vec::new();
    let mut success = false;
    let mut repaired = None;
    for (rank, s) in set.samples.iter().enumerate() {
        let mut row = json!({
            "rank": rank + 1,
            "energy": s.energy,
            "count": s.count,
        });
        if let Some(p) = problem.xray() {
            let (m, v) = p.verdict(&s.state);
            success |= v.success(p.fleet.is_some());
            row["sums_ok"] = json!(v.sums_ok);
            row["pins_ok"] = json!(v.pins_ok);
            if p.fleet.is_some() {
                row["fleet"] = json!(v.fleet.is_some());
            }
            if p.original.is_some() {
                row["original"] = json!(v.original);
            }
            row["picture"] = json!(m.to_text());
            if let (Some(depth), Some(f), true, None, None) = (repair_depth, &p.fleet, v.sums_ok, &v.fleet, &repaired)
                && let Some((_, fixed, steps)) = repair(&m, f, depth, REPAIR_MAX)
            {
                repaired = Some((rank + 1, steps, fixed));
            }
        }
        rows.push(row);
    }
    if json {
        let obj = json!({
            "solver": req.solver.name(),
            "variables": q.len(),
            "couplers": q.coupler_count(),
            "reads": set.reads,
            "stop": format!("{:?}", set.stop),
            "seconds": set.seconds,
            "flips_per_second": rate,
            "distinct": set.distinct,
            "success": success,
            "repair": repaired.as_ref().map(|(rank, steps, m)| json!({"from_rank": rank, "interchanges": steps, "picture": m.to_text()})),
            "samples": rows,
        });
        println!("{obj}");
        return;
    }
    let st = q.stats();
    println!(
        "{} variables, {} couplers (density {:.3}), coefficients {} … {} (range {:.3e})",
        st.variables, st.couplers, st.density, st.min_coefficient, st.max_coefficient, st.dynamic_range
    );
    if let Some(e) = problem.xray().and_then(XrayProblem::original_energy) {
        println!("the original picture has energy {e:.6}");
    }
    println!(
        "{}: {} reads in {:.3} s ({:?}), {:.1} M flips/s, {} distinct states",
        req.solver.name(),
        set.reads,
        set.seconds,
        set.stop,
        rate / 1e6,
        set.distinct
    );
    if set.samples.is_empty() {
        println!("no read finished within the time limit: allow more time or ask for fewer sweeps");
    }
    for row in &rows {
        let mut line = format!(
            "#{:<3} energy {:>12.6}  found {:>5}×",
            row["rank"],
            row["energy"].as_f64().unwrap_or(f64::NAN),
            row["count"]
        );
        for (key, label) in [
            ("sums_ok", "sums"),
            ("pins_ok", "pins"),
            ("fleet", "fleet"),
            ("original", "original"),
        ] {
            if let Some(b) = row.get(key).and_then(|v| v.as_bool()) {
                line += &format!("  {label} {}", if b { "yes" } else { "no" });
            }
        }
        println!("{line}");
    }
    if let Some(p) = problem.xray() {
        let label = if p.fleet.is_some() {
            "a fleet"
        } else {
            "the original picture"
        };
        println!(
            "success ({label} among the states returned): {}",
            if success { "yes" } else { "no" }
        );
        if let Some(best) = set.samples.first() {
            println!("lowest-energy state:\n{}", p.model.decode(&best.state).to_text());
        }
    }
    match (repair_depth, repaired) {
        (Some(_), Some((rank, steps, m))) => {
            println!(
                "repair: state #{rank} is {steps} interchange(s) from this fleet:\n{}",
                m.to_text()
            )
        }
        (Some(d), None) => println!("repair: no fleet within {d} interchanges of a returned state with the right sums"),
        _ => {}
    }
}

/// `qubo export`: the model as COO or qbsolv text.
pub fn export(model: &ModelArgs, format: &str, out: &Path) -> Result<(), String> {
    let problem = model.problem()?;
    let format = ModelFormat::parse(format)?;
    session::write_text(out, &format.write(problem.qubo())).map_err(|e| e.to_string())?;
    println!(
        "wrote {} ({} variables, {} couplers, {} format)",
        out.display(),
        problem.qubo().len(),
        problem.qubo().coupler_count(),
        format.name()
    );
    Ok(())
}

/// `qubo stats`: what an annealer user checks.
pub fn stats(model: &ModelArgs, json: bool) -> Result<(), String> {
    let problem = model.problem()?;
    let st = problem.qubo().stats();
    if json {
        println!(
            "{}",
            json!({
                "variables": st.variables, "couplers": st.couplers, "density": st.density,
                "min_coefficient": st.min_coefficient, "max_coefficient": st.max_coefficient,
                "min_abs": st.min_abs, "max_abs": st.max_abs, "dynamic_range": st.dynamic_range,
                "offset": st.offset,
            })
        );
    } else {
        println!("variables      {}", st.variables);
        println!("couplers       {}", st.couplers);
        println!("density        {:.4}", st.density);
        println!("coefficients   {} … {}", st.min_coefficient, st.max_coefficient);
        println!("|nonzero|      {} … {}", st.min_abs, st.max_abs);
        println!(
            "dynamic range  {:.4e}  (largest / smallest nonzero |coefficient|)",
            st.dynamic_range
        );
        println!("offset         {}", st.offset);
    }
    Ok(())
}
