//! The typed text form shared by the puzzle families:
//!
//! ```text
//! // comment
//! queens 8x8          family and size (rows x cols)
//! count 1             a setting: keyword and values
//! rows 1 1 2+ -       a list: a number, "2+" for 2 or 3, "-" for no count
//! regions             a grid: the keyword alone, then one line per row
//! aaabbbcc
//! ...
//! queen 3,4 5,1       cells counted from 1 as row,col
//! ```
//! Every error names its line.

pub use super::model::CountSpec;
use super::vocab::MAX_COUNT;
use crate::geometry::MAX_SIDE;
use std::collections::HashMap;

/// One keyword's line and values (or grid rows).
#[derive(Clone, Debug)]
struct Entry {
    line: usize,
    values: Vec<String>,
    /// The rows after a grid keyword: (line number, text).
    grid: Vec<(usize, String)>,
    /// The line follows a full grid and is as wide as a row: the grid's
    /// keyword and the line, to say "more rows than the size" if no family
    /// read takes it as a setting.
    overflow_of: Option<(String, String)>,
}

/// A parsed puzzle text: family, size and keyword entries.
#[derive(Clone, Debug)]
pub struct Sections {
    pub family: String,
    pub rows: usize,
    pub cols: usize,
    entries: HashMap<String, Entry>,
    used: std::cell::RefCell<Vec<String>>,
}

/// "3" exactly 3, "3+" 3 or 4, "-" no count.
fn parse_count(s: &str) -> Option<CountSpec> {
    if s == "-" {
        return Some(CountSpec::Free);
    }
    if let Some(n) = s.strip_suffix('+') {
        return n.parse().ok().filter(|&n| n <= MAX_COUNT).map(CountSpec::OrOneMore);
    }
    s.parse().ok().filter(|&n| n <= MAX_COUNT).map(CountSpec::Exactly)
}

/// The two sides of a size `RxC` as written, when both are whole numbers
/// (of any size or sign: the range is checked apart, to be named).
fn size(s: &str) -> Option<(&str, &str)> {
    let (r, c) = s.split_once(['x', '×'])?;
    let whole = |t: &str| {
        let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    let (r, c) = (r.trim(), c.trim());
    (whole(r) && whole(c)).then_some((r, c))
}

impl Sections {
    /// Parses the text; `grids` are the keywords followed by `rows` grid lines.
    /// Lines end at a line feed, a CR LF pair or a lone carriage return (old
    /// Mac files), so a file of CRs reads line by line.
    pub fn parse(text: &str, grids: &[&str]) -> Result<Sections, String> {
        let text = text.replace("\r\n", "\n");
        let mut lines = text
            .split(['\n', '\r'])
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with("//"));
        let (hl, header) = lines
            .next()
            .ok_or("the text is empty: it starts with a family and size, e.g. `queens 8x8`")?;
        let mut words = header.split_whitespace();
        let family = words.next().unwrap_or_default().to_lowercase();
        let (row_text, col_text) = words.next().and_then(size).ok_or_else(|| {
            format!(
                "line {hl}: expected a family and a size like `{} 8x8`",
                crate::quote::excerpt(&family)
            )
        })?;
        if let Some(extra) = words.next() {
            return Err(format!(
                "line {hl}: '{}' after the size: the family and size stand alone on the first line",
                crate::quote::excerpt(extra)
            ));
        }
        let side = |t: &str| t.parse::<usize>().ok().filter(|n| (1..=MAX_SIDE).contains(n));
        let (Some(rows), Some(cols)) = (side(row_text), side(col_text)) else {
            return Err(format!(
                "line {hl}: a {}x{} grid: each side must be 1 to {MAX_SIDE}",
                crate::quote::excerpt(row_text),
                crate::quote::excerpt(col_text)
            ));
        };
        let mut entries: HashMap<String, Entry> = HashMap::new();
        let mut pending: Option<(String, Entry)> = None;
        // The grid whose rows the lines just read could still be (a row too many).
        let mut after_grid: Option<String> = None;
        for (n, line) in lines {
            if let Some((key, entry)) = pending.as_mut()
                && entry.grid.len() < rows
            {
                let _ = key;
                entry.grid.push((n, line.to_string()));
                continue;
            }
            if let Some((key, entry)) = pending.take() {
                after_grid = Some(key.clone());
                entries.insert(key, entry);
            }
            let row_wide = line.chars().filter(|c| !c.is_whitespace()).count() == cols;
            if !row_wide {
                after_grid = None;
            }
            let mut words = line.split_whitespace();
            let key = words.next().unwrap_or_default().to_lowercase();
            let entry = Entry {
                line: n,
                values: words.map(str::to_string).collect(),
                grid: Vec::new(),
                overflow_of: after_grid.clone().map(|g| (g, line.to_string())),
            };
            if let Some(old) = entries.get(&key) {
                if old.overflow_of.is_some() && entry.overflow_of.is_some() {
                    // A second extra row like the first: the first is reported.
                    continue;
                }
                return Err(format!("line {n}: `{key}` appears twice (first on line {})", old.line));
            }
            if grids.contains(&key.as_str()) {
                if !entry.values.is_empty() {
                    return Err(format!("line {n}: `{key}` stands alone; its {rows} rows follow"));
                }
                pending = Some((key, entry));
            } else {
                entries.insert(key, entry);
            }
        }
        if let Some((key, entry)) = pending {
            if entry.grid.len() < rows {
                return Err(format!(
                    "line {}: `{key}` has {} of its {rows} rows",
                    entry.line,
                    entry.grid.len()
                ));
            }
            entries.insert(key, entry);
        }
        Ok(Sections {
            family,
            rows,
            cols,
            entries,
            used: Default::default(),
        })
    }

    fn take(&self, key: &str) -> Option<&Entry> {
        self.used.borrow_mut().push(key.to_string());
        self.entries.get(key)
    }

    /// Refuses keywords no family read asked for.
    pub fn finish(&self) -> Result<(), String> {
        let used = self.used.borrow();
        let mut unknown: Vec<&Entry> = self
            .entries
            .iter()
            .filter(|(k, _)| !used.contains(k))
            .map(|(_, e)| e)
            .collect();
        unknown.sort_by_key(|e| e.line);
        match unknown.first() {
            Some(Entry {
                line,
                overflow_of: Some((grid, text)),
                ..
            }) => Err(format!(
                "line {line}: `{grid}` has more rows than the {} of a {}x{} puzzle (`{}` is one too many)",
                self.rows,
                self.rows,
                self.cols,
                crate::quote::excerpt(text)
            )),
            Some(e) => {
                let key = self
                    .entries
                    .iter()
                    .find(|(_, v)| v.line == e.line)
                    .map(|(k, _)| k.as_str());
                Err(format!(
                    "line {}: `{}` is not a setting of {} puzzles",
                    e.line,
                    key.unwrap_or("?"),
                    self.family
                ))
            }
            None => Ok(()),
        }
    }

    /// An error about row `r` (0-based) of a grid keyword, with the file line
    /// the row is on, as every parse error names its line.
    pub fn grid_error(&self, key: &str, r: usize, message: &str) -> String {
        match self.entries.get(key).and_then(|e| e.grid.get(r)) {
            Some((n, _)) => format!("line {n}: row {} of `{key}`: {message}", r + 1),
            None => format!("row {} of `{key}`: {message}", r + 1),
        }
    }

    /// An error about a keyword's values, with the keyword's line.
    pub fn value_error(&self, key: &str, message: &str) -> String {
        match self.entries.get(key) {
            Some(e) => format!("line {}: {message}", e.line),
            None => message.to_string(),
        }
    }

    /// The grid of a keyword (rows of characters; spaces ignored), if present.
    pub fn grid(&self, key: &str) -> Result<Option<Vec<Vec<char>>>, String> {
        let Some(e) = self.take(key) else { return Ok(None) };
        e.grid
            .iter()
            .enumerate()
            .map(|(i, (n, line))| {
                let row: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
                if row.len() == self.cols {
                    Ok(row)
                } else {
                    Err(format!(
                        "line {n}: row {} of `{key}` has {}, expected {}",
                        i + 1,
                        crate::quote::count(row.len() as u128, "cell", "cells"),
                        self.cols
                    ))
                }
            })
            .collect::<Result<_, _>>()
            .map(Some)
    }

    /// A table of whole numbers after a grid keyword (one row per line), if present.
    pub fn table(&self, key: &str) -> Result<Option<Vec<Vec<u32>>>, String> {
        let Some(e) = self.take(key) else { return Ok(None) };
        e.grid
            .iter()
            .enumerate()
            .map(|(i, (n, line))| {
                let row: Vec<u32> = line
                    .split_whitespace()
                    .map(|v| {
                        v.parse::<u32>().ok().filter(|&x| x <= MAX_COUNT).ok_or_else(|| {
                            format!(
                                "line {n}: '{}' is not a number from 0 to {MAX_COUNT}",
                                crate::quote::excerpt(v)
                            )
                        })
                    })
                    .collect::<Result<_, _>>()?;
                if row.len() == self.cols {
                    Ok(row)
                } else {
                    Err(format!(
                        "line {n}: row {} of `{key}` has {} numbers, expected {}",
                        i + 1,
                        row.len(),
                        self.cols
                    ))
                }
            })
            .collect::<Result<_, _>>()
            .map(Some)
    }

    /// A word setting such as `wrap torus`.
    pub fn word(&self, key: &str) -> Result<Option<String>, String> {
        match self.take(key) {
            None => Ok(None),
            Some(e) if e.values.len() == 1 => Ok(Some(e.values[0].to_lowercase())),
            Some(e) => Err(format!("line {}: `{key}` takes one value", e.line)),
        }
    }

    /// A flag: the keyword alone.
    pub fn flag(&self, key: &str) -> Result<bool, String> {
        match self.take(key) {
            None => Ok(false),
            Some(e) if e.values.is_empty() => Ok(true),
            Some(e) => Err(format!("line {}: `{key}` takes no value", e.line)),
        }
    }

    /// A single number setting.
    pub fn number(&self, key: &str, max: u32) -> Result<Option<u32>, String> {
        match self.take(key) {
            None => Ok(None),
            Some(e) => match e.values.as_slice() {
                [v] => v.parse::<u32>().ok().filter(|&n| n <= max).map(Some).ok_or_else(|| {
                    format!(
                        "line {}: `{key}` takes a number from 0 to {max}, not '{}'",
                        e.line,
                        crate::quote::excerpt(v)
                    )
                }),
                _ => Err(format!("line {}: `{key}` takes one number", e.line)),
            },
        }
    }

    /// A list of counts with exactly `len` entries.
    pub fn counts(&self, key: &str, len: usize) -> Result<Option<Vec<CountSpec>>, String> {
        let Some(e) = self.take(key) else { return Ok(None) };
        if e.values.len() != len {
            return Err(format!(
                "line {}: `{key}` lists {} counts, expected {len}",
                e.line,
                e.values.len()
            ));
        }
        e.values
            .iter()
            .map(|v| {
                parse_count(v).ok_or_else(|| {
                    format!(
                        "line {}: '{}' is not a count (a number, 2+ for 2 or 3, or -)",
                        e.line,
                        crate::quote::excerpt(v)
                    )
                })
            })
            .collect::<Result<_, _>>()
            .map(Some)
    }

    /// A list of `len` whole numbers (targets).
    pub fn numbers(&self, key: &str, len: usize) -> Result<Option<Vec<u32>>, String> {
        let Some(e) = self.take(key) else { return Ok(None) };
        if e.values.len() != len {
            return Err(format!(
                "line {}: `{key}` lists {} numbers, expected {len}",
                e.line,
                e.values.len()
            ));
        }
        e.values
            .iter()
            .map(|v| {
                v.parse::<u32>().ok().filter(|&n| n <= MAX_COUNT).ok_or_else(|| {
                    format!(
                        "line {}: '{}' is not a number from 0 to {MAX_COUNT}",
                        e.line,
                        crate::quote::excerpt(v)
                    )
                })
            })
            .collect::<Result<_, _>>()
            .map(Some)
    }

    /// Cells `r,c` (counted from 1) of a keyword, as 0-based pairs.
    pub fn cells(&self, key: &str) -> Result<Vec<(usize, usize)>, String> {
        let Some(e) = self.take(key) else { return Ok(Vec::new()) };
        e.values.iter().map(|v| self.cell(v, e.line)).collect()
    }

    /// Raw values of a keyword with its line (for family-specific lists).
    pub fn values(&self, key: &str) -> Option<(usize, Vec<String>)> {
        self.take(key).map(|e| (e.line, e.values.clone()))
    }

    /// One `r,c` cell counted from 1.
    pub fn cell(&self, v: &str, line: usize) -> Result<(usize, usize), String> {
        let bad = || {
            format!(
                "line {line}: '{}' is not a cell row,col inside {}x{}",
                crate::quote::excerpt(v),
                self.rows,
                self.cols
            )
        };
        let (r, c) = v.split_once(',').ok_or_else(bad)?;
        let (r, c): (usize, usize) = (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
        if r == 0 || c == 0 || r > self.rows || c > self.cols {
            return Err(bad());
        }
        Ok((r - 1, c - 1))
    }
}

/// A count list as text (`rows 1 1 2+ -`).
pub fn counts_line(key: &str, counts: &[CountSpec]) -> String {
    let v: Vec<String> = counts.iter().map(|c| c.to_text()).collect();
    format!("{key} {}\n", v.join(" "))
}

/// Cells as `r,c` counted from 1.
pub fn cells_line(key: &str, cells: &[(usize, usize)]) -> String {
    let v: Vec<String> = cells.iter().map(|(r, c)| format!("{},{}", r + 1, c + 1)).collect();
    format!("{key} {}\n", v.join(" "))
}

/// Reads a region grid: each distinct character (except `hole`) is a region,
/// numbered by first appearance; `hole` cells get `None`.
pub fn regions_from_grid(grid: &[Vec<char>], hole: char) -> Vec<Option<u16>> {
    let mut ids: HashMap<char, u16> = HashMap::new();
    grid.iter()
        .flatten()
        .map(|&ch| {
            if ch == hole {
                None
            } else {
                let next = ids.len() as u16;
                Some(*ids.entry(ch).or_insert(next))
            }
        })
        .collect()
}
