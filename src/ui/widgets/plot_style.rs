//! What every plot in the app shares: tick labels that stay drawn, and a key
//! below the plot instead of a legend over the data.
//!
//! egui_plot's default grid steps by powers of ten and wants 60 points between
//! x labels: on a 200-point plot of 0..34 s the 10 s labels were 56 points
//! apart and dropped, leaving only "0". Here the steps go 1, 2, 5, 10, … and
//! labels may sit 32 points apart; they are short (k, M, G past 10,000), and
//! egui_plot still drops any label wider than its gap, so none overlap.
//! A legend drawn inside a 330-point plot covered the data at 1024 pixels, so
//! the key is laid out under the plot, where it can wrap but never cover.

use egui::{Color32, Ui};
use egui_plot::{AxisHints, GridInput, GridMark, Plot, uniform_grid_spacer};
use std::ops::RangeInclusive;

/// `plot` with 1-2-5 grid steps and compact tick labels on both axes. Set the
/// axis labels after this call.
pub fn compact_ticks(plot: Plot<'_>) -> Plot<'_> {
    plot.custom_x_axes(vec![
        AxisHints::new_x().formatter(tick_label).label_spacing(32.0..=48.0),
    ])
    .custom_y_axes(vec![AxisHints::new_y().formatter(tick_label)])
    .x_grid_spacer(uniform_grid_spacer(steps_125))
    .y_grid_spacer(uniform_grid_spacer(steps_125))
}

/// Three grid steps from the 1, 2, 5 ladder: the finest at least the
/// recommended step, then about five and ten times it.
fn steps_125(input: GridInput) -> [f64; 3] {
    let fine = nice_at_least(input.base_step_size);
    let medium = nice_at_least(fine * 4.0);
    [fine, medium, nice_at_least(medium * 1.9)]
}

/// The smallest of 1, 2, 5 × 10^k that is at least `x` (1 for a degenerate `x`).
fn nice_at_least(x: f64) -> f64 {
    if !(x.is_finite() && x > 0.0) {
        return 1.0;
    }
    let p = 10f64.powf(x.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|v| *v >= x * (1.0 - 1e-9))
        .unwrap_or(10.0 * p)
}

/// The label of one tick: as many decimals as its step needs, and a k, M or G
/// suffix once the value reaches 10,000.
pub fn tick_label(mark: GridMark, _range: &RangeInclusive<f64>) -> String {
    label(mark.value, mark.step_size)
}

fn label(value: f64, step: f64) -> String {
    const SUFFIXES: [(f64, &str); 4] = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")];
    let magnitude = value.abs();
    if magnitude >= 1e4 {
        for (scale, suffix) in SUFFIXES {
            if magnitude >= scale {
                let decimals = decimals_for(step / scale);
                return format!("{:.*}{suffix}", decimals, value / scale);
            }
        }
    }
    let decimals = decimals_for(step);
    let text = format!("{value:.decimals$}");
    // "-0" and "-0.0" read as a bug.
    if text.trim_start_matches('-').chars().all(|c| c == '0' || c == '.') {
        text.trim_start_matches('-').to_string()
    } else {
        text
    }
}

/// Decimals enough to write a multiple of `step` exactly, never more than six.
fn decimals_for(step: f64) -> usize {
    if !(step.is_finite() && step > 0.0) {
        return 0;
    }
    (0..6)
        .find(|&d| {
            let scaled = step * 10f64.powi(d);
            (scaled - scaled.round()).abs() <= 1e-6 * scaled
        })
        .map_or(6, |d| d as usize)
}

/// A key below a plot: a colour swatch and a name per series, wrapping.
pub fn key(ui: &mut Ui, entries: &[(&str, Color32)]) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 6.0;
        for (name, color) in entries {
            // Swatch and name are one item, so a wrap never parts them.
            let font = egui::TextStyle::Body.resolve(ui.style());
            let galley = ui
                .painter()
                .layout_no_wrap((*name).to_string(), font, ui.visuals().text_color());
            let size = egui::vec2(18.0 + galley.size().x, galley.size().y);
            let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
            let swatch = egui::Rect::from_center_size(rect.left_center() + egui::vec2(7.0, 0.0), egui::vec2(14.0, 4.0));
            ui.painter().rect_filled(swatch, 1.0, *color);
            ui.painter()
                .galley(rect.min + egui::vec2(18.0, 0.0), galley, ui.visuals().text_color());
        }
    });
}

#[cfg(test)]
mod tests {
    use super::{label, nice_at_least};

    #[test]
    fn grid_steps_follow_one_two_five() {
        assert_eq!(nice_at_least(1.4), 2.0);
        assert_eq!(nice_at_least(0.3), 0.5);
        assert_eq!(nice_at_least(114.0), 200.0);
        assert_eq!(nice_at_least(5.0), 5.0);
        assert_eq!(nice_at_least(7.0), 10.0);
        assert_eq!(nice_at_least(0.0), 1.0);
        // 0..34 s over 190 points (grid lines at least 8 points apart): labels
        // every 10 s (56 points apart, over the 32-point minimum), not only at 0.
        let base = 34.0 * 8.0 / 190.0;
        let steps = super::steps_125(egui_plot::GridInput {
            bounds: (0.0, 34.0),
            base_step_size: base,
        });
        assert_eq!(steps, [2.0, 10.0, 20.0]);
    }

    #[test]
    fn large_ticks_stay_short_and_distinct() {
        // A long annealing run: sweeps into the millions, ticks half a million apart.
        let ticks: Vec<String> = (0..=6).map(|i| label(f64::from(i) * 500_000.0, 500_000.0)).collect();
        assert_eq!(ticks, ["0", "500k", "1.0M", "1.5M", "2.0M", "2.5M", "3.0M"]);
        for (v, step) in [
            (123_456_789_012.0, 1e10),
            (-2.5e7, 5e6),
            (40_000.0, 10_000.0),
            (9e15, 1e15),
        ] {
            let t = label(v, step);
            assert!(t.len() <= 6, "{v} with step {step} gave {t:?}");
        }
    }

    #[test]
    fn small_ticks_keep_their_decimals() {
        assert_eq!(label(0.25, 0.05), "0.25");
        assert_eq!(label(-0.0, 0.1), "0.0");
        assert_eq!(label(1200.0, 200.0), "1200");
        assert_eq!(label(-7.5, 2.5), "-7.5");
        assert_eq!(label(0.005, 0.001), "0.005");
        assert_eq!(label(f64::NAN, f64::NAN), "NaN");
    }
}
