#!/usr/bin/env bash
# npm run bench: builds what it measures (native benchmarks, WebAssembly modules), then the benchmark
# scripts in turn, each timing every contender of its subject and printing a table with the target ratios:
# scripts/bench/kernels.mjs (PE, cosine, embedding), tokenizer.mjs (GPT-2 BPE), word2vec.mjs (training), transformer.mjs (training steps), language-model.mjs (lesson 18's presets and generation with and without the cache), page-weight.mjs, first-chart.mjs, redraw.mjs and training.mjs (the built site in Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-system.sh build
cmake --preset native >/dev/null
cmake --build --preset native -j "$(nproc)" --target poslab_bench poslab_bench_word2vec poslab_bench_transformer >/dev/null
[ -f web/public/wasm/poslab.mjs ] || bash scripts/build-wasm.sh >/dev/null
for part in kernels tokenizer word2vec transformer language-model; do node "scripts/bench/$part.mjs"; done
# The first lesson's download (JS + WebAssembly + CSS, gzip), against the 400 KB target; needs the built site.
bash scripts/build.sh >/dev/null
node scripts/bench/page-weight.mjs
# The first lesson's text and first chart on a phone (Lighthouse's throttling through CDP), against 2 s and 3 s.
node scripts/bench/first-chart.mjs
# Slider → redraw on pe-matrix at 100 × 512 and 2048 × 1024, against the redraw budget (docs/benchmark.md, the redraw budget),
# then every lesson's main slider on a phone with the CPU 4× slower, against 50 ms.
node scripts/bench/redraw.mjs
# The page while lessons 14 and 15 train: the lab's own long tasks, curves per frame, clicks and scrolls answered.
node scripts/bench/training.mjs
