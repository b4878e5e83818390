//! Session and preset files: any text is refused with an error or loads as a
//! valid session that saves and loads back the same and can be shown.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(s) = fleetscope::session::parse_session(text, "fuzz") {
        let again = fleetscope::session::to_ron(&s).expect("a loaded session encodes");
        let back = fleetscope::session::parse_session(&again, "round trip").expect("a saved session loads");
        assert_eq!(back, s);
        // What `fleetscope show` prints must not hang or allocate by coordinates.
        for setup in &s.setups {
            let _ = fleetscope::textview::render(setup);
        }
    }
    if let Ok(setup) = fleetscope::session::parse_setup(text, "fuzz") {
        let _ = fleetscope::textview::render(&setup);
    }
});
