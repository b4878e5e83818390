"""The compiled module behind :mod:`fleetscope.samplers` and :mod:`fleetscope.fleets` (use those instead)."""

from typing import Any, Optional, Sequence, Tuple

__version__: str
MAX_READS: int
MAX_SWEEPS: int
MAX_TIME_LIMIT: float

def sample(
    sampler: str,
    spin: bool,
    linear: Sequence[float],
    quadratic: Sequence[Tuple[int, int, float]],
    offset: float,
    *,
    reads: int,
    seed: int,
    sweeps: Optional[int] = None,
    beta_range: Optional[Tuple[float, float]] = None,
    restarts: Optional[int] = None,
    tenure: Optional[int] = None,
    time_limit: Optional[float] = None,
    threads: int = 0,
) -> Tuple[bytes, list[float], list[int], dict[str, Any]]:
    """Samples a model over variables 0..n (``sampler`` is "sa" or "tabu").

    Returns the distinct states (one 0/1 byte per variable, row after row),
    their QUBO energies, how often each was found and what the run did.
    Raises ValueError on bad input and KeyboardInterrupt on Ctrl+C.
    """

MAX_SQUARE_SIDE: int
ENGINES: list[str]

def count(
    shape: Tuple[str, int, int],
    islands: Sequence[Tuple[int, int]],
    lengths: Sequence[int],
    touch: str,
    engine: str,
    *,
    threads: int = 0,
    timeout_s: Optional[float] = None,
) -> Tuple[int, int, str, Optional[str]]:
    """Counts deployments of straight ships on ("square", rows, cols) or ("hex", radius, 0).

    Returns (labelled, distinct layouts, the engine that ran, its note).
    Raises ValueError naming a bad argument, TimeoutError, KeyboardInterrupt.
    """

def occupancy(
    shape: Tuple[str, int, int],
    islands: Sequence[Tuple[int, int]],
    lengths: Sequence[int],
    touch: str,
    engine: str,
    hits: Sequence[Tuple[int, int]],
    misses: Sequence[Tuple[int, int]],
    *,
    threads: int = 0,
    timeout_s: Optional[float] = None,
) -> Tuple[int, list[Tuple[Tuple[int, int], int]]]:
    """The deployments consistent with the shots, and how many cover each playable cell not a miss."""
