//! Where a plot axis puts its numbers: one level of labels, on 1-2-5 steps
//! (powers of ten on a log axis), never overlapping.
//!
//! egui_plot labels every level of its grid whose spacing clears a minimum
//! and whose own label fits that spacing; with two or three levels on one
//! axis the labels of one level sat against those of another ("0.40.50.6"),
//! and a coarse level's tick showed up among a fine level's (a 50 between 40
//! and 60). Here the step of the labels is chosen once per axis and frame:
//! the smallest 1-2-5 step whose widest label, plus a gap, fits between two
//! ticks at the plot's size. Finer grid lines stay, unlabelled.

/// How the plotted value relates to the quantity the axis names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// The value itself.
    Linear,
    /// The value is log₁₀ of the quantity: ticks at whole powers of ten,
    /// labelled with the quantity (1, 10, 100).
    Log10,
}

/// The ticks of one axis at one size.
#[derive(Clone, Debug, PartialEq)]
pub struct Ticks {
    /// The distance between two labelled ticks, in plot units.
    pub step: f64,
    /// The labelled ticks: the value (in plot units) and its label.
    pub labels: Vec<(f64, String)>,
    /// Unlabelled grid lines between them (in plot units).
    pub minor: Vec<f64>,
}

/// Space kept between two labels, in points.
pub const GAP: f32 = 10.0;

/// The ticks of an axis showing `bounds` (plot units) at `points_per_unit`;
/// `extent` is a label's size along the axis in points (its width on an x
/// axis, its height on a y axis). Empty for a degenerate axis.
pub fn ticks(bounds: (f64, f64), points_per_unit: f64, scale: Scale, extent: &dyn Fn(&str) -> f32) -> Ticks {
    let (lo, hi) = (bounds.0.min(bounds.1), bounds.0.max(bounds.1));
    let none = Ticks {
        step: 0.0,
        labels: Vec::new(),
        minor: Vec::new(),
    };
    if !(lo.is_finite() && hi.is_finite() && hi > lo && points_per_unit.is_finite() && points_per_unit > 0.0) {
        return none;
    }
    // No step below the gap alone (a sure overlap), and a bounded search.
    let mut step = match scale {
        Scale::Linear => nice_at_least(f64::from(GAP) / points_per_unit),
        Scale::Log10 => 1.0,
    };
    for _ in 0..64 {
        let labels = labels_at(lo, hi, step, scale);
        let room = (step * points_per_unit) as f32 - GAP;
        if labels.iter().all(|(_, text)| extent(text) <= room) {
            let minor = minor_lines(lo, hi, step, scale);
            return Ticks { step, labels, minor };
        }
        step = next_nice(step);
    }
    none
}

/// The labels at every multiple of `step` in `lo..=hi`.
fn labels_at(lo: f64, hi: f64, step: f64, scale: Scale) -> Vec<(f64, String)> {
    let first = (lo / step - 1e-9).ceil() as i64;
    let last = (hi / step + 1e-9).floor() as i64;
    (first..=last)
        .map(|k| {
            let v = k as f64 * step;
            let text = match scale {
                Scale::Linear => label(v, step),
                Scale::Log10 => {
                    let q = 10f64.powf(v);
                    label(q, q)
                }
            };
            (v, text)
        })
        .collect()
}

/// Thin grid lines between the labels: a 1 or 5 step in fifths, a 2 step in
/// quarters; on a log axis, 2×, 3×, … 9× each power of ten when the labels
/// stand a decade apart.
fn minor_lines(lo: f64, hi: f64, step: f64, scale: Scale) -> Vec<f64> {
    match scale {
        Scale::Linear => {
            let parts = if mantissa(step) == 2 { 4 } else { 5 };
            let fine = step / f64::from(parts);
            let first = (lo / fine).ceil() as i64;
            let last = (hi / fine).floor() as i64;
            (first..=last)
                .filter(|k| k.rem_euclid(i64::from(parts)) != 0)
                .map(|k| k as f64 * fine)
                .collect()
        }
        Scale::Log10 if step == 1.0 => (lo.floor() as i64..=hi.ceil() as i64)
            .flat_map(|e| (2..10).map(move |m| e as f64 + f64::from(m).log10()))
            .filter(|v| (lo..=hi).contains(v))
            .collect(),
        Scale::Log10 => Vec::new(),
    }
}

/// 1, 2 or 5: the leading digit of a step from the 1-2-5 ladder.
fn mantissa(step: f64) -> u32 {
    let m = step / 10f64.powf(step.log10().floor());
    if m < 1.5 {
        1
    } else if m < 3.5 {
        2
    } else {
        5
    }
}

/// The next step of the 1-2-5 ladder.
fn next_nice(step: f64) -> f64 {
    nice_at_least(step * 1.01)
}

/// The smallest of 1, 2, 5 × 10^k that is at least `x` (1 for a degenerate `x`).
pub fn nice_at_least(x: f64) -> f64 {
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

/// The label of a tick at `value` among ticks `step` apart: as many decimals
/// as the step needs, and a k, M, G or T suffix once the value reaches 10,000.
pub fn label(value: f64, step: f64) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A label's width as the app's body font draws it, roughly (7.5 points a
    /// character: wider than the digits of the default font).
    fn width(text: &str) -> f32 {
        7.5 * text.chars().count() as f32
    }

    /// The labelled ticks never overlap: between the edges of two
    /// neighbouring labels there are at least `GAP` points.
    fn assert_apart(t: &Ticks, points_per_unit: f64, extent: &dyn Fn(&str) -> f32, what: &str) {
        for pair in t.labels.windows(2) {
            let ((a, ta), (b, tb)) = (&pair[0], &pair[1]);
            let centres = ((b - a) * points_per_unit) as f32;
            let free = centres - (extent(ta) + extent(tb)) / 2.0;
            assert!(free >= GAP - 1e-3, "{what}: '{ta}' and '{tb}' are {free} points apart");
        }
    }

    fn assert_one_level(t: &Ticks, what: &str) {
        // Every label is a multiple of the one step, and each follows the
        // last by that step: no tick of another level among them.
        for pair in t.labels.windows(2) {
            let d = pair[1].0 - pair[0].0;
            assert!(
                (d - t.step).abs() <= 1e-9 * t.step.max(1.0),
                "{what}: labels {:?} and {:?} are not one step apart",
                pair[0],
                pair[1]
            );
        }
        for (v, _) in &t.labels {
            let k = v / t.step;
            assert!(
                (k - k.round()).abs() < 1e-6,
                "{what}: {v} is not a multiple of {}",
                t.step
            );
        }
    }

    #[test]
    fn linear_labels_are_one_two_five_steps_apart_and_never_overlap() {
        let ranges = [
            (0.0, 34.0),
            (0.0, 0.93),
            (0.38, 0.66),
            (400.0, 650.0),
            (-7.3, 12.4),
            (0.0, 3.2e6),
            (0.000_1, 0.000_9),
            (-1.0e9, 2.5e10),
            (0.0, 105.0),
            (35.0, 65.0),
        ];
        for width_points in [90.0, 150.0, 190.0, 260.0, 420.0, 800.0, 1400.0] {
            for (lo, hi) in ranges {
                let ppu = width_points / (hi - lo);
                let t = ticks((lo, hi), ppu, Scale::Linear, &width);
                let what = format!("{lo}..{hi} over {width_points} points");
                assert!(
                    [1, 2, 5].contains(&mantissa(t.step)) && (t.step / nice_at_least(t.step) - 1.0).abs() < 1e-9,
                    "{what}: step {} is not 1, 2 or 5 × 10^k",
                    t.step
                );
                assert_apart(&t, ppu, &width, &what);
                assert_one_level(&t, &what);
                if width_points >= 260.0 {
                    assert!(t.labels.len() >= 2, "{what}: only {:?}", t.labels);
                }
                // The grid lines between labels are not labelled and not on a label.
                for m in &t.minor {
                    assert!(t.labels.iter().all(|(v, _)| (v - m).abs() > 1e-9 * t.step));
                }
            }
        }
    }

    #[test]
    fn the_steps_that_overlapped_before_are_spread() {
        // 0.4, 0.5, 0.6 at 60 points a label: the step grows to 0.2.
        let ppu = 190.0 / 0.9;
        let t = ticks((0.0, 0.9), ppu, Scale::Linear, &width);
        let texts: Vec<&str> = t.labels.iter().map(|(_, s)| s.as_str()).collect();
        assert_eq!(texts, ["0.0", "0.2", "0.4", "0.6", "0.8"]);
        // 400, 500, 600 on a narrow plot: every 200 (no 500 between 400 and 600).
        let ppu = 150.0 / 700.0;
        let t = ticks((0.0, 700.0), ppu, Scale::Linear, &width);
        let texts: Vec<&str> = t.labels.iter().map(|(_, s)| s.as_str()).collect();
        assert_eq!(texts, ["0", "200", "400", "600"]);
        // 40 and 60 with nothing between them.
        let t = ticks((0.0, 100.0), 2.0, Scale::Linear, &width);
        let values: Vec<f64> = t.labels.iter().map(|(v, _)| *v).collect();
        assert_eq!(values, [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]);
    }

    #[test]
    fn a_vertical_axis_spaces_labels_by_their_height() {
        let height = |_: &str| 16.0;
        for (lo, hi, points) in [(0.0, 105.0, 220.0), (-3.5, 0.5, 190.0), (0.0, 1.0, 120.0)] {
            let ppu = points / (hi - lo);
            let t = ticks((lo, hi), ppu, Scale::Linear, &height);
            assert_apart(&t, ppu, &height, "y");
            assert_one_level(&t, "y");
            assert!(t.labels.len() >= 3, "{lo}..{hi}: {:?}", t.labels);
        }
    }

    #[test]
    fn a_log_axis_reads_powers_of_ten() {
        // Figure 8: budgets 1 to 1000, plotted as log₁₀.
        let ppu = 400.0 / 3.3;
        let t = ticks((-0.1, 3.2), ppu, Scale::Log10, &width);
        let texts: Vec<&str> = t.labels.iter().map(|(_, s)| s.as_str()).collect();
        assert_eq!(texts, ["1", "10", "100", "1000"]);
        assert_eq!(t.step, 1.0);
        // The 2×, …, 9× lines between decades, unlabelled.
        assert!(t.minor.iter().any(|m| (m - 2f64.log10()).abs() < 1e-12));
        // Many decades on a narrow plot: whole powers of ten still, fewer of them.
        let ppu = 120.0 / 12.0;
        let t = ticks((0.0, 12.0), ppu, Scale::Log10, &width);
        assert!(t.step >= 2.0 && t.step.fract() == 0.0, "step {}", t.step);
        assert_apart(&t, ppu, &width, "12 decades");
        for (v, _) in &t.labels {
            assert_eq!(v.fract(), 0.0, "{v} is a whole power of ten");
        }
    }

    #[test]
    fn degenerate_axes_have_no_ticks() {
        for (bounds, ppu) in [((1.0, 1.0), 10.0), ((0.0, f64::NAN), 10.0), ((0.0, 1.0), 0.0)] {
            assert!(ticks(bounds, ppu, Scale::Linear, &width).labels.is_empty());
        }
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
