//! Every room, every tab, on every preset and on a session of all of them: a few
//! frames each through the whole app, as egui's demo tests every window. Catches a
//! room that panics or never settles on a setup the other tests do not use.

use crate::common::*;

use egui_kittest::kittest::Queryable;
use fleetscope::presets;

#[test]
fn every_room_and_tab_draws_every_preset() {
    let mut sessions: Vec<(String, fleetscope::session::Session)> = presets::keys()
        .into_iter()
        .map(|k| (k.to_string(), session_of(&[k])))
        .collect();
    sessions.push(("all presets".into(), session_of(&presets::keys())));
    let mut h = harness();
    h.run_steps(2);
    for (name, session) in sessions {
        h.state_mut().doc.edit(|s| *s = session.clone());
        for id in h.state().room_ids() {
            assert!(h.state_mut().open_room(id));
            h.run_steps(3);
            let tabs = h.state().room_tabs(id);
            for tab in tabs {
                h.state_mut().open_tab(id, tab);
                h.run_steps(3);
                assert_eq!(h.state().current_room(), id, "{name}: {id}/{tab} is still open");
            }
        }
        // The tab strip stays on screen whatever the room drew.
        for title in ["Boards", "Counter", "Tomography", "Solver", "Puzzles"] {
            assert!(
                h.query_all_by_label(title).next().is_some(),
                "{name}: tab '{title}' missing"
            );
        }
    }
}
