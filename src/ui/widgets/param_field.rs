//! One sampler setting as a field, drawn from its description (name, words,
//! limits): the Solver room shows any sampler's settings without code of its own.
//!
//! The limits are the description's, the same the sampler's `check` applies, and
//! the tooltip states them. A number typed past them is clamped and a note under
//! the field says so; a value the user did not touch is never changed (egui
//! clamps existing values to a field's range unless told not to). A setting the
//! model can choose has an "auto" box, so every number, 0 included, means itself;
//! turning auto off starts from what auto comes to on the model.

use crate::solve::{Param, ParamKind, ParamValue};
use egui::emath::Numeric;
use egui::{DragValue, Id, Ui};
use std::cell::Cell;
use std::ops::RangeInclusive;

/// Draws `value` of setting `p` for editing. `model_value` is what auto comes
/// to on the current model (none while it is being built).
pub fn param_field(ui: &mut Ui, p: &Param, value: &mut ParamValue, model_value: Option<ParamValue>) {
    let note_id = ui.scope_id().with(("param note", p.name));
    let hover = format!("{}. Range: {}.", p.help, p.kind.limits());
    let mut changed = false;
    let mut note = None;
    // What a change of one end did to the other (kept as the clamp note is).
    let mut moved_other = None;
    ui.horizontal(|ui| {
        let mut label = None;
        if let Some(auto) = p.kind.auto() {
            label = Some(ui.label(p.label).on_hover_text(&hover).id);
            let mut is_auto = *value == ParamValue::Auto;
            if ui.checkbox(&mut is_auto, "auto").on_hover_text(auto).changed() {
                *value = match is_auto {
                    true => ParamValue::Auto,
                    false => model_value.unwrap_or_else(|| p.kind.start()),
                };
                changed = true;
            }
        }
        match (p.kind, value) {
            (ParamKind::Count { min, max } | ParamKind::CountOrAuto { min, max, .. }, ParamValue::Count(n)) => {
                let prefix = if label.is_none() {
                    format!("{} ", p.label)
                } else {
                    String::new()
                };
                let speed = (*n as f64 / 100.0).max(1.0);
                let field = Field {
                    prefix: &prefix,
                    speed,
                    hover: &hover,
                    label,
                };
                let (moved, typed) = field.show(ui, n, min as f64..=max as f64);
                changed |= moved;
                note = typed.map(|x| clamp_note(&p.kind, p.label, x, min as f64, max as f64, None));
            }
            (ParamKind::RangeOrAuto { min, max, ends, .. }, ParamValue::Range(low, high)) => {
                let field = Field {
                    prefix: &format!("{} ", ends.0),
                    speed: real_speed(*low),
                    hover: &hover,
                    label: None,
                };
                let (moved, typed) = field.show(ui, low, min..=max);
                note = typed.map(|x| clamp_note(&p.kind, ends.0, x, min, max, None));
                // The high end never goes below the low one: it moves along, and a note says so.
                if moved && *high < *low {
                    let pushed = format!(
                        "{} went up from {} to {} to stay at least {}.",
                        ends.1,
                        p.kind.number(*high),
                        p.kind.number(*low),
                        ends.0
                    );
                    *high = *low;
                    moved_other = Some(pushed);
                }
                changed |= moved;
                let lowest = *low;
                let field = Field {
                    prefix: &format!("{} ", ends.1),
                    speed: real_speed(*high),
                    hover: &hover,
                    label: None,
                };
                let (moved, typed) = field.show(ui, high, lowest..=max);
                changed |= moved;
                if let Some(x) = typed {
                    note = Some(clamp_note(&p.kind, ends.1, x, lowest, max, Some(ends.0)));
                }
            }
            _ => {}
        }
    });
    show_note(ui, note_id, changed, note);
    show_note(ui, note_id.with("other end"), changed, moved_other);
}

/// Keeps the note of the last clamp until the field changes again, and draws it.
fn show_note(ui: &mut Ui, id: Id, changed: bool, new: Option<String>) {
    let note = match (new, changed) {
        (Some(note), _) => {
            ui.data_mut(|d| d.insert_temp(id, note.clone()));
            Some(note)
        }
        (None, true) => {
            ui.data_mut(|d| d.remove::<String>(id));
            None
        }
        (None, false) => ui.data(|d| d.get_temp::<String>(id)),
    };
    if let Some(note) = note {
        warn_note(ui, note);
    }
}

/// A warning line wrapped within the panel that shows it: a wide row above
/// (the model card's long source line) widens the layout past the panel's
/// edge, and a note laid out to that width would be cut off there.
pub fn warn_note(ui: &mut Ui, text: impl Into<String>) {
    let left = ui.cursor().left();
    let width = (ui.clip_rect().right() - left).min(ui.available_width()).max(40.0);
    let color = ui.visuals().warn_fg_color;
    ui.scope(|ui| {
        ui.set_max_width(width);
        ui.add(egui::Label::new(egui::RichText::new(text).color(color)).wrap());
    });
}

/// One number of a setting.
struct Field<'a> {
    prefix: &'a str,
    speed: f64,
    hover: &'a str,
    /// The label beside it, which names it for screen readers (and tests).
    label: Option<Id>,
}

impl Field<'_> {
    /// Draws the number within `limits`; returns whether it changed and the
    /// number typed (or set) past the limits, which is now clamped.
    fn show<N: Numeric>(&self, ui: &mut Ui, value: &mut N, limits: RangeInclusive<f64>) -> (bool, Option<f64>) {
        let typed = Cell::new(None);
        let mut response = ui
            .add(
                DragValue::new(value)
                    .range(limits.clone())
                    .clamp_existing_to_range(false)
                    // Taken on Enter: a number half typed ("5" of "500") would
                    // move the other end of a range, and the note would say so.
                    .update_while_editing(false)
                    .speed(self.speed)
                    .prefix(self.prefix)
                    .custom_parser(|text| {
                        let x = parse_number(text);
                        typed.set(x);
                        x
                    }),
            )
            .on_hover_text(self.hover);
        if let Some(label) = self.label {
            response = response.labelled_by(label);
        }
        let mut past = typed.get().filter(|x| !limits.contains(x));
        // A value set another way (a screen reader's "set value") is not clamped by egui.
        if response.changed() && !limits.contains(&value.to_f64()) {
            past = Some(value.to_f64());
            *value = N::from_f64(value.to_f64().clamp(*limits.start(), *limits.end()));
        }
        (response.changed(), past)
    }
}

/// What egui reads as a number (spaces ignored, "−" as "-"), finite only.
fn parse_number(text: &str) -> Option<f64> {
    let text: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| if c == '−' { '-' } else { c })
        .collect();
    text.parse().ok().filter(|x: &f64| !x.is_nan())
}

/// "The β hot field takes at most 1e6, so 1e9 became 1e6." `by` names the
/// other end when it is the bound (a range's high end is at least its low one).
fn clamp_note(kind: &ParamKind, name: &str, typed: f64, min: f64, max: f64, by: Option<&str>) -> String {
    let (word, bound) = if typed > max { ("most", max) } else { ("least", min) };
    let (bound, was) = (kind.number(bound), kind.number(typed));
    let whose = match by {
        Some(other) if word == "least" => format!(" ({other})"),
        _ => String::new(),
    };
    format!("The {name} field takes at {word} {bound}{whose}, so {was} became {bound}.")
}

/// A hundredth of the value a point (at least a millionth).
fn real_speed(value: f64) -> f64 {
    (value.abs() / 100.0).max(1e-6)
}
