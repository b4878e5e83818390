//! `puzzle minimal` (the minimal-clue certificate) and `puzzle repair` (the
//! single edits that make a puzzle unique), with a progress bar; Ctrl+C stops.

use super::puzzle::load;
use crate::puzzle::setter::{self, Repair};
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

/// `puzzle repair <file>`: the single edits that leave one solution, easiest first.
pub fn repair(file: &str, json: bool) -> Result<(), String> {
    let p = load(file)?;
    let cancel = super::interrupt::ctrl_c_flag();
    let bar = super::progress::spinner(json, "trying single edits (Ctrl+C stops)");
    let t0 = super::cputime::process_cpu_seconds();
    let found = setter::repairs(&p, &cancel, &|k, total| {
        if k % 20 == 0 {
            bar.set_message(format!("edit {k} of {total} (Ctrl+C stops)"));
        }
    });
    bar.finish_and_clear();
    let found: Vec<Repair> = found?;
    let cpu = super::cputime::process_cpu_seconds() - t0;
    if json {
        let list: Vec<_> = found
            .iter()
            .map(|r| {
                json!({"edit": r.edit.description, "grade": r.grade.name(),
                       "cells": r.edit.cells.iter().map(|&(a, b)| [a, b]).collect::<Vec<_>>()})
            })
            .collect();
        println!("{}", json!({"repairs": list, "cpu_s": cpu}));
        return Ok(());
    }
    if found.is_empty() {
        println!("no single edit makes this puzzle unique ({cpu:.2} CPU-s)");
    } else {
        println!(
            "{} single edits make the puzzle unique ({cpu:.2} CPU-s), easiest first:",
            found.len()
        );
        for r in &found {
            println!("  {:<12} {}", r.grade.name(), r.edit.description);
        }
    }
    Ok(())
}
