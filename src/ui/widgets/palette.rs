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
/// The best next shot on an occupancy map (Hunt, Play): magenta, which the
/// heat scale (dark blue, teal, yellow, red) never comes near.
pub const BEST_SHOT: Color32 = Color32::from_rgb(235, 40, 210);
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

/// Region fills of the puzzle grids, chosen for distinctness: LinkedIn's
/// Queens colours (orange, blue, green, coral, yellow, lavender) and ten
/// more, each picked to lie as far as possible in OKLab from those before it
/// among colours light enough that black ink reads on them (contrast 7:1 or
/// more) and soft enough to read as a region, not an alarm (chroma 0.14 or
/// less). Any two differ by more than `REGION_CONTRAST`; which region gets
/// which is `puzzle::region_colours` (neighbours apart).
pub const REGIONS: [Color32; 16] = [
    Color32::from_rgb(0xFF, 0xC9, 0x92),
    Color32::from_rgb(0x96, 0xBE, 0xFF),
    Color32::from_rgb(0xB3, 0xDF, 0xA0),
    Color32::from_rgb(0xFF, 0x7B, 0x60),
    Color32::from_rgb(0xE6, 0xF3, 0x88),
    Color32::from_rgb(0xC8, 0xA0, 0xE8),
    Color32::from_rgb(0x00, 0xB0, 0x98),
    Color32::from_rgb(0xD0, 0x98, 0x30),
    Color32::from_rgb(0xE8, 0xF0, 0xF0),
    Color32::from_rgb(0x30, 0xD0, 0xD8),
    Color32::from_rgb(0x20, 0xA8, 0xE0),
    Color32::from_rgb(0xA0, 0xA0, 0xA0),
    Color32::from_rgb(0xF8, 0xC0, 0xE8),
    Color32::from_rgb(0x68, 0xF8, 0xF8),
    Color32::from_rgb(0xE0, 0x80, 0xA8),
    Color32::from_rgb(0x88, 0xB8, 0x58),
];

/// How far apart (Euclidean distance in OKLab) the colours of two touching
/// regions are at least, whenever the palette can manage it: colours the
/// eye tells apart at a glance. A just noticeable difference is about 0.02;
/// the region colours people mixed up (tan and brown, lavender and purple,
/// mauve and pink) were 0.036 to 0.055 apart.
pub const REGION_CONTRAST: f64 = 0.09;

/// A colour in OKLab (Björn Ottosson's perceptual space): lightness, a, b.
pub fn oklab(c: Color32) -> [f64; 3] {
    let [r, g, b] = [c.r(), c.g(), c.b()].map(srgb_to_linear);
    let l = (0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b).cbrt();
    let m = (0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b).cbrt();
    let s = (0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b).cbrt();
    [
        0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s,
        1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s,
        0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s,
    ]
}

/// How different two colours look: their distance in OKLab.
pub fn perceptual_distance(a: Color32, b: Color32) -> f64 {
    let (p, q) = (oklab(a), oklab(b));
    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
}

fn srgb_to_linear(v: u8) -> f64 {
    let v = f64::from(v) / 255.0;
    if v <= 0.040_45 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

/// WCAG's relative luminance (0 black to 1 white).
pub fn luminance(c: Color32) -> f64 {
    let [r, g, b] = [c.r(), c.g(), c.b()].map(srgb_to_linear);
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

/// WCAG's contrast ratio of two colours (1 to 21).
pub fn contrast(a: Color32, b: Color32) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// Ink for marks drawn on `fill`: near-black on a light fill (a region's
/// colour), near-white on a dark one (a plain cell).
pub fn ink_on(fill: Color32) -> Color32 {
    let (dark, light) = (Color32::from_gray(20), Color32::from_gray(235));
    if contrast(dark, fill) >= contrast(light, fill) {
        dark
    } else {
        light
    }
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
