#!/usr/bin/env bash
# Trials per second of one scenario on 1 and 2 threads (one process), and on 1 and 2 MPI ranks
# of one thread each, measured in one go so the ratios compare like with like. The figure is
# run.json's trials_per_second (trials / the run's wall-clock seconds, loading excluded).
#   bench/ranks.sh [SCENARIO] [TRIALS]      (default bench/pf2-bench.toml, 4e6)
set -euo pipefail
cd "$(dirname "$0")/.."
scenario=${1:-bench/pf2-bench.toml}
trials=${2:-4e6}
bin=build/lethality
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_ALLOW_RUN_AS_ROOT=1 \
  OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
rate() { python3 -c "import json,sys; print('%.0f' % json.load(open(sys.argv[1]))['trials_per_second'])" "$1/run.json"; }
"$bin" run "$scenario" --trials "$trials" --threads 1 --out "$out/t1" --quiet
"$bin" run "$scenario" --trials "$trials" --threads 2 --out "$out/t2" --quiet
mpirun --oversubscribe -np 1 "$bin" run "$scenario" --trials "$trials" --threads 1 --out "$out/r1" --quiet
mpirun --oversubscribe -np 2 "$bin" run "$scenario" --trials "$trials" --threads 1 --out "$out/r2" --quiet
t1=$(rate "$out/t1"); t2=$(rate "$out/t2"); r1=$(rate "$out/r1"); r2=$(rate "$out/r2")
for f in "$out"/t1/*.csv; do cmp -s "$f" "$out/r2/$(basename "$f")" || echo "DIFFERS: $(basename "$f")"; done
echo "$scenario, $trials trials (trials per second):"
echo "  1 thread  $t1    2 threads $t2    ratio $(python3 -c "print('%.2f' % ($t2/$t1))")"
echo "  1 rank    $r1    2 ranks   $r2    ratio $(python3 -c "print('%.2f' % ($r2/$r1))")"
