//! `bench puzzles --generate`: every family's generator at the sizes and
//! grades the targets name, several seeds each: median and worst CPU seconds
//! per accepted puzzle, drafts per puzzle, and how many seeds found one.

use super::cputime::{median, process_cpu_seconds};
use crate::puzzle::deduce::Grade;
use crate::puzzle::generate::{self, GenerateRequest, OptionValue, Recipe};
use crate::run::{CancelFlag, Cancelled};
use serde_json::json;

const GRADES: [Grade; 4] = [Grade::Easy, Grade::Medium, Grade::Hard, Grade::Fiendish];

/// A generator's recipe with some options set (the cases name only options
/// their generators have).
fn recipe(word: &str, options: &[(&str, OptionValue)]) -> Recipe {
    options
        .iter()
        .fold(Recipe::of_family(word).expect("a generator"), |r, (k, v)| {
            r.with(k, v.clone()).expect("an option of the generator")
        })
}

/// The cases: a label, a recipe and a size.
fn cases() -> Vec<(String, Recipe, usize)> {
    let classic = vec![5, 4, 3, 3, 2];
    let russian = vec![4, 3, 3, 2, 2, 2, 1, 1, 1, 1];
    let ships = |fleet: &Vec<usize>, may_touch| {
        recipe(
            "battleship",
            &[
                ("fleet", OptionValue::Lengths(fleet.clone())),
                ("may-touch", OptionValue::Flag(may_touch)),
                ("givens", OptionValue::Flag(false)),
            ],
        )
    };
    let shape = |any| OptionValue::Choice(if any { "any" } else { "connected" });
    let queens = |holes, any| {
        recipe(
            "queens",
            &[("holes", OptionValue::Flag(holes)), ("regions", shape(any))],
        )
    };
    let stars = |holes| {
        recipe(
            "star-battle",
            &[("stars", OptionValue::Int(2)), ("holes", OptionValue::Flag(holes))],
        )
    };
    let chess = |any| recipe("chess", &[("regions", shape(any))]);
    let mut out: Vec<(String, Recipe, usize)> = [
        ("queens", queens(false, false), 8),
        ("queens", queens(false, false), 10),
        ("queens with holes", queens(true, false), 8),
        ("queens, regions of any shape", queens(false, true), 8),
        ("queens, regions of any shape", queens(false, true), 10),
        ("star-battle 2", stars(false), 10),
        ("star-battle 2 with holes", stars(true), 10),
        ("tents", recipe("tents", &[]), 10),
        ("takuzu", recipe("takuzu", &[]), 10),
        ("binairo", recipe("binairo", &[]), 10),
        ("tango", recipe("tango", &[]), 6),
        ("rullo", recipe("rullo", &[]), 7),
        ("chess", chess(false), 8),
        ("chess, regions of any shape", chess(true), 8),
    ]
    .into_iter()
    .map(|(l, r, n)| (l.to_string(), r, n))
    .collect();
    out.push((
        "battleship classic no-given, may touch".into(),
        ships(&classic, true),
        10,
    ));
    out.push((
        "battleship classic no-given, no touch".into(),
        ships(&classic, false),
        10,
    ));
    out.push((
        "battleship russian no-given, may touch".into(),
        ships(&russian, true),
        10,
    ));
    out.push((
        "battleship russian no-given, no touch".into(),
        ships(&russian, false),
        10,
    ));
    out.push((
        "battleship russian with givens".into(),
        Recipe::of_family("battleship").expect("a family"),
        10,
    ));
    out
}

/// Runs every case (or those whose label contains `only`) at every grade, `runs` seeds each.
pub fn bench_generate(
    runs: usize,
    tries: usize,
    only: Option<&str>,
    json: bool,
    cancel: &CancelFlag,
) -> Result<(), String> {
    if !(1..=100).contains(&runs) {
        return Err(format!("--runs must be 1 to 100 seeds, not {runs}"));
    }
    if !(1..=1_000_000).contains(&tries) {
        return Err(format!("--tries must be 1 to 1,000,000 drafts, not {tries}"));
    }
    if only.is_some_and(|o| o.trim().is_empty()) {
        return Err("--only names no case: leave it out to run every case".into());
    }
    if let Some(o) = only
        && !cases().iter().any(|(label, ..)| label.contains(o))
    {
        let mut names: Vec<String> = cases().into_iter().map(|(l, ..)| l).collect();
        // A case runs at several sizes: its name is listed once.
        names.dedup();
        return Err(format!(
            "--only {o}: no case is named so; the cases: {}",
            crate::quote::and_list(&names, 0)
        ));
    }
    let mut total = 0.0;
    for (label, recipe, size) in cases() {
        if only.is_some_and(|o| !label.contains(o)) {
            continue;
        }
        for grade in GRADES {
            if let Some(why) = recipe.out_of_reach(grade) {
                if json {
                    println!(
                        "{}",
                        json!({"case": label, "size": size, "grade": grade.name(), "out_of_reach": why})
                    );
                } else {
                    println!(
                        "{label:<40} {size:>2}x{size:<2} {:<9} out of reach: {why}",
                        grade.name()
                    );
                }
                continue;
            }
            let mut cpus = Vec::new();
            let mut drafts = Vec::new();
            let mut failed_cpu = 0.0;
            for seed in 1..=runs as u64 {
                let req = GenerateRequest {
                    recipe: recipe.clone(),
                    size,
                    grade,
                    seed,
                    max_tries: tries,
                };
                let t0 = process_cpu_seconds();
                let outcome = generate::generate(&req, cancel, &|_| {});
                let cpu = process_cpu_seconds() - t0;
                total += cpu;
                // Polled, not read off the error: a search the cancel cut
                // short in a ladder run may still have returned a draft.
                if cancel.is_cancelled() {
                    return Err(Cancelled.to_string());
                }
                match outcome {
                    Ok(g) => {
                        debug_assert_eq!(g.grade, grade);
                        cpus.push(cpu);
                        drafts.push(g.tries as f64);
                    }
                    Err(_) => failed_cpu += cpu,
                }
            }
            let found = cpus.len();
            let worst = cpus.iter().copied().fold(0.0, f64::max);
            let (med, med_drafts) = if found > 0 {
                (Some(median(cpus)), Some(median(drafts)))
            } else {
                (None, None)
            };
            if json {
                println!(
                    "{}",
                    json!({"case": label, "size": size, "grade": grade.name(), "seeds": runs, "found": found,
                           "median_cpu_s": med, "worst_cpu_s": worst, "median_drafts": med_drafts,
                           "cpu_s_of_failed_seeds": failed_cpu, "max_tries": tries})
                );
            } else {
                let figures = match (med, med_drafts) {
                    (Some(m), Some(d)) => format!("median {m:.3} CPU-s, worst {worst:.3}, {d:.0} drafts"),
                    _ => "none found".into(),
                };
                println!(
                    "{label:<40} {size:>2}x{size:<2} {:<9} found {found}/{runs}: {figures}{}",
                    grade.name(),
                    if found < runs {
                        format!(" ({failed_cpu:.2} CPU-s on the seeds without one)")
                    } else {
                        String::new()
                    }
                );
            }
        }
    }
    eprintln!("generated in {total:.2} CPU-s");
    Ok(())
}
