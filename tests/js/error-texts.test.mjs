// Every error the page itself can raise is said to the reader in Spanish and in English, never as developer
// text ("too_long"). The codes are enumerated two ways: state.js's, by feeding every field of every lesson
// hostile text (so each lesson is checked with the strings it loads: the shared ones, its own and those it
// borrows); the rest of the page code's, by reading the places where web/src and the lessons build an error.
// Each code has a row in the error table of docs/api.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { parseParam } from '../../web/src/state.js';

const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const LANGUAGES = ['es', 'en'];
const shared = Object.fromEntries(LANGUAGES.map((lang) => [lang, JSON.parse(read(`web/i18n/${lang}.json`))]));
const folders = readdirSync(new URL('web/lessons/', root)).filter((f) => /^\d+-/.test(f)).sort();

/** The error texts a lesson's page has in one language: the shared ones, its own, those of the lessons it borrows from. */
function catalog(folder, lang) {
  const borrowed = /export const sharedStrings = \[([^\]]*)\]/.exec(read(`web/lessons/${folder}/lesson.js`));
  const own = [folder, ...(borrowed ? [...borrowed[1].matchAll(/'([^']+)'/g)].map((m) => m[1]) : [])];
  const texts = { errors: { ...shared[lang].errors } };
  for (const f of own) Object.assign(texts.errors, JSON.parse(read(`web/lessons/${f}/strings.${lang}.json`)).errors);
  return texts;
}

/** The template describeError (web/src/kernel.js) picks: a wording for this argument, else the code's. */
const template = (texts, error) => texts.errors[`${error.code}_${error.argument}`] ?? texts.errors[error.code];

// The fields describeError fills a template's {placeholders} with ({Argument} is {argument} capitalised).
const FILLED = ['argument', 'Argument', 'value', 'min', 'max', 'expected', 'index', 'first', 'word'];

/** Every placeholder of the text is one describeError fills, and this error has the field behind it. */
function missingFields(text, error) {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
    .filter((name) => !FILLED.includes(name) || error[name === 'Argument' ? 'argument' : name] === undefined);
}

// Text a hostile reader types or puts in a link: empty, words, decimals, signs, huge numbers, spaces, long
// words, lists with bad, out-of-range and too many items, unknown words.
const HOSTILE = ['', 'abc', '1.5', '-1', '-5', '2,5', '1e1', '99999999999999999999999', '1 2', 'x'.repeat(500),
  '1,a', '1,99999', Array(100).fill(1).join(','), 'zzz', Array(100).fill('zzz').join(' '), '3'];

/** state.js's errors for every field of a lesson, with the hostile texts above (and an odd number for even fields). */
async function fieldErrors(folder) {
  const { params } = await import(new URL(`web/lessons/${folder}/params.js`, root));
  const errors = [];
  for (const [name, decl] of Object.entries(params)) {
    const texts = decl.step === 2 ? [...HOSTILE, String(decl.min + 1)] : HOSTILE;
    for (const text of texts) {
      const parsed = parseParam(name, decl, text);
      if (!parsed.ok) errors.push(parsed.error);
    }
  }
  return errors;
}

// The codes state.js writes, read from its source: the hostile texts must reach every one of them.
const STATE_CODES = new Set(read('web/src/state.js').split('\n').filter((line) => line.includes('problem(decl'))
  .flatMap((line) => [...line.matchAll(/'([a-z_]+)'/g)].map((m) => m[1])));

/** The codes a page source file builds errors with: `code: '…'`, or the first argument of its error helpers. */
function raisedCodes(source) {
  return [...source.matchAll(/(?:\bcode: |\b(?:fail|workerError|refused)\()'([a-z_0-9]+)'/g)].map((m) => m[1]);
}

function sourceFiles(dir) {
  return readdirSync(new URL(dir, root), { recursive: true }).filter((f) => f.endsWith('.js')).map((f) => `${dir}${f}`);
}

const DOCUMENTED_CODES = new Set([...read('docs/api.md').matchAll(/^\| `([a-z_0-9]+)` \|/gm)].map((m) => m[1]));

test('every field error of every lesson has a text in both languages, with every placeholder filled', async () => {
  const reached = new Set();
  for (const folder of folders) {
    const errors = await fieldErrors(folder);
    for (const lang of LANGUAGES) {
      const texts = catalog(folder, lang);
      for (const error of errors) {
        reached.add(error.code);
        const text = template(texts, error);
        assert.ok(text, `${folder} (${lang}): no text for ${error.code} (${error.message})`);
        assert.deepEqual(missingFields(text, error), [], `${folder} (${lang}): ${error.code} says “${text}”`);
      }
    }
  }
  assert.deepEqual([...STATE_CODES].filter((code) => !reached.has(code)), [], 'codes of state.js that no hostile text reached');
  assert.ok(STATE_CODES.has('too_long') && STATE_CODES.has('not_one_word') && STATE_CODES.size >= 14, [...STATE_CODES].join(', '));
});

test('every error code built by the page code has a text in both languages (shared ones for web/src)', () => {
  const seen = new Set();
  for (const file of sourceFiles('web/src/')) {
    for (const code of raisedCodes(read(file))) {
      seen.add(code);
      for (const lang of LANGUAGES) assert.ok(shared[lang].errors[code], `${file} (${lang}): no shared text for ${code}`);
    }
  }
  for (const folder of folders) {
    for (const file of sourceFiles(`web/lessons/${folder}/`)) {
      for (const code of raisedCodes(read(file))) {
        seen.add(code);
        for (const lang of LANGUAGES) assert.ok(catalog(folder, lang).errors[code], `${file} (${lang}): no text for ${code}`);
      }
    }
  }
  // The reading finds the codes of the workers, the training tasks, the vocabulary and the remote texts.
  for (const code of ['worker_failed', 'worker_stopped', 'unknown_token', 'vocabulary_download', 'not_trained', 'download_failed', 'download_too_large', 'download_unexpected_size', 'download_not_utf8']) {
    assert.ok(seen.has(code), code);
  }
});

test('the error table of docs/api.md has a row for every code the page raises', async () => {
  const codes = new Set(STATE_CODES);
  for (const file of [...sourceFiles('web/src/'), ...sourceFiles('web/lessons/')]) for (const code of raisedCodes(read(file))) codes.add(code);
  assert.deepEqual([...codes].filter((code) => !DOCUMENTED_CODES.has(code)).sort(), []);
});

test('every code the module throws (the error table of docs/api.md) has a text in Spanish and in English', () => {
  const table = read('docs/api.md').split('**Errors.**')[1].split('Window requests')[0];
  const codes = [...table.matchAll(/^\| `([a-z_0-9]+)` \|/gm)].map((m) => m[1]);
  assert.ok(codes.includes('argument_threw') && codes.includes('busy') && codes.length >= 40, codes.join(', '));
  for (const lang of LANGUAGES) {
    const texts = { ...shared[lang].errors };
    for (const folder of folders) Object.assign(texts, JSON.parse(read(`web/lessons/${folder}/strings.${lang}.json`)).errors);
    assert.deepEqual(codes.filter((code) => !texts[code]), [], `${lang}: codes without a text`);
  }
});
