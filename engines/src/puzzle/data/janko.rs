//! Reads published Bimaru puzzles in the JSON-lines format of `shared/data`
//! (`battleships_janko.jsonl`): the data is read from a path the user gives,
//! never shipped with the project.

use crate::geometry::BinaryMatrix;
use crate::geometry::TouchRule;
use crate::puzzle::battleship::{BattleshipPuzzle, Given};
use crate::puzzle::vocab::MAX_SHIPS;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
struct Raw {
    id: String,
    rows: usize,
    cols: usize,
    fleet: BTreeMap<String, usize>,
    row_counts: Vec<Option<u32>>,
    col_counts: Vec<Option<u32>>,
    #[serde(default)]
    givens: Vec<(usize, usize, String)>,
    #[serde(default)]
    solution: Option<Vec<String>>,
}

/// One published puzzle and its solution (when the source has one).
pub struct JankoRecord {
    pub id: String,
    pub puzzle: BattleshipPuzzle,
    pub solution: Option<BinaryMatrix>,
}

/// Parses one line; the error names what was wrong.
pub fn parse_janko_line(line: &str) -> Result<JankoRecord, String> {
    let raw: Raw = serde_json::from_str(line).map_err(|e| format!("not a puzzle record: {e}"))?;
    let mut ships = Vec::new();
    let total: usize = raw.fleet.values().fold(0, |a, &b| a.saturating_add(b));
    if total > MAX_SHIPS {
        return Err(format!("{}: {total} ships: at most {MAX_SHIPS}", raw.id));
    }
    for (len, count) in &raw.fleet {
        let l: usize = len
            .parse()
            .map_err(|_| format!("{}: fleet length '{len}' is not a number", raw.id))?;
        ships.extend(std::iter::repeat_n(l, *count));
    }
    let mut givens = Vec::new();
    for (r, c, ch) in &raw.givens {
        let g = ch
            .chars()
            .next()
            .and_then(Given::from_char)
            .ok_or_else(|| format!("{}: unknown given '{ch}'", raw.id))?;
        givens.push((*r, *c, g));
    }
    let solution = match &raw.solution {
        Some(lines) => {
            let rows: Vec<Vec<u8>> = lines
                .iter()
                .map(|l| l.chars().map(|ch| u8::from(ch != '.')).collect())
                .collect();
            Some(BinaryMatrix::from_rows(&rows).ok_or_else(|| format!("{}: ragged solution", raw.id))?)
        }
        None => None,
    };
    Ok(JankoRecord {
        id: raw.id,
        puzzle: BattleshipPuzzle {
            rows: raw.rows,
            cols: raw.cols,
            ships,
            row_targets: raw.row_counts,
            col_targets: raw.col_counts,
            givens,
            rule: TouchRule::NoTouch,
        },
        solution,
    })
}
