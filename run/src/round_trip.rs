//! Every request and result the run layer speaks goes to JSON and back
//! unchanged (batch plans, records and the Python package carry them so);
//! requests refuse a field they do not know.

use crate::geometry::{BinaryMatrix, Board, Deployment, Fleet, Lattice};
use crate::hardware::ADVANTAGE;
use crate::puzzle::deduce::Grade;
use crate::puzzle::{Elimination, Puzzle, QuboOptions, Violation};
use crate::qubo::PinMode;
use crate::setup::Setup;
use crate::solve::{
    AnnealParams, PuzzleVerdict, Sample, SampleSet, SamplerKind, SolveRequest, Solver, Stop, TabuParams, Verdict,
};
use crate::study::hardware::HardwarePlan;
use crate::study::judge::Repaired;
use crate::study::setter::Made;
use crate::study::{Goal, JudgeOptions, Judged, JudgedRun, ModelRecipe, ModelSource, RunPlan, SamplerSettings};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::path::PathBuf;
use std::time::Duration;

pub(crate) fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("serialises");
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert_eq!(&back, value, "{json}");
    json
}

/// A JSON object with one more field than the type knows is refused, naming it.
pub(crate) fn refuses_an_unknown_field<T: Serialize + DeserializeOwned + Debug>(value: &T) {
    let mut json = serde_json::to_value(value).expect("serialises");
    json.as_object_mut()
        .expect("an object")
        .insert("colour".into(), 1.into());
    let err = serde_json::from_value::<T>(json).expect_err("an unknown field");
    assert!(err.to_string().contains("colour"), "{err}");
}

/// As [`refuses_an_unknown_field`], for the object at `pointer` inside the value.
pub(crate) fn refuses_an_unknown_field_at<T: Serialize + DeserializeOwned + Debug>(value: &T, pointer: &str) {
    let mut json = serde_json::to_value(value).expect("serialises");
    json.pointer_mut(pointer)
        .and_then(|inner| inner.as_object_mut())
        .unwrap_or_else(|| panic!("an object at {pointer}"))
        .insert("colour".into(), 1.into());
    let err = serde_json::from_value::<T>(json).expect_err("an unknown field");
    assert!(err.to_string().contains("colour"), "{err}");
}

fn sampler_settings() -> SamplerSettings {
    SamplerSettings::new(
        SamplerKind::Tabu,
        vec![
            Solver::Anneal(AnnealParams::default()),
            Solver::Tabu(TabuParams {
                restarts: 7,
                tenure: Some(3),
                ..TabuParams::default()
            }),
        ],
    )
}

fn run_plan() -> RunPlan {
    RunPlan {
        sampler: sampler_settings(),
        reads: 64,
        seed: 9,
        threads: 2,
        time_limit: Some(1.5),
        target: Some(-12.25),
        traces: 3,
    }
}

fn setup() -> Setup {
    Setup {
        name: "Two on 4×4".into(),
        description: "A test setup.".into(),
        board: Board::square("4×4", 4, 4),
        fleet: Fleet::straight("Pair", Lattice::Square, &[("Two", 2), ("Three", 3)]),
        rules: Default::default(),
        deployment: Default::default(),
        observations: Default::default(),
    }
}

fn recipe(source: ModelSource) -> ModelRecipe {
    ModelRecipe {
        source,
        epsilon: 0.25,
        pin_mode: PinMode::default(),
        touch: None,
    }
}

fn picture() -> BinaryMatrix {
    BinaryMatrix::from_rows(&[vec![1, 0, 1], vec![0, 1, 1]]).expect("a matrix")
}

fn puzzle() -> Puzzle {
    Puzzle::parse("n-queens 5x5\n").expect("a puzzle")
}

fn puzzle_source() -> ModelSource {
    ModelSource::Puzzle {
        name: "five queens".into(),
        puzzle: Box::new(puzzle()),
        options: QuboOptions {
            elimination: Elimination::Forced,
            diagonal_penalty: Some(2.0),
            ..QuboOptions::default()
        },
    }
}

#[test]
fn sampler_settings_round_trip() {
    round_trip(&sampler_settings());
    round_trip(&SamplerSettings::default());
    refuses_an_unknown_field(&sampler_settings());
}

#[test]
fn run_plans_round_trip() {
    round_trip(&run_plan());
    round_trip(&RunPlan::default());
    refuses_an_unknown_field(&run_plan());
}

#[test]
fn model_recipes_of_every_source_round_trip() {
    let sources = [
        ModelSource::PlacedFleet {
            setup: Box::new(setup()),
            shots_as_pins: true,
            pins: vec![((0, 1), true), ((2, 3), false)],
        },
        ModelSource::Picture {
            name: "a picture".into(),
            picture: picture(),
            pins: vec![((1, 2), true)],
        },
        ModelSource::Sums {
            rows: "2,3".into(),
            cols: "1,1,1,1,1".into(),
            ships: "2,3".into(),
            pins: Vec::new(),
        },
        ModelSource::File(PathBuf::from("models/pair.coo")),
        puzzle_source(),
    ];
    for source in sources {
        let r = recipe(source);
        round_trip(&r);
        refuses_an_unknown_field(&r);
    }
}

#[test]
fn judge_options_and_goals_round_trip() {
    let options = JudgeOptions {
        shown: 20,
        repair_depth: Some(3),
        until_success: true,
    };
    round_trip(&options);
    refuses_an_unknown_field(&options);
    for goal in [
        Goal::Fleet,
        Goal::Original,
        Goal::Puzzle { optimum: Some(8.0) },
        Goal::Puzzle { optimum: None },
        Goal::Nothing,
    ] {
        round_trip(&goal);
    }
}

#[test]
fn repairs_round_trip() {
    round_trip(&Repaired {
        from_rank: 2,
        interchanges: 1,
        fleet: picture(),
    });
}

#[test]
fn hardware_plans_round_trip() {
    let plan = HardwarePlan {
        strengths: vec![0.5, 1.0, 2.5],
        reads: 100,
        sweeps: 1000,
        seed: 4,
        threads: 1,
        ranges: ADVANTAGE,
        precision: 0.01,
    };
    round_trip(&plan);
    refuses_an_unknown_field(&plan);
}

#[test]
fn made_puzzles_round_trip() {
    round_trip(&Made {
        puzzle: puzzle(),
        grade: Grade::Fiendish,
        tries: 12,
        seed: 7,
        name: "Queens 5×5 Fiendish #7".into(),
        certificate: "minimal: each of the 5 clues is needed".into(),
    });
}

#[test]
fn solve_requests_round_trip() {
    let request = SolveRequest {
        solver: Solver::Tabu(TabuParams::default()),
        reads: 10,
        seed: 3,
        threads: 1,
        keep: 5,
        target: Some(-4.0),
        time_limit: Some(Duration::from_millis(2500)),
        traces: 2,
        cancel_keeps: true,
    };
    round_trip(&request);
    round_trip(&SolveRequest::default());
    refuses_an_unknown_field(&request);
}

fn sample_set() -> SampleSet {
    SampleSet {
        samples: vec![
            Sample {
                state: vec![1, 0, 1],
                energy: -2.5,
                count: 3,
            },
            Sample {
                state: vec![0, 0, 1],
                energy: -1.0,
                count: 1,
            },
        ],
        reads: 4,
        read_energies: vec![-2.5, -1.0, -2.5, -2.5],
        stopped_at: Some(3),
        dropped: 2,
        distinct: 2,
        flips: 1234,
        stop: Stop::Goal,
        seconds: 0.125,
        notes: vec!["States dropped to stay within memory.".into()],
    }
}

#[test]
fn sample_sets_round_trip() {
    round_trip(&sample_set());
}

fn verdicts() -> (Verdict, PuzzleVerdict) {
    (
        Verdict {
            sums_ok: true,
            pins_ok: false,
            fleet: Some(Deployment::default()),
            original: true,
        },
        PuzzleVerdict {
            grid: picture(),
            violations: vec![Violation {
                message: "row 1 holds 2 queens".into(),
                short: false,
                cells: vec![0, 2],
            }],
            value: Some(3.0),
        },
    )
}

#[test]
fn picture_and_puzzle_verdicts_round_trip() {
    let (picture_verdict, puzzle_verdict) = verdicts();
    round_trip(&picture_verdict);
    round_trip(&puzzle_verdict);
    round_trip(&PuzzleVerdict {
        violations: Vec::new(),
        value: None,
        ..puzzle_verdict
    });
}

#[test]
fn judged_states_and_runs_round_trip() {
    let (picture_verdict, puzzle_verdict) = verdicts();
    let judged = vec![
        Judged {
            energy: -2.5,
            count: 3,
            picture: Some((picture(), picture_verdict)),
            puzzle: None,
            bits: vec![1, 0, 1, 0, 1, 1],
        },
        Judged {
            energy: -1.0,
            count: 1,
            picture: None,
            puzzle: Some(puzzle_verdict),
            bits: vec![0, 0, 1],
        },
    ];
    for j in &judged {
        round_trip(j);
    }
    round_trip(&JudgedRun {
        set: sample_set(),
        judged,
        goal: Goal::Puzzle { optimum: Some(3.0) },
        success: Some(false),
        successes: 0,
        right_sums: 1,
        states_judged: 2,
        states_returned: 2,
        sampler: SamplerKind::Tabu,
        repaired: Some(Repaired {
            from_rank: 1,
            interchanges: 2,
            fleet: picture(),
        }),
        repair_searches: 1,
        repair_stopped: true,
    });
}

/// The engine types inside requests and results keep the JSON names they were
/// first written with (plans, records and the Python package read them).
#[test]
fn engine_types_keep_their_wire_names() {
    for (grade, name) in [
        (Grade::Easy, "Easy"),
        (Grade::Medium, "Medium"),
        (Grade::Hard, "Hard"),
        (Grade::Fiendish, "Fiendish"),
        (Grade::NeedsSearch, "NeedsSearch"),
    ] {
        let made = Made {
            puzzle: puzzle(),
            grade,
            tries: 1,
            seed: 1,
            name: String::new(),
            certificate: String::new(),
        };
        assert!(json(&made).contains(&format!(r#""grade":"{name}""#)), "{}", json(&made));
    }
    let plan = HardwarePlan {
        strengths: vec![1.0],
        reads: 1,
        sweeps: 1,
        seed: 1,
        threads: 1,
        ranges: ADVANTAGE,
        precision: 0.01,
    };
    assert!(
        json(&plan).contains(r#""ranges":{"h":[-4.0,4.0],"j":[-1.0,1.0]}"#),
        "{}",
        json(&plan)
    );
    for (elimination, name) in [(Elimination::Givens, "Givens"), (Elimination::Forced, "Forced")] {
        let r = recipe(ModelSource::Puzzle {
            name: "five queens".into(),
            puzzle: Box::new(puzzle()),
            options: QuboOptions {
                elimination,
                epsilon: 0.5,
                diagonal_penalty: Some(2.0),
                placements: true,
            },
        });
        let options =
            format!(r#""options":{{"elimination":"{name}","epsilon":0.5,"diagonal_penalty":2.0,"placements":true}}"#);
        assert!(json(&r).contains(&options), "{}", json(&r));
    }
    refuses_an_unknown_field_at::<HardwarePlan>(&plan, "/ranges");
    refuses_an_unknown_field_at::<ModelRecipe>(&recipe(puzzle_source()), "/source/Puzzle/options");
    let (_, verdict) = verdicts();
    refuses_an_unknown_field_at::<PuzzleVerdict>(&verdict, "/violations/0");
    let violations = r#""violations":[{"message":"row 1 holds 2 queens","short":false,"cells":[0,2]}]"#;
    assert!(json(&verdict).contains(violations), "{}", json(&verdict));
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serialises")
}
