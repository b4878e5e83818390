"""Shared helpers: small random models and the brute-force oracle."""

import itertools

import dimod
import numpy as np


def random_bqm(n, vartype, rng, density=0.6, integer=False):
    """A random BQM over n variables with labels of mixed kinds."""
    labels = [("v", i) if i % 3 == 0 else (f"x{i}" if i % 3 == 1 else i) for i in range(n)]
    bqm = dimod.BinaryQuadraticModel(vartype)
    draw = (lambda: float(rng.integers(-4, 5))) if integer else (lambda: float(rng.uniform(-2, 2)))
    for v in labels:
        bqm.add_variable(v, draw())
    for u, v in itertools.combinations(labels, 2):
        if rng.random() < density:
            bqm.add_interaction(u, v, draw())
    bqm.offset = draw()
    return bqm


def ground_energy(bqm):
    """The exact minimum energy, by trying every state."""
    variables = list(bqm.variables)
    values = (-1, 1) if bqm.vartype is dimod.SPIN else (0, 1)
    states = np.array(list(itertools.product(values, repeat=len(variables))), dtype=np.int8)
    return float(np.min(bqm.energies((states, variables))))
