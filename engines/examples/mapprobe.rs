use fleetscope_engines::cover::{CountRequest, occupancy};
use fleetscope_engines::geometry::{Board, Coord, Fleet, Lattice, Observations};
use fleetscope_engines::run::CancelFlag;
use std::time::Instant;

fn main() {
    let ships = [
        ("Carrier", 5),
        ("Battleship", 4),
        ("Submarine", 3),
        ("Cruiser", 3),
        ("Destroyer", 2),
    ];
    let board = Board::square("10×10", 10, 10);
    let fleet = Fleet::straight("Classic fleet", Lattice::Square, &ships);
    let cases: Vec<(Vec<Coord>, Vec<Coord>)> = vec![
        (vec![], vec![]),
        (vec![Coord(4, 4)], vec![]),
        (vec![Coord(4, 4), Coord(5, 5)], vec![]),
        (vec![Coord(3, 3), Coord(4, 4), Coord(5, 5)], vec![]),
        (vec![Coord(4, 4)], vec![Coord(5, 5)]),
        (vec![], vec![Coord(4, 4)]),
    ];
    let only: Option<usize> = std::env::var("CASE").ok().map(|v| v.parse().unwrap());
    for (i, (m, h)) in cases.into_iter().enumerate() {
        if only.is_some_and(|k| k != i) {
            continue;
        }
        let mut obs = Observations {
            sinkings_announced: true,
            ..Default::default()
        };
        obs.misses.extend(m.iter().copied());
        obs.hits.extend(h.iter().copied());
        let req = CountRequest {
            threads: 1,
            observations: obs,
            ..Default::default()
        };
        let mut times = vec![];
        let mut total = 0;
        for _ in 0..15 {
            let t = Instant::now();
            let o = occupancy(&board, &fleet, &req, &CancelFlag::new(), &|_| {}).unwrap();
            times.push(t.elapsed().as_secs_f64());
            total = o.total;
        }
        times.sort_by(f64::total_cmp);

        println!(
            "misses {m:?} hits {h:?}: total {total} min {:.4} median {:.4} s",
            times[0], times[7]
        );
    }
}
