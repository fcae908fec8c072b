#!/usr/bin/env bash
# Quick start, part 2: install what is missing, build, run the tests.
#   ./test.sh               Release build, every test through ctest
#   ./test.sh sanitize      every test under AddressSanitizer + UndefinedBehaviorSanitizer,
#                           and the runner's tests under ThreadSanitizer
#   ./test.sh fuzz [SECS]   each libFuzzer harness (clang) for SECS seconds (default 60)
# In CI (CI=true) warnings are errors.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/deps.sh

werror=OFF
[ "${CI:-}" = "true" ] && werror=ON
jobs=$(nproc)

mode=${1:-all}
case "$mode" in
  all)
    install_deps "${LETHALITY_TEST_PACKAGES[@]}"
    configure_build build -DLETHALITY_WERROR=$werror -DLETHALITY_TESTS=ON -DLETHALITY_BENCH=ON
    cmake --build build
    ctest --test-dir build --output-on-failure -j "$jobs"
    ;;
  sanitize)
    install_deps "${LETHALITY_TEST_PACKAGES[@]}"
    # Warnings are errors in the plain build only: g++ 12 gives false maybe-uninitialized
    # warnings in the standard library under the sanitizers' instrumentation.
    configure_build build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLETHALITY_WERROR=OFF \
      -DLETHALITY_SANITIZE=address,undefined -DLETHALITY_BENCH=OFF
    cmake --build build-asan
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
      ctest --test-dir build-asan --output-on-failure -j "$jobs"
    # The runner under TSan runs on plain threads (see sim/engine/runner.cpp: Debian's libtbb is
    # not instrumented, so TSan cannot see inside it).
    configure_build build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLETHALITY_WERROR=OFF \
      -DLETHALITY_SANITIZE=thread -DLETHALITY_BENCH=OFF -DLETHALITY_MPI=OFF
    cmake --build build-tsan --target lethality_runner_tests
    TSAN_OPTIONS=halt_on_error=1 build-tsan/tests/lethality_runner_tests
    ;;
  fuzz)
    secs=${2:-60}
    install_deps clang libclang-rt-14-dev
    CXX=clang++ configure_build build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DLETHALITY_FUZZ=ON -DLETHALITY_TESTS=OFF -DLETHALITY_BENCH=OFF -DLETHALITY_MPI=OFF
    # Every tests/fuzz/fuzz_<h>.cpp is a harness. Its corpus starts from the committed seeds in
    # tests/fuzz/corpus/<h>/ and from the project files named by the globs in
    # tests/fuzz/corpus/<h>.from (bundled scenarios, rule data tables); what the fuzzers learn
    # stays in build-fuzz/ between runs. A crash is saved in build-fuzz/crashes/ and must
    # become a regression test.
    harnesses=$(cd tests/fuzz && ls fuzz_*.cpp | sed 's/^fuzz_//; s/\.cpp$//')
    cmake --build build-fuzz --target $(printf 'fuzz_%s ' $harnesses)
    mkdir -p build-fuzz/crashes
    for h in $harnesses; do
      corpus=build-fuzz/corpus/$h
      mkdir -p "$corpus"
      [ -d tests/fuzz/corpus/$h ] && cp tests/fuzz/corpus/$h/* "$corpus"/
      if [ -f tests/fuzz/corpus/$h.from ]; then
        while read -r pattern; do
          [ -n "$pattern" ] && [ "${pattern#\#}" = "$pattern" ] || continue
          for f in $pattern; do [ -f "$f" ] && cp "$f" "$corpus"/; done
        done < tests/fuzz/corpus/$h.from
      fi
      echo "fuzzing $h for ${secs}s" >&2
      log=build-fuzz/fuzz_$h.log
      if ! build-fuzz/tests/fuzz/fuzz_$h -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
          -artifact_prefix=build-fuzz/crashes/$h- "$corpus" >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        echo "fuzz_$h found a crash: see build-fuzz/crashes/" >&2
        exit 1
      fi
      tail -n 1 "$log" >&2
    done
    ;;
  *)
    echo "usage: ./test.sh [all | sanitize | fuzz [SECONDS]]" >&2
    exit 2
    ;;
esac
