//! `auto` as ranks over the list of counters picks what the old if-chains
//! picked (`choose_count` after the cluster check, `choose_occupancy` after
//! the cluster map's), engine and sentence, over many setups.

use fleetscope_engines::cover::{
    CountInput, CountRequest, Engine, FleetCover, Question, auto_choose, auto_clusters, choose_count, choose_occupancy,
    cluster_occupancy_frame,
};
use fleetscope_engines::geometry::{Board, Coord, Fleet, Lattice, Observations, TouchRule};
use proptest::prelude::*;

fn fleet(lattice: Lattice, lengths: &[usize]) -> Fleet {
    let ships: Vec<(String, usize)> = lengths.iter().enumerate().map(|(i, l)| (format!("s{i}"), *l)).collect();
    let refs: Vec<(&str, usize)> = ships.iter().map(|(n, l)| (n.as_str(), *l)).collect();
    Fleet::straight("f", lattice, &refs)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn auto_ranks_pick_what_the_old_chains_picked(
        hex in any::<bool>(), rows in 3u32..=16, cols in 3u32..=16, radius in 2i32..=7,
        lens in proptest::collection::vec(1usize..=5, 1..=10),
        islands in proptest::collection::vec((0i32..16, 0i32..16), 0..3),
        shots in proptest::collection::vec((0i32..16, 0i32..16, any::<bool>()), 0..4),
        no_touch in any::<bool>(),
    ) {
        let lattice = if hex { Lattice::Hex } else { Lattice::Square };
        let mut board = if hex { Board::hexagon("h", radius) } else { Board::square("s", rows, cols) };
        let shift = if hex { Coord(-radius, -radius) } else { Coord(0, 0) };
        for (a, b) in islands {
            let c = Coord(a, b) + shift;
            if board.is_playable(c) { board.toggle_island(c); }
        }
        let mut obs = Observations::default();
        for (a, b, hit) in shots {
            let c = Coord(a, b) + shift;
            if board.is_playable(c) && !obs.hits.contains(&c) && !obs.misses.contains(&c) {
                if hit { obs.hits.insert(c); } else { obs.misses.insert(c); }
            }
        }
        let fleet = fleet(lattice, &lens);
        let rule = if no_touch { TouchRule::NoTouch } else { TouchRule::MayTouch };
        let req = CountRequest { engine: Engine::Auto, threads: 1, rule, observations: obs };
        let Ok(cover) = FleetCover::new(&board, &fleet, rule, &req.observations) else {
            return Ok(());
        };
        let input = CountInput::new(&board, &fleet, &req, &cover);

        let old_count = match auto_clusters(&board, &fleet, &cover, &req) {
            Some(why) => (Engine::Clusters, why),
            None => choose_count(&cover),
        };
        prop_assert_eq!(auto_choose(&input, Question::Count), old_count);

        let new_map = auto_choose(&input, Question::Occupancy);
        if cluster_occupancy_frame(&board, &fleet, &cover, &req).is_some() {
            // The old map path said nothing when it took the cluster counter.
            prop_assert_eq!(new_map.0, Engine::Clusters);
        } else {
            prop_assert_eq!(new_map, choose_occupancy(&cover));
        }
    }
}
