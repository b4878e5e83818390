//! Samplers describe their settings as data: the list agrees with each
//! sampler's settings type (every serde field, nothing else), with its `check`
//! (a value at each end of a declared range passes, one past fails) and with
//! itself (a name two samplers share has one kind, so one flag serves both).

use fleetscope_engines::solve::{ParamKind, ParamValue, PuzzleProblem, SamplerKind, Solver};

/// `kind`'s defaults with `name` set to `value`, as its own `check` sees them.
fn checked(kind: SamplerKind, name: &str, value: ParamValue) -> Result<(), String> {
    let mut s = kind.default_solver();
    s.set(name, value)?;
    s.sampler().check()
}

#[test]
fn every_setting_is_listed_and_round_trips() {
    for &kind in SamplerKind::ALL {
        let defaults = kind.default_solver();
        let json = serde_json::to_value(&defaults).unwrap();
        let fields = json[format!("{kind:?}")]
            .as_object()
            .expect("settings are named fields");
        let mut names: Vec<&str> = kind.params().iter().map(|p| p.name).collect();
        let mut keys: Vec<&str> = fields.keys().map(String::as_str).collect();
        names.sort_unstable();
        keys.sort_unstable();
        assert_eq!(names, keys, "{kind}: the list and the settings' fields");
        for p in kind.params() {
            let v = defaults
                .get(p.name)
                .unwrap_or_else(|| panic!("{kind}: {} has no value", p.name));
            let mut s = defaults.clone();
            s.set(p.name, v).unwrap();
            assert_eq!(s, defaults, "{kind}: {}", p.name);
            assert!(!p.help.is_empty() && !p.label.is_empty(), "{kind}: {}", p.name);
        }
        assert!(defaults.clone().set("no_such_setting", ParamValue::Count(1)).is_err());
        assert!(defaults.get("no_such_setting").is_none());
    }
}

#[test]
fn declared_ranges_are_the_checks_limits() {
    for &kind in SamplerKind::ALL {
        assert_eq!(kind.default_solver().sampler().check(), Ok(()), "{kind}");
        for p in kind.params() {
            let at = |v: ParamValue| checked(kind, p.name, v);
            let what = format!("{kind}: {}", p.name);
            match p.kind {
                ParamKind::Count { min, max } | ParamKind::CountOrAuto { min, max, .. } => {
                    assert_eq!(at(ParamValue::Count(min)), Ok(()), "{what} at {min}");
                    assert_eq!(at(ParamValue::Count(max)), Ok(()), "{what} at {max}");
                    if min > 0 {
                        assert!(at(ParamValue::Count(min - 1)).is_err(), "{what} below {min}");
                    }
                    assert!(
                        max < u64::MAX && at(ParamValue::Count(max + 1)).is_err(),
                        "{what} above {max}"
                    );
                }
                ParamKind::RangeOrAuto { min, max, .. } => {
                    assert_eq!(at(ParamValue::Range(min, min)), Ok(()), "{what} at {min}");
                    assert_eq!(at(ParamValue::Range(min, max)), Ok(()), "{what} from {min} to {max}");
                    assert_eq!(at(ParamValue::Range(max, max)), Ok(()), "{what} at {max}");
                    assert!(
                        at(ParamValue::Range(min.next_down(), max)).is_err(),
                        "{what} below {min}"
                    );
                    assert!(at(ParamValue::Range(min, max.next_up())).is_err(), "{what} above {max}");
                    assert!(at(ParamValue::Range(f64::NAN, max)).is_err(), "{what}: NaN");
                    assert!(at(ParamValue::Range(2.0, 1.0)).is_err(), "{what}: low above high");
                }
            }
            if p.kind.has_auto() {
                assert_eq!(at(ParamValue::Auto), Ok(()), "{what}: auto");
                assert_eq!(at(p.kind.start()), Ok(()), "{what}: the value offered after auto");
            } else {
                assert!(checked(kind, p.name, ParamValue::Auto).is_err(), "{what} has no auto");
            }
        }
    }
}

#[test]
fn a_name_two_samplers_share_has_one_kind() {
    let all: Vec<_> = SamplerKind::ALL.iter().flat_map(|k| k.params()).collect();
    for a in &all {
        for b in all.iter().filter(|b| b.name == a.name) {
            assert_eq!(a.kind, b.kind, "{}", a.name);
        }
    }
}

#[test]
fn flag_text_reads_as_the_settings_take_it() {
    let param = |kind: SamplerKind, name: &str| *kind.params().iter().find(|p| p.name == name).unwrap();
    let beta = param(SamplerKind::Anneal, "beta").kind;
    assert_eq!(beta.parse("0.1,10"), Ok(ParamValue::Range(0.1, 10.0)));
    assert_eq!(beta.parse("AUTO"), Ok(ParamValue::Auto));
    for bad in ["1", "1,2,3", "1,inf", "nan,1", "x"] {
        let err = beta.parse(bad).unwrap_err();
        assert!(err.contains("LOW,HIGH") && err.contains(bad), "{bad}: {err}");
    }
    // Forms pass here; the limits are the check's, with its own words.
    assert_eq!(beta.parse("2,1"), Ok(ParamValue::Range(2.0, 1.0)));
    let err = checked(SamplerKind::Anneal, "beta", ParamValue::Range(2.0, 1.0)).unwrap_err();
    assert!(err.contains("β range"), "{err}");
    let tenure = param(SamplerKind::Tabu, "tenure");
    assert_eq!(tenure.kind.parse("auto"), Ok(ParamValue::Auto));
    assert_eq!(tenure.kind.parse("0"), Ok(ParamValue::Count(0)));
    assert!(tenure.kind.parse("-1").is_err());
    let sweeps = param(SamplerKind::Anneal, "sweeps").kind;
    assert!(sweeps.parse("auto").is_err(), "sweeps have no auto");
    // The tenure's words name the puzzle tenure the run layer uses.
    let auto = tenure.kind.auto().unwrap();
    assert!(auto.contains(&PuzzleProblem::TABU_TENURE.to_string()), "{auto}");
    // Values and settings agree both ways.
    let mut tabu = SamplerKind::Tabu.default_solver();
    tabu.set("tenure", ParamValue::Count(0)).unwrap();
    assert_eq!(tabu.get("tenure"), Some(ParamValue::Count(0)));
    assert!(matches!(&tabu, Solver::Tabu(t) if t.tenure == Some(0)));
    assert!(tabu.set("tenure", ParamValue::Range(1.0, 2.0)).is_err());
}

/// β is limited to 1e-6..1e6 by its description alone: the check's error names
/// the end and the range in the words the description gives them.
#[test]
fn beta_is_limited_and_the_error_names_it() {
    let beta = *SamplerKind::Anneal.params().iter().find(|p| p.name == "beta").unwrap();
    assert_eq!(beta.kind.limits(), "1e-6 to 1e6");
    assert_eq!(beta.kind.bounds(), (1e-6, 1e6));
    let err = checked(SamplerKind::Anneal, "beta", ParamValue::Range(0.1, 1e9)).unwrap_err();
    assert_eq!(err, "β cold must be from 1e-6 to 1e6, not 1e9");
    let err = checked(SamplerKind::Anneal, "beta", ParamValue::Range(1e-7, 1.0)).unwrap_err();
    assert_eq!(err, "β hot must be from 1e-6 to 1e6, not 1e-7");
    let err = checked(SamplerKind::Tabu, "tenure", ParamValue::Count(5_000_000)).unwrap_err();
    assert_eq!(err, "tenure must be from 0 to 1,048,576, not 5,000,000");
    assert_eq!(
        beta.kind.clamp(ParamValue::Range(1e-9, 1e9)),
        ParamValue::Range(1e-6, 1e6)
    );
}

/// A setting left to auto has the value a run would use on the model, inside
/// its limits; a setting without auto has none.
#[test]
fn model_values_are_what_auto_uses() {
    use fleetscope_engines::qubo::QuboBuilder;
    use fleetscope_engines::solve::default_beta_range;
    let mut b = QuboBuilder::new(40);
    for i in 0..39 {
        b.add_linear(i, -1.0);
        b.add_coupler(i, i + 1, 2.0);
    }
    let q = b.build().unwrap();
    let sa = SamplerKind::Anneal.default_solver();
    let (hot, cold) = default_beta_range(&q);
    assert_eq!(sa.model_value("beta", &q), Some(ParamValue::Range(hot, cold)));
    assert_eq!(sa.model_value("sweeps", &q), None);
    let tabu = SamplerKind::Tabu.default_solver();
    // min(20, n/4) and n·max(200, 3n) for n = 40.
    assert_eq!(tabu.model_value("tenure", &q), Some(ParamValue::Count(10)));
    assert_eq!(tabu.model_value("evaluations", &q), Some(ParamValue::Count(40 * 200)));
    // A model whose auto β passes the limits is offered the nearest allowed range.
    let mut tiny = QuboBuilder::new(2);
    tiny.add_coupler(0, 1, 1e-8);
    let tiny = tiny.build().unwrap();
    assert!(default_beta_range(&tiny).1 > 1e6);
    assert_eq!(sa.model_value("beta", &tiny).map(checked_value), Some(Ok(())));
}

fn checked_value(v: ParamValue) -> Result<(), String> {
    checked(SamplerKind::Anneal, "beta", v)
}
