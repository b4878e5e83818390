"""Fleetscope from Python.

Fleetscope's classical samplers as dimod samplers, so they plug into D-Wave's
Ocean stack wherever a ``dimod.Sampler`` goes::

    import dimod
    from fleetscope.samplers import SimulatedAnnealingSampler, TabuSampler

    bqm = dimod.BinaryQuadraticModel({"a": -1}, {("a", "b"): 2}, 0.0, "BINARY")
    sampleset = SimulatedAnnealingSampler().sample(bqm, num_reads=10, seed=1)

Exact counts of a fleet's deployments and occupancy (hunt) maps, as Python
ints and numpy arrays::

    from fleetscope import fleets

    fleets.count((10, 10), [5, 4, 3, 3, 2])            # 30093975536
    counts, total = fleets.occupancy((10, 10), [5, 4, 3, 3, 2], hits=[(4, 4)])

Both run in Rust (the ``fleetscope._native`` module) with the GIL released;
Ctrl+C stops a run within 100 ms. See ``help(fleetscope.samplers)`` and
``help(fleetscope.fleets)``.
"""

from fleetscope._native import __version__
from fleetscope import fleets, samplers

__all__ = ["__version__", "fleets", "samplers"]
