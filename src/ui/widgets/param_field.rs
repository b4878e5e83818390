//! One sampler setting as a field, drawn from its description (name, words,
//! limits): the Solver room shows any sampler's settings without code of its own.
//!
//! A field offers the setting's whole range (the sampler's `check` limits) and
//! never changes a value the user did not touch (egui clamps existing values
//! to a field's range unless told not to). A setting the model can choose has
//! an "auto" box, so every number, 0 included, means itself.

use crate::solve::{Param, ParamKind, ParamValue};
use egui::{DragValue, Ui};

/// Draws `value` of setting `p` for editing.
pub fn param_field(ui: &mut Ui, p: &Param, value: &mut ParamValue) {
    ui.horizontal(|ui| {
        if let Some(auto) = p.kind.auto() {
            ui.label(p.label).on_hover_text(p.help);
            let mut is_auto = *value == ParamValue::Auto;
            if ui.checkbox(&mut is_auto, "auto").on_hover_text(auto).changed() {
                *value = if is_auto { ParamValue::Auto } else { p.kind.start() };
            }
        }
        match (p.kind, value) {
            (ParamKind::Count { min, max } | ParamKind::CountOrAuto { min, max, .. }, ParamValue::Count(n)) => {
                let prefix = if p.kind.has_auto() {
                    String::new()
                } else {
                    format!("{} ", p.label)
                };
                let speed = (*n as f64 / 100.0).max(1.0);
                ui.add(
                    DragValue::new(n)
                        .range(min..=max)
                        .clamp_existing_to_range(false)
                        .speed(speed)
                        .prefix(prefix),
                )
                .on_hover_text(p.help);
            }
            (ParamKind::RangeOrAuto { above, max, .. }, ParamValue::Range(low, high)) => {
                let (low_speed, high_speed) = (real_speed(*low), real_speed(*high));
                let moved = ui
                    .add(
                        DragValue::new(low)
                            .range(above.next_up()..=max)
                            .clamp_existing_to_range(false)
                            .speed(low_speed)
                            .prefix("from "),
                    )
                    .on_hover_text(p.help)
                    .changed();
                // The high end never goes below the low one: it moves along.
                if moved && *high < *low {
                    *high = *low;
                }
                let lowest = *low;
                ui.add(
                    DragValue::new(high)
                        .range(lowest..=max)
                        .clamp_existing_to_range(false)
                        .speed(high_speed)
                        .prefix("to "),
                )
                .on_hover_text(p.help);
            }
            _ => {}
        }
    });
}

/// A hundredth of the value a point (at least a millionth).
fn real_speed(value: f64) -> f64 {
    (value.abs() / 100.0).max(1e-6)
}
