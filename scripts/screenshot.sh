#!/usr/bin/env bash
# Runs the release binary under Xvfb and writes a PNG of the window, so anyone can
# look at the app as a person would. Usage: scripts/screenshot.sh [out.png] [session.ron]
# (default: docs/screenshot.png and saves/example.ron).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-docs/screenshot.png}"
session="${2:-saves/example.ron}"
scripts/system-deps.sh --xvfb
cargo build --release --quiet
mkdir -p "$(dirname "$out")"

display=":$((100 + RANDOM % 400))"
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
runtime=$(mktemp -d)
trap 'kill $app $xvfb 2>/dev/null || true; rm -rf "$runtime"' EXIT
sleep 1
DISPLAY="$display" XDG_RUNTIME_DIR="$runtime" XDG_DATA_HOME="$runtime" WGPU_BACKEND="${WGPU_BACKEND:-vulkan,gl}" \
    target/release/fleetscope --open "$session" ${FLEETSCOPE_SCREENSHOT_ARGS:-} >/dev/null 2>"$runtime/app.log" &
app=$!
sleep "${SCREENSHOT_WAIT:-10}"   # the first frame on a software renderer takes seconds
if ! kill -0 $app 2>/dev/null; then
    echo "The app exited early:" >&2
    cat "$runtime/app.log" >&2
    exit 1
fi
DISPLAY="$display" import -window root "$out"
echo "wrote $out"
