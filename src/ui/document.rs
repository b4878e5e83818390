//! The open session with its file name, unsaved mark and undo history.

use crate::session::Session;
use std::path::PathBuf;

/// How many edits Undo can go back.
const UNDO_LIMIT: usize = 200;

/// The session being edited. Every edit goes through [`Document::edit`] (or a
/// [`Document::checkpoint`] followed by [`Document::mutate`] for strokes such as a
/// drag that paints islands), so Undo/Redo cover every change.
pub struct Document {
    pub session: Session,
    /// The file it was opened from or last saved to.
    pub file: Option<PathBuf>,
    /// Changed since the last save or open.
    pub dirty: bool,
    /// Bumped on every change of the work (not of the view); the autosave
    /// and the rooms' caches compare it with what they saw last.
    pub revision: u64,
    undo: Vec<Session>,
    redo: Vec<Session>,
}

impl Document {
    pub fn new(session: Session, file: Option<PathBuf>) -> Document {
        Document {
            session,
            file,
            dirty: false,
            revision: 0,
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// Applies `f` as one undoable step; a no-op edit leaves no undo entry.
    pub fn edit(&mut self, f: impl FnOnce(&mut Session)) {
        let before = self.session.clone();
        f(&mut self.session);
        if self.session != before {
            self.push_undo(before);
            self.touch();
        }
    }

    /// Changes what is looked at (the active setup, the open room), not the
    /// work: no undo step, no unsaved mark. Saved with the next save.
    pub fn set_view(&mut self, f: impl FnOnce(&mut Session)) {
        f(&mut self.session);
    }

    /// Starts a multi-frame edit: remembers the current state as one undo step.
    pub fn checkpoint(&mut self) {
        self.push_undo(self.session.clone());
    }

    /// Changes the session inside a stroke begun with [`Document::checkpoint`].
    pub fn mutate(&mut self, f: impl FnOnce(&mut Session)) {
        let before = self.session.clone();
        f(&mut self.session);
        if self.session != before {
            self.touch();
        }
    }

    /// Drops the checkpoint of a stroke that changed nothing.
    pub fn end_stroke(&mut self) {
        if self.undo.last() == Some(&self.session) {
            self.undo.pop();
        }
    }

    fn push_undo(&mut self, s: Session) {
        self.undo.push(s);
        if self.undo.len() > UNDO_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    fn touch(&mut self) {
        self.dirty = true;
        self.revision += 1;
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some(s) => {
                self.redo.push(std::mem::replace(&mut self.session, s));
                self.touch();
                true
            }
            None => false,
        }
    }

    pub fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(s) => {
                self.undo.push(std::mem::replace(&mut self.session, s));
                self.touch();
                true
            }
            None => false,
        }
    }

    /// Title for the window: file name and an unsaved mark.
    pub fn title(&self) -> String {
        let name = self
            .file
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "untitled".into());
        format!("{}{} — Fleetscope", if self.dirty { "* " } else { "" }, name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    #[test]
    fn undo_redo_and_noop_edits() {
        let setup = presets::load("classic").unwrap().unwrap();
        let mut d = Document::new(Session::with_setup(setup), None);
        d.edit(|_| {});
        assert!(!d.can_undo() && !d.dirty);
        d.edit(|s| s.setup_mut().name = "x".into());
        assert!(d.can_undo() && d.dirty);
        assert!(d.undo());
        assert_eq!(d.session.setup().name, "Classic 10×10");
        assert!(d.redo());
        assert_eq!(d.session.setup().name, "x");
        d.checkpoint();
        d.end_stroke();
        assert!(d.undo());
        assert!(!d.can_undo());
    }
}
