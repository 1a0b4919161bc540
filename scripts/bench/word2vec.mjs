// Word2Vec training speed: skip-gram with negative sampling on the-verdict.txt repeated 50 times (window 5,
// 5 negatives, 5 epochs, gensim's other defaults), vector sizes 100 and 512: corpus words × epochs per
// second of training, in WebAssembly SIMD, WebAssembly scalar, native, and gensim 4 with one worker thread
// fed the very same tokens.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataDir, native, save, scalar, simd } from './common.mjs';

const VERDICT = process.env.POSLAB_VERDICT || `${dataDir}the-verdict.txt`;
if (existsSync(VERDICT)) {
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
  for (const r of native('poslab_bench_word2vec', [VERDICT, String(REPEATS), ...SIZES.map(String)])) {
    (speed[r.case] ??= {}).native = r.words_per_second;
  }
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
  save('word2vec', speed);
} else {
  console.log(`\nword2vec: ${VERDICT} not found, speed not measured (set POSLAB_VERDICT to the-verdict.txt)`);
}
