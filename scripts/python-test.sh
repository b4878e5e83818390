#!/usr/bin/env bash
# The Python package from clean: a fresh virtual environment with the test tools
# from PyPI, `pip install ./python` (maturin builds the extension with the
# `python` profile), the command line for the tests that compare with it, then pytest.
#
#   scripts/python-test.sh [pytest args]
#
# FLEETSCOPE_BUILD_WRAP prefixes each build (a shared lock on a busy machine,
# e.g. "flock /work/cargo-build.lock nice -n 10"); PYTHON picks the interpreter.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/pyvenv
python=${PYTHON:-python3}
read -r -a wrap <<<"${FLEETSCOPE_BUILD_WRAP:-}"
step() { printf '[python-test] %s (%ds)\n' "$1" "$SECONDS"; }

step "fresh virtual environment in $venv"
rm -rf "$venv"
"$python" -m venv "$venv"
# Versions that install here and in CI (Python 3.9 and later).
"$venv/bin/pip" install --quiet --disable-pip-version-check \
    maturin==1.16.0 dimod==0.12.23 numpy==2.4.6 pytest==9.2.0

step "pip install ./python"
# maturin from the venv as the build backend, with the committed Cargo.lock.
PATH="$PWD/$venv/bin:$PATH" MATURIN_PEP517_ARGS="--locked" \
    "${wrap[@]}" "$venv/bin/pip" install --quiet --disable-pip-version-check --no-build-isolation ./python

step "the command line, for the tests that compare with it"
"${wrap[@]}" cargo build --quiet --locked --bin fleetscope

step "pytest"
FLEETSCOPE_BIN="$PWD/target/debug/fleetscope" "$venv/bin/python" -m pytest python/tests -q "$@"
step "done"
