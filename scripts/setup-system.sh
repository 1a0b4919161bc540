#!/usr/bin/env bash
# Installs the Debian packages poslab needs, only those that are missing.
# Usage: scripts/setup-system.sh [build|test|notebooks]   (default: build)
#   build      compilers and libraries for the native and WebAssembly builds
#   test       build + Chromium for the browser tests, clang-14 and libFuzzer's runtime for the fuzz drivers
#   notebooks  test + PyTorch, NumPy, gensim and Jupyter for the reference notebooks
set -euo pipefail

profile="${1:-build}"
packages=(emscripten node-acorn binaryen libeigen3-dev doctest-dev nlohmann-json3-dev cmake g++ make)
case "$profile" in
  build) ;;
  test) packages+=(chromium clang-14 libclang-rt-14-dev) ;;
  notebooks) packages+=(chromium clang-14 libclang-rt-14-dev python3-torch python3-numpy python3-nbconvert python3-ipykernel python3-nbformat python3-sklearn python3-gensim) ;;
  *) echo "setup-system: unknown profile '$profile' (use build, test or notebooks)" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup-system: installing Debian packages: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=sudo
  else
    cat >&2 <<MSG
setup-system: these Debian packages are missing and I am not root:
    ${missing[*]}
Install them once as root, then run the command again:
    sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}
MSG
    exit 1
  fi
else
  SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
