//! `fleetscope bench hunt`: how long an exact occupancy map takes after each
//! shot, and how many shots the "most likely cell" player needs.

use super::cputime::{measure, median};
use super::show::resolve_source;
use crate::cover::{CountError, CountRequest, Engine, HuntGame, Occupancy, Shot, occupancy, occupancy_after_miss};
use crate::geometry::random_deployment;
use crate::geometry::{Board, Fleet};
use crate::run::CancelFlag;

/// Largest number of games per board (each can take minutes with a slow engine).
const MAX_GAMES: usize = 10_000;

/// Largest number of times each map is made (`--repeats`).
const MAX_REPEATS: usize = 25;

/// The per-map budget hunting aims at (a map slower than this is counted).
const SLOW_MAP: f64 = 0.05;

pub fn bench_hunt(
    boards: &str,
    games: usize,
    max_shots: usize,
    seed: u64,
    engine: &str,
    list_slow: bool,
    repeats: usize,
) -> Result<(), String> {
    if repeats == 0 || repeats > MAX_REPEATS {
        return Err(format!("--repeats must be from 1 to {MAX_REPEATS}, not {repeats}"));
    }
    let engine = super::count::parse_engine(engine)?;
    if games == 0 || games > MAX_GAMES {
        return Err(format!("--games must be from 1 to {MAX_GAMES}, not {games}"));
    }
    if max_shots == 0 {
        return Err("--shots must be 1 or more, not 0 (a game needs a shot)".into());
    }
    crate::study::seeds::check_run(seed, games, &format!("--games {games}"))?;
    // Every board read before the table starts: none, a wrong one or one twice is refused.
    let keys = crate::study::parse_list::<String>(boards, "--boards", "a preset or session")?;
    if keys.is_empty() {
        return Err("--boards names no board: a list of presets or session files".into());
    }
    if let Some(twice) = keys
        .iter()
        .enumerate()
        .find_map(|(i, k)| keys[..i].contains(k).then_some(k))
    {
        return Err(format!("--boards names '{}' twice", crate::quote::excerpt(twice)));
    }
    let setups = keys
        .iter()
        .map(|k| resolve_source(k).map(|s| (k.as_str(), s)))
        .collect::<Result<Vec<_>, String>>()?;
    let cancel = super::interrupt::ctrl_c_flag();
    println!(
        "{:<16} {:>6} {:>6} {:>12} {:>12} {:>10}   (one thread; CPU seconds per map)",
        "board", "games", "maps", "median s", "worst s", "shots"
    );
    for (key, setup) in setups {
        let req = CountRequest {
            engine,
            threads: 1,
            rule: setup.rules.touch,
            ..Default::default()
        };
        let (mut cpu, mut finished) = (Vec::new(), Vec::new());
        for g in 0..games {
            let hidden = random_deployment(
                &setup.board,
                &setup.fleet,
                setup.rules.touch,
                seed.wrapping_add(g as u64),
            )
            .map_err(|e| format!("{key}: {e}"))?
            .deployment;
            let mut game = HuntGame::new(&setup.fleet, &hidden);
            // The map before the last shot, with its request: a miss before any
            // hit updates it, as the strategy lab's players do.
            let mut before: Option<(CountRequest, Occupancy)> = None;
            while !game.won() && game.shots < max_shots {
                let r = CountRequest {
                    observations: game.observations.clone(),
                    ..req.clone()
                };
                let mut times = Vec::with_capacity(repeats);
                let mut made = None;
                for _ in 0..repeats {
                    let (map, _, c) = measure(|| map_after(&setup.board, &setup.fleet, &r, before.as_ref(), &cancel));
                    made = Some(map.map_err(|e| format!("{key}: {e}"))?);
                    times.push(c);
                }
                let map = made.expect("at least one repeat");
                let c = median(times);
                cpu.push(c);
                if list_slow && c > SLOW_MAP {
                    let list = |cells: &std::collections::BTreeSet<crate::geometry::Coord>| {
                        cells
                            .iter()
                            .map(|c| format!("({},{})", c.0, c.1))
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    let obs = &game.observations;
                    eprintln!(
                        "{key}: {c:.3} CPU-s after misses [{}], hits [{}], {} sunk",
                        list(&obs.misses),
                        list(&obs.hits),
                        obs.sunk.len()
                    );
                }
                let target = map
                    .best_shot(&game.observations.hits)
                    .or_else(|| game.unshot(&setup.board).first().copied())
                    .ok_or_else(|| format!("{key}: no cell left to shoot"))?;
                before = (engine == Engine::Auto).then_some((r, map));
                if game.shoot(target) != Shot::Miss && game.won() {
                    break;
                }
            }
            if game.won() {
                finished.push(game.shots);
            }
        }
        // The fairness what-if on this board: every island removed, every cell made one.
        let (rows, _, what_if_cpu) =
            measure(|| crate::cover::what_if(&setup.board, &setup.fleet, &req, &cancel, &|_| {}));
        let what_if_rows = rows.map_err(|e| format!("{key}: {e}"))?.len();
        let worst = cpu.iter().copied().fold(0.0, f64::max);
        let maps = cpu.len();
        let slow = cpu.iter().filter(|&&c| c > SLOW_MAP).count();
        let shots = if finished.len() == games {
            let mean = finished.iter().sum::<usize>() as f64 / games as f64;
            format!("{mean:.1}")
        } else {
            format!("{}/{} won", finished.len(), games)
        };
        println!(
            "{key:<16} {games:>6} {maps:>6} {:>12.4} {worst:>12.4} {shots:>10}",
            median(cpu)
        );
        println!("{:<16} maps over {SLOW_MAP} CPU-s: {slow}", "");
        println!(
            "{:<16} fairness what-if: {what_if_rows} variants in {what_if_cpu:.4} CPU-s",
            ""
        );
        if finished.len() == games && games > 1 {
            finished.sort_unstable();
            let q = |f: f64| finished[((games - 1) as f64 * f).round() as usize];
            println!(
                "{:<16} shots to sink the fleet: min {}, quartiles {} / {} / {}, max {}",
                "",
                finished[0],
                q(0.25),
                q(0.5),
                q(0.75),
                finished[games - 1]
            );
        }
    }
    Ok(())
}

/// The map for `req`: updated from the map before when one miss is all that
/// changed and no ship has been hit, else made from scratch.
fn map_after(
    board: &Board,
    fleet: &Fleet,
    req: &CountRequest,
    before: Option<&(CountRequest, Occupancy)>,
    cancel: &CancelFlag,
) -> Result<Occupancy, CountError> {
    if let Some((before_req, before_map)) = before {
        let (now, then) = (&req.observations, &before_req.observations);
        let mut new_misses = now.misses.difference(&then.misses);
        if let (Some(&miss), None) = (new_misses.next(), new_misses.next())
            && now.hits == then.hits
            && now.misses.len() == then.misses.len() + 1
            && let Some(map) = occupancy_after_miss(board, fleet, before_req, before_map, miss, cancel)?
        {
            return Ok(map);
        }
    }
    occupancy(board, fleet, req, cancel, &|_| {})
}
