//! Chain strength: how strongly the qubits of a chain are coupled to agree.
//! D-Wave's default (dwave-system's `uniform_torque_compensation`) is
//! prefactor × RMS of the couplings × √(mean degree), on the Ising form of the
//! model (a QUBO coupler b becomes J = b/4), with prefactor 1.414.

use crate::qubo::Ising;

/// D-Wave's default prefactor.
pub const DEFAULT_PREFACTOR: f64 = 1.414;

/// prefactor · √(ΣJ²/|J|) · √(2|J|/n); 1 for a model without couplings.
pub fn uniform_torque_compensation(ising: &Ising, prefactor: f64) -> f64 {
    let couplings = ising.j.len();
    if couplings == 0 || ising.h.is_empty() {
        return 1.0;
    }
    let rms = (ising.j.iter().map(|&(_, _, w)| w * w).sum::<f64>() / couplings as f64).sqrt();
    let mean_degree = 2.0 * couplings as f64 / ising.h.len() as f64;
    prefactor * rms * mean_degree.sqrt()
}
