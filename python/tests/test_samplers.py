"""Labels, vartypes, seeds, parameter errors and the brute-force oracle."""

import dimod
import numpy as np
import pytest

from fleetscope.samplers import SimulatedAnnealingSampler, TabuSampler

from conftest import ground_energy, random_bqm

SAMPLERS = [
    pytest.param(SimulatedAnnealingSampler, {"num_sweeps": 200}, id="sa"),
    pytest.param(TabuSampler, {"num_restarts": 5}, id="tabu"),
]


def rows(sampleset, variables):
    """The sample set's states as tuples in the given variable order, with counts."""
    return sorted(
        (tuple(int(s[v]) for v in variables), int(n))
        for s, n in sampleset.data(["sample", "num_occurrences"])
    )


@pytest.mark.parametrize("cls,params", SAMPLERS)
def test_any_hashable_labels(cls, params):
    labels = ["a", 7, ("t", 1), frozenset({1, 2}), 2.5, b"bytes", (("nested",),)]
    bqm = dimod.BinaryQuadraticModel("SPIN")
    for k, v in enumerate(labels):
        bqm.add_variable(v, (-1) ** k * 0.5)
    for u, v in zip(labels, labels[1:]):
        bqm.add_interaction(u, v, -1.0)
    sampleset = cls().sample(bqm, num_reads=5, seed=2, **params)
    assert set(sampleset.variables) == set(labels)
    dimod.testing.assert_sampleset_energies(sampleset, bqm)
    assert sampleset.first.energy == pytest.approx(ground_energy(bqm))


@pytest.mark.parametrize("cls,params", SAMPLERS)
def test_spin_and_binary_forms_give_the_same_states(cls, params):
    # Integer coefficients convert exactly both ways, so both forms are the same QUBO.
    spin = random_bqm(10, dimod.SPIN, np.random.default_rng(4), integer=True)
    binary = spin.change_vartype(dimod.BINARY, inplace=False)
    order = list(spin.variables)
    a = cls().sample(spin, num_reads=12, seed=9, **params)
    b = cls().sample(binary, num_reads=12, seed=9, **params)
    assert a.vartype is dimod.SPIN and b.vartype is dimod.BINARY
    as_binary = [(tuple((s + 1) // 2 for s in state), n) for state, n in rows(a, order)]
    assert sorted(as_binary) == rows(b, order)
    # Energies are the model's own in each vartype (and agree, as the models do).
    dimod.testing.assert_sampleset_energies(a, spin)
    dimod.testing.assert_sampleset_energies(b, binary)
    assert a.first.energy == pytest.approx(b.first.energy)


@pytest.mark.parametrize("cls,params", SAMPLERS)
def test_seeds(cls, params):
    # Every state is a ground state: where a read ends depends on its random stream.
    bqm = dimod.BinaryQuadraticModel({v: 0.0 for v in range(30)}, {}, 0.0, "BINARY")
    order = list(bqm.variables)
    first = cls().sample(bqm, num_reads=20, seed=123, **params)
    again = cls().sample(bqm, num_reads=20, seed=123, **params)
    one_thread = cls().sample(bqm, num_reads=20, seed=123, num_threads=1, **params)
    other = cls().sample(bqm, num_reads=20, seed=124, **params)
    assert rows(first, order) == rows(again, order) == rows(one_thread, order)
    assert len(first) > 10, "reads ended in different states"
    assert rows(first, order) != rows(other, order)
    assert first.info["seed"] == 123
    drawn = cls().sample(bqm, num_reads=2, **params)
    assert isinstance(drawn.info["seed"], int)
    replay = cls().sample(bqm, num_reads=2, seed=drawn.info["seed"], **params)
    assert rows(drawn, order) == rows(replay, order)


@pytest.mark.parametrize("cls,params", SAMPLERS)
@pytest.mark.parametrize("vartype", [dimod.BINARY, dimod.SPIN])
def test_the_best_read_is_the_ground_state(cls, params, vartype):
    rng = np.random.default_rng(2026)
    for n in (1, 2, 3, 5, 8, 12):
        for _ in range(3):
            bqm = random_bqm(n, vartype, rng)
            sampleset = cls().sample(bqm, num_reads=30, seed=int(rng.integers(1 << 32)), **params)
            assert sampleset.first.energy == pytest.approx(ground_energy(bqm), abs=1e-9), (n, bqm)


SMALL = dimod.BinaryQuadraticModel({"a": 1.0, "b": -1.0}, {("a", "b"): 0.5}, 0.0, "BINARY")


@pytest.mark.parametrize(
    "cls,kwargs,error,words",
    [
        (SimulatedAnnealingSampler, {"beta_schedule_type": "linear"}, ValueError, "geometric"),
        (SimulatedAnnealingSampler, {"initial_states": ([[0, 1]], "ab")}, ValueError, "initial_states"),
        (TabuSampler, {"initial_states": ([[0, 1]], "ab")}, ValueError, "initial_states"),
        (SimulatedAnnealingSampler, {"num_reads": 0}, ValueError, "num_reads"),
        (SimulatedAnnealingSampler, {"num_reads": "3"}, TypeError, "num_reads"),
        (SimulatedAnnealingSampler, {"num_reads": 2.0}, TypeError, "num_reads"),
        (SimulatedAnnealingSampler, {"num_sweeps": 0}, ValueError, "num_sweeps"),
        # The engines' own words, as `fleetscope solve --beta` prints them.
        (SimulatedAnnealingSampler, {"beta_range": (2.0, 1.0)}, ValueError, "β hot ≤ β cold"),
        (SimulatedAnnealingSampler, {"beta_range": (0.0, 1.0)}, ValueError, "β hot must be"),
        (SimulatedAnnealingSampler, {"beta_range": (1.0, float("inf"))}, ValueError, "β cold must be"),
        (SimulatedAnnealingSampler, {"beta_range": 3}, TypeError, "beta_range"),
        (SimulatedAnnealingSampler, {"beta_range": {10.0, 1.0}}, TypeError, "in order"),
        (SimulatedAnnealingSampler, {"seed": -1}, ValueError, "seed"),
        (SimulatedAnnealingSampler, {"seed": 2**64}, ValueError, "seed"),
        (SimulatedAnnealingSampler, {"timeout": -5}, ValueError, "timeout"),
        (TabuSampler, {"timeout": float("nan")}, ValueError, "timeout"),
        (TabuSampler, {"timeout": 1e12}, ValueError, "milliseconds"),
        (TabuSampler, {"timeout": "5"}, TypeError, "timeout"),
        (SimulatedAnnealingSampler, {"num_threads": -1}, ValueError, "num_threads"),
        (SimulatedAnnealingSampler, {"num_sweeps_per_beta": 2}, TypeError, "num_sweeps_per_beta"),
        (TabuSampler, {"tenure": 2}, ValueError, "tenure"),
        (TabuSampler, {"num_restarts": -1}, ValueError, "num_restarts"),
        (TabuSampler, {"energy_threshold": 0.0}, TypeError, "energy_threshold"),
    ],
)
def test_bad_parameters_are_refused_clearly(cls, kwargs, error, words):
    with pytest.raises(error, match=words):
        cls().sample(SMALL, **kwargs)


def test_not_a_bqm_is_refused():
    with pytest.raises(TypeError, match="BinaryQuadraticModel"):
        SimulatedAnnealingSampler().sample({"a": 1.0})


@pytest.mark.parametrize("vartype", ["SPIN", "BINARY"])
def test_a_bias_that_is_not_finite_is_named_by_its_variables(vartype):
    # From spins every bias also moves the offset: the message still names the bias.
    bqm = dimod.BinaryQuadraticModel({"a": 1.0, "b": float("nan")}, {}, 0.0, vartype)
    with pytest.raises(ValueError, match="linear bias of 'b' is nan"):
        SimulatedAnnealingSampler().sample(bqm)
    bqm = dimod.BinaryQuadraticModel({"a": 1.0}, {("a", "c"): float("-inf")}, 0.0, vartype)
    with pytest.raises(ValueError, match=r"quadratic bias of \('(a|c)', '(a|c)'\) is -inf"):
        TabuSampler().sample(bqm)


def test_a_coefficient_out_of_range_is_a_value_error():
    bqm = dimod.BinaryQuadraticModel({"a": float("inf")}, {}, 0.0, "BINARY")
    with pytest.raises(ValueError, match="finite"):
        TabuSampler().sample(bqm)


def test_a_timeout_keeps_what_finished():
    bqm = random_bqm(200, dimod.BINARY, np.random.default_rng(1), density=0.5)
    sampleset = TabuSampler().sample(bqm, num_reads=1, num_restarts=10**7, timeout=200, seed=1)
    assert sampleset.info["stop"] == "TimeLimit"
    assert len(sampleset) >= 1
    assert sampleset.info["seconds"] < 2.0
    dimod.testing.assert_sampleset_energies(sampleset, bqm)


def test_the_ising_and_qubo_entry_points():
    ss = SimulatedAnnealingSampler().sample_ising({"a": 1}, {("a", "b"): -1}, num_reads=4, seed=1)
    assert ss.first.sample == {"a": -1, "b": -1} and ss.first.energy == -2
    ss = TabuSampler().sample_qubo({("a", "a"): -1, ("a", "b"): 2}, num_reads=3, seed=1)
    assert ss.first.energy == -1
