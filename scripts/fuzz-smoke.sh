#!/usr/bin/env bash
# A short fuzzing run of every fuzz target, by hand (not in CI: it needs nightly).
# Usage: scripts/fuzz-smoke.sh [SECONDS] [TARGET...]   (default: 10 seconds, all targets)
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz --locked`).
# Builds the targets (debug assertions on, as in `cargo test`), seeds each target's corpus
# fuzz/corpus/<target>/ (git ignores it) with the files tests/cli/fuzz_seeds.rs replays, then
# runs each target for SECONDS. A crash leaves its input in fuzz/artifacts/<target>/; the
# script goes on with the other targets, prints one line per target and exits 1 if any crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
shift || true
all=(session solver_settings puzzle records qubo_coo qubo_qbsolv bqm embedding)
if [ $# -gt 0 ]; then targets=("$@"); else targets=("${all[@]}"); fi
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# Copies the given files into a target's corpus (names kept, nothing overwritten).
seed() {
    local dir=fuzz/corpus/$1
    shift
    mkdir -p "$dir"
    local f
    for f in "$@"; do
        [ -f "$f" ] && [ "${f##*.}" != md ] && cp -n "$f" "$dir/"
    done
    return 0
}

# A data-set record is its line led by one byte: the data set's index in DATA_SETS.
seed_records() {
    local dir=fuzz/corpus/records sets=(queens_levels starbattle_janko tents_janko takuzu_thilerion
        binairo_janko tango_linkedin rullo_small battleships_janko)
    mkdir -p "$dir"
    local i f n line
    for i in "${!sets[@]}"; do
        f=tests/data/regressions/formats/records/${sets[$i]}.jsonl
        [ -f "$f" ] || continue
        n=0
        while IFS= read -r line || [ -n "$line" ]; do
            n=$((n + 1))
            { printf "\\$(printf '%03o' "$i")"; printf '%s' "$line"; } >"$dir/${sets[$i]}-$n"
        done <"$f"
    done
}

seed session saves/*.ron assets/presets/*.ron tests/data/regressions/*.ron fuzz/seeds/session/*
seed solver_settings fuzz/seeds/solver_settings/*
seed puzzle puzzles/*.txt tests/data/regressions/formats/*.txt
seed qubo_coo tests/data/regressions/formats/*.coo
seed qubo_qbsolv fuzz/seeds/qubo_qbsolv/*
seed bqm fuzz/seeds/bqm/*
seed embedding fuzz/seeds/embedding/*
seed_records

cd fuzz
cargo +nightly fuzz build --debug-assertions
failed=0
for t in "${targets[@]}"; do
    if cargo +nightly fuzz run --debug-assertions "$t" "corpus/$t" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 >"$logs/$t" 2>&1; then
        runs=$(grep -oE 'Done [0-9]+ runs' "$logs/$t" | grep -oE '[0-9]+' || echo '?')
        echo "$t: no crash in $seconds s ($runs runs)"
    else
        failed=1
        echo "$t: CRASHED, input in fuzz/artifacts/$t/; the end of its log:"
        tail -n 40 "$logs/$t"
    fi
done
exit "$failed"
