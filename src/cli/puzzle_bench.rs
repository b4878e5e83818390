//! `fleetscope bench puzzles`: every family's data set through the exact
//! solvers and the pure QUBO samplers (success, median CPU seconds, share of
//! unique puzzles), and the N-queens time to 99 % success of SA and tabu.

use super::cputime::{median, process_cpu_seconds};
use super::puzzle::Method;
use crate::puzzle::data::{DATA_SETS, DataRecord, read_record};
use crate::puzzle::families::queens::Queens;
use crate::puzzle::{ExactRequest, Puzzle, PuzzleError, QuboOptions};
use crate::run::CancelFlag;
use crate::solve::{AnnealParams, Problem, PuzzleProblem, SamplerKind, SolveRequest, Solver, TabuParams, solve};
use crate::study::list::parse_list;
use crate::study::sampling::{SamplerSettings, rate_request};
use crate::study::{JudgeOptions, judged_run};
use clap::Args;
use serde_json::json;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Puzzles of at most this many cells make the QUBO target (≥ 99 % valid).
const SMALL_CELLS: usize = 100;
/// Exact counts stop here: enough to tell unique from not.
const COUNT_LIMIT: u64 = 1000;

/// `bench puzzles` options: one mode at most (--generate, --grade, --repair;
/// solving when none), and no option of another mode.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("mode").args(["generate", "grade", "repair"]).multiple(false)))]
pub struct PuzzleBench {
    /// A folder holding the data sets (or one data-set file); `puzzle families` lists them.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Solvers to run on the data sets, from exact, sa and tabu (default all three).
    #[arg(long)]
    pub solvers: Option<String>,
    /// At most this many puzzles per data set.
    #[arg(long)]
    pub limit: Option<usize>,
    /// CPU seconds a sampler may spend on one puzzle before it counts as failed (default 2).
    #[arg(long, allow_negative_numbers = true)]
    pub budget: Option<f64>,
    /// Seconds the exact solver may spend on one puzzle before it counts as failed (default 60).
    #[arg(long, allow_negative_numbers = true)]
    pub exact_limit: Option<f64>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Tabu tenure for the data sets: 5 suits the puzzle QUBOs (measured; the
    /// solver's own default, min(20, variables / 4), suits the X-ray model); 0: that default.
    #[arg(long)]
    pub tenure: Option<usize>,
    /// Battleship: a penalty for diagonal ship neighbours on top of the X-ray QUBO.
    #[arg(long, allow_negative_numbers = true, conflicts_with = "mode")]
    pub diagonal_penalty: Option<f64>,
    /// Battleship: sample the placement QUBO (every rule a term) instead of the X-ray QUBO.
    #[arg(long, conflicts_with = "mode")]
    pub placements: bool,
    /// Also measure SA and tabu on the plain 8- and 16-queens QUBO (time to 99 %).
    #[arg(long)]
    pub queens: bool,
    /// Grade every puzzle with the deduction ladder instead of solving it: the
    /// grade histogram, the share solved without search, CPU seconds.
    #[arg(long)]
    pub grade: bool,
    /// Run every family's generator at the target sizes and grades instead:
    /// CPU seconds per accepted puzzle, drafts, seeds that found one (no data set).
    #[arg(long, conflicts_with_all = ["data", "queens"])]
    pub generate: bool,
    /// Run every puzzle of the data sets that is not unique through the
    /// repair search instead: the share one edit makes unique, CPU seconds.
    #[arg(long)]
    pub repair: bool,
    /// --generate: seeds per case (default 5).
    #[arg(long)]
    pub runs: Option<usize>,
    /// --generate: drafts one puzzle may take (default 20,000).
    #[arg(long)]
    pub tries: Option<usize>,
    /// --generate: only the cases whose name contains this (e.g. "tango").
    #[arg(long)]
    pub only: Option<String>,
    #[arg(long)]
    pub json: bool,
}

/// The sampler a bench runs on a puzzle QUBO of `variables`: SA with `sweeps`,
/// or tabu with `restarts` and the puzzle tenure policy (`--tenure`, 5 unless set).
fn bench_solver(which: Method, sweeps: usize, restarts: usize, tenure: Option<usize>, variables: usize) -> Solver {
    let kind = match which {
        Method::Sample(kind) => kind,
        Method::Exact => unreachable!("the exact solver samples nothing"),
    };
    let anneal = Solver::Anneal(AnnealParams { sweeps, beta: None });
    let tabu = Solver::Tabu(TabuParams {
        restarts,
        tenure,
        evaluations: None,
    });
    let settings = SamplerSettings::new(kind, vec![anneal, tabu]);
    settings.solver_for(Some(variables))
}

/// One puzzle's outcome with one solver.
struct Outcome {
    cells: usize,
    size: (usize, usize),
    ok: bool,
    cpu: f64,
    unique: Option<bool>,
}

/// The sampler's CPU seconds per puzzle unless `--budget` says otherwise.
const DEFAULT_BUDGET: f64 = 2.0;
/// The exact solver's seconds per puzzle unless `--exact-limit` says otherwise.
const DEFAULT_EXACT_LIMIT: f64 = 60.0;

impl PuzzleBench {
    fn budget(&self) -> f64 {
        self.budget.unwrap_or(DEFAULT_BUDGET)
    }

    fn exact_limit(&self) -> f64 {
        self.exact_limit.unwrap_or(DEFAULT_EXACT_LIMIT)
    }

    /// The mode chosen, as its flag says it ("solving" when none).
    fn mode(&self) -> &'static str {
        match (self.generate, self.grade, self.repair) {
            (true, ..) => "--generate",
            (_, true, _) => "--grade",
            (.., true) => "--repair",
            _ => "solving",
        }
    }

    /// Refuses an option the run would not read: of another mode, of a
    /// solver not in `--solvers`, or of the data sets when none is given.
    fn check_unread(&self, solvers: &[Method]) -> Result<(), String> {
        let solving = self.mode() == "solving";
        let data = self.data.is_some();
        let sampler = solvers.iter().any(|m| matches!(m, Method::Sample(_)));
        let tabu = solvers.contains(&Method::Sample(SamplerKind::Tabu));
        let why = |flag: &str, reader: &str| -> String {
            let context = match self.mode() {
                "solving" if !data => " (no --data given)".to_string(),
                "solving" => format!(
                    " (this run: --solvers {})",
                    solvers.iter().map(|m| m.name()).collect::<Vec<_>>().join(",")
                ),
                mode => format!(" (this run is {mode})"),
            };
            format!("{flag} would be ignored: it is read only by {reader}{context}")
        };
        let options = [
            ("--solvers", self.solvers.is_some(), solving, "the data sets' solving"),
            (
                "--limit",
                self.limit.is_some(),
                !self.generate && data,
                "the data sets (--data)",
            ),
            (
                "--budget",
                self.budget.is_some(),
                solving && data && sampler,
                "sa or tabu on the data sets",
            ),
            (
                "--exact-limit",
                self.exact_limit.is_some(),
                solving && data && solvers.contains(&Method::Exact),
                "the exact solver on the data sets",
            ),
            (
                "--tenure",
                self.tenure.is_some(),
                (solving && data && tabu) || (!self.generate && self.queens),
                "tabu on the data sets or --queens",
            ),
            (
                "--placements",
                self.placements,
                solving && data && sampler,
                "sa or tabu on the data sets",
            ),
            (
                "--diagonal-penalty",
                self.diagonal_penalty.is_some(),
                solving && data && sampler,
                "sa or tabu on the data sets",
            ),
        ];
        match options.into_iter().find(|(_, given, read, _)| *given && !read) {
            Some((flag, _, _, reader)) => Err(why(flag, reader)),
            None => Ok(()),
        }
    }
}

pub fn bench_puzzles(b: &PuzzleBench) -> Result<(), String> {
    if let Some(budget) = b.budget
        && !(budget > 0.0 && budget <= 600.0)
    {
        return Err(format!(
            "--budget must be in (0, 600] CPU seconds, not {}",
            crate::quote::number(budget)
        ));
    }
    if b.limit == Some(0) {
        return Err("--limit must be at least 1 puzzle per data set".into());
    }
    if let Some(limit) = b.exact_limit
        && !(limit > 0.0 && limit <= 86_400.0)
    {
        return Err(format!(
            "--exact-limit must be in (0, 86400] seconds, not {}",
            crate::quote::number(limit)
        ));
    }
    // Options every record would refuse are refused once, before any work.
    if let Some(w) = b.diagonal_penalty
        && !(w > 0.0 && w <= 1e6)
    {
        return Err(format!(
            "--diagonal-penalty must be in (0, 1e6], not {}",
            crate::quote::number(w)
        ));
    }
    if let Some(t) = b.tenure {
        crate::solve::Sampler::check(&TabuParams {
            restarts: 1,
            tenure: Some(t),
            evaluations: None,
        })
        .map_err(|e| format!("--tenure: {e}"))?;
    }
    let solvers: Vec<Method> = parse_list(
        b.solvers.as_deref().unwrap_or("exact,sa,tabu"),
        "--solvers",
        "exact, sa or tabu",
    )?;
    if solvers.is_empty() {
        return Err("--solvers names no solver: give exact, sa and/or tabu".into());
    }
    if let Some(twice) = solvers
        .iter()
        .enumerate()
        .find_map(|(i, m)| solvers[..i].contains(m).then_some(m))
    {
        return Err(format!("--solvers names {} twice", twice.name()));
    }
    b.check_unread(&solvers)?;
    if b.generate {
        let cancel = super::interrupt::ctrl_c_flag();
        let (runs, tries) = (b.runs.unwrap_or(5), b.tries.unwrap_or(20_000));
        return super::generate_bench::bench_generate(runs, tries, b.only.as_deref(), b.json, &cancel);
    }
    // (Checked here, not by clap: clap lets a requirement go when an option
    // that conflicts with it, such as --queens, is given.)
    if let Some(flag) = [
        ("--runs", b.runs.is_some()),
        ("--tries", b.tries.is_some()),
        ("--only", b.only.is_some()),
    ]
    .into_iter()
    .find_map(|(flag, given)| given.then_some(flag))
    {
        return Err(format!("{flag} goes with --generate"));
    }
    if b.data.is_none() && !b.queens {
        return Err("nothing to run: give --data DIR and/or --queens".into());
    }
    let cancel = super::interrupt::ctrl_c_flag();
    let mut report = Vec::new();
    let mut graded = 0;
    // CPU seconds the ladder spent over every set graded.
    let mut grade_cpu = 0.0;
    if b.queens
        && let Some(t) = b.tenure.filter(|&t| t >= QUEENS_VARIABLES)
    {
        return Err(format!(
            "--tenure {t}: tabu's tenure must be below the variables, and --queens has {QUEENS_VARIABLES} (8-queens)"
        ));
    }
    let mut sets = Vec::new();
    if let Some(dir) = &b.data {
        for (path, name, family) in data_files(dir)? {
            // A set that cannot be read (not UTF-8, too large) is skipped with the
            // reason; the other sets still run.
            match read_set(&path, name, b.limit.unwrap_or(usize::MAX)) {
                Ok(records) => sets.push((path, family, records)),
                Err(e) => eprintln!("{family}: skipped: {e}"),
            }
        }
    }
    if let Some(t) = b.tenure.filter(|&t| t > 0)
        && !b.grade
        && !b.repair
        && solvers.contains(&Method::Sample(SamplerKind::Tabu))
    {
        check_tenure(t, &sets, b)?;
    }
    for (path, family, records) in sets {
        eprintln!(
            "{family}: {} from {}",
            crate::textview::count(records.len(), "puzzle", "puzzles"),
            crate::quote::path(&path)
        );
        if b.repair {
            super::repair_bench::repair_set(family, &records, b.json, &cancel)?;
            graded += 1;
            continue;
        }
        if b.grade {
            let g = super::grade_bench::grade_set(family, &records, &cancel, &mut |_, _| {})?;
            super::grade_bench::print(&g, b.json);
            graded += 1;
            grade_cpu += g.total_cpu;
            continue;
        }
        for &which in &solvers {
            let outcomes = run_set(&records, &path, which, b, &cancel)?;
            let summary = summarise(family, which, &outcomes);
            print_summary(&summary, b.json);
            report.push(summary);
        }
    }
    if b.queens {
        for (n, reads) in [(8usize, 2000usize), (16, 400)] {
            for which in SamplerKind::ALL.iter().copied().map(Method::Sample) {
                let best = queens_tts(n, reads, which, b.seed, b.tenure, &cancel)?;
                if b.json {
                    println!(
                        "{}",
                        json!({"nqueens": n, "solver": which.name(), "setting": best.0, "success": best.1, "cpu_per_read_s": best.2, "tts99_s": best.3})
                    );
                } else {
                    println!(
                        "N-queens {n:>2} {:<5} best {:<14} success {:>5.1} %  {:.4} ms/read  TTS99 {}",
                        which.name(),
                        best.0,
                        best.1 * 100.0,
                        best.2 * 1e3,
                        best.3.map_or("–".into(), |t| format!("{:.3} ms", t * 1e3))
                    );
                }
            }
        }
    }
    if graded > 1 && !b.json && b.grade {
        println!("graded {graded} sets in {grade_cpu:.2} CPU-s (the ladder alone, without reading the files)");
    }
    if report.is_empty() && graded == 0 && !b.queens {
        return Err("no puzzle of the data sets could be read (every record was skipped, see above)".into());
    }
    Ok(())
}

/// Variables of the smallest QUBO `--queens` samples (the 8-queens).
const QUEENS_VARIABLES: usize = 64;

/// Refuses, before any work, a tabu tenure some puzzle's QUBO is too small
/// for (tabu would refuse that puzzle at its turn, counted as failed).
fn check_tenure(
    tenure: usize,
    sets: &[(PathBuf, &'static str, Vec<(usize, DataRecord)>)],
    b: &PuzzleBench,
) -> Result<(), String> {
    let options = QuboOptions {
        diagonal_penalty: b.diagonal_penalty,
        placements: b.placements,
        ..QuboOptions::default()
    };
    for (path, _, records) in sets {
        for (line, rec) in records {
            let Ok(problem) = PuzzleProblem::new(&rec.id, rec.puzzle.clone(), options) else {
                continue;
            };
            let variables = problem.model.qubo().len();
            if tenure >= variables {
                return Err(format!(
                    "--tenure {tenure}: tabu's tenure must be below the variables, and {}:{line} ({}) has {}",
                    crate::quote::path(path),
                    rec.id,
                    crate::textview::count(variables, "variable", "variables")
                ));
            }
        }
    }
    Ok(())
}

/// The data-set files present in `dir` (or `dir` itself when it is one).
pub(super) fn data_files(dir: &Path) -> Result<Vec<(PathBuf, &'static str, &'static str)>, String> {
    let mut out = Vec::new();
    for &(name, family) in DATA_SETS {
        let path = if dir.is_dir() {
            dir.join(name)
        } else if dir.file_name().and_then(|n| n.to_str()) == Some(name) {
            dir.to_path_buf()
        } else {
            continue;
        };
        if path.is_file() {
            out.push((path, name, family));
        } else if std::fs::symlink_metadata(&path).is_ok() {
            // Named like a data set but not a readable file (a folder, a pipe, a
            // link that leads nowhere): said, not skipped in silence.
            eprintln!("{}: skipped: not a regular file", crate::quote::path(&path));
        }
    }
    if out.is_empty() {
        let names: Vec<&str> = DATA_SETS.iter().map(|(n, _)| *n).collect();
        return Err(format!(
            "{}: none of the data sets ({}) is there",
            crate::quote::path(dir),
            names.join(", ")
        ));
    }
    Ok(out)
}

/// The records of a set with their line numbers; a line that is not a valid
/// record is skipped, named with its file and line.
pub(super) fn read_set(path: &Path, name: &str, limit: usize) -> Result<Vec<(usize, DataRecord)>, String> {
    let text = crate::session::read_text(path).map_err(|e| e.to_string())?;
    let mut records = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        if records.len() >= limit {
            break;
        }
        match read_record(name, line) {
            Ok(r) => records.push((i + 1, r)),
            Err(e) => eprintln!("  {}:{}: skipped: {e}", crate::quote::path(path), i + 1),
        }
    }
    Ok(records)
}

/// Every record of a set with one solver. A record the solver cannot take
/// (a model over a limit) counts as failed, named with its file and line;
/// only Ctrl+C stops the run.
fn run_set(
    records: &[(usize, DataRecord)],
    path: &Path,
    which: Method,
    b: &PuzzleBench,
    cancel: &CancelFlag,
) -> Result<Vec<Outcome>, String> {
    let mut out = Vec::with_capacity(records.len());
    let bar = super::progress::bar(b.json, &format!("puzzles ({}, Ctrl+C stops)", which.name()));
    bar.set_length(records.len() as u64);
    for (i, (line, rec)) in records.iter().enumerate() {
        bar.set_position(i as u64);
        if cancel.is_cancelled() {
            return Err(crate::run::Cancelled.to_string());
        }
        let (rows, cols) = rec.puzzle.size();
        let t0 = process_cpu_seconds();
        let tried = match which {
            Method::Exact => exact_one(rec, b, cancel),
            Method::Sample(_) => sample_one(rec, which, b, i as u64, cancel).map(|ok| (ok, None)),
        };
        let (ok, unique) = match tried {
            Ok(r) => r,
            Err(e) if cancel.is_cancelled() => return Err(e),
            Err(e) => {
                bar.suspend(|| {
                    eprintln!(
                        "  {}:{line}: {}: {e} (counted as failed)",
                        crate::quote::path(path),
                        rec.id
                    )
                });
                (false, None)
            }
        };
        let cpu = process_cpu_seconds() - t0;
        if cpu > 1.0 && which == Method::Exact {
            eprintln!("  {}: {cpu:.2} CPU-s (exact)", rec.id);
        }
        if !ok && which != Method::Exact && rows * cols <= SMALL_CELLS {
            eprintln!(
                "  {}: no valid answer within {} CPU-s ({})",
                rec.id,
                b.budget(),
                which.name()
            );
        }
        out.push(Outcome {
            cells: rows * cols,
            size: (rows, cols),
            ok,
            cpu,
            unique,
        });
    }
    bar.finish_and_clear();
    Ok(out)
}

/// Solves exactly within `--exact-limit` seconds; success means a solution
/// was found and the published solution (when given) is a solution too.
/// Returns (success, unique).
fn exact_one(rec: &DataRecord, b: &PuzzleBench, cancel: &CancelFlag) -> Result<(bool, Option<bool>), String> {
    let clock = cancel.with_time_limit(Duration::from_secs_f64(b.exact_limit()));
    let r = match rec.puzzle.solve_exact(ExactRequest::new(COUNT_LIMIT, 1), &clock) {
        Ok(r) if r.timed_out => {
            eprintln!("  {}: stopped after {} s (exact)", rec.id, b.exact_limit());
            return Ok((false, None));
        }
        Ok(r) => r,
        Err(PuzzleError::Cancelled(c)) => return Err(c.to_string()),
        Err(e) => return Err(e.to_string()),
    };
    let published_ok = match &rec.solution {
        Some(sol) if r.is_unique() => r.examples.first() == Some(sol),
        Some(sol) => rec.puzzle.violations(sol)?.is_empty(),
        None => true,
    };
    if !published_ok {
        eprintln!("  {}: the published solution disagrees with ours", rec.id);
    }
    Ok((r.count > 0 && published_ok, Some(r.is_unique())))
}

/// Samples the puzzle's QUBO in batches with fresh seeds until an answer
/// breaks no rule or the CPU budget is spent. No help from the exact solver:
/// only the givens are eliminated.
fn sample_one(
    rec: &DataRecord,
    which: Method,
    b: &PuzzleBench,
    index: u64,
    cancel: &CancelFlag,
) -> Result<bool, String> {
    let options = QuboOptions {
        diagonal_penalty: b.diagonal_penalty,
        placements: b.placements,
        ..QuboOptions::default()
    };
    let problem = Problem::Puzzle(Box::new(PuzzleProblem::new(&rec.id, rec.puzzle.clone(), options)?));
    let target = problem.puzzle().and_then(PuzzleProblem::solution_energy);
    let start = process_cpu_seconds();
    let solver = bench_solver(which, 1000, 10, b.tenure, problem.qubo().len());
    for batch in 0u64.. {
        // The batch stops at the budget's end (one thread: wall ≈ CPU time).
        let left = (b.budget() - (process_cpu_seconds() - start)).max(0.001);
        let request = SolveRequest {
            target,
            time_limit: Some(Duration::from_secs_f64(left)),
            ..rate_request(solver.clone(), 8, b.seed ^ (index << 20) ^ batch, 1)
        };
        let options = JudgeOptions {
            shown: 0,
            repair_depth: None,
            until_success: false,
        };
        // Success over every state returned (a tabu read returns one per search).
        let run = judged_run(&problem, &request, options, cancel, &|_| {}).map_err(|e| e.to_string())?;
        if run.success == Some(true) {
            return Ok(true);
        }
        if process_cpu_seconds() - start > b.budget() || cancel.is_cancelled() {
            return Ok(false);
        }
    }
    Ok(false)
}

struct Summary {
    family: &'static str,
    solver: Method,
    puzzles: usize,
    rate: f64,
    median_cpu: f64,
    max_cpu: f64,
    unique_share: Option<f64>,
    small: Option<(usize, f64, f64)>,
    by_size: BTreeMap<(usize, usize), (usize, usize, Vec<f64>)>,
}

fn summarise(family: &'static str, solver: Method, outcomes: &[Outcome]) -> Summary {
    let rate = |o: &[&Outcome]| o.iter().filter(|x| x.ok).count() as f64 / o.len().max(1) as f64;
    let all: Vec<&Outcome> = outcomes.iter().collect();
    let small: Vec<&Outcome> = outcomes.iter().filter(|o| o.cells <= SMALL_CELLS).collect();
    let uniques: Vec<bool> = outcomes.iter().filter_map(|o| o.unique).collect();
    let mut by_size: BTreeMap<(usize, usize), (usize, usize, Vec<f64>)> = BTreeMap::new();
    for o in outcomes {
        let e = by_size.entry(o.size).or_default();
        e.0 += 1;
        e.1 += o.ok as usize;
        e.2.push(o.cpu);
    }
    Summary {
        family,
        solver,
        puzzles: outcomes.len(),
        rate: rate(&all),
        median_cpu: median(outcomes.iter().map(|o| o.cpu).collect()),
        max_cpu: outcomes.iter().map(|o| o.cpu).fold(0.0, f64::max),
        unique_share: (!uniques.is_empty())
            .then(|| uniques.iter().filter(|&&u| u).count() as f64 / uniques.len() as f64),
        small: (!small.is_empty()).then(|| (small.len(), rate(&small), median(small.iter().map(|o| o.cpu).collect()))),
        by_size,
    }
}

fn print_summary(s: &Summary, as_json: bool) {
    if as_json {
        let sizes: Vec<_> = s
            .by_size
            .iter()
            .map(|((r, c), (n, ok, cpu))| json!({"rows": r, "cols": c, "puzzles": n, "solved": ok, "median_cpu_s": median(cpu.clone())}))
            .collect();
        println!(
            "{}",
            json!({"family": s.family, "solver": s.solver.name(), "puzzles": s.puzzles, "success": s.rate,
                   "median_cpu_s": s.median_cpu, "max_cpu_s": s.max_cpu, "unique_share": s.unique_share,
                   "small": s.small.map(|(n, r, t)| json!({"puzzles": n, "success": r, "median_cpu_s": t})),
                   "sizes": sizes})
        );
        return;
    }
    if s.puzzles == 0 {
        println!(
            "{:<12} {:<5} {:>5} puzzles (every record was skipped)",
            s.family,
            s.solver.name(),
            0
        );
        return;
    }
    let unique = s
        .unique_share
        .map_or(String::new(), |u| format!(", unique {:.1} %", u * 100.0));
    println!(
        "{:<12} {:<5} {:>5} {}: success {:>5.1} %, median {:.4} CPU-s, max {:.3}{unique}",
        s.family,
        s.solver.name(),
        s.puzzles,
        if s.puzzles == 1 { "puzzle" } else { "puzzles" },
        s.rate * 100.0,
        s.median_cpu,
        s.max_cpu
    );
    if s.solver != Method::Exact {
        if let Some((n, rate, t)) = s.small {
            println!(
                "{:<18} ≤ {SMALL_CELLS} cells: {}, success {:.1} %, median {t:.4} CPU-s",
                "",
                crate::textview::count(n, "puzzle", "puzzles"),
                rate * 100.0
            );
        }
        for ((r, c), (n, ok, cpu)) in s.by_size.iter().filter(|((r, c), _)| r * c > SMALL_CELLS) {
            println!(
                "{:<18} {r}x{c}: {}, success {:.1} %, median {:.4} CPU-s",
                "",
                crate::textview::count(*n, "puzzle", "puzzles"),
                *ok as f64 * 100.0 / *n as f64,
                median(cpu.clone())
            );
        }
    }
}

/// The plain N-queens QUBO: for each setting of a small ladder, the share of
/// single reads that end in a solution and the CPU seconds per read; returns
/// the setting with the lowest time to 99 % success.
fn queens_tts(
    n: usize,
    reads: usize,
    which: Method,
    seed: u64,
    tenure: Option<usize>,
    cancel: &CancelFlag,
) -> Result<(String, f64, f64, Option<f64>), String> {
    let problem = PuzzleProblem::new("n-queens", Puzzle::Queens(Queens::n_queens(n)), QuboOptions::default())?;
    let ladder: &[usize] = match which {
        Method::Sample(SamplerKind::Anneal) => &[10, 20, 50, 100, 200, 500, 1000],
        _ => &[1, 2, 5, 10, 20],
    };
    let mut best: Option<(String, f64, f64, Option<f64>)> = None;
    for &k in ladder {
        let solver = bench_solver(which, k, k, tenure, problem.model.qubo().len());
        let label = match which {
            Method::Sample(SamplerKind::Anneal) => format!("{k} sweeps"),
            _ => format!("{k} restarts"),
        };
        let request = SolveRequest {
            solver,
            reads,
            seed,
            threads: 1,
            keep: 16,
            target: None,
            time_limit: None,
            traces: 0,
            cancel_keeps: false,
        };
        let t0 = process_cpu_seconds();
        let set = solve(problem.model.qubo(), &request, cancel, &|_| {}).map_err(|e| e.to_string())?;
        let per_read = (process_cpu_seconds() - t0) / set.reads.max(1) as f64;
        // On the plain N-queens QUBO energy 0 is exactly a solution (every term is a
        // penalty); a read succeeds when it ends there. The states at 0 are checked.
        let target = problem.solution_energy().unwrap_or(0.0);
        let good = set.read_energies.iter().filter(|&&e| e <= target + 1e-9).count();
        if let Some(s) = set.samples.iter().find(|s| s.energy <= target + 1e-9)
            && !problem.verdict(&s.state).violations.is_empty()
        {
            return Err(format!("{n}-queens: a state at the solution energy breaks a rule"));
        }
        let p = good as f64 / set.reads.max(1) as f64;
        let tts = match p {
            p if p >= 0.99 => Some(per_read),
            p if p > 0.0 => Some(per_read * 0.01f64.ln() / (1.0 - p).ln()),
            _ => None,
        };
        eprintln!(
            "  N={n} {} {label}: success {:.1} %, {:.4} ms/read",
            which.name(),
            p * 100.0,
            per_read * 1e3
        );
        let better = match (&best, tts) {
            (_, None) => false,
            (None, Some(_)) => true,
            (Some((_, _, _, old)), Some(t)) => old.is_none_or(|o| t < o),
        };
        if better || best.is_none() {
            best = Some((label, p, per_read, tts));
        }
    }
    Ok(best.expect("the ladder is not empty"))
}
