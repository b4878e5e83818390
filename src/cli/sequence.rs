//! `fleetscope count <source> --sizes A..B`: the count of the source's fleet
//! on every n×n board (hexagons of radius n for hex fleets), one line each,
//! as recreational mathematicians tabulate such sequences. The cluster
//! counter enumerates the pieces' overlap patterns once and then counts
//! every size at once; fleets it does not take are counted size by size.

use super::cputime::process_cpu_seconds;
use super::rules::RuleArgs;
use super::show::resolve_source;
use crate::cover::{ClusterCounter, CountInput, CountRequest, Engine, FleetCover, Frame, distinct_layout_divisor};
use crate::geometry::{Board, Lattice, MAX_SQUARE_SIDE};
use crate::textview::thousands;

/// Largest hexagon radius (a hexagon of radius 57 has 9,919 cells).
const MAX_RADIUS: u32 = 57;

/// Reads `A..B` (B excluded) or `A..=B`.
fn parse_sizes(text: &str, max: u32) -> Result<std::ops::RangeInclusive<u32>, String> {
    let bad = || {
        format!(
            "--sizes '{}' is not A..B or A..=B with 1 ≤ A ≤ B ≤ {max}",
            crate::quote::clean_message(text)
        )
    };
    let (a, b, inclusive) = if let Some((a, b)) = text.split_once("..=") {
        (a, b, true)
    } else if let Some((a, b)) = text.split_once("..") {
        (a, b, false)
    } else {
        return Err(bad());
    };
    let a: u32 = a.trim().parse().map_err(|_| bad())?;
    let b: u32 = b.trim().parse().map_err(|_| bad())?;
    let b = if inclusive {
        b
    } else {
        b.checked_sub(1).ok_or_else(bad)?
    };
    if a == 0 || a > b || b > max {
        return Err(bad());
    }
    Ok(a..=b)
}

pub fn count_sizes(source: &str, sizes: &str, engine: &str, rule: &RuleArgs, json: bool) -> Result<(), String> {
    let setup = resolve_source(source)?;
    let fleet = &setup.fleet;
    let hex = fleet.lattice == Lattice::Hex;
    let range = parse_sizes(sizes, if hex { MAX_RADIUS } else { MAX_SQUARE_SIDE })?;
    let engine = super::count::parse_engine(engine)?;
    let choice = rule.choice(setup.rules);
    let board = |n: u32| {
        if hex {
            Board::hexagon("n", n as i32)
        } else {
            Board::square("n", n, n)
        }
    };
    let cancel = super::interrupt::ctrl_c_flag();
    let divisor = distinct_layout_divisor(fleet);
    let t0 = process_cpu_seconds();
    // The cluster counter takes every size or none (the boards are plain and shot-free).
    let first = board(*range.start());
    let plain = CountRequest {
        rule: choice.rule,
        ..Default::default()
    };
    let cover = FleetCover::new(&first, fleet, plain.rule, &plain.observations)?;
    let clusters = Engine::Clusters.counter().expect("the cluster counter");
    let refusal = clusters.refuses(&CountInput::new(&first, fleet, &plain, &cover));
    if let (Engine::Clusters, Some(why)) = (engine, &refusal) {
        return Err(why.clone());
    }
    let use_clusters = matches!(engine, Engine::Auto | Engine::Clusters) && refusal.is_none();
    let mut rows: Vec<(u32, u128)> = Vec::new();
    let used = if use_clusters {
        let bar = super::progress::bar(json, "sets of pieces (Ctrl+C stops)");
        let counter = ClusterCounter::new(fleet, choice.rule, &cancel, &|done, total| {
            bar.set_length(total);
            bar.set_position(done);
        })
        .map_err(|e| e.to_string())?;
        bar.finish_and_clear();
        for n in range {
            let frame = Frame::of(&board(n)).expect("a plain board");
            let z = counter.count(frame).map_err(|e| format!("{n}: {e}"))?;
            rows.push((n, u128::try_from(z).map_err(|_| format!("{n}: a negative sum"))?));
        }
        Engine::Clusters
    } else {
        let bar = super::progress::bar(json, "sizes (Ctrl+C stops)");
        bar.set_length(range.clone().count() as u64);
        let req = CountRequest {
            engine,
            threads: 0,
            rule: choice.rule,
            ..Default::default()
        };
        for n in range {
            let r = super::count::count_ending_on_cancel(&board(n), fleet, &req, &cancel, &|_| {})
                .map_err(|e| format!("{n}: {e}"))?;
            rows.push((n, r.labelled));
            bar.inc(1);
        }
        bar.finish_and_clear();
        engine
    };
    let cpu = process_cpu_seconds() - t0;
    let distinct = |z: u128| divisor.map_or(0, |d| z / d);
    if json {
        let list: Vec<serde_json::Value> = rows
            .iter()
            .map(|&(n, z)| serde_json::json!({"n": n, "labelled": z.to_string(), "distinct_layouts": distinct(z).to_string()}))
            .collect();
        let (rule, rule_overridden) = super::rules::json_fields(choice);
        println!(
            "{}",
            serde_json::json!({"source": source, "fleet": fleet.name, "rule": rule, "rule_overridden": rule_overridden,
                               "boards": if hex { "hexagon of radius n" } else { "n×n" }, "engine": used.name(),
                               "sizes": list, "cpu_seconds": cpu})
        );
        return Ok(());
    }
    println!(
        "{} on {} boards, {}; engine {}",
        fleet.name,
        if hex { "hexagonal (radius n)" } else { "n×n" },
        choice.describe(),
        used.name()
    );
    println!(
        "{:>4} {:>40} {:>40}",
        "n", "labelled (ships distinct)", "distinct layouts"
    );
    for (n, z) in rows {
        println!("{n:>4} {:>40} {:>40}", thousands(z), thousands(distinct(z)));
    }
    println!("{cpu:.3} CPU-s");
    Ok(())
}
