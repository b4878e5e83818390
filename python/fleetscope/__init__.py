"""Fleetscope from Python.

Fleetscope's classical samplers as dimod samplers, so they plug into D-Wave's
Ocean stack wherever a ``dimod.Sampler`` goes::

    import dimod
    from fleetscope.samplers import SimulatedAnnealingSampler, TabuSampler

    bqm = dimod.BinaryQuadraticModel({"a": -1}, {("a", "b"): 2}, 0.0, "BINARY")
    sampleset = SimulatedAnnealingSampler().sample(bqm, num_reads=10, seed=1)

The samplers run in Rust (the ``fleetscope._native`` module) with the GIL
released; Ctrl+C stops a run within 100 ms. See ``help(fleetscope.samplers)``.
"""

from fleetscope._native import __version__
from fleetscope import samplers

__all__ = ["__version__", "samplers"]
