//! Counts in serde formats as decimal text (`"30093975536"`), as the command
//! line prints them: a deployment count passes 2^64 on larger boards, and a
//! JSON number that large is refused by `serde_json::Value`, read as a float
//! by serde's buffered (tagged, untagged or flattened) enums and rounded by
//! JavaScript, while text reads back exactly everywhere.
//!
//! Use as `#[serde(with = "decimal")]` on a `u128`, or
//! `#[serde(with = "decimal::cells")]` on a map's `(cell, count)` list.

use crate::geometry::Coord;
use serde::de::{Error, Unexpected};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub fn serialize<S: Serializer>(count: &u128, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(count)
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u128, D::Error> {
    let text = String::deserialize(d)?;
    // `parse` alone would take a leading '+'.
    match text.parse() {
        Ok(count) if text.bytes().all(|b| b.is_ascii_digit()) => Ok(count),
        _ => Err(D::Error::invalid_value(
            Unexpected::Str(&text),
            &"a count in decimal digits, below 2^128",
        )),
    }
}

/// A list of cells with their counts, each as `[[row, col], "count"]`.
pub mod cells {
    use super::*;

    #[derive(Serialize, Deserialize)]
    struct Counted(Coord, #[serde(with = "super")] u128);

    pub fn serialize<S: Serializer>(cells: &[(Coord, u128)], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(cells.iter().map(|&(cell, count)| Counted(cell, count)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(Coord, u128)>, D::Error> {
        Ok(Vec::<Counted>::deserialize(d)?
            .into_iter()
            .map(|Counted(cell, count)| (cell, count))
            .collect())
    }
}
