// Kernels: the PE matrix (2048×512, 8192×1024) against an equal-sized fill, the 2000×512 cosine matrix and
// a 50257×256 seeded embedding table, in WebAssembly SIMD, WebAssembly scalar, plain JavaScript, native (g++,
// 128-bit SSE2) and, when Debian's python3-numpy is there, NumPy. Times are medians, in milliseconds.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { median, native, printRatios, printTable, save, scalar, simd } from './common.mjs';

// Plain JavaScript, written the straightforward way a student would: the paper's formula per element.
function jsPositionalEncoding(maxLen, d) {
  const pe = new Float32Array(maxLen * d);
  for (let pos = 0; pos < maxLen; pos += 1) {
    for (let i = 0; i < d; i += 2) {
      const angle = pos / 10000 ** (i / d);
      pe[pos * d + i] = Math.sin(angle);
      pe[pos * d + i + 1] = Math.cos(angle);
    }
  }
  return pe;
}

// Plain JavaScript cosine matrix: norms once, then one dot product per pair.
function jsCosineMatrix(a, rowsA, b, rowsB, dim) {
  const norms = (m, rows) => Float64Array.from({ length: rows }, (_, r) => {
    let s = 0;
    for (let k = 0; k < dim; k += 1) s += m[r * dim + k] ** 2;
    return Math.sqrt(s) || 1;
  });
  const na = norms(a, rowsA), nb = norms(b, rowsB);
  const out = new Float32Array(rowsA * rowsB);
  for (let i = 0; i < rowsA; i += 1) {
    for (let j = 0; j < rowsB; j += 1) {
      let dot = 0;
      for (let k = 0; k < dim; k += 1) dot += a[i * dim + k] * b[j * dim + k];
      out[i * rowsB + j] = dot / (na[i] * nb[j]);
    }
  }
  return out;
}

function numpyTimes() {
  if (!existsSync('/usr/bin/python3')) return {};
  const script = `
import json, time, numpy as np
def median(runs, f):
    f(); ts = []
    for _ in range(runs):
        t = time.perf_counter(); f(); ts.append((time.perf_counter() - t) * 1000)
    return sorted(ts)[runs // 2]
def pe(n, d):
    position = np.arange(n, dtype=np.float32)[:, None]
    div = np.exp(np.arange(0, d, 2, dtype=np.float32) * (-np.log(10000.0) / d)).astype(np.float32)
    m = np.zeros((n, d), dtype=np.float32); m[:, 0::2] = np.sin(position * div); m[:, 1::2] = np.cos(position * div)
    return m
a = np.random.default_rng(1).uniform(-1, 1, (2000, 512)).astype(np.float32)
def cos():
    n = a / np.linalg.norm(a, axis=1, keepdims=True); return n @ n.T
print(json.dumps({"pe 2048x512": median(20, lambda: pe(2048, 512)), "pe 8192x1024": median(5, lambda: pe(8192, 1024)),
                  "fill 2048x512": median(20, lambda: np.full((2048, 512), 1, np.float32)),
                  "cosine 2000x512": median(5, cos)}))`;
  try {
    return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script], { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
  } catch {
    return {};  // no numpy: the peer column stays empty
  }
}


const results = {};
const add = (name, column, ms) => { (results[name] ??= {})[column] = ms; };

for (const [rows, cols, runs] of [[2048, 512, 30], [8192, 1024, 8]]) {
  const pe = `pe ${rows}x${cols}`, fill = `fill ${rows}x${cols}`;
  add(pe, 'wasm simd', median(runs, () => simd.positionalEncoding(rows, cols, 'paper')));
  add(pe, 'wasm scalar', median(runs, () => scalar.positionalEncoding(rows, cols, 'paper')));
  add(pe, 'javascript', median(Math.max(3, runs / 4), () => jsPositionalEncoding(rows, cols)));
  add(fill, 'wasm simd', median(runs, () => simd.fillMatrix(rows, cols, 1)));
  add(fill, 'wasm scalar', median(runs, () => scalar.fillMatrix(rows, cols, 1)));
  add(fill, 'javascript', median(runs, () => new Float32Array(rows * cols).fill(1)));
}

const a = Float32Array.from({ length: 2000 * 512 }, (_, i) => Math.sin(i * 12.9898) * 0.5);
add('cosine 2000x512', 'wasm simd', median(5, () => simd.cosineMatrix(a, 2000, a, 2000, 512)));
add('cosine 2000x512', 'wasm scalar', median(3, () => scalar.cosineMatrix(a, 2000, a, 2000, 512)));
add('cosine 2000x512', 'javascript', median(1, () => jsCosineMatrix(a, 2000, a, 2000, 512)));

add('torch embedding 50257x256', 'wasm simd', median(3, () => simd.torchEmbedding(50257, 256, 0)));
add('torch embedding 50257x256', 'wasm scalar', median(3, () => scalar.torchEmbedding(50257, 256, 0)));

for (const r of native('poslab_bench')) add(r.case, 'native', r.ms);
for (const [name, ms] of Object.entries(numpyTimes())) add(name, 'numpy', ms);

printTable('case', ['wasm simd', 'wasm scalar', 'javascript', 'native', 'numpy'], results,
  (v) => (v < 10 ? v.toFixed(3) : v.toFixed(1)), 'ms, median');

const ratio = (x, y) => x / y;
const targets = [
  ['PE 2048x512, WASM SIMD / WASM fill (target <= 2)', ratio(results['pe 2048x512']['wasm simd'], results['fill 2048x512']['wasm simd']), (r) => r <= 2],
  ['PE 8192x1024, WASM SIMD / WASM fill (target <= 2)', ratio(results['pe 8192x1024']['wasm simd'], results['fill 8192x1024']['wasm simd']), (r) => r <= 2],
  ['PE 2048x512, JavaScript / WASM SIMD', ratio(results['pe 2048x512'].javascript, results['pe 2048x512']['wasm simd']), () => true],
  ['PE 2048x512, WASM scalar / WASM SIMD', ratio(results['pe 2048x512']['wasm scalar'], results['pe 2048x512']['wasm simd']), () => true],
  ['cosine, native / WASM SIMD speed (target >= 0.8)', ratio(results['cosine 2000x512'].native, results['cosine 2000x512']['wasm simd']), (r) => r >= 0.8],
  ['cosine, WASM SIMD speed-up over JavaScript (target >= 25)', ratio(results['cosine 2000x512'].javascript, results['cosine 2000x512']['wasm simd']), (r) => r >= 25],
  ['cosine, WASM scalar / WASM SIMD', ratio(results['cosine 2000x512']['wasm scalar'], results['cosine 2000x512']['wasm simd']), () => true],
];
printRatios('ratios', targets);
save('results', { results, ratios: Object.fromEntries(targets.map(([l, v]) => [l, v])) });
