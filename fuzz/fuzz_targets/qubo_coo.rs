//! QUBO files (coo): any text is refused with a line number or reads as a model
//! that writes and reads back the same.
#![no_main]
use fleetscope_engines::qubo::ModelFormat;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let format = ModelFormat::parse("coo").expect("a known format");
    if let Ok(q) = format.read(text) {
        let back = format.read(&format.write(&q)).expect("a written model reads");
        assert_eq!(back, q);
    }
});
