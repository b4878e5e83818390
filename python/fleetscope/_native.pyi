"""The compiled module behind :mod:`fleetscope.samplers` (use that instead)."""

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
