//! The file workflow: New, Open, Save, Save As, Quit, recent files and the
//! recovery copy. Reading, writing and the fsynced recovery copy run on
//! background threads; the UI thread only clones the session and waits for the
//! answer. Actions that would drop unsaved work ask first (Save, Discard,
//! Keep editing).

use super::document::Document;
use super::files::{Answer, DialogKind, FileUi, Pending};
use super::room::FileAction;
use crate::jobs::{Job, Repaint};
use crate::presets;
use crate::run::Instant;
use crate::session::{self, RecentFiles, Recovery, RecoveryStore, Session};
use egui::Context;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// How long unsaved work may wait before the recovery copy is written.
pub const AUTOSAVE_EVERY: Duration = Duration::from_secs(4);
const RECENT_MAX: usize = 8;

/// What the app must do after the workflow changed the document.
#[derive(Clone, Debug, PartialEq)]
pub enum FileEvent {
    /// The document was replaced (new, opened or recovered session): reset the rooms.
    Replaced,
    Status(String),
}

/// A read or write running in the background; each answers with the file's
/// absolute path (what the recent list and the recovery copy keep).
enum Io {
    Saving { revision: u64, job: Job<PathBuf> },
    Loading { job: Job<(Session, PathBuf)> },
}

/// A session that starts with the classic preset.
pub fn default_session() -> Session {
    let setup = presets::load("classic")
        .and_then(Result::ok)
        .expect("the classic preset is valid (tested)");
    Session::with_setup(setup)
}

pub struct Workflow {
    /// Dialogs and the small windows around files.
    pub files: FileUi,
    /// The sessions opened or saved last, newest first (absolute paths).
    pub recent: Vec<PathBuf>,
    /// Where the recent list is kept (`None` in tests); rewritten when it changes.
    recent_store: Option<RecentFiles>,
    recent_job: Option<Job<()>>,
    recent_unwritten: bool,
    recovery: Option<RecoveryStore>,
    io: Option<Io>,
    /// Runs once the running save has succeeded (Save in the unsaved-changes prompt).
    after_save: Option<Pending>,
    autosaved_revision: u64,
    last_autosave: Instant,
    autosave_job: Option<Job<()>>,
    /// The user agreed to quit: the app closes the window.
    pub quitting: bool,
}

fn repaint(ctx: &Context) -> Repaint {
    let ctx = ctx.clone();
    Arc::new(move || ctx.request_repaint())
}

impl Workflow {
    /// `recovery`: where unsaved work is kept, `recent`: where the recent list
    /// is (`None` in tests). A recovery copy left by an earlier run is offered,
    /// else the last session.
    pub fn new(recovery: Option<RecoveryStore>, recent: Option<RecentFiles>) -> Workflow {
        let mut files = FileUi::default();
        if let Some(store) = &recovery {
            files.recovery_offer = store.read();
        }
        let mut workflow = Workflow {
            files,
            recent: recent.as_ref().map(RecentFiles::read).unwrap_or_default(),
            recent_store: recent,
            recent_job: None,
            recent_unwritten: false,
            recovery,
            io: None,
            after_save: None,
            autosaved_revision: 0,
            last_autosave: Instant::now(),
            autosave_job: None,
            quitting: false,
        };
        workflow.offer_last_session();
        workflow
    }

    /// A save or an open is running.
    pub fn busy(&self) -> bool {
        self.io.is_some() || self.files.dialog_running() || self.autosave_job.is_some() || self.recent_job.is_some()
    }

    /// Starts a file action; the ones that would drop unsaved work ask first.
    pub fn request(&mut self, action: FileAction, doc: &mut Document, ctx: &Context, events: &mut Vec<FileEvent>) {
        let file = doc.file.clone();
        match action {
            FileAction::New => self.guarded(Pending::New, doc, ctx, events),
            FileAction::Open => self.guarded(Pending::Open, doc, ctx, events),
            FileAction::OpenTyped => self.guarded(Pending::OpenTyped, doc, ctx, events),
            FileAction::OpenPath(p) => self.guarded(Pending::OpenPath(p), doc, ctx, events),
            FileAction::Quit => self.guarded(Pending::Quit, doc, ctx, events),
            FileAction::Save => match file {
                Some(p) => self.start_save(p, doc, ctx, events),
                None => self.files.start_dialog(DialogKind::Save, None),
            },
            FileAction::SaveAs => self.files.start_dialog(DialogKind::Save, file.as_deref()),
            FileAction::SaveTo(p) => self.start_save(p, doc, ctx, events),
        }
    }

    fn guarded(&mut self, action: Pending, doc: &mut Document, ctx: &Context, events: &mut Vec<FileEvent>) {
        if doc.dirty {
            self.files.confirm = Some(action);
        } else {
            self.run_pending(action, doc, ctx, events);
        }
    }

    fn run_pending(&mut self, action: Pending, doc: &mut Document, ctx: &Context, events: &mut Vec<FileEvent>) {
        match action {
            Pending::New => {
                *doc = Document::new(default_session(), None);
                self.autosaved_revision = doc.revision;
                if let Some(r) = &self.recovery {
                    r.clear();
                }
                events.push(FileEvent::Replaced);
                events.push(FileEvent::Status("New session".into()));
            }
            Pending::Open => self.files.start_dialog(DialogKind::Open, doc.file.as_deref()),
            Pending::OpenTyped => self.files.prompt_path(DialogKind::Open, "", doc.file.as_deref()),
            Pending::OpenPath(p) => self.start_load(p, ctx, events),
            Pending::Recover(rec) => {
                *doc = Document::new(rec.session, rec.file);
                doc.dirty = true;
                self.autosaved_revision = doc.revision;
                events.push(FileEvent::Replaced);
                events.push(FileEvent::Status("Recovered unsaved work".into()));
            }
            Pending::Quit => {
                if let Some(r) = &self.recovery {
                    r.clear();
                }
                doc.dirty = false;
                self.quitting = true;
            }
        }
    }

    fn start_save(&mut self, path: PathBuf, doc: &Document, ctx: &Context, events: &mut Vec<FileEvent>) {
        if self.io.is_some() {
            events.push(FileEvent::Status(
                "Still busy with the last save or open; try again.".into(),
            ));
            return;
        }
        let session = doc.session.clone();
        events.push(FileEvent::Status(format!("Saving {}…", path.display())));
        let job = Job::spawn(repaint(ctx), move |_| {
            session::save(&path, &session).map_err(|e| e.to_string())?;
            Ok(session::absolute_path(&path))
        });
        self.io = Some(Io::Saving {
            revision: doc.revision,
            job,
        });
    }

    fn start_load(&mut self, path: PathBuf, ctx: &Context, events: &mut Vec<FileEvent>) {
        if self.io.is_some() {
            events.push(FileEvent::Status(
                "Still busy with the last save or open; try again.".into(),
            ));
            return;
        }
        events.push(FileEvent::Status(format!("Opening {}…", path.display())));
        let job = Job::spawn(repaint(ctx), move |_| {
            let session = session::load(&path).map_err(|e| e.to_string())?;
            Ok((session, session::absolute_path(&path)))
        });
        self.io = Some(Io::Loading { job });
    }

    /// Takes `list` as the recent list (to be written) when it has any file,
    /// and offers its first.
    pub fn adopt_recent(&mut self, list: Vec<PathBuf>) {
        if !list.is_empty() {
            self.recent = list;
            self.recent.truncate(RECENT_MAX);
            self.recent_unwritten = true;
            self.offer_last_session();
        }
    }

    /// Puts a file just opened or saved (absolute path) first in the recent list.
    fn remember(&mut self, path: &Path) {
        let p = path.to_path_buf();
        self.recent.retain(|q| q != &p);
        self.recent.insert(0, p);
        self.recent.truncate(RECENT_MAX);
        self.recent_unwritten = true;
    }

    /// Writes the recent list in the background when it changed (one write at
    /// a time, the newest list last).
    fn write_recent(&mut self, ctx: &Context, events: &mut Vec<FileEvent>) {
        if let Some(job) = &mut self.recent_job
            && let Some(r) = job.poll()
        {
            self.recent_job = None;
            if let Err(e) = r {
                events.push(FileEvent::Status(format!("The recent files list was not saved: {e}")));
            }
        }
        let Some(store) = &self.recent_store else { return };
        if !self.recent_unwritten || self.recent_job.is_some() {
            return;
        }
        self.recent_unwritten = false;
        let (store, list) = (store.clone(), self.recent.clone());
        self.recent_job = Some(Job::spawn(repaint(ctx), move |_| {
            store.write(&list).map_err(|e| e.to_string())
        }));
    }

    /// Once per frame: finished reads and writes, dialogs, the windows, the
    /// recovery copy. Returns what the app must react to.
    pub fn frame(&mut self, doc: &mut Document, ctx: &Context) -> Vec<FileEvent> {
        let mut events = Vec::new();
        self.poll_io(doc, ctx, &mut events);
        if let Some((kind, path)) = self.files.poll_dialog(doc.file.as_deref()) {
            match (kind, path) {
                (DialogKind::Open, Some(p)) => self.start_load(p, ctx, &mut events),
                (DialogKind::Save, Some(p)) => self.start_save(p, doc, ctx, &mut events),
                (DialogKind::Save, None) => self.after_save = None,
                (DialogKind::Open, None) => {}
            }
        }
        self.windows(doc, ctx, &mut events);
        self.autosave(doc, ctx, &mut events);
        self.write_recent(ctx, &mut events);
        if self.busy() {
            ctx.request_repaint_after(Duration::from_millis(100));
        }
        events
    }

    fn poll_io(&mut self, doc: &mut Document, ctx: &Context, events: &mut Vec<FileEvent>) {
        let finished = match &mut self.io {
            Some(Io::Saving { job, .. }) => job.poll().map(|r| r.map(|path| (path, None))),
            Some(Io::Loading { job }) => job.poll().map(|r| r.map(|(session, path)| (path, Some(session)))),
            None => None,
        };
        let Some(result) = finished else { return };
        let io = self.io.take().expect("a finished job");
        match (io, result) {
            (Io::Saving { revision, .. }, Ok((path, _))) => {
                doc.file = Some(path.clone());
                // Edits made while the save ran are still unsaved.
                doc.dirty = doc.revision != revision;
                if !doc.dirty
                    && let Some(r) = &self.recovery
                {
                    r.clear();
                }
                self.remember(&path);
                events.push(FileEvent::Status(format!("Saved {}", path.display())));
                if let Some(next) = self.after_save.take() {
                    self.run_pending(next, doc, ctx, events);
                }
            }
            (Io::Saving { .. }, Err(e)) => {
                self.after_save = None;
                self.files.error = Some(format!(
                    "Could not save the session.\n\n{}",
                    crate::quote::sentence(&e.to_string())
                ));
                events.push(FileEvent::Status("Not saved".into()));
            }
            (Io::Loading { .. }, Ok((path, Some(session)))) => {
                *doc = Document::new(session, Some(path.clone()));
                self.autosaved_revision = doc.revision;
                self.remember(&path);
                events.push(FileEvent::Replaced);
                events.push(FileEvent::Status(format!("Opened {}", path.display())));
            }
            (Io::Loading { .. }, Ok((_, None))) => {}
            (Io::Loading { .. }, Err(e)) => {
                self.files.error = Some(format!(
                    "Could not open the session.\n\n{}",
                    crate::quote::sentence(&e.to_string())
                ));
                events.push(FileEvent::Status("The open session is unchanged".into()));
            }
        }
    }

    fn windows(&mut self, doc: &mut Document, ctx: &Context, events: &mut Vec<FileEvent>) {
        if let Some(action) = self.files.path_prompt_window(ctx) {
            match action {
                // Every typed Open comes after the unsaved-changes question: not asked twice.
                (DialogKind::Open, p) => self.start_load(p, ctx, events),
                (DialogKind::Save, p) => self.start_save(p, doc, ctx, events),
            }
        }
        if let Some(recover) = self.files.recovery_window(ctx) {
            match recover {
                // Work done meanwhile (a session opened from the command line,
                // say) is not replaced without asking.
                Some(rec) => self.guarded(Pending::Recover(Box::new(rec)), doc, ctx, events),
                None => {
                    if let Some(r) = &self.recovery {
                        r.clear();
                    }
                }
            }
        }
        if let Some(Some(path)) = self.files.reopen_window(ctx) {
            self.guarded(Pending::OpenPath(path), doc, ctx, events);
        }
        // After the prompts that can lead to it, so it shows in the same frame.
        if let Some((pending, answer)) = self.files.confirm_window(ctx) {
            match answer {
                Answer::Save => {
                    self.after_save = Some(pending);
                    self.request(FileAction::Save, doc, ctx, events);
                }
                Answer::Discard => {
                    // Discarded work is not offered back after a crash (but
                    // a copy being restored stays until its work is saved).
                    if !matches!(pending, Pending::Recover(_))
                        && let Some(r) = &self.recovery
                    {
                        r.clear();
                    }
                    self.run_pending(pending, doc, ctx, events)
                }
                Answer::KeepEditing => {}
            }
        }
        self.files.error_window(ctx);
    }

    /// At start: offers the most recent session when it still exists and no
    /// recovery copy is being offered (restoring unsaved work comes first).
    pub fn offer_last_session(&mut self) {
        if self.files.recovery_offer.is_none()
            && let Some(p) = self.recent.first().filter(|p| p.is_file())
        {
            self.files.reopen_offer = Some(p.clone());
        }
    }

    /// Writes the recovery copy in the background when there are unsaved
    /// changes it does not hold yet, and schedules a frame for when it is due.
    fn autosave(&mut self, doc: &Document, ctx: &Context, events: &mut Vec<FileEvent>) {
        if let Some(job) = &mut self.autosave_job
            && let Some(r) = job.poll()
        {
            self.autosave_job = None;
            if let Err(e) = r {
                events.push(FileEvent::Status(format!("Recovery copy failed: {e}")));
            }
        }
        let Some(store) = &self.recovery else { return };
        if !doc.dirty || doc.revision == self.autosaved_revision || self.autosave_job.is_some() {
            return;
        }
        let waited = self.last_autosave.elapsed();
        if waited < AUTOSAVE_EVERY {
            ctx.request_repaint_after(AUTOSAVE_EVERY - waited);
            return;
        }
        self.last_autosave = Instant::now();
        self.autosaved_revision = doc.revision;
        let rec = Recovery {
            session: doc.session.clone(),
            file: doc.file.clone(),
        };
        let store = store.clone();
        self.autosave_job = Some(Job::spawn(repaint(ctx), move |_| {
            store.write(&rec).map_err(|e| e.to_string())
        }));
    }

    /// On a clean exit: no unsaved work means no recovery copy.
    pub fn on_exit(&self, doc: &Document) {
        if !doc.dirty
            && let Some(r) = &self.recovery
        {
            r.clear();
        }
    }
}
