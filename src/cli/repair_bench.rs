//! `bench puzzles --repair --data DIR`: every published puzzle with more than
//! one solution through the repair search as `puzzle repair` runs it (every
//! kind of edit, the best cuts listed): how many one edit makes unique, and
//! the CPU seconds of the lens recount and of the whole repair list.

use super::cputime::{median, process_cpu_seconds};
use crate::puzzle::data::DataRecord;
use crate::puzzle::setter::{self, SetterError};
use crate::run::{CancelFlag, Cancelled};
use serde_json::json;

/// Repairs every record of one set that is not unique; prints the share repaired.
pub fn repair_set(
    family: &str,
    records: &[(usize, DataRecord)],
    json: bool,
    cancel: &CancelFlag,
) -> Result<(), String> {
    let (mut ambiguous, mut repaired) = (0usize, 0usize);
    // The lens's recount over the puzzles that are not unique (a setter's drafts).
    let mut lens_cpu = Vec::new();
    let mut repair_cpu = Vec::new();
    let mut worst = (0.0f64, String::new());
    for (_, rec) in records {
        let t0 = process_cpu_seconds();
        // A puzzle without a lens is skipped; a cancelled lens ends the bench.
        let seen = match setter::lens(&rec.puzzle, cancel) {
            Ok(seen) => seen,
            Err(SetterError::Cancelled(c)) => return Err(c.to_string()),
            Err(_) => continue,
        };
        let lens_seconds = process_cpu_seconds() - t0;
        if cancel.is_cancelled() {
            return Err(Cancelled.to_string());
        }
        if seen.count < 2 {
            continue;
        }
        ambiguous += 1;
        lens_cpu.push(lens_seconds);
        let t0 = process_cpu_seconds();
        let (count, capped) = (seen.count, seen.capped);
        let req = setter::RepairRequest::every_kind(&rec.puzzle, seen);
        let found = setter::repair(&rec.puzzle, &req, cancel, &|_| {})
            .map_err(|e| e.to_string())?
            .unique;
        let cpu = process_cpu_seconds() - t0;
        if cpu > worst.0 {
            worst = (cpu, rec.id.clone());
        }
        repair_cpu.push(cpu);
        if !found.is_empty() {
            repaired += 1;
        }
        if json {
            println!(
                "{}",
                json!({"id": rec.id, "solutions": count, "capped": capped, "repairs": found.len(),
                       "best": found.first().map(|r| r.edit.description.clone()), "cpu_s": cpu})
            );
        }
    }
    let share = 100.0 * repaired as f64 / ambiguous.max(1) as f64;
    let summary = format!(
        "{family:<12} {}, {ambiguous} not unique, {repaired} of them ({share:.1} %) made unique by one edit; lens recount median {:.5} CPU-s, worst {:.5}; repair list median {:.3} CPU-s, worst {:.3} ({})",
        crate::textview::count(records.len(), "puzzle", "puzzles"),
        median(lens_cpu.clone()),
        lens_cpu.iter().copied().fold(0.0, f64::max),
        median(repair_cpu),
        worst.0,
        worst.1
    );
    let summary = if ambiguous == 0 {
        format!(
            "{family:<12} {}, every one unique",
            crate::textview::count(records.len(), "puzzle", "puzzles")
        )
    } else {
        summary
    };
    if json {
        println!(
            "{}",
            json!({"family": family, "puzzles": records.len(), "not_unique": ambiguous, "repaired": repaired})
        );
    } else {
        println!("{summary}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;

    /// A Ctrl+C during a lens ends the bench with "cancelled": a cancelled
    /// count is not a puzzle to skip, so no set's line claims figures (or
    /// "every one unique") over puzzles it never counted.
    #[test]
    fn a_cancelled_lens_cancels_the_bench_instead_of_skipping_the_puzzle() {
        let rec = DataRecord {
            id: "blank".into(),
            puzzle: Puzzle::parse("queens 6x6\n").unwrap(),
            solution: None,
            stated_count: None,
        };
        let cancel = CancelFlag::new();
        cancel.cancel();
        assert_eq!(
            repair_set("queens", &[(1, rec)], true, &cancel),
            Err(Cancelled.to_string())
        );
    }
}
