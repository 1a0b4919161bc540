// The GPT-2 tokenizer in MB/s (UTF-8 bytes per second, string in, ids out) on the story repeated 50 times
// (pieces repeat, caches shine) and on a long text that does not repeat, in WebAssembly SIMD and scalar,
// natively, and in three JavaScript peers; every contender's ids are checked against @dqbd/tiktoken.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getEncoding } from 'js-tiktoken';
import { encode as gptTokenizerEncode } from 'gpt-tokenizer/encoding/gpt2';
import { dataDir, native, printRatios, printTable, root, save, scalar, simd } from './common.mjs';

const bench = new URL('.bench/', root);  // the native benchmark reads the texts from files there
mkdirSync(bench, { recursive: true });
const vocabularyPath = new URL('node_modules/@dqbd/tiktoken/encoders/gpt2.json', root).pathname;
const storyPath = `${dataDir}the-verdict.txt`;
const storyText = existsSync(storyPath) ? readFileSync(storyPath, 'utf8') : null;

// Seeded pseudo-words from syllables of several scripts, numbers, punctuation and emoji: a different text
// for every timed run, so no cache carries over.
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

// The native tokenizer reads the same texts from files.
const nativeRows = native('poslab_bench', [vocabularyPath, ...textFiles.map(([, path]) => path)]);
for (const [name, path] of textFiles) {
  const row = nativeRows.find((r) => r.case === `bpe ${path}`);
  if (row) tokenizerResults[name].native = tokenizerResults[name].bytes / 1e6 / (row.ms / 1000);
}

printTable('tokenizer', tokenizerColumns, tokenizerResults, (v) => v.toFixed(1), 'MB/s, median', 15);
for (const row of Object.values(tokenizerResults)) {
  for (const c of tokenizerColumns) if (row[`${c} ids`]) console.log(`  ${c}: ids DIFFER from @dqbd/tiktoken`);
}
const targets = Object.entries(tokenizerResults).map(([name, row]) => {
  const fastestPeer = Math.max(row['gpt-tokenizer'], row['js-tiktoken'], row['@dqbd/tiktoken']);
  return [`tokenizer ${name}, WASM SIMD / fastest JS peer (target >= 2)`, row['wasm simd'] / fastestPeer, (r) => r >= 2];
});
printRatios('tokenizer ratios', targets);
save('tokenizer', { tokenizer: tokenizerResults, ratios: Object.fromEntries(targets.map(([l, v]) => [l, v])) });
