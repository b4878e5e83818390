//! Session and preset files: any text is refused with an error or loads as a
//! valid session that saves and loads back the same.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(s) = fleetscope::session::parse_session(text, "fuzz") {
        let again = fleetscope::session::to_ron(&s).expect("a loaded session encodes");
        let back = fleetscope::session::parse_session(&again, "round trip").expect("a saved session loads");
        assert_eq!(back, s);
    }
    let _ = fleetscope::session::parse_setup(text, "fuzz");
});
