// One number format per language in what the lessons write: Spanish prose has a decimal comma (0,31 s,
// 90 156 palabras/s), English prose a decimal point (0.31 s, 90,156 words/s). Tables, code and charts keep
// PyTorch's printing so their digits compare one to one with a notebook, and are not read here; neither are the
// charts. Formulas are read from their TeX source (KaTeX's MathML annotation), where a decimal comma is 0{,}5.
// The lessons' string files are read too: they hold what the page shows only later (a self-check's feedback).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { useLesson, waitForReady, LESSON_IDS } from './browser.mjs';

const LESSONS = LESSON_IDS;

const site = useLesson(LESSONS[0]);

/** What a lesson writes: its text outside tables, code, charts and form controls, and its formulas' TeX. */
const proseOf = (page) => page.evaluate(() => {
  const outside = 'table, pre, code, svg, canvas, select, textarea, script, style, .katex';
  const root = document.querySelector('#main');
  const texts = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (/\d/.test(node.data) && !node.parentElement.closest(outside)) texts.push(node.data.trim());
  }
  const formulas = [...root.querySelectorAll('.katex annotation[encoding="application/x-tex"]')].map((a) => a.textContent);
  return { texts, formulas };
});

// A version or a section number is not a decimal number (gensim 4.2, §3.4.3).
const VERSION = /(?:gensim|PyTorch|NumPy|Python|WCAG|§)\s?\d+(?:\.\d+)+/g;
// TeX lengths ([0.4em] between lines of a formula) are layout, not numbers the reader reads.
const TEX_LENGTH = /\d*\.?\d+(?:em|ex|pt|mu)\b/g;

// Thousands grouped with commas: 65,530 in English text, 16{,}777{,}216 in TeX.
const COMMA_GROUPED = /\d{1,3}(?:(?:,|\{,\})\d{3})+(?!\d)/g;

/**
 * The pieces of `text` that break the language's convention: in Spanish a decimal point, or thousands grouped
 * with commas (16,777,216: the comma is the decimal mark; Spanish groups with a space); in English a decimal
 * comma, i.e. a comma between digits that is not grouping thousands.
 */
function offences(text, lang, { tex = false } = {}) {
  const plain = text.replace(VERSION, ' ').replace(tex ? TEX_LENGTH : /$^/, ' ');
  if (lang === 'es') return [...(plain.match(/\d\.\d/g) ?? []), ...(plain.match(COMMA_GROUPED) ?? []).filter((n) => /[,}].*[,}]/.test(n))];
  return plain.replace(COMMA_GROUPED, ' ').match(/\d(?:,|\{,\})\d/g) ?? [];
}

test('the convention check itself: what it accepts and what it refuses in each language', () => {
  assert.deepEqual(offences('0,31 s a 90\u202f156 palabras/s', 'es'), []);
  assert.deepEqual(offences('0.31 s a 90\u202f156 palabras/s', 'es'), ['0.3']);
  assert.deepEqual(offences('0.31 s at 90,156 words/s, gensim 4.2', 'en'), []);
  assert.deepEqual(offences('0,31 s', 'en'), ['0,3']);
  assert.deepEqual(offences('[0{,}5;\\ 0{,}8] \\\\[0.4em]', 'es', { tex: true }), []);
  assert.deepEqual(offences('[0.5, 0.8]', 'es', { tex: true }), ['0.5', '0.8']);
  assert.deepEqual(offences('[0{,}5;\\ 0{,}8]', 'en', { tex: true }), ['0{,}5', '0{,}8']);
  assert.deepEqual(offences('2^{24} = 16{,}777{,}216', 'en', { tex: true }), []);
  assert.deepEqual(offences('2^{24} = 16{,}777{,}216', 'es', { tex: true }), ['16{,}777{,}216']);
  assert.deepEqual(offences('16 777 216, 2048 y 0,5', 'es'), []);
});

/** Every string of a lesson's catalogue (strings.<lang>.json), with its key. */
function lessonStrings(id, lang) {
  const folder = readdirSync(new URL('../../web/lessons/', import.meta.url)).find((name) => name.replace(/^\d+-/, '') === id);
  const walk = (node, key) => (typeof node === 'string' ? [[key, node]] : Object.entries(node).flatMap(([k, v]) => walk(v, key ? `${key}.${k}` : k)));
  return walk(JSON.parse(readFileSync(new URL(`../../web/lessons/${folder}/strings.${lang}.json`, import.meta.url), 'utf8')), '');
}

test('the lessons\' string files write numbers one way per language, the texts shown later included', () => {
  const found = [];
  for (const lang of ['es', 'en']) {
    for (const id of LESSONS) for (const [key, text] of lessonStrings(id, lang)) for (const bad of offences(text, lang)) found.push(`${id} ${lang} ${key}: “${bad}” in “${text}”`);
  }
  assert.deepEqual(found, []);
});

for (const lang of ['es', 'en']) {
  test(`${lang}: every lesson's prose and formulas write numbers one way (${LESSONS.length} lessons)`, async () => {
    const { page, problems, context } = await site.open(`#/${LESSONS[0]}?lang=${lang}`);
    const found = [];
    for (const id of LESSONS) {
      if (id !== LESSONS[0]) {
        await page.evaluate((hash) => { location.hash = hash; }, `#/${id}?lang=${lang}`);
        await waitForReady(page, `#/${id}`);
      }
      // Lesson 09 trains on arrival; its sentences (time, speed, loss) come with the result.
      if (id === 'words-positions-similarity') await page.waitForSelector('.w2v-similarities .w2v-position', { timeout: 60000 });
      const { texts, formulas } = await proseOf(page);
      assert.ok(texts.length > 0, `${id}: no prose with digits read`);
      for (const text of texts) for (const bad of offences(text, lang)) found.push(`${id}: “${bad}” in “${text}”`);
      for (const tex of formulas) for (const bad of offences(tex, lang, { tex: true })) found.push(`${id}: “${bad}” in $${tex}$`);
    }
    assert.deepEqual(found, []);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
