"""Fleetscope's simulated annealing and tabu search as dimod samplers.

Both take any ``dimod.BinaryQuadraticModel`` (BINARY or SPIN, any hashable
labels) and return a ``dimod.SampleSet`` of the distinct states found, lowest
energy first, with ``num_occurrences`` and energies computed by dimod from
the model in its own vartype. Parameter names, defaults and meanings follow
dwave-samplers' samplers of the same names where the algorithms agree; each
docstring says where they differ.

A run releases the GIL and stops within 100 ms on Ctrl+C (KeyboardInterrupt,
nothing returned). The same ``seed`` gives the same samples on any machine
and thread count, and the same as ``fleetscope solve --seed`` on the same
model (variables in the BQM's order).
"""

from __future__ import annotations

import numbers
import os
from typing import Any, Dict, List, Optional, Tuple

import dimod
import numpy as np

from fleetscope import _native
from fleetscope._checks import integer as _integer

__all__ = ["SimulatedAnnealingSampler", "TabuSampler"]

_MAX_SEED = 2**64 - 1


def _seed(seed: Any) -> int:
    """The master seed: the one given, or a fresh random one (reported in ``info``)."""
    if seed is None:
        return int.from_bytes(os.urandom(8), "little")
    return _integer("seed", seed, 0, _MAX_SEED)


def _timeout_seconds(timeout: Any) -> Optional[float]:
    """A timeout in milliseconds, as the engines' time limit in seconds."""
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, numbers.Real):
        raise TypeError(f"timeout must be a number of milliseconds, not {type(timeout).__name__}")
    most = _native.MAX_TIME_LIMIT * 1000.0
    if not 0 < timeout <= most:
        raise ValueError(f"timeout must be a number of milliseconds in (0, {most:.0f}], not {timeout}")
    return float(timeout) / 1000.0


def _refuse_initial_states(initial_states: Any, name: str) -> None:
    if initial_states is not None:
        raise ValueError(
            f"{name} does not take initial_states: each read starts from its own random "
            "state drawn from the seed (the engine has no way to start from a given one yet)"
        )


def _refuse_unknown(kwargs: Dict[str, Any], sampler: dimod.Sampler) -> None:
    if kwargs:
        names = ", ".join(sorted(kwargs))
        known = ", ".join(sampler.parameters)
        raise TypeError(
            f"{type(sampler).__name__}.sample() has no parameter {names}; its parameters are {known}"
        )


def _check_finite(variables: List[Any], ldata: Any, irow: Any, icol: Any, qdata: Any, offset: Any) -> None:
    """Names the first bias that is not a finite number (NaN, inf) by its
    variables, before a conversion from spins folds it into other terms."""
    bad = np.flatnonzero(~np.isfinite(ldata))
    if bad.size:
        v = variables[int(bad[0])]
        raise ValueError(f"the linear bias of {v!r} is {ldata[bad[0]]}, not a finite number")
    bad = np.flatnonzero(~np.isfinite(qdata))
    if bad.size:
        k = int(bad[0])
        u, v = variables[int(irow[k])], variables[int(icol[k])]
        raise ValueError(f"the quadratic bias of ({u!r}, {v!r}) is {qdata[k]}, not a finite number")
    if not np.isfinite(offset):
        raise ValueError(f"the offset is {offset}, not a finite number")


def _num_reads(num_reads: Any) -> int:
    if num_reads is None:
        return 1
    return _integer("num_reads", num_reads, 1, _native.MAX_READS)


def _sample(
    bqm: dimod.BinaryQuadraticModel,
    kind: str,
    reads: int,
    seed: int,
    timeout: Any,
    threads: Any,
    **settings: Any,
) -> dimod.SampleSet:
    """Runs the engine on ``bqm`` and builds the sample set."""
    if not isinstance(bqm, dimod.BinaryQuadraticModel):
        raise TypeError(f"expected a dimod.BinaryQuadraticModel, not {type(bqm).__name__}")
    time_limit = _timeout_seconds(timeout)
    threads = _integer("num_threads", threads, 0, 4 * (os.cpu_count() or 1))
    variables: List[Any] = list(bqm.variables)
    info: Dict[str, Any] = {"seed": seed}
    if not variables:
        # Nothing to sample: no rows (as dwave-samplers returns for an empty model).
        empty = np.empty((0, 0), dtype=np.int8)
        return dimod.SampleSet.from_samples_bqm((empty, []), bqm, info=info)
    ldata, (irow, icol, qdata), offset = bqm.to_numpy_vectors(variable_order=variables)
    linear = np.asarray(ldata, dtype=np.float64).tolist()
    quadratic = list(
        zip(
            np.asarray(irow, dtype=np.int64).tolist(),
            np.asarray(icol, dtype=np.int64).tolist(),
            np.asarray(qdata, dtype=np.float64).tolist(),
        )
    )
    _check_finite(variables, ldata, irow, icol, qdata, offset)
    spin = bqm.vartype is dimod.SPIN
    states, _, counts, run = _native.sample(
        kind,
        spin,
        linear,
        quadratic,
        float(offset),
        reads=reads,
        seed=seed,
        time_limit=time_limit,
        threads=threads,
        **settings,
    )
    info.update(run)
    samples = np.frombuffer(states, dtype=np.int8).reshape(len(counts), len(variables))
    if spin:
        samples = 2 * samples - 1  # x = 1 is s = +1, x = 0 is s = −1
    return dimod.SampleSet.from_samples_bqm(
        (samples, variables),
        bqm,
        num_occurrences=np.asarray(counts, dtype=np.int64),
        info=info,
    )


class _Sampler(dimod.Sampler):
    """What both samplers share: dimod's ``parameters`` and ``properties``,
    which each sets in its ``__init__``."""

    _parameters: Dict[str, List[str]]
    _properties: Dict[str, Any]

    @property
    def parameters(self) -> Dict[str, List[str]]:
        """Each parameter of ``sample`` with the properties that bound it."""
        return self._parameters

    @property
    def properties(self) -> Dict[str, Any]:
        """What the sampler offers (schedule types, limits)."""
        return self._properties


class SimulatedAnnealingSampler(_Sampler):
    """Simulated annealing: single-flip Metropolis sweeps over the variables in
    order, β rising geometrically from the hot to the cold end.

    Same as dwave-samplers' ``SimulatedAnnealingSampler``: ``num_reads``
    (default 1), ``num_sweeps`` (default 1000), ``beta_range`` (default chosen
    from the model as dwave-samplers does: the hot end accepts the largest
    flip with probability ½, the cold end the smallest gap with 1 %),
    ``beta_schedule_type`` ("geometric", its default), ``seed``.

    Where it differs:

    - ``beta_range`` ends must lie in [1e-6, 1e6] (as in ``fleetscope solve``).
    - ``beta_schedule_type`` takes only "geometric" ("linear" and "custom" are
      refused), and there is no ``beta_schedule``, ``num_sweeps_per_beta``,
      ``randomize_order``, ``proposal_acceptance_criteria`` or
      ``interrupt_function`` (Ctrl+C interrupts).
    - ``initial_states`` must be None: each read starts from its own random
      state drawn from the seed.
    - ``seed`` may be any integer in [0, 2**64); None draws one, kept in
      ``sampleset.info["seed"]``. The same seed gives the same samples on any
      machine and thread count.
    - ``timeout`` (milliseconds, default None) limits the whole call; reads
      not finished by then are left out.
    - ``num_threads`` (default 0: every core) never changes the result.
    - The sample set holds the distinct states found, lowest energy first, with
      ``num_occurrences`` (their sum is the reads that finished).
    """

    def __init__(self) -> None:
        self._parameters: Dict[str, List[str]] = {
            "num_reads": [],
            "num_sweeps": ["max_num_sweeps"],
            "beta_range": [],
            "beta_schedule_type": ["beta_schedule_options"],
            "seed": [],
            "initial_states": [],
            "timeout": [],
            "num_threads": [],
        }
        self._properties: Dict[str, Any] = {
            "beta_schedule_options": ("geometric",),
            "max_num_reads": _native.MAX_READS,
            "max_num_sweeps": _native.MAX_SWEEPS,
        }

    def sample(
        self,
        bqm: dimod.BinaryQuadraticModel,
        *,
        num_reads: Optional[int] = None,
        num_sweeps: Optional[int] = None,
        beta_range: Optional[Tuple[float, float]] = None,
        beta_schedule_type: str = "geometric",
        seed: Optional[int] = None,
        initial_states: Any = None,
        timeout: Optional[float] = None,
        num_threads: int = 0,
        **kwargs: Any,
    ) -> dimod.SampleSet:
        """Anneals ``bqm`` ``num_reads`` times; see the class docstring."""
        _refuse_unknown(kwargs, self)
        _refuse_initial_states(initial_states, "SimulatedAnnealingSampler")
        if beta_schedule_type != "geometric":
            raise ValueError(
                f"beta_schedule_type {beta_schedule_type!r} is not supported: "
                "Fleetscope's annealing schedule is geometric only"
            )
        sweeps = 1000 if num_sweeps is None else _integer("num_sweeps", num_sweeps, 1, _native.MAX_SWEEPS)
        betas = None
        if isinstance(beta_range, (set, frozenset, dict)):
            raise TypeError(f"beta_range must be two numbers in order (hot, cold), not a {type(beta_range).__name__}")
        if beta_range is not None:
            try:
                hot, cold = (float(b) for b in beta_range)
            except (TypeError, ValueError):
                raise TypeError(f"beta_range must be two numbers (hot, cold), not {beta_range!r}") from None
            betas = (hot, cold)  # the engines check the limits and say which
        sampleset = _sample(
            bqm,
            "sa",
            _num_reads(num_reads),
            _seed(seed),
            timeout,
            num_threads,
            sweeps=sweeps,
            beta_range=betas,
        )
        sampleset.info["beta_schedule_type"] = "geometric"
        return sampleset


class TabuSampler(_Sampler):
    """Tabu search with MST2 multistart restarts (Palubeckis 2004), the
    algorithm of dwave-samplers' ``TabuSampler``.

    Same as dwave-samplers: ``num_reads`` (default 1), ``tenure`` (default
    min(20, n/4) for n variables; below n), ``num_restarts`` (restarts per
    read), ``seed``.

    Where it differs:

    - ``num_restarts`` defaults to 20 (dwave-samplers: 1,000,000, in practice
      cut by its 20 ms per-read timeout); every read does 1 + num_restarts
      searches.
    - ``timeout`` (milliseconds, default None: no limit) limits the whole
      call, not each read; the searches finished by then are kept.
    - ``initial_states`` must be None: each read starts from its own random
      state drawn from the seed; no ``energy_threshold`` or z coefficients.
    - ``seed`` may be any integer in [0, 2**64); None draws one, kept in
      ``sampleset.info["seed"]``.
    - ``num_threads`` (default 0: every core) never changes the result.
    - The sample set holds the distinct states found, lowest energy first, with
      ``num_occurrences``: as in ``fleetscope solve``, every search's best
      state counts, so the occurrences add up to reads × (1 + num_restarts);
      ``sampleset.info["read_energies"]`` has each read's best energy.
    """

    def __init__(self) -> None:
        self._parameters: Dict[str, List[str]] = {
            "num_reads": [],
            "tenure": [],
            "num_restarts": ["max_num_restarts"],
            "timeout": [],
            "seed": [],
            "initial_states": [],
            "num_threads": [],
        }
        self._properties: Dict[str, Any] = {
            "max_num_reads": _native.MAX_READS,
            "max_num_restarts": _native.MAX_SWEEPS,
        }

    def sample(
        self,
        bqm: dimod.BinaryQuadraticModel,
        *,
        num_reads: Optional[int] = None,
        tenure: Optional[int] = None,
        num_restarts: Optional[int] = None,
        timeout: Optional[float] = None,
        seed: Optional[int] = None,
        initial_states: Any = None,
        num_threads: int = 0,
        **kwargs: Any,
    ) -> dimod.SampleSet:
        """Runs ``num_reads`` tabu searches with restarts; see the class docstring."""
        _refuse_unknown(kwargs, self)
        _refuse_initial_states(initial_states, "TabuSampler")
        restarts = 20 if num_restarts is None else _integer("num_restarts", num_restarts, 0, _native.MAX_SWEEPS)
        n = len(bqm.variables) if isinstance(bqm, dimod.BinaryQuadraticModel) else 0
        if tenure is not None:
            tenure = _integer("tenure", tenure, 0, max(n - 1, 0))
        return _sample(
            bqm,
            "tabu",
            _num_reads(num_reads),
            _seed(seed),
            timeout,
            num_threads,
            restarts=restarts,
            tenure=tenure,
        )
