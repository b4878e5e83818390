use super::{FORMAT_VERSION, Session, SessionError, Setup};
use crate::geometry::TouchRule;
use serde::Deserialize;
use std::path::Path;

/// Just enough of a session to read its version before trusting the rest
/// (named "Session" in error messages, which is what the user wrote).
#[derive(Deserialize)]
#[serde(rename = "Session")]
struct VersionProbe {
    version: u32,
}

fn syntax(what: &str, e: ron::error::SpannedError) -> SessionError {
    SessionError::Syntax {
        what: what.into(),
        line: e.span.start.line,
        col: e.span.start.col,
        message: e.code.to_string(),
    }
}

/// Parses a session from RON text; `what` names the source in error messages.
pub fn parse_session(text: &str, what: &str) -> Result<Session, SessionError> {
    let probe: VersionProbe = ron::from_str(text).map_err(|e| syntax(what, e))?;
    if probe.version > FORMAT_VERSION {
        return Err(SessionError::NewerVersion {
            what: what.into(),
            found: probe.version,
            supported: FORMAT_VERSION,
        });
    }
    if probe.version == 0 {
        return Err(SessionError::BadVersion {
            what: what.into(),
            found: 0,
        });
    }
    let mut session: Session = ron::from_str(text).map_err(|e| syntax(what, e))?;
    if probe.version == 1 {
        migrate_from_version_1(&mut session);
    }
    bring_settings_within_limits(&mut session);
    session.validate().map_err(|message| SessionError::Invalid {
        what: what.into(),
        message,
    })?;
    Ok(session)
}

/// Limits added since a file was written (β's 1e-6 to 1e6): a value the old
/// rules allowed is brought to the nearest allowed one rather than refused.
fn bring_settings_within_limits(session: &mut Session) {
    let solver = &mut session.solver;
    solver.anneal.bring_beta_within_limits();
    for other in &mut solver.other_samplers {
        if let crate::solve::Solver::Anneal(p) = other {
            p.bring_beta_within_limits();
        }
    }
}

/// Version 1 kept the touch rule in the Counter and Tomography rooms, not in the
/// setups. Every setup gets the Counter's rule (so its counts read as before) and the
/// Tomography room keeps its own as an override where it differed.
fn migrate_from_version_1(session: &mut Session) {
    let counted = session.counter.legacy_rule;
    for setup in &mut session.setups {
        setup.rules.touch = counted;
    }
    let t = &mut session.tomography;
    t.touch_override = (t.legacy_rule != counted).then_some(t.legacy_rule);
    // Read once: the fields are not written, so a saved session equals the loaded one.
    t.legacy_rule = TouchRule::default();
    session.counter.legacy_rule = TouchRule::default();
    session.version = FORMAT_VERSION;
}

/// Parses one setup (a preset file).
pub fn parse_setup(text: &str, what: &str) -> Result<Setup, SessionError> {
    let setup: Setup = ron::from_str(text).map_err(|e| syntax(what, e))?;
    setup.validate().map_err(|message| SessionError::Invalid {
        what: what.into(),
        message,
    })?;
    Ok(setup)
}

/// Reads and checks a session file.
pub fn load(path: &Path) -> Result<Session, SessionError> {
    let text = super::read_text(path)?;
    parse_session(&text, &crate::quote::path(path))
}

/// The session as pretty RON text.
pub fn to_ron(session: &Session) -> Result<String, SessionError> {
    let config = ron::ser::PrettyConfig::new().depth_limit(6).struct_names(false);
    ron::ser::to_string_pretty(session, config).map_err(|e| SessionError::Encode(e.to_string()))
}

/// Writes the session atomically (see [`super::atomic`]). A failure leaves any
/// earlier file at `path` as it was.
pub fn save(path: &Path, session: &Session) -> Result<(), SessionError> {
    let text = to_ron(session)?;
    super::atomic::write_atomic(path, text.as_bytes())
}
