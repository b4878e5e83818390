//! `puzzle minimal` (the minimal-clue certificate) and `puzzle repair` (the
//! single edits that make a puzzle unique), with a progress bar; Ctrl+C stops.

use super::puzzle::load;
use crate::puzzle::setter::{self, EditKind, RepairRequest, SetterError};
use crate::study::setter::MINIMAL_TIME_LIMIT;
use serde_json::json;

/// `puzzle minimal <file>`: every clue needed, or the ones that can go. A
/// spinner says which stage it is in (the first count, then each clue
/// removed); `--time-limit` (default [`MINIMAL_TIME_LIMIT`]) ends it with the
/// clues checked by then, Ctrl+C stops it.
pub fn minimal(file: &str, time_limit: Option<f64>, json: bool) -> Result<(), String> {
    let limit = crate::study::sampling::time_limit(time_limit)?.unwrap_or(MINIMAL_TIME_LIMIT);
    let p = load(file)?;
    let cancel = super::interrupt::ctrl_c_flag().with_time_limit(limit);
    let first = setter::MinimalityStage::CountingSolutions.describe();
    let bar = super::progress::spinner(json, &format!("{first} (Ctrl+C stops)"));
    let m = setter::minimality(&p, &cancel, &|stage| {
        bar.set_message(format!("{} (Ctrl+C stops)", stage.describe()));
    });
    bar.finish_and_clear();
    let limit_text = crate::textview::seconds_text(limit);
    let m = match m {
        Err(e @ SetterError::UniquenessTimedOut) => {
            if json {
                println!(
                    "{}",
                    json!({"minimal": null, "cut_short": true, "clues": [], "unchecked": null})
                );
            } else {
                println!("not certified: {e} (time limit {limit_text})");
            }
            return Ok(());
        }
        m => m.map_err(|e| e.to_string())?,
    };
    if json {
        let clues: Vec<_> = m
            .clues
            .iter()
            .map(|(c, needed)| json!({"clue": c.describe(), "needed": needed}))
            .collect();
        println!(
            "{}",
            json!({"minimal": m.is_minimal(), "cut_short": m.cut_short(), "clues": clues,
                   "spare": m.spare().len(), "unchecked": m.unchecked.len()})
        );
        return Ok(());
    }
    let spare = m.spare();
    if m.cut_short() {
        let total = m.clues.len() + m.unchecked.len();
        let so_far = match spare.len() {
            0 if m.clues.is_empty() => String::new(),
            0 => format!("; each of those {} is needed", m.clues.len()),
            n => format!("; of those, {n} can go (each on its own):"),
        };
        println!(
            "not certified: the time limit ({limit_text}) stopped the check after {} of {total} clues{so_far}",
            m.clues.len()
        );
        for c in spare {
            println!("  {}", c.describe());
        }
    } else if m.clues.is_empty() {
        println!("no clues to remove: the puzzle's own shape (regions, trees, numbers) fixes its one solution");
    } else if m.is_minimal() {
        println!(
            "minimal: {} (without {} the puzzle has two or more solutions)",
            crate::study::setter::every_clue_needed(m.clues.len()),
            if m.clues.len() == 1 { "it" } else { "any one of them" }
        );
    } else {
        println!(
            "not minimal: {}{}:",
            crate::study::setter::clues_that_can_go(spare.len(), m.clues.len()),
            if spare.len() == 1 {
                ""
            } else {
                ", each on its own (removing two may not keep it unique)"
            }
        );
        for c in spare {
            println!("  {}", c.describe());
        }
    }
    Ok(())
}

/// The kinds of edit `--edits` names (every kind the family has without it).
fn edit_kinds(p: &crate::puzzle::Puzzle, edits: Option<&str>) -> Result<Vec<EditKind>, String> {
    let offered = setter::edit_kinds(p);
    let Some(list) = edits else { return Ok(offered) };
    let names = || offered.iter().map(|k| k.keyword()).collect::<Vec<_>>().join(", ");
    let mut kinds = Vec::new();
    // Read as every list is read: blanks between commas skipped, a list naming none refused.
    for word in list.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        let kind = EditKind::from_keyword(word).ok_or_else(|| {
            format!(
                "--edits takes {}, not '{}'",
                EditKind::ALL.map(EditKind::keyword).join(", "),
                crate::quote::excerpt(word)
            )
        })?;
        if !offered.contains(&kind) {
            return Err(format!(
                "--edits: {} puzzles have no {} edits (they have {})",
                p.family(),
                word,
                names()
            ));
        }
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    if kinds.is_empty() {
        return Err(format!("--edits names no edit: a list of {}", names()));
    }
    Ok(kinds)
}

/// `puzzle repair <file>`: the single edits that leave one solution, easiest
/// first, or else the edits that cut the count most, fewest solutions first.
/// A spinner says which stage it is in (counting the solutions, checking
/// cells, recounting edits); `--time-limit` bounds it all, Ctrl+C stops it.
pub fn repair(file: &str, edits: Option<&str>, time_limit: Option<f64>, json: bool) -> Result<(), String> {
    let limit = crate::study::sampling::time_limit(time_limit)?;
    let p = load(file)?;
    let kinds = edit_kinds(&p, edits)?;
    let mut cancel = super::interrupt::ctrl_c_flag();
    if let Some(t) = limit {
        cancel = cancel.with_time_limit(t);
    }
    let bar = super::progress::spinner(json, "counting the solutions (Ctrl+C stops)");
    let t0 = super::cputime::process_cpu_seconds();
    let lens = setter::lens(&p, &cancel.with_time_limit(setter::LENS_LIMIT));
    let found = lens.and_then(|lens| {
        let req = RepairRequest {
            kinds,
            ..RepairRequest::every_kind(&p, lens)
        };
        setter::repair(&p, &req, &cancel, &|stage| {
            let (done, _) = stage.counts();
            if done % 20 == 0 {
                bar.set_message(format!("{} (Ctrl+C stops)", stage.describe()));
            }
        })
        .map(|found| (req.kinds, found))
    });
    bar.finish_and_clear();
    let (kinds, found) = found.map_err(|e| e.to_string())?;
    let cpu = super::cputime::process_cpu_seconds() - t0;
    let before = found.count_before();
    let cells = |e: &setter::Edit| e.cells.iter().map(|&(a, b)| [a + 1, b + 1]).collect::<Vec<_>>();
    if json {
        let list: Vec<_> = found
            .unique
            .iter()
            .map(|r| json!({"edit": r.edit.description, "kind": r.edit.kind.keyword(), "grade": r.grade.name(), "count": 1, "cells": cells(&r.edit)}))
            .collect();
        let cuts: Vec<_> = found
            .cuts
            .iter()
            .map(|c| json!({"edit": c.edit.description, "kind": c.edit.kind.keyword(), "count": c.count, "cells": cells(&c.edit)}))
            .collect();
        let kinds: Vec<_> = kinds.iter().map(|k| k.keyword()).collect();
        println!(
            "{}",
            json!({"before": found.before, "capped": found.capped, "edits": kinds, "tried": found.tried,
                   "candidates": found.candidates, "cut_short": found.cut_short(), "no_cuts": found.no_cuts,
                   "repairs": list, "cuts": cuts, "cpu_s": cpu})
        );
        return Ok(());
    }
    // Cut short by the time limit, "none" means none among the edits counted.
    let stopped = found.cut_short().then(|| match found.tried {
        0 => format!(
            "the time limit stopped the search before it counted any of its {} edits",
            found.candidates
        ),
        n => format!(
            "the time limit stopped the search after {n} of {} edits",
            found.candidates
        ),
    });
    if !found.unique.is_empty() {
        println!(
            "{} the puzzle unique ({cpu:.2} CPU-s), easiest first:",
            crate::textview::count(found.unique.len(), "single edit makes", "single edits make")
        );
        for r in &found.unique {
            println!("  {:<12} {}", r.grade.name(), r.edit.description);
        }
    } else if !found.cuts.is_empty() {
        let none = match &stopped {
            Some(s) => format!("{s} and none of those makes this puzzle unique"),
            None => "no single edit makes this puzzle unique".into(),
        };
        println!("{none} ({cpu:.2} CPU-s); the edits that cut its {before} solutions most:");
        let width = found.cuts.iter().map(|c| c.count.to_string().len()).max().unwrap_or(1);
        for c in &found.cuts {
            println!("  {before} → {:>width$}  {}", c.count, c.edit.description);
        }
        println!("apply one and repair again to walk down to one solution");
    } else {
        let cuts = match &found.no_cuts {
            Some(why) => format!(" (no cuts looked for: {why})"),
            None => format!(" or {}", found.no_cut_phrase()),
        };
        match &stopped {
            Some(s) if found.tried == 0 => println!("{s} ({cpu:.2} CPU-s)"),
            Some(s) => println!("{s}, and none of those makes this puzzle unique{cuts} ({cpu:.2} CPU-s)"),
            None => println!("no single edit of these kinds makes this puzzle unique{cuts} ({cpu:.2} CPU-s)"),
        }
    }
    if let Some(s) = &stopped
        && !found.unique.is_empty()
    {
        println!("{s}: other edits may be easier");
    }
    Ok(())
}
