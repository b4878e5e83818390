//! What every plot in the app shares: tick labels short enough to stay drawn,
//! and a key below the plot instead of a legend over the data.
//!
//! egui_plot drops a tick label that is wider than the gap to the next tick,
//! so after a long run (sweep 2,500,000) every label but "0" vanished. Labels
//! here switch to k, M, G past 10,000, which keeps them at most six characters.
//! A legend drawn inside a 330-pixel plot covered the data at 1024 pixels, so
//! the key is laid out under the plot, where it can wrap but never cover.

use egui::{Color32, Ui};
use egui_plot::{GridMark, Plot};
use std::ops::RangeInclusive;

/// `plot` with compact tick labels on both axes.
pub fn compact_ticks(plot: Plot<'_>) -> Plot<'_> {
    plot.x_axis_formatter(tick_label).y_axis_formatter(tick_label)
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
            let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 4.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 1.0, *color);
            ui.small(*name);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::label;

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
