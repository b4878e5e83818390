//! The property is `fleetscope::fuzz_checks::check_session`'s (its doc says what it is);
//! `cargo test` replays the seeds through the same check.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| fleetscope::fuzz_checks::check_session(data));
