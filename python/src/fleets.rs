//! The fleets' half of `fleetscope._native`: exact deployment counts and
//! occupancy maps through the engines' own entry points (`count_deployments`,
//! the one `fleetscope count` runs, and `occupancy`, the hunt map's), with
//! the board and fleet the Python half hands over as plain values. Each
//! argument is checked here with the engines' limits and messages, prefixed
//! with the argument's name, so a bad one is a ValueError naming it.

use crate::interrupt::run_interruptible;
use fleetscope_engines::cover::{self, CountError, CountRequest, Engine};
use fleetscope_engines::geometry::{
    Board, Coord, Fleet, GeometryError, Lattice, MAX_HEX_CELLS, MAX_PIECE_CELLS, MAX_PIECES, Observations, Piece,
    TouchRule,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::collections::BTreeSet;

/// A ValueError naming the argument it is about.
fn bad(arg: &str, why: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("{arg}: {why}"))
}

/// A cell as Python gives it, within the engines' coordinate range.
fn coord(arg: &str, (a, b): (i64, i64)) -> PyResult<Coord> {
    match (i32::try_from(a), i32::try_from(b)) {
        (Ok(a), Ok(b)) => Coord::try_from((a, b)).map_err(|e| bad(arg, e)),
        _ => Err(bad(arg, format!("cell ({a}, {b}) is out of range"))),
    }
}

/// The board: ("square", rows, cols) or ("hex", radius, 0), with islands.
fn board(shape: (String, i64, i64), islands: Vec<(i64, i64)>) -> PyResult<Board> {
    let mut b = match (shape.0.as_str(), shape.1, shape.2) {
        ("square", rows, cols) => {
            // Out of u32 is out of the engines' range too: let them say so.
            let side = |s: i64| u32::try_from(s).unwrap_or(if s < 0 { 0 } else { u32::MAX });
            Board::square("Python board", side(rows), side(cols))
        }
        ("hex", radius, _) => {
            if radius < 0 {
                return Err(bad("board", format!("a hex radius must be 0 or more, not {radius}")));
            }
            // Counted before the cells are made: a huge radius must not take the memory.
            let cells = 3 * i128::from(radius) * (i128::from(radius) + 1) + 1;
            if cells > MAX_HEX_CELLS as i128 {
                let too_many = GeometryError::TooMany {
                    what: "hex cells",
                    count: usize::try_from(cells).unwrap_or(usize::MAX),
                    max: MAX_HEX_CELLS,
                };
                return Err(bad("board", too_many));
            }
            Board::hexagon("Python board", radius as i32)
        }
        (kind, _, _) => return Err(bad("board", format!("unknown board kind '{kind}' (square or hex)"))),
    };
    for c in islands {
        b.islands.insert(coord("board", c)?);
    }
    b.validate().map_err(|e| bad("board", e))?;
    Ok(b)
}

/// Straight ships of the given lengths on the board's lattice.
fn fleet(lengths: &[usize], lattice: Lattice) -> PyResult<Fleet> {
    let too_many = |what, count, max| bad("fleet", GeometryError::TooMany { what, count, max });
    if lengths.len() > MAX_PIECES {
        return Err(too_many("pieces in a fleet", lengths.len(), MAX_PIECES));
    }
    if let Some(&len) = lengths.iter().find(|&&l| l > MAX_PIECE_CELLS) {
        return Err(too_many("cells in a piece", len, MAX_PIECE_CELLS));
    }
    let f = Fleet {
        name: "Python fleet".into(),
        lattice,
        pieces: lengths
            .iter()
            .enumerate()
            .map(|(i, &len)| Piece::straight(&format!("ship {} (length {len})", i + 1), len, lattice))
            .collect(),
        allow_mirror: false,
    };
    f.validate(lattice).map_err(|e| bad("fleet", e))?;
    Ok(f)
}

/// A request for the touch rule and engine named, checked.
fn request(touch: &str, engine: &str, threads: usize) -> PyResult<CountRequest> {
    let rule = TouchRule::parse(touch).map_err(|e| bad("touch", e))?;
    let engine = Engine::ALL.into_iter().find(|e| e.name() == engine).ok_or_else(|| {
        let names: Vec<&str> = Engine::names().collect();
        bad(
            "engine",
            format!("unknown engine '{engine}' (expected {})", names.join(", ")),
        )
    })?;
    fleetscope_engines::run::pool(threads).map_err(|e| bad("threads", e))?;
    Ok(CountRequest {
        engine,
        threads,
        rule,
        ..Default::default()
    })
}

/// A setup the engines refuse once they look at it (a count that may pass
/// 2^128) is bad input too: a ValueError with their message.
fn refused(e: CountError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A timeout in seconds, within the run layer's limits.
fn timeout(seconds: Option<f64>) -> PyResult<Option<std::time::Duration>> {
    fleetscope_run::limits::time_limit(seconds).map_err(|e| bad("time_limit", e))
}

/// Counts the deployments of straight ships of `lengths` on the board, as
/// `fleetscope count` does. Returns (labelled, distinct layouts, the engine
/// that ran, its note).
#[pyfunction]
#[pyo3(signature = (shape, islands, lengths, touch, engine, *, threads=0, timeout_s=None))]
#[allow(clippy::too_many_arguments)]
pub fn count(
    py: Python<'_>,
    shape: (String, i64, i64),
    islands: Vec<(i64, i64)>,
    lengths: Vec<usize>,
    touch: &str,
    engine: &str,
    threads: usize,
    timeout_s: Option<f64>,
) -> PyResult<(u128, u128, String, Option<String>)> {
    let board = board(shape, islands)?;
    let fleet = fleet(&lengths, board.lattice())?;
    let req = request(touch, engine, threads)?;
    let limit = timeout(timeout_s)?;
    let r = run_interruptible(py, "the count", limit, move |cancel| {
        Ok(cover::count_deployments(&board, &fleet, &req, cancel, &|_| {}))
    })?
    .map_err(refused)?;
    Ok((r.labelled, r.distinct_layouts, r.engine.name().to_string(), r.note))
}

/// How many deployments consistent with the shots cover each cell, as the
/// hunt map counts them. Returns (total deployments, [(cell, count)]) for
/// every playable cell not a miss.
#[pyfunction]
#[pyo3(signature = (shape, islands, lengths, touch, engine, hits, misses, *, threads=0, timeout_s=None))]
#[allow(clippy::too_many_arguments)]
pub fn occupancy(
    py: Python<'_>,
    shape: (String, i64, i64),
    islands: Vec<(i64, i64)>,
    lengths: Vec<usize>,
    touch: &str,
    engine: &str,
    hits: Vec<(i64, i64)>,
    misses: Vec<(i64, i64)>,
    threads: usize,
    timeout_s: Option<f64>,
) -> PyResult<(u128, Vec<((i32, i32), u128)>)> {
    let board = board(shape, islands)?;
    let fleet = fleet(&lengths, board.lattice())?;
    let mut req = request(touch, engine, threads)?;
    let limit = timeout(timeout_s)?;
    let cells = |arg: &str, list: Vec<(i64, i64)>| -> PyResult<BTreeSet<Coord>> {
        let set = list
            .into_iter()
            .map(|c| coord(arg, c))
            .collect::<PyResult<BTreeSet<_>>>()?;
        match set.iter().find(|c| !board.is_playable(**c)) {
            Some(c) => Err(bad(arg, format!("cell {c} is not a playable cell of the board"))),
            None => Ok(set),
        }
    };
    let hits = cells("hits", hits)?;
    let misses = cells("misses", misses)?;
    if let Some(c) = hits.intersection(&misses).next() {
        return Err(bad("misses", format!("cell {c} is also a hit")));
    }
    req.observations = Observations {
        hits,
        misses,
        ..Default::default()
    };
    let map = run_interruptible(py, "the occupancy map", limit, move |cancel| {
        Ok(cover::occupancy(&board, &fleet, &req, cancel, &|_| {}))
    })?
    .map_err(refused)?;
    Ok((map.total, map.cells.into_iter().map(|(c, n)| ((c.0, c.1), n)).collect()))
}
