#!/usr/bin/env bash
# Quick start, part 2: install what is missing, build everything, run every test.
#   ./test.sh            Release build, all tests through ctest
# In CI (CI=true) warnings are errors.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/deps.sh
install_deps

werror=OFF
[ "${CI:-}" = "true" ] && werror=ON

mode=${1:-all}
case "$mode" in
  all)
    configure_build build -DLETHALITY_WERROR=$werror -DLETHALITY_TESTS=ON -DLETHALITY_BENCH=ON
    cmake --build build
    ctest --test-dir build --output-on-failure -j "$(nproc)"
    ;;
  *)
    echo "usage: ./test.sh [all]" >&2
    exit 2
    ;;
esac
