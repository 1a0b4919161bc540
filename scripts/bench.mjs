// One benchmark run: WebAssembly SIMD, WebAssembly scalar, plain JavaScript, native (g++, 128-bit SSE2)
// and, when Debian's python3-numpy is there, NumPy as the peer. Prints a table and the target ratios, and
// writes .bench/results.json. Times are the median of several runs, in milliseconds.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const load = async (entry) => (await import(new URL(`web/public/wasm/${entry}`, root).href)).default();
const simd = await load('poslab.mjs');
const scalar = await load('poslab-scalar.mjs');

function median(runs, body) {
  body();
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    body();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

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

function nativeTimes() {
  const out = execFileSync(new URL('build/native/poslab_bench', root).pathname).toString();
  return Object.fromEntries(JSON.parse(out).map((r) => [r.case, r.ms]));
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

for (const [name, ms] of Object.entries(nativeTimes())) add(name, 'native', ms);
for (const [name, ms] of Object.entries(numpyTimes())) add(name, 'numpy', ms);

const columns = ['wasm simd', 'wasm scalar', 'javascript', 'native', 'numpy'];
const fmt = (v) => (v === undefined ? '—' : v < 10 ? v.toFixed(3) : v.toFixed(1));
console.log(`\n${'case'.padEnd(28)}${columns.map((c) => c.padStart(13)).join('')}   (ms, median)`);
for (const [name, row] of Object.entries(results)) {
  console.log(`${name.padEnd(28)}${columns.map((c) => fmt(row[c]).padStart(13)).join('')}`);
}

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
console.log('\nratios');
for (const [label, value, ok] of targets) console.log(`  ${ok(value) ? 'met   ' : 'MISSED'} ${label}: ${value.toFixed(2)}`);

mkdirSync(new URL('.bench/', root), { recursive: true });
writeFileSync(new URL('.bench/results.json', root), JSON.stringify({ results, ratios: Object.fromEntries(targets.map(([l, v]) => [l, v])) }, null, 2));

// ---- Word2Vec training speed (issue 4) ---------------------------------------------------------------------
// Skip-gram with negative sampling on the-verdict.txt repeated 50 times (window 5, 5 negatives, 5 epochs,
// gensim's other defaults), vector sizes 100 and 512: corpus words × epochs per second of training, in
// WebAssembly SIMD, WebAssembly scalar, native, and gensim 4 with one worker thread fed the very same tokens.
const VERDICT = process.env.POSLAB_VERDICT || new URL('../shared/data/the-verdict.txt', root).pathname;
if (existsSync(VERDICT)) {
  const { readFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const REPEATS = 50, SIZES = [100, 512];
  const text = Array(REPEATS).fill(readFileSync(VERDICT, 'utf8')).join('\n');
  const speed = {};
  const put = (size, column, wps) => { (speed[`word2vec ${size}`] ??= {})[column] = wps; };
  for (const [column, module] of [['wasm simd', simd], ['wasm scalar', scalar]]) {
    for (const vectorSize of SIZES) {
      const sg = new module.SkipGram({ vectorSize, window: 5, negative: 5, epochs: 5 });
      sg.prepare(text);
      const t = performance.now();
      let p;
      do p = sg.trainSome(100000); while (!p.finished);
      put(vectorSize, column, p.wordsDone / ((performance.now() - t) / 1000));
      sg.delete();
    }
  }
  const native = JSON.parse(execFileSync(new URL('build/native/poslab_bench_word2vec', root).pathname,
    [VERDICT, String(REPEATS), ...SIZES.map(String)]).toString());
  for (const r of native) (speed[r.case] ??= {}).native = r.words_per_second;
  // gensim gets poslab's own tokens, so both train on exactly the same corpus.
  const tokens = join(tmpdir(), `poslab-bench-tokens-${process.pid}.json`);
  writeFileSync(tokens, JSON.stringify(simd.tokenizeText(text)));
  const gensimScript = `
import json, sys, time
from gensim.models import Word2Vec
sentences = json.load(open(sys.argv[1]))
words = sum(map(len, sentences))
out = {}
for size in (${SIZES.join(', ')}):
    m = Word2Vec(vector_size=size, window=5, negative=5, epochs=5, sg=1, workers=1, seed=1)
    m.build_vocab(sentences)
    t = time.perf_counter()
    m.train(sentences, total_examples=len(sentences), epochs=5)
    out[f"word2vec {size}"] = words * 5 / (time.perf_counter() - t)
print(json.dumps(out))`;
  try {
    const gensim = JSON.parse(execFileSync('/usr/bin/python3', ['-c', gensimScript, tokens], { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
    for (const [name, wps] of Object.entries(gensim)) (speed[name] ??= {})['gensim 1 worker'] = wps;
  } catch {
    /* no gensim: its column stays empty */
  } finally {
    rmSync(tokens, { force: true });
  }
  const wcolumns = ['wasm simd', 'wasm scalar', 'native', 'gensim 1 worker'];
  const k = (v) => (v === undefined ? '—' : `${Math.round(v / 1000)} k`);
  console.log(`\n${'word2vec'.padEnd(18)}${wcolumns.map((c) => c.padStart(16)).join('')}   (words/s; the-verdict × ${REPEATS}, window 5, 5 negatives, 5 epochs)`);
  for (const [name, row] of Object.entries(speed)) console.log(`${name.padEnd(18)}${wcolumns.map((c) => k(row[c]).padStart(16)).join('')}`);
  console.log('\nword2vec ratios');
  for (const size of SIZES) {
    const row = speed[`word2vec ${size}`];
    if (row['gensim 1 worker'] !== undefined) {
      const r = row['wasm simd'] / row['gensim 1 worker'];
      console.log(`  ${r >= 1 ? 'met   ' : 'MISSED'} word2vec ${size}, WASM SIMD / gensim 1 worker (target >= 1): ${r.toFixed(2)}`);
    }
    console.log(`  word2vec ${size}, WASM SIMD / native: ${(row['wasm simd'] / row.native).toFixed(2)}; WASM SIMD / WASM scalar: ${(row['wasm simd'] / row['wasm scalar']).toFixed(2)}`);
  }
  writeFileSync(new URL('.bench/word2vec.json', root), JSON.stringify(speed, null, 2));
} else {
  console.log(`\nword2vec: ${VERDICT} not found, speed not measured (set POSLAB_VERDICT to the-verdict.txt)`);
}
