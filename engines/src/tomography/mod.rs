//! Discrete tomography of fleets and images ("Battleship, tomography and quantum annealing", sections 2–3): X-rays,
//! |U(r, c)|, Ryser interchanges and walks, the Laplacian energy, fleet
//! realisations of a matrix (counted in `cover`, re-exported here) and
//! ship-preserving subreflections.

mod energy;
mod fleets;
mod histogram;
mod images;
mod margins;
mod ryser;
mod stealth;
mod subreflect;
mod xray;

pub use crate::cover::{
    Realisation, count_realisations, realisation, realisations, realisations_under, unexplained_cells,
};
pub use crate::geometry::laplacian_energy;
pub use energy::{WalkEnergies, walk_energies};
pub use fleets::{SharedXRay, fleets_with_xray, fleets_with_xray_counted, island_cells};
pub use histogram::{gaussian_fit, histogram, value_step};
pub use images::{HEART_TIPS, heart, image_presets, two_convex_bodies};
pub use margins::{MAX_STEPS, count_matrices, count_matrices_u128, count_matrices_with};
pub use ryser::{Interchange, MAX_WALK_K, Walk, interchanges, walk};
pub use stealth::{MAX_STEALTH_MOVES, StealthFleet, StealthRequest, stealth_search};
pub use subreflect::{Block, ReflectionAxis, Subreflection, is_sum_symmetric, reflect, subreflections};
pub use xray::XRay;
