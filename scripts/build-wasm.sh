#!/usr/bin/env bash
# Builds the two WebAssembly modules (SIMD and scalar) and puts them where Vite serves and copies them:
# web/public/wasm/ -> dist/wasm/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-system.sh build

# Debian's em++ runs its JS optimiser with the system's acorn, found through NODE_PATH.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
# Debian's Emscripten keeps its library cache in /usr/share/emscripten/cache and adds to it on first use
# (Embind, exceptions). A user who cannot write there gets a private copy inside build/.
if [ -z "${EM_CACHE:-}" ] && [ ! -w /usr/share/emscripten/cache ]; then
  export EM_CACHE="$PWD/build/emscripten-cache"
  [ -d "$EM_CACHE/sysroot" ] || { mkdir -p "$EM_CACHE" && cp -r /usr/share/emscripten/cache/. "$EM_CACHE/"; }
fi

cmake --preset wasm >/dev/null
cmake --build --preset wasm -j "$(nproc)"

out=web/public/wasm
mkdir -p "$out"
# Each flavour twice: the whole module (core) and the base module (CMakeLists.txt says what it binds).
for f in poslab.mjs poslab-scalar.mjs poslab-base.mjs poslab-base-scalar.mjs poslab-guard.mjs \
  poslab-simd.core.mjs poslab-scalar.core.mjs poslab-simd.base.mjs poslab-scalar.base.mjs; do
  cp build/wasm/$f "$out/$f"
done
# Binaryen's size passes over the finished modules (about 5 KB less gzip to download). Linking with em++ -Oz
# instead changed the last bit of some libm results (ALiBi slopes, div_term); this pass leaves every
# instruction's meaning as it is, and the WebAssembly tests check the bits.
features="--enable-simd --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int --enable-mutable-globals"
for module in simd.core scalar.core simd.base scalar.base; do
  wasm-opt -Oz $features "build/wasm/poslab-$module.wasm" -o "$out/poslab-$module.wasm"
done
echo "build-wasm: modules in $out"
