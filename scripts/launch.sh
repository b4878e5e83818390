#!/usr/bin/env bash
# Quick start: installs what the window needs, builds the release binary and opens the app.
# Extra arguments go to fleetscope (e.g. `scripts/launch.sh show classic`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/system-deps.sh
if [[ $# -eq 0 && -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
    echo "No display found (DISPLAY and WAYLAND_DISPLAY are empty)." >&2
    echo "To look at the app on a headless machine, run scripts/screenshot.sh instead." >&2
    exit 1
fi
exec cargo run --release -- "$@"
