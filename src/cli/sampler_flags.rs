//! Every sampler's settings as flags of `solve` and `puzzle solve`, made from
//! each sampler's description (`solve::Param`): a new sampler's settings are
//! flags without code here. A name two samplers share is one flag.
//!
//! A value is read by the setting's kind (a number, `LOW,HIGH` or `auto`) and
//! checked by the sampler's own `check`, so a mistake is clap's one-line error
//! in the check's words.

use crate::solve::{Param, ParamKind, ParamValue, SamplerKind, Solver};
use clap::{Arg, ArgMatches, Args, Command, FromArgMatches};

/// The sampler settings given on the command line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SamplerFlags {
    given: Vec<(&'static str, ParamValue)>,
}

impl SamplerFlags {
    /// The flags given, by setting name, in the list's order.
    pub fn given(&self) -> impl Iterator<Item = (&'static str, ParamValue)> + '_ {
        self.given.iter().copied()
    }

    /// The samplers declaring setting `name` (none: no such flag).
    pub fn declared_by(name: &str) -> Vec<SamplerKind> {
        every_setting()
            .into_iter()
            .find(|(p, _)| p.name == name)
            .map(|(_, kinds)| kinds)
            .unwrap_or_default()
    }

    /// `kind`'s settings: `base`, then the given flags it declares.
    pub fn apply(&self, mut base: Solver) -> Result<Solver, String> {
        for (name, value) in self.given() {
            if base.params().iter().any(|p| p.name == name) {
                base.set(name, value).map_err(|e| format!("--{name}: {e}"))?;
            }
        }
        Ok(base)
    }
}

/// Every setting once, with the samplers declaring it (the first declaration
/// describes it; a test holds shared names to one kind).
fn every_setting() -> Vec<(&'static Param, Vec<SamplerKind>)> {
    let mut out: Vec<(&'static Param, Vec<SamplerKind>)> = Vec::new();
    for &kind in SamplerKind::ALL {
        for p in kind.params() {
            match out.iter_mut().find(|(q, _)| q.name == p.name) {
                Some((_, kinds)) => kinds.push(kind),
                None => out.push((p, vec![kind])),
            }
        }
    }
    out
}

/// The flag of setting `p`, which `kinds` declare.
fn flag(p: &'static Param, kinds: &[SamplerKind]) -> Arg {
    let first = kinds[0];
    let default = match first.default_solver().get(p.name) {
        Some(ParamValue::Auto) => format!("auto: {}", lower_first(p.kind.auto().unwrap_or_default())),
        Some(v) => v.text(),
        None => "none".into(),
    };
    let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
    let help = format!(
        "{} ({}; {}; default {default})",
        p.help,
        names.join(", "),
        p.kind.describe()
    );
    let value_name = match p.kind {
        ParamKind::Count { .. } => "N",
        ParamKind::CountOrAuto { .. } => "N|auto",
        ParamKind::RangeOrAuto { .. } => "LOW,HIGH",
    };
    Arg::new(p.name)
        .long(p.name)
        .value_name(value_name)
        .help(help)
        .value_parser(move |text: &str| read(first, p, text))
}

/// A flag's value, in the form its kind takes and within the sampler's check.
fn read(kind: SamplerKind, p: &Param, text: &str) -> Result<ParamValue, String> {
    let value = p.kind.parse(text)?;
    let mut settings = kind.default_solver();
    settings.set(p.name, value)?;
    settings.sampler().check()?;
    Ok(value)
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_lowercase().chain(chars).collect())
        .unwrap_or_default()
}

impl Args for SamplerFlags {
    fn augment_args(cmd: Command) -> Command {
        every_setting()
            .into_iter()
            .fold(cmd, |cmd, (p, kinds)| cmd.arg(flag(p, &kinds)))
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for SamplerFlags {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let given = every_setting()
            .into_iter()
            .filter_map(|(p, _)| m.get_one::<ParamValue>(p.name).map(|v| (p.name, *v)))
            .collect();
        Ok(SamplerFlags { given })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}
