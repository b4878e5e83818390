//! Colours shared by the rooms, so a ship looks the same everywhere.

use egui::Color32;

pub const WATER: Color32 = Color32::from_rgb(38, 84, 124);
pub const ISLAND: Color32 = Color32::from_rgb(139, 101, 58);
pub const GRID: Color32 = Color32::from_rgb(20, 40, 60);
/// A fleet's cells where the ships' own colours are not wanted (a revealed fleet).
pub const SHIP: Color32 = Color32::from_rgb(150, 150, 165);
pub const GHOST_OK: Color32 = Color32::from_rgba_premultiplied(60, 160, 60, 170);
pub const GHOST_BAD: Color32 = Color32::from_rgba_premultiplied(190, 40, 40, 170);
pub const FRONTIER: Color32 = Color32::from_rgba_premultiplied(40, 40, 40, 60);
pub const SELECTED: Color32 = Color32::from_rgb(255, 220, 80);
/// Hunt mode: the cross on a hit and the ring on a miss (neither is on the heat scale).
pub const HIT: Color32 = Color32::from_rgb(255, 255, 255);
pub const MISS: Color32 = Color32::from_rgb(160, 200, 230);
/// Cell fill under a shot mark.
pub const SHOT_HIT: Color32 = Color32::from_rgb(60, 20, 70);
pub const SHOT_MISS: Color32 = Color32::from_rgb(25, 50, 75);
/// Interchange partners of the picked one (Tomography).
pub const PARTNER: Color32 = Color32::from_rgb(80, 230, 255);

/// Distinct colours for pieces and plot series (the first is a light grey
/// for pieces; series start at the second).
const COLORS: [Color32; 10] = [
    Color32::from_rgb(200, 200, 210),
    Color32::from_rgb(240, 160, 60),
    Color32::from_rgb(120, 200, 120),
    Color32::from_rgb(220, 110, 160),
    Color32::from_rgb(150, 150, 240),
    Color32::from_rgb(90, 200, 200),
    Color32::from_rgb(230, 220, 100),
    Color32::from_rgb(190, 130, 90),
    Color32::from_rgb(170, 110, 220),
    Color32::from_rgb(240, 120, 100),
];

/// A distinct colour for the n-th piece of a fleet.
/// The colour of piece `i` of `fleet`, the same in every room (it follows the
/// piece when the fleet is reordered).
pub fn ship_color(fleet: &crate::geometry::Fleet, i: usize) -> Color32 {
    piece_color(fleet.colour_of(i))
}

pub fn piece_color(i: usize) -> Color32 {
    COLORS[i % COLORS.len()]
}

/// How many distinct series colours there are (then they repeat).
pub const SERIES: usize = COLORS.len() - 1;

/// A distinct colour for the n-th series of a plot.
pub fn series_color(i: usize) -> Color32 {
    COLORS[1 + i % SERIES]
}

/// A heat colour for `t` in 0..=1: dark blue, through teal and yellow, to red.
pub fn heat(t: f32) -> Color32 {
    let t = t.clamp(0.0, 1.0);
    let stops = [
        (20.0, 30.0, 70.0),
        (30.0, 140.0, 150.0),
        (240.0, 220.0, 80.0),
        (220.0, 50.0, 40.0),
    ];
    let x = t * (stops.len() - 1) as f32;
    let i = (x.floor() as usize).min(stops.len() - 2);
    let f = x - i as f32;
    let (a, b) = (stops[i], stops[i + 1]);
    let mix = |p: f32, q: f32| (p + (q - p) * f).round() as u8;
    Color32::from_rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Red for less than `1`, white at `1`, green for more (a ratio against a
/// baseline); full colour at a ratio of e^±`span`, so the largest change on a
/// map gets the strongest colour.
pub fn ratio(r: f64, span: f64) -> Color32 {
    let d = (r.max(1e-9).ln() / span.max(1e-9)).clamp(-1.0, 1.0) as f32;
    let fade = |c: f32| (255.0 - 200.0 * c.abs()) as u8;
    if d >= 0.0 {
        Color32::from_rgb(fade(d), 255, fade(d))
    } else {
        Color32::from_rgb(255, fade(d), fade(d))
    }
}
