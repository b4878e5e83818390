//! `fleetscope solve`, `fleetscope qubo export|stats`: build a QUBO from a
//! fleet, an image, given sums or a model file, sample it, judge the answers.
//! Models, requests and judging come from the study layer, as in the Solver room.

use super::sampler_flags::SamplerFlags;
use super::show::resolve_source;
use crate::qubo::{DEFAULT_EPSILON, ModelFormat, PinMode, QuboStats};
use crate::session;
use crate::solve::{Problem, SamplerKind};
use crate::study::model::{is_model_file, named_image};
use crate::study::sampling::{DEFAULT_READS, RunPlan, SamplerSettings};
use crate::study::{JudgeOptions, JudgedRun, ModelRecipe, ModelSource, judged_run, parse_pin};
use clap::Args;
use serde_json::json;
use std::path::{Path, PathBuf};

/// Where a model comes from, shared by `solve` and `qubo`.
#[derive(Args, Debug, Clone)]
pub struct ModelArgs {
    /// A preset or session (its placed fleet), an image (heart, two-convex-bodies),
    /// a model file (.coo, .qubo, .bqm) or a puzzle file (.txt: its QUBO). Omit
    /// it with --rows/--cols.
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
    #[arg(long, default_value_t = DEFAULT_EPSILON, allow_negative_numbers = true)]
    pub epsilon: f64,
    /// A known cell ROW,COL,VALUE (counted from 1; value 1 = ship, 0 = water); repeatable.
    #[arg(long = "pin", value_name = "ROW,COL,V")]
    pub pins: Vec<String>,
    /// A preset's or session's hunt shots as known cells (hits 1, misses 0).
    #[arg(long)]
    pub shots_as_pins: bool,
    /// Remove known cells from the model instead of adding penalty terms.
    #[arg(long)]
    pub eliminate: bool,
    /// Weight of a known cell's penalty term.
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
    pub pin_weight: f64,
    /// What counts as a fleet (the setup's rule unless given).
    #[command(flatten)]
    pub rule: super::rules::RuleArgs,
}

impl ModelArgs {
    /// What the arguments describe (files and sources are read here).
    pub fn recipe(&self) -> Result<ModelRecipe, String> {
        let pins = self.pins.iter().map(|p| parse_pin(p)).collect::<Result<Vec<_>, _>>()?;
        let pin_mode = if self.eliminate {
            PinMode::Eliminate
        } else {
            PinMode::Penalty {
                weight: self.pin_weight,
            }
        };
        let source = match (&self.source, &self.rows, &self.cols) {
            (None, Some(rows), Some(cols)) => ModelSource::Sums {
                rows: rows.clone(),
                cols: cols.clone(),
                ships: self.ships.clone().unwrap_or_default(),
                pins,
            },
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                return Err("give either a source or --rows and --cols, not both".into());
            }
            (None, _, _) => {
                return Err("give a source (preset, session, image or model file) or --rows and --cols".into());
            }
            (Some(src), None, None) if is_model_file(Path::new(src)) => {
                if !pins.is_empty() || self.shots_as_pins {
                    return Err("known cells apply to pictures, not to model files".into());
                }
                ModelSource::File(PathBuf::from(src))
            }
            (Some(src), None, None) if src.to_ascii_lowercase().ends_with(".txt") => {
                if !pins.is_empty() || self.shots_as_pins {
                    return Err("known cells apply to pictures, not to puzzles".into());
                }
                ModelSource::Puzzle {
                    name: src.clone(),
                    puzzle: Box::new(super::puzzle::load(src)?),
                    options: crate::study::model::puzzle_options(false),
                }
            }
            (Some(src), None, None) => match named_image(src) {
                Some(picture) => ModelSource::Picture {
                    name: format!("the image '{src}'"),
                    picture,
                    pins,
                },
                None => ModelSource::PlacedFleet {
                    setup: Box::new(resolve_source(src)?),
                    shots_as_pins: self.shots_as_pins,
                    pins,
                },
            },
        };
        if self.shots_as_pins && !matches!(source, ModelSource::PlacedFleet { .. }) {
            return Err("--shots-as-pins needs a preset or session (its hunt shots)".into());
        }
        Ok(ModelRecipe {
            source,
            epsilon: self.epsilon,
            pin_mode,
            touch: self.rule.override_rule(),
        })
    }

    /// The problem the arguments describe.
    pub fn problem(&self) -> Result<Problem, String> {
        Ok(self.recipe()?.build(&crate::session::DiskFiles)?.problem)
    }
}

/// Sampler settings, shared by `solve` and `puzzle solve` (which sampler is
/// each command's own `--solver`).
#[derive(Args, Debug, Clone)]
pub struct SamplerArgs {
    /// Reads (default 100; with --until-fleet, up to 100, each ending at its
    /// first success).
    #[arg(long)]
    pub reads: Option<usize>,
    /// Each sampler's own settings (--sweeps, --beta, --restarts, …).
    #[command(flatten)]
    pub params: super::sampler_flags::SamplerFlags,
    /// The master seed (default 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Seconds; the run stops (with what it has) after this long (default none;
    /// with --until-fleet 60).
    #[arg(long, allow_negative_numbers = true)]
    pub time_limit: Option<f64>,
    /// Stop once a read reaches this energy.
    #[arg(long, allow_negative_numbers = true)]
    pub target: Option<f64>,
    /// How many of the best distinct states to print (default 5; success is
    /// judged over all).
    #[arg(long)]
    pub keep: Option<usize>,
    /// Worker threads (default 0 = all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Stop at the first returned state that is a success: a fleet (X-ray models
    /// with ships), a solution (puzzles). Unless told otherwise the run is then
    /// tabu with up to 2000 restarts a read, up to 100 reads, within 60 s: the
    /// budget that gets there (the output says what ran).
    #[arg(long, visible_alias = "until-solved")]
    pub until_fleet: bool,
}

impl SamplerArgs {
    /// Refuses an option given on the command line that the run would not read
    /// (`None`: the exact solver, which reads only the time limit): each
    /// sampler's own settings, and every sampler option when nothing samples.
    pub fn check_used_by(&self, kind: Option<SamplerKind>) -> Result<(), String> {
        let common = [
            ("reads", self.reads.is_some()),
            ("seed", self.seed.is_some()),
            ("target", self.target.is_some()),
            ("keep", self.keep.is_some()),
            ("threads", self.threads.is_some()),
            ("until-fleet (--until-solved)", self.until_fleet),
        ];
        // Every sampler reads the common settings; a sampler's own only it.
        let given = common
            .into_iter()
            .filter(|(_, given)| *given)
            .map(|(name, _)| (name, SamplerKind::ALL.to_vec()))
            .chain(
                self.params
                    .given()
                    .map(|(name, _)| (name, SamplerFlags::declared_by(name))),
            );
        for (name, readers) in given {
            match kind {
                None => {
                    return Err(format!(
                        "--{name} is a sampler's setting: the exact solver does not read it"
                    ));
                }
                Some(k) if !readers.contains(&k) => {
                    let names: Vec<&str> = readers.iter().map(|r| r.name()).collect();
                    return Err(format!(
                        "--{name} is a setting of {}, not of {}",
                        names.join(" and "),
                        k.name()
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The sampler: the one asked for, else the default (tabu with --until-fleet).
    pub fn kind(&self, asked: Option<&str>) -> Result<SamplerKind, String> {
        match asked {
            Some(name) => name.parse(),
            None if self.until_fleet => Ok(crate::study::sampling::UNTIL_SAMPLER),
            None => Ok(SamplerKind::default()),
        }
    }

    /// The run these settings describe with this sampler: what was not given
    /// is the default, or with --until-fleet the budget that gets to a success.
    pub fn plan(&self, kind: SamplerKind) -> Result<RunPlan, String> {
        use crate::study::sampling::{UNTIL_TIME_LIMIT, until_budget};
        let until = self.until_fleet;
        let settings = SamplerKind::ALL
            .iter()
            .map(|k| {
                let mut base = k.default_solver();
                if until {
                    until_budget(&mut base);
                }
                self.params.apply(base)
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(RunPlan {
            sampler: SamplerSettings::new(kind, settings),
            reads: self.reads.unwrap_or(DEFAULT_READS),
            seed: self.seed.unwrap_or(1),
            threads: self.threads.unwrap_or(0),
            time_limit: self.time_limit.or(until.then_some(UNTIL_TIME_LIMIT)),
            target: self.target,
            traces: 0,
        })
    }

    /// Samples the problem and judges every returned state (Ctrl+C cancels).
    /// A progress bar shows on a terminal unless the output is `json`.
    pub fn run(
        &self,
        kind: SamplerKind,
        problem: &Problem,
        repair_depth: Option<usize>,
        json: bool,
    ) -> Result<(JudgedRun, String), String> {
        self.check_used_by(Some(kind))?;
        let keep = self.keep.unwrap_or(5);
        let max_keep = crate::session::SolverSettings::MAX_KEEP;
        if !(1..=max_keep).contains(&keep) {
            return Err(format!("--keep must be from 1 to {max_keep}, not {keep}"));
        }
        let plan = self.plan(kind)?;
        let req = plan.request(problem)?;
        if self.until_fleet
            && (problem.xray().is_some_and(|p| p.fleet.is_none()) || matches!(problem, Problem::Plain { .. }))
        {
            return Err("--until-fleet needs ships that count as a fleet (a preset or session, or --ships)".into());
        }
        let options = JudgeOptions {
            shown: keep,
            repair_depth,
            until_success: self.until_fleet,
        };
        let cancel = super::interrupt::ctrl_c_flag();
        let bar = super::progress::ReadsBar::new(json, req.reads);
        let run = judged_run(problem, &req, options, &cancel, &|u| bar.update(&u));
        bar.finish();
        let run = run.map_err(|e| e.to_string())?;
        super::progress::print_notes(&run.set.notes);
        Ok((run, plan.describe(problem, self.until_fleet)))
    }
}

/// Runs `solve`, cancelled by Ctrl+C.
pub fn run_solve(
    model: &ModelArgs,
    kind: SamplerKind,
    sampler: &SamplerArgs,
    repair_depth: Option<usize>,
    json: bool,
) -> Result<(), String> {
    let problem = model.problem()?;
    // Worked out before the run: after Ctrl+C only printing is left.
    let stats = problem.qubo().stats();
    let (run, plan) = sampler.run(kind, &problem, repair_depth, json)?;
    report(&problem, &stats, &run, &plan, repair_depth, json);
    after_cancel(&run)
}

/// A run Ctrl+C cancelled has printed the reads that finished; the command still
/// ends as cancelled (exit code 2).
pub fn after_cancel(run: &JudgedRun) -> Result<(), String> {
    if run.set.stop == crate::solve::Stop::Cancelled {
        Err(if run.set.reads == 0 {
            crate::run::Cancelled.to_string()
        } else {
            format!(
                "{}: the reads that had finished are reported above",
                crate::run::Cancelled
            )
        })
    } else {
        Ok(())
    }
}

/// Why the run stopped, as `--json` says it ("TimeLimit").
pub fn stop_key(set: &crate::solve::SampleSet) -> String {
    format!("{:?}", set.stop)
}

/// The run's summary line (reads, seconds, why it stopped, flip rate) and,
/// when no read finished, why none did.
pub fn print_how_it_ran(run: &JudgedRun) {
    println!("{}", run.summary());
    if run.set.samples.is_empty() {
        if run.set.stop == crate::solve::Stop::Cancelled {
            println!("no read finished before Ctrl+C");
        } else {
            println!("no read finished within the time limit: allow more time or ask for fewer sweeps");
        }
    }
}

fn report(problem: &Problem, st: &QuboStats, run: &JudgedRun, plan: &str, repair_depth: Option<usize>, json: bool) {
    let (q, set) = (problem.qubo(), &run.set);
    let rate = set.flips as f64 / set.seconds.max(1e-9);
    let fleet_known = problem.xray().is_some_and(|p| p.fleet.is_some());
    let original_known = problem.xray().is_some_and(|p| p.original.is_some());
    let rows: Vec<_> = run
        .judged
        .iter()
        .enumerate()
        .map(|(rank, j)| {
            let mut row = json!({"rank": rank + 1, "energy": j.energy, "count": j.count});
            if let Some((m, v)) = &j.picture {
                row["sums_ok"] = json!(v.sums_ok);
                row["pins_ok"] = json!(v.pins_ok);
                if fleet_known {
                    row["fleet"] = json!(v.fleet.is_some());
                }
                if original_known {
                    row["original"] = json!(v.original);
                }
                row["picture"] = json!(m.to_text());
            }
            row
        })
        .collect();
    let repaired = run.repaired.as_ref();
    if json {
        let obj = json!({
            "solver": run.sampler.name(),
            "plan": plan,
            "variables": q.len(),
            "couplers": q.coupler_count(),
            "reads": set.reads,
            "reads_left_out": set.dropped,
            "stop": stop_key(set),
            "seconds": set.seconds,
            "flips_per_second": rate,
            "distinct": set.distinct,
            "success": run.success,
            "successes": run.successes,
            "states_judged": run.states_judged,
            "states_returned": run.states_returned,
            "rule": problem.xray().filter(|p| p.fleet.is_some()).map(|p| p.rule.keyword()),
            "right_sums": run.right_sums,
            "repair": repaired.map(|r| json!({"from_rank": r.from_rank, "interchanges": r.interchanges, "picture": r.fleet.to_text()})),
            "repair_searches": run.repair_searches,
            "repair_stopped": run.repair_stopped,
            "samples": rows,
        });
        println!("{obj}");
        return;
    }
    println!(
        "{}, {} (density {:.3}), coefficients {} … {} (range {:.3e})",
        crate::textview::count(st.variables, "variable", "variables"),
        crate::textview::count(st.couplers, "coupler", "couplers"),
        st.density,
        st.min_coefficient,
        st.max_coefficient,
        st.dynamic_range
    );
    if let Some(e) = problem.xray().and_then(crate::solve::XrayProblem::original_energy) {
        println!("the original picture has energy {e:.6}");
    }
    println!("run: {plan}");
    print_how_it_ran(run);
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
    if let Some(success) = run.success {
        let rule = problem
            .xray()
            .filter(|p| p.fleet.is_some())
            .map_or(String::new(), |p| format!(", {}", p.rule.describe()));
        println!(
            "success ({}{rule} among {}): {} ({} of them; {} with the right sums)",
            run.goal.describe(),
            run.judged_among(),
            if success { "yes" } else { "no" },
            run.successes,
            run.right_sums
        );
    }
    if let (Some(p), Some(best)) = (problem.xray(), set.samples.first()) {
        println!("lowest-energy state:\n{}", p.model.decode(&best.state).to_text());
    }
    match (repair_depth, repaired) {
        (Some(_), Some(r)) => println!(
            "repair: state #{} is {} from this fleet:\n{}",
            r.from_rank,
            crate::textview::count(r.interchanges, "interchange", "interchanges"),
            r.fleet.to_text()
        ),
        (Some(_), None) if run.repair_searches == 0 => {
            println!("repair: none tried (no shown state has the right sums and is not a fleet)")
        }
        (Some(d), None) if run.repair_stopped => println!(
            "repair: none found; a search stopped at its limit of {} matrices before it had looked {} away \
             ({} from the shown states with the right sums)",
            crate::textview::thousands(crate::solve::REPAIR_MAX as u128),
            crate::textview::count(d, "interchange", "interchanges"),
            crate::textview::count(run.repair_searches, "search", "searches")
        ),
        (Some(d), None) => println!(
            "repair: no fleet within {} of the {} with the right sums",
            crate::textview::count(d, "interchange", "interchanges"),
            crate::textview::count(run.repair_searches, "shown state", "shown states")
        ),
        _ => {}
    }
}

/// `qubo export`: the model as COO or qbsolv text.
pub fn export(model: &ModelArgs, format: &str, out: &Path, force: bool) -> Result<(), String> {
    let problem = export_checked(model, out, force)?;
    if format.eq_ignore_ascii_case("bqm") {
        let q = problem.qubo();
        session::write_bytes(out, &crate::qubo::write_bqm(q)).map_err(|e| e.to_string())?;
        println!(
            "wrote {} ({} variables, {} couplers, dimod's binary BQM)",
            crate::quote::path(out),
            q.len(),
            q.coupler_count()
        );
        return Ok(());
    }
    let format = ModelFormat::parse(format).map_err(|e| format!("{e}, or bqm (dimod's binary)"))?;
    session::write_text(out, &format.write(problem.qubo())).map_err(|e| e.to_string())?;
    println!(
        "wrote {} ({} variables, {} couplers, {} format)",
        crate::quote::path(out),
        problem.qubo().len(),
        problem.qubo().coupler_count(),
        format.name()
    );
    Ok(())
}

/// The model to export, once `out` is known not to be its source nor a
/// file already there (unless `force`).
pub fn export_checked(model: &ModelArgs, out: &Path, force: bool) -> Result<crate::solve::Problem, String> {
    let problem = model.problem()?;
    if let Some(src) = &model.source {
        session::check_not_input(out, &[Path::new(src)]).map_err(|e| e.to_string())?;
    }
    super::output::check_new_file(out, force)?;
    Ok(problem)
}

/// `qubo stats`: what an annealer user checks.
pub fn stats(model: &ModelArgs, json: bool) -> Result<(), String> {
    let problem = model.problem()?;
    let st = problem.qubo().stats();
    // D-Wave's default chain strength, on the Ising form as its composites compute it.
    let ising = problem.qubo().to_ising();
    let chain = crate::hardware::uniform_torque_compensation(&ising, crate::hardware::DEFAULT_PREFACTOR);
    let fit = crate::hardware::precision_report(&ising, crate::hardware::ADVANTAGE, crate::hardware::DEFAULT_PRECISION);
    if json {
        println!(
            "{}",
            json!({
                "variables": st.variables, "couplers": st.couplers, "density": st.density,
                "min_coefficient": st.min_coefficient, "max_coefficient": st.max_coefficient,
                "min_abs": st.min_abs, "max_abs": st.max_abs, "dynamic_range": st.dynamic_range,
                "offset": st.offset, "default_chain_strength": chain,
                "advantage_scaling": {"divide_by": fit.divide_by, "smallest_h_share": fit.smallest_h,
                    "smallest_j_share": fit.smallest_j, "terms_below_1pct": fit.below, "terms": fit.terms},
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
        println!("chain strength {chain:.6}  (D-Wave's default: 1.414 × RMS(J) × √(mean degree), Ising form)");
        println!(
            "on Advantage   scaled into h ±4, J ±1 (divided by {:.4}): {}",
            fit.divide_by,
            fit.verdict()
        );
    }
    Ok(())
}
