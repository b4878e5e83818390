//! dimod's lossless binary BQM serialisation (`BinaryQuadraticModel.to_file`,
//! magic `DIMODBQM`), as bytes: the offset, every bias at full precision and
//! the variable labels survive, which the COO text loses.
//!
//! Layout (version 2.0, all little-endian): `DIMODBQM`, major and minor
//! version bytes, a u32 header length, the header (sorted-key JSON with
//! `dtype`, `itype`, `ntype`, `shape` [variables, interactions], `type`,
//! `variables` (a labels section follows) and `vartype`, then a newline and
//! spaces up to a multiple of 64 bytes from the start); then the offset, per
//! variable (start of its neighbourhood, linear bias), per variable its whole
//! neighbourhood ascending (neighbour, bias; each interaction twice), and
//! with labels `VARS`, a u32 length and their JSON list, padded with spaces.
//! Version 1.0 keeps the labels in the header; both are read.

use super::model::{Ising, MAX_COUPLERS, MAX_VARIABLES, Qubo, QuboBuilder, check_coefficient};
use serde_json::Value;

const MAGIC: &[u8; 8] = b"DIMODBQM";
/// Longest header read (a version-1 header carries the labels).
const MAX_HEADER: usize = 64 << 20;

/// A model read from a binary BQM file.
#[derive(Clone, Debug, PartialEq)]
pub struct BqmFile {
    /// The model as a QUBO (a SPIN file converted exactly: s = 2x − 1).
    pub qubo: Qubo,
    /// The file was written in spins.
    pub spin: bool,
    /// Each variable's label as JSON (`0`, `"a"`, `["c", 1]`), in index order.
    pub labels: Vec<Value>,
}

/// The model as dimod writes it (version 2.0, float64 biases, int32 indices,
/// BINARY, labels 0..n−1 so no labels section).
pub fn write_bqm(q: &Qubo) -> Vec<u8> {
    write(q, None)
}

/// The model with integer labels (an embedded problem's qubits), in a VARS
/// section as dimod writes one: "VARS", its length, the JSON list, padded
/// with spaces to a multiple of 64 bytes.
pub fn write_bqm_labelled(q: &Qubo, labels: &[u32]) -> Vec<u8> {
    assert_eq!(labels.len(), q.len(), "one label per variable");
    let is_range = labels.iter().enumerate().all(|(i, &l)| l as usize == i);
    write(q, (!is_range).then_some(labels))
}

fn write(q: &Qubo, labels: Option<&[u32]>) -> Vec<u8> {
    let n = q.len();
    let header = format!(
        "{{\"dtype\": \"float64\", \"itype\": \"int32\", \"ntype\": \"int32\", \"shape\": [{n}, {}], \
         \"type\": \"BinaryQuadraticModel\", \"variables\": {}, \"vartype\": \"BINARY\"}}\n",
        q.coupler_count(),
        labels.is_some()
    );
    let mut header = header.into_bytes();
    while !(14 + header.len()).is_multiple_of(64) {
        header.push(b' ');
    }
    let mut out = Vec::with_capacity(14 + header.len() + 8 + 12 * n + 24 * q.coupler_count());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[2, 0]);
    out.extend_from_slice(&(header.len() as u32).to_le_bytes());
    out.extend_from_slice(&header);
    out.extend_from_slice(&q.offset().to_le_bytes());
    let mut start = 0i32;
    for (i, a) in q.linear().iter().enumerate() {
        out.extend_from_slice(&start.to_le_bytes());
        out.extend_from_slice(&a.to_le_bytes());
        start += q.row(i).0.len() as i32;
    }
    for i in 0..n {
        let (neighbours, weights) = q.row(i);
        let mut row: Vec<(u32, f64)> = neighbours.iter().copied().zip(weights.iter().copied()).collect();
        row.sort_unstable_by_key(|r| r.0);
        for (j, w) in row {
            out.extend_from_slice(&(j as i32).to_le_bytes());
            out.extend_from_slice(&w.to_le_bytes());
        }
    }
    if let Some(labels) = labels {
        let list: Vec<String> = labels.iter().map(u32::to_string).collect();
        let mut data = format!("[{}]", list.join(", ")).into_bytes();
        while !(8 + data.len()).is_multiple_of(64) {
            data.push(b' ');
        }
        out.extend_from_slice(b"VARS");
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(&data);
    }
    out
}

/// Reads a binary BQM file's bytes, naming what is wrong.
pub fn read_bqm(bytes: &[u8]) -> Result<BqmFile, String> {
    let mut r = Reader { bytes, at: 0 };
    if r.take(8)? != MAGIC {
        return Err("not a dimod binary BQM file (it does not start with DIMODBQM)".into());
    }
    let version = r.take(2)?;
    let (major, minor) = (version[0], version[1]);
    if !(1..=2).contains(&major) {
        return Err(format!("binary BQM version {major}.{minor}: versions 1 and 2 are read"));
    }
    let header_len = u32::from_le_bytes(r.take(4)?.try_into().expect("4 bytes")) as usize;
    if header_len > MAX_HEADER {
        return Err(format!("a header of {header_len} bytes: at most {MAX_HEADER}"));
    }
    let header: Value =
        serde_json::from_slice(r.take(header_len)?).map_err(|e| format!("the header is not JSON: {e}"))?;
    let text = |key: &str| {
        header
            .get(key)
            .and_then(Value::as_str)
            .ok_or(format!("the header has no '{key}'"))
    };
    let dtype = text("dtype")?;
    let float = match dtype {
        "float64" => 8,
        "float32" => 4,
        other => return Err(format!("biases of type '{other}': float32 or float64 are read")),
    };
    let int_size = |key: &str| -> Result<(usize, bool), String> {
        let name = text(key)?;
        let signed = name.starts_with("int");
        let bits = name.strip_prefix("int").or_else(|| name.strip_prefix("uint"));
        match bits.map(str::parse::<usize>) {
            Some(Ok(bits @ (8 | 16 | 32 | 64))) => Ok((bits / 8, signed)),
            _ => Err(format!("'{key}' is '{name}': an integer type such as int32")),
        }
    };
    let (isize_, isigned) = int_size("itype")?;
    let (nsize, nsigned) = int_size("ntype")?;
    let shape = header
        .get("shape")
        .and_then(Value::as_array)
        .filter(|s| s.len() == 2)
        .and_then(|s| Some((s[0].as_u64()? as usize, s[1].as_u64()? as usize)))
        .ok_or("the header's 'shape' is not [variables, interactions]")?;
    let (n, e) = shape;
    if n > MAX_VARIABLES {
        return Err(format!("{n} variables: at most {MAX_VARIABLES}"));
    }
    if e > MAX_COUPLERS {
        return Err(format!("{e} interactions: at most {MAX_COUPLERS}"));
    }
    let spin = match text("vartype")? {
        "SPIN" => true,
        "BINARY" => false,
        other => return Err(format!("vartype '{other}': SPIN or BINARY are read")),
    };
    // The body must be all there before anything is allocated for it.
    let body = float + n * (nsize + float) + 2 * e * (isize_ + float);
    if r.left() < body {
        return Err(format!(
            "the file ends early: {} variables and {} interactions need {body} bytes after the header, {} are there",
            n,
            e,
            r.left()
        ));
    }
    let offset = r.float(float)?;
    let mut starts = Vec::with_capacity(n);
    let mut linear = Vec::with_capacity(n);
    for v in 0..n {
        let s = r.int(nsize, nsigned)?;
        if s < 0 || s as usize > 2 * e {
            // Most often the header names other types than the body holds.
            return Err(format!(
                "variable {v}'s neighbourhood starts at {s}, outside 0 to {} (read as the header's ntype {} \
                 and dtype {dtype}: does the body hold those types?)",
                2 * e,
                text("ntype")?
            ));
        }
        starts.push(s as usize);
        linear.push(check_coefficient(
            r.float(float)?,
            &format!("the linear bias of variable {v}"),
        )?);
    }
    let mut quadratic = Vec::with_capacity(e);
    let mut sides: std::collections::HashMap<(usize, usize), f64> = std::collections::HashMap::with_capacity(e);
    for v in 0..n {
        let end = if v + 1 < n { starts[v + 1] } else { 2 * e };
        let degree = end
            .checked_sub(starts[v])
            .ok_or(format!("variable {v}'s neighbourhood ends before it starts"))?;
        for _ in 0..degree {
            let u = r.int(isize_, isigned)?;
            let w = check_coefficient(r.float(float)?, &format!("the bias between {u} and {v}"))?;
            if u < 0 || u as usize >= n || u as usize == v {
                return Err(format!(
                    "variable {v} has neighbour {u}, not another variable of 0..{n}"
                ));
            }
            // Each interaction is stored under both ends with one bias: the
            // smaller end (read first) opens it, the larger end closes it.
            let (a, b) = ((u as usize).min(v), (u as usize).max(v));
            if (u as usize) > v {
                if sides.insert((a, b), w).is_some() {
                    return Err(format!("variable {v} lists neighbour {u} twice"));
                }
            } else {
                match sides.remove(&(a, b)) {
                    None => {
                        return Err(format!(
                            "variable {v} lists neighbour {u}, which does not list {v} (or {v} lists it twice)"
                        ));
                    }
                    Some(other) if other.to_bits() != w.to_bits() => {
                        return Err(format!(
                            "the interaction between {a} and {b} has bias {other} under one end and {w} under the other"
                        ));
                    }
                    Some(_) => quadratic.push((a, b, w)),
                }
            }
        }
    }
    if let Some(&(a, b)) = sides.keys().min() {
        return Err(format!("variable {a} lists neighbour {b}, which does not list {a}"));
    }
    if quadratic.len() != e {
        return Err(format!(
            "the header says {e} interactions, the neighbourhoods hold {}",
            quadratic.len()
        ));
    }
    let labels = match (major, header.get("variables")) {
        (1, Some(Value::Array(list))) if !list.is_empty() => list.clone(),
        (2.., Some(Value::Bool(true))) => {
            if r.take(4)? != b"VARS" {
                return Err("the header announces labels but no VARS section follows".into());
            }
            let len = u32::from_le_bytes(r.take(4)?.try_into().expect("4 bytes")) as usize;
            match serde_json::from_slice(r.take(len)?) {
                Ok(Value::Array(list)) => list,
                _ => return Err("the VARS section is not a JSON list of labels".into()),
            }
        }
        _ => (0..n).map(|i| Value::from(i as u64)).collect(),
    };
    if labels.len() != n {
        return Err(format!("{} labels for {n} variables", labels.len()));
    }
    if r.left() > 0 {
        return Err(format!(
            "{} bytes after the model's end (the header's shape and types account for the rest)",
            r.left()
        ));
    }
    let mut distinct = std::collections::HashSet::with_capacity(n);
    if let Some(l) = labels.iter().find(|l| !distinct.insert(l.to_string())) {
        return Err(format!("the label {l} names two variables"));
    }
    let qubo = if spin {
        Qubo::from_ising(&Ising {
            h: linear,
            j: quadratic,
            offset,
        })?
    } else {
        let mut b = QuboBuilder::new(n);
        b.add_offset(offset);
        for (i, a) in linear.into_iter().enumerate() {
            b.add_linear(i, a);
        }
        for (i, j, w) in quadratic {
            b.add_coupler(i, j, w);
        }
        b.build()?
    };
    Ok(BqmFile { qubo, spin, labels })
}

/// A cursor over the file's bytes that names a short file.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn left(&self) -> usize {
        self.bytes.len() - self.at
    }

    fn take(&mut self, k: usize) -> Result<&'a [u8], String> {
        if self.left() < k {
            return Err(format!(
                "the file ends early (byte {} of {})",
                self.bytes.len(),
                self.at + k
            ));
        }
        self.at += k;
        Ok(&self.bytes[self.at - k..self.at])
    }

    fn float(&mut self, size: usize) -> Result<f64, String> {
        let b = self.take(size)?;
        Ok(match size {
            4 => f32::from_le_bytes(b.try_into().expect("4 bytes")) as f64,
            _ => f64::from_le_bytes(b.try_into().expect("8 bytes")),
        })
    }

    fn int(&mut self, size: usize, signed: bool) -> Result<i64, String> {
        let b = self.take(size)?;
        let mut buf = [0u8; 8];
        buf[..size].copy_from_slice(b);
        // Sign-extend a negative signed value.
        if signed && b[size - 1] & 0x80 != 0 {
            buf[size..].fill(0xff);
        }
        let v = i64::from_le_bytes(buf);
        if !signed && v < 0 {
            return Err(format!("an index of {} does not fit", u64::from_le_bytes(buf)));
        }
        Ok(v)
    }
}
