//! Binary images for the X-ray tools, after the paper's section 5: two convex
//! bodies on 20×20 (Figure 9) and a 9×9 heart (Figure 10). The paper prints the
//! pictures, not their bits; these are our drawings of the same kind of shape.

use crate::geometry::BinaryMatrix;

/// A disc and an ellipse, apart, on a 20×20 canvas (Figure 9's kind of image).
pub fn two_convex_bodies() -> BinaryMatrix {
    let mut m = BinaryMatrix::zeros(20, 20);
    for r in 0..20 {
        for c in 0..20 {
            let (y, x) = (r as f64, c as f64);
            let disc = (y - 5.5).powi(2) + (x - 5.5).powi(2) <= 4.2f64.powi(2);
            let ellipse = ((y - 13.5) / 4.6).powi(2) + ((x - 13.0) / 6.2).powi(2) <= 1.0;
            m.set(r, c, disc || ellipse);
        }
    }
    m
}

/// A 9×9 heart with two lobes and a tip.
pub fn heart() -> BinaryMatrix {
    BinaryMatrix::parse(
        ".........
         .##...##.
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

/// The named images offered in the image editor.
pub fn image_presets() -> Vec<(&'static str, BinaryMatrix)> {
    vec![
        ("Two convex bodies (20×20)", two_convex_bodies()),
        ("Heart (9×9)", heart()),
    ]
}
