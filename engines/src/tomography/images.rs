//! Binary images for the X-ray tools, after the paper's section 5: two convex
//! bodies on 20×20 (Figure 9) and a 9×9 heart (Figure 10). The paper prints the
//! pictures, not their bits; these are our drawings of the same kind of shape.

use crate::geometry::BinaryMatrix;

/// A disc and an ellipse, apart, on a 20×20 canvas (Figure 9's kind of
/// image). As in the paper's section 5.1, tabu search recovers it exactly from
/// its row and column sums (tested).
pub fn two_convex_bodies() -> BinaryMatrix {
    let mut m = BinaryMatrix::zeros(20, 20);
    for r in 0..20 {
        for c in 0..20 {
            let (y, x) = (r as f64, c as f64);
            let disc = (y - 5.0).powi(2) + (x - 5.0).powi(2) <= 3.9f64.powi(2);
            let ellipse = ((y - 14.0) / 4.3).powi(2) + ((x - 14.0) / 5.3).powi(2) <= 1.0;
            m.set(r, c, disc || ellipse);
        }
    }
    m
}

/// A 9×9 heart: two lobes and a point. Like the paper's (Figure 10), it is
/// not the picture of lowest ‖ΔA‖² among the 1,797 matrices with its sums (8
/// have less); with its three tips known (the outer corners of the lobes,
/// (2, 2) and (2, 8), and the point (9, 5), counted from 1) it is the only
/// one of lowest energy. Both facts are checked in the tests.
pub fn heart() -> BinaryMatrix {
    BinaryMatrix::parse(
        ".........
         .###.###.
         ####.####
         #########
         #########
         .#######.
         ..#####..
         ...###...
         ....#....",
    )
    .expect("a valid drawing")
}

/// The three tips of [`heart`] as (row, col) from 0: where the paper's
/// section 5.2 pins the picture.
pub const HEART_TIPS: [(usize, usize); 3] = [(1, 1), (1, 7), (8, 4)];

/// The named images offered in the image editor.
pub fn image_presets() -> Vec<(&'static str, BinaryMatrix)> {
    vec![
        ("Two convex bodies (20×20)", two_convex_bodies()),
        ("Heart (9×9)", heart()),
    ]
}
