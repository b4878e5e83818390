#!/usr/bin/env python3
"""Fleetscope's embeddings and binary BQM files against D-Wave's tools.

Usage: embed.py DIR [--seed S] [--tries N] [--only SET,...] [--limit K] [--json OUT]

DIR is what `fleetscope bench embed --export DIR` wrote: every model as COO
and as dimod's binary BQM, our embedding of it onto each target graph
(minorminer's JSON layout) and the embedded problem (binary BQM labelled by
qubit, at D-Wave's default chain strength), listed in DIR/models.jsonl.

For each model and target it
  1. loads our binary BQM with dimod and checks it equals the COO model
     (every bias, the offset);
  2. checks our embedding with dwave.embedding.verify_embedding on
     dwave-networkx's graph;
  3. loads our embedded problem and checks it equals
     dwave.embedding.embed_bqm of the model with the same embedding and
     chain strength (every bias, the offset, the qubit labels);
  4. runs minorminer.find_embedding on the same model and graph (defaults,
     the same tries, random_seed = S + i), timed with time.process_time().
Then it prints, per target and set, minorminer's figures next to ours and
the ratios. A benchmark kit, not a test: it needs dimod, dwave-networkx,
dwave-system and minorminer from PyPI (run.sh's venv, or embed.sh).
"""
import argparse
import json
import os
import statistics
import sys
import time

import dimod
import dwave_networkx as dnx
import minorminer
from dimod.serialization import coo
from dwave.embedding import embed_bqm, verify_embedding


def graph(spec):
    family, _, size = spec.partition(":")
    numbers = [int(x) for x in size.split(",")]
    if family == "chimera":
        return dnx.chimera_graph(*numbers)
    if family == "pegasus":
        return dnx.pegasus_graph(numbers[0])
    if family == "zephyr":
        return dnx.zephyr_graph(*numbers)
    sys.exit(f"unknown target {spec}")


def load_coo(path, n, offset):
    with open(path) as f:
        bqm = coo.load(f, vartype=dimod.BINARY)
    bqm.add_variables_from((v, 0.0) for v in range(n))
    bqm.offset = offset
    return bqm


def same(a, b, tol=1e-12):
    """Two BQMs with equal variables, biases and offsets (within tol)."""
    if set(a.variables) != set(b.variables) or abs(a.offset - b.offset) > tol:
        return False
    if any(abs(a.get_linear(v) - b.get_linear(v)) > tol for v in a.variables):
        return False
    qa = {frozenset(k): w for k, w in a.quadratic.items() if w != 0}
    qb = {frozenset(k): w for k, w in b.quadratic.items() if w != 0}
    return qa.keys() == qb.keys() and all(abs(qa[k] - qb[k]) <= tol for k in qa)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tries", type=int, default=10)
    ap.add_argument("--only", default="", help="sets to run minorminer on (default all)")
    ap.add_argument("--limit", type=int, default=0, help="minorminer on the first K models of each set and target")
    ap.add_argument("--timeout", type=float, default=1000.0, help="minorminer's timeout per model (s)")
    ap.add_argument("--json", help="write the per-model results here")
    args = ap.parse_args()

    with open(os.path.join(args.dir, "models.jsonl")) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    graphs = {}
    results = []
    counted = {}
    checks = {"bqm": 0, "bqm_bad": 0, "verified": 0, "verify_bad": 0, "embedded_bqm": 0, "embedded_bqm_bad": 0}
    for r in rows:
        spec = r["target_spec"]
        if spec not in graphs:
            graphs[spec] = graph(spec)
        g = graphs[spec]
        d = args.dir
        model = load_coo(os.path.join(d, r["coo"]), r["variables"], r["offset"])
        with open(os.path.join(d, r["bqm"]), "rb") as f:
            ours = dimod.BinaryQuadraticModel.from_file(f)
        ok = same(ours, model)
        checks["bqm"] += 1
        checks["bqm_bad"] += not ok
        if not ok:
            print(f"{r['bqm']}: differs from the COO model", file=sys.stderr)
        edges = [(u, v) for (u, v), w in model.quadratic.items()]
        if r["embedding"]:
            with open(os.path.join(d, r["embedding"])) as f:
                emb = {int(k): v for k, v in json.load(f).items()}
            try:
                good = verify_embedding(emb, edges, g.edges)
            except Exception as e:  # verify_embedding raises on a bad embedding
                print(f"{r['embedding']}: {e}", file=sys.stderr)
                good = False
            checks["verified"] += 1
            checks["verify_bad"] += not good
            with open(os.path.join(d, r["embedded_bqm"]), "rb") as f:
                ours_embedded = dimod.BinaryQuadraticModel.from_file(f)
            theirs = embed_bqm(model, emb, g, chain_strength=r["chain_strength"])
            ok = same(ours_embedded, theirs, 1e-9)
            checks["embedded_bqm"] += 1
            checks["embedded_bqm_bad"] += not ok
            if not ok:
                print(f"{r['embedded_bqm']}: differs from dwave.embedding.embed_bqm", file=sys.stderr)
        key = (r["target"], r["set"])
        counted[key] = counted.get(key, 0) + 1
        if (args.only and r["set"] not in args.only.split(",")) or (args.limit and counted[key] > args.limit):
            continue
        i = counted[key] - 1
        t0 = time.process_time()
        found = minorminer.find_embedding(edges, g.edges, random_seed=args.seed + i, tries=args.tries,
                                          timeout=args.timeout)
        cpu = time.process_time() - t0
        lengths = [len(c) for c in found.values()]
        ok = bool(found) and len(found) == len(model.variables) - sum(
            1 for v in model.variables if model.degree(v) == 0)
        results.append({"target": r["target"], "set": r["set"], "name": r["name"], "embedded": ok,
                        "qubits": sum(lengths), "max_chain": max(lengths, default=0),
                        "mean_chain": statistics.mean(lengths) if lengths else 0, "cpu_s": cpu,
                        "ours": {k: r[k] for k in ("embedded", "qubits", "max_chain", "mean_chain", "cpu_s")}})
        print(f"{r['target']:20} {r['name']:22} minorminer: {'ok' if ok else 'none':4} "
              f"max chain {max(lengths, default=0):3} qubits {sum(lengths):5} {cpu:8.2f} CPU-s | ours: "
              f"max chain {r['max_chain']:3} qubits {r['qubits']:5} {r['cpu_s']:8.3f} CPU-s", flush=True)

    print()
    print(f"dimod {dimod.__version__}, minorminer {minorminer.__version__}, dwave-networkx {dnx.__version__}")
    print(f"binary BQMs loaded equal to the COO models: {checks['bqm'] - checks['bqm_bad']} of {checks['bqm']}")
    print(f"embeddings valid for verify_embedding:      {checks['verified'] - checks['verify_bad']} of {checks['verified']}")
    print(f"embedded BQMs equal to embed_bqm's:         "
          f"{checks['embedded_bqm'] - checks['embedded_bqm_bad']} of {checks['embedded_bqm']}")
    print()
    print(f"{'target':20} {'set':8} {'':>10} {'embedded':>9} {'qubits':>7} {'max chain':>9} {'mean chain':>10} "
          f"{'CPU s':>9}")
    for key in sorted({(x["target"], x["set"]) for x in results}):
        xs = [x for x in results if (x["target"], x["set"]) == key]
        for who, get in (("minorminer", lambda x: x), ("ours", lambda x: x["ours"])):
            done = [get(x) for x in xs if get(x)["embedded"]]
            med = (lambda f: statistics.median(f(y) for y in done)) if done else (lambda f: float("nan"))
            print(f"{key[0]:20} {key[1]:8} {who:>10} {len(done):4}/{len(xs):<4} "
                  f"{med(lambda y: y['qubits']):7.0f} {med(lambda y: y['max_chain']):9.1f} "
                  f"{med(lambda y: y['mean_chain']):10.2f} "
                  f"{statistics.median(get(x)['cpu_s'] for x in xs):9.3f}")
        mm = statistics.median(x["cpu_s"] for x in xs)
        us = statistics.median(x["ours"]["cpu_s"] for x in xs)
        print(f"{'':20} {'':8} {'ratio':>10} CPU ours/minorminer {us / mm if mm else float('nan'):.4f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"checks": checks, "results": results}, f, indent=1)
    bad = checks["bqm_bad"] + checks["verify_bad"] + checks["embedded_bqm_bad"]
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
