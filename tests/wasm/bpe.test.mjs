// GPT-2's BPE in WebAssembly against the JavaScript tiktoken peers: @dqbd/tiktoken (tiktoken's own Rust core
// compiled to WebAssembly: the reference), js-tiktoken and gpt-tokenizer; and document 004's windows (E004-2).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getEncoding } from 'js-tiktoken';
import { encode as gptTokenizerEncode } from 'gpt-tokenizer/encoding/gpt2';
import { loadModule, sharedData } from './helpers.mjs';

const require = createRequire(import.meta.url);
const { get_encoding: getDqbdEncoding } = require('@dqbd/tiktoken');

const root = new URL('../../', import.meta.url);
const vocabulary = readFileSync(new URL('node_modules/@dqbd/tiktoken/encoders/gpt2.json', root));
const story = readFileSync(sharedData('the-verdict.txt'), 'utf8');

const tiktoken = getDqbdEncoding('gpt2');
const jsTiktoken = getEncoding('gpt2');
const peers = {
  '@dqbd/tiktoken': (text) => Array.from(tiktoken.encode(text)),
  'js-tiktoken': (text) => jsTiktoken.encode(text),
  'gpt-tokenizer': (text) => gptTokenizerEncode(text),
};

// E004-2: the document's first batch (max_length=4, stride=4, batch 8, no shuffle).
const E004_2 = [[40, 367, 2885, 1464], [1807, 3619, 402, 271], [10899, 2138, 257, 7026], [15632, 438, 2016, 257],
  [922, 5891, 1576, 438], [568, 340, 373, 645], [1049, 5975, 284, 502], [284, 3285, 326, 11]];

const texts = {
  'the whole story (the-verdict.txt)': story,
  'Spanish with accents, ¿ ¡ and ñ': '¿Dónde está la señora Muñoz? ¡Mañana, a las 9:30, en el año 2024! El pingüino comió ñoquis; '
    + 'ÁÉÍÓÚ áéíóú Ññ Üü — «comillas» y “otras”. Él dijo: «¡Qué día!»\n',
  'emoji (ZWJ sequences, skin tones, flags, variation selectors)': 'I ❤️ tokens 😀👍🏽 👨‍👩‍👧‍👦 🇪🇸🇬🇧 ✌🏿 🧑🏽‍💻 and 🤖!!! 😀😀😀',
  'mixed scripts': 'Привет, мир! Γειά σου κόσμε. こんにちは世界。 안녕하세요 مرحبا بالعالم שלום עולם हिन्दी ไทย '
    + 'Ελληνικά 中文字符 Tiếng Việt ქართული ☃ x²+y²=z² ∑∫√ 3½ Ⅻ ３４５ ٣٤٥',
  'long runs of spaces and digits': `a${' '.repeat(1000)}b\n\n\n\t \r\n${'1234567890'.repeat(300)}   x      \n\n`
    + ` 3.14159 1,000,000 ${'0'.repeat(2000)} ${' '.repeat(7)}${'\t'.repeat(5)}end ${'\n'.repeat(40)}`,
  'contractions and apostrophes': "I'm sure you'll see they've gone, she'd said it's Tom's. DON'T 'RE 'll ''s '' ' x'",
  'lone surrogates (invalid UTF-16, replaced by U+FFFD)': 'abc\uD800def \uDC00x \uD83D\uD83D\uDE00 end\uD800',
  'punctuation and code': 'if (x != y) { return a[i] + b->c; } // ¿ok? ¡sí! ... --- *** ___ ### @user #tag https://example.com/a?b=c&d=e',
};

const gpt2 = await Promise.all(['poslab.mjs', 'poslab-scalar.mjs'].map(async (entry) => {
  const m = await loadModule(entry);
  return { entry, m, tokenizer: new m.Gpt2Tokenizer(vocabulary) };
}));

for (const { entry, tokenizer } of gpt2) {
  for (const [name, text] of Object.entries(texts)) {
    test(`${entry}: same ids as every tiktoken peer on ${name}`, () => {
      const ids = Array.from(tokenizer.encode(text));
      for (const [peer, encode] of Object.entries(peers)) {
        assert.deepEqual(ids, encode(text), `${peer} disagrees`);
      }
    });
    test(`${entry}: decode(encode(x)) == x on ${name}`, () => {
      const expected = new TextDecoder().decode(new TextEncoder().encode(text));  // lone surrogates → U+FFFD
      assert.equal(tokenizer.decode(tokenizer.encode(text)), expected);
    });
  }
}

const [{ m, tokenizer }] = gpt2;

test('the story is 5145 tokens and gives document 004\'s first batch (E004-2), targets shifted by one', () => {
  const ids = tokenizer.encode(story);
  assert.ok(ids instanceof Uint32Array);
  assert.equal(ids.length, 5145);
  const batch = m.loaderBatch(ids, 4, 4, 8, 0);
  assert.deepEqual([batch.rows, batch.cols], [8, 4]);
  assert.deepEqual(Array.from(batch.inputs), E004_2.flat());
  assert.deepEqual(Array.from(batch.targets), E004_2.flat().map((_, k) => ids[Math.floor(k / 4) * 4 + (k % 4) + 1]));
  assert.equal(batch.windowCount, 1286);  // len(range(0, 5145 - 4, 4))
  assert.equal(batch.batchCount, 160);    // drop_last=True
});

test('sliding windows follow GPTDatasetV1: range(0, len(ids) - max_length, stride)', () => {
  const w = m.slidingWindows([10, 11, 12, 13, 14, 15, 16], 3, 2);
  assert.equal(w.count, 2);
  assert.deepEqual(Array.from(w.inputs), [10, 11, 12, 12, 13, 14]);
  assert.deepEqual(Array.from(w.targets), [11, 12, 13, 13, 14, 15]);
  const all = m.slidingWindows(tokenizer.encode(story), 256, 128);
  assert.equal(all.count, Math.ceil((5145 - 256) / 128));
});

test('bad window requests are answered with errors naming the argument', () => {
  const ids = tokenizer.encode('one two three four five');
  const code = (fn) => { try { fn(); } catch (e) { return [e.name, e.code, e.argument]; } return null; };
  assert.deepEqual(code(() => m.loaderBatch(ids, 2, 0, 1, 0)), ['PoslabError', 'out_of_range', 'stride']);
  assert.deepEqual(code(() => m.loaderBatch(ids, 5, 1, 1, 0)), ['PoslabError', 'out_of_range', 'max_length']);
  assert.deepEqual(code(() => m.loaderBatch(ids, 2, 1, 8, 0)), ['PoslabError', 'out_of_range', 'batch_size']);
  assert.deepEqual(code(() => m.loaderBatch(ids, 2, 1, 1, 99)), ['PoslabError', 'out_of_range', 'index']);
  assert.deepEqual(code(() => m.slidingWindows([7], 1, 1)), ['PoslabError', 'too_few_tokens', 'ids']);
  assert.deepEqual(code(() => m.slidingWindows([1, 2, 3], 1.5, 1)), ['PoslabError', 'not_integer', 'max_length']);
  assert.deepEqual(code(() => m.slidingWindows('abc', 1, 1)), ['PoslabError', 'not_array', 'ids']);
});

test('invalid UTF-8 bytes are read as a browser reads them (U+FFFD), then tokenized as tiktoken would', () => {
  const bytes = Uint8Array.from([0x61, 0xFF, 0x62, 0xE2, 0x82, 0x20, 0xED, 0xA0, 0x80, 0xF0, 0x9F, 0x98, 0xC3, 0xB1]);
  const asBrowser = new TextDecoder().decode(bytes);
  assert.deepEqual(Array.from(tokenizer.encode(bytes)), peers['@dqbd/tiktoken'](asBrowser));
  assert.deepEqual(Array.from(tokenizer.encode(bytes.buffer)), peers['@dqbd/tiktoken'](asBrowser));
  assert.equal(tokenizer.decode(tokenizer.encode(bytes)), asBrowser);
});

test('whitespace is Unicode White_Space as in tiktoken (U+0085 yes, U+FEFF no), not JavaScript\'s \\s', () => {
  for (const text of ['a\u0085\u0085b', 'x \uFEFF y', '\uFEFF\uFEFFz', 'a \u0085 b\u2028\u2029c\u3000 d']) {
    assert.deepEqual(Array.from(tokenizer.encode(text)), peers['@dqbd/tiktoken'](text), JSON.stringify(text));
  }
});

test('every code point of the BMP and the emoji planes lands in the same class as tiktoken\'s', () => {
  // Each character in the contexts that tell the four classes apart: after a letter, after a digit, after a
  // space, doubled, and before a letter. Unassigned and surrogate code points are skipped.
  const parts = [];
  const ranges = [[0x20, 0xD7FF], [0xE000, 0xFFFD], [0x1F000, 0x1FAFF]];
  for (const [lo, hi] of ranges) {
    for (let cp = lo; cp <= hi; cp += 1) {
      const c = String.fromCodePoint(cp);
      if (!/\P{Cn}/u.test(c)) continue;
      parts.push(`a${c}1${c} ${c}${c}b\n`);
    }
  }
  const chunk = 2000;
  let mismatches = 0;
  for (let i = 0; i < parts.length; i += chunk) {
    const text = parts.slice(i, i + chunk).join('');
    const ours = Array.from(tokenizer.encode(text));
    const theirs = peers['@dqbd/tiktoken'](text);
    if (ours.length !== theirs.length || ours.some((v, k) => v !== theirs[k])) mismatches += 1;
  }
  assert.equal(mismatches, 0);
});

test('<|endoftext|> is refused by default, as tiktoken\'s encode does, and becomes 50256 when allowed', () => {
  const text = 'The end.<|endoftext|>A new story';
  assert.throws(() => tokenizer.encode(text), (e) => e.code === 'special_token' && e.argument === 'text');
  assert.throws(() => tiktoken.encode(text));
  assert.deepEqual(Array.from(tokenizer.encode(text, true)), Array.from(tiktoken.encode(text, 'all')));
  assert.equal(tokenizer.decode([50256]), '<|endoftext|>');
});

test('tokens one by one: texts, bytes and GPT-2 symbols', () => {
  const ids = tokenizer.encode('Hola 😀');
  assert.deepEqual(Array.from(ids), peers['@dqbd/tiktoken']('Hola 😀'));
  const texts = tokenizer.tokenTexts(ids);
  assert.equal(texts.length, ids.length);
  assert.equal(texts[0], 'H');
  assert.equal(tokenizer.tokenSymbol(tokenizer.encode(' the')[0]), 'Ġthe');
  assert.deepEqual(Array.from(tokenizer.tokenBytes(tokenizer.encode(' the')[0])), [0x20, 0x74, 0x68, 0x65]);
  assert.deepEqual(tokenizer.pieces('¿Qué tal?  Bien'), ['¿', 'Qué', ' tal', '?', ' ', ' Bien']);
  assert.equal(tokenizer.vocabularySize(), 50257);
});

test('bad tokenizer input is answered with errors, never a crash', () => {
  const code = (fn) => { try { fn(); } catch (e) { return [e.name, e.code, e.argument]; } return null; };
  assert.deepEqual(code(() => tokenizer.decode([50257])), ['PoslabError', 'out_of_range', 'ids']);
  assert.deepEqual(code(() => tokenizer.decode([-1])), ['PoslabError', 'out_of_range', 'ids']);
  assert.deepEqual(code(() => tokenizer.decode([0.5])), ['PoslabError', 'not_integer', 'ids']);
  assert.deepEqual(code(() => tokenizer.decode('12')), ['PoslabError', 'not_array', 'ids']);
  assert.deepEqual(code(() => tokenizer.encode(42)), ['PoslabError', 'not_text', 'text']);
  assert.deepEqual(code(() => tokenizer.tokenSymbol(1e9)), ['PoslabError', 'out_of_range', 'id']);
  assert.deepEqual(code(() => new m.Gpt2Tokenizer('{"pat_str": "x"}')), ['PoslabError', 'invalid_vocabulary', 'vocabulary']);
  assert.deepEqual(code(() => new m.Gpt2Tokenizer(new Uint8Array([1, 2, 3]))), ['PoslabError', 'invalid_vocabulary', 'vocabulary']);
  assert.deepEqual(code(() => tokenizer.encode('a'.repeat(2 ** 25 + 1))), ['PoslabError', 'too_large', 'text']);
  assert.deepEqual(Array.from(tokenizer.encode('')), []);
  assert.equal(tokenizer.decode([]), '');
  // Still works after the errors.
  assert.deepEqual(Array.from(tokenizer.encode('Hello, world!')), [15496, 11, 995, 0]);
});

test('random strings of awkward characters: the same ids as tiktoken (seeded fuzzing, 3000 strings)', () => {
  const alphabet = [' ', ' ', ' ', '\n', '\t', '\r', '\u00A0', '\u3000', '\u0085', '\uFEFF', '\u2028', "'", "'", 's', 't',
    'r', 'e', 'v', 'm', 'l', 'd', 'S', 'T', 'a', 'ñ', 'É', '1', '0', '٣', '½', 'Ⅻ', '!', '?', '¿', '¡', '.', '-', '"',
    '😀', '👍🏽', '\u200D', '\uFE0F', '中', '語', 'x', 'ß', '\u0301', '\uD800', '\uDC00', '<|endoftext|>', '$', '€'];
  let state = 12345;
  const random = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  const failures = [];
  for (let k = 0; k < 3000; k += 1) {
    let text = '';
    for (let n = Math.floor(random() * 40); n > 0; n -= 1) text += alphabet[Math.floor(random() * alphabet.length)];
    const ours = Array.from(tokenizer.encode(text, true));
    const theirs = Array.from(tiktoken.encode(text, 'all'));
    if (ours.length !== theirs.length || ours.some((v, i) => v !== theirs[i])) failures.push(JSON.stringify(text));
  }
  assert.deepEqual(failures.slice(0, 5), []);
});

test('document 004\'s token table, seeded: torchEmbedding(50257, 256, 123) rows equal PyTorch\'s (notebook 004)', () => {
  const seeded = JSON.parse(readFileSync(new URL('tests/golden/doc004.json', root), 'utf8')).seeded;
  const table = m.torchEmbedding(50257, 256, seeded.seed);
  for (const [id, first8] of Object.entries(seeded.token_rows_first8)) {
    assert.deepEqual(Array.from(table.subarray(Number(id) * 256, Number(id) * 256 + 8)), first8, `row ${id}`);
  }
});

test('learnedPositions: document 004\'s two tables from one generator, bit for bit, in both builds', async () => {
  const seeded = JSON.parse(readFileSync(new URL('tests/golden/doc004.json', root), 'utf8')).seeded;
  for (const { entry, m: module } of gpt2) {
    for (const loaderDraw of [true, false]) {
      const r = module.learnedPositions(E004_2.flat(), 8, 4, 50257, 256, 4, seeded.seed, loaderDraw);
      const pos = loaderDraw ? seeded.pos_after_loader_first8 : seeded.pos_direct_first8;
      pos.forEach((row, k) => assert.deepEqual(Array.from(r.positions.subarray(k * 256, k * 256 + 8)), row, `${entry} pos ${k}`));
      assert.deepEqual(Array.from(r.tokens.subarray(0, 8)), seeded.token_rows_first8['40']);
      if (loaderDraw) assert.deepEqual(Array.from(r.sum.subarray(0, 8)), seeded.input_embeddings_0_0_first8);
      assert.equal(r.sum.length, 8 * 4 * 256);
    }
    // context_length 16 with windows of 4: PyTorch's broadcast fails, and that failure is the result.
    const bad = module.learnedPositions(E004_2.flat(), 8, 4, 50257, 8, 16, 123, true);
    assert.equal(bad.sum, null);
    assert.equal(bad.positions.length, 16 * 8);
    assert.equal(bad.failure.code, 'broadcast_mismatch');
    assert.equal(bad.failure.message, seeded.broadcast_error);
    assert.equal(module.learnedPositions(E004_2.flat(), 8, 4, 50257, 8, 3, 123, true).failure.message.includes('(3)'), true);
    const one = module.learnedPositions(E004_2.flat(), 8, 4, 50257, 8, 1, 123, true);
    assert.equal(one.failure, null);
    assert.equal(one.sum[8 * 5 + 2], Math.fround(one.tokens[8 * 5 + 2] + one.positions[2]));
  }
});
