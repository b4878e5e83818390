#!/usr/bin/env bash
# Fleetscope's embeddings against minorminer's, back to back on the same
# models, and our binary BQM files and embeddings checked with D-Wave's tools
# (dimod, dwave-system). A benchmark, not a test.
#
#     cargo build --release
#     bench/dwave/embed.sh [FLEETS] [SEED]     # default 100 fleets, seed 1
#
# Optional environment: TARGETS (default pegasus:16,zephyr:15), METHOD (ours,
# default auto), LIMIT (minorminer on the first K models of each set; default
# all), RANDOM_GRAPHS (random graphs, default 10), FLEETSCOPE (the binary).
# Results stay in bench/dwave/out/embed-n<FLEETS>-s<SEED>/.
set -euo pipefail

N=${1:-100}
SEED=${2:-1}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BIN=${FLEETSCOPE:-$ROOT/target/release/fleetscope}
VENV=$HERE/.venv
OUT=$HERE/out/embed-n$N-s$SEED

if [[ ! -x $BIN ]]; then
    echo "no $BIN: run 'cargo build --release' in $ROOT first" >&2
    exit 1
fi
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1
if [[ ! -x $VENV/bin/python ]]; then
    python3 -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    'dimod==0.12.*' 'dwave-networkx==0.8.*' 'dwave-system==1.*' 'minorminer==0.2.*'

rm -rf "$OUT"
mkdir -p "$OUT"
(cd "$ROOT" && "$BIN" bench embed --fleets "$N" --seed "$SEED" --random "${RANDOM_GRAPHS:-10}" \
    --targets "${TARGETS:-pegasus:16,zephyr:15}" --method "${METHOD:-auto}" --export "$OUT/models") \
    | tee "$OUT/fleetscope.txt"
"$VENV/bin/python" "$HERE/embed.py" "$OUT/models" --seed "$SEED" ${LIMIT:+--limit "$LIMIT"} \
    --json "$OUT/minorminer.json" | tee "$OUT/side-by-side.txt"
