// Lesson 18's character-level language models (web/src/training/language.js): milliseconds per training step
// of its two presets (ALiBi, windows of the story as the lab draws them) in WebAssembly SIMD and scalar, and in
// PyTorch on one thread (transformer_torch.py, the reference notebook's module; target: WASM SIMD ≥ 2× its
// speed); then characters per second of greedy generation up to 8L characters with the key/value cache
// (next) against re-running logits() over the whole prefix for every new character. The native build's
// benchmark has its presets written in C++ (cpp/bench/bench_transformer.cpp), so it has no column here.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dataDir, printRatios, printTable, save, scalar, simd } from './common.mjs';
import { PRESETS, prepareCorpus, sampleBatch } from '../../web/src/training/language.js';
import { createRandom } from '../../web/src/training/tasks.js';

const corpus = prepareCorpus(readFileSync(`${dataDir}the-verdict.txt`, 'utf8'));
const cases = Object.fromEntries(Object.entries(PRESETS).map(([name, p]) => {
  const batch = sampleBatch(corpus.trainingIds, { batch: p.batch, length: p.trainLength, random: createRandom(0) });
  return [name, {
    vocabSize: corpus.vocabulary.vocabSize, dModel: p.dModel, heads: p.heads, layers: p.layers, ffnSize: p.ffnSize,
    maxLen: 8 * p.trainLength, positional: 'alibi', causal: true, batch: p.batch, length: p.trainLength, lr: p.lr,
    ids: Array.from(batch.ids), targets: Array.from(batch.targets),
  }];
}));
const newModel = (module, c) => new module.TinyTransformer({ vocabSize: c.vocabSize, dModel: c.dModel, heads: c.heads, layers: c.layers, ffnSize: c.ffnSize, maxLen: c.maxLen, positional: c.positional, causal: true, seed: 0 });

/** Mean ms of body() over at least `seconds`, after `warmup` calls. */
function msPer(body, { warmup = 10, seconds = 2 } = {}) {
  for (let i = 0; i < warmup; i++) body();
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    body();
    calls++;
  }
  return (performance.now() - start) / calls;
}

function msPerStep(module, c) {
  const model = newModel(module, c);
  const ids = Int32Array.from(c.ids);
  const targets = Int32Array.from(c.targets);
  const ms = msPer(() => {
    model.loss(ids, targets, c.batch, c.length);
    model.adamStep({ lr: c.lr, clipNorm: 1 });
  });
  model.delete();
  return ms;
}

const rows = {};
for (const [name, c] of Object.entries(cases)) rows[name] = { 'wasm simd': msPerStep(simd, c), 'wasm scalar': msPerStep(scalar, c) };
try {
  const script = new URL('transformer_torch.py', import.meta.url).pathname;
  const torch = JSON.parse(execFileSync('/usr/bin/python3', [script, JSON.stringify(cases)], { stdio: ['ignore', 'pipe', 'inherit'] }).toString());
  for (const [name, ms] of Object.entries(torch)) rows[name]['torch 1 thread'] = ms;
} catch {
  console.log('\nlanguage model: PyTorch did not run (see above; scripts/setup-system.sh notebooks installs it), its column stays empty');
}
const columns = ['wasm simd', 'wasm scalar', 'torch 1 thread'];
printTable('language model', columns, rows, (v) => v.toFixed(1), 'ms per training step, ALiBi', 16);
printRatios('language model ratios', Object.entries(rows).filter(([, r]) => r['torch 1 thread'] !== undefined)
  .map(([name, r]) => [`${name}: WASM SIMD speed / PyTorch 1 thread (target >= 2)`, r['torch 1 thread'] / r['wasm simd'], (v) => v >= 2]));
for (const [name, r] of Object.entries(rows)) console.log(`  ${name}: WASM SIMD speed / WASM scalar: ${(r['wasm scalar'] / r['wasm simd']).toFixed(2)}`);

// Generation: one character in, 8L − 1 more out, greedy; with the cache each new character costs one row per
// layer, without it the whole prefix is read again (quadratic in the length).
const argmax = (row, offset, size) => {
  let best = 0;
  for (let v = 1; v < size; v++) if (row[offset + v] > row[offset + best]) best = v;
  return best;
};
const generation = {};
for (const [name, c] of Object.entries(cases)) {
  const model = newModel(simd, c);
  const V = c.vocabSize;
  let cached;
  let uncached;
  const withCache = msPer(() => {
    model.beginSequence();
    cached = [c.ids[0]];
    let row = model.next(cached[0]);
    while (cached.length < c.maxLen) {
      cached.push(argmax(row, 0, V));
      if (cached.length < c.maxLen) row = model.next(cached.at(-1));
    }
  }, { warmup: 1 });
  const withoutCache = msPer(() => {
    uncached = [c.ids[0]];
    while (uncached.length < c.maxLen) {
      const logits = model.logits(Int32Array.from(uncached), 1, uncached.length);
      uncached.push(argmax(logits, (uncached.length - 1) * V, V));
    }
  }, { warmup: 1 });
  const same = cached.filter((id, i) => id === uncached[i]).length;
  generation[name] = { 'with cache': (1000 * (c.maxLen - 1)) / withCache, 'without cache': (1000 * (c.maxLen - 1)) / withoutCache, characters: c.maxLen, same };
  model.delete();
}
printTable('generation (SIMD)', ['with cache', 'without cache'], generation, (v) => v.toFixed(0), 'characters per second, one sequence of 8L', 16);
for (const [name, g] of Object.entries(generation)) {
  console.log(`  ${name}: the cache is ${(g['with cache'] / g['without cache']).toFixed(1)}× faster over ${g.characters} characters; the same character at ${g.same} of ${g.characters} places`);
}
save('language-model', { training: rows, generation });
