//! The Hardware tab's target graph: what was made on one graph (an embedding,
//! its figures, a sweep over it) is cleared when another is chosen, never shown
//! as the new graph's.

use super::HardwareTab;
use crate::hardware::Family;
use crate::jobs::Task;
use crate::session::HardwareSettings;
use crate::study::hardware::TARGETS;
use crate::ui::widgets::qubit_view::QubitView;

impl HardwareTab {
    /// Clears what was made on another target graph once the target changes:
    /// an embedding (its drawing, figures and verdicts) and a sweep over it fit
    /// the old graph only. Says what happened: what was cleared, or, when the
    /// session brings its own embedding on the new target (an undo), that it is back.
    pub(super) fn follow_target(&mut self, s: &mut HardwareSettings) -> Option<String> {
        let before = self.target_seen.replace(s.target.clone())?;
        if same_graph(&before, &s.target) {
            return None;
        }
        // A saved embedding on the new target stays (an undo brings target and embedding back together).
        let kept = match &s.embedding {
            Some(e) if same_graph(&e.target, &s.target) => true,
            Some(_) => {
                s.embedding = None;
                false
            }
            None => false,
        };
        let had = self.embed.result.is_some()
            || self.embed.is_running()
            || self.sweep.result.is_some()
            || self.sweep.is_running();
        // Dropping a task cancels its job.
        self.embed = Task::default();
        self.refresh = Task::default();
        self.sweep = Task::default();
        self.summary_generation = None;
        self.refresh_asked = None;
        self.fits = None;
        self.view = QubitView::default();
        self.restored = false;
        if kept {
            return Some(format!("Back to {} and its embedding.", target_name(&s.target)));
        }
        had.then(|| {
            format!(
                "Cleared the embedding made for {}: it does not fit {}; press Embed to make one there.",
                target_name(&before),
                target_name(&s.target)
            )
        })
    }
}

/// Whether two specs name one graph (`chimera:4` is `chimera:4,4,4`, as saved).
pub(super) fn same_graph(a: &str, b: &str) -> bool {
    match (Family::parse(a), Family::parse(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// A target graph's name for people ("Pegasus P16 (Advantage)"), or its spec.
pub(super) fn target_name(spec: &str) -> String {
    TARGETS
        .iter()
        .find(|(s, _)| *s == spec)
        .map_or(spec.to_string(), |(_, name)| (*name).to_string())
}
