//! `fleetscope puzzle families|solve|check|qubo|import`: the grid puzzles of the
//! QUBO papers from typed text files and published data sets.

use super::solve::SamplerArgs;
use crate::puzzle::data::{DATA_SETS, read_record};
use crate::puzzle::render::{answer_text, parse_answer};
use crate::puzzle::{ExactRequest, FAMILIES, Puzzle, QuboOptions};
use crate::qubo::ModelFormat;
use crate::session;
use crate::solve::SamplerKind;
use crate::study::model::puzzle_options;
use crate::study::{ModelRecipe, ModelSource};
use clap::{Args, Subcommand};
use serde_json::json;
use std::path::Path;

#[derive(Subcommand, Debug)]
pub enum PuzzleCommand {
    /// The families and how their text files start.
    Families,
    /// Solve a puzzle file exactly (counting solutions) or by sampling its QUBO.
    Solve {
        file: String,
        /// exact, sa (simulated annealing on the QUBO) or tabu (default exact;
        /// with --until-solved tabu).
        #[arg(long)]
        solver: Option<String>,
        #[command(flatten)]
        sampler: SamplerArgs,
        #[command(flatten)]
        qubo: PuzzleQuboArgs,
        /// Solutions to print (exact; default 1).
        #[arg(long)]
        show: Option<usize>,
        /// Stop counting after this many solutions (exact; default 1,000,000).
        #[arg(long)]
        limit: Option<u64>,
        #[arg(long)]
        json: bool,
    },
    /// Check an answer grid against a puzzle: lists every rule it breaks.
    /// Exit code 0 for a solution, 1 when a rule is broken.
    Check {
        file: String,
        answer: String,
        #[arg(long)]
        json: bool,
    },
    /// The logical solution, step by step, as a person would find it (the
    /// deduction ladder): each step's rule, tier, sentence and decided cells.
    Explain {
        file: String,
        #[arg(long)]
        json: bool,
    },
    /// The grade of a puzzle: the hardest tier of the ladder its logical solution
    /// needs. Given a data set (.jsonl), one line per record and a summary.
    Grade {
        /// A puzzle file, or a published data set (`puzzle families` lists their names).
        file: String,
        #[arg(long)]
        json: bool,
    },
    /// The next step a person would take, from the puzzle's givens or from a
    /// partial answer; a mark no solution shares is named first.
    Hint {
        file: String,
        /// A partial answer (as `puzzle check` reads it; '?' marks a cell not
        /// decided yet; without any '?', an unmarked cell of Queens, Star
        /// Battle, Tents, chess or Rullo is not decided yet).
        #[arg(long)]
        answer: Option<String>,
        /// Stop after this many seconds with what is known (each exact check
        /// gets at most 2 s of it, the ladder the rest).
        #[arg(long, value_name = "SECONDS")]
        time_limit: Option<f64>,
        #[arg(long)]
        json: bool,
    },
    /// Generate unique puzzles whose logical solution needs exactly the grade
    /// asked for, in any family; the same seed gives the same puzzles.
    Generate(super::puzzle_generate::GenerateArgs),
    /// The minimal-clue certificate: is every given, link or shown count
    /// needed (without it, two or more solutions)? Else the ones that can go.
    Minimal {
        file: String,
        /// Stop after this many seconds (default 60) and say how many clues
        /// were checked by then.
        #[arg(long, value_name = "SECONDS")]
        time_limit: Option<f64>,
        #[arg(long)]
        json: bool,
    },
    /// For a puzzle with several solutions: every single edit (a given, a
    /// blocked cell, a region's boundary cell moved, a count shown) that
    /// leaves one, with the grade it gives, easiest first; when there is
    /// none, the edits that cut the count most, with the count after each.
    Repair {
        file: String,
        /// The kinds of edit to try, comma separated: region, given, block,
        /// count, number (default: every kind the family has).
        #[arg(long, value_name = "KINDS")]
        edits: Option<String>,
        /// Stop after this many seconds with the edits found by then (and say
        /// the list was cut short); the count of solutions before takes at most 10 s of it.
        #[arg(long, value_name = "SECONDS")]
        time_limit: Option<f64>,
        #[arg(long)]
        json: bool,
    },
    /// Write the puzzle's QUBO for D-Wave's tools (COO or qbsolv).
    Qubo {
        file: String,
        #[arg(long, default_value = "coo")]
        format: String,
        #[arg(short, long)]
        out: std::path::PathBuf,
        /// Also remove every cell the rules force without search.
        #[arg(long)]
        eliminate_forced: bool,
        /// Overwrite `--out` if it is already there.
        #[arg(long)]
        force: bool,
    },
    /// Write one puzzle of a published data set (JSON lines) as a puzzle file.
    Import {
        /// A data-set file; its name says the format (`fleetscope puzzle families` lists them).
        data: std::path::PathBuf,
        /// The record's id (e.g. `linkedin-1`) or its line number.
        record: String,
        /// The data set's format when the file was renamed (e.g. `tents_janko.jsonl`).
        #[arg(long)]
        set: Option<String>,
        #[arg(short, long)]
        out: Option<std::path::PathBuf>,
        /// Overwrite `--out` if it is already there.
        #[arg(long, requires = "out")]
        force: bool,
    },
}

/// How `puzzle solve` solves: exactly, or by sampling the QUBO.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    Exact,
    Sample(SamplerKind),
}

impl Method {
    /// "exact", or the sampler's short name.
    pub fn name(self) -> &'static str {
        match self {
            Method::Exact => "exact",
            Method::Sample(kind) => kind.name(),
        }
    }
}

impl std::str::FromStr for Method {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim() {
            "exact" => Ok(Method::Exact),
            other => other
                .parse()
                .map(Method::Sample)
                .map_err(|_| format!("unknown solver '{other}' (expected exact, sa or tabu)")),
        }
    }
}

/// How `puzzle solve --solver sa|tabu` builds the QUBO.
#[derive(Args, Debug, Clone)]
pub struct PuzzleQuboArgs {
    /// Remove every cell the rules force without search before sampling.
    #[arg(long)]
    pub eliminate_forced: bool,
    /// Battleship puzzles: add this penalty for two diagonal neighbours both ship
    /// (ships never touch; not in the paper's X-ray QUBO).
    #[arg(long, allow_negative_numbers = true)]
    pub diagonal_penalty: Option<f64>,
    /// Battleship puzzles: sample the placement QUBO (a variable per ship
    /// placement, every rule a term) instead of the X-ray QUBO.
    #[arg(long)]
    pub placements: bool,
}

impl PuzzleQuboArgs {
    /// Refuses these options where no QUBO is built (the exact solver).
    pub fn check_unused(&self) -> Result<(), String> {
        match [
            ("--eliminate-forced", self.eliminate_forced),
            ("--diagonal-penalty", self.diagonal_penalty.is_some()),
            ("--placements", self.placements),
        ]
        .into_iter()
        .find_map(|(flag, given)| given.then_some(flag))
        {
            Some(flag) => Err(format!(
                "{flag} shapes the QUBO a sampler solves: the exact solver does not read it"
            )),
            None => Ok(()),
        }
    }

    /// Refuses the Battleship-only options on another family, whose QUBO
    /// would be built without them.
    pub fn check_family(&self, p: &Puzzle) -> Result<(), String> {
        if matches!(p, Puzzle::Battleship(_)) {
            return Ok(());
        }
        match [
            ("--diagonal-penalty", self.diagonal_penalty.is_some()),
            ("--placements", self.placements),
        ]
        .into_iter()
        .find_map(|(flag, given)| given.then_some(flag))
        {
            Some(flag) => Err(format!(
                "{flag} is a setting of Battleship puzzles, not of {}",
                p.family()
            )),
            None => Ok(()),
        }
    }

    pub fn options(&self) -> QuboOptions {
        QuboOptions {
            diagonal_penalty: self.diagonal_penalty,
            placements: self.placements,
            ..puzzle_options(self.eliminate_forced)
        }
    }
}

pub fn run(cmd: PuzzleCommand) -> Result<(), String> {
    match cmd {
        PuzzleCommand::Families => {
            for (key, what) in FAMILIES.iter() {
                println!("{key:<12} {what}");
            }
            println!("\nData sets `puzzle import` and `bench puzzles` read:");
            for (file, family) in DATA_SETS {
                println!("  {file:<24} {family}");
            }
            println!("\nA puzzle file starts with the family and the size, e.g. `queens 8x8`; see README (Puzzles).");
            Ok(())
        }
        PuzzleCommand::Solve {
            file,
            solver,
            sampler,
            qubo,
            show,
            limit,
            json,
        } => {
            let method = match solver {
                Some(name) => name.parse::<Method>()?,
                None if sampler.until_fleet => Method::Sample(crate::study::sampling::UNTIL_SAMPLER),
                None => Method::Exact,
            };
            match method {
                Method::Exact => {
                    // Refused rather than ignored: nothing samples or builds a QUBO.
                    sampler.check_used_by(None)?;
                    qubo.check_unused()?;
                    solve_exact(
                        &file,
                        show.unwrap_or(1),
                        limit.unwrap_or(1_000_000),
                        sampler.time_limit,
                        json,
                    )
                }
                Method::Sample(kind) => {
                    if let Some(flag) = [("--show", show.is_some()), ("--limit", limit.is_some())]
                        .into_iter()
                        .find_map(|(flag, given)| given.then_some(flag))
                    {
                        return Err(format!(
                            "{flag} is the exact solver's setting: {} does not read it (--keep says how many states to print)",
                            kind.name()
                        ));
                    }
                    solve_sampled(&file, kind, &sampler, &qubo, json)
                }
            }
        }
        PuzzleCommand::Check { file, answer, json } => check(&file, &answer, json),
        PuzzleCommand::Explain { file, json } => super::puzzle_explain::explain(&file, json),
        PuzzleCommand::Grade { file, json } => super::puzzle_explain::grade(&file, json),
        PuzzleCommand::Hint {
            file,
            answer,
            time_limit,
            json,
        } => super::puzzle_explain::hint(&file, answer.as_deref(), time_limit, json),
        PuzzleCommand::Generate(args) => super::puzzle_generate::generate(&args),
        PuzzleCommand::Minimal { file, time_limit, json } => super::puzzle_setter::minimal(&file, time_limit, json),
        PuzzleCommand::Repair {
            file,
            edits,
            time_limit,
            json,
        } => super::puzzle_setter::repair(&file, edits.as_deref(), time_limit, json),
        PuzzleCommand::Qubo {
            file,
            format,
            out,
            eliminate_forced,
            force,
        } => export(&file, &format, &out, eliminate_forced, force),
        PuzzleCommand::Import {
            data,
            record,
            set,
            out,
            force,
        } => import(&data, &record, set.as_deref(), out.as_deref(), force),
    }
}

/// Reads a puzzle file (errors name the file and line).
pub fn load(file: &str) -> Result<Puzzle, String> {
    let text = session::read_text(Path::new(file)).map_err(|e| e.to_string())?;
    Puzzle::parse(&text).map_err(|e| format!("{}: {e}", crate::quote::path(file)))
}

/// Counts the solutions; `--time-limit` stops the search with what it found
/// (and says so), Ctrl+C cancels it.
fn solve_exact(file: &str, show: usize, limit: u64, time_limit: Option<f64>, json: bool) -> Result<(), String> {
    let p = load(file)?;
    let max_show = crate::session::SolverSettings::MAX_KEEP;
    if !(1..=u64::MAX / 2).contains(&limit) || show > max_show {
        return Err(format!("--limit must be at least 1 and --show at most {max_show}"));
    }
    let mut cancel = super::interrupt::ctrl_c_flag();
    if let Some(t) = crate::study::sampling::time_limit(time_limit)? {
        cancel = cancel.with_time_limit(t);
    }
    let spinner = super::progress::search_spinner(json);
    let progress = |s: crate::puzzle::SearchProgress| spinner.set_message(super::progress::search_message(s));
    let t0 = fleetscope_run::clock::Stopwatch::start();
    let r = p.solve_exact(
        ExactRequest {
            limit,
            keep: show,
            progress: &progress,
            max_nodes: None,
        },
        &cancel,
    );
    spinner.finish_and_clear();
    let r = r.map_err(|e| e.to_string())?;
    let seconds = t0.wall_seconds();
    let count = if r.is_complete() {
        r.count.to_string()
    } else {
        format!("at least {}", r.count)
    };
    if json {
        let sols: Vec<String> = r.examples.iter().map(|m| answer_text(&p, m)).collect();
        println!(
            "{}",
            json!({"family": p.family(), "solutions": r.count, "complete": r.is_complete(), "timed_out": r.timed_out,
                   "unique": r.is_unique(), "optimum": r.best, "seconds": seconds, "nodes": r.nodes, "examples": sols,
                   "why_none": r.why_none})
        );
        return Ok(());
    }
    let (rows, cols) = p.size();
    println!("{} {rows}x{cols}", p.family());
    if r.timed_out {
        println!(
            "stopped by the time limit after {seconds:.3} s: what was found by then{}",
            if r.best.is_some() {
                " (the best so far, maybe not the optimum)"
            } else {
                ""
            }
        );
    }
    match r.best {
        Some(best) => println!(
            "optimum {best}: {count} optimal {} in {:.3} ms",
            if r.count == 1 && !r.stopped_at_limit {
                "placement"
            } else {
                "placements"
            },
            seconds * 1e3
        ),
        // A search stopped before its first solution proves nothing.
        None if r.count == 0 && !r.is_complete() => println!("no solution found in {seconds:.1} s"),
        None => println!(
            "{count} {}{} in {:.3} ms",
            if r.count == 1 && !r.stopped_at_limit {
                "solution"
            } else {
                "solutions"
            },
            if r.is_unique() { " (unique)" } else { "" },
            seconds * 1e3
        ),
    }
    if let Some(why) = &r.why_none {
        println!("no solution: {why}");
    }
    for (i, m) in r.examples.iter().enumerate() {
        println!("solution {}:\n{}", i + 1, answer_text(&p, m));
    }
    Ok(())
}

fn solve_sampled(
    file: &str,
    kind: SamplerKind,
    a: &SamplerArgs,
    qubo: &PuzzleQuboArgs,
    json: bool,
) -> Result<(), String> {
    let p = load(file)?;
    qubo.check_family(&p)?;
    let recipe = ModelRecipe {
        source: ModelSource::Puzzle {
            name: file.to_string(),
            puzzle: Box::new(p.clone()),
            options: qubo.options(),
        },
        epsilon: crate::qubo::DEFAULT_EPSILON,
        touch: None,
        pin_mode: crate::qubo::PinMode::default(),
    };
    let model = recipe.build(&crate::session::DiskFiles)?;
    let Some(problem) = model.problem.puzzle() else {
        unreachable!("a puzzle source builds a puzzle problem")
    };
    if problem.model.qubo().is_empty() {
        // Refused flags stay refused when nothing is left to sample.
        a.check_used_by(Some(kind))?;
        a.plan(kind)?;
        decided_by_elimination(file, &p, problem, json);
        return Ok(());
    }
    let (run, plan) = a.run(kind, &model.problem, None, json)?;
    let set = &run.set;
    let verdicts: Vec<_> = set
        .samples
        .iter()
        .zip(&run.judged)
        .filter_map(|(s, j)| j.puzzle.as_ref().map(|v| (s, v)))
        .collect();
    let solved = run.success == Some(true);
    if json {
        let rows: Vec<_> = verdicts
            .iter()
            .map(|(s, v)| {
                json!({"energy": s.energy, "count": s.count, "valid": v.violations.is_empty(), "value": v.value,
                       "broken": v.violations.iter().map(|x| x.message.clone()).collect::<Vec<_>>(),
                       "answer": answer_text(&p, &v.grid)})
            })
            .collect();
        println!(
            "{}",
            json!({"family": p.family(), "variables": problem.model.qubo().len(), "solution_energy": problem.solution_energy(),
                   "plan": plan, "reads": set.reads, "stop": super::solve::stop_key(set), "seconds": set.seconds,
                   "solved": solved, "samples": rows})
        );
        return super::solve::after_cancel(&run);
    }
    let q = problem.model.qubo();
    println!(
        "{}: {} variables, {} couplers; {}",
        p.family(),
        q.len(),
        q.coupler_count(),
        solution_energy_words(problem)
    );
    println!("run: {plan}");
    super::solve::print_how_it_ran(&run);
    for (i, (s, v)) in verdicts.iter().enumerate() {
        let what = if v.violations.is_empty() {
            match v.value {
                Some(value) => format!("valid, worth {value}"),
                None => "a solution".to_string(),
            }
        } else {
            let msgs: Vec<&str> = v.violations.iter().take(3).map(|x| x.message.as_str()).collect();
            format!(
                "breaks {}: {}",
                crate::textview::count(v.violations.len(), "rule", "rules"),
                msgs.join("; ")
            )
        };
        println!("#{:<2} energy {:>10.4} found {:>4}×  {what}", i + 1, s.energy, s.count);
    }
    if let Some((_, v)) = verdicts.first() {
        println!("lowest-energy answer:\n{}", answer_text(&p, &v.grid));
    }
    match run.success {
        Some(_) => println!(
            "solved: {} ({} of {})",
            if solved { "yes" } else { "no" },
            crate::textview::thousands(run.successes as u128),
            run.judged_among()
        ),
        None => println!(
            "solved: unknown ({} of {} break no rule, but the optimum is unknown: the exact search did not \
             finish, so none is known to be best)",
            crate::textview::thousands(run.successes as u128),
            run.judged_among()
        ),
    }
    super::solve::after_cancel(&run)
}

/// `--eliminate-forced` left no variable: the rules alone decided every
/// cell, so the answer is that grid, judged, with nothing to sample.
fn decided_by_elimination(file: &str, p: &Puzzle, problem: &crate::solve::PuzzleProblem, json: bool) {
    let v = problem.verdict(&[]);
    let solved = v.success(problem.optimum);
    let broken: Vec<&str> = v.violations.iter().map(|x| x.message.as_str()).collect();
    if json {
        println!(
            "{}",
            json!({"family": p.family(), "variables": 0, "decided_by_elimination": true, "reads": 0,
                   "solved": solved, "valid": v.violations.is_empty(), "broken": broken, "value": v.value,
                   "answer": answer_text(p, &v.grid)})
        );
        return;
    }
    println!(
        "{}: the rules alone decide every cell (--eliminate-forced leaves no variable to sample)",
        crate::quote::path(file)
    );
    println!("answer:\n{}", answer_text(p, &v.grid));
    if broken.is_empty() {
        println!("solved: {}", if solved { "yes" } else { "no" });
    } else {
        println!("solved: no (breaks {})", broken.join("; "));
    }
}

fn check(file: &str, answer: &str, json: bool) -> Result<(), String> {
    let p = load(file)?;
    let text = session::read_text(Path::new(answer)).map_err(|e| e.to_string())?;
    let (rows, cols) = p.size();
    let grid = parse_answer(&text, rows, cols).map_err(|e| format!("{answer}: {e}"))?;
    let v = p.violations(&grid)?;
    if json {
        let broken: Vec<_> = v
            .iter()
            .map(|x| json!({"message": x.message, "cells": x.cells.iter().map(|c| [c / cols + 1, c % cols + 1]).collect::<Vec<_>>()}))
            .collect();
        let value = if p.has_objective() {
            Some(p.model()?.objective_value(&grid))
        } else {
            None
        };
        println!("{}", json!({"valid": v.is_empty(), "broken": broken, "value": value}));
    } else if v.is_empty() && p.has_objective() {
        // A valid placement is not yet a solution: the puzzle asks for the most worth.
        println!(
            "valid: every rule holds; worth {} (the puzzle asks for the most: `puzzle solve --solver exact` finds the optimum)",
            p.model()?.objective_value(&grid)
        );
    } else if v.is_empty() {
        println!("a solution: every rule holds");
    } else {
        println!("{} broken:", crate::textview::count(v.len(), "rule", "rules"));
        for x in &v {
            println!("  {}", x.message);
        }
    }
    if !v.is_empty() {
        std::process::exit(1);
    }
    Ok(())
}

fn export(file: &str, format: &str, out: &Path, eliminate_forced: bool, force: bool) -> Result<(), String> {
    let p = load(file)?;
    let format = ModelFormat::parse(format)?;
    let problem = crate::solve::PuzzleProblem::new(file, p, puzzle_options(eliminate_forced))?;
    let q = problem.model.qubo();
    session::check_not_input(out, &[Path::new(file)]).map_err(|e| e.to_string())?;
    super::output::check_new_file(out, force)?;
    session::write_text(out, &format.write(q)).map_err(|e| e.to_string())?;
    println!(
        "wrote {} ({} variables, {} couplers, offset {}; {})",
        crate::quote::path(out),
        q.len(),
        q.coupler_count(),
        q.offset(),
        solution_energy_words(&problem)
    );
    Ok(())
}

/// What the QUBO's energy says of a solution, in words: its energy, or why
/// none is known (Max Chess asks for an optimum not found yet; the X-ray
/// QUBO of Battleship has lowest states that are not fleets).
fn solution_energy_words(problem: &crate::solve::PuzzleProblem) -> String {
    match problem.solution_energy() {
        Some(e) => format!("a solution has energy {e}"),
        None if matches!(problem.puzzle, Puzzle::Chess(_)) => {
            "no energy is known for a solution before the exact solver finds the optimum".into()
        }
        None => {
            "no energy tells a solution: the lowest states need not be fleets, so each is judged by the rules".into()
        }
    }
}

/// Finds a record by id or line number in a data set and writes its text form.
fn import(data: &Path, record: &str, set: Option<&str>, out: Option<&Path>, force: bool) -> Result<(), String> {
    let name = set.unwrap_or_else(|| data.file_name().and_then(|n| n.to_str()).unwrap_or_default());
    if !DATA_SETS.iter().any(|(f, _)| *f == name) {
        let known: Vec<&str> = DATA_SETS.iter().map(|(f, _)| *f).collect();
        return Err(format!(
            "'{name}' is not a known data set (name the format with --set, one of {})",
            known.join(", ")
        ));
    }
    let text = session::read_text(data).map_err(|e| e.to_string())?;
    let by_line = record.parse::<usize>().ok();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let wanted = by_line == Some(i + 1) || line.contains(&format!("\"{record}\""));
        if !wanted {
            continue;
        }
        let rec = read_record(name, line).map_err(|e| format!("{}:{}: {e}", crate::quote::path(data), i + 1))?;
        if by_line.is_none() && rec.id != record {
            continue;
        }
        let text = rec.puzzle.to_checked_text().map_err(|e| format!("{}: {e}", rec.id))?;
        let body = format!("// {} from {}\n{text}", crate::quote::excerpt(&rec.id), name);
        return match out {
            Some(path) => {
                session::check_not_input(path, &[data]).map_err(|e| e.to_string())?;
                super::output::check_new_file(path, force)?;
                session::write_text(path, &body).map_err(|e| e.to_string())?;
                println!("wrote {} ({})", crate::quote::path(path), rec.id);
                Ok(())
            }
            None => {
                print!("{body}");
                Ok(())
            }
        };
    }
    Err(format!(
        "{}: no record '{record}' (give an id or a line number)",
        crate::quote::path(data)
    ))
}
