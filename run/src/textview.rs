//! Plain-text pictures of a setup, for the command line and for logs.

use crate::geometry::{BoardShape, Coord, Lattice};
use crate::setup::Setup;
use std::collections::HashMap;
use std::fmt::Write;

/// Symbol of the n-th piece: A, B, C, … then a, b, … then digits.
pub fn piece_symbol(i: usize) -> char {
    const SYMBOLS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    SYMBOLS.get(i).map(|b| *b as char).unwrap_or('*')
}

fn cell_char(setup: &Setup, occ: &HashMap<Coord, usize>, c: Coord) -> char {
    if setup.board.is_island(c) {
        '#'
    } else if let Some(p) = occ.get(&c) {
        piece_symbol(*p)
    } else {
        '.'
    }
}

/// The board with its ships (letters), islands (`#`) and water (`.`), a legend
/// of the fleet, and on square boards the row and column sums.
pub fn render(setup: &Setup) -> String {
    let occ = setup.deployment.occupancy(&setup.fleet);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} — board '{}' ({}), fleet '{}'",
        setup.name,
        setup.board.name,
        describe_board(setup),
        setup.fleet.name
    );
    let _ = writeln!(out, "{}", rules_line(setup));
    match &setup.board.shape {
        BoardShape::Square { rows, cols } => {
            let (row_sums, col_sums) = setup.deployment.xray(&setup.board, &setup.fleet).unwrap_or_default();
            for r in 0..*rows as i32 {
                let line: Vec<String> = (0..*cols as i32)
                    .map(|c| cell_char(setup, &occ, Coord(r, c)).to_string())
                    .collect();
                let _ = writeln!(out, "{}  | {}", line.join(" "), row_sums.get(r as usize).unwrap_or(&0));
            }
            let _ = writeln!(out, "{}", "-".repeat(*cols as usize * 2));
            let sums: Vec<String> = col_sums
                .iter()
                .map(|s| if *s < 10 { s.to_string() } else { "+".into() })
                .collect();
            let _ = writeln!(out, "{}", sums.join(" "));
        }
        BoardShape::Hex { cells } => {
            // Flat-topped hexes in columns x; doubled row v = -(2y + x) puts the upper half on top.
            let v = |c: &Coord| -(2 * c.1 + c.0);
            let (xmin, xmax) = (
                cells.iter().map(|c| c.0).min().unwrap_or(0),
                cells.iter().map(|c| c.0).max().unwrap_or(0),
            );
            let (vmin, vmax) = (
                cells.iter().map(v).min().unwrap_or(0),
                cells.iter().map(v).max().unwrap_or(0),
            );
            let at: HashMap<(i32, i32), Coord> = cells.iter().map(|c| ((v(c), c.0), *c)).collect();
            for row in vmin..=vmax {
                let line: String = (xmin..=xmax)
                    .map(|x| at.get(&(row, x)).map(|c| cell_char(setup, &occ, *c)).unwrap_or(' '))
                    .flat_map(|ch| [ch, ' '])
                    .collect();
                let _ = writeln!(out, "{}", line.trim_end());
            }
        }
    }
    let _ = writeln!(
        out,
        "fleet ({}, {}{}):",
        count(setup.fleet.pieces.len(), "piece", "pieces"),
        count(setup.fleet.total_cells(), "cell", "cells"),
        if setup.fleet.allow_mirror {
            ", mirror images allowed"
        } else {
            ""
        }
    );
    for (i, p) in setup.fleet.pieces.iter().enumerate() {
        let placed = if setup.deployment.ship_of(i).is_some() {
            "placed"
        } else {
            "not placed"
        };
        let _ = writeln!(
            out,
            "  {} {} ({}, {})",
            piece_symbol(i),
            p.name,
            count(p.len(), "cell", "cells"),
            placed
        );
    }
    out
}

/// "10×10 square, 100 playable cells" and the like.
pub fn describe_board(setup: &Setup) -> String {
    let playable = setup.board.playable_cells().len();
    let islands = count(setup.board.islands.len(), "island", "islands");
    match setup.board.dims() {
        Some((r, c)) => format!(
            "{r}×{c} square, {}, {islands}",
            count(playable, "playable cell", "playable cells")
        ),
        None => format!(
            "hexagonal, {}, {islands}",
            count(playable, "playable cell", "playable cells")
        ),
    }
}

/// 30093975536 → "30,093,975,536".
pub fn thousands(n: u128) -> String {
    group_digits(&n.to_string())
}

pub use crate::quote::group_digits;

/// Most digits a number is shown with in full; longer ones read in e-notation
/// (the exact value on hover and copy), so a 54-digit |U| does not widen a panel.
pub const FULL_DIGITS: usize = 15;

/// A whole number (decimal digits) as a panel shows it: grouped, or past
/// [`FULL_DIGITS`] as "1.234e53".
pub fn short_number(digits: &str) -> String {
    if digits.len() <= FULL_DIGITS || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return group_digits(digits);
    }
    // Rounded at the fifth digit, carrying into the exponent (9.9996… → 1.000e+1 more).
    let head: u64 = digits[..5].parse().unwrap_or(0);
    let rounded = (head + 5) / 10;
    let (mantissa, exp) = if rounded >= 10_000 {
        (rounded / 10, digits.len())
    } else {
        (rounded, digits.len() - 1)
    };
    format!("{}.{:03}e{exp}", mantissa / 1000, mantissa % 1000)
}

/// `a / b` to four significant digits, in powers of ten when it is far from 1
/// ("0.5000", "1.000", "7.071e-4"), so setups orders of magnitude apart still read.
pub fn ratio(a: u128, b: u128) -> String {
    if b == 0 {
        return "n/a".into();
    }
    significant(a as f64 / b as f64)
}

/// Four significant digits; powers of ten below 0.001 and from 100,000 on.
pub fn significant(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let exp = x.abs().log10().floor() as i32;
    if (-3..=4).contains(&exp) {
        let decimals = (3 - exp).max(0) as usize;
        format!("{x:.decimals$}")
    } else {
        let mantissa = x / 10f64.powi(exp);
        // Rounding may give 10.000: carry it into the exponent.
        let (mantissa, exp) = if format!("{mantissa:.3}").starts_with("10") {
            (mantissa / 10.0, exp + 1)
        } else {
            (mantissa, exp)
        };
        // E-notation: the app's font has no superscript minus.
        format!("{mantissa:.3}e{exp}")
    }
}

/// A limit as a sentence writes it: "2 s", "0.5 s".
pub fn seconds_text(d: std::time::Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1.0 && s.fract() == 0.0 {
        format!("{s:.0} s")
    } else {
        format!("{s:.1} s")
    }
}

/// A duration for progress lines: "4.2s", "3m07s", "2h05m".
pub fn fmt_duration(d: std::time::Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s % 3600 / 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{:.1}s", d.as_secs_f64())
    }
}

/// A cell as the app shows it everywhere: `row 3, col 5` on square boards
/// (counted from 1, as in the tomography paper's A_jk), cube `(x 1, y -2, z 1)`
/// on hex boards. Files keep 0-based `(row, col)` and `(x, y)`.
pub fn cell_label(lattice: Lattice, c: Coord) -> String {
    match lattice {
        Lattice::Square => format!("row {}, col {}", c.0 + 1, c.1 + 1),
        Lattice::Hex => format!("(x {}, y {}, z {})", c.0, c.1, c.z()),
    }
}

/// A count in thousands and its noun, singular for one: "1 fleet matrix",
/// "1,234 fleet matrices" (what the app shows; [`count`] keeps plain digits).
pub fn plural(n: impl Into<u128>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

/// "1 island", "3 islands".
pub fn count(n: usize, one: &str, many: &str) -> String {
    crate::quote::count(n as u128, one, many)
}

/// Why a ship cannot go somewhere, with the cell named as everywhere in the app.
pub fn place_error(lattice: Lattice, e: &crate::geometry::PlaceError) -> String {
    use crate::geometry::PlaceError;
    match e {
        // A cell left of or above the board would read "col -1": such cells are not named.
        PlaceError::OffBoard(c) if lattice == Lattice::Square && (c.0 < 0 || c.1 < 0) => {
            "off the board (past its top or left edge)".to_string()
        }
        PlaceError::OffBoard(c) => format!("off the board at {}", cell_label(lattice, *c)),
        PlaceError::Island(c) => format!("on an island at {}", cell_label(lattice, *c)),
        PlaceError::Overlap { name, cell } => format!("overlaps the {name} at {}", cell_label(lattice, *cell)),
        PlaceError::Touches { name, .. } => format!("touches the {name}: ships may not touch in this setup"),
    }
}

/// What a random fleet that is not uniform says (the fleet barely fits the board).
pub fn not_uniform_note(tries: u64) -> String {
    format!(
        "no uniform draw in {} tries (the fleet barely fits), so ships were placed one after another: \
         a valid fleet, but some layouts are likelier than others",
        thousands(u128::from(tries))
    )
}

/// "ships may not touch" and, when the placed fleet breaks the rule, which ships do.
pub fn rules_line(setup: &Setup) -> String {
    let mut s = format!("rules: {}", setup.rules.touch.describe());
    if setup.rules.touch == crate::geometry::TouchRule::NoTouch
        && let Some(pairs) = setup.deployment.touching_words(&setup.fleet)
    {
        s += &format!(" (these placed ships touch: {pairs}; the placed fleet breaks this rule)");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_numbers_read_in_e_notation_and_short_ones_grouped() {
        assert_eq!(short_number("143509"), "143,509");
        assert_eq!(short_number("999999999999999"), "999,999,999,999,999");
        assert_eq!(short_number("1234567890123456"), "1.235e15");
        assert_eq!(short_number("99999999999999999"), "1.000e17");
        assert_eq!(short_number(&format!("7{}", "0".repeat(53))), "7.000e53");
    }

    #[test]
    fn ratios_keep_four_significant_digits_at_any_scale() {
        assert_eq!(ratio(1, 2), "0.5000");
        assert_eq!(ratio(7, 7), "1.000");
        assert_eq!(ratio(1, 1414), "7.072e-4");
        assert_eq!(ratio(1, 999), "0.001001");
        assert_eq!(ratio(530, 380_000_000), "1.395e-6");
        assert_eq!(ratio(380_000_000, 530), "7.170e5");
        assert_eq!(ratio(123_456, 1), "1.235e5");
        assert_eq!(ratio(99_999, 1), "99999");
        assert_eq!(significant(9.99999e-7), "1.000e-6");
        assert_eq!(ratio(1, 0), "n/a");
    }
}
