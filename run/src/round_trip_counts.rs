//! Counts, occupancy maps and strategy-lab runs to JSON and back: real results
//! of the engines on small setups, and counts past 2^64 that must come back
//! to the last digit, also through a `serde_json::Value` (as a record's
//! envelope would hold them).

use crate::geometry::{Board, Fleet, Lattice, TouchRule};
use crate::round_trip::{refuses_an_unknown_field, refuses_an_unknown_field_at, round_trip};
use crate::run::CancelFlag;
use fleetscope_engines::cover::{CountRequest, Occupancy, count_deployments, occupancy};
use fleetscope_engines::hunting::{Hiders, LabReport, LabRequest, StrategyKind, run_lab};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

fn two_ships() -> (Board, Fleet) {
    (
        Board::square("4×4", 4, 4),
        Fleet::straight("Pair", Lattice::Square, &[("Two", 2), ("Three", 3)]),
    )
}

/// Twelve dominoes on a 60×4 strip: more deployments than a u64 holds, even
/// with the dominoes interchangeable, counted in moments by the frontier
/// counter (its window is a row and a cell: narrow rows keep it small).
fn large_board() -> (Board, Fleet) {
    (
        Board::square("60×4", 60, 4),
        Fleet::straight("Dominoes", Lattice::Square, &[("Domino", 2); 12]),
    )
}

/// As [`round_trip`], and through a JSON value too.
fn round_trip_as_value<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let tree = serde_json::to_value(value).unwrap_or_else(|e| panic!("{e}: {value:?}"));
    assert_eq!(&serde_json::from_value::<T>(tree).expect("reads back"), value);
    round_trip(value)
}

fn beyond_u64(n: u128) -> bool {
    n > u128::from(u64::MAX)
}

#[test]
fn counts_round_trip_to_the_last_digit() {
    for (board, fleet) in [two_ships(), large_board()] {
        let count =
            count_deployments(&board, &fleet, &CountRequest::default(), &CancelFlag::new(), &|_| {}).expect("a count");
        let json = round_trip_as_value(&count);
        // As `count --json` prints them.
        assert!(json.contains(&format!(r#""labelled":"{}""#, count.labelled)), "{json}");
        assert!(
            json.contains(&format!(r#""distinct_layouts":"{}""#, count.distinct_layouts)),
            "{json}"
        );
    }
    let (board, fleet) = large_board();
    let count =
        count_deployments(&board, &fleet, &CountRequest::default(), &CancelFlag::new(), &|_| {}).expect("a count");
    assert!(beyond_u64(count.distinct_layouts), "{count:?}");
}

#[test]
fn occupancy_maps_round_trip_to_the_last_digit() {
    for (board, fleet) in [two_ships(), large_board()] {
        let map = occupancy(&board, &fleet, &CountRequest::default(), &CancelFlag::new(), &|_| {}).expect("a map");
        assert_eq!(map.cells.len(), board.playable_cells().len());
        round_trip_as_value(&map);
    }
    let (board, fleet) = large_board();
    let map = occupancy(&board, &fleet, &CountRequest::default(), &CancelFlag::new(), &|_| {}).expect("a map");
    assert!(beyond_u64(map.total) && map.cells.iter().all(|&(_, n)| beyond_u64(n)));
}

#[test]
fn counts_are_decimal_digits_only() {
    let (board, fleet) = two_ships();
    let map = occupancy(&board, &fleet, &CountRequest::default(), &CancelFlag::new(), &|_| {}).expect("a map");
    let mut json = serde_json::to_value(&map).expect("serialises");
    for bad in ["+12", "1e3", "-1", "", "340282366920938463463374607431768211456"] {
        json["total"] = bad.into();
        let err = serde_json::from_value::<Occupancy>(json.clone()).expect_err(bad);
        assert!(err.to_string().contains("decimal digits"), "{bad}: {err}");
    }
    json["total"] = 12.into();
    serde_json::from_value::<Occupancy>(json).expect_err("a count as a JSON number");
}

#[test]
fn lab_requests_and_reports_round_trip() {
    let board = Board::square("5×5", 5, 5);
    let fleet = Fleet::straight("f", Lattice::Square, &[("three", 3), ("two", 2)]);
    for hiders in [Hiders::Random, Hiders::Adversarial { pool: 6, steps: 2 }] {
        let req = LabRequest {
            strategies: vec![StrategyKind::HuntTarget, StrategyKind::ExactLikely],
            games: 3,
            seed: 5,
            hiders,
            threads: 1,
            max_shots: 25,
        };
        round_trip(&req);
        refuses_an_unknown_field(&req);
        let report = run_lab(&board, &fleet, TouchRule::NoTouch, &req, &CancelFlag::new(), &|_| {}).expect("a lab run");
        assert!(!report.map_seconds.is_empty(), "the exact player's maps are timed");
        round_trip(&report);
        if let Hiders::Adversarial { .. } = hiders {
            refuses_an_unknown_field_at(&req, "/hiders/Adversarial");
        }
        // A CPU time that serde_json's quick float parse reads one step off.
        round_trip(&LabReport {
            map_seconds: vec![0.009391491627785105],
            ..report
        });
    }
}
