//! Discrete tomography of fleets and images (seed 000, sections 2–3): X-rays,
//! |U(r, c)|, Ryser interchanges and walks, the Laplacian energy, fleet
//! realisations of a matrix and ship-preserving subreflections.

mod fleets;
mod laplacian;
mod margins;
mod matrix;
mod realise;
mod ryser;
mod stealth;
mod subreflect;
mod xray;

pub use fleets::{SharedXRay, fleets_with_xray, island_cells};
pub use laplacian::{gaussian_fit, histogram, laplacian_energy};
pub use margins::{count_matrices, count_matrices_u128};
pub use matrix::{BinaryMatrix, MAX_SIDE};
pub use realise::{Realisation, count_realisations, realisations};
pub use ryser::{Interchange, Walk, interchanges, walk};
pub use stealth::{StealthFleet, StealthRequest, stealth_search};
pub use subreflect::{Block, ReflectionAxis, Subreflection, is_sum_symmetric, reflect, subreflections};
pub use xray::XRay;
