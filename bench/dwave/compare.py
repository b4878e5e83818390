#!/usr/bin/env python3
"""D-Wave's classical samplers on the instances `fleetscope bench anneal --export DIR` writes.

Two modes:

    compare.py DIR [--seed S] [--reads 10,100,1000] [--sweeps 1000]
                   [--tabu-restarts 1,10,100] [--json]
        Runs dwave-samplers' SimulatedAnnealingSampler and TabuSampler on every
        instance of DIR/instances.jsonl and prints a table (or, with --json,
        one JSON object shaped like `fleetscope bench anneal --json`).

    compare.py --side-by-side DWAVE_JSON FLEETSCOPE_JSON
        Prints both results next to each other with the ratios
        (dwave / fleetscope). Needs no D-Wave package.

    compare.py --table DWAVE_JSON
        Prints the table of a saved --json result.

Success is the one of "Battleship, tomography and quantum annealing", section
4.3, and of Fleetscope's bench: an instance is solved when ANY returned sample
(every read) has the right row and column sums AND its ones can be cut into
straight ships of lengths 5, 4, 3, 3, 2 (ships may touch). CPU seconds are
time.process_time() around the sampler call alone (not loading, not checking).
Seeds: instance i gets seed S + i, as in Fleetscope's bench (the two programs'
random streams differ anyway, so only the rates are comparable).
"""

import argparse
import json
import math
import os
import statistics
import sys
import time

import numpy as np


# ---------------------------------------------------------------- instances

def load_instances(folder, clean=None):
    """The instances of DIR/instances.jsonl, each with its BQM under "bqm".

    With `clean`, the BQM is the SPIN (Ising) form of the model with every
    bias smaller than `clean` in size set to 0 (see --clean).
    """
    import dimod
    from dimod.serialization import coo

    out = []
    with open(os.path.join(folder, "instances.jsonl")) as f:
        for line in f:
            if not line.strip():
                continue
            inst = json.loads(line)
            path = os.path.join(folder, inst["coo"])
            header = coo_header(path)
            with open(path) as g:
                bqm = coo.load(g, vartype=dimod.BINARY)
            # dimod only creates the variables that appear in a line, and
            # drops the offset: add both back.
            n = int(header.get("variables", inst["rows"] * inst["cols"]))
            bqm.add_variables_from((v, 0.0) for v in range(n))
            bqm.offset = float(inst["offset"])
            if n != inst["rows"] * inst["cols"]:
                sys.exit(f"{path}: {n} variables for a {inst['rows']}x{inst['cols']} grid "
                         "(pinned cells are not supported here)")
            if "offset" in header and abs(float(header["offset"]) - bqm.offset) > 1e-9:
                sys.exit(f"{path}: offset {header['offset']} in the file, {bqm.offset} in instances.jsonl")
            if clean is not None:
                h, J, offset = bqm.to_ising()
                zero = lambda x: 0.0 if abs(x) < clean else x
                bqm = dimod.BinaryQuadraticModel.from_ising(
                    {v: zero(x) for v, x in h.items()}, {k: zero(x) for k, x in J.items()}, offset)
            inst["bqm"] = bqm
            grid = np.array([[ch == "#" for ch in row] for row in inst["original"].splitlines() if row],
                            dtype=np.int8)
            if not is_fleet(grid, inst):
                sys.exit(f"instance {inst['id']}: the original picture is not judged a fleet")
            # Variable v is cell (v // cols, v % cols). Check it: the original
            # picture must be a local minimum (any one flip breaks a sum).
            x = grid.ravel()
            states = np.vstack([x, (x ^ np.eye(n, dtype=np.int8))]).astype(np.int8)
            if bqm.vartype is dimod.SPIN:
                states = 2 * states - 1
            energies = bqm.energies((states, list(range(n))))
            if energies[1:].min() <= energies[0]:
                sys.exit(f"{path}: the original picture is not a local minimum: cells numbered otherwise?")
            inst["original_energy"] = float(energies[0])
            out.append(inst)
    if not out:
        sys.exit(f"no instances in {folder}/instances.jsonl")
    return out


def coo_header(path):
    """The `# key=value` comment lines of a COO file."""
    header = {}
    with open(path) as f:
        for line in f:
            if not line.startswith("#"):
                break
            key, _, value = line[1:].strip().partition("=")
            header[key.strip()] = value.strip()
    return header


# ---------------------------------------------------------------- success

def is_fleet(grid, inst):
    """The picture has the instance's sums and its ones are exactly the ships."""
    if list(grid.sum(axis=1)) != inst["row_sums"] or list(grid.sum(axis=0)) != inst["col_sums"]:
        return False
    if int(grid.sum()) != sum(inst["ships"]):
        return False
    return can_cut(grid.astype(bool).copy(), sorted(inst["ships"], reverse=True))


def can_cut(left, ships):
    """Exact backtracking: cover every one of `left` with straight ships.

    The first remaining one in row-major order must be the top or left end
    of some ship, lying either rightwards or downwards from it.
    """
    ones = np.flatnonzero(left)
    if len(ones) == 0:
        return not ships
    if not ships:
        return False
    rows, cols = left.shape
    r, c = divmod(int(ones[0]), cols)
    for k, length in enumerate(ships):
        if length in ships[:k]:
            continue  # same length already tried
        rest = ships[:k] + ships[k + 1:]
        for dr, dc in ((0, 1), (1, 0)):
            if length == 1 and dr:
                break  # a single cell has one orientation
            cells = [(r + i * dr, c + i * dc) for i in range(length)]
            if all(y < rows and x < cols and left[y, x] for y, x in cells):
                for cell in cells:
                    left[cell] = False
                ok = can_cut(left, rest)
                for cell in cells:
                    left[cell] = True
                if ok:
                    return True
    return False


def solved(sampleset, inst):
    """Any sample of the set is a fleet."""
    order = [int(v) for v in sampleset.variables]
    samples = np.asarray(sampleset.record.sample, dtype=np.int8)
    if sampleset.vartype.name == "SPIN":
        samples = (samples + 1) // 2
    grid = np.empty_like(samples)
    grid[:, order] = samples  # columns back to variable (cell) order
    shape = (inst["rows"], inst["cols"])
    return any(is_fleet(s.reshape(shape), inst) for s in np.unique(grid, axis=0))


# ---------------------------------------------------------------- runs

def tts99(rate, cpu):
    """CPU seconds until a run has succeeded with probability 0.99 (Fleetscope's formula)."""
    if rate >= 0.99:
        return cpu
    if rate > 0:
        return cpu * math.log(0.01) / math.log(1 - rate)
    return None


def run_point(instances, setting, budget, sample, flips=None):
    """One sampler setting over every instance."""
    successes, cpu, best, hits, below, total_flips, cold = 0, [], [], 0, 0, 0, []
    for inst in instances:
        t0 = time.process_time()
        sampleset = sample(inst)
        t = time.process_time() - t0
        cpu.append(t)
        successes += solved(sampleset, inst)
        e = float(sampleset.first.energy)  # offset included: bqm.offset is set
        best.append(e)
        hits += e <= inst["original_energy"] + 1e-9
        below += e < inst["original_energy"] - 1e-9
        if flips:
            total_flips += flips(inst)
        if "beta_range" in sampleset.info:
            cold.append(float(sampleset.info["beta_range"][1]))
        print(".", end="", file=sys.stderr, flush=True)
    rate = successes / len(instances)
    med = statistics.median(cpu)
    point = {
        "setting": setting,
        "budget": budget,
        "success": rate,
        "median_cpu_s": med,
        "tts99_s": tts99(rate, med),
        "median_best_energy": statistics.median(best),
        "at_or_below_original_energy": hits / len(instances),
        "below_original_energy": below / len(instances),
    }
    if flips:
        point["flips_per_cpu_s"] = total_flips / max(sum(cpu), 1e-12)
    if cold:
        # SA's default β range ends at ln(...)/(smallest nonzero Ising bias):
        # float residue (1e-15 where 0 is meant) makes it absurdly cold.
        point["median_cold_beta"] = statistics.median(cold)
        point["cold_beta_over_1e6"] = sum(b > 1e6 for b in cold) / len(cold)
    point["cpu_s"] = cpu
    return point


def run_all(args):
    from dwave.samplers import SimulatedAnnealingSampler, TabuSampler
    import dimod
    import dwave.samplers

    instances = load_instances(args.dir, args.clean)
    seed = lambda inst: (args.seed + inst["id"]) % 2**32
    points = []

    sa = SimulatedAnnealingSampler()
    for reads in args.reads:
        print(f"SA, {reads} reads ", end="", file=sys.stderr, flush=True)
        points.append(run_point(
            instances, "sa reads", reads,
            lambda inst: sa.sample(inst["bqm"], num_reads=reads, num_sweeps=args.sweeps, seed=seed(inst)),
            flips=lambda inst: reads * args.sweeps * inst["bqm"].num_variables))
        print(file=sys.stderr)

    tabu = TabuSampler()
    print("tabu, defaults (1 read, 20 ms) ", end="", file=sys.stderr, flush=True)
    points.append(run_point(instances, "tabu default 20ms", 1,
                            lambda inst: tabu.sample(inst["bqm"], seed=seed(inst))))
    print(file=sys.stderr)
    for restarts in args.tabu_restarts:
        print(f"tabu, timeout=None, {restarts} restarts ", end="", file=sys.stderr, flush=True)
        points.append(run_point(
            instances, "tabu restarts", restarts,
            lambda inst: tabu.sample(inst["bqm"], seed=seed(inst), timeout=None, num_restarts=restarts)))
        print(file=sys.stderr)

    return {
        "fleets": len(instances),
        "seed": args.seed,
        "sweeps": args.sweeps,
        "clean": args.clean,
        "versions": {"dwave-samplers": dwave.samplers.__version__, "dimod": dimod.__version__,
                     "python": sys.version.split()[0]},
        "median_original_energy": statistics.median(i["original_energy"] for i in instances),
        "points": points,
    }


# ---------------------------------------------------------------- printing

def fmt(x, spec):
    return "–" if x is None else format(x, spec)


def print_table(res):
    v = res["versions"]
    rounded = "" if res.get("clean") is None else f", Ising biases below {res['clean']:g} zeroed"
    print(f"dwave-samplers {v['dwave-samplers']}, dimod {v['dimod']}: {res['fleets']} fleets "
          f"from seed {res['seed']}, SA {res['sweeps']} sweeps{rounded}; success = a returned sample is a fleet")
    print(f"median energy of the original pictures: {res['median_original_energy']:.4f}")
    print(f"{'setting':<18} {'budget':>6} {'success':>8} {'median cpu s':>13} {'mean cpu s':>11} {'tts99 s':>9} "
          f"{'median best E':>14} {'E<=orig':>8} {'E<orig':>7} {'M flips/cpu s':>14}")
    for p in res["points"]:
        flips = p.get("flips_per_cpu_s")
        print(f"{p['setting']:<18} {p['budget']:>6} {100 * p['success']:>7.1f}% {p['median_cpu_s']:>13.4f} "
              f"{statistics.mean(p['cpu_s']):>11.4f} {fmt(p['tts99_s'], '.4f'):>9} {p['median_best_energy']:>14.4f} "
              f"{100 * p['at_or_below_original_energy']:>7.1f}% {100 * p['below_original_energy']:>6.1f}% "
              f"{fmt(flips and flips / 1e6, '.1f'):>14}")
    print("best E: lowest energy returned, offset included; E<=orig / E<orig: instances whose lowest "
          "energy is at most / below the original picture's")
    sa = [p for p in res["points"] if "cold_beta_over_1e6" in p]
    if sa:
        share = sa[0]["cold_beta_over_1e6"]
        print(f"SA default beta range: cold end above 1e6 on {100 * share:.0f}% of the instances "
              f"(median {sa[0]['median_cold_beta']:.4g})"
              + ("; those anneal mostly frozen and run faster: float residue, see README and --clean"
                 if share else ""))


def side_by_side(dwave_path, fleetscope_path):
    with open(dwave_path) as f:
        dw = json.load(f)
    with open(fleetscope_path) as f:
        fs = json.load(f)
    if (dw["fleets"], dw["seed"]) != (fs["fleets"], fs["seed"]):
        print(f"warning: dwave ran {dw['fleets']} fleets seed {dw['seed']}, "
              f"fleetscope {fs['fleets']} fleets seed {fs['seed']}")
    fsp = {(p["setting"], p["budget"]): p for p in fs["points"]}

    def ratio(a, b):
        return None if a is None or b is None or b == 0 else a / b

    def label(p):
        if p["setting"] == "sa reads":
            return f"SA {p['budget']} reads"
        if p["setting"] == "tabu restarts":
            return f"tabu {p['budget']} restarts"
        return "tabu default (20 ms)"

    print(f"{dw['fleets']} random classic fleets, seed {dw['seed']}, one thread each; "
          "success = a returned sample is a fleet; ratio = dwave / fleetscope")
    print("dwave tabu with restarts runs with timeout=None; its default run stops at 20 ms "
          "and has no fleetscope counterpart")
    print(f"{'setting':<21} {'success dw':>10} {'fs':>7} {'median cpu s dw':>16} {'fs':>9} {'ratio':>6} "
          f"{'tts99 s dw':>11} {'fs':>9} {'ratio':>6}")
    pairs = []
    for p in dw["points"]:
        q = fsp.get((p["setting"], p["budget"])) if p["setting"] in ("sa reads", "tabu restarts") else None
        pairs.append((p, q))
        g = (lambda k: q[k]) if q else (lambda k: None)
        pct = lambda x: "–" if x is None else f"{100 * x:.1f}%"
        print(f"{label(p):<21} {pct(p['success']):>10} {pct(g('success')):>7} "
              f"{p['median_cpu_s']:>16.4f} {fmt(g('median_cpu_s'), '.4f'):>9} "
              f"{fmt(ratio(p['median_cpu_s'], g('median_cpu_s')), '.1f'):>6} "
              f"{fmt(p['tts99_s'], '.4f'):>11} {fmt(g('tts99_s'), '.4f'):>9} "
              f"{fmt(ratio(p['tts99_s'], g('tts99_s')), '.1f'):>6}")

    print()
    print("best TTS99 (CPU s to 99 % success) over each sampler's budgets:")
    for family, name in (("sa", "SA"), ("tabu", "tabu")):
        best = lambda pts: min((p["tts99_s"] for p in pts
                                if p["setting"].startswith(family) and p["tts99_s"] is not None), default=None)
        a, b = best(dw["points"]), best(fs["points"])
        print(f"  {name:<5} dwave {fmt(a, '.4f'):>9}   fleetscope {fmt(b, '.4f'):>9}   "
              f"dwave/fleetscope {fmt(ratio(a, b), '.1f')}")

    print()
    print("SA flip attempts per CPU-second (reads x sweeps x variables / CPU s of whole calls):")
    for p, q in pairs:
        if p["setting"] == "sa reads":
            a, b = p["flips_per_cpu_s"], q and q.get("flips_per_cpu_s")
            print(f"  {p['budget']:>5} reads: dwave {a / 1e6:7.1f} M   fleetscope {fmt(b and b / 1e6, '7.1f')} M"
                  f"   fleetscope/dwave {fmt(ratio(b, a), '.2f')}")
    print("  (rates use total CPU over all instances; medians can differ: see the mean cpu s column below)")
    k = fs.get("sa_kernel_flips_per_cpu_s")
    if k:
        print(f"  fleetscope SA kernel alone (200 reads, one instance): {k / 1e6:.1f} M")
    if fs.get("solve_call_overhead_ms") is not None:
        print(f"fleetscope solve-call overhead {fs['solve_call_overhead_ms']:.4f} ms; reads per wall second "
              f"{fs['reads_per_wall_s_1_thread']:.0f} (1 thread), {fs['reads_per_wall_s_2_threads']:.0f} (2 threads)")


# ---------------------------------------------------------------- main

def ladder(s):
    return [int(t) for t in s.split(",") if t.strip()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", nargs="?", help="folder written by `fleetscope bench anneal --export`")
    ap.add_argument("--seed", type=int, default=1, help="instance i gets seed SEED + i (default 1)")
    ap.add_argument("--reads", type=ladder, default=[10, 100, 1000], help="SA num_reads, comma separated")
    ap.add_argument("--sweeps", type=int, default=1000, help="SA num_sweeps (dwave's default is 1000)")
    ap.add_argument("--tabu-restarts", type=ladder, default=[1, 10, 100],
                    help="tabu num_restarts with timeout=None, comma separated ('' for none)")
    ap.add_argument("--clean", type=float, metavar="EPS",
                    help="sample the Ising form with every bias below EPS in size set to 0, e.g. 1e-9: "
                         "float residue then no longer sets SA's default beta range (default: as exported)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    ap.add_argument("--side-by-side", nargs=2, metavar=("DWAVE_JSON", "FLEETSCOPE_JSON"),
                    help="print two --json results next to each other and stop")
    ap.add_argument("--table", metavar="DWAVE_JSON", help="print the table of a saved --json result and stop")
    args = ap.parse_args()
    if args.side_by_side:
        side_by_side(*args.side_by_side)
        return
    if args.table:
        with open(args.table) as f:
            print_table(json.load(f))
        return
    if not args.dir:
        ap.error("DIR is needed (or --side-by-side)")
    res = run_all(args)
    if args.json:
        print(json.dumps(res))
    else:
        print_table(res)


if __name__ == "__main__":
    main()
