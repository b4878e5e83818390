//! `puzzle explain`, `puzzle grade` and `puzzle hint`: the deduction ladder's
//! logical solution of a puzzle file, step by step, its grade, and the next
//! step from a partial answer.

use super::puzzle::load;
use crate::puzzle::deduce::{self, Explanation, LadderSpec};
use crate::study::logic::{Hint, hint as next_hint, ladder_model as model_of, marks_state};
use serde_json::json;

/// The ladder from the puzzle's own cells; Ctrl+C stops it.
fn ladder(spec: &LadderSpec) -> Result<Explanation, String> {
    let cancel = super::interrupt::ctrl_c_flag();
    let ex = deduce::explain_spec(spec, &cancel);
    if cancel.is_cancelled() {
        return Err(crate::run::Cancelled.to_string());
    }
    Ok(ex)
}

/// 1-based [row, col] of a cell.
fn at(cell: usize, cols: usize) -> [usize; 2] {
    [cell / cols + 1, cell % cols + 1]
}

fn summary(ex: &Explanation) -> String {
    format!(
        "grade {} ({}){}",
        ex.grade.name(),
        ex.profile_text(),
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
    let spec = model_of(&p)?;
    let ex = ladder(&spec)?;
    let model = &spec.model;
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
            crate::quote::and_list(&decided, 0)
        );
    }
    println!("{}", summary(&ex));
    Ok(())
}

/// Prints the grade in one line (or as JSON without the steps); a data set
/// gets one line per record and a summary.
pub fn grade(file: &str, json: bool) -> Result<(), String> {
    if file.ends_with(".jsonl") {
        return grade_set(file, json);
    }
    let p = load(file)?;
    let ex = ladder(&model_of(&p)?)?;
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
        println!("{}: {}", crate::quote::path(file), summary(&ex));
    }
    Ok(())
}

/// `puzzle grade data.jsonl`: one line per record, then the set's summary.
fn grade_set(file: &str, json: bool) -> Result<(), String> {
    let path = std::path::Path::new(file);
    let sets = super::puzzle_bench::data_files(path)?;
    let (path, name, family) = sets.into_iter().next().expect("data_files returns at least one");
    let records = super::puzzle_bench::read_set(&path, name, usize::MAX)?;
    let cancel = super::interrupt::ctrl_c_flag();
    let mut each = |rec: &crate::puzzle::data::DataRecord, ex: Option<&Explanation>| match (ex, json) {
        (Some(ex), true) => println!(
            "{}",
            json!({"id": rec.id, "grade": ex.grade.name(), "solved": ex.solved, "steps": ex.steps.len(), "tier_profile": ex.tier_profile()})
        ),
        (Some(ex), false) => println!("{}: {}", rec.id, summary(ex)),
        (None, true) => println!("{}", json!({"id": rec.id, "grade": null, "why": "not graded"})),
        (None, false) => println!("{}: not graded (no grid model, or an optimum to find)", rec.id),
    };
    let g = super::grade_bench::grade_set(family, &records, &cancel, &mut each)?;
    super::grade_bench::print(&g, json);
    Ok(())
}

/// Reads a partial answer: '?' is a cell not decided yet.
fn read_partial(
    text: &str,
    rows: usize,
    cols: usize,
) -> Result<(crate::geometry::BinaryMatrix, Option<crate::geometry::BinaryMatrix>), String> {
    use crate::puzzle::render::parse_answer;
    if !text.contains('?') {
        return Ok((parse_answer(text, rows, cols)?, None));
    }
    // Read twice, '?' as 0 then as 1: the cells that differ are the open ones.
    let zero = parse_answer(&text.replace('?', "0"), rows, cols)?;
    let one = parse_answer(&text.replace('?', "1"), rows, cols)?;
    let mut open = crate::geometry::BinaryMatrix::zeros(rows, cols);
    for r in 0..rows {
        for c in 0..cols {
            open.set(r, c, zero.get(r, c) != one.get(r, c));
        }
    }
    Ok((zero, Some(open)))
}

/// `puzzle hint`: the next step from the givens or a partial answer, with a
/// spinner on a terminal; `--time-limit` bounds the whole hint (its exact
/// checks are bounded anyway, so it always answers).
pub fn hint(file: &str, answer: Option<&str>, time_limit: Option<f64>, json: bool) -> Result<(), String> {
    let limit = crate::study::sampling::time_limit(time_limit)?;
    let p = load(file)?;
    let spec = model_of(&p)?;
    let model = &spec.model;
    let state = match answer {
        None => deduce::start(model).map_err(|c| c.sentence)?,
        Some(a) => {
            let text = crate::session::read_text(std::path::Path::new(a)).map_err(|e| e.to_string())?;
            let (grid, open) = read_partial(&text, model.rows, model.cols).map_err(|e| format!("{a}: {e}"))?;
            marks_state(&p, model, &grid, open.as_ref())?
        }
    };
    let mut cancel = super::interrupt::ctrl_c_flag();
    if let Some(t) = limit {
        cancel = cancel.with_time_limit(t);
    }
    let spinner = super::progress::spinner(json, "checking the solutions, then asking the ladder (Ctrl+C stops)");
    let progress = |s: crate::study::logic::HintStage| spinner.set_message(format!("{} (Ctrl+C stops)", s.describe()));
    let h = next_hint(&p, &spec, &state, &cancel, &progress);
    spinner.finish_and_clear();
    let h = h.map_err(|e| e.to_string())?;
    let cols = model.cols;
    let cells = |list: &[(usize, bool)]| -> Vec<serde_json::Value> {
        list.iter()
            .map(|&(c, v)| {
                let [r, k] = at(c, cols);
                json!([r, k, u8::from(v)])
            })
            .collect()
    };
    if json {
        let out = match &h {
            Hint::Step(d) => {
                json!({"kind": "step", "rule": d.rule.name(), "tier": d.rule.tier(), "sentence": d.sentence,
                                   "decided": cells(&d.decided), "reasons": d.reasons.iter().map(|&c| at(c, cols)).collect::<Vec<_>>()})
            }
            Hint::Wrong { marks, sentence } => json!({"kind": "wrong", "sentence": sentence, "marks": cells(marks)}),
            Hint::Solved => json!({"kind": "solved", "sentence": h.sentence()}),
            Hint::Stuck(s) => json!({"kind": "stuck", "sentence": s}),
            Hint::Broken(c) => json!({"kind": "broken", "sentence": c.sentence}),
        };
        println!("{out}");
        return Ok(());
    }
    match &h {
        Hint::Step(d) => {
            let decided: Vec<String> = d
                .decided
                .iter()
                .map(|&(c, v)| format!("{}={}", model.name(c), u8::from(v)))
                .collect();
            println!(
                "[tier {} {}] {}  ({})",
                d.rule.tier(),
                d.rule.name(),
                d.sentence,
                crate::quote::and_list(&decided, 0)
            );
        }
        other => println!("{}", other.sentence()),
    }
    Ok(())
}
