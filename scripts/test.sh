#!/usr/bin/env bash
# npm test: every test. Native doctest suites (maths and errors) under sanitizers, a short fuzzing run, then the
# built WebAssembly module as JavaScript sees it, then the built site in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage says when it starts, so a slow run shows where its time went.
stage() { echo "== $1 ($(date +%H:%M:%S)) =="; }
bash scripts/setup-system.sh test
# npm ci when node_modules is missing or older than the lock file (a pull that added a package).
[ node_modules/.package-lock.json -nt package-lock.json ] || npm ci

stage "native doctest suites under AddressSanitizer and UndefinedBehaviorSanitizer"
# The doctest suites (maths and errors), once, with every out-of-bounds access, leak and undefined operation made
# fatal: they assert the same values at any optimisation level (no -ffast-math), and what ships is held at its own
# optimisation by the WebAssembly tests below, so a second, unsanitised native run (two minutes here) would add
# no check. Built at -O1 with line tables only (-g1: sanitizer reports still name file and line): the Eigen-heavy
# core compiles in half the time of -O2 -g. npm run bench builds the optimised native benchmarks when it needs them.
cmake --preset sanitize >/dev/null
cmake --build --preset sanitize -j "$(nproc)"
ctest --preset sanitize

stage "fuzzing (libFuzzer, short)"
# Each cpp/fuzz driver for a share of about a minute, under the same sanitizers (npm run fuzz runs longer).
bash scripts/fuzz.sh --short

stage "build (WebAssembly + site)"
bash scripts/build.sh

stage "JavaScript units and the WebAssembly module (node:test)"
# A test that hangs fails after 15 minutes instead of holding CI, and a file whose tests are done exits even
# if something (a server, a socket) was left open. These files share nothing (each loads its own module, no
# server, no browser): two at a time, one per core.
node --test --test-concurrency=2 --test-timeout=900000 --test-force-exit tests/js/ tests/wasm/

stage "the built site in Chromium (node:test)"
# One file at a time: the training lessons' workers take both cores.
node --test --test-concurrency=1 --test-timeout=900000 --test-force-exit tests/browser/
stage "done"
