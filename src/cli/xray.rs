//! `fleetscope xray …` (tomography from the command line) and `bench xray`.

use super::cputime::{measure, median};
use super::interrupt::{cancelled, ctrl_c_flag as ctrl_c};
use super::rules::RuleArgs;
use super::show::resolve_source;
use crate::geometry::BinaryMatrix;
use crate::geometry::TouchRule;
use crate::geometry::{Fleet, random_deployment};
use crate::run::Progress;
use crate::session::Setup;
use crate::tomography::{
    MAX_STEPS, StealthRequest, XRay, count_matrices, count_matrices_u128, count_matrices_with, fleets_with_xray,
    island_cells, laplacian_energy, stealth_search, walk, walk_energies,
};
use serde_json::json;
use std::collections::HashSet;

fn parse_sums(s: &str, what: &str) -> Result<Vec<u32>, String> {
    crate::study::list::whole_numbers(s, what)
}

fn straight_lengths(fleet: &Fleet) -> Result<Vec<usize>, String> {
    fleet.straight_lengths()
}

fn setup_matrix(setup: &Setup) -> Result<BinaryMatrix, String> {
    if setup.deployment.ships.is_empty() {
        return Err(format!(
            "no ship of '{}' is placed: place the fleet (e.g. `new-session out.ron {} --random 1`)",
            setup.name, "<preset>"
        ));
    }
    BinaryMatrix::from_deployment(&setup.board, &setup.fleet, &setup.deployment)
        .ok_or_else(|| format!("'{}' is not on a square board", setup.name))
}

use crate::tomography::{MAX_STEALTH_MOVES, MAX_WALK_K};
/// Most matrices `xray all` lists.
const MAX_ALL: usize = 5_000_000;
/// Most fleets `xray stats` samples (about 0.3 ms each).
const MAX_STATS: usize = 10_000_000;

/// `xray of`: the X-ray of a setup's placed fleet, |U| and the fleets sharing it.
pub fn of(source: &str, rule: &RuleArgs, json_out: bool) -> Result<(), String> {
    let setup = resolve_source(source)?;
    let choice = rule.choice(setup.rules);
    let m = setup_matrix(&setup)?;
    let x = XRay::of(&m);
    let u = count_matrices(&x).map_err(|e| e.to_string())?;
    let lengths = straight_lengths(&setup.fleet)?;
    let shared = fleets_with_xray(&x, &lengths, &island_cells(&setup.board), choice.rule, 0, &ctrl_c())
        .map_err(|e| e.to_string())?;
    let breaks_rule = choice.rule == TouchRule::NoTouch && !setup.deployment.ships_apart(&setup.fleet);
    if json_out {
        let (rule, rule_overridden) = super::rules::json_fields(choice);
        println!(
            "{}",
            json!({"rows": x.rows, "cols": x.cols, "matrices": u.to_string(), "fleet_matrices": shared.fleet_matrices.to_string(),
                   "labelled_fleets": shared.labelled_fleets.to_string(), "density": shared.density(), "laplacian": laplacian_energy(&m),
                   "rule": rule, "rule_overridden": rule_overridden, "placed_fleet_breaks_rule": breaks_rule})
        );
    } else {
        print!("{}", m.to_text());
        println!("rule: {}", choice.describe());
        if breaks_rule {
            println!("note: the placed fleet has ships that touch, so it is not among the fleets counted");
        }
        println!("row sums    {:?}\ncolumn sums {:?}", x.rows, x.cols);
        println!("|U(r,c)| = {u} binary matrices share this X-ray");
        println!(
            "fleets among them: {} ({}); density {}",
            shared.fleet_matrices,
            crate::quote::count(shared.labelled_fleets, "labelled fleet", "labelled fleets"),
            shared.density().map_or("n/a".into(), density)
        );
        println!("‖ΔA‖² = {}", laplacian_energy(&m));
    }
    Ok(())
}

/// `xray count-u`: |U(r, c)| for given sums.
pub fn count_u(rows: &str, cols: &str, json_out: bool) -> Result<(), String> {
    let x = XRay {
        rows: parse_sums(rows, "rows")?,
        cols: parse_sums(cols, "cols")?,
    };
    if let Err(why) = x.feasibility() {
        if json_out {
            println!("{}", json!({"matrices": "0", "infeasible": why}));
        } else {
            println!("0 (no matrix: {why})");
        }
        return Ok(());
    }
    let bar = super::progress::spinner(json_out, "counting |U(r,c)| (Ctrl+C cancels)");
    let limit = MAX_STEPS / 1_000_000;
    let report = |steps: u64| {
        bar.set_message(format!(
            "counting |U(r,c)|: {} M of at most {limit} M steps (Ctrl+C cancels)",
            steps / 1_000_000
        ))
    };
    let counted = count_matrices_with(&x, &super::interrupt::ctrl_c_flag(), &report);
    bar.finish_and_clear();
    let n = counted.map_err(|e| e.to_string())?;
    if json_out {
        println!("{}", json!({"matrices": n.to_string()}))
    } else {
        println!("{n}")
    }
    Ok(())
}

/// `xray fleets`: the fleets with given sums.
pub fn fleets(rows: &str, cols: &str, ships: &str, list: usize, rule: &RuleArgs, json_out: bool) -> Result<(), String> {
    let touch = rule.without_setup();
    let x = XRay {
        rows: parse_sums(rows, "rows")?,
        cols: parse_sums(cols, "cols")?,
    };
    let lengths: Vec<usize> = parse_sums(ships, "ships")?.into_iter().map(|v| v as usize).collect();
    let s = fleets_with_xray(&x, &lengths, &[], touch, list, &ctrl_c()).map_err(|e| e.to_string())?;
    if json_out {
        let ex: Vec<String> = s.examples.iter().map(BinaryMatrix::to_text).collect();
        println!(
            "{}",
            json!({"fleet_matrices": s.fleet_matrices.to_string(), "labelled_fleets": s.labelled_fleets.to_string(),
                   "matrices": s.all_matrices.map(|u| u.to_string()), "density": s.density(), "examples": ex,
                   "rule": touch.keyword()})
        );
    } else {
        println!(
            "{}, {} ({})",
            crate::quote::count(s.fleet_matrices, "fleet matrix", "fleet matrices"),
            crate::quote::count(s.labelled_fleets, "labelled fleet", "labelled fleets"),
            touch.describe()
        );
        if let Some(u) = s.all_matrices {
            println!("|U(r,c)| = {u}, density {}", density(s.density().unwrap_or(0.0)));
        }
        for (i, m) in s.examples.iter().enumerate() {
            println!("#{}\n{}", i + 1, m.to_text());
        }
    }
    Ok(())
}

/// `xray stealth`: the stealth search from the command line, with a progress bar.
pub fn stealth(
    source: &str,
    moves: u64,
    seed: u64,
    keep: usize,
    rule: &RuleArgs,
    json_out: bool,
) -> Result<(), String> {
    if !(1..=MAX_STEALTH_MOVES).contains(&moves) {
        return Err(format!("--moves must be 1 to {MAX_STEALTH_MOVES}, not {moves}"));
    }
    // The same bound as every list of results a run keeps.
    let max_keep = crate::session::SolverSettings::MAX_KEEP;
    if !(1..=max_keep).contains(&keep) {
        return Err(format!("--keep must be 1 to {max_keep}, not {keep}"));
    }
    let setup = resolve_source(source)?;
    let choice = rule.choice(setup.rules);
    let req = StealthRequest {
        board: setup.board.clone(),
        fleet: setup.fleet.clone(),
        rule: choice.rule,
        iterations: moves,
        seed,
        keep,
    };
    let bar = super::progress::bar(json_out, "moves");
    let (found, wall, cpu) = measure(|| {
        stealth_search(&req, &ctrl_c(), &|p: Progress| {
            bar.set_length(p.total);
            bar.set_position(p.done);
        })
    });
    bar.finish_and_clear();
    let found = found.map_err(|e| e.to_string())?;
    if json_out {
        let list: Vec<_> = found
            .iter()
            .map(|f| {
                json!({"fleet_matrices": f.fleet_matrices.to_string(), "labelled_fleets": f.labelled_fleets.to_string(),
                       "matrix": f.matrix.to_text()})
            })
            .collect();
        println!(
            "{}",
            json!({"moves": moves, "seed": seed, "seconds": wall, "cpu_seconds": cpu, "best": list})
        );
        return Ok(());
    }
    println!("{moves} moves from seed {seed} on '{}' ({wall:.2} s):", setup.name);
    for (i, f) in found.iter().enumerate() {
        println!(
            "#{} shared by {} ({})",
            i + 1,
            crate::quote::count(f.fleet_matrices, "fleet matrix", "fleet matrices"),
            crate::quote::count(f.labelled_fleets, "labelled fleet", "labelled fleets")
        );
        print!("{}", f.matrix.to_text());
    }
    Ok(())
}

/// `xray all`: every matrix with the sums (a walk from Ryser's canonical matrix
/// reaches them all), by ‖ΔA‖², with the fleets among them (Figure 3).
pub fn all(rows: &str, cols: &str, ships: &str, limit: usize, json_out: bool) -> Result<(), String> {
    let x = XRay {
        rows: parse_sums(rows, "rows")?,
        cols: parse_sums(cols, "cols")?,
    };
    x.feasibility()?;
    if limit > MAX_ALL {
        return Err(format!(
            "--limit {limit} is over the most matrices this lists, {MAX_ALL}"
        ));
    }
    let lengths: Vec<usize> = parse_sums(ships, "ships")?.into_iter().map(|v| v as usize).collect();
    let u = count_matrices(&x).map_err(|e| e.to_string())?;
    if u > limit.into() {
        return Err(format!("|U(r,c)| = {u} matrices, more than --limit {limit}"));
    }
    let start = x.canonical_matrix().ok_or("no matrix has these sums")?;
    let steps = x.rows.len() * x.cols.len();
    let w = walk(&start, steps, limit + 1, &ctrl_c(), &|_: Progress| {}).map_err(|e| e.to_string())?;
    let fleets = fleets_with_xray(&x, &lengths, &[], TouchRule::MayTouch, usize::MAX, &ctrl_c())
        .map(|s| s.examples.into_iter().collect::<HashSet<_>>())
        .unwrap_or_default();
    cancelled(&ctrl_c())?;
    let mut rows_out: Vec<(u64, bool, BinaryMatrix)> = w
        .matrices
        .into_iter()
        .map(|m| (laplacian_energy(&m), fleets.contains(&m), m))
        .collect();
    rows_out.sort_by(|a, b| (a.0, !a.1).cmp(&(b.0, !b.1)).then_with(|| a.2.cmp(&b.2)));
    if json_out {
        let list: Vec<_> = rows_out
            .iter()
            .map(|(e, f, m)| json!({"energy": e, "fleet": f, "matrix": m.to_text()}))
            .collect();
        println!(
            "{}",
            json!({"matrices": u.to_string(), "fleets": fleets.len(), "list": list})
        );
        return Ok(());
    }
    let matrices = if u == 1u32.into() {
        "1 matrix".to_string()
    } else {
        format!("{u} matrices")
    };
    let of_them = match fleets.len() {
        1 => "1 of them is a fleet".to_string(),
        n => format!("{n} of them are fleets"),
    };
    println!("{matrices} with row sums {rows} and column sums {cols}; {of_them} of ships {ships}");
    for (i, (e, f, m)) in rows_out.iter().enumerate() {
        println!("#{:<3} ‖ΔA‖² = {e:<4}{}", i + 1, if *f { "  fleet" } else { "" });
        for line in m.to_text().lines() {
            println!("     {line}");
        }
    }
    Ok(())
}

/// `xray walk`: every matrix within k interchanges of a setup's fleet; ‖ΔA‖² histogram.
pub fn walk_cmd(source: &str, k: usize, csv: bool, json_out: bool) -> Result<(), String> {
    if k == 0 || k > MAX_WALK_K {
        return Err(format!(
            "--k must be from 1 to {MAX_WALK_K} (each step multiplies the work), not {k}"
        ));
    }
    let setup = resolve_source(source)?;
    let m = setup_matrix(&setup)?;
    let lengths = straight_lengths(&setup.fleet)?;
    let x = XRay::of(&m);
    let all = fleets_with_xray(
        &x,
        &lengths,
        &island_cells(&setup.board),
        TouchRule::MayTouch,
        usize::MAX,
        &ctrl_c(),
    )
    .map_err(|e| e.to_string())?;
    let fleet_set: HashSet<BinaryMatrix> = all.examples.into_iter().collect();
    let (w, wall, cpu) = measure(|| walk_energies(&m, k, Some(&fleet_set), 20_000_000, &ctrl_c(), &|_: Progress| {}));
    let w = w.map_err(|e| e.to_string())?;
    let (mean, sd, fleets, hist) = (w.mean, w.sd, w.fleet_energies, w.histogram);
    if json_out {
        println!(
            "{}",
            json!({"k": k, "matrices": w.matrices, "mean": mean, "sd": sd, "fleet_energies": fleets,
                   "histogram": hist, "seconds": wall, "cpu_seconds": cpu})
        );
    } else if csv {
        println!("energy,matrices");
        for (e, n) in hist {
            println!("{e},{n}");
        }
    } else {
        println!(
            "{} within {} ({wall:.3} s)",
            crate::textview::count(w.matrices, "matrix", "matrices"),
            crate::textview::count(k, "interchange", "interchanges")
        );
        println!("‖ΔA‖²: mean {mean:.2}, standard deviation {sd:.2}");
        println!("fleets among them: {} at ‖ΔA‖² {:?}", fleets.len(), fleets);
        for f in &fleets {
            println!("  {f}: {:+.2} σ from the mean", (*f as f64 - mean) / sd.max(1e-9));
        }
    }
    Ok(())
}

/// Summary of a sample: min, mean, median, max.
fn summary(v: &[f64]) -> serde_json::Value {
    let min = v.iter().copied().fold(f64::INFINITY, f64::min);
    let max = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    json!({"min": min, "mean": v.iter().sum::<f64>() / v.len().max(1) as f64, "median": median(v.to_vec()), "max": max})
}

/// `xray stats`: |U| and fleets per X-ray over N random classic fleets (Figure 7).
pub fn stats(n: usize, seed: u64, json_out: bool) -> Result<(), String> {
    if n == 0 || n > MAX_STATS {
        return Err(format!("--n must be from 1 to {MAX_STATS}, not {n}"));
    }
    crate::study::seeds::check_run(seed, n, &format!("--n {n}"))?;
    let setup = resolve_source("classic")?;
    let lengths = straight_lengths(&setup.fleet)?;
    let (mut us, mut fleets, mut labelled) = (Vec::new(), Vec::new(), Vec::new());
    let bar = super::progress::bar(json_out, "fleets");
    bar.set_length(n as u64);
    let cancel = super::interrupt::ctrl_c_flag();
    for i in 0..n {
        if cancel.is_cancelled() {
            bar.finish_and_clear();
            return Err(crate::run::Cancelled.to_string());
        }
        if i % 64 == 0 {
            bar.set_position(i as u64);
        }
        let d = random_deployment(&setup.board, &setup.fleet, setup.rules.touch, seed + i as u64)
            .map_err(|e| e.to_string())?
            .deployment;
        let m = BinaryMatrix::from_deployment(&setup.board, &setup.fleet, &d).expect("square board");
        let x = XRay::of(&m);
        us.push(count_matrices_u128(&x, None).ok().flatten().unwrap_or(u128::MAX) as f64);
        let s = fleets_with_xray(
            &x,
            &lengths,
            &island_cells(&setup.board),
            setup.rules.touch,
            0,
            &ctrl_c(),
        )
        .map_err(|e| e.to_string())?;
        fleets.push(s.fleet_matrices as f64);
        labelled.push(s.labelled_fleets as f64);
    }
    bar.finish_and_clear();
    let logs: Vec<f64> = us.iter().map(|u| u.ln()).collect();
    let mut bins = [0usize; 20];
    for l in &logs {
        bins[((l / 1.0) as usize).min(19)] += 1;
    }
    let out = json!({
        "fleets": n, "seed": seed,
        "sampling": "classic fleet on 10×10; ships in fleet order, each uniform over the placements that fit",
        "matrices_per_xray": summary(&us),
        "fleet_matrices_per_xray": summary(&fleets),
        "labelled_fleets_per_xray": summary(&labelled),
        "ln_matrices_histogram": bins.iter().enumerate().map(|(i, c)| json!({"from": i, "to": i + 1, "count": c})).collect::<Vec<_>>(),
    });
    if json_out {
        println!("{out}");
    } else {
        println!("{n} random classic fleets (seed {seed}; ships in order, each uniform over the placements that fit)");
        let s = &out["matrices_per_xray"];
        println!(
            "|U(r,c)|: min {}, mean {:.2}, median {}, max {}",
            s["min"],
            s["mean"].as_f64().unwrap_or(0.0),
            s["median"],
            s["max"]
        );
        let f = &out["fleet_matrices_per_xray"];
        println!(
            "fleet matrices per X-ray: min {}, mean {:.3}, median {}, max {}",
            f["min"],
            f["mean"].as_f64().unwrap_or(0.0),
            f["median"],
            f["max"]
        );
        println!("histogram of ln |U|:");
        for (i, c) in bins.iter().enumerate() {
            println!(
                "  [{i:>2}, {:>2}) {c:>6} {}",
                i + 1,
                "#".repeat((*c * 60 / n.max(1)).min(60))
            );
        }
    }
    Ok(())
}

/// `bench xray`: three tomography timings, median CPU seconds.
pub fn bench(runs: usize) -> Result<(), String> {
    let setup = resolve_source("classic")?;
    let lengths = straight_lengths(&setup.fleet)?;
    let cancel = ctrl_c();
    // Drawing the fleets takes a few seconds: Ctrl+C is looked at for each.
    let xrays: Vec<XRay> = (0..10_000u64)
        .map(|i| {
            cancelled(&cancel)?;
            let d = random_deployment(&setup.board, &setup.fleet, setup.rules.touch, i)
                .expect("classic fleet fits")
                .deployment;
            Ok(XRay::of(
                &BinaryMatrix::from_deployment(&setup.board, &setup.fleet, &d).expect("square"),
            ))
        })
        .collect::<Result<_, String>>()?;
    // Each timing checks Ctrl+C between its runs and its X-rays.
    let time = |f: &dyn Fn()| {
        let (mut c, mut w) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            let (_, wall, cpu) = measure(f);
            cancelled(&cancel)?;
            c.push(cpu);
            w.push(wall);
        }
        Ok::<_, String>((median(c), median(w)))
    };
    println!("{:<44} {:>10} {:>10}  ({runs} runs)", "task", "cpu s", "wall s");
    let (c, w) = time(&|| {
        for x in xrays.iter().take_while(|_| !cancel.is_cancelled()) {
            let _ = std::hint::black_box(count_matrices_u128(x, None));
        }
    })?;
    println!(
        "{:<44} {c:>10.4} {w:>10.4}",
        "|U(r,c)| for 10,000 random classic fleets"
    );
    let (c, w) = time(&|| {
        for x in xrays.iter().take_while(|_| !cancel.is_cancelled()) {
            std::hint::black_box(fleets_with_xray(x, &lengths, &[], TouchRule::MayTouch, 0, &cancel).ok());
        }
    })?;
    println!("{:<44} {c:>10.4} {w:>10.4}", "fleets per X-ray for the same 10,000");
    // Start from the fleet with the most matrices sharing its X-ray among the first 100 seeds,
    // so that the walk has the size of the paper's example (143,509 matrices).
    cancelled(&cancel)?;
    let best = (0..100usize)
        .max_by_key(|&i| count_matrices_u128(&xrays[i], None).ok().flatten().unwrap_or(0))
        .unwrap_or(0);
    let start = BinaryMatrix::from_deployment(
        &setup.board,
        &setup.fleet,
        &random_deployment(&setup.board, &setup.fleet, setup.rules.touch, best as u64)
            .expect("classic fleet fits")
            .deployment,
    )
    .expect("square board");
    let size = walk(&start, 4, 50_000_000, &cancel, &|_: Progress| {})
        .map_err(|e| e.to_string())?
        .matrices
        .len();
    let (c, w) = time(&|| {
        std::hint::black_box(walk(&start, 4, 50_000_000, &cancel, &|_: Progress| {}).ok());
    })?;
    println!(
        "{:<44} {c:>10.4} {w:>10.4}",
        format!("walk within 4 interchanges ({size} matrices)")
    );
    Ok(())
}

/// A share of matrices that are fleets, to three places: "0", "1", "0.250",
/// and in e-notation only when it is small ("2.441e-4").
fn density(d: f64) -> String {
    match d {
        0.0 => "0".into(),
        1.0 => "1".into(),
        d if d >= 1e-3 => format!("{d:.3}"),
        d => format!("{d:.3e}"),
    }
}
