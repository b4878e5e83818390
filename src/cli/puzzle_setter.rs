//! `puzzle minimal` (the minimal-clue certificate) and `puzzle repair` (the
//! single edits that make a puzzle unique), with a progress bar; Ctrl+C stops.

use super::puzzle::load;
use crate::puzzle::setter::{self, EditKind, RepairRequest};
use serde_json::json;

/// `puzzle minimal <file>`: every clue needed, or the ones that can go.
pub fn minimal(file: &str, json: bool) -> Result<(), String> {
    let p = load(file)?;
    let cancel = super::interrupt::ctrl_c_flag();
    let bar = super::progress::spinner(json, "removing each clue in turn (Ctrl+C stops)");
    let m = setter::minimality(&p, &cancel, &|k, total| {
        bar.set_message(format!("clue {} of {total} (Ctrl+C stops)", k + 1));
    });
    bar.finish_and_clear();
    let m = m?;
    if json {
        let clues: Vec<_> = m
            .clues
            .iter()
            .map(|(c, needed)| json!({"clue": c.describe(), "needed": needed}))
            .collect();
        println!(
            "{}",
            json!({"minimal": m.is_minimal(), "clues": clues, "spare": m.spare().len()})
        );
        return Ok(());
    }
    if m.clues.is_empty() {
        println!("no clues to remove: the puzzle's own shape (regions, trees, numbers) fixes its one solution");
    } else if m.is_minimal() {
        println!(
            "minimal: {} (without {} the puzzle has two or more solutions)",
            crate::study::setter::every_clue_needed(m.clues.len()),
            if m.clues.len() == 1 { "it" } else { "any one of them" }
        );
    } else {
        let spare = m.spare();
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
    for word in list.split(',').map(str::trim) {
        let kind = EditKind::from_keyword(word).ok_or_else(|| {
            format!(
                "--edits takes {}, not '{}'",
                EditKind::ALL.map(EditKind::keyword).join(", "),
                crate::quote::excerpt(word)
            )
        })?;
        if !offered.contains(&kind) {
            return Err(format!(
                "--edits: a {} puzzle has no {} edits (it has {})",
                p.family(),
                word,
                names()
            ));
        }
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    Ok(kinds)
}

/// `puzzle repair <file>`: the single edits that leave one solution, easiest
/// first, or else the edits that cut the count most, fewest solutions first.
pub fn repair(file: &str, edits: Option<&str>, json: bool) -> Result<(), String> {
    let p = load(file)?;
    let req = RepairRequest {
        kinds: edit_kinds(&p, edits)?,
        cuts: setter::CUTS_LISTED,
    };
    let cancel = super::interrupt::ctrl_c_flag();
    let bar = super::progress::spinner(json, "trying single edits (Ctrl+C stops)");
    let t0 = super::cputime::process_cpu_seconds();
    let found = setter::repair(&p, &req, &cancel, &|k, total| {
        if k % 20 == 0 {
            bar.set_message(format!("edit {k} of {total} (Ctrl+C stops)"));
        }
    });
    bar.finish_and_clear();
    let found = found?;
    let cpu = super::cputime::process_cpu_seconds() - t0;
    let before = format!("{}{}", found.before, if found.capped { "+" } else { "" });
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
        let kinds: Vec<_> = req.kinds.iter().map(|k| k.keyword()).collect();
        println!(
            "{}",
            json!({"before": found.before, "capped": found.capped, "edits": kinds, "tried": found.tried,
                   "repairs": list, "cuts": cuts, "cpu_s": cpu})
        );
        return Ok(());
    }
    if !found.unique.is_empty() {
        println!(
            "{} single edits make the puzzle unique ({cpu:.2} CPU-s), easiest first:",
            found.unique.len()
        );
        for r in &found.unique {
            println!("  {:<12} {}", r.grade.name(), r.edit.description);
        }
    } else if !found.cuts.is_empty() {
        println!(
            "no single edit makes this puzzle unique ({cpu:.2} CPU-s); the edits that cut its {before} solutions most:"
        );
        let width = found.cuts.iter().map(|c| c.count.to_string().len()).max().unwrap_or(1);
        for c in &found.cuts {
            println!("  {before} → {:>width$}  {}", c.count, c.edit.description);
        }
        println!("apply one and repair again to walk down to one solution");
    } else {
        println!(
            "no single edit of these kinds makes this puzzle unique or cuts its {before} solutions ({cpu:.2} CPU-s)"
        );
    }
    Ok(())
}
