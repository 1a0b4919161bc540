#!/usr/bin/env bash
# npm run bench: builds what it measures (native benchmark, WebAssembly modules), then one run of
# scripts/bench.mjs that times every contender and prints the table.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-system.sh build
cmake --preset native >/dev/null
cmake --build --preset native -j "$(nproc)" --target poslab_bench poslab_bench_word2vec >/dev/null
[ -f web/public/wasm/poslab.mjs ] || bash scripts/build-wasm.sh >/dev/null
node scripts/bench.mjs
