//! `puzzle explain` and `puzzle grade`: the deduction ladder's logical
//! solution of a puzzle file, step by step, and its grade.

use super::puzzle::load;
use crate::puzzle::deduce::{self, Explanation};
use crate::puzzle::{Puzzle, PuzzleModel};
use serde_json::json;

/// The model the ladder reasons on, or why this puzzle has none yet.
fn model_of(p: &Puzzle) -> Result<PuzzleModel, String> {
    if p.has_objective() {
        return Err(
            "this puzzle asks for an optimum (Max Chess): the deduction ladder grades puzzles with \
                    one right answer"
                .into(),
        );
    }
    p.model()
        .map_err(|e| format!("the deduction ladder needs the puzzle's grid model, which this family lacks: {e}"))
}

/// The ladder from the puzzle's own cells; Ctrl+C stops it.
fn ladder(model: &PuzzleModel) -> Result<Explanation, String> {
    let cancel = super::interrupt::ctrl_c_flag();
    let ex = deduce::explain_within(model, &cancel);
    if cancel.is_cancelled() {
        return Err("cancelled".into());
    }
    Ok(ex)
}

/// 1-based [row, col] of a cell.
fn at(cell: usize, cols: usize) -> [usize; 2] {
    [cell / cols + 1, cell % cols + 1]
}

fn summary(ex: &Explanation) -> String {
    let p = ex.tier_profile();
    format!(
        "grade {} ({}; per tier 1-4: {} {} {} {}){}",
        ex.grade.name(),
        crate::textview::count(ex.steps.len(), "step", "steps"),
        p[1],
        p[2],
        p[3],
        p[4],
        if ex.solved {
            ", solved by logic".to_string()
        } else if let Some(b) = &ex.broken {
            format!(", stopped: {}", b.sentence)
        } else if ex.out_of_work {
            ", the ladder stops here: its probes ran out of their work budget".to_string()
        } else {
            ", the ladder stalls here: a person would have to guess".to_string()
        }
    )
}

fn json_of(ex: &Explanation, cols: usize) -> serde_json::Value {
    let steps: Vec<serde_json::Value> = ex
        .steps
        .iter()
        .map(|s| {
            json!({
                "rule": s.rule.name(),
                "tier": s.rule.tier(),
                "sentence": s.sentence,
                "decided": s.decided.iter().map(|&(c, v)| { let [r, k] = at(c, cols); json!([r, k, u8::from(v)]) }).collect::<Vec<_>>(),
                "reasons": s.reasons.iter().map(|&c| at(c, cols)).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "grade": ex.grade.name(),
        "solved": ex.solved,
        "tier_profile": ex.tier_profile(),
        "broken": ex.broken.as_ref().map(|b| b.sentence.clone()),
        "out_of_work": ex.out_of_work,
        "steps": steps,
    })
}

/// Prints the logical solution, one numbered step per line.
pub fn explain(file: &str, json: bool) -> Result<(), String> {
    let p = load(file)?;
    let model = model_of(&p)?;
    let ex = ladder(&model)?;
    if json {
        println!("{}", json_of(&ex, model.cols));
        return Ok(());
    }
    for (k, s) in ex.steps.iter().enumerate() {
        let decided: Vec<String> = s
            .decided
            .iter()
            .map(|&(c, v)| format!("{}={}", model.name(c), u8::from(v)))
            .collect();
        println!(
            "{:>3}. [tier {} {}] {}  ({})",
            k + 1,
            s.rule.tier(),
            s.rule.name(),
            s.sentence,
            decided.join(" ")
        );
    }
    println!("{}", summary(&ex));
    Ok(())
}

/// Prints the grade in one line (or as JSON without the steps).
pub fn grade(file: &str, json: bool) -> Result<(), String> {
    let p = load(file)?;
    let model = model_of(&p)?;
    let ex = ladder(&model)?;
    if json {
        println!(
            "{}",
            json!({
                "grade": ex.grade.name(),
                "solved": ex.solved,
                "steps": ex.steps.len(),
                "tier_profile": ex.tier_profile(),
            })
        );
    } else {
        println!("{file}: {}", summary(&ex));
    }
    Ok(())
}
