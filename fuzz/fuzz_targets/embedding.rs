//! Embeddings in minorminer's JSON: any text is refused with a reason or read
//! as chains; chains that fit a small model on Chimera C2 give an embedded
//! problem whose intact states carry the model's energy.
#![no_main]
use fleetscope_engines::hardware::{Family, Topology, embed_problem, embedding_from_json};
use fleetscope_engines::qubo::QuboBuilder;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(chains) = embedding_from_json(text, 3) else { return };
    let target = Topology::new(Family::parse("chimera:2").unwrap()).unwrap();
    let mut b = QuboBuilder::new(3);
    b.add_linear(0, 1.5);
    b.add_coupler(0, 1, -2.0);
    b.add_coupler(1, 2, 0.5);
    let q = b.build().unwrap();
    if let Ok(p) = embed_problem(&q, &chains, &target, 1.25) {
        for x in [[0u8, 1, 1], [1, 0, 1], [1, 1, 1]] {
            let e = p.qubo.energy(&p.embed_state(&x));
            assert!((e - q.energy(&x)).abs() < 1e-9);
            assert_eq!(p.unembed(&p.embed_state(&x)), (x.to_vec(), 0));
        }
    }
});
