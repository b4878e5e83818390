//! dimod's binary BQM files: any bytes are refused with a reason or read as a
//! model that writes (labelled by index) and reads back the same.
#![no_main]
use fleetscope_engines::qubo::{read_bqm, write_bqm, write_bqm_labelled};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(file) = read_bqm(data) {
        let back = read_bqm(&write_bqm(&file.qubo)).expect("a written model reads");
        assert_eq!(back.qubo, file.qubo);
        let labels: Vec<u32> = (0..file.qubo.len() as u32).map(|i| 2 * i + 7).collect();
        let back = read_bqm(&write_bqm_labelled(&file.qubo, &labels)).expect("a labelled model reads");
        assert_eq!(back.qubo, file.qubo);
        assert_eq!(back.labels.len(), labels.len());
    }
});
