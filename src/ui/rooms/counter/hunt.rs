//! Hunt mode of the Counter room: mark misses and hits, see the exact share of
//! consistent deployments that cover each cell, and the best next shot.

use crate::cover::{CountRequest, Occupancy, occupancy, sinking_candidates};
use crate::geometry::{Coord, Observations, PlacedShip};
use crate::jobs::Task;
use crate::textview::{cell_label, thousands};
use crate::ui::document::Document;
use crate::ui::room::repaint;
use crate::ui::widgets::board_view::{BoardView, Decorations, Mark};
use crate::ui::widgets::palette;
use egui::Ui;
use std::collections::HashMap;

/// A heat map with the shots it was computed for.
#[derive(Clone, Debug)]
pub struct Heat {
    pub map: Occupancy,
    pub shots: Observations,
}

#[derive(Default)]
pub struct HuntMode {
    pub view: BoardView,
    task: Task<Heat>,
    /// (document revision, active setup) the running or last job was started for.
    started_for: Option<(u64, usize)>,
    /// A piece the game announced sunk whose place is ambiguous: the choices, and
    /// the shots they were found for (a new shot finds them again).
    sink_choice: Option<(usize, Vec<PlacedShip>)>,
    sink_shots: Option<crate::geometry::Observations>,
    /// Why the last "sunk" could not be recorded.
    sink_note: Option<(String, crate::geometry::Observations)>,
}

impl HuntMode {
    pub fn is_running(&self) -> bool {
        self.task.is_running()
    }

    /// The last finished heat map.
    pub fn heat(&self) -> Option<&Heat> {
        self.task.result.as_ref()
    }

    /// Starts a new heat-map job when the board, fleet, shots or settings changed.
    fn refresh(&mut self, ui: &Ui, doc: &Document) {
        let stamp = (doc.revision, doc.session.active);
        if self.started_for == Some(stamp) {
            return;
        }
        self.started_for = Some(stamp);
        let setup = doc.session.setup();
        let req = CountRequest {
            observations: setup.observations.clone(),
            ..super::request(doc)
        };
        let (board, fleet) = (setup.board.clone(), setup.fleet.clone());
        // Replacing the job drops (and so cancels) the previous one.
        self.task.start(repaint(ui), move |job| {
            let map =
                occupancy(&board, &fleet, &req, job.cancel_flag(), &|p| job.progress(p)).map_err(|e| e.to_string())?;
            Ok(Heat {
                map,
                shots: req.observations,
            })
        });
    }

    pub fn show(&mut self, ui: &mut Ui, doc: &mut Document) {
        self.task.poll();
        self.refresh(ui, doc);
        ui.horizontal(|ui| {
            ui.label("Left-click: miss (water) · right-click: hit (ship) · click again to clear.");
            if ui.button("Clear shots").clicked() {
                doc.edit(|s| s.setup_mut().observations = Default::default());
            }
        });
        self.sunk_controls(ui, doc);
        let lattice = doc.session.setup().board.lattice();
        let heat = self.task.result.as_ref();
        // A map of earlier shots names no best shot: the next one is being worked out.
        let current = heat.is_some_and(|h| h.shots == doc.session.setup().observations);
        let best = heat.filter(|_| current).and_then(|h| h.map.best_shot(&h.shots.hits));
        ui.horizontal(|ui| {
            match heat {
                Some(h) if h.map.total == 0 => {
                    ui.colored_label(ui.visuals().error_fg_color, "No deployment fits these shots.");
                }
                Some(h) if !current => {
                    ui.weak(format!(
                        "{} deployments fit the earlier shots; the map is being updated for these.",
                        thousands(h.map.total)
                    ));
                }
                Some(h) => {
                    ui.label(format!(
                        "{} deployments fit the shots ({}).",
                        thousands(h.map.total),
                        super::rule_choice(doc).describe()
                    ));
                    if let Some(b) = best {
                        let n = h.map.cells.iter().find(|c| c.0 == b).map_or(0, |c| c.1);
                        ui.strong(format!(
                            "Best next shot: {} (a ship in {:.1}% of them)",
                            cell_label(lattice, b),
                            percent(n, h.map.total)
                        ));
                    }
                }
                None => {}
            }
            if self.task.is_running() {
                crate::ui::widgets::busy::busy(ui);
                ui.label("Updating…");
            }
            if let Some(e) = &self.task.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
        });
        crate::ui::widgets::heat_legend::heat_legend(ui, "the deployments");
        let setup = doc.session.setup();
        let obs = &setup.observations;
        let cell_heat: HashMap<Coord, u128> = heat.map(|h| h.map.cells.iter().copied().collect()).unwrap_or_default();
        let total = heat.map_or(0, |h| h.map.total);
        let fill = |c: Coord| {
            if setup.board.is_island(c) {
                palette::ISLAND
            } else if obs.misses.contains(&c) {
                palette::SHOT_MISS
            } else if obs.hits.contains(&c) {
                palette::SHOT_HIT
            } else {
                match cell_heat.get(&c) {
                    Some(&n) if total > 0 => palette::heat((n as f64 / total as f64) as f32),
                    _ => palette::WATER,
                }
            }
        };
        let marks: Vec<(Coord, Mark)> = obs
            .hits
            .iter()
            .map(|&c| (c, Mark::Hit))
            .chain(obs.misses.iter().map(|&c| (c, Mark::Miss)))
            .collect();
        // A best shot from the previous map that has just been fired at is not a suggestion.
        let outlines: Vec<(Coord, egui::Color32)> = best
            .filter(|c| !obs.hits.contains(c) && !obs.misses.contains(c))
            .map(|c| (c, palette::BEST_SHOT))
            .into_iter()
            .collect();
        let deco = Decorations {
            outlines: &outlines,
            marks: &marks,
            ..Decorations::fill_only(&fill)
        };
        let resp = self.view.show(ui, &setup.board, &deco);
        let Some(c) = resp.hovered.filter(|c| setup.board.is_playable(*c)) else {
            return;
        };
        let share = match cell_heat.get(&c) {
            Some(&n) if total > 0 => format!(
                "a ship in {:.2}% of the deployments ({} of {})",
                percent(n, total),
                thousands(n),
                thousands(total)
            ),
            _ if obs.hits.contains(&c) => "hit".into(),
            _ if obs.misses.contains(&c) => "miss".into(),
            _ => "no estimate yet".into(),
        };
        resp.response
            .clone()
            .on_hover_text_at_pointer(format!("{}: {share}", cell_label(lattice, c)));
        let primary = resp.response.clicked();
        let secondary = resp.response.secondary_clicked();
        if primary || secondary {
            doc.edit(|s| {
                let setup = s.setup_mut();
                let o = &mut setup.observations;
                let (was_miss, was_hit) = (o.misses.contains(&c), o.hits.contains(&c));
                o.clear_cell(c, &setup.fleet);
                if primary && !was_miss {
                    o.misses.insert(c);
                }
                if secondary && !was_hit {
                    o.hits.insert(c);
                }
            });
        }
    }
}

impl HuntMode {
    /// "Sunk:" one button per piece not yet sunk. The game names the ship it
    /// sank; its place is found among the hit cells (asked when ambiguous).
    fn sunk_controls(&mut self, ui: &mut Ui, doc: &mut Document) {
        let setup = doc.session.setup();
        // A note about earlier shots is old news once the shots change.
        if self
            .sink_note
            .as_ref()
            .is_some_and(|(_, shots)| *shots != setup.observations)
        {
            self.sink_note = None;
        }
        // The choices follow the shots: after a new hit or miss they are found again.
        if let Some((piece, places)) = &mut self.sink_choice
            && self.sink_shots.as_ref() != Some(&setup.observations)
        {
            *places = sinking_candidates(&setup.board, &setup.fleet, &setup.observations, *piece);
            self.sink_shots = Some(setup.observations.clone());
            if places.is_empty() {
                self.sink_note = Some((
                    format!(
                        "No place for the {} lies on hit cells only.",
                        setup.fleet.pieces[*piece].name
                    ),
                    setup.observations.clone(),
                ));
                self.sink_choice = None;
            }
        }
        let sunk: Vec<usize> = setup.observations.sunk.iter().map(|s| s.piece).collect();
        let mut record = None;
        ui.horizontal_wrapped(|ui| {
            ui.label("Sunk:")
                .on_hover_text("When the game announces a sinking, name the ship: it is then known exactly");
            for (i, p) in setup.fleet.pieces.iter().enumerate() {
                if sunk.contains(&i) {
                    ui.weak(format!("{} (sunk)", p.name));
                    continue;
                }
                if ui.small_button(&p.name).clicked() {
                    let places = sinking_candidates(&setup.board, &setup.fleet, &setup.observations, i);
                    match places.len() {
                        0 => {
                            self.sink_note = Some((
                                format!("No place for the {} lies on hit cells only.", p.name),
                                setup.observations.clone(),
                            ));
                            self.sink_choice = None;
                        }
                        1 => record = Some(places[0]),
                        _ => {
                            self.sink_note = None;
                            self.sink_choice = Some((i, places));
                            self.sink_shots = Some(setup.observations.clone());
                        }
                    }
                }
            }
        });
        // One row, always there, for the question or the note: the board
        // below stays put when "Where did the … sink?" comes and goes.
        crate::ui::widgets::layout::fixed_row(ui, |ui| {
            if let Some((piece, places)) = &self.sink_choice {
                let lattice = setup.board.lattice();
                ui.label(format!("Where did the {} sink?", setup.fleet.pieces[*piece].name));
                for s in places {
                    let cells = s.cells(&setup.fleet);
                    let text = format!(
                        "{} … {}",
                        cell_label(lattice, cells[0]),
                        cell_label(lattice, *cells.last().expect("a piece has cells"))
                    );
                    if ui.small_button(text).clicked() {
                        record = Some(*s);
                    }
                }
            } else if let Some((n, _)) = &self.sink_note {
                ui.colored_label(ui.visuals().warn_fg_color, n);
            }
        });
        if let Some(ship) = record {
            doc.edit(|s| s.setup_mut().observations.sunk.push(ship));
            self.sink_choice = None;
            self.sink_note = None;
        }
    }
}

fn percent(n: u128, total: u128) -> f64 {
    100.0 * n as f64 / total.max(1) as f64
}
