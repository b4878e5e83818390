"""Ctrl+C during a run: KeyboardInterrupt within 100 ms, and the sampler works on."""

import _thread
import threading
import time

import dimod
import numpy as np
import pytest

from fleetscope.samplers import SimulatedAnnealingSampler, TabuSampler

from conftest import random_bqm

# How long after the interrupt the exception must have arrived.
LATENCY = 0.100


@pytest.mark.parametrize(
    "cls,params",
    [
        pytest.param(SimulatedAnnealingSampler, {"num_sweeps": 10**8}, id="sa"),
        pytest.param(TabuSampler, {"num_restarts": 10**8}, id="tabu"),
    ],
)
def test_keyboard_interrupt_stops_a_long_run(cls, params):
    bqm = random_bqm(400, dimod.BINARY, np.random.default_rng(3), density=0.3)
    sent = []

    def interrupt():
        sent.append(time.perf_counter())
        _thread.interrupt_main()

    timer = threading.Timer(0.3, interrupt)
    started = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        # The timeout ends a run that ignored the interrupt (the latency check then fails).
        cls().sample(bqm, num_reads=4, seed=1, timeout=5000, **params)
    caught = time.perf_counter()
    timer.join()
    assert sent, "the run ended before the interrupt was sent"
    latency = caught - sent[0]
    assert latency < LATENCY, f"KeyboardInterrupt came {latency * 1000:.1f} ms after Ctrl+C"
    assert caught - started < 1.0
    # The sampler is ready again at once: the interrupted run stopped.
    small = random_bqm(6, dimod.BINARY, np.random.default_rng(1))
    t = time.perf_counter()
    assert len(cls().sample(small, num_reads=3, seed=1)) >= 1
    assert time.perf_counter() - t < 1.0
