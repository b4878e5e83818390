//! The ‖ΔA‖² landscape around a matrix (the tomography paper, Figure 5): walk every matrix
//! within k interchanges, histogram their Laplacian energies, fit a Gaussian, and
//! mark the energies of the matrices that are fleets.

use super::{gaussian_fit, histogram, laplacian_energy, value_step, walk};
use crate::cover::CountError;
use crate::geometry::BinaryMatrix;
use crate::run::{CancelFlag, Progress};
use std::collections::HashSet;

/// What a walk found, ready to plot.
#[derive(Clone, Debug, PartialEq)]
pub struct WalkEnergies {
    pub k: usize,
    pub matrices: usize,
    /// Matrices first reached at each distance 0..=k.
    pub by_distance: Vec<usize>,
    /// (‖ΔA‖², how many matrices) from the lowest to the highest energy, in
    /// steps of `step`.
    pub histogram: Vec<(u64, usize)>,
    /// The step between the energies the matrices can have (the bin width).
    pub step: u64,
    pub mean: f64,
    pub sd: f64,
    /// Energy of the starting matrix.
    pub start: u64,
    /// Energies of the matrices in the walk that are fleets (with repeats).
    pub fleet_energies: Vec<u64>,
}

/// Walks `k` interchanges from `start`; `fleets` (every fleet matrix with this
/// X-ray, when known) marks which of the matrices reached are fleets.
pub fn walk_energies(
    start: &BinaryMatrix,
    k: usize,
    fleets: Option<&HashSet<BinaryMatrix>>,
    max_matrices: usize,
    cancel: &CancelFlag,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<WalkEnergies, CountError> {
    if k > 64 {
        return Err(CountError::Invalid(format!(
            "a walk of {k} interchanges is over the limit of 64"
        )));
    }
    let w = walk(start, k, max_matrices, cancel, progress)?;
    let energies: Vec<u64> = w.matrices.iter().map(laplacian_energy).collect();
    let (mean, sd) = gaussian_fit(&energies.iter().map(|&e| e as f64).collect::<Vec<_>>());
    let mut by_distance = vec![0; k + 1];
    for &d in &w.distance {
        by_distance[d as usize] += 1;
    }
    let mut fleet_energies: Vec<u64> = match fleets {
        Some(set) => w
            .matrices
            .iter()
            .zip(&energies)
            .filter(|(m, _)| set.contains(*m))
            .map(|(_, &e)| e)
            .collect(),
        None => Vec::new(),
    };
    fleet_energies.sort_unstable();
    Ok(WalkEnergies {
        k,
        matrices: w.matrices.len(),
        by_distance,
        histogram: histogram(&energies),
        step: value_step(&energies),
        mean,
        sd,
        start: laplacian_energy(start),
        fleet_energies,
    })
}
