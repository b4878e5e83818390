//! Samplers describe their settings as data: each field's name, words, kind and
//! limits, once. The Solver room draws its fields from this list, `solve` makes
//! its flags from it and sessions read and write the fields by name, so a new
//! sampler needs no code in any of them.
//!
//! Values are read and written through the settings' serde form (the field
//! names are the serde keys), one generic implementation for every sampler.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// One setting of a sampler. `name` is the settings field, the `solve` flag and
/// the session key.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Param {
    pub name: &'static str,
    /// Short words for a field's label ("sweeps", "β range").
    pub label: &'static str,
    /// What it does, in a sentence (tooltips and `--help`).
    pub help: &'static str,
    pub kind: ParamKind,
}

/// What values a setting takes: its limits are exactly those of the sampler's
/// own `check` (a test holds them together).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Count { min: u64, max: u64 },
    /// A whole number in `min..=max`, or none: chosen from the model (`auto`
    /// says how). `start` is offered when the user turns auto off.
    CountOrAuto {
        min: u64,
        max: u64,
        auto: &'static str,
        start: u64,
    },
    /// Two numbers low ≤ high, low above `above`, high at most `max`, or none:
    /// chosen from the model (`auto` says how). `start` is offered when the user
    /// turns auto off.
    RangeOrAuto {
        above: f64,
        max: f64,
        auto: &'static str,
        start: (f64, f64),
    },
}

/// A setting's value: `n`, `[low, high]` or none, as serde writes the fields.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ParamValue {
    Count(u64),
    Range(f64, f64),
    Auto,
}

impl ParamKind {
    /// Whether the setting may be left to the model.
    pub fn has_auto(&self) -> bool {
        !matches!(self, ParamKind::Count { .. })
    }

    /// How the model chooses the value when none is set.
    pub fn auto(&self) -> Option<&'static str> {
        match *self {
            ParamKind::Count { .. } => None,
            ParamKind::CountOrAuto { auto, .. } | ParamKind::RangeOrAuto { auto, .. } => Some(auto),
        }
    }

    /// The value offered when auto is turned off.
    pub fn start(&self) -> ParamValue {
        match *self {
            ParamKind::Count { min, .. } => ParamValue::Count(min),
            ParamKind::CountOrAuto { start, .. } => ParamValue::Count(start),
            ParamKind::RangeOrAuto { start, .. } => ParamValue::Range(start.0, start.1),
        }
    }

    /// Reads a flag's text: a whole number, `low,high`, or `auto`. Only the
    /// form is checked here; the limits are the sampler's `check`.
    pub fn parse(&self, text: &str) -> Result<ParamValue, String> {
        let text = text.trim();
        if self.has_auto() && text.eq_ignore_ascii_case("auto") {
            return Ok(ParamValue::Auto);
        }
        match *self {
            ParamKind::Count { .. } | ParamKind::CountOrAuto { .. } => {
                text.parse().map(ParamValue::Count).map_err(|_| self.expected(text))
            }
            ParamKind::RangeOrAuto { .. } => {
                // Numbers only: infinity and NaN are no β (and JSON has no place for them).
                let numbers: Option<Vec<f64>> = text
                    .split(',')
                    .map(|t| t.trim().parse().ok().filter(|x: &f64| x.is_finite()))
                    .collect();
                match numbers.as_deref() {
                    Some(&[low, high]) => Ok(ParamValue::Range(low, high)),
                    _ => Err(self.expected(text)),
                }
            }
        }
    }

    fn expected(&self, text: &str) -> String {
        format!("expected {}, not '{text}'", self.describe())
    }

    /// The values it takes, in words ("1 to 100000000", "auto or 0 to 1048576").
    pub fn describe(&self) -> String {
        match *self {
            ParamKind::Count { min, max } => format!("a whole number from {min} to {max}"),
            ParamKind::CountOrAuto { min, max, .. } => format!("auto or a whole number from {min} to {max}"),
            ParamKind::RangeOrAuto { above, max, .. } if max < f64::MAX => format!(
                "auto or two numbers LOW,HIGH with {} < LOW ≤ HIGH ≤ {}",
                crate::quote::number(above),
                crate::quote::number(max)
            ),
            ParamKind::RangeOrAuto { above, .. } => format!(
                "auto or two numbers LOW,HIGH with {} < LOW ≤ HIGH",
                crate::quote::number(above)
            ),
        }
    }
}

impl ParamValue {
    /// The value as a flag or a report writes it.
    pub fn text(&self) -> String {
        match *self {
            ParamValue::Count(n) => n.to_string(),
            ParamValue::Range(low, high) => {
                format!("{},{}", crate::quote::number(low), crate::quote::number(high))
            }
            ParamValue::Auto => "auto".into(),
        }
    }
}

/// The value of field `name` of `settings` (none if it has no such field or
/// the field is not a setting's value).
pub(super) fn get_field<T: Serialize>(settings: &T, name: &str) -> Option<ParamValue> {
    let serde_json::Value::Object(fields) = serde_json::to_value(settings).ok()? else {
        return None;
    };
    serde_json::from_value(fields.get(name)?.clone()).ok()
}

/// Sets field `name` of `settings` (of the sampler named `sampler`) to `value`.
/// Refuses a field the settings lack and a value of the wrong kind; the limits
/// are left to the sampler's `check`.
pub(super) fn set_field<T: Serialize + DeserializeOwned>(
    settings: &mut T,
    sampler: &str,
    name: &str,
    value: ParamValue,
) -> Result<(), String> {
    let serde_json::Value::Object(mut fields) =
        serde_json::to_value(&*settings).map_err(|e| format!("{sampler}: {e}"))?
    else {
        return Err(format!("{sampler}: its settings are not named fields"));
    };
    if !fields.contains_key(name) {
        return Err(format!("{sampler} has no setting '{name}'"));
    }
    let json = serde_json::to_value(value).map_err(|e| format!("{sampler}: {name}: {e}"))?;
    fields.insert(name.to_string(), json);
    *settings = serde_json::from_value(serde_json::Value::Object(fields))
        .map_err(|e| format!("{sampler}: {name} cannot be {}: {e}", value.text()))?;
    Ok(())
}
