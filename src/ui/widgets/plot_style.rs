//! What every plot in the app shares: one level of tick labels that never
//! overlap (`ticks`), and a key below the plot instead of a legend over the data.
//!
//! A legend drawn inside a 330-point plot covered the data at 1024 pixels, so
//! the key is laid out under the plot, where it can wrap but never cover.

use super::ticks::{Scale, Ticks, ticks};
use egui::{Color32, TextStyle, Ui};
use egui_plot::{AxisHints, GridInput, GridMark, Plot};
use std::cell::RefCell;
use std::rc::Rc;

/// The closest two grid lines may be, in points (egui_plot's default, set
/// here so that the points per unit can be read back from its grid input).
const GRID_MIN: f32 = 8.0;

/// `plot` with the app's ticks on both axes (see `ticks`). Set the axis
/// labels after this call.
pub fn compact_ticks<'a>(plot: Plot<'a>, ui: &Ui) -> Plot<'a> {
    with_ticks(plot, ui, Scale::Linear)
}

/// As `compact_ticks`, for a plot whose x values are log₁₀ of what the axis
/// names: the x ticks read 1, 10, 100.
pub fn log_x_ticks<'a>(plot: Plot<'a>, ui: &Ui) -> Plot<'a> {
    with_ticks(plot, ui, Scale::Log10)
}

fn with_ticks<'a>(plot: Plot<'a>, ui: &Ui, x_scale: Scale) -> Plot<'a> {
    let font = TextStyle::Body.resolve(ui.style());
    // Tick labels are digits, a point, a sign and a suffix: measured once here,
    // so the grid spacer (which has no fonts) knows how wide a label is.
    let glyphs: Vec<(char, f32)> = ui.fonts_mut(|f| {
        "0123456789.-kMGTNa"
            .chars()
            .map(|c| (c, f.glyph_width(&font, c)))
            .collect()
    });
    let widest = glyphs.iter().map(|g| g.1).fold(0.0, f32::max);
    let row_height = ui.fonts_mut(|f| f.row_height(&font));
    let width = move |text: &str| -> f32 {
        text.chars()
            .map(|c| glyphs.iter().find(|g| g.0 == c).map_or(widest, |g| g.1))
            .sum()
    };
    let height = move |_: &str| row_height;
    let (x_spacer, x_formatter) = axis(x_scale, width);
    let (y_spacer, y_formatter) = axis(Scale::Linear, height);
    plot.grid_spacing(GRID_MIN..=300.0)
        .custom_x_axes(vec![AxisHints::new_x().formatter(x_formatter).label_spacing(0.0..=1.0)])
        .custom_y_axes(vec![AxisHints::new_y().formatter(y_formatter).label_spacing(0.0..=1.0)])
        .x_grid_spacer(x_spacer)
        .y_grid_spacer(y_spacer)
}

type Spacer<'a> = Box<dyn Fn(GridInput) -> Vec<GridMark> + 'a>;
type Formatter<'a> = Box<dyn Fn(GridMark, &std::ops::RangeInclusive<f64>) -> String + 'a>;

/// The grid spacer and label formatter of one axis. egui_plot asks the
/// spacer for the grid before it draws the axis, so the ticks the spacer
/// chose this frame are the ones the formatter labels; every other grid
/// line goes unlabelled.
fn axis<'a>(scale: Scale, extent: impl Fn(&str) -> f32 + 'a) -> (Spacer<'a>, Formatter<'a>) {
    let chosen: Rc<RefCell<Ticks>> = Rc::new(RefCell::new(Ticks {
        step: 0.0,
        labels: Vec::new(),
        minor: Vec::new(),
    }));
    let spacer_ticks = Rc::clone(&chosen);
    let spacer = move |input: GridInput| -> Vec<GridMark> {
        let points_per_unit = f64::from(GRID_MIN) / input.base_step_size;
        let t = ticks(input.bounds, points_per_unit, scale, &extent);
        let fine = match scale {
            Scale::Linear => t.step / 5.0,
            Scale::Log10 => 0.1,
        };
        let marks = t
            .labels
            .iter()
            .map(|(value, _)| GridMark {
                value: *value,
                step_size: t.step,
            })
            .chain(t.minor.iter().map(|&value| GridMark { value, step_size: fine }))
            .collect();
        *spacer_ticks.borrow_mut() = t;
        marks
    };
    let formatter = move |mark: GridMark, _: &std::ops::RangeInclusive<f64>| -> String {
        let t = chosen.borrow();
        if mark.step_size != t.step {
            return String::new();
        }
        t.labels
            .iter()
            .find(|(v, _)| (v - mark.value).abs() <= 1e-9 * t.step.max(1e-300))
            .map_or_else(String::new, |(_, text)| text.clone())
    };
    (Box::new(spacer), Box::new(formatter))
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
