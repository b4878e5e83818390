"""The same seed gives the same samples as `fleetscope solve` on the same model.

The model is the 9×9 "heart" X-ray QUBO, exported by `fleetscope qubo export`
as COO and read here into a BQM over variables 0..80 (cells row after row);
`fleetscope solve --json` prints each returned state as a picture of those
cells, with how often it was found.
"""

import json
import os
import pathlib
import subprocess

import dimod
import pytest

from fleetscope.samplers import SimulatedAnnealingSampler, TabuSampler

ROOT = pathlib.Path(__file__).resolve().parents[2]


def fleetscope_binary():
    given = os.environ.get("FLEETSCOPE_BIN")
    if given:
        path = pathlib.Path(given)
        assert path.is_file(), f"FLEETSCOPE_BIN={given} is not a file"
        return path
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "fleetscope"
        if path.is_file():
            return path
    pytest.skip("no fleetscope binary (build it with `cargo build`, or set FLEETSCOPE_BIN)")


def read_coo(text):
    """A COO file as fleetscope writes it (BINARY, `# variables=`, `# offset=`)."""
    n, offset, terms = None, 0.0, []
    for line in text.splitlines():
        if line.startswith("# variables="):
            n = int(line.split("=")[1])
        elif line.startswith("# offset="):
            offset = float(line.split("=")[1])
        elif line.startswith("# vartype="):
            assert line.split("=")[1] == "BINARY"
        elif line.strip():
            i, j, v = line.split()
            terms.append((int(i), int(j), float(v)))
    bqm = dimod.BinaryQuadraticModel("BINARY")
    for i in range(n):
        bqm.add_variable(i, 0.0)  # variables in index order
    for i, j, v in terms:
        if i == j:
            bqm.add_linear(i, v)
        else:
            bqm.add_interaction(i, j, v)
    bqm.offset = offset
    return bqm


@pytest.mark.parametrize(
    "cls,params,flags",
    [
        pytest.param(SimulatedAnnealingSampler, {"num_sweeps": 300}, ["--solver", "sa", "--sweeps", "300"], id="sa"),
        pytest.param(TabuSampler, {"num_restarts": 4}, ["--solver", "tabu", "--restarts", "4"], id="tabu"),
    ],
)
def test_same_seed_same_samples_as_the_command_line(tmp_path, cls, params, flags):
    binary = fleetscope_binary()
    coo = tmp_path / "heart.coo"
    subprocess.run([binary, "qubo", "export", "heart", "--out", coo], check=True, capture_output=True)
    bqm = read_coo(coo.read_text())
    assert bqm.num_variables == 81
    reads, seed = 40, 77
    out = subprocess.run(
        [binary, "solve", "heart", "--seed", str(seed), "--reads", str(reads), "--keep", "1000", "--json", *flags],
        check=True,
        capture_output=True,
        text=True,
    )
    cli = json.loads(out.stdout)
    assert cli["stop"] == "Done"
    assert len(cli["samples"]) == cli["distinct"], "the command line printed every distinct state"
    expected = sorted(
        (tuple(1 if c == "#" else 0 for c in row["picture"] if c in "#."), row["count"], row["energy"])
        for row in cli["samples"]
    )
    sampleset = cls().sample(bqm, num_reads=reads, seed=seed, **params)
    got = sorted(
        (tuple(int(s[i]) for i in range(81)), int(n), float(e))
        for s, e, n in sampleset.data(["sample", "energy", "num_occurrences"])
    )
    assert [(s, n) for s, n, _ in got] == [(s, n) for s, n, _ in expected]
    for (_, _, a), (_, _, b) in zip(got, expected):
        assert a == pytest.approx(b, abs=1e-9)
