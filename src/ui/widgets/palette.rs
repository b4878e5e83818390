//! Colours shared by the rooms, so a ship looks the same everywhere.

use egui::Color32;

pub const WATER: Color32 = Color32::from_rgb(38, 84, 124);
pub const ISLAND: Color32 = Color32::from_rgb(139, 101, 58);
pub const GRID: Color32 = Color32::from_rgb(20, 40, 60);
pub const GHOST_OK: Color32 = Color32::from_rgba_premultiplied(60, 160, 60, 170);
pub const GHOST_BAD: Color32 = Color32::from_rgba_premultiplied(190, 40, 40, 170);
pub const FRONTIER: Color32 = Color32::from_rgba_premultiplied(40, 40, 40, 60);
pub const SELECTED: Color32 = Color32::from_rgb(255, 220, 80);

/// A distinct colour for the n-th piece of a fleet.
pub fn piece_color(i: usize) -> Color32 {
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
    COLORS[i % COLORS.len()]
}
