//! ‖ΔA‖²: the squared 5-point discrete Laplacian of a matrix, zero outside the board
//! ("Battleship, tomography and quantum annealing", section 3.1). Fleets sit at the low
//! end of its distribution. It lives with the matrix because both the tomography engine
//! and the X-ray QUBO use it.

use super::BinaryMatrix;

/// Σ over cells of (4 a(j,k) − a(j−1,k) − a(j+1,k) − a(j,k−1) − a(j,k+1))².
pub fn laplacian_energy(m: &BinaryMatrix) -> u64 {
    let (rows, cols) = (m.rows() as isize, m.cols() as isize);
    let at = |r: isize, c: isize| -> i64 {
        (r >= 0 && c >= 0 && r < rows && c < cols && m.get(r as usize, c as usize)) as i64
    };
    let mut total = 0u64;
    for r in 0..rows {
        for c in 0..cols {
            let v = 4 * at(r, c) - at(r - 1, c) - at(r + 1, c) - at(r, c - 1) - at(r, c + 1);
            total += (v * v) as u64;
        }
    }
    total
}
