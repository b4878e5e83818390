//! Text formats of D-Wave's tools, read and written exactly:
//!
//! - COO, as dimod's `coo` serialisation: one `i j bias` per line (i = j is
//!   the linear term), `#` comments, an optional `# vartype=BINARY|SPIN`
//!   header. Repeated pairs add up (as dimod does). Fleetscope also writes the
//!   offset and the variable count as comments (`# offset=…`, `# variables=…`),
//!   which dimod skips and this reader uses.
//! - qbsolv's `.qubo`: `c` comments, a program line
//!   `p qubo 0 maxNodes nNodes nCouplers`, then node lines `i i w` and coupler
//!   lines `i j w` with i < j; the counts must match.
//!
//! Numbers are written with Rust's shortest exact decimal (never an exponent),
//! so a model read back is the same model.

use super::model::{Ising, MAX_VARIABLES, Qubo, QuboBuilder, check_coefficient};
use crate::quote::excerpt;
use std::fmt::Write;
use thiserror::Error;

/// What is wrong with a model file, and where: the line, or none when the
/// model as a whole is wrong (a sum of its terms out of range).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}{message}", line.map_or(String::new(), |l| format!("line {l}: ")))]
pub struct FormatError {
    pub line: Option<usize>,
    pub message: String,
}

fn err(line: usize, message: impl Into<String>) -> FormatError {
    FormatError {
        line: Some(line),
        message: message.into(),
    }
}

/// The model as a whole is wrong (no one line is).
fn of_model(message: impl Into<String>) -> FormatError {
    FormatError {
        line: None,
        message: message.into(),
    }
}

/// The model formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ModelFormat {
    Coo,
    Qbsolv,
}

use serde::{Deserialize, Serialize};

impl ModelFormat {
    pub fn name(self) -> &'static str {
        match self {
            ModelFormat::Coo => "coo",
            ModelFormat::Qbsolv => "qubo",
        }
    }

    /// By name (`coo`, `qubo`) or file extension.
    pub fn parse(s: &str) -> Result<ModelFormat, String> {
        match s.trim_start_matches('.').to_ascii_lowercase().as_str() {
            "coo" => Ok(ModelFormat::Coo),
            "qubo" | "qbsolv" => Ok(ModelFormat::Qbsolv),
            other => Err(format!(
                "unknown model format '{}' (expected coo or qubo)",
                excerpt(other)
            )),
        }
    }

    pub fn write(self, q: &Qubo) -> String {
        match self {
            ModelFormat::Coo => write_coo(q),
            ModelFormat::Qbsolv => write_qbsolv(q),
        }
    }

    pub fn read(self, text: &str) -> Result<Qubo, FormatError> {
        match self {
            ModelFormat::Coo => read_coo(text),
            ModelFormat::Qbsolv => read_qbsolv(text),
        }
    }
}

/// A variable index: below [`MAX_VARIABLES`].
fn index(tok: &str, line: usize, what: &str) -> Result<usize, FormatError> {
    let i = whole(tok, line, what)?;
    if i >= MAX_VARIABLES {
        return Err(err(
            line,
            format!(
                "{what} {i} is past the last variable a model may have ({})",
                MAX_VARIABLES - 1
            ),
        ));
    }
    Ok(i)
}

/// A number of variables: at most [`MAX_VARIABLES`].
fn variable_count(tok: &str, line: usize, what: &str) -> Result<usize, FormatError> {
    let n = whole(tok, line, what)?;
    if n > MAX_VARIABLES {
        return Err(err(
            line,
            format!("{what} {n} is over the limit of {MAX_VARIABLES} variables"),
        ));
    }
    Ok(n)
}

fn whole(tok: &str, line: usize, what: &str) -> Result<usize, FormatError> {
    tok.parse().map_err(|_| {
        err(
            line,
            format!("expected {what} (a whole number ≥ 0), found '{}'", excerpt(tok)),
        )
    })
}

fn number(tok: &str, line: usize, what: &str) -> Result<f64, FormatError> {
    let v: f64 = tok
        .parse()
        .map_err(|_| err(line, format!("expected {what} (a number), found '{}'", excerpt(tok))))?;
    check_coefficient(v, what).map_err(|e| err(line, e))
}

/// `# key=value` or `# key: value` in a comment.
fn comment_value<'a>(comment: &'a str, key: &str) -> Option<&'a str> {
    let c = comment.trim_start_matches(['#', 'c', 'C']).trim();
    let rest = c.strip_prefix(key)?.trim_start();
    let rest = rest.strip_prefix('=').or_else(|| rest.strip_prefix(':'))?;
    Some(rest.trim())
}

pub fn write_coo(q: &Qubo) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# vartype=BINARY");
    let _ = writeln!(s, "# variables={}", q.len());
    let _ = writeln!(s, "# offset={}", q.offset());
    for (i, a) in q.linear().iter().enumerate() {
        if *a != 0.0 {
            let _ = writeln!(s, "{i} {i} {a}");
        }
    }
    for (i, j, w) in q.couplers() {
        let _ = writeln!(s, "{i} {j} {w}");
    }
    s
}

pub fn read_coo(text: &str) -> Result<Qubo, FormatError> {
    let mut spin = false;
    let mut offset = 0.0;
    let mut declared: Option<(usize, usize)> = None;
    let mut terms: Vec<(usize, usize, f64)> = Vec::new();
    // The line of the term with the largest index, to name it against `# variables=`.
    let mut widest: Option<(usize, usize)> = None;
    for (k, raw) in text.lines().enumerate() {
        let line = k + 1;
        let l = raw.trim();
        if l.is_empty() {
            continue;
        }
        if l.starts_with('#') {
            if let Some(v) = comment_value(l, "vartype") {
                spin = match v.to_ascii_uppercase().as_str() {
                    "BINARY" => false,
                    "SPIN" => true,
                    other => {
                        return Err(err(
                            line,
                            format!("unknown vartype '{}' (expected BINARY or SPIN)", excerpt(other)),
                        ));
                    }
                };
            } else if let Some(v) = comment_value(l, "offset") {
                offset = number(v, line, "the offset")?;
            } else if let Some(v) = comment_value(l, "variables") {
                declared = Some((variable_count(v, line, "the variable count")?, line));
            }
            continue;
        }
        let toks: Vec<&str> = l.split_whitespace().collect();
        if toks.len() != 3 {
            return Err(err(
                line,
                format!("expected 'i j bias' (three fields), found {}", fields(toks.len())),
            ));
        }
        let i = index(toks[0], line, "a variable index")?;
        let j = index(toks[1], line, "a variable index")?;
        let v = number(toks[2], line, "a bias")?;
        if widest.is_none_or(|(w, _)| i.max(j) > w) {
            widest = Some((i.max(j), line));
        }
        terms.push((i, j, v));
    }
    if let (Some((count, declared_on)), Some((w, on))) = (declared, widest)
        && w >= count
    {
        return Err(err(
            on,
            format!("variable {w} is beyond the {count} variables of `# variables={count}` (line {declared_on})"),
        ));
    }
    let n = widest
        .map_or(0, |(w, _)| w + 1)
        .max(declared.map_or(0, |(count, _)| count));
    let built = if spin {
        let mut ising = Ising {
            h: vec![0.0; n],
            j: Vec::new(),
            offset,
        };
        for (i, j, v) in terms {
            if i == j {
                ising.h[i] += v;
            } else {
                ising.j.push((i.min(j), i.max(j), v));
            }
        }
        Qubo::from_ising(&ising)
    } else {
        let mut b = QuboBuilder::new(n);
        b.add_offset(offset);
        for (i, j, v) in terms {
            b.add_coupler(i, j, v);
        }
        b.build()
    };
    built.map_err(|e| {
        if spin {
            of_model(format!("converted from spins (s = 2x − 1), {e}"))
        } else {
            of_model(e)
        }
    })
}

pub fn write_qbsolv(q: &Qubo) -> String {
    let nodes: Vec<(usize, f64)> = q
        .linear()
        .iter()
        .copied()
        .enumerate()
        .filter(|(_, a)| *a != 0.0)
        .collect();
    let mut s = String::new();
    let _ = writeln!(s, "c written by Fleetscope");
    let _ = writeln!(s, "c offset={}", q.offset());
    let _ = writeln!(s, "p qubo 0 {} {} {}", q.len(), nodes.len(), q.coupler_count());
    for (i, a) in nodes {
        let _ = writeln!(s, "{i} {i} {a}");
    }
    for (i, j, w) in q.couplers() {
        let _ = writeln!(s, "{i} {j} {w}");
    }
    s
}

pub fn read_qbsolv(text: &str) -> Result<Qubo, FormatError> {
    let mut offset = 0.0;
    let mut header: Option<(usize, usize, usize, usize)> = None;
    let mut b = QuboBuilder::new(0);
    let (mut nodes, mut couplers) = (0usize, 0usize);
    let mut seen = std::collections::HashSet::new();
    let mut last_line = 0;
    for (k, raw) in text.lines().enumerate() {
        let line = k + 1;
        last_line = line;
        let l = raw.trim();
        if l.is_empty() {
            continue;
        }
        if l.starts_with('c') || l.starts_with('C') {
            if let Some(v) = comment_value(l, "offset") {
                offset = number(v, line, "the offset")?;
            }
            continue;
        }
        let toks: Vec<&str> = l.split_whitespace().collect();
        if toks[0] == "p" {
            if header.is_some() {
                return Err(err(line, "a second program line"));
            }
            if toks.len() != 6 || toks[1] != "qubo" {
                return Err(err(
                    line,
                    "expected the program line 'p qubo 0 maxNodes nNodes nCouplers'",
                ));
            }
            if toks[2] != "0" && toks[2] != "unconstrained" {
                return Err(err(
                    line,
                    format!("unknown topology '{}' (expected 0)", excerpt(toks[2])),
                ));
            }
            let max = variable_count(toks[3], line, "maxNodes")?;
            let nn = variable_count(toks[4], line, "nNodes")?;
            let nc: usize = toks[5].parse().map_err(|_| {
                err(
                    line,
                    format!("expected nCouplers (a whole number), found '{}'", excerpt(toks[5])),
                )
            })?;
            if nn > max {
                return Err(err(line, format!("nNodes {nn} is more than maxNodes {max}")));
            }
            header = Some((max, nn, nc, line));
            b.ensure(max);
            continue;
        }
        let Some((max, _, _, _)) = header else {
            return Err(err(line, "expected the program line 'p qubo …' before any data"));
        };
        if toks.len() != 3 {
            return Err(err(
                line,
                format!("expected 'i j weight' (three fields), found {}", fields(toks.len())),
            ));
        }
        let i = index(toks[0], line, "a node index")?;
        let j = index(toks[1], line, "a node index")?;
        let v = number(toks[2], line, "a weight")?;
        if i >= max || j >= max {
            return Err(err(line, format!("node {} is not below maxNodes {max}", i.max(j))));
        }
        if i > j {
            return Err(err(line, format!("a coupler must have i < j, found {i} {j}")));
        }
        if !seen.insert((i, j)) {
            return Err(err(line, format!("'{i} {j}' appears twice")));
        }
        if i == j {
            nodes += 1;
        } else {
            couplers += 1;
        }
        b.add_coupler(i, j, v);
    }
    let Some((_, nn, nc, hline)) = header else {
        return Err(err(
            last_line.max(1),
            "no program line 'p qubo 0 maxNodes nNodes nCouplers'",
        ));
    };
    if nodes != nn {
        return Err(err(
            hline,
            format!("the program line promises {nn} nodes, the file has {nodes}"),
        ));
    }
    if couplers != nc {
        return Err(err(
            hline,
            format!("the program line promises {nc} couplers, the file has {couplers}"),
        ));
    }
    b.add_offset(offset);
    b.build().map_err(of_model)
}

/// "1 field", "4 fields".
fn fields(n: usize) -> String {
    format!("{n} field{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qbsolv_readme_example_reads() {
        let text = "c example\np qubo 0 4 4 6\n0 0 3.4\n1 1 4.5\n2 2 2.1\n3 3 -2.4\n0 1 2.2\n0 2 3.4\n1 2 4.5\n0 3 -2\n1 3 4.5678\n2 3 -3.22\n";
        let q = read_qbsolv(text).unwrap();
        assert_eq!(q.len(), 4);
        assert_eq!(q.coupler_count(), 6);
        assert!(
            (q.energy(&[1, 1, 1, 1]) - (3.4 + 4.5 + 2.1 - 2.4 + 2.2 + 3.4 + 4.5 - 2.0 + 4.5678 - 3.22)).abs() < 1e-12
        );
    }

    #[test]
    fn errors_name_the_line() {
        let e = read_coo("# vartype=BINARY\n0 1 2\n0 x 1\n").unwrap_err();
        assert_eq!(e.line, Some(3));
        assert!(e.message.contains("'x'"), "{e}");
        let e = read_qbsolv("p qubo 0 2 1 1\n0 0 1\n1 0 2\n").unwrap_err();
        assert_eq!(e.line, Some(3));
        let e = read_qbsolv("p qubo 0 2 2 0\n0 0 1\n").unwrap_err();
        assert!(e.message.contains("promises 2 nodes"), "{e}");
    }
}
