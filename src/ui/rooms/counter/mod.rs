//! Room "Counter": exact deployment counts of the active setup (and of all
//! setups side by side), hunt mode and the fairness what-if, each on a
//! background job with progress and cancel.

mod fairness;
mod hunt;
mod play;
mod strategies;

use crate::cover::{CountRequest, CountResult, Engine, count_deployments};
use crate::geometry::{Board, Fleet, RuleChoice, Rules, TouchRule};
use crate::jobs::Task;
use crate::textview::{ratio, thousands};
use crate::ui::document::Document;
use crate::ui::room::{Room, RoomCtx, repaint};
use crate::ui::widgets::job_controls::task_status;
use crate::ui::widgets::layout::{side_panel_default, side_panel_range, side_panel_scroll};
use crate::ui::widgets::rule_picker::rule_override_picker;
use crate::ui::widgets::setup_picker::setup_picker;
use egui::Ui;
use fairness::FairnessMode;
use hunt::HuntMode;

pub const ID: &str = "counter";

/// A finished count with its wall time.
#[derive(Clone, Debug)]
pub struct Timed {
    pub setup: String,
    /// The touch rule it was counted under, and whether it overrode the setup's.
    pub rule: RuleChoice,
    /// What was counted, to tell a card that no longer matches the setup.
    pub counted: (Board, Fleet),
    pub pieces: Vec<String>,
    pub result: CountResult,
    pub seconds: f64,
}

/// The central area's tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CounterTab {
    #[default]
    Count,
    Hunt,
    Fairness,
    Strategies,
    Play,
}

impl CounterTab {
    const ALL: [(CounterTab, &'static str); 5] = [
        (CounterTab::Count, "counts"),
        (CounterTab::Hunt, "hunt"),
        (CounterTab::Fairness, "fairness"),
        (CounterTab::Strategies, "strategies"),
        (CounterTab::Play, "play"),
    ];
}

/// What the count job was started for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
enum CountKind {
    #[default]
    Active,
    Compare,
}

#[derive(Default)]
pub struct CounterRoom {
    tab: CounterTab,
    hunt: HuntMode,
    fairness: FairnessMode,
    strategies: strategies::StrategiesMode,
    play: play::PlayMode,
    count: Task<Vec<Timed>>,
    kind: CountKind,
    last: Option<Timed>,
    compare: Vec<Timed>,
    /// The row of the comparison the ratios are taken to.
    reference: usize,
    /// What the count job was started on: its error ("Cancelled.") goes
    /// once the setups or the settings differ.
    count_for: Option<CountedOn>,
}

/// The setups a count covers (name, board, fleet, rules) and the settings
/// it ran with (engine, threads, rule override).
type CountedOn = (Vec<(String, Board, Fleet, Rules)>, (Engine, usize, Option<TouchRule>));

/// What a count of this kind would be started on now.
fn counted_on(doc: &Document, kind: CountKind) -> CountedOn {
    let s = &doc.session;
    let key = |t: &crate::session::Setup| (t.name.clone(), t.board.clone(), t.fleet.clone(), t.rules);
    let setups = match kind {
        CountKind::Compare => s.setups.iter().map(key).collect(),
        CountKind::Active => vec![key(s.setup())],
    };
    let c = &s.counter;
    (setups, (c.engine, c.threads, c.touch_override))
}

/// The touch rule the room uses for the active setup: its own unless overridden here.
fn rule_choice(doc: &Document) -> RuleChoice {
    RuleChoice::new(doc.session.setup().rules, doc.session.counter.touch_override)
}

/// The count request the room's settings describe for the active setup (a
/// comparison sets each setup's rule itself).
fn request(doc: &Document) -> CountRequest {
    let c = &doc.session.counter;
    CountRequest {
        engine: c.engine,
        threads: c.threads,
        rule: rule_choice(doc).rule,
        ..Default::default()
    }
}

const GUIDE: &str = "Counts every deployment of the active setup's fleet, exactly. Pick the setup, the engine \
(fast: bitboards for boards of at most 128 cells; dlx: dancing links; dlx-plain: the same without its \
shortcut, for comparison) and the worker threads (0 = every core; the answer never depends on it). Each setup is \
counted under its own rules (whether ships may touch, set in Boards) unless you override them here; the card \
says which. Start counts the active setup; Compare all setups counts every setup side by side, each under its \
rules, with the ratio of each count to a reference row you pick. Labelled deployments \
treat every ship as distinct; distinct layouts treat ships of the same shape as interchangeable.

Hunt: left-click a cell to mark a miss, right-click to mark a hit. Every cell shows the exact share of the \
deployments consistent with the shots that cover it, on a fixed 0–100 % scale; the best next shot is outlined \
in magenta, a colour the scale never uses.

Fairness: counts the board again with each island removed and each cell made an island (green: more \
deployments, red: fewer).

Strategies: random, hunt/target, hunt/target with parity, DataGenetics' per-ship density and the exact \
posterior's players (most likely cell; most information) each hunt the same hidden fleets of the active setup \
(random, or the fleets the exact player needs longest for); the table ranks them by mean shots with a 95 % \
interval, the plot shows the share of games finished against shots (while a run plays, of the games so far).

Play: You hunt a fleet the computer hid (click to fire; peek at the exact map, on Hunt's scale and key, if you like); when it is sunk, \
the exact player plays the same fleet for comparison. Or the computer hunts the fleet placed in Boards with \
the strategy you pick, shot by shot, its map shown.";

impl Room for CounterRoom {
    fn id(&self) -> &'static str {
        ID
    }
    fn title(&self) -> &'static str {
        "Counter"
    }
    fn tooltip(&self) -> &'static str {
        "Count every deployment of the fleet; hunt and fairness maps"
    }
    fn guide(&self) -> &'static str {
        GUIDE
    }
    fn busy(&self) -> bool {
        self.count.is_running()
            || self.hunt.is_running()
            || self.fairness.is_running()
            || self.strategies.is_running()
            || self.play.is_running()
    }
    fn reset(&mut self) {
        let tab = self.tab;
        *self = CounterRoom::default();
        self.tab = tab;
    }
    fn tab(&self) -> Option<&'static str> {
        CounterTab::ALL.iter().find(|(t, _)| *t == self.tab).map(|(_, id)| *id)
    }
    fn tabs(&self) -> &'static [&'static str] {
        &["counts", "hunt", "fairness", "strategies", "play"]
    }
    fn set_tab(&mut self, tab: &str) {
        if let Some((t, _)) = CounterTab::ALL.iter().find(|(_, id)| *id == tab) {
            self.tab = *t;
        }
    }

    fn ui(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        if self.count.poll() {
            let mut v = self.count.result.take().unwrap_or_default();
            match self.kind {
                CountKind::Compare => {
                    v.sort_by_key(|a| std::cmp::Reverse(a.result.labelled));
                    self.compare = v;
                }
                CountKind::Active => self.last = v.pop(),
            }
        }
        // A cancelled (or failed) count's message is about a job that no
        // longer matches once the setup or the settings change.
        if self.count.error.is_some()
            && !self.count.is_running()
            && self.count_for.as_ref() != Some(&counted_on(ctx.doc, self.kind))
        {
            self.count.error = None;
        }
        egui::Panel::left("counter_side")
            .resizable(true)
            .default_size(side_panel_default(ui))
            .size_range(side_panel_range(ui))
            .show(ui, |ui| {
                // The panel keeps its width from tab to tab.
                side_panel_scroll(ui, |ui| self.settings(ui, ctx.doc));
            });
        egui::CentralPanel::default().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.tab, CounterTab::Count, "Counts")
                    .on_hover_text("Result card and the comparison of setups");
                ui.selectable_value(&mut self.tab, CounterTab::Hunt, "Hunt")
                    .on_hover_text("Mark misses and hits; see where the ships probably are");
                ui.selectable_value(&mut self.tab, CounterTab::Fairness, "Fairness")
                    .on_hover_text("How much each island and each cell changes the count");
                ui.selectable_value(&mut self.tab, CounterTab::Strategies, "Strategies")
                    .on_hover_text("Hunting strategies played against the same fleets, ranked");
                ui.selectable_value(&mut self.tab, CounterTab::Play, "Play")
                    .on_hover_text("Hunt a hidden fleet yourself, or watch a strategy hunt yours");
            });
            ui.separator();
            match self.tab {
                CounterTab::Count => {
                    egui::ScrollArea::vertical().show(ui, |ui| self.results(ui, ctx.doc));
                }
                CounterTab::Hunt => self.hunt.show(ui, ctx.doc),
                CounterTab::Fairness => self.fairness.show(ui, ctx.doc),
                CounterTab::Strategies => {
                    egui::ScrollArea::vertical().show(ui, |ui| self.strategies.show(ui, ctx.doc));
                }
                // No scrolling here: the board fills what is left, and the
                // mouse wheel zooms it.
                CounterTab::Play => self.play.show(ui, ctx.doc),
            }
        });
    }
}

impl CounterRoom {
    /// The last count of the active setup.
    pub fn last_count(&self) -> Option<&Timed> {
        self.last.as_ref()
    }

    /// The last comparison of all setups, largest first.
    pub fn comparison(&self) -> &[Timed] {
        &self.compare
    }

    /// The error (or "Cancelled.") of the last count.
    pub fn count_error(&self) -> Option<&str> {
        self.count.error.as_deref()
    }

    pub fn is_counting(&self) -> bool {
        self.count.is_running()
    }

    pub fn hunt(&self) -> &HuntMode {
        &self.hunt
    }

    pub fn fairness(&self) -> &FairnessMode {
        &self.fairness
    }

    pub fn strategies(&self) -> &strategies::StrategiesMode {
        &self.strategies
    }

    pub fn play(&self) -> &play::PlayMode {
        &self.play
    }

    /// Fires at a cell of the game you play in the Play tab (as a click does).
    pub fn play_fire(&mut self, c: crate::geometry::Coord) -> Option<crate::cover::Shot> {
        self.play.fire(c)
    }

    fn start(&mut self, ui: &Ui, doc: &Document, kind: CountKind) {
        let s = &doc.session;
        let setups: Vec<_> = match kind {
            CountKind::Compare => s.setups.clone(),
            CountKind::Active => vec![s.setup().clone()],
        };
        let req = request(doc);
        let over = s.counter.touch_override;
        self.kind = kind;
        self.count_for = Some(counted_on(doc, kind));
        self.count.start(repaint(ui), move |job| {
            let mut out = Vec::new();
            let n = setups.len();
            for (k, setup) in setups.into_iter().enumerate() {
                if n > 1 {
                    job.note(format!("setup {} of {n}: {}", k + 1, setup.name));
                }
                let t0 = fleetscope_run::clock::Stopwatch::start();
                let rule = RuleChoice::new(setup.rules, over);
                let req = CountRequest {
                    rule: rule.rule,
                    ..req.clone()
                };
                let result = count_deployments(&setup.board, &setup.fleet, &req, job.cancel_flag(), &|p| {
                    job.progress(p)
                })
                .map_err(|e| format!("{}: {e}", setup.name))?;
                out.push(Timed {
                    rule,
                    counted: (setup.board.clone(), setup.fleet.clone()),
                    setup: setup.name.clone(),
                    pieces: setup.fleet.pieces.iter().map(|p| p.name.clone()).collect(),
                    result,
                    seconds: t0.wall_seconds(),
                });
            }
            Ok(out)
        });
    }

    fn settings(&mut self, ui: &mut Ui, doc: &mut Document) {
        // Strategies and Play use the setup, its rule and the threads, not the engine or the count buttons.
        let counting = matches!(self.tab, CounterTab::Count | CounterTab::Hunt | CounterTab::Fairness);
        ui.heading(if counting { "Count deployments" } else { "Setup" });
        setup_picker(ui, "counter_setup", doc);
        ui.label(crate::textview::describe_board(doc.session.setup()));
        let mut c = doc.session.counter.clone();
        if counting {
            Self::engine_choice(ui, doc, &mut c);
        }
        let all_cores = if c.threads == 0 { " (all cores)" } else { "" };
        ui.add(
            egui::DragValue::new(&mut c.threads)
                .range(0..=crate::run::max_threads())
                .prefix("threads ")
                .suffix(all_cores),
        )
        .on_hover_text("Worker threads; 0 uses every core. The count never depends on it.");
        rule_override_picker(ui, "counter_rule", doc.session.setup().rules, &mut c.touch_override);
        if c != doc.session.counter {
            doc.edit(|s| s.counter = c);
        }
        let running = self.count.is_running();
        // Start and Compare fill the Counts tab: elsewhere they would count
        // out of sight (Hunt and Fairness have their own work). A count
        // running shows its progress on every tab.
        if self.tab != CounterTab::Count {
            if running {
                ui.separator();
                ui.label("Counting (the result shows on the Counts tab)…");
                task_status(ui, &self.count, "parts");
            }
            return;
        }
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(!running, egui::Button::new("Start"))
                .on_hover_text("Count the active setup")
                .clicked()
            {
                self.start(ui, doc, CountKind::Active);
            }
            if ui
                .add_enabled(!running, egui::Button::new("Compare all setups"))
                .on_hover_text("Count every setup of the session, side by side")
                .clicked()
            {
                self.start(ui, doc, CountKind::Compare);
            }
            if ui.add_enabled(running, egui::Button::new("Cancel")).clicked() {
                self.count.cancel();
            }
        });
        task_status(ui, &self.count, "parts");
    }

    /// The engine picker, with a warning where dancing links would take hours.
    fn engine_choice(ui: &mut Ui, doc: &Document, c: &mut crate::session::CounterSettings) {
        egui::ComboBox::new("engine_combo", "engine")
            .selected_text(c.engine.name())
            .show_ui(ui, |ui| {
                for e in Engine::ALL {
                    ui.selectable_value(&mut c.engine, e, e.name()).on_hover_text(e.help());
                }
            })
            .response
            .on_hover_text(c.engine.help());
        // Dancing links visit every deployment one by one: many ships take hours.
        let ships = doc.session.setup().fleet.pieces.len();
        let enumerates = c.engine.counter().is_some_and(|k| k.capabilities().enumerates);
        if enumerates && ships > 6 {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!(
                    "Dancing links visit every deployment: with {ships} ships that can take hours or more. \
                     auto (or frontier) counts without visiting them."
                ),
            );
        }
    }

    fn results(&mut self, ui: &mut Ui, doc: &Document) {
        if self.count.is_running() {
            // The last card belongs to another count: show it again when this one ends.
            ui.label("Counting… the result appears here when the count ends.");
        } else if let Some(t) = &self.last {
            count_card(ui, t, doc);
            ui.separator();
        }
        let comparing = self.count.is_running() && self.kind == CountKind::Compare;
        if !self.compare.is_empty() && !comparing {
            self.comparison_table(ui, doc);
        }
        if self.last.is_none() && self.compare.is_empty() && !self.count.is_running() {
            ui.label("Press Start to count every deployment of the active setup's fleet.");
        }
    }

    /// Every setup's count, each under its rules, with its ratio to a chosen row.
    fn comparison_table(&mut self, ui: &mut Ui, doc: &Document) {
        ui.heading("All setups");
        // A row whose setup was edited, re-ruled or removed since no longer describes it.
        let stale = |t: &Timed| match doc.session.setups.iter().find(|s| s.name == t.setup) {
            None => Some("removed since"),
            Some(s) if (&s.board, &s.fleet) != (&t.counted.0, &t.counted.1) => Some("edited since"),
            Some(s) if !t.rule.overridden && s.rules.touch != t.rule.rule => Some("rule changed since"),
            _ => None,
        };
        if self.compare.iter().any(|t| stale(t).is_some()) {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "Some setups changed after this comparison (marked): Compare all setups again.",
            );
        }
        self.reference = self.reference.min(self.compare.len() - 1);
        let base = self.compare[self.reference].result.labelled;
        // Sideways scrolling where a narrow window cannot hold every column.
        egui::ScrollArea::horizontal().id_salt("compare_scroll").show(ui, |ui| {
            egui::Grid::new("compare").striped(true).show(ui, |ui| {
                ui.strong("Setup");
                ui.strong("Rules");
                crate::ui::widgets::table::num_heading(ui, "Labelled");
                crate::ui::widgets::table::num_heading(ui, "Distinct layouts");
                crate::ui::widgets::table::num_heading(ui, "Ratio").on_hover_text(
                    "Labelled count over the reference row's (the round button picks the reference row)",
                );
                ui.end_row();
                for (i, t) in self.compare.iter().enumerate() {
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut self.reference, i, "")
                            .on_hover_text("Make this row the reference of the ratios");
                        ui.label(&t.setup);
                        if let Some(why) = stale(t) {
                            ui.colored_label(ui.visuals().warn_fg_color, format!("({why})"));
                        }
                    });
                    ui.label(t.rule.describe());
                    crate::ui::widgets::table::num(ui, thousands(t.result.labelled));
                    crate::ui::widgets::table::num(ui, thousands(t.result.distinct_layouts));
                    crate::ui::widgets::table::num(ui, ratio(t.result.labelled, base));
                    ui.end_row();
                }
            });
        });
    }
}

/// A note over a result that no longer describes the active setup: another
/// setup is active, the setup was edited, or its rule changed since. `what`
/// names the result ("count", "what-if").
pub fn stale_note(ui: &mut Ui, doc: &Document, setup: &str, counted: (&Board, &Fleet), rule: TouchRule, what: &str) {
    let active = doc.session.setup();
    if active.name != setup {
        ui.label(egui::RichText::new(format!("(a {what} of another setup: the active one has none yet)")).weak());
    } else if (&active.board, &active.fleet) != counted {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("The setup was edited after this {what}: run it again."),
        );
    } else if rule_choice(doc).rule != rule {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "Made where {}; the rule is now that {}: run it again.",
                rule.describe(),
                rule_choice(doc).rule.describe()
            ),
        );
    }
}

/// The result card of one count, with a note when the setup changed since.
fn count_card(ui: &mut Ui, t: &Timed, doc: &Document) {
    ui.heading(&t.setup);
    stale_note(ui, doc, &t.setup, (&t.counted.0, &t.counted.1), t.rule.rule, "count");
    egui::Grid::new("count_card")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            ui.label("Labelled deployments")
                .on_hover_text("Every ship is distinct (the number the sources quote)");
            ui.label(egui::RichText::new(thousands(t.result.labelled)).strong().size(20.0));
            ui.end_row();
            ui.label("Distinct layouts")
                .on_hover_text("Ships of identical shape are interchangeable");
            ui.label(egui::RichText::new(thousands(t.result.distinct_layouts)).strong());
            ui.end_row();
            ui.label("Rule");
            ui.label(t.rule.describe());
            ui.end_row();
            ui.label("Engine");
            ui.label(t.result.engine.name());
            ui.end_row();
            ui.label("Time");
            ui.label(format!("{:.3} s", t.seconds));
            ui.end_row();
        });
    if let Some(n) = &t.result.note {
        ui.label(n);
    }
    ui.label("Placements per piece:");
    egui::Grid::new("placements").striped(true).show(ui, |ui| {
        for (name, n) in t.pieces.iter().zip(&t.result.placements) {
            ui.label(name);
            crate::ui::widgets::table::num(ui, thousands(*n as u128));
            ui.end_row();
        }
    });
}
