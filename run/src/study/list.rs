//! Lists as people type them: "5, 4, 3,3,2" (blanks between commas are skipped,
//! so a trailing comma is harmless) and known cells "ROW,COL,VALUE" counted from 1.

use std::str::FromStr;

/// A known cell of a picture: (row, column) from 0, and whether it is a ship cell.
pub type Pin = ((usize, usize), bool);

/// Most items one typed list may hold.
pub const MAX_ITEMS: usize = 10_000;

/// The items of a comma-separated list; an error names the list (`what`), the
/// item and what it should be (`expected`, e.g. "a whole number ≥ 0").
pub fn parse_list<T: FromStr>(text: &str, what: &str, expected: &str) -> Result<Vec<T>, String> {
    let items: Vec<&str> = text.split(',').map(str::trim).filter(|t| !t.is_empty()).collect();
    if items.len() > MAX_ITEMS {
        return Err(format!("{what}: {} items, at most {MAX_ITEMS}", items.len()));
    }
    items
        .into_iter()
        .map(|t| {
            t.parse::<T>()
                .map_err(|_| format!("{what}: '{}' is not {expected}", crate::quote::excerpt(t)))
        })
        .collect()
}

/// Whole numbers ≥ 0 (row and column sums, ship lengths).
pub fn whole_numbers(text: &str, what: &str) -> Result<Vec<u32>, String> {
    parse_list(text, what, "a whole number ≥ 0")
}

/// Counts ≥ 1 (reads, restarts on an experiment's axis).
pub fn counts(text: &str, what: &str) -> Result<Vec<usize>, String> {
    let v: Vec<usize> = parse_list(text, what, "a whole number ≥ 1")?;
    match v.iter().find(|&&n| n == 0) {
        Some(_) => Err(format!("{what}: '0' is not a whole number ≥ 1")),
        None => Ok(v),
    }
}

/// Finite numbers ≥ 0 (the ε sweep).
pub fn non_negative(text: &str, what: &str) -> Result<Vec<f64>, String> {
    let v: Vec<f64> = parse_list(text, what, "a number ≥ 0")?;
    match v.iter().find(|x| !(x.is_finite() && **x >= 0.0)) {
        Some(x) => Err(format!("{what}: '{}' is not a number ≥ 0", crate::quote::number(*x))),
        None => Ok(v),
    }
}

/// A known cell typed as ROW,COL,VALUE (ROW and COL from 1, VALUE 1 = ship, 0 = water).
pub fn parse_pin(text: &str) -> Result<Pin, String> {
    let bad = || format!("pin '{text}': expected ROW,COL,VALUE with ROW and COL from 1 and VALUE 0 or 1");
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [r, c, v] = parts[..] else { return Err(bad()) };
    let (r, c): (usize, usize) = (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
    let value = match v {
        "1" => true,
        "0" => false,
        _ => return Err(bad()),
    };
    if r == 0 || c == 0 {
        return Err(bad());
    }
    Ok(((r - 1, c - 1), value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_skip_blanks_and_name_the_bad_item() {
        assert_eq!(whole_numbers(" 5, 4,3 ,", "ships"), Ok(vec![5, 4, 3]));
        assert_eq!(whole_numbers("", "ships"), Ok(vec![]));
        assert_eq!(
            whole_numbers("1,x", "row sums"),
            Err("row sums: 'x' is not a whole number ≥ 0".into())
        );
        assert_eq!(
            whole_numbers("-1", "s"),
            Err("s: '-1' is not a whole number ≥ 0".into())
        );
        assert_eq!(
            counts("1,0", "reads"),
            Err("reads: '0' is not a whole number ≥ 1".into())
        );
        assert_eq!(
            counts("1.5", "reads"),
            Err("reads: '1.5' is not a whole number ≥ 1".into())
        );
        assert_eq!(non_negative("0.1,inf", "ε"), Err("ε: 'inf' is not a number ≥ 0".into()));
        assert!(
            whole_numbers(&"1,".repeat(MAX_ITEMS + 1), "sums")
                .unwrap_err()
                .contains("at most")
        );
    }

    #[test]
    fn pins_count_from_one() {
        assert_eq!(parse_pin("1, 2, 1"), Ok(((0, 1), true)));
        assert_eq!(parse_pin("3,3,0"), Ok(((2, 2), false)));
        for bad in ["0,1,1", "1,1", "1,1,2", "a,1,1", "1,1,1,1"] {
            assert!(parse_pin(bad).is_err(), "{bad}");
        }
    }
}
