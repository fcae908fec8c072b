#!/usr/bin/env bash
# Quick start, part 1: install what is missing, build, and run the bundled scenarios.
# Extra arguments go to `lethality run` (e.g. ./run.sh --trials 1000000 --threads 2).
set -euo pipefail
cd "$(dirname "$0")"
source scripts/deps.sh
install_deps
configure_build build
cmake --build build --target lethality
exec build/lethality run scenarios/examples/ "$@"
