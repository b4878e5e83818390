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

/// What values a setting takes. The limits are written here once: the
/// sampler's `check` asks [`Param::check`], and the fields and flags read them.
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
    /// Two numbers low ≤ high, each in `min..=max`, or none: chosen from the
    /// model (`auto` says how). `ends` names the two (fields, notes, errors);
    /// `start` is offered when the user turns auto off and no model is at hand.
    RangeOrAuto {
        min: f64,
        max: f64,
        ends: (&'static str, &'static str),
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

    /// The values it takes, in words ("a whole number from 1 to 100,000,000").
    pub fn describe(&self) -> String {
        let limits = self.limits();
        match *self {
            ParamKind::Count { .. } => format!("a whole number from {limits}"),
            ParamKind::CountOrAuto { .. } => format!("auto or a whole number from {limits}"),
            ParamKind::RangeOrAuto { .. } => format!("auto or two numbers LOW,HIGH from {limits} with LOW ≤ HIGH"),
        }
    }

    /// The smallest and the largest number, as a field holds them.
    pub fn bounds(&self) -> (f64, f64) {
        match *self {
            ParamKind::Count { min, max } | ParamKind::CountOrAuto { min, max, .. } => (min as f64, max as f64),
            ParamKind::RangeOrAuto { min, max, .. } => (min, max),
        }
    }

    /// The limits in words: "1e-6 to 1e6", "1 to 100,000,000".
    pub fn limits(&self) -> String {
        let (min, max) = self.bounds();
        format!("{} to {}", self.number(min), self.number(max))
    }

    /// A number as this setting's words write it: whole numbers with their
    /// digits grouped, others short ("1e6" rather than "1000000").
    pub fn number(&self, x: f64) -> String {
        let whole = !matches!(self, ParamKind::RangeOrAuto { .. });
        if whole && x.fract() == 0.0 && x.abs() < 1e18 {
            let digits = crate::quote::group_digits(&format!("{:.0}", x.abs()));
            if x < 0.0 { format!("-{digits}") } else { digits }
        } else if x != 0.0 && x.is_finite() && !(1e-3..1e5).contains(&x.abs()) {
            format!("{x:e}")
        } else {
            format!("{x}")
        }
    }

    /// `value` moved inside the limits (and a range's high end to its low one
    /// at least): a model's own value offered to a user who turns auto off.
    pub fn clamp(&self, value: ParamValue) -> ParamValue {
        let (min, max) = self.bounds();
        match value {
            ParamValue::Count(n) => ParamValue::Count((n as f64).clamp(min, max) as u64),
            ParamValue::Range(low, high) => {
                let low = low.clamp(min, max);
                ParamValue::Range(low, high.clamp(low, max))
            }
            ParamValue::Auto => ParamValue::Auto,
        }
    }
}

impl Param {
    /// Checks a value against the limits: the one check every sampler's
    /// `check` makes of its settings, with words naming the setting and its range.
    pub fn check(&self, value: ParamValue) -> Result<(), String> {
        let (label, kind) = (self.label, &self.kind);
        let limits = kind.limits();
        let (min, max) = kind.bounds();
        let inside = |x: f64| (min..=max).contains(&x);
        match (*kind, value) {
            (ParamKind::Count { min, max } | ParamKind::CountOrAuto { min, max, .. }, ParamValue::Count(n)) => {
                if !(min..=max).contains(&n) {
                    // The digits as they are: a u64 past 2^53 has no exact f64.
                    let n = crate::quote::group_digits(&n.to_string());
                    return Err(format!("{label} must be from {limits}, not {n}"));
                }
            }
            (ParamKind::RangeOrAuto { ends, .. }, ParamValue::Range(low, high)) => {
                for (end, x) in [(ends.0, low), (ends.1, high)] {
                    if !inside(x) {
                        return Err(format!("{end} must be from {limits}, not {}", kind.number(x)));
                    }
                }
                if low > high {
                    return Err(format!(
                        "{label} must have {} ≤ {}, not ({}, {})",
                        ends.0,
                        ends.1,
                        kind.number(low),
                        kind.number(high)
                    ));
                }
            }
            (_, ParamValue::Auto) if kind.has_auto() => {}
            (_, value) => {
                return Err(format!(
                    "{label} cannot be {}: expected {}",
                    value.text(),
                    kind.describe()
                ));
            }
        }
        Ok(())
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
