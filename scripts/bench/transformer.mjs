// TinyTransformer training speed: milliseconds per training step (loss and gradients, then Adam
// with clip_grad_norm_ 1, batch 32) in WebAssembly SIMD, WebAssembly scalar, native, and PyTorch on one thread
// (its module is the reference notebook's). Presets: `small`, lesson 14's reversal model (train-transformer:
// d 32, 4 heads, 2 layers, 6 tokens, sinusoidal, bidirectional); `length`, lesson 15's large model
// (longer-than-seen: d 64, 17 tokens, copying 8 digits as "input → answer", ALiBi, causal). Targets: WASM SIMD
// ≥ 1.0× PyTorch on small, ≥ 0.5× on length.
import { execFileSync } from 'node:child_process';
import { native, printRatios, printTable, save, scalar, simd } from './common.mjs';

const PRESETS = {
  small: { vocabSize: 11, dModel: 32, heads: 4, layers: 2, ffnSize: 64, maxLen: 12, positional: 'sinusoidal', causal: false, batch: 32, length: 6 },
  length: { vocabSize: 11, dModel: 64, heads: 4, layers: 2, ffnSize: 128, maxLen: 33, positional: 'alibi', causal: true, batch: 32, length: 17 },
};
// ids and targets from the 32-bit LCG cpp/bench/bench_transformer.cpp uses, so every contender trains on the same batch.
for (const p of Object.values(PRESETS)) {
  let s = 7;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s >>> 8) % p.vocabSize;
  };
  p.ids = Array.from({ length: p.batch * p.length }, next);
  p.targets = Array.from({ length: p.batch * p.length }, next);
}

function wasmMsPerStep(module, p) {
  const model = new module.TinyTransformer({ vocabSize: p.vocabSize, dModel: p.dModel, heads: p.heads, layers: p.layers, ffnSize: p.ffnSize, maxLen: p.maxLen, positional: p.positional, causal: p.causal, seed: 0 });
  const ids = Int32Array.from(p.ids);
  const targets = Int32Array.from(p.targets);
  const step = () => {
    model.loss(ids, targets, p.batch, p.length);
    model.adamStep({ lr: 3e-3, clipNorm: 1 });
  };
  for (let i = 0; i < 20; i++) step();
  let steps = 0;
  const start = performance.now();
  while (performance.now() - start < 2000) {
    step();
    steps++;
  }
  const ms = (performance.now() - start) / steps;
  model.delete();
  return ms;
}

const rows = {};
for (const [name, p] of Object.entries(PRESETS)) rows[name] = { 'wasm simd': wasmMsPerStep(simd, p), 'wasm scalar': wasmMsPerStep(scalar, p) };
for (const r of native('poslab_bench_transformer')) rows[r.case].native = r.ms_per_step;
let hasTorch = true;
try {
  execFileSync('/usr/bin/python3', ['-c', 'import torch'], { stdio: 'ignore' });
} catch {
  hasTorch = false;
  console.log('\ntransformer: PyTorch (python3-torch) not available, its column stays empty (scripts/setup-system.sh notebooks installs it)');
}
if (hasTorch) {
  // A failure past this point is the script's own (its traceback is on stderr), not a missing package.
  try {
    const torch = JSON.parse(execFileSync('/usr/bin/python3', [new URL('transformer_torch.py', import.meta.url).pathname, JSON.stringify(PRESETS)], { stdio: ['ignore', 'pipe', 'inherit'] }).toString());
    for (const [name, ms] of Object.entries(torch)) rows[name]['torch 1 thread'] = ms;
  } catch {
    console.log('\ntransformer: scripts/bench/transformer_torch.py failed (see above), the PyTorch column stays empty');
  }
}
const columns = ['wasm simd', 'wasm scalar', 'native', 'torch 1 thread'];
printTable('transformer', columns, rows, (v) => v.toFixed(2), 'ms per training step, batch 32', 16);
const stepsPerSecond = Object.fromEntries(Object.entries(rows).map(([name, r]) => [name, Object.fromEntries(Object.entries(r).map(([c, ms]) => [c, 1000 / ms]))]));
printTable('transformer', columns, stepsPerSecond, (v) => v.toFixed(0), 'training steps per second', 16);
const targets = [];
for (const [name, target] of [['small', 1.0], ['length', 0.5]]) {
  const r = rows[name];
  if (r['torch 1 thread'] !== undefined) {
    targets.push([`${name}: WASM SIMD speed / PyTorch 1 thread (target >= ${target})`, r['torch 1 thread'] / r['wasm simd'], (v) => v >= target]);
  }
}
printRatios('transformer ratios', targets);
for (const [name, r] of Object.entries(rows)) {
  console.log(`  ${name}: WASM SIMD speed / WASM scalar: ${(r['wasm scalar'] / r['wasm simd']).toFixed(2)}; / native: ${(r.native / r['wasm simd']).toFixed(2)}`);
}
save('transformer', rows);
