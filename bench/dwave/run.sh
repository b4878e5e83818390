#!/usr/bin/env bash
# Fleetscope's samplers against D-Wave's classical ones (dwave-samplers), back
# to back on the same random classic fleets. A benchmark, not a test.
#
# Works from a fresh clone once the release binary exists:
#     cargo build --release
#     bench/dwave/run.sh [N] [SEED]        # N fleets (default 100), seed (default 1)
#
# Needs python3 with its venv module (Debian: apt-get install python3-venv) and
# PyPI; the first run makes bench/dwave/.venv and installs the pinned packages.
# Optional environment: READS (SA reads ladder, default 10,100,1000),
# RESTARTS (tabu restarts ladder, default 1,10,100), FLEETSCOPE (the binary),
# DWAVE_ARGS (more compare.py options, e.g. "--clean 1e-9").
# Results stay in bench/dwave/out/n<N>-s<SEED>/ (instances, dwave.json, fleetscope.json).
set -euo pipefail

N=${1:-100}
SEED=${2:-1}
READS=${READS:-10,100,1000}
RESTARTS=${RESTARTS:-1,10,100}

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BIN=${FLEETSCOPE:-$ROOT/target/release/fleetscope}
VENV=$HERE/.venv
OUT=$HERE/out/n$N-s$SEED

if [[ ! -x $BIN ]]; then
    echo "no $BIN: run 'cargo build --release' in $ROOT first" >&2
    exit 1
fi

# One thread everywhere: both sides are measured in CPU seconds of one thread.
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1

if [[ ! -x $VENV/bin/python ]]; then
    echo "making $VENV" >&2
    python3 -m venv "$VENV"
fi
# Versions pinned to the ones this kit was written and checked with.
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    'dwave-samplers==1.8.*' 'dimod==0.12.*'

rm -rf "$OUT"
mkdir -p "$OUT"
"$BIN" bench anneal --fleets "$N" --seed "$SEED" --export "$OUT/instances" >&2

echo "dwave-samplers on $N fleets (seed $SEED)" >&2
"$VENV/bin/python" "$HERE/compare.py" "$OUT/instances" --seed "$SEED" \
    --reads "$READS" --tabu-restarts "$RESTARTS" ${DWAVE_ARGS:-} --json >"$OUT/dwave.json"

echo "fleetscope on the same $N fleets" >&2
"$BIN" bench anneal --fleets "$N" --seed "$SEED" --reads "$READS" --restarts "$RESTARTS" \
    --json >"$OUT/fleetscope.json"

echo >&2
"$VENV/bin/python" "$HERE/compare.py" --side-by-side "$OUT/dwave.json" "$OUT/fleetscope.json" \
    | tee "$OUT/side-by-side.txt"
echo
"$VENV/bin/python" "$HERE/compare.py" --table "$OUT/dwave.json" | tee -a "$OUT/side-by-side.txt"
