//! A sampler run of the Solver room: the job with its live updates, the plots
//! they feed, and the judged results (best distinct states as thumbnails).

use crate::geometry::Deployment;
use crate::jobs::{JobCtx, Task};
use crate::run::Progress;
use crate::solve::{Problem, SolveRequest, SolveUpdate};
use crate::study::{JudgeOptions, Judged, JudgedRun, judged_run};
use crate::ui::widgets::palette::series_color;
use crate::ui::widgets::plot_style::{compact_ticks, key};
use egui::Color32;
use egui_plot::{Bar, BarChart, Line, Plot, VLine};
use std::collections::BTreeMap;

/// Runs the plan's request on the problem (in the job), with progress per
/// finished read: every returned state is judged, the best `shown` are kept.
pub fn run_job(
    problem: &Problem,
    req: &SolveRequest,
    shown: usize,
    until_success: bool,
    job: &JobCtx<SolveUpdate>,
) -> Result<JudgedRun, String> {
    let total = req.reads as u64;
    if let Some(t) = req.time_limit {
        job.time_limit(t);
    }
    let done = std::sync::atomic::AtomicU64::new(0);
    let update = |u: SolveUpdate| {
        if matches!(u, SolveUpdate::Final { .. }) {
            let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            job.progress(Progress { done: d, total });
        }
        job.send(u);
    };
    let options = JudgeOptions {
        shown,
        repair_depth: None,
        until_success,
    };
    judged_run(problem, req, options, job.cancel_flag(), &update).map_err(|e| e.to_string())
}

/// What the live plots have received so far.
#[derive(Default)]
pub struct Live {
    pub traces: BTreeMap<usize, Vec<[f64; 2]>>,
    pub best: Vec<[f64; 2]>,
    pub finals: Vec<f64>,
    /// Which run this is (a new run is a new plot, fitted afresh).
    pub run: u64,
    /// When the run ended (the best-energy line is drawn to there).
    pub end: Option<f64>,
    /// What a trace's steps are: SA sweeps or tabu searches (of this run's sampler).
    pub step_label: &'static str,
    /// The lowest-energy state so far and its energy (shown while the run goes on).
    pub best_state: Option<(f64, Vec<u8>)>,
}

impl Live {
    pub fn take(&mut self, updates: Vec<SolveUpdate>) {
        for u in updates {
            match u {
                SolveUpdate::Trace { read, points } => self.traces.entry(read).or_default().extend(points),
                SolveUpdate::Best { seconds, energy, state } => {
                    self.best.push([seconds, energy]);
                    if self.best_state.as_ref().is_none_or(|(e, _)| energy < *e) {
                        self.best_state = Some((energy, state));
                    }
                }
                SolveUpdate::Final { energy, .. } => self.finals.push(energy),
            }
        }
    }

    /// The run ended: the plots show the reads it counted, as its summary
    /// line and results do. Reads of a batch run side by side, so when one
    /// stops the run (the target, the first success) the others of its batch
    /// have streamed their traces and final energies too; they are left out.
    pub fn finish(&mut self, set: &crate::solve::SampleSet) {
        self.end = Some(set.seconds);
        self.finals.clone_from(&set.read_energies);
        if let Some(last) = set.stopped_at {
            self.traces.retain(|&read, _| read <= last);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.traces.is_empty() && self.best.is_empty() && self.finals.is_empty()
    }
}

/// The three live plots side by side: energy per sweep of the traced reads,
/// best energy against time, and the histogram of the reads' final energies.
pub fn plots(ui: &mut egui::Ui, live: &Live, marked: Option<(f64, &str)>) {
    let height = 190.0;
    ui.columns(3, |cols| {
        compact_ticks(Plot::new(("energy_traces", live.run)), &cols[0])
            .height(height)
            .allow_scroll(false)
            .x_axis_label(live.step_label)
            .y_axis_label("energy")
            .show(&mut cols[0], |p| {
                for (k, (read, pts)) in live.traces.iter().enumerate() {
                    p.line(Line::new(format!("read {}", read + 1), pts.clone()).color(series_color(k)));
                }
            });
        let names: Vec<String> = live.traces.keys().map(|read| format!("read {}", read + 1)).collect();
        let entries: Vec<(&str, Color32)> = names
            .iter()
            .enumerate()
            .map(|(k, n)| (n.as_str(), series_color(k)))
            .collect();
        key(&mut cols[0], &entries);
        compact_ticks(Plot::new(("best_energy", live.run)), &cols[1])
            .height(height)
            .allow_scroll(false)
            .x_axis_label("seconds")
            .y_axis_label("lowest energy so far")
            .include_x(0.0)
            .show(&mut cols[1], |p| {
                p.line(
                    Line::new("lowest energy", best_steps(&live.best, live.end))
                        .color(Color32::from_rgb(120, 200, 120))
                        // A step line: its vertical edges must not be merged into a filled band.
                        .allow_band(false),
                );
            });
        let (bars, width) = histogram(&live.finals);
        let tallest = bars.iter().map(|b| b.1).fold(0.0, f64::max);
        compact_ticks(Plot::new(("final_energies", live.run)), &cols[2])
            .height(height)
            .allow_scroll(false)
            .x_axis_label("final energy of a read")
            .y_axis_label("reads")
            .include_y(0.0)
            // Room beside the bars for the axis numbers.
            .include_y((tallest * 1.1).max(1.0))
            .include_x(bars.first().map_or(0.0, |b| b.0 - 2.0 * width))
            .include_x(bars.last().map_or(1.0, |b| b.0 + 2.0 * width))
            .show(&mut cols[2], |p| {
                let bars: Vec<Bar> = bars.iter().map(|&(x, n)| Bar::new(x, n).width(width * 0.9)).collect();
                p.bar_chart(BarChart::new("reads", bars).color(Color32::from_rgb(90, 140, 200)));
                if let Some((e, label)) = marked {
                    p.vline(VLine::new(label, e).color(Color32::from_rgb(230, 70, 60)));
                }
            });
        let mut entries = vec![("reads", Color32::from_rgb(90, 140, 200))];
        if let Some((_, label)) = marked {
            entries.push((label, Color32::from_rgb(230, 70, 60)));
        }
        key(&mut cols[2], &entries);
    });
}

/// The lowest energy as a step line in time order (updates arrive from several
/// threads), held until `end`.
fn best_steps(best: &[[f64; 2]], end: Option<f64>) -> Vec<[f64; 2]> {
    let mut pts = best.to_vec();
    pts.sort_by(|a, b| a[0].total_cmp(&b[0]));
    let mut steps: Vec<[f64; 2]> = Vec::with_capacity(2 * pts.len() + 1);
    for p in pts {
        match steps.last() {
            Some(last) if p[1] >= last[1] => {} // not lower than what an earlier thread found
            Some(last) => {
                let e = last[1];
                steps.push([p[0], e]);
                steps.push(p);
            }
            None => steps.push(p),
        }
    }
    if let (Some(last), Some(end)) = (steps.last().copied(), end) {
        steps.push([end.max(last[0]), last[1]]);
    }
    steps
}

/// Up to 30 equal bins over the values: (bin centre, count) and the bin width.
fn histogram(values: &[f64]) -> (Vec<(f64, f64)>, f64) {
    let (lo, hi) = values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| (a.min(v), b.max(v)));
    if values.is_empty() || !lo.is_finite() {
        return (Vec::new(), 1.0);
    }
    if hi - lo <= 1e-9 * lo.abs().max(1.0) {
        // All reads ended at one energy: one bar, wide enough to see.
        return (vec![(lo, values.len() as f64)], 0.01 * lo.abs().max(1.0));
    }
    let bins = 30usize;
    let width = (hi - lo) / bins as f64;
    let mut counts = vec![0.0; bins];
    for &v in values {
        let k = (((v - lo) / width) as usize).min(bins - 1);
        counts[k] += 1.0;
    }
    let out = counts
        .into_iter()
        .enumerate()
        .filter(|(_, n)| *n > 0.0)
        .map(|(k, n)| (lo + (k as f64 + 0.5) * width, n))
        .collect();
    (out, width)
}

/// The task type of a run.
pub type RunTask = Task<JudgedRun, SolveUpdate>;

/// A fleet realisation to add as a setup, if the state has one.
pub fn realisation(j: &Judged) -> Option<&Deployment> {
    j.picture.as_ref().and_then(|(_, v)| v.fleet.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_energies_make_one_visible_bar() {
        let (bars, width) = histogram(&[0.695, 0.695, 0.695]);
        assert_eq!(bars, vec![(0.695, 3.0)]);
        assert!(width >= 0.01);
        let (bars, width) = histogram(&[1.0, 2.0, 2.0]);
        assert_eq!(bars.iter().map(|b| b.1).sum::<f64>(), 3.0);
        assert!((width - 1.0 / 30.0).abs() < 1e-12);
    }
}
