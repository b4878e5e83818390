//! The Counter room's Play tab. *You hunt*: the computer hides a fleet (the
//! setup's board, fleet and rule), you fire by clicking, the game answers
//! hit, miss or sunk; the exact map can be peeked at, and when the fleet is
//! sunk the exact player plays the same fleet for comparison. *The computer
//! hunts*: a strategy hunts the setup's placed fleet, shot by shot, with the
//! exact map of each position shown.

use crate::cover::{CountRequest, HuntGame, Occupancy, Shot, occupancy};
use crate::geometry::{Board, Coord, Deployment, Fleet, Observations, TouchRule, random_deployment};
use crate::hunting::{Arena, GameRecord, MapSource, StrategyKind, play};
use crate::jobs::Task;
use crate::run::Instant;
use crate::session::PlaySettings;
use crate::textview::cell_label;
use crate::ui::document::Document;
use crate::ui::room::repaint;
use crate::ui::widgets::board_view::{BoardView, Decorations, Mark};
use crate::ui::widgets::palette;
use egui::Ui;
use std::collections::HashMap;
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PlayKind {
    #[default]
    YouHunt,
    ComputerHunts,
}

/// A game in progress: the hidden fleet and the shots so far.
pub struct Game {
    pub board: Board,
    pub fleet: Fleet,
    pub rule: TouchRule,
    pub hidden: Deployment,
    pub hunt: HuntGame,
    pub history: Vec<(Coord, Shot)>,
}

impl Game {
    fn new(board: Board, fleet: Fleet, rule: TouchRule, hidden: Deployment) -> Game {
        Game {
            hunt: HuntGame::new(&fleet, &hidden),
            board,
            fleet,
            rule,
            hidden,
            history: Vec::new(),
        }
    }
}

#[derive(Default)]
pub struct PlayMode {
    kind: PlayKind,
    game: Option<Game>,
    new_game: Task<Game>,
    /// The exact map of the position shown, and the shots it is for.
    map: Task<(Observations, Occupancy)>,
    /// The shots the running map job is for.
    map_for_running: Option<Observations>,
    peek: bool,
    /// You hunt: the exact player's game on the same fleet. The computer
    /// hunts: the chosen strategy's whole game, shown shot by shot.
    record: Task<GameRecord>,
    /// The computer hunts: shots shown so far.
    shown: usize,
    auto: Option<Instant>,
    strategy: Option<StrategyKind>,
    seed: u64,
    pub view: BoardView,
    /// The playable cell under the pointer in the last frame.
    hovered: Option<Coord>,
    said: Option<String>,
}

impl PlayMode {
    pub fn is_running(&self) -> bool {
        self.new_game.is_running() || self.map.is_running() || self.record.is_running()
    }

    /// The game in progress (you hunt) or shown (the computer hunts).
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The exact player's game on the same fleet, or the computer's game.
    pub fn record(&self) -> Option<&GameRecord> {
        self.record.result.as_ref().filter(|_| !self.record.is_running())
    }

    /// Shots of the computer's game shown so far.
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// Fires at `c` in the game you play (as a click does).
    pub fn fire(&mut self, c: Coord) -> Option<Shot> {
        let g = self.game.as_mut()?;
        if self.kind != PlayKind::YouHunt
            || g.hunt.won()
            || !g.board.is_playable(c)
            || g.hunt.observations.hits.contains(&c)
            || g.hunt.observations.misses.contains(&c)
        {
            return None;
        }
        let shot = g.hunt.shoot(c);
        g.history.push((c, shot));
        let lattice = g.board.lattice();
        self.said = Some(match shot {
            Shot::Miss => format!("{}: miss.", cell_label(lattice, c)),
            Shot::Hit => format!("{}: hit!", cell_label(lattice, c)),
            Shot::Sunk(p) => format!(
                "{}: hit, and you sank the {}!",
                cell_label(lattice, c),
                g.fleet.pieces[p].name
            ),
        });
        Some(shot)
    }

    pub fn show(&mut self, ui: &mut Ui, doc: &mut Document) {
        // The seed and the peek setting live in the session (saved with it,
        // no undo step: they choose what is looked at, not the work).
        let saved = doc.session.counter.play.clone();
        (self.seed, self.peek) = (saved.seed, saved.peek);
        self.show_mode(ui, doc);
        let now = PlaySettings {
            seed: self.seed,
            peek: self.peek,
        };
        if now != saved {
            doc.set_view(|s| s.counter.play = now);
        }
    }

    fn show_mode(&mut self, ui: &mut Ui, doc: &Document) {
        if self.new_game.poll()
            && let Some(g) = self.new_game.result.take()
        {
            self.game = Some(g);
            self.record = Task::default();
            self.map = Task::default();
            self.said = None;
            self.view = BoardView::default();
        }
        self.record.poll();
        self.map.poll();
        ui.horizontal(|ui| {
            let before = self.kind;
            ui.selectable_value(&mut self.kind, PlayKind::YouHunt, "You hunt")
                .on_hover_text("The computer hides a fleet; you fire");
            ui.selectable_value(&mut self.kind, PlayKind::ComputerHunts, "The computer hunts")
                .on_hover_text("A strategy hunts the fleet placed in Boards, shot by shot");
            if self.kind != before {
                *self = PlayMode {
                    kind: self.kind,
                    seed: self.seed,
                    peek: self.peek,
                    strategy: self.strategy,
                    ..PlayMode::default()
                };
            }
        });
        ui.separator();
        match self.kind {
            PlayKind::YouHunt => self.you_hunt(ui, doc),
            PlayKind::ComputerHunts => self.computer_hunts(ui, doc),
        }
    }

    fn you_hunt(&mut self, ui: &mut Ui, doc: &Document) {
        let setup = doc.session.setup();
        let rule = super::rule_choice(doc).rule;
        ui.horizontal_wrapped(|ui| {
            ui.add(egui::DragValue::new(&mut self.seed).prefix("seed "))
                .on_hover_text("Which fleet the computer hides");
            if ui
                .add_enabled(!self.new_game.is_running(), egui::Button::new("New game"))
                .on_hover_text(format!(
                    "The computer hides the {} on {} ({}), uniformly over the deployments the rule allows",
                    setup.fleet.name,
                    setup.board.name,
                    rule.describe()
                ))
                .clicked()
            {
                let (board, fleet, seed) = (setup.board.clone(), setup.fleet.clone(), self.seed);
                self.new_game.start(repaint(ui), move |_| {
                    let hidden = random_deployment(&board, &fleet, rule, seed)
                        .map_err(|e| e.to_string())?
                        .deployment;
                    Ok(Game::new(board, fleet, rule, hidden))
                });
                self.seed = self.seed.wrapping_add(1);
            }
            ui.checkbox(&mut self.peek, "peek at the exact map").on_hover_text(
                "Colour each cell by the share of the fleets consistent with your shots that put a ship there",
            );
            fit_button(ui, &mut self.view);
        });
        if let Some(e) = &self.new_game.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        let Some(g) = &self.game else {
            ui.label("Press New game: the computer hides a fleet, and you fire by clicking cells.");
            return;
        };
        game_banner(ui, g, doc, rule);
        let won = g.hunt.won();
        let shots = g.history.len();
        let wanted = (self.peek && !won).then(|| g.hunt.observations.clone());
        let hidden_cells: Vec<Coord> = if won {
            g.hidden.occupancy(&g.fleet).into_keys().collect()
        } else {
            Vec::new()
        };
        // A fixed number of one-line messages above the board, so that the
        // board stays where it is from the first shot to the last.
        one_line(
            ui,
            &format!("Shots: {shots}. {}", self.said.as_deref().unwrap_or("")),
            true,
        );
        fleet_status(ui, g);
        if won {
            // Once sunk, the exact player plays the same fleet (once).
            if self.record.result.is_none() && !self.record.is_running() && self.record.error.is_none() {
                self.start_compare(ui);
            }
            self.compare(ui);
        } else {
            if self.peek {
                self.legend(ui);
            } else {
                crate::ui::widgets::layout::fixed_row(ui, |ui| one_line(ui, "Click a cell to fire.", false));
            }
            one_line(ui, &self.hover_text(self.peek), false);
        }
        self.keep_map(ui, wanted);
        if let Some(c) = self.draw(ui, &hidden_cells, self.peek && !won) {
            let lattice = self.game.as_ref().map(|g| g.board.lattice());
            if self.fire(c).is_none()
                && let Some(lattice) = lattice
                && !won
            {
                self.said = Some(format!("{} was fired at already.", cell_label(lattice, c)));
            }
        }
    }

    /// After your game: the exact player on the same fleet.
    fn start_compare(&mut self, ui: &Ui) {
        let Some(g) = &self.game else { return };
        let (board, fleet, rule, hidden) = (g.board.clone(), g.fleet.clone(), g.rule, g.hidden.clone());
        self.record.start(repaint(ui), move |job| {
            let maps = MapSource::new(&board, &fleet, rule, job.cancel_flag());
            let arena = Arena {
                board: &board,
                fleet: &fleet,
                rule,
                maps: &maps,
            };
            play(
                &arena,
                StrategyKind::ExactLikely,
                &hidden,
                0,
                board.playable_cells().len(),
            )
            .map_err(|e| e.to_string())
        });
    }

    /// Two lines after your game: how you did against the exact player.
    fn compare(&mut self, ui: &mut Ui) {
        let Some(g) = &self.game else { return };
        let you = g.history.len();
        let (first, second) = match self.record() {
            Some(r) => {
                let exact = r.shots.len();
                let verdict = match you.cmp(&exact) {
                    std::cmp::Ordering::Less => format!("{} fewer than the exact player", exact - you),
                    std::cmp::Ordering::Equal => "as many as the exact player".into(),
                    std::cmp::Ordering::Greater => format!("{} more than the exact player", you - exact),
                };
                let both = g
                    .history
                    .iter()
                    .filter(|(c, _)| r.shots.iter().any(|(d, _)| d == c))
                    .count();
                (
                    format!(
                        "Fleet sunk in {you} shots: {verdict}, who needs {exact} on the same fleet (always firing at \
                         the cell most of the consistent fleets cover)."
                    ),
                    format!("{both} of your cells were also among the exact player's; the hidden fleet is outlined."),
                )
            }
            None if self.record.is_running() => (
                format!("Fleet sunk in {you} shots. The exact player is playing the same fleet…"),
                String::new(),
            ),
            None => (
                format!("Fleet sunk in {you} shots."),
                self.record.error.clone().unwrap_or_default(),
            ),
        };
        // The rows of the key and the pointer's cell while playing: the board stays put.
        crate::ui::widgets::layout::fixed_row(ui, |ui| one_line(ui, &first, true));
        one_line(ui, &second, false);
    }

    fn computer_hunts(&mut self, ui: &mut Ui, doc: &Document) {
        let setup = doc.session.setup();
        let rule = super::rule_choice(doc).rule;
        let placed = setup.deployment.ships.len() == setup.fleet.pieces.len();
        let strategy = self.strategy.get_or_insert(StrategyKind::ExactLikely);
        ui.horizontal_wrapped(|ui| {
            egui::ComboBox::from_id_salt("play_strategy")
                .selected_text(strategy.title())
                .show_ui(ui, |ui| {
                    for k in StrategyKind::ALL {
                        ui.selectable_value(strategy, k, k.title());
                    }
                });
            let kind = *strategy;
            if ui
                .add_enabled(placed && !self.record.is_running(), egui::Button::new("Hunt my fleet"))
                .on_hover_text("The strategy hunts the fleet placed in Boards (it does not see it)")
                .clicked()
            {
                let (board, fleet, hidden, seed) = (
                    setup.board.clone(),
                    setup.fleet.clone(),
                    setup.deployment.clone(),
                    self.seed,
                );
                self.shown = 0;
                self.auto = None;
                self.game = Some(Game::new(board.clone(), fleet.clone(), rule, hidden.clone()));
                // The last game's record goes: a cancel leaves no stale game behind.
                self.record.clear();
                self.record.start(repaint(ui), move |job| {
                    let maps = MapSource::new(&board, &fleet, rule, job.cancel_flag());
                    let arena = Arena {
                        board: &board,
                        fleet: &fleet,
                        rule,
                        maps: &maps,
                    };
                    play(&arena, kind, &hidden, seed, board.playable_cells().len()).map_err(|e| e.to_string())
                });
            }
            fit_button(ui, &mut self.view);
        });
        if !placed {
            ui.label("Place the whole fleet in Boards first (or press Random fleet there): the computer hunts it.");
            return;
        }
        let total = self.record().map(|r| r.shots.len());
        // Shots shown on Play on advance before anything is drawn, so the
        // counter and the board agree.
        if let (Some(t), Some(n)) = (self.auto, total) {
            if self.shown >= n {
                self.auto = None;
            } else if t.elapsed() >= Duration::from_millis(500) {
                self.shown += 1;
                self.auto = Some(Instant::now());
            }
            ui.ctx().request_repaint_after(Duration::from_millis(100));
        }
        ui.horizontal(|ui| {
            if let Some(n) = total {
                if ui.add_enabled(self.shown < n, egui::Button::new("Next shot")).clicked() {
                    self.shown += 1;
                }
                let auto_on = self.auto.is_some();
                if ui
                    .add_enabled(
                        self.shown < n,
                        egui::Button::new(if auto_on { "Pause" } else { "Play on" }),
                    )
                    .on_hover_text("Show a shot every half second")
                    .clicked()
                {
                    self.auto = if auto_on { None } else { Some(Instant::now()) };
                }
                if ui.button("To the end").clicked() {
                    self.shown = n;
                }
                ui.label(if self.shown == n {
                    format!("shot {n}: the fleet is sunk")
                } else {
                    format!("shot {}", self.shown)
                });
            } else if self.record.is_running() {
                ui.add(egui::Spinner::new());
                ui.label("The strategy is playing the whole game…");
                if ui
                    .button("Cancel")
                    .on_hover_text("Stop the game being played")
                    .clicked()
                {
                    self.record.cancel();
                }
            } else if self.record.was_cancelled() {
                ui.label("Cancelled: press Hunt my fleet to play again.");
            } else if let Some(e) = &self.record.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            } else {
                ui.label("Press Hunt my fleet: the strategy hunts your fleet without seeing it.");
            }
        });
        // Replay the shots shown on the game board.
        let shots: Vec<(Coord, Shot)> = self
            .record()
            .map(|r| r.shots[..self.shown].to_vec())
            .unwrap_or_default();
        if let Some(g) = &mut self.game
            && g.history.len() != shots.len()
        {
            *g = Game::new(g.board.clone(), g.fleet.clone(), g.rule, g.hidden.clone());
            for &(c, _) in &shots {
                let s = g.hunt.shoot(c);
                g.history.push((c, s));
            }
        }
        let Some(g) = &self.game else { return };
        game_banner(ui, g, doc, rule);
        let lattice = g.board.lattice();
        let last = match g.history.last() {
            Some(&(c, s)) => {
                let what = match s {
                    Shot::Miss => "miss".to_string(),
                    Shot::Hit => "hit".to_string(),
                    Shot::Sunk(p) => format!("sank the {}", g.fleet.pieces[p].name),
                };
                format!("Shot {}: {} — {what}.", g.history.len(), cell_label(lattice, c))
            }
            None => "No shot yet.".to_string(),
        };
        one_line(ui, &last, true);
        fleet_status(ui, g);
        let won = g.hunt.won();
        let wanted = (!won).then(|| g.hunt.observations.clone());
        let yours: Vec<Coord> = g.hidden.occupancy(&g.fleet).into_keys().collect();
        if won {
            crate::ui::widgets::layout::fixed_row(ui, |ui| one_line(ui, "The fleet is sunk.", false));
        } else {
            self.legend(ui);
        }
        one_line(ui, &self.hover_text(!won), false);
        self.keep_map(ui, wanted);
        self.draw(ui, &yours, !won);
    }

    /// Starts a map job for `wanted` shots when the shown map is of others.
    fn keep_map(&mut self, ui: &Ui, wanted: Option<Observations>) {
        let (Some(obs), Some(g)) = (wanted, &self.game) else {
            return;
        };
        let current = self.map.result.as_ref().is_some_and(|(o, _)| *o == obs);
        let running_for_it = self.map.is_running() && self.map_for_running.as_ref() == Some(&obs);
        if current || running_for_it {
            return;
        }
        let (board, fleet, rule) = (g.board.clone(), g.fleet.clone(), g.rule);
        self.map_for_running = Some(obs.clone());
        self.map.start(repaint(ui), move |job| {
            let req = CountRequest {
                rule,
                threads: 1,
                observations: obs.clone(),
                ..Default::default()
            };
            let map =
                occupancy(&board, &fleet, &req, job.cancel_flag(), &|p| job.progress(p)).map_err(|e| e.to_string())?;
            Ok((obs, map))
        });
    }

    /// What the colours mean, one row: the scale and symbols Hunt shows,
    /// of how many fleets (or that the map is being worked out).
    fn legend(&self, ui: &mut Ui) {
        let Some(g) = &self.game else { return };
        let of = match &self.map.result {
            Some((obs, m)) => format!(
                "the {} consistent with the shots{}",
                plural(m.total, "fleet"),
                if *obs == g.hunt.observations {
                    ""
                } else {
                    " (updating for the last shot…)"
                }
            ),
            None => "the fleets consistent with the shots (working the map out…)".into(),
        };
        crate::ui::widgets::layout::fixed_row(ui, |ui| crate::ui::widgets::heat_legend::heat_legend(ui, &of));
    }

    /// The cell under the pointer (last frame): its shot, or its share on the map.
    fn hover_text(&self, with_map: bool) -> String {
        let (Some(g), Some(c)) = (&self.game, self.hovered) else {
            return "Point at a cell for what is known about it.".into();
        };
        let obs = &g.hunt.observations;
        let what = if obs.hits.contains(&c) {
            "hit".to_string()
        } else if obs.misses.contains(&c) {
            "miss".to_string()
        } else {
            let share = self.map.result.as_ref().filter(|_| with_map).and_then(|(_, m)| {
                let n = m.cells.iter().find(|(d, _)| *d == c)?.1;
                (m.total > 0).then(|| 100.0 * n as f64 / m.total as f64)
            });
            match share {
                Some(f) => format!("a ship there in {f:.1} % of the consistent fleets"),
                None => "not fired at".to_string(),
            }
        };
        format!("{}: {what}", cell_label(g.board.lattice(), c))
    }

    /// The board with the shots, optionally the map and some cells shown
    /// (the revealed or your own fleet, outlined; sunk ships in their colours);
    /// returns a clicked cell. While the map of the latest shot is worked
    /// out the last one stays.
    fn draw(&mut self, ui: &mut Ui, fleet_cells: &[Coord], with_map: bool) -> Option<Coord> {
        let g = self.game.as_ref()?;
        let obs = &g.hunt.observations;
        let map = self.map.result.as_ref().filter(|_| with_map);
        let fresh = map.is_some_and(|(o, _)| o == obs);
        let map = map.map(|(_, m)| m);
        let heat: HashMap<Coord, u128> = map.map(|m| m.cells.iter().copied().collect()).unwrap_or_default();
        let total = map.map_or(0, |m| m.total);
        let ships: std::collections::HashSet<Coord> = fleet_cells.iter().copied().collect();
        // A sunk ship takes its own colour, so ships side by side stay apart.
        let sunk: HashMap<Coord, egui::Color32> = obs
            .sunk
            .iter()
            .flat_map(|s| {
                let colour = palette::ship_color(&g.fleet, s.piece);
                s.cells(&g.fleet).into_iter().map(move |c| (c, colour))
            })
            .collect();
        let board = &g.board;
        let fill = |c: Coord| {
            if board.is_island(c) {
                palette::ISLAND
            } else if obs.misses.contains(&c) {
                palette::SHOT_MISS
            } else if let Some(&colour) = sunk.get(&c) {
                colour
            } else if obs.hits.contains(&c) {
                palette::SHOT_HIT
            } else if let (Some(&n), true) = (heat.get(&c), total > 0) {
                palette::heat((n as f64 / total as f64) as f32)
            } else if ships.contains(&c) {
                palette::SHIP
            } else {
                palette::WATER
            }
        };
        let marks: Vec<(Coord, Mark)> = obs
            .hits
            .iter()
            .map(|&c| (c, Mark::Hit))
            .chain(obs.misses.iter().map(|&c| (c, Mark::Miss)))
            .collect();
        let mut outlines: Vec<(Coord, egui::Color32)> = fleet_cells.iter().map(|&c| (c, palette::SHIP)).collect();
        // The next shot in a colour the heat scale does not use.
        outlines.extend(
            map.filter(|_| fresh)
                .and_then(|m| m.best_shot(&obs.hits))
                .map(|c| (c, palette::BEST_SHOT)),
        );
        let deco = Decorations {
            outlines: &outlines,
            marks: &marks,
            ..Decorations::fill_only(&fill)
        };
        let resp = self.view.show(ui, board, &deco);
        self.hovered = resp.hovered.filter(|c| board.is_playable(*c));
        // Clicks beside the board (on no cell) are not shots.
        resp.response.clicked().then_some(self.hovered).flatten()
    }
}

/// Back to the whole board after zooming (the mouse wheel) or panning.
fn fit_button(ui: &mut Ui, view: &mut BoardView) {
    if ui
        .button("Fit view")
        .on_hover_text("Show the whole board again (the mouse wheel zooms, the middle button pans)")
        .clicked()
    {
        view.reset();
    }
}

/// "1 fleet", "1,234 fleets".
fn plural(n: u128, what: &str) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("{} {what}{s}", crate::textview::thousands(n))
}

/// One line of text that never wraps (the whole of it on hover), so the
/// lines above the board keep their height.
fn one_line(ui: &mut Ui, text: &str, strong: bool) {
    let shown = if text.is_empty() { " " } else { text };
    let rich = egui::RichText::new(shown);
    let rich = if strong { rich.strong() } else { rich };
    let label = ui.add(egui::Label::new(rich).truncate());
    if !text.is_empty() {
        label.on_hover_text(text);
    }
}

/// The ships still afloat and those sunk, by name.
fn fleet_status(ui: &mut Ui, g: &Game) {
    let sunk: Vec<usize> = g.hunt.observations.sunk.iter().map(|s| s.piece).collect();
    let name = |p: usize| {
        let piece = &g.fleet.pieces[p];
        format!("{} ({})", piece.name, piece.cells.len())
    };
    let list = |keep: bool| {
        let names: Vec<String> = (0..g.fleet.pieces.len())
            .filter(|p| sunk.contains(p) != keep)
            .map(name)
            .collect();
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        }
    };
    one_line(ui, &format!("Afloat: {}. Sunk: {}.", list(true), list(false)), false);
}

/// Which setup a game is played on, and a warning when the active setup (an
/// edit, an undo, another setup picked) is no longer it: the game goes on
/// with its own board and fleet; New game takes the active setup.
fn game_banner(ui: &mut Ui, g: &Game, doc: &Document, rule: TouchRule) {
    let setup = doc.session.setup();
    let same = setup.board == g.board && setup.fleet == g.fleet && rule == g.rule;
    let text = format!(
        "Game on {} with the {} ({}).",
        g.board.name,
        g.fleet.name,
        g.rule.describe()
    );
    if same {
        ui.weak(text);
    } else {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "{text} The active setup has changed since it began: this game goes on with its own board and fleet; a new game takes the active setup."
            ),
        );
    }
}
