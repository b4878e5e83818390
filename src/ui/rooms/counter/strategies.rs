//! The Counter room's Strategies tab: the strategy lab. Every chosen strategy
//! hunts the same hidden fleets of the active setup (random, or the ones the
//! exact player needs longest for), in the background; the table gives the
//! mean shots with a 95 % interval, median, quartiles and max, and one plot
//! draws the share of games finished against shots for every strategy, as
//! DataGenetics drew it.

use crate::hunting::{
    Hiders, LabReport, LabRequest, MAX_GAMES, ShotStats, StrategyKind, cumulative_share, run_lab_watched,
};
use crate::jobs::Task;
use crate::ui::document::Document;
use crate::ui::room::repaint;
use crate::ui::widgets::job_controls::{JobLabels, job_controls};
use crate::ui::widgets::palette::series_color;
use crate::ui::widgets::plot_style::{compact_ticks, key};
use egui::Ui;
use egui_plot::{Line, Plot};

/// A finished lab run with what it was run on.
pub struct LabView {
    pub report: LabReport,
    pub setup: String,
    pub rule: crate::geometry::TouchRule,
    pub adversarial: bool,
    /// (document revision, active setup) it was started for.
    pub stamp: (u64, usize),
}

#[derive(Default)]
pub struct StrategiesMode {
    /// Each game that ends comes as an update: the shots of every strategy.
    task: Task<LabView, Vec<u32>>,
    /// The running lab's strategies and the games it has finished so far,
    /// shown while it plays.
    partial: (Vec<StrategyKind>, Vec<Vec<u32>>),
    /// Games the running lab plays.
    partial_of: usize,
}

impl StrategiesMode {
    pub fn is_running(&self) -> bool {
        self.task.is_running()
    }

    /// The last finished run.
    pub fn last(&self) -> Option<&LabView> {
        self.task.result.as_ref()
    }

    /// Games the running lab has finished so far (shown as they end).
    pub fn games_so_far(&self) -> usize {
        self.partial.1.len()
    }

    pub fn error(&self) -> Option<&str> {
        self.task.error.as_deref()
    }

    pub fn show(&mut self, ui: &mut Ui, doc: &mut Document) {
        self.task.poll();
        self.partial.1.extend(self.task.drain_updates());
        let mut lab = doc.session.counter.lab.clone();
        ui.label(
            "Every chosen strategy hunts the same hidden fleets of the active setup (its board, fleet and rule), \
             firing until every ship is sunk; each answer is hit, miss or sunk.",
        );
        ui.horizontal_wrapped(|ui| {
            for k in StrategyKind::ALL {
                let mut on = lab.strategies.contains(&k);
                if ui.checkbox(&mut on, k.title()).on_hover_text(k.help()).changed() {
                    if on {
                        lab.strategies.push(k);
                        lab.strategies.sort();
                    } else {
                        lab.strategies.retain(|x| *x != k);
                    }
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.add(
                egui::DragValue::new(&mut lab.games)
                    .range(1..=MAX_GAMES)
                    .prefix("games "),
            )
            .on_hover_text("Games per strategy; every strategy plays the same fleets");
            ui.add(egui::DragValue::new(&mut lab.seed).prefix("seed "))
                .on_hover_text("The fleets (and the random players' choices) follow from it");
            let mut adversarial = lab.adversarial_pool.is_some();
            if ui
                .checkbox(&mut adversarial, "adversarial fleets")
                .on_hover_text(
                    "Hunt the fleets the exact player needs longest for: the slowest of a pool of random fleets, \
                     each made slower still by moving one ship at a time",
                )
                .changed()
            {
                lab.adversarial_pool = adversarial.then_some((4 * lab.games).min(MAX_GAMES));
            }
            if let Some(pool) = &mut lab.adversarial_pool {
                *pool = (*pool).max(lab.games);
                ui.add(egui::DragValue::new(pool).range(lab.games..=MAX_GAMES).prefix("from "))
                    .on_hover_text("Random fleets tried to find the slowest");
            }
        });
        let exact = lab.strategies.iter().any(|k| k.is_exact());
        if exact {
            ui.weak(
                "The exact players compute the posterior map after every shot (under a millisecond once the first \
                 ships are found, up to a few tenths of a second early in a game on classic); maps are shared \
                 between games.",
            );
        }
        let labels = JobLabels {
            start: "Play games",
            start_hover: "Play every chosen strategy against the same fleets, in the background",
            cancel: "Cancel games",
            unit: "games",
        };
        if job_controls(ui, &self.task, &labels, !lab.strategies.is_empty()) {
            self.start(ui, doc, &lab);
        }
        if lab != doc.session.counter.lab {
            doc.edit(|s| s.counter.lab = lab);
        }
        // While a run plays, its games so far: the table and plot grow as they end.
        if self.task.is_running() {
            let (kinds, games) = &self.partial;
            if games.is_empty() {
                ui.weak("The first games are being played…");
            } else {
                ui.label(format!(
                    "So far {} of {} games per strategy (the table and the plot grow as games end):",
                    crate::textview::thousands(games.len() as u128),
                    crate::textview::thousands(self.partial_of as u128)
                ));
                let results: Vec<(StrategyKind, Vec<u32>)> = kinds
                    .iter()
                    .enumerate()
                    .map(|(i, &k)| (k, games.iter().map(|row| row[i]).collect()))
                    .collect();
                table_and_plot(ui, &results, &[]);
            }
            return;
        }
        if let Some(v) = &self.task.result {
            if v.stamp != (doc.revision, doc.session.active) {
                ui.weak("These games were played before the last edit (or on another setup).");
            }
            results(ui, v);
        }
    }

    fn start(&mut self, ui: &Ui, doc: &Document, lab: &crate::session::LabSettings) {
        let setup = doc.session.setup().clone();
        let rule = super::rule_choice(doc).rule;
        let stamp = (doc.revision, doc.session.active);
        let req = LabRequest {
            strategies: lab.strategies.clone(),
            games: lab.games,
            seed: lab.seed,
            hiders: match lab.adversarial_pool {
                Some(pool) => Hiders::Adversarial { pool, steps: 20 },
                None => Hiders::Random,
            },
            threads: doc.session.counter.threads,
            max_shots: setup.board.playable_cells().len(),
        };
        self.partial = (req.strategies.clone(), Vec::new());
        self.partial_of = req.games;
        self.task.start(repaint(ui), move |job| {
            let report = run_lab_watched(
                &setup.board,
                &setup.fleet,
                rule,
                &req,
                job.cancel_flag(),
                &|p| job.progress(p),
                &|row| job.send(row.to_vec()),
            )
            .map_err(|e| e.to_string())?;
            Ok(LabView {
                report,
                setup: setup.name.clone(),
                rule,
                adversarial: req.hiders != Hiders::Random,
                stamp,
            })
        });
    }
}

fn results(ui: &mut Ui, v: &LabView) {
    let r = &v.report;
    ui.label(format!(
        "{}: {} games per strategy against {} fleets, {}.",
        v.setup,
        crate::textview::thousands(r.fleets.len() as u128),
        if v.adversarial { "adversarial" } else { "random" },
        v.rule.describe()
    ));
    if r.cancelled {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            "Cancelled: these are the games finished before it, every strategy on the same fleets.",
        );
    }
    table_and_plot(ui, &r.results, &r.map_seconds);
}

/// The statistics of each strategy's shots and the share of games finished
/// against shots (of a finished run, or of the games so far).
fn table_and_plot(ui: &mut Ui, results: &[(StrategyKind, Vec<u32>)], map_seconds: &[f64]) {
    egui::Grid::new("lab_table").striped(true).show(ui, |ui| {
        ui.strong("strategy");
        for h in ["mean shots (95 %)", "median", "quartiles", "min", "max"] {
            crate::ui::widgets::table::num_heading(ui, h);
        }
        ui.end_row();
        for (k, shots) in results {
            let Some(s) = ShotStats::of(shots) else { continue };
            ui.label(k.title());
            crate::ui::widgets::table::num(ui, format!("{:.2} ± {:.2}", s.mean, s.ci95));
            crate::ui::widgets::table::num(ui, format!("{:.1}", s.median));
            crate::ui::widgets::table::num(ui, format!("{:.1} – {:.1}", s.quartiles.0, s.quartiles.1));
            crate::ui::widgets::table::num(ui, s.min.to_string());
            crate::ui::widgets::table::num(ui, s.max.to_string());
            ui.end_row();
        }
    });
    if !map_seconds.is_empty() {
        let mut t = map_seconds.to_vec();
        t.sort_by(f64::total_cmp);
        ui.weak(format!(
            "Exact maps: {} made (others read back from earlier games), median {:.4} CPU-s, worst {:.3} CPU-s.",
            crate::textview::thousands(t.len() as u128),
            t[t.len() / 2],
            t[t.len() - 1]
        ));
    }
    let series: Vec<(&str, Vec<[f64; 2]>, egui::Color32)> = results
        .iter()
        .enumerate()
        .map(|(i, (k, shots))| {
            let pts = cumulative_share(shots)
                .into_iter()
                .map(|[x, y]| [x, 100.0 * y])
                .collect();
            (k.title(), pts, series_color(i))
        })
        .collect();
    let longest = series
        .iter()
        .flat_map(|(_, pts, _)| pts.iter().map(|p| p[0]))
        .fold(1.0, f64::max);
    // A plot per number of games: its bounds are fitted afresh as a running
    // lab's games come in (egui_plot keeps a plot's first bounds).
    let games = results.first().map_or(0, |(_, shots)| shots.len());
    compact_ticks(Plot::new(("lab_plot", games)), ui)
        .height(260.0)
        .allow_scroll(false)
        .x_axis_label("shots")
        .y_axis_label("games finished (%)")
        // A little headroom: the lines end on 100 %, not on the frame, and
        // the last shots' tick label is not cut by the right edge.
        .default_y_bounds(0.0, 104.0)
        .default_x_bounds(0.0, longest * 1.06)
        .show(ui, |p| {
            for (name, pts, color) in &series {
                p.line(Line::new(*name, pts.clone()).color(*color));
            }
        });
    let entries: Vec<(&str, egui::Color32)> = series.iter().map(|(n, _, c)| (*n, *c)).collect();
    key(ui, &entries);
}
