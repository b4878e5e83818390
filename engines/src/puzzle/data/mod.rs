//! Reads published puzzle sets in the JSON-lines formats of the project's data
//! folder (queens levels, Star Battle, Tents, Takuzu/Binairo/Tango, Rullo,
//! Battleship). Only the MIT-licensed Queens levels ship with the project
//! (`engines/tests/data/queens`); the others are read from a path the user gives.

mod janko;

pub use janko::{JankoRecord, parse_janko_line};

use crate::geometry::BinaryMatrix;
use crate::puzzle::Puzzle;
use crate::puzzle::families::{binary::BinaryLink, binary::BinaryPuzzle, queens::Queens, rullo::Rullo, tents::Tents};
use crate::puzzle::model::CountSpec;
use serde::Deserialize;

/// One published puzzle with what its source says about it.
#[derive(Clone, Debug)]
pub struct DataRecord {
    pub id: String,
    pub puzzle: Puzzle,
    /// The source's solution, when it gives one.
    pub solution: Option<BinaryMatrix>,
    /// The number of solutions the source states, when it does.
    pub stated_count: Option<u64>,
}

/// The data sets by file name, with the family each holds.
pub const DATA_SETS: &[(&str, &str)] = &[
    ("queens_levels.jsonl", "Queens"),
    ("starbattle_janko.jsonl", "Star Battle"),
    ("tents_janko.jsonl", "Tents"),
    ("takuzu_thilerion.jsonl", "Takuzu"),
    ("binairo_janko.jsonl", "Binairo"),
    ("tango_linkedin.jsonl", "Tango"),
    ("rullo_small.jsonl", "Rullo"),
    ("battleships_janko.jsonl", "Battleship"),
];

#[derive(Deserialize)]
#[serde(untagged)]
enum RegionRows {
    Numbers(Vec<Vec<u16>>),
    Letters(Vec<String>),
}

#[derive(Deserialize)]
struct QueensRaw {
    id: String,
    n: usize,
    regions: RegionRows,
    #[serde(default)]
    solution: Option<Vec<(usize, usize)>>,
    #[serde(default)]
    solutions_count_source: Option<u64>,
}

#[derive(Deserialize)]
struct StarRaw {
    id: String,
    rows: usize,
    cols: usize,
    stars: u32,
    regions: Vec<Vec<u16>>,
    solution: Vec<(usize, usize)>,
}

#[derive(Deserialize)]
struct TentsRaw {
    id: String,
    rows: usize,
    cols: usize,
    trees: Vec<(usize, usize)>,
    row_counts: Vec<u32>,
    col_counts: Vec<u32>,
    #[serde(default)]
    solution_tents: Option<Vec<(usize, usize)>>,
}

#[derive(Deserialize)]
struct BinaryRaw {
    id: String,
    rows: usize,
    cols: usize,
    givens: Vec<(usize, usize, u8)>,
    #[serde(default)]
    equal: Vec<(usize, usize, usize, usize)>,
    #[serde(default)]
    opposite: Vec<(usize, usize, usize, usize)>,
    ones_per_row: u32,
    ones_per_col: u32,
    unique_lines: bool,
    max_run: u32,
    #[serde(default)]
    solution: Option<Vec<Vec<u8>>>,
}

#[derive(Deserialize)]
struct RulloRaw {
    id: String,
    values: Vec<Vec<u32>>,
    row_targets: Vec<u32>,
    col_targets: Vec<u32>,
}

fn size_ok(id: &str, rows: usize, cols: usize) -> Result<(), String> {
    let max = crate::geometry::MAX_SIDE;
    if rows == 0 || cols == 0 || rows > max || cols > max {
        return Err(format!("{id}: a {rows}x{cols} grid is out of range (1 to {max} each)"));
    }
    Ok(())
}

fn cells_matrix(rows: usize, cols: usize, cells: &[(usize, usize)]) -> Option<BinaryMatrix> {
    let mut m = BinaryMatrix::zeros(rows, cols);
    for &(r, c) in cells {
        if r >= rows || c >= cols {
            return None;
        }
        m.set(r, c, true);
    }
    Some(m)
}

fn json<T: for<'de> Deserialize<'de>>(line: &str) -> Result<T, String> {
    serde_json::from_str(line).map_err(|e| format!("not a record of this data set: {e}"))
}

/// Reads one line of the data set `file` (a name from [`DATA_SETS`]); the
/// puzzle is checked like any other (a record may hold anything), and so is
/// the size of the published solution.
pub fn read_record(file: &str, line: &str) -> Result<DataRecord, String> {
    let record = read_unchecked(file, line)?;
    let id = &record.id;
    // Ids are printed ("wrote x.txt (id)", grade tables): plain text only.
    if let Some(c) = id.chars().find(|&c| crate::quote::hidden(c)) {
        return Err(format!(
            "record id '{}' holds the control character {}: ids are plain text",
            crate::quote::excerpt(id),
            c.escape_unicode()
        ));
    }
    record.puzzle.validate().map_err(|e| format!("{id}: {e}"))?;
    let (rows, cols) = record.puzzle.size();
    if let Some(s) = &record.solution
        && (s.rows(), s.cols()) != (rows, cols)
    {
        return Err(format!(
            "{id}: the solution is {}x{} but the puzzle is {rows}x{cols}",
            s.rows(),
            s.cols()
        ));
    }
    Ok(record)
}

fn read_unchecked(file: &str, line: &str) -> Result<DataRecord, String> {
    match file {
        "queens_levels.jsonl" => {
            let r: QueensRaw = json(line)?;
            size_ok(&r.id, r.n, r.n)?;
            let regions: Vec<u16> = match r.regions {
                RegionRows::Numbers(rows) => rows.into_iter().flatten().collect(),
                RegionRows::Letters(rows) => {
                    let grid: Vec<Vec<char>> = rows.iter().map(|l| l.chars().collect()).collect();
                    crate::puzzle::text::regions_from_grid(&grid, '#')
                        .into_iter()
                        .map(|x| x.unwrap_or(0))
                        .collect()
                }
            };
            if regions.len() != r.n * r.n {
                return Err(format!("{}: {} region cells for n = {}", r.id, regions.len(), r.n));
            }
            Ok(DataRecord {
                solution: r.solution.as_deref().and_then(|s| cells_matrix(r.n, r.n, s)),
                puzzle: Puzzle::Queens(Queens::linkedin(r.n, regions)),
                stated_count: r.solutions_count_source,
                id: r.id,
            })
        }
        "starbattle_janko.jsonl" => {
            let r: StarRaw = json(line)?;
            size_ok(&r.id, r.rows, r.cols)?;
            if r.rows != r.cols || r.regions.len() != r.rows {
                return Err(format!("{}: not a square region grid", r.id));
            }
            let regions: Vec<u16> = r.regions.into_iter().flatten().collect();
            Ok(DataRecord {
                solution: cells_matrix(r.rows, r.cols, &r.solution),
                puzzle: Puzzle::Queens(Queens::star_battle(r.rows, regions, r.stars.min(64))),
                stated_count: None,
                id: r.id,
            })
        }
        "tents_janko.jsonl" => {
            let r: TentsRaw = json(line)?;
            size_ok(&r.id, r.rows, r.cols)?;
            let exact = |v: Vec<u32>| v.into_iter().map(CountSpec::Exactly).collect();
            Ok(DataRecord {
                solution: r
                    .solution_tents
                    .as_deref()
                    .and_then(|s| cells_matrix(r.rows, r.cols, s)),
                puzzle: Puzzle::Tents(Tents {
                    rows: r.rows,
                    cols: r.cols,
                    trees: r.trees,
                    row_counts: exact(r.row_counts),
                    col_counts: exact(r.col_counts),
                }),
                stated_count: None,
                id: r.id,
            })
        }
        "takuzu_thilerion.jsonl" | "binairo_janko.jsonl" | "tango_linkedin.jsonl" => {
            let r: BinaryRaw = json(line)?;
            size_ok(&r.id, r.rows, r.cols)?;
            let mut p = BinaryPuzzle::blank(r.rows, r.cols, r.unique_lines);
            p.tango = file == "tango_linkedin.jsonl" && !r.unique_lines;
            p.row_ones = vec![CountSpec::Exactly(r.ones_per_row); r.rows];
            p.col_ones = vec![CountSpec::Exactly(r.ones_per_col); r.cols];
            p.max_run = r.max_run;
            p.givens = r.givens.iter().map(|&(a, b, v)| (a, b, v != 0)).collect();
            let link = |&(a, b, c, d): &(usize, usize, usize, usize), opposite| BinaryLink {
                a: (a, b),
                b: (c, d),
                opposite,
            };
            p.links = r
                .equal
                .iter()
                .map(|l| link(l, false))
                .chain(r.opposite.iter().map(|l| link(l, true)))
                .collect();
            let solution = match r.solution {
                Some(rows) => Some(BinaryMatrix::from_rows(&rows).ok_or_else(|| format!("{}: ragged solution", r.id))?),
                None => None,
            };
            Ok(DataRecord {
                solution,
                puzzle: Puzzle::Binary(p),
                stated_count: None,
                id: r.id,
            })
        }
        "rullo_small.jsonl" => {
            let r: RulloRaw = json(line)?;
            size_ok(&r.id, r.values.len(), r.values.first().map_or(0, Vec::len))?;
            Ok(DataRecord {
                puzzle: Puzzle::Rullo(Rullo {
                    values: r.values,
                    row_targets: r.row_targets,
                    col_targets: r.col_targets,
                }),
                solution: None,
                stated_count: None,
                id: r.id,
            })
        }
        "battleships_janko.jsonl" => {
            let r = parse_janko_line(line)?;
            Ok(DataRecord {
                id: r.id,
                puzzle: Puzzle::Battleship(r.puzzle),
                solution: r.solution,
                stated_count: None,
            })
        }
        other => Err(format!("'{other}' is not a known data set")),
    }
}
