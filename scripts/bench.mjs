// One benchmark run: WebAssembly SIMD, WebAssembly scalar, plain JavaScript, native (g++, 128-bit SSE2)
// and, when Debian's python3-numpy is there, NumPy as the peer. Prints a table and the target ratios, and
// writes .bench/results.json. Times are the median of several runs, in milliseconds.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getEncoding } from 'js-tiktoken';
import { encode as gptTokenizerEncode } from 'gpt-tokenizer/encoding/gpt2';

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

// Tokenizer texts: the story repeated 50 times (pieces repeat, caches shine) and long text that does not
// repeat: seeded pseudo-words from syllables of several scripts, numbers, punctuation and emoji, a different
// text for every timed run so no cache carries over.
const bench = new URL('.bench/', root);
mkdirSync(bench, { recursive: true });
const vocabularyPath = new URL('node_modules/@dqbd/tiktoken/encoders/gpt2.json', root).pathname;
const storyPath = '/work/shared/data/the-verdict.txt';
const storyText = existsSync(storyPath) ? readFileSync(storyPath, 'utf8') : null;

function longText(seed, bytes = 1 << 20) {
  let state = seed >>> 0;
  const random = () => {  // mulberry32
    state = (state + 0x6D2B79F5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const syllables = ['ka', 'lo', 'mi', 'tre', 'sa', 'ño', 'qué', 'ción', 'ber', 'gen', 'ström', 'über', 'an', 'the', 'ing',
    'tion', 'pre', 'con', 'vo', 'ra', 'zi', 'mun', 'do', 'le', 'ar', 'ви', 'ет', 'мир', 'λο', 'γος', 'ne', 'ut', 'qu', 'x',
    'ph', 'ght', 'ly', 'ou', 'ea', 'í', 'é', 'à', 'ç', 'bu', 'fe', 'ho', 'jy', 'kw', 'oz', 'pa', 'sk', 'tu', 'wy', 'ñu',
    'sch', 'str', 'ae', 'oi', 'ur', 'ex', 'ob'];
  const punctuation = ['.', ',', '!', '?', ';', ':', ' —', '"', '(', ')', '¿', '¡', "'s", "'ll", '...', '\n', '\n\n'];
  const out = [];
  let size = 0;
  while (size < bytes) {
    const r = random();
    let word;
    if (r < 0.06) word = String(Math.floor(random() * 10 ** (1 + Math.floor(random() * 6))));
    else if (r < 0.07) word = String.fromCodePoint(0x4E00 + Math.floor(random() * 0x5000), 0x4E00 + Math.floor(random() * 0x5000));
    else if (r < 0.075) word = String.fromCodePoint(0x1F600 + Math.floor(random() * 0x50));
    else {
      word = '';
      for (let k = 1 + Math.floor(random() * 4); k > 0; k -= 1) word += pick(syllables);
      if (random() < 0.15) word = word[0].toUpperCase() + word.slice(1);
    }
    if (random() < 0.12) word += pick(punctuation);
    out.push(word);
    size += word.length + 1;
  }
  return out.join(' ');
}

const tokenizerCases = {};
if (storyText) tokenizerCases['story x50'] = Array.from({ length: 8 }, () => storyText.repeat(50));
tokenizerCases['long text'] = Array.from({ length: 6 }, (_, k) => longText(1000 + k));
const textFiles = Object.entries(tokenizerCases).map(([name, list]) => {
  const path = new URL(`${name.replace(/\W+/g, '-')}.txt`, bench).pathname;
  writeFileSync(path, list[list.length - 1]);
  return [name, path];
});

function nativeTimes() {
  const args = [vocabularyPath, ...textFiles.map(([, path]) => path)];
  const out = execFileSync(new URL('build/native/poslab_bench', root).pathname, args).toString();
  const rows = JSON.parse(out);
  for (const [name, path] of textFiles) {
    const row = rows.find((r) => r.case === `bpe ${path}`);
    if (row) row.case = `bpe ${name}`;
  }
  return Object.fromEntries(rows.map((r) => [r.case, r.ms]));
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

// Tokenizer speed in MB/s (UTF-8 bytes of the text per second, string in, ids out). Every contender gets a
// fresh tokenizer per text, three warm-up runs (so V8 has compiled the hot code, JavaScript and WebAssembly
// alike), then the timed runs, interleaved across contenders so a busy machine slows them all alike; each
// timed run reads its own copy of the text (for the long text, a different text). Median of the timed runs.
const tokenizerColumns = ['wasm simd', 'wasm scalar', 'native', 'gpt-tokenizer', 'js-tiktoken', '@dqbd/tiktoken'];
const tokenizerResults = {};
{
  const vocabulary = readFileSync(vocabularyPath);
  const dqbd = createRequire(import.meta.url)('@dqbd/tiktoken').get_encoding('gpt2');
  const jsTiktoken = getEncoding('gpt2');
  const contenders = {
    'wasm simd': () => { const t = new simd.Gpt2Tokenizer(vocabulary); return [(x) => t.encode(x), () => t.delete()]; },
    'wasm scalar': () => { const t = new scalar.Gpt2Tokenizer(vocabulary); return [(x) => t.encode(x), () => t.delete()]; },
    'gpt-tokenizer': () => [(x) => gptTokenizerEncode(x), () => {}],
    'js-tiktoken': () => [(x) => jsTiktoken.encode(x), () => {}],
    '@dqbd/tiktoken': () => [(x) => dqbd.encode(x), () => {}],
  };
  for (const [name, list] of Object.entries(tokenizerCases)) {
    const reference = Array.from(dqbd.encode(list[1]));
    const bytes = Buffer.byteLength(list[1]);
    const row = (tokenizerResults[name] = { bytes });
    const live = Object.entries(contenders).map(([contender, make]) => {
      const [encode, done] = make();
      for (let k = 0; k < 3; k += 1) encode(list[0]);
      const ids = Array.from(encode(list[1]));
      if (ids.length !== reference.length || ids.some((v, i) => v !== reference[i])) row[`${contender} ids`] = 'DIFFERENT';
      return { contender, encode, done, times: [] };
    });
    for (let k = 1; k < list.length; k += 1) {
      for (const c of live) {
        const t = performance.now();
        c.encode(list[k]);
        c.times.push(performance.now() - t);
      }
    }
    for (const c of live) {
      c.done();
      c.times.sort((x, y) => x - y);
      row[c.contender] = bytes / 1e6 / (c.times[Math.floor(c.times.length / 2)] / 1000);
    }
  }
}

for (const [name, ms] of Object.entries(nativeTimes())) add(name, 'native', ms);
for (const [name, ms] of Object.entries(numpyTimes())) add(name, 'numpy', ms);

for (const [name, ms] of Object.entries(results)) {
  if (!name.startsWith('bpe ') || !ms.native) continue;
  tokenizerResults[name.slice(4)].native = tokenizerResults[name.slice(4)].bytes / 1e6 / (ms.native / 1000);
  delete results[name];
}

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
console.log(`\n${'tokenizer'.padEnd(18)}${tokenizerColumns.map((c) => c.padStart(15)).join('')}   (MB/s, median)`);
for (const [name, row] of Object.entries(tokenizerResults)) {
  console.log(`${name.padEnd(18)}${tokenizerColumns.map((c) => (row[c] === undefined ? '—' : row[c].toFixed(1)).padStart(15)).join('')}`);
  for (const c of tokenizerColumns) if (row[`${c} ids`]) console.log(`  ${c}: ids DIFFER from @dqbd/tiktoken`);
}
for (const [name, row] of Object.entries(tokenizerResults)) {
  const fastestPeer = Math.max(row['gpt-tokenizer'], row['js-tiktoken'], row['@dqbd/tiktoken']);
  targets.push([`tokenizer ${name}, WASM SIMD / fastest JS peer (target >= 2)`, row['wasm simd'] / fastestPeer, (r) => r >= 2]);
}

console.log('\nratios');
for (const [label, value, ok] of targets) console.log(`  ${ok(value) ? 'met   ' : 'MISSED'} ${label}: ${value.toFixed(2)}`);

mkdirSync(new URL('.bench/', root), { recursive: true });
writeFileSync(new URL('.bench/results.json', root), JSON.stringify({ results, tokenizer: tokenizerResults, ratios: Object.fromEntries(targets.map(([l, v]) => [l, v])) }, null, 2));
