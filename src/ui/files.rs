//! File dialogs (rfd, on a helper thread so the window keeps drawing), the
//! typed-path fallback for machines without a dialog service, and the prompts
//! around files (see [`super::prompt`]): errors, "discard changes?", "recover
//! unsaved work?", "reopen the last session?".

use crate::jobs::{Job, no_repaint};
use crate::session::{Recovery, SessionError};
use egui::Context;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogKind {
    Open,
    Save,
}

/// An action that would drop unsaved changes, waiting for the user's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    New,
    Open,
    OpenTyped,
    OpenPath(PathBuf),
    /// Replace the session by the recovery copy the user chose to restore.
    Recover(Box<Recovery>),
    Quit,
}

/// The answer to "the session has unsaved changes".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Save,
    Discard,
    KeepEditing,
}

/// The typed-path window.
#[derive(Clone, Debug)]
pub struct PathPrompt {
    pub kind: DialogKind,
    pub text: String,
    pub note: String,
    /// The prompt has just opened: its field takes the keyboard, text selected.
    pub take_focus: bool,
}

/// A dialog that answers `None` faster than this found no dialog service.
const NO_SERVICE_BELOW: Duration = Duration::from_millis(400);

/// Whether no file dialog can open here: no session bus (so no desktop
/// portal) and no zenity or kdialog to fall back on, as under Xvfb. Then the
/// typed-path window opens at once: a dialog attempt there fails slowly
/// (seconds of D-Bus timeouts) and would read as a cancel.
pub fn no_dialog_service() -> bool {
    static NONE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *NONE.get_or_init(|| {
        let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|v| !v.is_empty());
        let helper = std::env::var_os("PATH").is_some_and(|path| {
            std::env::split_paths(&path).any(|dir| dir.join("zenity").is_file() || dir.join("kdialog").is_file())
        });
        !bus && !helper
    })
}

#[derive(Default)]
pub struct FileUi {
    dialog: Option<(DialogKind, Job<Option<PathBuf>>)>,
    pub prompt: Option<PathPrompt>,
    pub error: Option<String>,
    pub confirm: Option<Pending>,
    pub recovery_offer: Option<Result<Recovery, SessionError>>,
    /// Discard was pressed on the recovery offer: the prompt asks once more
    /// before the copy is deleted (it cannot be brought back).
    recovery_discarding: bool,
    /// The session last opened or saved, offered at start when nothing else is.
    pub reopen_offer: Option<PathBuf>,
}

/// Where a dialog starts and the file name it proposes: beside the current
/// file with its name, or `saves/session.ron`.
fn suggestion(current: Option<&Path>) -> (PathBuf, String) {
    match current {
        Some(p) => (
            p.parent()
                .filter(|d| !d.as_os_str().is_empty())
                .map_or_else(default_dir, Path::to_path_buf),
            p.file_name()
                .map_or("session.ron".into(), |n| n.to_string_lossy().into_owned()),
        ),
        None => (default_dir(), "session.ron".into()),
    }
}

/// Default folder of the dialogs: `saves/` when it exists.
fn default_dir() -> PathBuf {
    let saves = Path::new("saves");
    if saves.is_dir() {
        saves.to_path_buf()
    } else {
        PathBuf::from(".")
    }
}

impl FileUi {
    pub fn dialog_running(&self) -> bool {
        self.dialog.is_some()
    }

    /// Opens the system file dialog on a helper thread; `current` is the open
    /// session's file (Save As proposes its name).
    pub fn start_dialog(&mut self, kind: DialogKind, current: Option<&Path>) {
        if self.dialog.is_some() {
            return;
        }
        if no_dialog_service() {
            self.prompt_path(kind, "No file dialog is available here: type a path instead.", current);
            return;
        }
        let (dir, name) = suggestion(current);
        let dialog = Job::spawn(no_repaint(), move |_| {
            let d = rfd::FileDialog::new()
                .set_directory(dir)
                .add_filter("Fleetscope session", &["ron"]);
            Ok(match kind {
                DialogKind::Open => d.set_title("Open session").pick_file(),
                DialogKind::Save => d.set_title("Save session").set_file_name(name).save_file(),
            })
        });
        self.dialog = Some((kind, dialog));
    }

    /// The path a finished dialog chose (`Some((kind, None))`: the user
    /// cancelled). A dialog that came back empty at once means there is no
    /// dialog service: the typed-path window opens instead.
    pub fn poll_dialog(&mut self, current: Option<&Path>) -> Option<(DialogKind, Option<PathBuf>)> {
        let (kind, dialog) = self.dialog.as_mut()?;
        // A dialog that failed (rfd panicked) reads as cancelled.
        let answer = dialog.poll()?.unwrap_or(None);
        let (kind, quick) = (*kind, dialog.elapsed() < NO_SERVICE_BELOW);
        self.dialog = None;
        match answer {
            Some(p) => Some((kind, Some(p))),
            None if quick => {
                self.prompt_path(kind, "No file dialog is available here: type a path instead.", current);
                None
            }
            None => Some((kind, None)),
        }
    }

    pub fn prompt_path(&mut self, kind: DialogKind, note: &str, current: Option<&Path>) {
        let (dir, name) = suggestion(current);
        let text = match kind {
            DialogKind::Save => dir.join(name),
            DialogKind::Open => dir.join(""),
        }
        .display()
        .to_string();
        self.prompt = Some(PathPrompt {
            kind,
            text,
            note: note.into(),
            take_focus: true,
        });
    }

    /// The typed-path prompt; returns the path when the user confirms.
    pub fn path_prompt_window(&mut self, ctx: &Context) -> Option<(DialogKind, PathBuf)> {
        let prompt = self.prompt.as_mut()?;
        let (title, label) = match prompt.kind {
            DialogKind::Open => ("Open session from path", "Open"),
            DialogKind::Save => ("Save session to path", "Save"),
        };
        let mut result = None;
        let mut close = false;
        super::prompt::show(ctx, title, |ui| {
            if !prompt.note.is_empty() {
                ui.label(&prompt.note);
            }
            let field = super::prompt::text_field(ui, &mut prompt.text, "path/to/session.ron", &mut prompt.take_focus);
            let enter = super::prompt::entered(ui, &field);
            ui.horizontal(|ui| {
                if ui.button(label).clicked() || enter {
                    if prompt.text.trim().is_empty() {
                        prompt.note = "Type a path first.".into();
                        prompt.take_focus = true;
                    } else {
                        result = Some((prompt.kind, typed_path(prompt.kind, prompt.text.trim())));
                        close = true;
                    }
                }
                if ui.button("Cancel").on_hover_text("Esc").clicked() || super::prompt::escaped(ui) {
                    close = true;
                }
            });
        });
        if close {
            self.prompt = None;
        }
        result
    }

    /// "Save the changes first?"; returns the waiting action with the answer.
    pub fn confirm_window(&mut self, ctx: &Context) -> Option<(Pending, Answer)> {
        let pending = self.confirm.clone()?;
        let what = match pending {
            Pending::New => "starting a new session",
            Pending::Open | Pending::OpenTyped | Pending::OpenPath(_) => "opening another session",
            Pending::Recover(_) => "restoring the recovered work",
            Pending::Quit => "quitting",
        };
        let answer = super::prompt::show(ctx, "Unsaved changes", |ui| {
            ui.label(format!("The session has unsaved changes. Save them before {what}?"));
            let mut answer = None;
            ui.horizontal(|ui| {
                if ui.button("Save").on_hover_text("Save, then go on").clicked() {
                    answer = Some(Answer::Save);
                }
                if ui.button("Discard changes").clicked() {
                    answer = Some(Answer::Discard);
                }
                if ui.button("Keep editing").on_hover_text("Esc").clicked() || super::prompt::escaped(ui) {
                    answer = Some(Answer::KeepEditing);
                }
            });
            answer
        })?;
        self.confirm = None;
        Some((pending, answer))
    }

    /// Offers the recovery copy; `Some(Some(r))` = restore, `Some(None)` = discard.
    pub fn recovery_window(&mut self, ctx: &Context) -> Option<Option<Recovery>> {
        let offer = self.recovery_offer.as_ref()?;
        let (mut discard, mut back) = (false, false);
        let answer = super::prompt::show(ctx, "Recover unsaved work?", |ui| {
            let mut answer = None;
            match offer {
                Ok(rec) => {
                    let from = rec
                        .file
                        .as_ref()
                        .map(|p| p.display().to_string())
                        .unwrap_or_else(|| "an untitled session".into());
                    if self.recovery_discarding {
                        ui.label(format!(
                            "Delete the unsaved changes to {from} for good? They cannot be brought back."
                        ));
                        ui.horizontal(|ui| {
                            if ui
                                .button("Delete them")
                                .on_hover_text("Delete the recovery copy and start with the classic board")
                                .clicked()
                            {
                                answer = Some(None);
                            }
                            if ui
                                .button("Back")
                                .on_hover_text("Back to the question, nothing deleted; Esc")
                                .clicked()
                                || super::prompt::escaped(ui)
                            {
                                back = true;
                            }
                        });
                    } else {
                        ui.label(format!(
                            "Fleetscope closed with unsaved changes to {from}. Restore them?"
                        ));
                        ui.horizontal(|ui| {
                            if ui
                                .button("Restore")
                                .on_hover_text(
                                    "Open the recovered work as unsaved changes (the copy is kept until you save); Enter",
                                )
                                .clicked()
                                || ui.input(|i| i.key_pressed(egui::Key::Enter))
                            {
                                answer = Some(Some(rec.clone()));
                            }
                            if ui
                                .button("Discard")
                                .on_hover_text("Delete the recovery copy (asks first)")
                                .clicked()
                            {
                                discard = true;
                            }
                        });
                    }
                }
                Err(e) => {
                    ui.label(format!("A recovery copy was found but cannot be read:\n{e}"));
                    if ui
                        .button("Delete it")
                        .on_hover_text("Delete the unreadable recovery copy")
                        .clicked()
                    {
                        answer = Some(None);
                    }
                }
            }
            answer
        });
        if discard {
            self.recovery_discarding = true;
        }
        if back {
            self.recovery_discarding = false;
        }
        if answer.is_some() {
            self.recovery_offer = None;
            self.recovery_discarding = false;
        }
        answer
    }

    /// Offers the last session at start; `Some(Some(p))` = reopen `p`, `Some(None)` = not now.
    pub fn reopen_window(&mut self, ctx: &Context) -> Option<Option<PathBuf>> {
        let path = self.reopen_offer.as_ref()?;
        let answer = super::prompt::show(ctx, "Welcome back", |ui| {
            ui.label(format!("Reopen your last session, {}?", path.display()));
            let mut answer = None;
            ui.horizontal(|ui| {
                if ui.button("Reopen").on_hover_text("Enter").clicked() || ui.input(|i| i.key_pressed(egui::Key::Enter))
                {
                    answer = Some(Some(path.clone()));
                }
                if ui
                    .button("Start fresh")
                    .on_hover_text("Start with the classic board (File > Open recent has it too); Esc")
                    .clicked()
                    || super::prompt::escaped(ui)
                {
                    answer = Some(None);
                }
            });
            answer
        });
        if answer.is_some() {
            self.reopen_offer = None;
        }
        answer
    }

    pub fn error_window(&mut self, ctx: &Context) {
        let Some(msg) = &self.error else { return };
        let close = super::prompt::show(ctx, "Problem", |ui| {
            ui.label(msg);
            ui.button("OK").on_hover_text("Enter or Esc").clicked()
                || ui.input(|i| i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Escape))
        });
        if close {
            self.error = None;
        }
    }
}

/// The path a typed-path prompt means: a session saved under a name without
/// an extension gets `.ron`, as the file dialogs' filter would give it (a
/// name the Open prompt gets is taken as typed).
fn typed_path(kind: DialogKind, text: &str) -> PathBuf {
    let path = PathBuf::from(text);
    match kind {
        DialogKind::Save if path.extension().is_none() && path.file_name().is_some() => path.with_extension("ron"),
        _ => path,
    }
}
