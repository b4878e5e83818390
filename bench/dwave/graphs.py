#!/usr/bin/env python3
"""Fleetscope's qubit graphs against dwave-networkx's, node and edge sets.

Usage: graphs.py [FLEETSCOPE_BINARY]   (default: target/release/fleetscope)

For each target (Chimera, Pegasus and Zephyr, small and production sizes) it
runs `fleetscope qubo graph TARGET --json` and builds the same graph with
dwave-networkx; prints one line per target and exits 1 if any set differs.
A benchmark-kit check, not a test: it needs dwave-networkx from PyPI.
"""
import json
import subprocess
import sys
from pathlib import Path

import dwave_networkx as dnx

ROOT = Path(__file__).resolve().parents[2]
BIN = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target/release/fleetscope")

TARGETS = [
    ("chimera:1", lambda: dnx.chimera_graph(1)),
    ("chimera:3,5,2", lambda: dnx.chimera_graph(3, 5, 2)),
    ("chimera:16", lambda: dnx.chimera_graph(16)),
    ("pegasus:2", lambda: dnx.pegasus_graph(2)),
    ("pegasus:6", lambda: dnx.pegasus_graph(6)),
    ("pegasus:16", lambda: dnx.pegasus_graph(16)),
    ("zephyr:1", lambda: dnx.zephyr_graph(1)),
    ("zephyr:3,2", lambda: dnx.zephyr_graph(3, 2)),
    ("zephyr:12", lambda: dnx.zephyr_graph(12)),
    ("zephyr:15", lambda: dnx.zephyr_graph(15)),
]

bad = 0
for target, make in TARGETS:
    ours = json.loads(subprocess.run([BIN, "qubo", "graph", target, "--json"], check=True,
                                     capture_output=True, text=True).stdout)
    theirs = make()
    nodes_ok = set(ours["nodes"]) == set(theirs.nodes)
    edges_ok = {tuple(e) for e in ours["edges"]} == {(min(a, b), max(a, b)) for a, b in theirs.edges}
    ok = nodes_ok and edges_ok
    bad += not ok
    print(f"{target:14} qubits {len(ours['nodes']):6} vs {theirs.number_of_nodes():6}  "
          f"couplers {len(ours['edges']):6} vs {theirs.number_of_edges():6}  "
          f"{'equal' if ok else 'DIFFERENT (nodes ' + str(nodes_ok) + ', edges ' + str(edges_ok) + ')'}")
print(f"dwave-networkx {dnx.__version__}: {len(TARGETS) - bad} of {len(TARGETS)} graphs equal")
sys.exit(1 if bad else 0)
