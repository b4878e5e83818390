//! Draws a qubit graph with an embedding on it: every qubit a faint dot (its
//! couplers too once zoomed in enough to tell them apart), each chain in its
//! own colour with the couplers inside it, the chain under the pointer
//! highlighted. Ctrl+wheel (or a pinch) zooms about the pointer, a drag
//! pans, double-click fits; the plain wheel scrolls the page as elsewhere.
//! The drawing's layout (positions, chains) is made off the UI thread.

use egui::{Color32, Pos2, Rect, Sense, Stroke, Ui, Vec2, vec2};

/// What to draw, made once per embedding (see `hardware::drawing`).
#[derive(Clone, Debug, Default)]
pub struct QubitDrawing {
    /// Each qubit's place, x and y in 0..1 (y down).
    pub positions: Vec<[f32; 2]>,
    /// Qubit labels, by index.
    pub labels: Vec<u32>,
    /// Couplers, as qubit indices.
    pub edges: Vec<(u32, u32)>,
    /// The variable whose chain holds each qubit (`NO_CHAIN` for free qubits).
    pub owner: Vec<u32>,
    /// Couplers inside chains: (qubit, qubit, variable).
    pub chain_edges: Vec<(u32, u32, u32)>,
    /// Each variable's chain length.
    pub chain_len: Vec<u32>,
}

pub const NO_CHAIN: u32 = u32::MAX;

/// Zoom and pan, kept between frames.
#[derive(Clone, Debug)]
pub struct QubitView {
    zoom: f32,
    pan: Vec2,
}

impl Default for QubitView {
    fn default() -> Self {
        QubitView {
            zoom: 1.0,
            pan: Vec2::ZERO,
        }
    }
}

/// Past this many couplers in view, only qubits are drawn (a wall of lines says nothing).
const MAX_BACKGROUND_EDGES: usize = 12_000;

/// A chain's colour: hues a golden angle apart, so neighbours in the list differ.
pub fn chain_color(v: u32) -> Color32 {
    let h = (v as f32 * 0.618_034).fract();
    egui::ecolor::Hsva::new(h, 0.75, 0.95, 1.0).into()
}

impl QubitView {
    /// Draws `d` in a `height`-point tall area; returns the variable whose
    /// chain is under the pointer (and names it in a tooltip with `name`).
    pub fn show(&mut self, ui: &mut Ui, d: &QubitDrawing, height: f32, name: &dyn Fn(u32) -> String) -> Option<u32> {
        let size = vec2(ui.available_width(), height);
        let (rect, response) = ui.allocate_exact_size(size, Sense::click_and_drag());
        if response.hovered() {
            let factor = ui.input(|i| i.zoom_delta());
            if factor != 1.0 {
                let new_zoom = (self.zoom * factor).clamp(1.0, 80.0);
                if let Some(p) = response.hover_pos() {
                    let from_center = p - rect.center() - self.pan;
                    self.pan -= from_center * (new_zoom / self.zoom - 1.0);
                }
                self.zoom = new_zoom;
            }
        }
        if response.dragged() {
            self.pan += response.drag_delta();
        }
        if response.double_clicked() {
            *self = QubitView::default();
        }
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 4.0, ui.visuals().extreme_bg_color);
        let side = (rect.width().min(rect.height()) - 16.0) * self.zoom;
        let origin = rect.center() + self.pan - vec2(side, side) * 0.5;
        let at = |i: u32| -> Pos2 {
            let [x, y] = d.positions[i as usize];
            origin + vec2(x * side, y * side)
        };
        let visible = rect.expand(4.0);
        // The chain under the pointer.
        let pointer = response.hover_pos();
        let hovered = pointer.and_then(|p| {
            (0..d.labels.len() as u32)
                .filter(|&i| d.owner[i as usize] != NO_CHAIN)
                .map(|i| (at(i).distance_sq(p), i))
                .filter(|(dist, _)| *dist <= 64.0)
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, i)| (i, d.owner[i as usize]))
        });
        let faint = ui.visuals().weak_text_color().gamma_multiply(0.35);
        let in_view: Vec<&(u32, u32)> = d
            .edges
            .iter()
            .filter(|(a, b)| visible.contains(at(*a)) || visible.contains(at(*b)))
            .take(MAX_BACKGROUND_EDGES + 1)
            .collect();
        if in_view.len() <= MAX_BACKGROUND_EDGES {
            for &&(a, b) in &in_view {
                painter.line_segment([at(a), at(b)], Stroke::new(0.5, faint));
            }
        }
        let dot = (0.8 + 0.15 * self.zoom).min(3.0);
        for i in 0..d.labels.len() as u32 {
            let p = at(i);
            if d.owner[i as usize] == NO_CHAIN && visible.contains(p) {
                painter.rect_filled(Rect::from_center_size(p, vec2(dot, dot)), 0.0, faint);
            }
        }
        let dim = |c: Color32, v: u32| match hovered {
            Some((_, h)) if h != v => c.gamma_multiply(0.35),
            _ => c,
        };
        let width = (1.2 + 0.25 * self.zoom).min(4.0);
        for &(a, b, v) in &d.chain_edges {
            painter.line_segment([at(a), at(b)], Stroke::new(width, dim(chain_color(v), v)));
        }
        for i in 0..d.labels.len() as u32 {
            let v = d.owner[i as usize];
            if v != NO_CHAIN {
                painter.circle_filled(at(i), dot * 1.4, dim(chain_color(v), v));
            }
        }
        if let Some((q, v)) = hovered {
            painter.circle_stroke(at(q), dot * 2.5, Stroke::new(1.5, ui.visuals().strong_text_color()));
            response.clone().on_hover_text_at_pointer(format!(
                "{}: chain of {} qubits (here qubit {})",
                name(v),
                d.chain_len[v as usize],
                d.labels[q as usize]
            ));
        }
        painter.text(
            rect.left_bottom() + vec2(6.0, -4.0),
            egui::Align2::LEFT_BOTTOM,
            "Ctrl+wheel: zoom · drag: pan · double-click: fit",
            egui::FontId::proportional(11.0),
            ui.visuals().weak_text_color(),
        );
        hovered.map(|(_, v)| v)
    }
}
