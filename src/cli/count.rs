//! `fleetscope count` and `fleetscope bench count`.

use super::cputime::{measure, median};
use super::rules::RuleArgs;
use super::show::resolve_source;
use crate::cover::{CountError, CountRequest, CountResult, Engine, FleetCover, count_cover, count_deployments};
use crate::geometry::{Board, Fleet};
use crate::geometry::{RuleChoice, TouchRule};
use crate::run::CancelFlag;
use crate::textview::thousands;

pub fn parse_engine(s: &str) -> Result<Engine, String> {
    Engine::ALL.into_iter().find(|e| e.name() == s).ok_or_else(|| {
        let names: Vec<&str> = Engine::names().collect();
        format!("unknown engine '{s}' (expected {})", names.join(", "))
    })
}

/// `count --engine`'s help, from the list of counters (a new one appears by itself).
pub fn engine_help() -> String {
    format!(
        "{} (auto: the fastest for the setup; the result says which ran and why)",
        Engine::names().collect::<Vec<_>>().join(", ")
    )
}

/// `bench hunt --engine`'s help.
pub fn hunt_engine_help() -> String {
    format!(
        "{} (as `count`; not with --strategies)",
        Engine::names().collect::<Vec<_>>().join(", ")
    )
}

pub fn count(source: &str, engine: &str, threads: usize, rule: &RuleArgs, json: bool) -> Result<(), String> {
    let setup = resolve_source(source)?;
    let engine = parse_engine(engine)?;
    let choice = rule.choice(setup.rules);
    let req = CountRequest {
        engine,
        threads,
        rule: choice.rule,
        ..Default::default()
    };
    let bar = super::progress::bar(json, "parts");
    let cancel = super::interrupt::ctrl_c_flag();
    let (result, wall, cpu) = measure(|| {
        count_ending_on_cancel(&setup.board, &setup.fleet, &req, &cancel, &|p| {
            bar.set_length(p.total);
            bar.set_position(p.done);
        })
    });
    bar.finish_and_clear();
    let r = result.map_err(|e| e.to_string())?;
    if json {
        let (rule, rule_overridden) = super::rules::json_fields(choice);
        let obj = serde_json::json!({
            "source": source,
            "labelled": r.labelled.to_string(),
            "distinct_layouts": r.distinct_layouts.to_string(),
            "engine": r.engine.name(),
            "rule": rule,
            "rule_overridden": rule_overridden,
            "placements": r.placements,
            "seconds": wall,
            "cpu_seconds": cpu,
            "note": r.note,
        });
        println!("{obj}");
    } else {
        print!("{}", describe(&setup.name, choice, &r, wall, cpu));
    }
    Ok(())
}

/// Counts as `count_deployments` does, except that a cancelled count leaves
/// its placement tables to the end of the process, which follows at once.
/// On a large board they are tens of thousands of small allocations, cold
/// after seconds of counting: freeing them one by one took 20–40 ms of the
/// 100 ms a Ctrl+C may take, and the process's end returns them all at once.
pub(super) fn count_ending_on_cancel(
    board: &Board,
    fleet: &Fleet,
    req: &CountRequest,
    cancel: &CancelFlag,
    progress: &(dyn Fn(crate::run::Progress) + Sync),
) -> Result<CountResult, CountError> {
    let cover = FleetCover::new(board, fleet, req.rule, &req.observations).map_err(CountError::Invalid)?;
    let result = count_cover(board, fleet, &cover, req, cancel, progress);
    if matches!(result, Err(CountError::Cancelled(_))) {
        std::mem::forget(cover);
    }
    result
}

fn describe(name: &str, choice: RuleChoice, r: &CountResult, wall: f64, cpu: f64) -> String {
    let mut s = format!("{name}\n  rule: {}\n", choice.describe());
    s += &format!(
        "  labelled deployments (every ship distinct): {}\n",
        thousands(r.labelled)
    );
    s += &format!(
        "  distinct layouts (identical shapes interchangeable): {}\n",
        thousands(r.distinct_layouts)
    );
    s += &format!("  placements per piece: {:?}\n", r.placements);
    s += &format!("  engine {}, {wall:.3} s wall, {cpu:.3} s CPU\n", r.engine.name());
    if let Some(n) = &r.note {
        s += &format!("  note: {n}\n");
    }
    s
}

/// A benchmark case: name, board, fleet, touch rule, and the engines worth timing on it.
type Case = (String, Board, Fleet, TouchRule, Vec<Engine>);

fn cases(heavy: bool) -> Result<Vec<Case>, String> {
    let classic = resolve_source("classic")?;
    let russian = resolve_source("russian")?;
    let square = |n: u32| Board::square(&format!("{n}×{n}"), n, n);
    let blue = resolve_source("hex2008-blue")?;
    let green = resolve_source("hex2008-green")?;
    let (fast, frontier) = (Engine::Fast, Engine::Frontier);
    let with_dlx = |mut v: Vec<Engine>, plain: bool| {
        if heavy {
            v.push(Engine::Dlx);
            if plain {
                v.push(Engine::DlxPlain);
            }
        }
        v
    };
    let (touch, apart) = (TouchRule::MayTouch, TouchRule::NoTouch);
    let mut out: Vec<Case> = vec![
        (
            "classic 8×8".into(),
            square(8),
            classic.fleet.clone(),
            touch,
            with_dlx(vec![fast, frontier], true),
        ),
        (
            "classic 10×10".into(),
            classic.board.clone(),
            classic.fleet.clone(),
            touch,
            with_dlx(vec![fast, frontier], false),
        ),
        (
            "hex 2008 blue".into(),
            blue.board,
            blue.fleet,
            touch,
            vec![fast, frontier],
        ),
        (
            "hex 2008 green".into(),
            green.board,
            green.fleet,
            touch,
            vec![fast, frontier],
        ),
        (
            "russian 10×10".into(),
            russian.board.clone(),
            russian.fleet.clone(),
            touch,
            vec![frontier],
        ),
        (
            "russian 10×10 apart".into(),
            russian.board.clone(),
            russian.fleet.clone(),
            apart,
            vec![frontier],
        ),
    ];
    // Few ships on large boards: the cluster counter (its time does not grow
    // with the board) and, where they finish in seconds, the frontier.
    out.push((
        "classic 12×12".into(),
        square(12),
        classic.fleet.clone(),
        touch,
        vec![Engine::Clusters, frontier],
    ));
    for n in [16, 20, 32, 64] {
        out.push((
            format!("classic {n}×{n}"),
            square(n),
            classic.fleet.clone(),
            touch,
            vec![Engine::Clusters],
        ));
    }
    out.push((
        "classic 16×16 apart".into(),
        square(16),
        classic.fleet.clone(),
        apart,
        vec![Engine::Clusters],
    ));
    if heavy {
        out.push((
            "russian 7×7".into(),
            square(7),
            russian.fleet.clone(),
            touch,
            vec![frontier, Engine::Dlx],
        ));
        out.push((
            "russian 16×16".into(),
            square(16),
            russian.fleet.clone(),
            touch,
            vec![frontier],
        ));
        out.push((
            "classic 20×20".into(),
            square(20),
            classic.fleet.clone(),
            touch,
            vec![frontier, Engine::Dlx],
        ));
    }
    Ok(out)
}

pub fn bench(runs: usize, threads: usize, heavy: bool) -> Result<(), String> {
    println!(
        "{:<20} {:<10} {:>28} {:>10} {:>10}  ({} runs, {} threads)",
        "board",
        "engine",
        "labelled",
        "cpu s",
        "wall s",
        runs,
        if threads == 0 {
            "all".to_string()
        } else {
            threads.to_string()
        }
    );
    let cancel = super::interrupt::ctrl_c_flag();
    for (name, board, fleet, rule, engines) in cases(heavy)? {
        for engine in engines {
            let req = CountRequest {
                engine,
                threads,
                rule,
                ..Default::default()
            };
            let (mut cpu, mut wall, mut value) = (Vec::new(), Vec::new(), 0);
            for _ in 0..runs.max(1) {
                let (r, w, c) = measure(|| count_deployments(&board, &fleet, &req, &cancel, &|_| {}));
                value = r.map_err(|e| e.to_string())?.labelled;
                cpu.push(c);
                wall.push(w);
            }
            println!(
                "{name:<20} {:<10} {:>28} {:>10.4} {:>10.4}",
                engine.name(),
                thousands(value),
                median(cpu),
                median(wall)
            );
        }
    }
    Ok(())
}
