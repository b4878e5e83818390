//! The Solver room's results: the run's verdict line, the best distinct states with what
//! each is, and the chosen one drawn (a picture with its fleet, or a puzzle answer).

use super::*;

impl SolverRoom {
    pub(super) fn results(&mut self, ui: &mut Ui, ctx: &mut RoomCtx<'_>) {
        let Some(r) = &self.run.result else { return };
        ui.separator();
        if let Some(note) = &self.stale_note {
            ui.colored_label(ui.visuals().warn_fg_color, note);
        }
        let (has_fleet, has_original, rule) = match self.run_problem() {
            Some(Problem::Xray(p)) => (p.fleet.is_some(), p.original.is_some(), p.rule.describe()),
            _ => (false, false, ""),
        };
        let first_fleet = r.judged.iter().position(|j| realisation(j).is_some());
        let mut show_first = false;
        ui.horizontal_wrapped(|ui| {
            let good = Color32::from_rgb(120, 200, 120);
            let warn = ui.visuals().warn_fg_color;
            let is_puzzle = matches!(self.run_problem(), Some(Problem::Puzzle(_)));
            match (r.success, has_fleet) {
                _ if r.set.samples.is_empty() => ui.colored_label(warn, no_read_finished(r.set.stop)),
                (Some(true), _) if is_puzzle => ui.colored_label(good, "Success: a returned answer solves the puzzle."),
                (Some(false), _) if is_puzzle => ui.colored_label(
                    warn,
                    "No returned answer solves the puzzle; the list says what each breaks.",
                ),
                (Some(true), true) => ui.colored_label(
                    good,
                    format!(
                        "Success: {} of {} are fleets with these sums ({rule}){}.",
                        thousands(r.successes as u128),
                        r.judged_among(),
                        match first_fleet {
                            Some(k) => format!("; the first listed is #{}", k + 1),
                            None => "; none is among those listed (raise keep to see them)".into(),
                        }
                    ),
                ),
                (Some(false), true) => {
                    ui.colored_label(warn, format!("No returned state is a fleet with these sums ({rule})."))
                }
                (Some(true), false) => ui.colored_label(good, "Success: the original picture was recovered."),
                (Some(false), false) => {
                    ui.colored_label(warn, "The original picture is not among the returned states.")
                }
                (None, _) if has_original || r.judged.iter().any(|j| j.picture.is_some()) => ui.label(format!(
                    "{} of {} have the right sums.",
                    thousands(r.right_sums as u128),
                    r.judged_among()
                )),
                (None, _) if is_puzzle => ui.label(format!(
                    "{} of {} break no rule, but the optimum is unknown (the exact search did not finish), so \
                     none is known to be best.",
                    thousands(r.successes as u128),
                    r.judged_among()
                )),
                (None, _) => ui.label("A model from a file: there is no picture to judge against."),
            };
            if let Some(plan) = &self.run_plan {
                ui.label(format!("Ran {plan}."));
            }
            ui.add(egui::Label::new(r.summary()).wrap());
            if r.success == Some(true)
                && has_fleet
                && let Some(k) = first_fleet.filter(|&k| k != self.picked)
            {
                show_first = ui
                    .button(format!("Show #{}", k + 1))
                    .on_hover_text("Show the first listed fleet on the right")
                    .clicked();
            }
        });
        if r.judged.is_empty() {
            return;
        }
        let mut pick = if show_first { first_fleet } else { None };
        let mut send: Option<Command> = None;
        let fleet = solved_fleet(ctx.doc, self.run_problem());
        ui.columns(2, |cols| {
            // Left: the returned states, best first.
            egui::ScrollArea::vertical()
                .id_salt("solver_results")
                .auto_shrink([false, true])
                .max_height(cols[0].available_height())
                .show(&mut cols[0], |ui| {
                    egui::Grid::new("results_grid")
                        .striped(true)
                        .num_columns(4)
                        .show(ui, |ui| {
                            ui.strong("#");
                            crate::ui::widgets::table::num_heading(ui, "energy");
                            // Tabu counts each search of a read (the first and every restart).
                            let (found, hover) = match r.sampler {
                                SamplerKind::Tabu => {
                                    ("searches", "How many tabu searches (of all reads) ended in this state")
                                }
                                _ => ("found", "How many reads ended in this state"),
                            };
                            crate::ui::widgets::table::num_heading(ui, found).on_hover_text(hover);
                            ui.strong("is");
                            ui.end_row();
                            for (k, j) in r.judged.iter().enumerate() {
                                if ui.selectable_label(self.picked == k, format!("#{}", k + 1)).clicked() {
                                    pick = Some(k);
                                }
                                crate::ui::widgets::table::num(ui, format!("{:.6}", j.energy));
                                crate::ui::widgets::table::num(ui, format!("{}×", j.count));
                                ui.label(j.words());
                                ui.end_row();
                            }
                        });
                });
            // Right: the chosen state.
            let ui = &mut cols[1];
            let Some(j) = r.judged.get(self.picked) else { return };
            if let (Some(v), Some(Problem::Puzzle(p))) = (&j.puzzle, self.model.result.as_ref().map(|m| &m.problem)) {
                puzzle_detail(ui, p, v, self.picked, j.energy, &mut send);
                return;
            }
            match &j.picture {
                Some((m, v)) => {
                    ui.horizontal_wrapped(|ui| {
                        ui.strong(format!("#{}: energy {:.6}", self.picked + 1, j.energy));
                        ui.label(format!(
                            "sums {}, known cells {}",
                            if v.sums_ok { "right" } else { "wrong" },
                            if v.pins_ok { "kept" } else { "broken" }
                        ));
                        let solved = realisation(j).zip(fleet.as_ref()).map(|(real, (fleet, rule))| {
                            Box::new(crate::session::Setup {
                                name: format!("Solved fleet (energy {:.4})", j.energy),
                                description: "A fleet found by the Solver room's sampler.".into(),
                                board: crate::geometry::Board::square("solved", m.rows() as u32, m.cols() as u32),
                                fleet: fleet.clone(),
                                rules: crate::geometry::Rules { touch: *rule },
                                deployment: real.clone(),
                                observations: Default::default(),
                            })
                        });
                        let (hover, message) = match &solved {
                            Some(setup) => (
                                "Study this fleet, ship by ship, in the Tomography room",
                                RoomMessage::ExploreFleet(setup.clone()),
                            ),
                            None => (
                                "Study this matrix in the Tomography room",
                                RoomMessage::Explore(m.clone()),
                            ),
                        };
                        if ui.button("To Tomography").on_hover_text(hover).clicked() {
                            send = Some(Command::Deliver(crate::ui::rooms::tomography::ID, message));
                        }
                        if let Some(setup) = solved
                            && ui
                                .button("To Boards")
                                .on_hover_text("Add this fleet as a new setup")
                                .clicked()
                        {
                            send = Some(Command::AddSetup(setup));
                        }
                    });
                    let board = crate::geometry::Board::square("state", m.rows() as u32, m.cols() as u32);
                    let owner = realisation(j)
                        .zip(fleet.as_ref())
                        .map(|(d, (f, _))| (d.occupancy(f), f));
                    let fill = |c: Coord| match owner.as_ref().and_then(|(o, f)| o.get(&c).map(|&p| (p, f))) {
                        Some((p, f)) => palette::ship_color(f, p),
                        None if m.get(c.0 as usize, c.1 as usize) => Color32::from_rgb(200, 200, 210),
                        None => palette::WATER,
                    };
                    let (rs, cs) = (m.row_sums(), m.col_sums());
                    let deco = Decorations {
                        edge_sums: Some((&rs, &cs)),
                        ..Decorations::fill_only(&fill)
                    };
                    let size = vec2(ui.available_width(), ui.available_height().max(240.0));
                    ui.allocate_ui(size, |ui| {
                        self.detail_view.show(ui, &board, &deco);
                    });
                }
                None => {
                    let bits: String = j
                        .bits
                        .iter()
                        .take(400)
                        .map(|b| if *b == 1 { '1' } else { '0' })
                        .collect();
                    ui.label(format!(
                        "State #{} (first {} of {} variables):",
                        self.picked + 1,
                        bits.len(),
                        j.bits.len()
                    ));
                    ui.add(egui::Label::new(egui::RichText::new(bits).monospace()).wrap());
                }
            }
        });
        if let Some(k) = pick {
            self.picked = k;
        }
        if let Some(c) = send {
            ctx.send(c);
        }
    }
}

/// A puzzle answer from the sampler: the decoded grid with the cells of broken
/// rules outlined, and the rules listed.
fn puzzle_detail(
    ui: &mut Ui,
    p: &crate::solve::PuzzleProblem,
    v: &crate::solve::PuzzleVerdict,
    picked: usize,
    energy: f64,
    send: &mut Option<Command>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("#{}: energy {energy:.6}", picked + 1));
        match p.solution_energy() {
            Some(e) => ui.label(format!("(a solution has {e})")),
            None if matches!(p.model, crate::puzzle::PuzzleQuboModel::Xray(_)) => ui.label(
                "(the X-ray model: a fleet's energy is ε·|ΔA|², so energies do not rank fleets; the checker does)",
            ),
            None => ui.label(""),
        };
        if ui
            .button("Show in Puzzles")
            .on_hover_text("Open the Puzzles room with this answer on the puzzle")
            .clicked()
        {
            *send = Some(Command::Deliver(
                crate::ui::rooms::puzzles::ID,
                RoomMessage::PuzzleAnswer(
                    v.grid.clone(),
                    format!("Solver answer #{} (energy {energy:.4})", picked + 1),
                ),
            ));
        }
    });
    if v.violations.is_empty() {
        let what = match v.value {
            Some(value) => format!("Every rule holds; worth {value}."),
            None => "Every rule holds: a solution.".to_string(),
        };
        ui.colored_label(Color32::from_rgb(120, 200, 120), what);
    } else {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "{} broken:",
                crate::textview::count(v.violations.len(), "rule", "rules")
            ),
        );
        egui::ScrollArea::vertical()
            .id_salt("solver_broken")
            .max_height(120.0)
            .show(ui, |ui| {
                for x in &v.violations {
                    ui.label(format!("• {}", x.message));
                }
            });
    }
    let (broken, weak) = crate::ui::widgets::puzzle_grid::broken_cells(&v.violations, &v.grid);
    let overlay = crate::ui::widgets::puzzle_grid::Overlay {
        answer: Some(&v.grid),
        broken: &broken,
        weak: &weak,
        pending: None,
        undecided: None,
        ships: None,
        ..Default::default()
    };
    crate::ui::widgets::puzzle_grid::show(ui, &p.puzzle, &overlay, 40.0);
}

/// The fleet an X-ray model judges by, with the touch rule it was judged under.
fn solved_fleet(
    _doc: &Document,
    problem: Option<&Problem>,
) -> Option<(crate::geometry::Fleet, crate::geometry::TouchRule)> {
    match problem? {
        Problem::Xray(p) => p.fleet.clone().map(|f| (f, p.rule)),
        Problem::Puzzle(_) | Problem::Plain { .. } => None,
    }
}

/// Why a run returned no state, from the reason the engine gives for its stop.
fn no_read_finished(stop: crate::solve::Stop) -> &'static str {
    match stop {
        crate::solve::Stop::Cancelled => "Cancelled before any read finished.",
        crate::solve::Stop::TimeLimit => {
            "No read finished within the time limit: allow more time or ask for fewer sweeps."
        }
        _ => "No read finished.",
    }
}
