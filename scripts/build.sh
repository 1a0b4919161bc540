#!/usr/bin/env bash
# npm run build: the two WebAssembly modules, then the static site (Vite) into dist/.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci
bash scripts/build-wasm.sh
npx vite build --config vite.config.js --logLevel warn
echo "build: static site in dist/ (module at dist/wasm/poslab.mjs)"
