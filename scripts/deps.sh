#!/usr/bin/env bash
# Installs, from Debian's packages, whatever the build needs and this machine lacks.
# Sourced by run.sh and test.sh; usage: install_deps [extra packages...]
set -euo pipefail

LETHALITY_PACKAGES=(
  g++ cmake ninja-build pkg-config
  libtbb-dev libeigen3-dev libboost-program-options-dev libboost-math-dev
  catch2 libbenchmark-dev libtomlplusplus-dev librandom123-dev nlohmann-json3-dev
  python3  # tests/ctrl_c.py drives the real program on a pseudo-terminal
  libopenmpi-dev openmpi-bin  # mpirun -np R lethality run ...; tests/mpi_run.py
  gnuplot-nox  # lethality plot draws its charts with gnuplot (no X11 needed)
)

# Only the tests need these (./test.sh installs them; ./run.sh does not): headless Chromium
# renders report.html in tests/report_html.py. Over 80 MB to download on a fresh machine, so
# a designer who only runs scenarios does not pay for it.
LETHALITY_TEST_PACKAGES=(
  chromium
)

install_deps() {
  local missing=()
  local p
  for p in "${LETHALITY_PACKAGES[@]}" "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing from Debian: ${missing[*]}" >&2
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "error: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# configure_build DIR [cmake args...]: a Release build in DIR with Ninja.
configure_build() {
  local dir=$1
  shift
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
}
