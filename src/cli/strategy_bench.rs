//! `fleetscope bench hunt --strategies …`: the strategy lab on the command
//! line. Every strategy plays the same hidden fleets (random, or the
//! adversarial ones the exact player needs longest for); per strategy the
//! mean shots to sink the fleet with a 95 % confidence interval, median,
//! quartiles and max; the exact maps' median and worst seconds.

use super::cputime::{median, process_cpu_seconds};
use super::show::resolve_source;
use crate::hunting::{Hiders, LabRequest, ShotStats, StrategyKind, cumulative_share, run_lab};
use serde_json::json;

/// What was asked.
pub struct StrategyBench {
    pub boards: String,
    pub strategies: String,
    pub games: usize,
    pub seed: u64,
    pub adversarial: Option<usize>,
    pub threads: usize,
    pub json: bool,
}

/// Reads `all` or a comma-separated list of strategy names (blanks between
/// commas skipped, as in every list); a list naming none is refused.
pub fn parse_strategies(text: &str) -> Result<Vec<StrategyKind>, String> {
    if text.trim() == "all" {
        return Ok(StrategyKind::ALL.to_vec());
    }
    let names: Vec<String> = crate::study::parse_list(text, "--strategies", "a strategy")?;
    if names.is_empty() {
        return Err(format!(
            "--strategies names no strategy: all, or a list of {}",
            StrategyKind::keys()
        ));
    }
    names
        .iter()
        .map(|n| StrategyKind::parse(n).map_err(|e| format!("--strategies: {e}")))
        .collect()
}

/// `bench hunt --strategies`' help, naming every strategy's key.
pub fn strategies_help() -> String {
    format!(
        "Play the strategy lab instead: `all` or a list of {} (every strategy against the same fleets)",
        StrategyKind::keys()
    )
}

pub fn bench(b: &StrategyBench) -> Result<(), String> {
    let strategies = parse_strategies(&b.strategies)?;
    let hiders = match b.adversarial {
        None => Hiders::Random,
        Some(pool) if pool >= b.games && pool <= crate::hunting::MAX_GAMES => Hiders::Adversarial { pool, steps: 20 },
        Some(pool) => {
            return Err(format!(
                "--adversarial POOL draws POOL fleets to keep the --games slowest: {} to {}, not {pool}",
                b.games,
                crate::hunting::MAX_GAMES
            ));
        }
    };
    let fleets = b.adversarial.unwrap_or(b.games);
    crate::study::seeds::check_run(b.seed, fleets, &format!("{fleets} fleets"))?;
    let cancel = super::interrupt::ctrl_c_flag();
    let mut out = Vec::new();
    let mut cancelled = false;
    for key in crate::study::parse_list::<String>(&b.boards, "--boards", "a preset or session")? {
        let setup = resolve_source(&key)?;
        let req = LabRequest {
            strategies: strategies.clone(),
            games: b.games,
            seed: b.seed,
            hiders,
            threads: b.threads,
            max_shots: setup.board.playable_cells().len(),
        };
        let bar = super::progress::bar(b.json, "games (Ctrl+C stops)");
        let t0 = process_cpu_seconds();
        let report = run_lab(&setup.board, &setup.fleet, setup.rules.touch, &req, &cancel, &|p| {
            bar.set_length(p.total);
            bar.set_position(p.done);
        })
        .map_err(|e| format!("{key}: {e}"))?;
        bar.finish_and_clear();
        let cpu = process_cpu_seconds() - t0;
        let maps = report.map_seconds.clone();
        let worst = maps.iter().copied().fold(0.0, f64::max);
        if b.json {
            let rows: Vec<serde_json::Value> = report
                .results
                .iter()
                .map(|(k, shots)| {
                    let s = ShotStats::of(shots).expect("games were played");
                    json!({"strategy": k.key(), "title": k.title(), "games": s.games, "mean": s.mean,
                           "ci95": s.ci95, "median": s.median, "q1": s.quartiles.0, "q3": s.quartiles.1,
                           "min": s.min, "max": s.max, "cumulative": cumulative_share(shots)})
                })
                .collect();
            out.push(json!({"board": key, "rule": setup.rules.touch.keyword(), "hiders": if b.adversarial.is_some() { "adversarial" } else { "random" },
                            "games": report.fleets.len(), "cancelled": report.cancelled, "seed": b.seed, "strategies": rows, "maps_made": maps.len(),
                            "map_median_s": if maps.is_empty() { 0.0 } else { median(maps.clone()) },
                            "map_worst_s": worst, "cpu_s": cpu}));
            if report.cancelled {
                cancelled = true;
                break;
            }
            continue;
        }
        if report.cancelled {
            println!(
                "{key}: cancelled; {} finished before it (of {}):",
                crate::textview::count(report.fleets.len(), "game", "games"),
                b.games
            );
        }
        println!(
            "{key}: {} against {} fleets (seed {}), {}",
            crate::textview::count(report.fleets.len(), "game", "games"),
            if b.adversarial.is_some() {
                "adversarial"
            } else {
                "random"
            },
            b.seed,
            setup.rules.touch.describe()
        );
        println!(
            "{:<26} {:>7} {:>16} {:>7} {:>13} {:>5} {:>5}",
            "strategy", "games", "mean ± 95 %", "median", "quartiles", "min", "max"
        );
        for (k, shots) in &report.results {
            let s = ShotStats::of(shots).expect("games were played");
            println!(
                "{:<26} {:>7} {:>9.2} ± {:<4.2} {:>7.1} {:>6.1} / {:<5.1} {:>5} {:>5}",
                k.title(),
                s.games,
                s.mean,
                s.ci95,
                s.median,
                s.quartiles.0,
                s.quartiles.1,
                s.min,
                s.max
            );
        }
        if !maps.is_empty() {
            println!(
                "exact maps: {} made (the rest read back from earlier games), median {:.4} CPU-s, worst {:.4} CPU-s",
                maps.len(),
                median(maps.clone()),
                worst
            );
        }
        println!("{cpu:.1} CPU-s");
        println!();
        if report.cancelled {
            cancelled = true;
            break;
        }
    }
    if b.json {
        println!("{}", serde_json::Value::Array(out));
    }
    if cancelled {
        return Err("the figures above are of the games finished before Ctrl+C; the rest were cancelled".into());
    }
    Ok(())
}
