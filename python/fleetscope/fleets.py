"""Exact deployment counts and occupancy (hunt) maps for a fleet of straight ships.

A *deployment* places every ship of the fleet on the board at once: each ship
on a straight line of playable cells (not islands), no two ships sharing a
cell, and with ``touch="no-touch"`` no two ships touching, not even at a
corner. Ships are labelled: two ships of the same length swapped make a
different deployment (the number published counts quote; ``fleetscope count``
calls it "labelled deployments").

Boards:

- ``(rows, cols)``: a rectangle of square cells, every cell playable.
- a mask with islands: a list of equal-length strings, ``'.'`` a cell and
  ``'#'`` an island, or a 2-D numpy bool array, ``True`` a cell and ``False``
  an island. Cells are ``(row, col)``, row 0 at the top.
- ``{"hex": radius}``: a regular hexagon of hexagonal cells (radius 0 is one
  cell), optionally ``{"hex": radius, "islands": [(x, y), ...]}``. Cells are
  cube coordinates ``(x, y)`` with the centre at ``(0, 0)`` and ``z = -x - y``.

The fleet is a list of ship lengths, e.g. ``[5, 4, 3, 3, 2]``.

Counts run in Rust through the same code as ``fleetscope count`` (the engines'
``count_deployments``; ``engine="auto"`` picks the fastest counter, as there),
with the GIL released; Ctrl+C stops them within 100 ms (KeyboardInterrupt,
nothing returned). Counts are exact Python ints, past 2**64 too.
"""

from __future__ import annotations

import numbers
import os
from typing import Any, Dict, Iterable, List, Sequence, Tuple, Union

import numpy as np

from fleetscope import _native
from fleetscope._checks import integer

__all__ = ["ENGINES", "count", "occupancy"]

#: The counters ``engine`` may name ("auto" picks the fastest for the setup).
ENGINES: Tuple[str, ...] = tuple(_native.ENGINES)

_Cell = Tuple[int, int]
# What the native calls take: the board's shape and its islands.
_Shape = Tuple[str, int, int]


def _is_int(v: Any) -> bool:
    return isinstance(v, numbers.Integral) and not isinstance(v, (bool, np.bool_))


def _small(arg: str, v: Any) -> int:
    """An int the native calls can take (the engines then check its range)."""
    if not -(2**31) <= v < 2**31:
        raise ValueError(f"{arg}: {v} is out of range")
    return int(v)


def _board(board: Any) -> Tuple[_Shape, List[_Cell]]:
    """The native shape and islands of ``board`` (sizes are checked by the engines)."""
    if isinstance(board, dict):
        unknown = set(board) - {"hex", "islands"}
        if "hex" not in board or unknown:
            raise ValueError(
                "board: a dict board is {'hex': radius} or {'hex': radius, 'islands': [(x, y), ...]}"
                + (f", not keys {sorted(map(str, unknown))}" if unknown else "")
            )
        radius = board["hex"]
        if not _is_int(radius):
            raise ValueError(f"board: a hex radius must be an integer, not {radius!r}")
        islands = [_cell("board", c) for c in board.get("islands", ())]
        return ("hex", _small("board", radius), 0), islands
    if isinstance(board, (tuple, list)) and len(board) == 2 and all(_is_int(s) for s in board):
        return ("square", _small("board", board[0]), _small("board", board[1])), []
    if isinstance(board, (tuple, list)) and board and all(isinstance(row, str) for row in board):
        widths = {len(row) for row in board}
        if len(widths) != 1:
            raise ValueError(f"board: the rows of a mask must have one length, not {sorted(widths)}")
        bad = sorted({ch for row in board for ch in row} - {".", "#"})
        if bad:
            raise ValueError(f"board: a mask row holds '.' (cell) and '#' (island) only, not {bad}")
        mask = np.array([[ch == "." for ch in row] for row in board], dtype=bool)
    else:
        mask = np.asarray(board) if isinstance(board, np.ndarray) else None
        if mask is None or mask.dtype != np.bool_ or mask.ndim != 2:
            raise ValueError(
                "board: expected (rows, cols), a mask (a 2-D numpy bool array or a list of "
                "strings of '.' and '#') or {'hex': radius}, "
                f"not {type(board).__name__}"
                + (f" of {mask.dtype} with {mask.ndim} dimensions" if mask is not None else "")
            )
    rows, cols = mask.shape
    islands = [(int(r), int(c)) for r, c in zip(*np.nonzero(~mask))]
    return ("square", rows, cols), islands


def _cell(arg: str, c: Any) -> _Cell:
    """A cell given as a pair of integers."""
    try:
        a, b = c
    except (TypeError, ValueError):
        raise ValueError(f"{arg}: a cell is a pair of integers, not {c!r}") from None
    if not (_is_int(a) and _is_int(b)):
        raise ValueError(f"{arg}: a cell is a pair of integers, not {c!r}")
    return _small(arg, a), _small(arg, b)


def _fleet(fleet: Any) -> List[int]:
    """The ship lengths, each a non-negative int (the engines check the rest)."""
    if isinstance(fleet, (str, bytes)) or not isinstance(fleet, Iterable):
        raise ValueError(f"fleet: expected a list of ship lengths, not {type(fleet).__name__}")
    lengths = list(fleet)
    for n in lengths:
        if not _is_int(n) or n < 0:
            raise ValueError(f"fleet: a ship length is a positive integer, not {n!r}")
        if n >= 2**31:
            raise ValueError(f"fleet: ship length {n} is out of range")
    return [int(n) for n in lengths]


def _word(arg: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{arg}: expected a string, not {type(value).__name__}")
    return value


def _time_limit(time_limit: Any) -> Union[float, None]:
    """A time limit in seconds (the engines check its range)."""
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, numbers.Real):
        raise ValueError(f"time_limit: expected a number of seconds, not {type(time_limit).__name__}")
    return float(time_limit)


def _threads(threads: Any) -> int:
    return integer("threads", threads, 0, 4 * (os.cpu_count() or 1))


def count(
    board: Any,
    fleet: Sequence[int],
    *,
    touch: str = "may-touch",
    engine: str = "auto",
    threads: int = 0,
    time_limit: Union[float, None] = None,
) -> int:
    """The exact number of deployments of ``fleet`` on ``board``.

    Args:
        board: ``(rows, cols)``, a mask with islands (list of strings of
            ``'.'``/``'#'``, or a 2-D numpy bool array, True = cell) or
            ``{"hex": radius}`` (see :mod:`fleetscope.fleets`).
        fleet: the ship lengths, e.g. ``[5, 4, 3, 3, 2]``.
        touch: ``"may-touch"`` (ships only may not overlap) or ``"no-touch"``
            (ships may not touch, not even diagonally).
        engine: one of :data:`ENGINES`; ``"auto"`` picks the fastest counter
            for the setup, as ``fleetscope count`` does. Every engine gives the
            same number; one that cannot take a setup hands it on.
        threads: worker threads, 0 = one per core.
        time_limit: seconds the count may take (None: no limit); past it the
            count stops and ``TimeoutError`` is raised.

    Returns:
        The number of labelled deployments (ships distinct) as a Python int.

    Raises:
        ValueError: a bad argument (the message starts with its name), or a
            count the engines refuse (one that may exceed 2**128).
        TimeoutError: the count did not finish within ``time_limit``.
        KeyboardInterrupt: Ctrl+C; the count stops within 100 ms.
    """
    shape, islands = _board(board)
    labelled, _, _, _ = _native.count(
        shape,
        islands,
        _fleet(fleet),
        _word("touch", touch),
        _word("engine", engine),
        threads=_threads(threads),
        timeout_s=_time_limit(time_limit),
    )
    return labelled


def occupancy(
    board: Any,
    fleet: Sequence[int],
    *,
    touch: str = "may-touch",
    hits: Iterable[_Cell] = (),
    misses: Iterable[_Cell] = (),
    engine: str = "auto",
    threads: int = 0,
    time_limit: Union[float, None] = None,
) -> Tuple[Union[np.ndarray, Dict[_Cell, int]], int]:
    """The hunt map: for each cell, how many deployments consistent with the shots cover it.

    A deployment is consistent with the shots when it covers every cell in
    ``hits`` and none in ``misses`` (nothing is assumed about sinkings). The
    chance that a cell holds a ship, every consistent deployment equally
    likely, is its count divided by ``total``; a hit cell's count is
    ``total``, an island's or a miss's 0. Each deployment covers as many cells
    as the fleet has, so the counts add up to ``total * sum(fleet)``.

    Args:
        board, fleet, touch, engine, threads, time_limit: as for :func:`count`.
        hits: cells known to hold a ship, as ``(row, col)`` (hex: ``(x, y)``).
        misses: cells known to be water.

    Returns:
        ``(counts, total)``: ``total`` the number of consistent deployments (a
        Python int); ``counts`` for a square board a ``(rows, cols)`` numpy
        array (int64, or object holding Python ints when a count passes
        2**63 - 1), for a hex board a dict from each cell ``(x, y)`` to its count.

    Raises:
        ValueError, TimeoutError, KeyboardInterrupt: as for :func:`count`; a
        hit or miss off the playable cells, or both a hit and a miss, is a
        ValueError naming ``hits`` or ``misses``.
    """
    shape, islands = _board(board)
    hit_cells = [_cell("hits", c) for c in hits]
    miss_cells = [_cell("misses", c) for c in misses]
    total, per_cell = _native.occupancy(
        shape,
        islands,
        _fleet(fleet),
        _word("touch", touch),
        _word("engine", engine),
        hit_cells,
        miss_cells,
        threads=_threads(threads),
        timeout_s=_time_limit(time_limit),
    )
    kind, a, b = shape  # checked by the engines by now
    if kind == "hex":
        cells = [(x, y) for x in range(-a, a + 1) for y in range(-a, a + 1) if abs(x + y) <= a]
        counts: Dict[_Cell, int] = {c: 0 for c in cells}
        counts.update(per_cell)
        return counts, total
    fits = all(n <= np.iinfo(np.int64).max for _, n in per_cell)
    grid = np.zeros((a, b), dtype=np.int64 if fits else object)
    for (r, c), n in per_cell:
        grid[r, c] = n
    return grid, total
