"""dimod's own sampler tests (dimod.testing), as dwave-samplers runs them on its samplers."""

import unittest

import dimod
import dimod.testing
import numpy as np

from fleetscope.samplers import SimulatedAnnealingSampler, TabuSampler

from conftest import random_bqm


@dimod.testing.load_sampler_bqm_tests(SimulatedAnnealingSampler)
class TestSimulatedAnnealingBqms(unittest.TestCase):
    pass


@dimod.testing.load_sampler_bqm_tests(TabuSampler)
class TestTabuBqms(unittest.TestCase):
    pass


class TestSampleSets(unittest.TestCase):
    def check(self, sampler, **params):
        rng = np.random.default_rng(11)
        for n in (1, 2, 5, 20):
            for vartype in (dimod.BINARY, dimod.SPIN):
                bqm = random_bqm(n, vartype, rng)
                sampleset = sampler.sample(bqm, num_reads=7, seed=5, **params)
                dimod.testing.assert_sampleset_energies(sampleset, bqm)
                dimod.testing.assert_response_energies(sampleset, bqm)
                self.assertIs(sampleset.vartype, bqm.vartype)
                self.assertEqual(set(sampleset.variables), set(bqm.variables))
                self.assertTrue(np.all(sampleset.record.num_occurrences >= 1))
                energies = sampleset.record.energy
                self.assertTrue(np.all(np.diff(energies) >= -1e-9), "lowest energy first")
                states = {tuple(row) for row in sampleset.record.sample}
                self.assertEqual(len(states), len(sampleset), "the states are distinct")

    def test_annealing(self):
        self.check(SimulatedAnnealingSampler(), num_sweeps=50)

    def test_tabu(self):
        self.check(TabuSampler(), num_restarts=3)

    def test_annealing_occurrences_are_the_reads(self):
        bqm = random_bqm(8, dimod.BINARY, np.random.default_rng(2))
        sampleset = SimulatedAnnealingSampler().sample(bqm, num_reads=25, num_sweeps=20, seed=1)
        self.assertEqual(sampleset.record.num_occurrences.sum(), 25)
        self.assertEqual(sampleset.info["reads"], 25)
        self.assertEqual(len(sampleset.info["read_energies"]), 25)

    def test_tabu_occurrences_are_the_searches(self):
        bqm = random_bqm(8, dimod.BINARY, np.random.default_rng(2))
        sampleset = TabuSampler().sample(bqm, num_reads=6, num_restarts=4, seed=1)
        self.assertEqual(sampleset.record.num_occurrences.sum(), 6 * (1 + 4))
        self.assertEqual(len(sampleset.info["read_energies"]), 6)
        self.assertAlmostEqual(min(sampleset.info["read_energies"]), sampleset.first.energy)

    def test_parameters_and_properties(self):
        for sampler in (SimulatedAnnealingSampler(), TabuSampler()):
            self.assertIsInstance(sampler, dimod.Sampler)
            for name, props in sampler.parameters.items():
                for p in props:
                    self.assertIn(p, sampler.properties, f"{name} names an unknown property {p}")
            # Every listed parameter is accepted (at its default).
            bqm = dimod.BinaryQuadraticModel({"a": 1.0}, {}, 0.0, "SPIN")
            defaults = {"num_reads": 2, "seed": 1, "initial_states": None, "timeout": None, "num_threads": 0}
            given = {k: v for k, v in defaults.items() if k in sampler.parameters}
            self.assertEqual(len(sampler.sample(bqm, **given).record), 1)
        self.assertEqual(SimulatedAnnealingSampler().properties["beta_schedule_options"], ("geometric",))
