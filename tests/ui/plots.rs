//! UI tests of the plots' axes: drawn at the sizes the rooms give them, their
//! tick labels are one level of numbers that never overlap, and a log axis
//! reads 1, 10, 100.

use egui_kittest::Harness;
use fleetscope::ui::widgets::plot_style::{compact_ticks, log_x_ticks};

use crate::common::painted_texts;

/// The tick labels of a plot of `x` (and 0..100 up the side) drawn `width`
/// points wide: (text, where it is drawn).
fn tick_labels(width: f32, x: (f64, f64), log: bool) -> Vec<(String, egui::Rect)> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(width, 280.0))
        .build_ui(move |ui| {
            let plot = egui_plot::Plot::new("axes");
            let plot = if log {
                log_x_ticks(plot, ui)
            } else {
                compact_ticks(plot, ui)
            };
            plot.height(240.0)
                .allow_zoom(false)
                .allow_scroll(false)
                .allow_drag(false)
                .include_x(x.0)
                .include_x(x.1)
                .include_y(0.0)
                .include_y(105.0)
                .show(ui, |p| {
                    p.line(egui_plot::Line::new("line", vec![[x.0, 0.0], [x.1, 100.0]]));
                });
        });
    h.run_steps(3);
    painted_texts(&h)
        .into_iter()
        .filter(|(t, _)| !t.is_empty() && t.parse::<f64>().is_ok() || t.ends_with('k') || t.ends_with('M'))
        .collect()
}

fn value(t: &str) -> f64 {
    let (num, scale) = match t.strip_suffix('k') {
        Some(n) => (n, 1e3),
        None => match t.strip_suffix('M') {
            Some(n) => (n, 1e6),
            None => (t, 1.0),
        },
    };
    num.parse::<f64>().unwrap() * scale
}

/// The labels under the plot (x), left to right.
fn x_labels(labels: &[(String, egui::Rect)]) -> Vec<(String, egui::Rect)> {
    let bottom = labels.iter().map(|(_, r)| r.center().y).fold(f32::MIN, f32::max);
    let mut xs: Vec<(String, egui::Rect)> = labels
        .iter()
        .filter(|(_, r)| (r.center().y - bottom).abs() < 2.0)
        .cloned()
        .collect();
    xs.sort_by(|a, b| a.1.center().x.total_cmp(&b.1.center().x));
    xs
}

#[test]
fn tick_labels_never_overlap_and_come_in_one_level() {
    let cases = [
        (190.0, (0.0, 0.9)),
        (260.0, (380.0, 660.0)),
        (330.0, (0.0, 700.0)),
        (420.0, (35.0, 65.0)),
        (300.0, (0.0, 34.0)),
        (600.0, (0.0, 2.5e6)),
        (220.0, (-4.0, 96.0)),
    ];
    for (width, x) in cases {
        let labels = tick_labels(width, x, false);
        assert!(labels.len() >= 4, "{width} points, {x:?}: labels {labels:?}");
        for (i, (a, ra)) in labels.iter().enumerate() {
            for (b, rb) in &labels[i + 1..] {
                assert!(
                    !ra.shrink(0.5).intersects(rb.shrink(0.5)),
                    "{width} points, {x:?}: '{a}' overlaps '{b}'"
                );
            }
        }
        let xs = x_labels(&labels);
        assert!(xs.len() >= 2, "{width} points, {x:?}: x labels {xs:?}");
        let values: Vec<f64> = xs.iter().map(|(t, _)| value(t)).collect();
        let step = values[1] - values[0];
        for w in values.windows(2) {
            assert!(
                (w[1] - w[0] - step).abs() <= 1e-6 * step.abs(),
                "{width} points, {x:?}: x labels {values:?} are not one level"
            );
        }
    }
}

#[test]
fn a_log_axis_reads_powers_of_ten() {
    // Figure 8: budgets 1 to 1000 plotted as log₁₀.
    let labels = tick_labels(420.0, (0.0, 3.0), true);
    let xs: Vec<String> = x_labels(&labels).into_iter().map(|(t, _)| t).collect();
    assert_eq!(xs, ["1", "10", "100", "1000"]);
}
