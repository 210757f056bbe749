#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine for Kernel Atlas and builds it, then either
# opens the app on the embedded demo workspace (`app`) or runs every test (`test`);
# `sanitize` builds and runs every test under ASan + UBSan, then the fuzz
# targets' smoke runs (clang's libFuzzer).
# Installs only what is missing: Debian packages with apt-get; the pinned
# tree-sitter-python grammar is fetched from the npm registry by CMake.
set -euo pipefail

mode=${1:-app}
shift || true
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${KATLAS_BUILD_DIR:-$root/build}

packages=(cmake g++ make pkg-config git
          qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev qt6-translations-l10n
          libgl-dev libgraphviz-dev graphviz libtree-sitter-dev libsqlite3-dev
          xvfb xauth fonts-dejavu-core desktop-file-utils appstream dpkg-dev file)
command -v npm >/dev/null 2>&1 || packages+=(npm)
[ "$mode" != sanitize ] || packages+=(clang libclang-rt-14-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# Graphviz registers its layout plugins with `dot -c`; without it layouts fail
# with 'Layout type "dot" not recognized'.
if ! echo 'digraph{a->b}' | dot -Tplain >/dev/null 2>&1; then $sudo dot -c; fi

if [ "$mode" = sanitize ]; then
  cd "$root"
  for preset in asan fuzz; do
    cmake --preset "$preset" >/dev/null
    cmake --build --preset "$preset" -j"$(nproc)"
  done
  export QT_QPA_PLATFORM=offscreen
  status=0
  ctest --preset asan -j"$(nproc)" "$@" || status=$?
  ctest --preset fuzz "$@" || status=$?
  exit $status
fi

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"$(nproc)"

case "$mode" in
  app)
    exec "$build/app/kernel-atlas" "$@" ;;
  test)
    cd "$build"
    export QT_QPA_PLATFORM=offscreen
    exec ctest --output-on-failure -j"$(nproc)" "$@" ;;
  *)
    echo "usage: $0 app|test|sanitize" >&2; exit 2 ;;
esac
