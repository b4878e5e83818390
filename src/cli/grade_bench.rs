//! `bench puzzles --grade`: the deduction ladder over a data set: the grade
//! histogram, the share solved without search, CPU seconds per puzzle.

use super::cputime::{median, process_cpu_seconds};
use crate::puzzle::data::DataRecord;
use crate::puzzle::deduce::{self, Explanation, Grade};
use crate::run::CancelFlag;
use serde_json::json;
use std::collections::BTreeMap;

/// One data set's grades.
pub struct GradeSummary {
    pub family: &'static str,
    pub puzzles: usize,
    /// Puzzles the ladder cannot grade (no grid model, an objective).
    pub not_graded: usize,
    pub grades: BTreeMap<Grade, usize>,
    pub solved: usize,
    /// Stalled because the probes ran out of work, not because no rule applied.
    pub out_of_work: usize,
    pub median_cpu: f64,
    /// CPU seconds of the whole set, and the median over its 10×10 puzzles
    /// (the size for the explain target), with how many there are.
    pub total_cpu: f64,
    pub median_cpu_10x10: Option<f64>,
    pub count_10x10: usize,
    pub worst_cpu: f64,
    pub worst_id: String,
    /// Per source (the id before its first '-', e.g. "linkedin"): puzzles graded and solved.
    pub by_source: BTreeMap<String, (usize, usize)>,
}

/// Grades every record; Ctrl+C stops with "cancelled". `each` sees every
/// record's explanation (`None`: not graded) as it is made.
pub fn grade_set(
    family: &'static str,
    records: &[(usize, DataRecord)],
    cancel: &CancelFlag,
    each: &mut dyn FnMut(&DataRecord, Option<&Explanation>),
) -> Result<GradeSummary, String> {
    let mut s = GradeSummary {
        family,
        puzzles: records.len(),
        not_graded: 0,
        grades: BTreeMap::new(),
        solved: 0,
        out_of_work: 0,
        median_cpu: 0.0,
        total_cpu: 0.0,
        median_cpu_10x10: None,
        count_10x10: 0,
        worst_cpu: 0.0,
        worst_id: String::new(),
        by_source: BTreeMap::new(),
    };
    let mut cpus = Vec::new();
    let mut cpus_10x10 = Vec::new();
    for (_, rec) in records {
        let spec = match rec.puzzle.ladder() {
            Ok(spec) => spec,
            Err(_) => {
                s.not_graded += 1;
                each(rec, None);
                continue;
            }
        };
        let t0 = process_cpu_seconds();
        let ex = deduce::explain_spec(&spec, cancel);
        let cpu = process_cpu_seconds() - t0;
        if cancel.is_cancelled() {
            return Err(crate::run::Cancelled.to_string());
        }
        each(rec, Some(&ex));
        *s.grades.entry(ex.grade).or_default() += 1;
        s.solved += usize::from(ex.solved);
        s.out_of_work += usize::from(ex.out_of_work);
        let source = rec.id.split('-').next().unwrap_or("").to_string();
        let e = s.by_source.entry(source).or_default();
        e.0 += 1;
        e.1 += usize::from(ex.solved);
        if cpu > s.worst_cpu {
            s.worst_cpu = cpu;
            s.worst_id.clone_from(&rec.id);
        }
        if rec.puzzle.size() == (10, 10) {
            cpus_10x10.push(cpu);
        }
        cpus.push(cpu);
    }
    s.total_cpu = cpus.iter().sum();
    s.count_10x10 = cpus_10x10.len();
    s.median_cpu_10x10 = (!cpus_10x10.is_empty()).then(|| median(cpus_10x10));
    s.median_cpu = median(cpus);
    Ok(s)
}

pub fn print(s: &GradeSummary, json: bool) {
    let graded = s.puzzles - s.not_graded;
    let hist: Vec<(String, usize)> = s.grades.iter().map(|(g, n)| (g.name().to_string(), *n)).collect();
    if json {
        println!(
            "{}",
            json!({
                "family": s.family, "puzzles": s.puzzles, "not_graded": s.not_graded,
                "grades": hist.iter().cloned().collect::<BTreeMap<String, usize>>(),
                "solved_without_search": s.solved, "out_of_work": s.out_of_work,
                "median_cpu_s": s.median_cpu, "worst_cpu_s": s.worst_cpu, "worst": s.worst_id,
                "total_cpu_s": s.total_cpu, "median_cpu_s_10x10": s.median_cpu_10x10, "puzzles_10x10": s.count_10x10,
                "by_source": s.by_source.iter().map(|(k, (n, ok))| (k.clone(), json!({"graded": n, "solved": ok}))).collect::<BTreeMap<_, _>>(),
            })
        );
        return;
    }
    let hist: Vec<String> = hist.iter().map(|(g, n)| format!("{g} {n}")).collect();
    println!(
        "{:<12} {graded:>5} graded{}: {}; solved without search {} ({:.1} %){}; median {:.5} CPU-s, worst {:.3} ({})",
        s.family,
        if s.not_graded > 0 {
            format!(" ({} not graded)", s.not_graded)
        } else {
            String::new()
        },
        hist.join(", "),
        s.solved,
        100.0 * s.solved as f64 / graded.max(1) as f64,
        if s.out_of_work > 0 {
            format!(", {} stopped by the probe budget", s.out_of_work)
        } else {
            String::new()
        },
        s.median_cpu,
        s.worst_cpu,
        s.worst_id
    );
    let ten = match s.median_cpu_10x10 {
        Some(m) => format!("; 10×10: median {m:.5} CPU-s over {}", s.count_10x10),
        None => String::new(),
    };
    println!("{:<12} total {:.2} CPU-s{ten}", "", s.total_cpu);
    if s.by_source.len() > 1 {
        let parts: Vec<String> = s.by_source.iter().map(|(k, (n, ok))| format!("{k} {ok}/{n}")).collect();
        println!("{:<12} solved by source: {}", "", parts.join(", "));
    }
}
