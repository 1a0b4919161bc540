#!/usr/bin/env bash
# npm run build: the two WebAssembly modules, then the static site (Vite) into dist/, then the SCORM packages
# into dist-scorm/.
set -euo pipefail
cd "$(dirname "$0")/.."
# npm ci when node_modules is missing or older than the lock file (a pull that added a package).
[ node_modules/.package-lock.json -nt package-lock.json ] || npm ci
bash scripts/build-wasm.sh
# GPT-2's vocabulary (tiktoken's gpt2.json from @dqbd/tiktoken, MIT), served as dist/data/gpt2.json and
# fetched only by the lessons that tokenize.
mkdir -p web/public/data
cp node_modules/@dqbd/tiktoken/encoders/gpt2.json web/public/data/gpt2.json
npx vite build --config vite.config.js --logLevel warn
echo "build: static site in dist/ (module at dist/wasm/poslab.mjs)"
# The same site as SCORM 1.2 packages for course platforms, one per language (POSLAB_SCORM_MASTERY, default 80).
node scripts/scorm-package.mjs
